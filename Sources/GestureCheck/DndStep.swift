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
    /// No key held: the item carried into any other application; the source end records what
    /// that application and the compositor did.
    case otherApp = "other-app"
    /// Anything dragged from another application onto the zone: the target end records it.
    case intoTarget = "into-target"

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// The keys the step asks to hold before the press.
    public func keys(_ convention: DragConvention) -> Modifiers {
        switch (self, convention) {
        case (.plain, _), (.otherApp, _), (.intoTarget, _): []
        case (.copy, .desktop): .control
        case (.copy, .mac): .alt
        case (.move, .desktop): .shift
        case (.move, .mac): .super
        }
    }

    /// The action the conventions expect: a plain drag takes the destination's choice (a
    /// move, for Lodestone's target), the keys force theirs.
    public var expected: DndAction {
        switch self {
        case .plain, .move, .intoTarget: .move
        case .copy: .copy
        // Any action the other application chose will do (the report says null).
        case .otherApp: .move
        }
    }

    /// Whether any finished action is as expected (the destination is not Lodestone's).
    public var anyAction: Bool { self == .otherApp }

    /// What the window says to do.
    public func instruction(_ convention: DragConvention) -> String {
        switch self {
        case .otherApp:
            return "With no key held, drag the item from this window into another application (a file manager, an editor, a browser, a terminal) and let go there."
        case .intoTarget:
            return "Drag anything (text, a file) from another application onto the zone in the target window, and let go."
        default: break
        }
        let keys = DndCase.keyNames(keys(convention), convention)
        let hold = keys.isEmpty ? "With no key held, drag" : "Hold \(keys.joined(separator: "+")), then drag"
        return "\(hold) the item from this window onto the zone in the target window, and let go."
    }

    /// "plain,copy": the steps in the order given; an unknown or repeated name is an error.
    public static func parseList(_ text: String) throws(DndUsageError) -> [DndStep] {
        var steps: [DndStep] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmed(" ")
            guard !name.isEmpty else { throw DndUsageError("--steps: empty step name in “\(text)” (the steps: \(validNames))") }
            guard let s = DndStep(rawValue: name) else {
                throw DndUsageError("--steps: unknown step “\(name)” (the steps: \(validNames))")
            }
            guard !steps.contains(s) else { throw DndUsageError("--steps: “\(name)” is listed twice") }
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
