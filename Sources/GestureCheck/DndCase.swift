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
        /// The modifiers that window held changed (wl_keyboard.modifiers while it had the
        /// keyboard focus, or the keys it held when the drag entered it).
        case keys(Modifiers)
        /// Escape reached that window (a key press while it had the keyboard focus).
        case escape
        /// The source destroyed its own drag (on Escape), before the compositor said anything.
        case cancelledOwnDrag
        /// The target's preferred action changed (wl_data_offer.set_actions; nil: none, refusing).
        case prefers(DndAction?)
        /// After a drop with ask, the target picked this action (set_actions with it alone).
        case picked(DndAction)
        /// The target called wl_data_offer.finish.
        case finish
        /// After a drop with ask and nothing else offered, the target kept what it read and
        /// let the offer go without finish (no action to pick; finish with ask is an error).
        case letGo
        /// wl_data_source.target at the source: the type the destination would take (nil: none).
        case peerAccepted(String?)
        /// A wl_data_source.send served: `bytes` the reader took of `type`, all of it or not.
        case sent(type: String, bytes: Int, complete: Bool)

        public var name: String { name(.desktop) }

        /// The event in words, keys named by `convention`.
        public func name(_ convention: DragConvention) -> String {
            switch self {
            case .keys(let m):
                let n = DndCase.keyNames(m, convention)
                return "keys " + (n.isEmpty ? "none" : n.joined(separator: "+"))
            case .escape: return "Escape"
            case .cancelledOwnDrag: return "cancelled its own drag"
            case .prefers(let a): return "prefers \(a?.rawValue ?? "none")"
            case .picked(let a): return "picked \(a.rawValue) after ask"
            case .finish: return "finish"
            case .letGo: return "let the offer go (ask alone: nothing to pick)"
            default: return wireName
            }
        }

        var wireName: String {
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
            case .keys, .escape, .cancelledOwnDrag, .prefers, .picked, .finish, .letGo: ""
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
    /// The modifiers the source window held at the press and at dnd_drop_performed (each
    /// window hears only the modifiers sent while it has the keyboard focus).
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

    /// The action at the drop: the newest `action` the source heard before
    /// dnd_drop_performed (the target's before its drop when the source heard none).
    public var chosen: DndAction? {
        for side in [DndSide.source, .target] {
            let end = side == .source ? DndEvent.Kind.dropPerformed : .drop
            let cut = events.firstIndex { $0.side == side && $0.kind == end } ?? events.endIndex
            for e in events[..<cut].reversed() where e.side == side {
                if case .action(let a) = e.kind { return a }
            }
        }
        return nil
    }

    /// The newest action either end heard, after the drop too (an ask resolved by the
    /// target's pick); nil when none or `none`.
    public var finalAction: DndAction? {
        for side in [DndSide.source, .target] {
            for e in events.reversed() where e.side == side {
                if case .action(let a) = e.kind { return a }
            }
        }
        return nil
    }

    /// Whether the drag was over the target's zone when it was let go (the target heard drop)
    /// or the source heard dnd_drop_performed.
    public var dropPerformed: Bool { first(.source, { $0 == .dropPerformed }) != nil }

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
            if e.kind == .cancelled || e.kind == .cancelledOwnDrag { return .cancelled }
        }
        return .none
    }

    /// Who cancelled a cancelled case: the source itself (on Escape) or the compositor.
    public var cancelledBy: String? {
        guard result == .cancelled else { return nil }
        return first(.source, { $0 == .cancelledOwnDrag }) != nil ? "source" : "compositor"
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

    /// Whether the step's keys reached `side`'s window before the drop (nil: the step has no
    /// key): the keys held before the press at the press (the source) or while the drag was
    /// over it (the target); the mid-drag keys (copy-mid) or Escape (escape) as a change it heard.
    public func keysReached(_ side: DndSide) -> Bool? {
        if step == .escape { return first(side, { $0 == .escape }) != nil }
        let before = step.keys(convention), mid = step.midDragKeys(convention)
        guard !before.isEmpty || !mid.isEmpty else { return nil }
        // Until the drop: a compositor may send the keys still held once its drag grab ends
        // (sway does, to the focused window), which tells nothing about the drag.
        let end = side == .source ? DndEvent.Kind.dropPerformed : .drop
        let cut = events.firstIndex { $0.side == side && $0.kind == end } ?? events.endIndex
        let heard = events[..<cut].contains { e in
            guard e.side == side, case .keys(let m) = e.kind else { return false }
            return m.isSuperset(of: mid.isEmpty ? before : mid)
        }
        if side == .source, mid.isEmpty { return keysAtPress.isSuperset(of: before) || heard }
        return heard
    }

    /// The target's newest preference before its drop (nil: none recorded).
    public var preferenceAtDrop: DndAction?? {
        let cut = events.firstIndex { $0.side == .target && $0.kind == .drop } ?? events.endIndex
        for e in events[..<cut].reversed() where e.side == .target {
            if case .prefers(let a) = e.kind { return .some(a) }
        }
        return nil
    }

    public var verdict: DndVerdict {
        if skipped != nil { return .skipped }
        if step.anyAction || step == .intoTarget { return result == .finished && chosen != nil ? .asExpected : .differs }
        switch step.expectedResult {
        case .cancelled:
            let ok = result == .cancelled && readBytes == nil && (step != .refuse || !dropPerformed)
            return ok ? .asExpected : .differs
        default:
            // link with ask alone offered: nothing to pick, the target keeps the link it read
            // and lets go, so the source hears cancelled (wlroots forbids finish with ask).
            let letGo = step == .link && result == .cancelled && readBytes != nil && first(.target, { $0 == .letGo }) != nil
            return (result == .finished || letGo) && chosen == step.expected ? .asExpected : .differs
        }
    }

    /// One line on what happened, for the window and the Markdown.
    public var summary: String {
        if let skipped { return "skipped (\(skipped))" }
        if let peer = peerSummary { return peer }
        var s = "\(chosen?.rawValue ?? "no action") chosen by \(decidedBy.rawValue), \(result.rawValue)"
        if let by = cancelledBy { s += " by the \(by)" }
        if chosen == .ask { s += ", then \(finalAction?.rawValue ?? "none")" }
        if let n = readBytes { s += ", \(n) bytes of \(acceptedType ?? "?") read" }
        if let g = gaveUpAfter, result == .none { s += ", no finish nor cancel within \(fmt(g, decimals: 0)) s" }
        return s + ": " + (verdict == .asExpected ? "as expected" : "expected \(step.expectation)")
    }

    public static func keyNames(_ keys: Modifiers, _ convention: DragConvention) -> [String] {
        let names: [(Modifiers, String)] = convention == .mac
            ? [(.control, "Control"), (.alt, "Option"), (.shift, "Shift"), (.super, "Command")]
            : [(.control, "Ctrl"), (.alt, "Alt"), (.shift, "Shift"), (.super, "Super")]
        return names.filter { keys.contains($0.0) }.map(\.1)
    }
}
