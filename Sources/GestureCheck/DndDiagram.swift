// `lodestone dnd`'s picture of one case (issue 33.4; I2, G11), the pure part: a sequence
// diagram with three lanes (the source window, the compositor, the target window) and a row per
// protocol event in time order, each an arrow from the lane that sent it to the lane that heard
// it, labelled with the event and its time, and a caption with the verdict and who chose the
// action. Only positions and words here (points, 1 pt = 1 px at 1x); Playground's DndPicture
// paints it with the renderer, and the report names the PNG.
import InputProtocol

public struct DndDiagram: Sendable, Equatable {
    public enum Lane: Int, CaseIterable, Sendable { case source, compositor, target }

    /// What colours a row: the window that heard the event (source or target), the compositor's
    /// own part, or a problem (an action before enter, no finish nor cancel).
    public enum Tone: Sendable, Equatable { case source, compositor, target, problem }

    public struct Row: Sendable, Equatable {
        public enum Shape: Sendable, Equatable {
            /// An arrow from one lane to another.
            case arrow(from: Lane, to: Lane)
            /// A note on one lane (the press, a drag nobody answered).
            case note(Lane)
        }
        public var shape: Shape
        /// The arrow's (or the note's centre's) y.
        public var y: Double
        public var label: String
        /// A second, smaller line under the label (types, actions, keys).
        public var detail: String?
        /// "0.123 s" after the press; nil for a row with no time of its own.
        public var time: String?
        public var tone: Tone
        /// The recorded event this row draws (nil: the press, start_drag, the target's answer).
        public var event: DndEvent?
    }

    // The geometry, in points.
    public static let width = 640.0
    public static let margin = 16.0
    /// The time column's right edge.
    public static let timeRight = 70.0
    public static let titleY = 30.0
    public static let subtitleY = 48.0
    /// The lane heads: boxes from `headTop`, `headHeight` tall, `headWidth` wide.
    public static let headTop = 62.0
    public static let headHeight = 28.0
    public static let headWidth = 140.0
    /// The first row's y, and each row's height (a row with a detail line is taller). A row's
    /// label stands above its arrow, its detail under it.
    public static let rowsTop = headTop + headHeight + 34
    public static let rowHeight = 34.0
    public static let detailRowHeight = 46.0
    public static let captionGap = 24.0
    public static let captionLine = 20.0

    public static func x(_ lane: Lane) -> Double {
        switch lane {
        case .source: 160
        case .compositor: 355
        case .target: 550
        }
    }

    public static func title(_ lane: Lane) -> String {
        switch lane {
        case .source: "source window"
        case .compositor: "compositor"
        case .target: "target window"
        }
    }

    public var title: String
    public var subtitle: String
    public var rows: [Row]
    /// The lifelines run from under the heads to here.
    public var lanesBottom: Double
    public var verdict: DndVerdict
    /// The verdict badge's text and the caption's lines, from `captionY`.
    public var badge: String
    public var caption: [String]
    public var captionY: Double
    public var height: Double

