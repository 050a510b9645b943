// `lodestone check` (issue 21): the steps, what each asks for, and the thresholds its pass rules
// use. Pure: no C, no Foundation, no clock reads (times come with the events).
import InputProtocol

/// Which stream an event came from: the compositor's seat or libinput read directly.
public enum CheckSource: String, Hashable, Sendable, CaseIterable {
    case compositor
    case libinput
}

/// `--input`: which source a step counts (the others are still watched, for the diagnosis).
public enum CheckInput: String, Hashable, Sendable, CaseIterable {
    /// Everything from the compositor's seat.
    case wayland
    /// Gestures, keys and modifiers from libinput; pointer events from either source.
    case libinput
    /// Either source.
    case both

    /// Whether an event of this source counts towards a step's pass rules.
    public func counts(_ source: CheckSource, _ kind: InputEventKind) -> Bool {
        switch self {
        case .both: return true
        case .wayland: return source == .compositor
        case .libinput:
            switch kind {
            case .gesture, .key, .modifiers: return source == .libinput
            default: return true
            }
        }
    }
}

/// An input event and where it came from.
public struct SourcedEvent: Hashable, Sendable {
    public var source: CheckSource
    public var event: InputEvent
    public init(_ source: CheckSource, _ event: InputEvent) { self.source = source; self.event = event }
}

/// The named thresholds of the pass rules (SPEC G1–G11), each with its unit and reason.
public enum CheckThresholds {
    /// Pinch scale (absolute since begin) that counts as a zoom in: a deliberate spread, past
    /// the 1.0–1.2 a two-finger scroll's drift gives.
    public static let zoomInScale = 1.3 // ×
    /// Pinch scale under which a pinch counts as a zoom out.
    public static let zoomOutScale = 0.75 // ×
    /// Rotation summed over one pinch gesture, in the asked direction: a clear turn, far beyond
    /// the few degrees a plain pinch drifts (the T480 pinch recording drifts 4.7°).
    public static let rotation = 30.0 // degrees
    /// Net travel of one swipe in the asked direction: twice the engine's direction lock (12 pt),
    /// so the direction is unambiguous.
    public static let swipeDistance = 60.0 // pt
    /// Travel of finger scrolling on an axis that counts as a deliberate scroll.
    public static let scrollDistance = 40.0 // pt
    /// Scroll speed over the last `flickWindow` before the stop that starts kinetic scrolling
    /// (a flick): below it the fingers came to rest before lifting.
    public static let flickSpeed = 300.0 // pt/s
    /// The window before a scroll stop over which the flick speed is measured.
    public static let flickWindow = 0.1 // s
    /// A hold must rest at least this long (the engine stops kinetic scrolling at once, G6, but
    /// a hold this long cannot be the start of a scroll).
    public static let holdDuration = 0.5 // s
    /// A two-finger tap of a smart-zoom double tap is at most this long (as the engine reads it).
    public static let tapMaxDuration = 0.30 // s
    /// The second two-finger tap must follow the first within this (as the engine reads it).
    public static let doubleTapInterval = 0.35 // s
    /// Pointer travel with a button held that counts as a drag.
    public static let dragDistance = 40.0 // pt
    /// A touch held this long without moving is a long press (GTK's long-press default is 0.5 s).
    public static let longPress = 0.5 // s
    /// A touch that moves less than this is a tap or a press, not a drag.
    public static let touchSlop = 10.0 // pt
    /// One wheel detent in high-resolution units.
    public static let detent: Int32 = 120
    /// Fewer events than this give no update rate (two events are an interval, not a rate).
    public static let eventsForRate = 3 // events
    /// The update rate is measured within bursts: a pause longer than this between two events
    /// (fingers lifted, the next attempt) is not an interval (a device updates at 60–200 Hz).
    public static let burstGap = 0.25 // s
    /// A step nobody performs ends after this (the live window and replays alike).
    public static let stepTimeout = 30.0 // s
}

/// The steps `--steps` names; `all` takes them in this order.
public enum StepName: String, Hashable, Sendable, CaseIterable, Comparable {
    case scroll, wheel, pinch, rotate
    case smartZoom = "smart-zoom"
    case swipe3, swipe4, hold, tap, click, drag, touch, keys

    public static func < (a: StepName, b: StepName) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    public var title: String {
        switch self {
        case .scroll: "Two-finger scroll"
        case .wheel: "Mouse wheel"
        case .pinch: "Pinch"
        case .rotate: "Rotate"
        case .smartZoom: "Smart zoom"
        case .swipe3: "Three-finger swipes"
        case .swipe4: "Four-finger swipes"
        case .hold: "Hold"
        case .tap: "Tap to click"
        case .click: "Click"
        case .drag: "Drag with modifiers"
        case .touch: "Touchscreen"
        case .keys: "Modifiers and locks"
        }
    }

    /// What the step asks the user to do (one line).
    public var instruction: String {
        switch self {
        case .scroll: "Scroll with two fingers up and down, then sideways; flick once and let it glide."
        case .wheel: "Turn the mouse wheel a few detents."
        case .pinch: "Spread two fingers to zoom in, then pinch them together to zoom out."
        case .rotate: "Turn two fingers clockwise, then counterclockwise."
        case .smartZoom: "Double-tap with two fingers."
        case .swipe3: "Swipe with three fingers up, down, left and right."
        case .swipe4: "Swipe with four fingers up, down, left and right."
        case .hold: "Rest two or more fingers on the touchpad without moving for a moment."
        case .tap: "Tap with one finger, then two, then three."
        case .click: "Press the touchpad down to click, then right-click."
        case .drag: "Drag with a button held: once plainly, then holding each modifier."
        case .touch: "On the touchscreen: tap, long-press, and drag."
        case .keys: "Press Shift, Control, Alt and Super, then toggle Caps Lock and Num Lock."
        }
    }

