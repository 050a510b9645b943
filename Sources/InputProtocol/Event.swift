// The event model every backend emits (SPEC T1). Protocols/lodestone-input-v1.md is the
// normative description; this file is its Swift face. Value types only, no C types.

/// Version of the event model and of the trace format that carries it.
public enum InputProtocolVersion {
    /// 2: scroll values carry their direction (no consumer inverts them); `scroll_direction`
    /// says who chose it and `key_repeat` the keyboard's repeat (issue 16, G1, G10).
    public static let current = 2
    /// The versions a reader accepts: a version-1 trace is read as version 2 (see
    /// `TraceReader.init(legacyNaturalScrolling:)`).
    public static let readable: ClosedRange<Int> = 1...current
}

/// A monotonic timestamp in microseconds (CLOCK_MONOTONIC based; the origin is arbitrary but
/// shared by every event of one stream).
public struct Timestamp: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(rawValue: UInt64) { self.rawValue = rawValue }
    /// The time `microseconds` after the stream's epoch.
    public init(microseconds: UInt64) { self.rawValue = microseconds }
    /// The time `ms` milliseconds after the epoch (rounded to the microsecond; negative gives 0).
    public static func milliseconds(_ ms: Double) -> Timestamp { Timestamp(rawValue: UInt64(max(0, ms * 1000).rounded())) }
    /// The time in seconds after the epoch.
    public var seconds: Double { Double(rawValue) / 1_000_000 }
    /// Seconds from `earlier` to `self` (negative when `earlier` is later): the one place that
    /// turns a difference of timestamps into seconds.
    @inlinable public func seconds(since earlier: Timestamp) -> Double {
        (Double(rawValue) - Double(earlier.rawValue)) / 1_000_000
    }
    /// `self` moved by `seconds` (never before the stream origin).
    @inlinable public func adding(seconds: Double) -> Timestamp {
        Timestamp(rawValue: UInt64(max(0, (Double(rawValue) + seconds * 1_000_000).rounded())))
    }
    public static func < (a: Timestamp, b: Timestamp) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "\(rawValue)µs" }
}

/// Identifies the device an event came from, unique within one stream.
public struct DeviceID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The device numbered `value`.
    public init(_ value: UInt32) { self.rawValue = value }
    /// Events synthesised by Lodestone itself (timers, replay control).
    public static let synthetic = DeviceID(0)
    public var description: String { "dev\(rawValue)" }
}

/// A position in surface coordinates (logical points, origin top-left).
public struct InputPoint: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position, surface points.
    public var x: Double
    /// Vertical position, surface points (growing downwards).
    public var y: Double
    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = InputPoint(x: 0, y: 0)
    public var description: String { "(\(x), \(y))" }
}

/// A displacement in logical points.
public struct InputVector: Hashable, Sendable, CustomStringConvertible {
    /// Horizontal component.
    public var dx: Double
    /// Vertical component (positive downwards).
    public var dy: Double
    /// The vector (`dx`, `dy`).
    public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
    /// No motion.
    public static let zero = InputVector(dx: 0, dy: 0)
    public var description: String { "(\(dx), \(dy))" }
}

/// What a device can do. Stands for wl_seat capabilities and libinput's device capabilities.
public struct DeviceCapabilities: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Moves a pointer (mouse, touchpad, trackpoint).
    public static let pointer = DeviceCapabilities(rawValue: 1 << 0)
    /// Has keys.
    public static let keyboard = DeviceCapabilities(rawValue: 1 << 1)
    /// Is a touch screen.
    public static let touch = DeviceCapabilities(rawValue: 1 << 2)
    /// Multi-finger gestures (swipe, pinch, hold): a touchpad, or the compositor's pointer-gestures.
    public static let gesture = DeviceCapabilities(rawValue: 1 << 3)
}

/// The modifier keys the engine cares about (SPEC G10).
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// XKB_MOD_NAME_SHIFT
    public static let shift = Modifiers(rawValue: 1 << 0)
    /// XKB_MOD_NAME_CTRL
    public static let control = Modifiers(rawValue: 1 << 1)
    /// XKB_MOD_NAME_ALT (Option)
    public static let alt = Modifiers(rawValue: 1 << 2)
    /// XKB_MOD_NAME_LOGO (Command)
    public static let `super` = Modifiers(rawValue: 1 << 3)
    /// XKB_MOD_NAME_CAPS
    public static let capsLock = Modifiers(rawValue: 1 << 4)
    /// XKB_MOD_NAME_NUM
    public static let numLock = Modifiers(rawValue: 1 << 5)

    /// Every modifier with its name, in the order `names` lists them.
    public static let all: [(Modifiers, String)] = [
        (.shift, "shift"), (.control, "control"), (.alt, "alt"),
        (.super, "super"), (.capsLock, "caps"), (.numLock, "num"),
    ]
    /// Names in a fixed order, e.g. ["alt", "super"].
    public var names: [String] { Modifiers.all.filter { contains($0.0) }.map(\.1) }
    /// The modifiers named `names` (as `names` spells them); nil when one is unknown.
    public init?(names: [String]) {
        var m = Modifiers()
        for n in names {
            guard let hit = Modifiers.all.first(where: { $0.1 == n }) else { return nil }
            m.insert(hit.0)
        }
        self = m
    }
}