    /// The diagram of `c`; `compositor` names it in the subtitle.
    public init(_ c: DndCase, compositor: String? = nil) {
        let mid = DndCase.keyNames(c.step.midDragKeys(c.convention), c.convention)
        var keys = c.keys.isEmpty ? "no key" : c.keys.joined(separator: "+") + " held before the press"
        if !mid.isEmpty { keys = mid.joined(separator: "+") + " pressed over the target" }
        if c.step == .escape { keys = "Escape pressed mid-drag" }
        title = "\(c.step.rawValue): \(keys)"
        let expected = c.step.expected.map { "\($0.rawValue), " } ?? ""
        subtitle = "\(compositor ?? "unknown compositor") · \(c.convention.rawValue) conventions · expected \(expected)\(c.step.expectedResult.rawValue)"
        verdict = c.verdict
        var rows: [Row] = []
        var y = Self.rowsTop
        func add(_ shape: Row.Shape, _ label: String, detail: String? = nil, time: Double? = nil, tone: Tone, event: DndEvent? = nil) {
            rows.append(Row(shape: shape, y: y, label: label, detail: detail, time: time.map { Self.seconds($0) },
                            tone: tone, event: event))
            y += detail == nil ? Self.rowHeight : Self.detailRowHeight
        }
        if let skipped = c.skipped {
            add(.note(.compositor), "no drag: skipped", detail: skipped, tone: .compositor)
        } else {
            let held = DndCase.keyNames(c.keysAtPress, c.convention)
            add(.note(.source), "press on the item", detail: "keys held: " + (held.isEmpty ? "none" : held.joined(separator: "+")),
                time: 0, tone: .source)
            add(.arrow(from: .source, to: .compositor), "start_drag",
                detail: "offers " + (c.offered.isEmpty ? "no action" : c.offered.map(\.rawValue).joined(separator: "|")), tone: .source)
            let early = c.actionBeforeEnter ? c.first(.source, { if case .action(let a) = $0 { a != nil } else { false } }) : nil
            var answered = false
            for e in c.events {
                let (shape, tone) = Self.arrow(for: e)
                var detail: String?
                if case .read = e.kind { detail = c.acceptedType }
                add(shape, e.kind.name(c.convention), detail: detail, time: e.t, tone: e == early ? .problem : tone, event: e)
                if e.side == .target, e.kind == .enter, !answered {
                    answered = true
                    let actions = c.targetActions.isEmpty ? "no action" : c.targetActions.map(\.rawValue).joined(separator: "|")
                    add(.arrow(from: .target, to: .compositor), "accept \(c.acceptedType ?? "no type")",
                        detail: "set_actions \(actions), prefers \(c.targetPreferred?.rawValue ?? "none")", tone: .target)
                }
            }
            if c.result == .none {
                let within = c.gaveUpAfter.map { " within \(fmt($0, decimals: 0)) s" } ?? ""
                add(.note(.source), "neither dnd_finished nor cancelled" + within, tone: .problem)
            }
        }
        self.rows = rows
        lanesBottom = y - Self.rowHeight / 2 + 8
        captionY = lanesBottom + Self.captionGap
        badge = switch c.verdict {
        case .asExpected: "as expected"
        case .differs: "differs"
        case .skipped: "skipped"
        }
        var caption: [String] = []
        if let skipped = c.skipped {
            caption.append("not performed: \(skipped)")
        } else {
            let result = c.result == .none ? "neither finished nor cancelled" : c.result.rawValue
            caption.append("\(c.chosen?.rawValue ?? "no action") chosen, decided by \(c.decidedBy.rawValue); \(result)")
            var facts = [c.readBytes.map { "read \($0) bytes of \(c.acceptedType ?? "no type")" } ?? "nothing read"]
            if let l = c.dropToFinished { facts.append("drop → finished \(fmt(l * 1000, decimals: 1)) ms") }
            if c.actionBeforeEnter { facts.append("an action before enter") }
            caption.append(facts.joined(separator: " · "))
        }
        self.caption = caption
        height = captionY + Self.captionLine * Double(max(1, caption.count)) + Self.margin
    }

    /// "1.250 s": three decimals, so the time column lines up.
    public static func seconds(_ t: Double) -> String {
        let ms = Int((max(0, t) * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - frac.count))\(frac) s"
    }

    /// What a point of the painting shows: a lane's head, its lifeline, an arrow of a tone, the
    /// verdict's badge, the background.
    public enum Probe: Sendable, Equatable {
        case head(Lane), lifeline(Lane), arrow(Tone), badge(DndVerdict), background
    }

    /// Points whose colour the layout fixes, for checking a painting (the painter keeps to them):
    /// each lane's head near its left end and its lifeline under the head; every arrow's shaft
    /// (2 pt on its y) 12 pt from its start, with the background just under it, and its head 8 pt
    /// before its end, 1 pt under the shaft (the head is 10 pt tall, 9 pt long, its tip 2 pt
    /// before the lane): an arrow drawn the wrong way fails; the badge 4 pt into the caption's
    /// capsule (from `margin`, `badgeTop`, `badgeHeight` tall).
    public var probes: [(x: Double, y: Double, probe: Probe, what: String)] {
        var p: [(x: Double, y: Double, probe: Probe, what: String)] = []
        for lane in Lane.allCases {
            p.append((Self.x(lane) - Self.headWidth / 2 + 10, Self.headTop + 3, .head(lane), "the \(lane) lane's head"))
            p.append((Self.x(lane), Self.headTop + Self.headHeight + 3, .lifeline(lane), "the \(lane) lane's lifeline"))
        }
        for row in rows {
            guard case .arrow(let from, let to) = row.shape else { continue }
            let x0 = Self.x(from), x1 = Self.x(to), dir: Double = x1 > x0 ? 1 : -1
            p.append((x0 + dir * 12, row.y, .arrow(row.tone), "the shaft of \(row.label)"))
            p.append((x0 + dir * 12, row.y + 1, .background, "under the shaft of \(row.label)"))
            p.append((x1 - dir * 8, row.y + 1, .arrow(row.tone), "the head of \(row.label)"))
        }
        p.append((Self.margin + 4, badgeTop + Self.badgeHeight / 2, .badge(verdict), "the \(verdict) badge"))
        return p
    }