    /// The parts a step needs under `convention` (the drag step's modifiers are the convention's).
    public func parts(_ convention: DragConvention) -> [String] {
        self == .drag ? ["plain"] + convention.drags.map(\.name) : parts
    }

    /// The parts a step needs (the drag step's under the desktop convention), each with a short
    /// label; a step passes when every part did.
    public var parts: [String] {
        switch self {
        case .scroll: ["vertical", "horizontal", "momentum", "stop"]
        case .wheel: ["detent"]
        case .pinch: ["zoom in", "zoom out"]
        case .rotate: ["clockwise", "counterclockwise"]
        case .smartZoom: ["double tap"]
        case .swipe3, .swipe4: ["up", "down", "left", "right"]
        case .hold: ["hold"]
        case .tap: ["one finger", "two fingers", "three fingers"]
        case .click: ["click", "right-click"]
        case .drag: parts(.desktop)
        case .touch: ["tap", "long press", "drag"]
        case .keys: CheckModifiers.keys.map(\.1) + ["caps lock", "num lock"]
        }
    }

    /// Whether the step's events stream (an update rate means something): not for taps,
    /// clicks, detents, holds and keys.
    public var hasUpdateRate: Bool { [.scroll, .pinch, .rotate, .swipe3, .swipe4, .drag, .touch].contains(self) }

    /// The threshold a step's pass rule uses, as text for the report.
    public var rule: String {
        typealias T = CheckThresholds
        switch self {
        case .scroll: return "≥ \(fmt(T.scrollDistance)) pt per axis; a stop after ≥ \(fmt(T.flickSpeed)) pt/s for momentum"
        case .wheel: return "a wheel event (value120 reported or not)"
        case .pinch: return "scale past \(fmt(T.zoomInScale))× in, under \(fmt(T.zoomOutScale))× out"
        case .rotate: return "≥ \(fmt(T.rotation))° in the asked direction within one pinch"
        case .smartZoom: return "two two-finger taps ≤ \(fmt(T.tapMaxDuration)) s each, ≤ \(fmt(T.doubleTapInterval)) s apart"
        case .swipe3, .swipe4: return "≥ \(fmt(T.swipeDistance)) pt in the asked direction with \(self == .swipe3 ? 3 : 4) fingers"
        case .hold: return "a hold of ≥ \(fmt(T.holdDuration)) s"
        case .tap: return "left, right, middle button from 1, 2, 3 fingers"
        case .click: return "left and right button"
        case .drag: return "≥ \(fmt(T.dragDistance)) pt with the left button held, plainly and with each modifier of the convention"
        case .touch: return "tap; still ≥ \(fmt(T.longPress)) s; move ≥ \(fmt(T.dragDistance)) pt"
        case .keys: return "each modifier pressed; each lock toggled"
        }
    }

    /// `--steps LIST`: comma-separated step names without repeats, taken in the order given
    /// (issue 30.10); `all` for all, in the order above.
    public static func parseList(_ text: String) throws(StepListError) -> [StepName] {
        if text == "all" { return allCases }
        var out: [StepName] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = raw.trimmingSpaces
            guard !name.isEmpty else { throw StepListError(message: "--steps: empty step name in “\(text)”") }
            guard let step = StepName(rawValue: name) else {
                throw StepListError(message: "--steps: unknown step “\(name)”; valid steps: \(validNames)")
            }
            guard !out.contains(step) else { throw StepListError(message: "--steps: “\(name)” is named twice") }
            out.append(step)
        }
        return out
    }

    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

public struct StepListError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The modifiers the keys step asks for.
public enum CheckModifiers {
    public static let keys: [(Modifiers, String)] = [(.shift, "shift"), (.control, "control"), (.alt, "alt"), (.super, "super")]
    /// The keys a drag's modifiers are read from (locks left out).
    public static let held: Modifiers = [.shift, .control, .alt, .super]
}

/// Whose drag-and-drop modifiers the drag step asks for (the `conventions` setting, SPEC I2, G9):
/// the desktop's (GNOME Files, Dolphin: Ctrl copies, Shift moves, Ctrl+Shift links) or the
/// Mac's (Option copies, Option+Command links; a plain drag moves).
public enum DragConvention: String, Hashable, Sendable, CaseIterable {
    case desktop, mac

    /// Each modifier drag the step asks for: the keys held (exactly), and the part's name.
    public var drags: [(keys: Modifiers, name: String)] {
        switch self {
        case .desktop: [(.control, "copy (Ctrl)"), (.shift, "move (Shift)"), ([.control, .shift], "link (Ctrl+Shift)")]
        case .mac: [(.alt, "copy (Option)"), ([.alt, .super], "link (Option+Command)")]
        }
    }

    /// The part a drag with `keys` held ticks: "plain" with none, nil for a combination the
    /// convention gives no meaning.
    public func part(for keys: Modifiers) -> String? {
        let held = keys.intersection(CheckModifiers.held)
        if held.isEmpty { return "plain" }
        return drags.first { $0.keys == held }?.name
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// A figure as the report writes it: at most 2 decimals, no trailing zeros.
public func fmt(_ value: Double, decimals: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (value * scale).rounded() / scale
    if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
    var s = r.description
    if s.contains("e") { return s }
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