/// xkb modifier state split as the protocol does: depressed, latched, locked and their union.
public struct ModifierState: Hashable, Sendable {
    /// Modifiers whose keys are held down.
    public var depressed: Modifiers
    /// Modifiers latched until the next key (sticky keys).
    public var latched: Modifiers
    /// Modifiers locked on (Caps Lock).
    public var locked: Modifiers
    /// What applies now (xkb's XKB_STATE_MODS_EFFECTIVE).
    public var effective: Modifiers
    /// A state from its parts; `effective` defaults to their union.
    public init(depressed: Modifiers = [], latched: Modifiers = [], locked: Modifiers = [], effective: Modifiers? = nil) {
        self.depressed = depressed
        self.latched = latched
        self.locked = locked
        self.effective = effective ?? depressed.union(latched).union(locked)
    }
    /// No modifiers.
    public static let none = ModifierState()
}

/// A pointer button, by its evdev code (BTN_LEFT = 0x110 …).
public struct PointerButton: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// BTN_LEFT
    public static let left = PointerButton(rawValue: 0x110)
    /// BTN_RIGHT
    public static let right = PointerButton(rawValue: 0x111)
    /// BTN_MIDDLE
    public static let middle = PointerButton(rawValue: 0x112)
    /// BTN_SIDE
    public static let side = PointerButton(rawValue: 0x113)
    /// BTN_EXTRA
    public static let extra = PointerButton(rawValue: 0x114)
    public var description: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .middle: "middle"
        case .side: "side"
        case .extra: "extra"
        default: "btn\(rawValue)"
        }
    }
}

/// Where a scroll came from (libinput's scroll sources).
public enum ScrollSource: String, Hashable, Sendable, CaseIterable {
    /// A mouse wheel: detents, with 120-unit high-resolution values.
    case wheel
    /// Fingers on a touchpad: continuous, ends with a stop (then kinetic scrolling).
    case finger
    /// Continuous without fingers (trackpoint / button scrolling).
    case continuous
    /// A sideways wheel tilt.
    case tilt
}

/// The axis of a scroll.
public enum ScrollAxis: String, Hashable, Sendable, CaseIterable {
    /// Up and down.
    case vertical
    /// Left and right.
    case horizontal
}

/// Who chose the direction of a device's scroll values (SPEC G1). Values reach the stream with
/// that direction applied, and no consumer inverts them: a wheel detent and a finger scroll
/// with the same sign move content the same way.
public enum ScrollDirection: String, Hashable, Sendable, CaseIterable {
    /// The compositor (the Wayland seat): wl_pointer.axis values as sent, with the user's
    /// natural-scrolling choice in the compositor already applied.
    case compositor
    /// Content follows the fingers: libinput's natural-scroll option is on for the device, or
    /// the compositor said its axis values are inverted (wl_pointer.axis_relative_direction,
    /// wl_seat 9; sent before the first scroll that shows it and whenever it changes).
    case natural
    /// libinput's natural-scroll option is off (or the device has none), or the compositor said
    /// its axis values move with the fingers or wheel (axis_relative_direction `identical`).
    case traditional
}

/// Key repeat as the compositor (wl_keyboard.repeat_info) or the desktop sets it (SPEC G10).
public struct KeyRepeat: Hashable, Sendable, CustomStringConvertible {
    /// Repeats per second; 0: keys do not repeat.
    public var rate: Int
    /// Milliseconds from the press to the first repeat.
    public var delay: Int
    /// A key repeat of `rate` per second after `delay` milliseconds.
    public init(rate: Int, delay: Int) { self.rate = rate; self.delay = delay }
    /// What a keyboard read through libinput repeats with: the defaults of sway/wlroots, KDE
    /// Plasma and the X server's xset (600 ms, 25 Hz), as no compositor tells Lodestone there.
    public static let desktopDefault = KeyRepeat(rate: 25, delay: 600)
    public var description: String { rate == 0 ? "no repeat" : "\(rate)/s after \(delay) ms" }
}

/// A key by evdev code. Letters, digits and other text-producing keys are recorded and forwarded
/// as `KeyCode.placeholder` unless the user opted in (SPEC T3); see `KeyPrivacy`.
public struct KeyCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Stands for any key whose identity is private (a text key). Not a real evdev code.
    public static let placeholder = KeyCode(rawValue: 0xFFFF)
    public var description: String { self == .placeholder ? "private" : (KeyNames.name(of: self) ?? "key\(rawValue)") }
}

