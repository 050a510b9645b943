// `lodestone dnd` (issue 33; I2, G11): the steps — what each asks the user to do, the keys it
// holds, and the action the conventions expect.
import InputProtocol

/// One step of `lodestone dnd`: a drag from the source window to the target's zone.
public enum DndStep: String, CaseIterable, Sendable {
    /// No key held.
    case plain
    /// The copy key held before the press (desktop: Ctrl; mac: Option).
    case copy
    /// The move key held before the press (desktop: Shift; mac: Command).
    case move
    /// The link keys held before the press (desktop: Ctrl+Shift; mac: Option+Command): the source
    /// offers ask alone; after the drop the target picks copy when the source offers it, else
    /// (ask alone) keeps the link it read and lets the offer go: the source hears cancelled.
    case link
    /// Pressed with no key; over the target's zone the copy key goes down, then the release.
    case copyMid = "copy-mid"
    /// Escape pressed mid-drag, over the target: the drag should be cancelled.
    case escape
    /// The zone refuses (no type, no action): the source should hear cancelled after the release.
    case refuse
    /// No key held: the item carried into any other application; the source end records what
    /// that application and the compositor did.
    case otherApp = "other-app"
    /// Anything dragged from another application onto the zone: the target end records it.
    case intoTarget = "into-target"

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The keys the step asks to hold before the press.
    public func keys(_ convention: DragConvention) -> Modifiers {
        switch self {
        case .plain, .copyMid, .escape, .refuse, .otherApp, .intoTarget: []
        case .copy: convention == .mac ? .alt : .control
        case .move: convention == .mac ? .super : .shift
        case .link: DndStep.copy.keys(convention).union(DndStep.move.keys(convention))
        }
    }

    /// The modifiers the step presses mid-drag, over the target's zone.
    public func midDragKeys(_ convention: DragConvention) -> Modifiers {
        self == .copyMid ? DndStep.copy.keys(convention) : []
    }

    /// What keys ask for under the conventions: copy key copy, move key move, both ask (link);
    /// none nil (the destination's choice).
    public static func asked(by keys: Modifiers, _ convention: DragConvention) -> DndAction? {
        let copyKey = DndStep.copy.keys(convention), moveKey = DndStep.move.keys(convention)
        if keys.isSuperset(of: copyKey.union(moveKey)) { return .ask }
        if keys.isSuperset(of: copyKey) { return .copy }
        if keys.isSuperset(of: moveKey) { return .move }
        return nil
    }

    /// The action the step's keys ask for (nil: no key, the destination's choice).
    public func asked(_ convention: DragConvention) -> DndAction? {
        Self.asked(by: keys(convention).union(midDragKeys(convention)), convention)
    }

    /// The action the conventions expect at the drop: a plain drag takes the destination's
    /// choice (a move, for Lodestone's target), the keys force theirs; nil for the steps that
    /// should end cancelled and for other-app (any action the other application takes).
    public var expected: DndAction? {
        switch self {
        case .plain, .move, .intoTarget: .move
        case .copy, .copyMid: .copy
        case .link: .ask
        // Any action the other application chooses will do.
        case .escape, .refuse, .otherApp: nil
        }
    }

    /// How the case should end at the source (into-target: at the target, its finish).
    public var expectedResult: DndResult {
        switch self {
        case .escape, .refuse: .cancelled
        default: .finished
        }
    }

    /// Whether any finished action is as expected (the destination is not Lodestone's).
    public var anyAction: Bool { self == .otherApp }

    /// The expectation in words, for the report.
    public var expectation: String {
        switch self {
        case .link: "ask chosen, then the target picking copy (finished) or, with ask alone offered, reading the link and letting go (cancelled)"
        case .escape: "cancelled, nothing read"
        case .refuse: "cancelled after the release, no drop performed, nothing read"
        case .otherApp: "a finished drop, whatever the action"
        case .intoTarget: "the zone's finished move of what it read"
        default: "a finished \(expected?.rawValue ?? "drop")"
        }
    }

    /// What the source window (or, `inTarget`, the target window) says to do.
    public func instruction(_ convention: DragConvention, inTarget: Bool = false) -> String {
        let keys = DndCase.keyNames(keys(convention), convention).joined(separator: "+")
        let onto = inTarget ? "the item from the source window onto the zone below"
            : "the item from this window onto the zone in the target window"
        switch self {
        case .otherApp:
            return inTarget ? "Carry the item from the source window into another application (this zone takes nothing now) and let go there."
                : "With no key held, drag the item from this window into another application (a file manager, an editor, a browser, a terminal) and let go there."
        case .intoTarget:
            return "Drag anything (text, a file) from another application onto the zone\(inTarget ? " below" : " in the target window"), and let go."
        case .copyMid:
            let mid = DndCase.keyNames(midDragKeys(convention), convention).joined(separator: "+")
            return "With no key held, drag \(onto); over the zone hold \(mid), then let go."
        case .escape: return "With no key held, drag \(onto); over the zone press Esc (it ends no run now), then let go."
        case .refuse: return "The zone refuses this time: with no key held, drag \(onto) and let go."
        case .link:
            return "Hold \(keys), then drag \(onto), and let go: after the drop the target picks copy if offered, else keeps the link."
        default:
            return "\(keys.isEmpty ? "With no key held, drag" : "Hold \(keys), then drag") \(onto), and let go."
        }
    }

    /// "plain,copy,plain": the steps in the order given; a step listed again runs again (the
    /// report compares its results: order-dependent); an unknown name is an error.
    public static func parseList(_ text: String) throws(DndUsageError) -> [DndStep] {
        var steps: [DndStep] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmed(" ")
            guard !name.isEmpty else { throw DndUsageError("--steps: empty step name in “\(text)” (the steps: \(validNames))") }
            guard let s = DndStep(rawValue: name) else {
                throw DndUsageError("--steps: unknown step “\(name)” (the steps: \(validNames))")
            }
            steps.append(s)
        }
        return steps
    }
}

public struct DndUsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

extension Substring {
    /// Without `c` at either end.
    fileprivate func trimmed(_ c: Character) -> String {
        var s = self
        while s.first == c { s.removeFirst() }
        while s.last == c { s.removeLast() }
        return String(s)
    }
}
