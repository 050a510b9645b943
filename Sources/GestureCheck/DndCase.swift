// `lodestone dnd` (issue 33; I2, G11), the pure part: the steps, what one case records from
// both ends of wl_data_device (the source's offer and every `action` it hears, the target's
// answer and every `action` it hears, drop, finish or cancel, the bytes read), and what that
// means against the desktop conventions: who chose the action, the result and the verdict.
// The Wayland side (Sources/lodestone/Commands/Dnd*.swift) fills a `DndCase` per step.
import InputProtocol

/// wl_data_device_manager.dnd_action, without the wire (ask is what the desktop calls link).
public enum DndAction: String, CaseIterable, Sendable {
    case copy, move, ask
}

/// Which end of the protocol heard something.
public enum DndSide: String, Sendable { case source, target }

/// One protocol event of a case, `t` seconds after the press that began the drag.
public struct DndEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The offer entered the target window (wl_data_device.enter).
        case enter
        case leave
        /// wl_data_source.action or wl_data_offer.action (nil: none).
        case action(DndAction?)
        /// wl_data_device.drop at the target.
        case drop
        /// wl_data_source.dnd_drop_performed, dnd_finished, cancelled.
        case dropPerformed, finished, cancelled
        /// The target finished reading (`bytes` of the accepted type).
        case read(bytes: Int)
        /// wl_data_source.target at the source: the type the destination would take (nil: none).
        case peerAccepted(String?)
        /// A wl_data_source.send served: `bytes` the reader took of `type`, all of it or not.
        case sent(type: String, bytes: Int, complete: Bool)
        /// wl_data_offer.finish at the target.
        case finish

        public var name: String {
            switch self {
            case .enter: "enter"
            case .leave: "leave"
            case .action(let a): "action \(a?.rawValue ?? "none")"
            case .drop: "drop"
            case .dropPerformed: "dnd_drop_performed"
            case .finished: "dnd_finished"
            case .cancelled: "cancelled"
            case .read(let n): "read \(n) bytes"
            case .peerAccepted(let type): "target \(type ?? "none")"
            case .sent(let type, let n, let complete): "send \(type): \(n) bytes taken\(complete ? "" : ", then the reader went")"
            case .finish: "finish"
            }
        }
    }
    public var t: Double
    public var side: DndSide
    public var kind: Kind
    public init(t: Double, _ side: DndSide, _ kind: Kind) { self.t = t; self.side = side; self.kind = kind }
}

/// Who chose the action the drop took.
public enum DndDecider: String, Sendable {
    /// The source offered that action alone.
    case source
    /// The target's preferred action, among several offered.
    case destination
    /// Neither: the compositor picked another.
    case compositor
    case unknown
}

/// How the case ended at the source.
public enum DndResult: String, Sendable { case finished, cancelled, none }

public enum DndVerdict: String, Sendable {
    case asExpected = "as-expected", differs, skipped
}

/// One step as performed: what both ends said.
public struct DndCase: Sendable, Equatable {
    public var step: DndStep
    public var convention: DragConvention
    /// The actions the source offered (wl_data_source.set_actions).
    public var offered: [DndAction] = []
    /// The type the target accepted over its zone (nil: none).
    public var acceptedType: String?
    /// The target's wl_data_offer.set_actions: the actions it takes and the one it prefers.
    public var targetActions: [DndAction] = []
    public var targetPreferred: DndAction?
    /// The modifiers Lodestone saw held at the press and at the drop.
    public var keysAtPress: Modifiers = []
    public var keysAtDrop: Modifiers = []
    /// Every event of both ends, in order.
    public var events: [DndEvent] = []
    /// Why the step has no drag (S, Esc, a timeout before any drag), nil: it was performed.
    public var skipped: String?
    /// The source heard neither finished nor cancelled this long after the drop (seconds).
    public var gaveUpAfter: Double?
    /// into-target: the types the other application's offer had.
    public var peerTypes: [String] = []
    /// into-target: the drag left the zone without a drop and did not come back within this
    /// long (seconds); `leftOverZone`: it left while over the zone (its source ended it).
    public var leftWithoutDrop: Double?
    public var leftOverZone = false