/// A touchpad gesture's kind (libinput's gestures).
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    /// Fingers moving together.
    case swipe
    /// Fingers spreading, pinching or turning.
    case pinch
    /// Fingers resting on the touchpad.
    case hold
}

/// Where in its life a gesture is.
public enum GesturePhase: String, Hashable, Sendable, CaseIterable {
    /// The gesture began.
    case begin
    /// The fingers moved.
    case update
    /// The gesture ended (or was cancelled: see `cancelled`).
    case end
}

/// One step of a multi-finger touchpad gesture.
public struct GestureEvent: Hashable, Sendable {
    /// Swipe, pinch or hold.
    public var kind: GestureKind
    /// Begin, update or end.
    public var phase: GesturePhase
    /// The number of fingers.
    public var fingers: Int
    /// Motion of the fingers' centre since the previous update, in points (swipe, pinch).
    public var delta: InputVector
    /// Pinch only: absolute scale relative to the gesture's begin (1.0 at begin).
    public var scale: Double
    /// Pinch only: rotation since the previous update, degrees, clockwise positive.
    public var rotation: Double
    /// End only: the gesture was cancelled (finger count change, device removal, compositor).
    public var cancelled: Bool

    /// A gesture event; deltas default to none, scale to 1.
    public init(kind: GestureKind, phase: GesturePhase, fingers: Int, delta: InputVector = .zero,
                scale: Double = 1, rotation: Double = 0, cancelled: Bool = false) {
        self.kind = kind; self.phase = phase; self.fingers = fingers; self.delta = delta
        self.scale = scale; self.rotation = rotation; self.cancelled = cancelled
    }
}

/// A touch point id (wl_touch id / libinput slot), unique while the touch is down.
public typealias TouchID = Int32

/// The payload of an input event.
public enum InputEventKind: Hashable, Sendable {
    /// A device appeared, with its name and what it can do.
    case deviceAdded(name: String, capabilities: DeviceCapabilities)
    /// The event's device went away.
    case deviceRemoved
    /// The pointer entered the surface at `position`.
    case pointerEnter(position: InputPoint)
    /// The pointer left the surface.
    case pointerLeave
    /// Pointer motion. `position` is the absolute surface position when the backend knows it
    /// (Wayland); `delta` is the accelerated and `unaccelerated` the raw relative motion, in points.
    case motion(position: InputPoint?, delta: InputVector, unaccelerated: InputVector)
    /// A button was pressed or released.
    case button(PointerButton, pressed: Bool)
    /// Scroll on one axis. `value` is in points, its direction already chosen (`ScrollDirection`):
    /// positive moves the view down/right over the content (the content moves up/left), as
    /// wl_pointer.axis and GTK read it. `value120` is the high-resolution wheel value (120 = one detent) when the
    /// source is a wheel. `stop` marks the end of a finger/continuous scroll on that axis
    /// (value 0): kinetic scrolling may start.
    case scroll(source: ScrollSource, axis: ScrollAxis, value: Double, value120: Int32?, stop: Bool)
    /// Who chose the direction of this device's scroll values (after its device_added).
    case scrollDirection(ScrollDirection)
    /// A touchpad gesture.
    case gesture(GestureEvent)
    /// A touch point went down at a position.
    case touchDown(id: TouchID, position: InputPoint)
    /// A touch point moved.
    case touchMotion(id: TouchID, position: InputPoint)
    /// A touch point lifted.
    case touchUp(id: TouchID)
    /// The compositor/device took over every touch point: all touches are cancelled.
    case touchCancel
    /// Closes a group of touch events that happened together.
    case touchFrame
    /// A key was pressed or released (a text key is the placeholder unless kept, SPEC T3).
    case key(KeyCode, pressed: Bool)
    /// How this keyboard's held keys repeat (wl_keyboard.repeat_info); sent again when it changes.
    case keyRepeat(KeyRepeat)
    /// The modifier state changed.
    case modifiers(ModifierState)
    /// Closes a group of pointer events that belong together (wl_pointer.frame).
    case frame
}

/// One event of the stream: when, from which device, what.
public struct InputEvent: Hashable, Sendable, CustomStringConvertible {
    /// When it happened (monotonic).
    public var time: Timestamp
    /// The device it came from.
    public var device: DeviceID
    /// What happened.
    public var kind: InputEventKind
    /// An event of `kind` from `device` at `time`.
    public init(time: Timestamp, device: DeviceID, _ kind: InputEventKind) {
        self.time = time; self.device = device; self.kind = kind
    }
    public var description: String { "\(time) \(device) \(kind)" }
}

/// Anything that produces the stream (libinput, Wayland seat, replay).
public protocol InputSource: AnyObject {
    /// Takes every event available now, in order.
    func drain() -> [InputEvent]
}