    /// The verdict's badge: a capsule from `margin`, its text on the caption's first baseline.
    public var badgeTop: Double { captionY - 17 }
    public static let badgeHeight = 24.0

    /// Who sent an event and who heard it: the source hears the compositor's action, drop
    /// performed, finished and cancelled; the target its enter, leave, action and drop; the
    /// bytes the target reads come from the source (the pipe).
    public static func arrow(for e: DndEvent) -> (Row.Shape, Tone) {
        let lane: Lane = e.side == .source ? .source : .target, tone: Tone = e.side == .source ? .source : .target
        switch e.kind {
        case .read: return (.arrow(from: .source, to: .target), .target)
        // What a window saw of the keyboard: a note on its own lane.
        case .keys, .escape: return (.note(lane), tone)
        // What a window asked of the compositor: an arrow to it.
        case .cancelledOwnDrag, .prefers, .picked, .finish, .letGo: return (.arrow(from: lane, to: .compositor), tone)
        default: break
        }
        switch e.side {
        case .source: return (.arrow(from: .compositor, to: .source), .source)
        case .target: return (.arrow(from: .compositor, to: .target), .target)
        }
    }

    /// The file of a case's picture next to the report: `BASE-STEP.png` (BASE: the report's
    /// path without .md or .json), `BASE-STEP-N.png` for the step's Nth case of the run
    /// (`--repeat`, or a step listed twice).
    public static func pictureName(base: String, step: DndStep, occurrence: Int = 1) -> String {
        "\(base)-\(step.rawValue)\(occurrence > 1 ? "-\(occurrence)" : "").png"
    }
}

extension DndEvent.Kind {
    /// The kind `name` spells ("action copy", "read 12 bytes", …): the report's events read back.
    public init?(name: String) {
        switch name {
        case "enter": self = .enter
        case "leave": self = .leave
        case "drop": self = .drop
        case "dnd_drop_performed": self = .dropPerformed
        case "dnd_finished": self = .finished
        case "cancelled": self = .cancelled
        case "action none": self = .action(nil)
        case "Escape": self = .escape
        case "cancelled its own drag": self = .cancelledOwnDrag
        case "finish": self = .finish
        case "prefers none": self = .prefers(nil)
        case "let the offer go (ask alone: nothing to pick)": self = .letGo
        default:
            if name.hasPrefix("target ") {
                let type = String(name.dropFirst(7))
                self = .peerAccepted(type == "none" ? nil : type)
                return
            }
            if name.hasPrefix("send "), let colon = name.lastIndex(of: ":") {
                let type = String(name[name.index(name.startIndex, offsetBy: 5)..<colon])
                let rest = name[name.index(after: colon)...].dropFirst()
                let complete = !rest.hasSuffix(", then the reader went")
                guard let n = Int(rest.split(separator: " ").first ?? "") else { return nil }
                self = .sent(type: type, bytes: n, complete: complete)
                return
            }
            if name.hasPrefix("keys ") {
                var m: Modifiers = []
                for key in name.dropFirst(5).split(separator: "+") {
                    switch key {
                    case "none": break
                    case "Ctrl", "Control": m.insert(.control)
                    case "Alt", "Option": m.insert(.alt)
                    case "Shift": m.insert(.shift)
                    case "Super", "Command": m.insert(.super)
                    default: return nil
                    }
                }
                self = .keys(m)
                return
            }
            let words = name.split(separator: " ")
            if words.count == 2, words[0] == "action", let a = DndAction(rawValue: String(words[1])) {
                self = .action(a)
            } else if words.count == 2, words[0] == "prefers", let a = DndAction(rawValue: String(words[1])) {
                self = .prefers(a)
            } else if words.count == 4, words[0] == "picked", words[2] == "after", words[3] == "ask", let a = DndAction(rawValue: String(words[1])) {
                self = .picked(a)
            } else if words.count == 3, words[0] == "read", words[2] == "bytes", let n = Int(words[1]), n >= 0 {
                self = .read(bytes: n)
            } else {
                return nil
            }
        }
    }
}