    public init(step: DndStep, convention: DragConvention = .desktop) { self.step = step; self.convention = convention }

    // MARK: derived

    public var keys: [String] { Self.keyNames(step.keys(convention), convention) }

    /// The action the drop took: the source's newest `action` (the target's when the source
    /// heard none).
    public var chosen: DndAction? {
        for side in [DndSide.source, .target] {
            for e in events.reversed() where e.side == side {
                if case .action(let a) = e.kind { return a }
            }
        }
        return nil
    }

    public func first(_ side: DndSide, _ match: (DndEvent.Kind) -> Bool) -> DndEvent? {
        events.first { $0.side == side && match($0.kind) }
    }

    /// The source heard an action before the target heard enter (Hyprland's hard-coded move).
    public var actionBeforeEnter: Bool {
        // other-app: the enter that counts is the other application's, not Lodestone's to hear.
        guard step != .otherApp else { return false }
        guard let action = first(.source, { if case .action(let a) = $0 { a != nil } else { false } }) else { return false }
        guard let enter = first(.target, { $0 == .enter }) else { return true }
        return action.t < enter.t
    }

    public var result: DndResult {
        if step == .intoTarget { return first(.target, { $0 == .finish }) != nil ? .finished : .none }
        for e in events where e.side == .source {
            if e.kind == .finished { return .finished }
            if e.kind == .cancelled { return .cancelled }
        }
        return .none
    }

    /// Bytes read at the target (nil: nothing read).
    public var readBytes: Int? {
        for e in events where e.side == .target { if case .read(let n) = e.kind { return n } }
        return nil
    }

    /// dnd_drop_performed → dnd_finished at the source, seconds.
    public var dropToFinished: Double? {
        guard let d = first(.source, { $0 == .dropPerformed }), let f = first(.source, { $0 == .finished }) else { return nil }
        return f.t - d.t
    }

    public var decidedBy: DndDecider {
        guard let chosen else { return .unknown }
        if offered == [chosen] { return .source }
        if targetPreferred == chosen { return .destination }
        if offered.count > 1, targetPreferred != nil { return .compositor }
        return .unknown
    }

    /// Whether the keys the step asks for reached Lodestone by the press (nil: no keys).
    public var keysReached: Bool? {
        let wanted = step.keys(convention)
        guard !wanted.isEmpty else { return nil }
        return keysAtPress.isSuperset(of: wanted)
    }

    public var verdict: DndVerdict {
        if skipped != nil { return .skipped }
        if step.anyAction || step == .intoTarget { return result == .finished && chosen != nil ? .asExpected : .differs }
        return result == .finished && chosen == step.expected ? .asExpected : .differs
    }

    /// One line on what happened, for the window and the Markdown.
    public var summary: String {
        if let skipped { return "skipped (\(skipped))" }
        if let peer = peerSummary { return peer }
        var s = "\(chosen?.rawValue ?? "no action") chosen by \(decidedBy.rawValue), \(result.rawValue)"
        if let n = readBytes { s += ", \(n) bytes of \(acceptedType ?? "?") read" }
        if let g = gaveUpAfter, result == .none { s += ", no finish nor cancel within \(fmt(g, decimals: 0)) s" }
        return s + ": " + (verdict == .asExpected ? "as expected" : "expected a finished \(step.expected.rawValue)")
    }

    static func keyNames(_ keys: Modifiers, _ convention: DragConvention) -> [String] {
        let names: [(Modifiers, String)] = convention == .mac
            ? [(.control, "Control"), (.alt, "Option"), (.shift, "Shift"), (.super, "Command")]
            : [(.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.super, "Super")]
        return names.filter { keys.contains($0.0) }.map(\.1)
    }
}
