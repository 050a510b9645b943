// Input tracking: the devices, the buttons held, the touches down and click counting (SPEC I2,
// G7, G11). The engine asks it what kind of input an event is and whether a press, a touch or a
// release makes a click or a tap; it reads no clock (times come with the events).

struct InputTracker: Sendable {
    /// A touch moving less than this is a tap (points).
    static let tapSlop = 10.0
    /// A touch held longer than this is not a tap (seconds).
    static let tapMaximumDuration = 0.5
    /// Two presses within this distance can make a double click (points).
    static let doubleClickSlop = 4.0

    struct PressedButton: Hashable, Sendable {
        var device: DeviceID
        var element: ElementID?
        var handled: Bool
        var clickCount: Int
    }

    struct TouchPoint: Hashable, Sendable {
        var device: DeviceID
        var start: Point
        var position: Point
        var time: Timestamp
        var element: ElementID?
        var moved: Bool
        var handled: Bool
    }

    var devices: [DeviceID: DeviceCapabilities] = [:]
    /// Devices that sent pointer focus (enter/leave): a compositor's seat pointer (see `inputKind(of:)`).
    var seatPointers: Set<DeviceID> = []
    /// The hardware the newest device-revealing event came from (see `inputKind(of:)`).
    private(set) var revealedPointer: InputKind?
    var buttons: [PointerButton: PressedButton] = [:]
    /// The buttons held when the pointer last left the surface, until a button event for each
    /// or the next enter (EngineCore.endPressesLostAtLeave).
    var heldAtLeave: Set<PointerButton> = []
    var lastClick: (button: PointerButton, time: Timestamp, at: Point, count: Int)?
    var touches: [TouchID: TouchPoint] = [:]
    /// The input that produced the last event.
    private(set) var lastInput: InputKind = .pointer
    private(set) var modifiers: Modifiers = []

    /// A button is held or a finger is down.
    var isBusy: Bool { !buttons.isEmpty || !touches.isEmpty }

    /// What kind of input `dev` is, for drags, activations and the HUD (I2, issue 7 item 2).
    /// - A device of its own (libinput's, or one in a trace): its capabilities. libinput gives
    ///   the gesture capability to touchpads only, so pointer + gesture is a trackpad.
    /// - A compositor's seat pointer (the device that sends pointer focus): wl_pointer merges
    ///   every pointing device of the seat, and its gesture capability means only that the
    ///   compositor forwards pointer-gestures — no evidence of a touchpad. What does reveal the
    ///   hardware is what arrives: two-finger scrolling (axis source finger) and swipe, pinch or
    ///   hold gestures come only from touchpads; a wheel (or tilt, or continuous scrolling: a
    ///   trackpoint or button scrolling) only from other pointing devices. The newest such event
    ///   decides (a person switching between mouse and touchpad switches the answer at their
    ///   next scroll or gesture); without any, "pointer" — never a guess. (Not even from
    ///   libinput's device list with `--input libinput|both`: a seat pointer is also moved by
    ///   virtual pointers, remote desktops and tablet pens, which that list does not show as
    ///   pointing devices, so "only touchpads listed" does not mean "a touchpad moved it".)
    func inputKind(of dev: DeviceID) -> InputKind {
        let caps = devices[dev] ?? []
        if caps.contains(.touch) && !caps.contains(.pointer) { return .touch }
        if seatPointers.contains(dev) { return revealedPointer ?? .pointer }
        if caps.contains(.gesture) { return .trackpad }
        return .pointer
    }

    /// Motion from `dev` (I2): its kind is the input now; a touch device's pointer motion
    /// (emulated by the compositor) counts as the pointer.
    mutating func motion(device dev: DeviceID) -> InputKind {
        lastInput = inputKind(of: dev)
        if lastInput == .touch { lastInput = .pointer }
        return lastInput
    }

    /// A button of `dev` (I2): a touchpad's is the trackpad's, any other the pointer's.
    mutating func button(device dev: DeviceID) -> InputKind {
        lastInput = inputKind(of: dev) == .trackpad ? .trackpad : .pointer
        return lastInput
    }

    /// Scrolling from `source` (I2): fingers mean a touchpad, anything else (a wheel, a tilt,
    /// continuous scrolling) another pointing device; either reveals what moves a seat pointer.
    mutating func scroll(source: ScrollSource) -> InputKind {
        lastInput = source == .finger ? .trackpad : .pointer
        revealedPointer = lastInput
        return lastInput
    }

    /// A swipe, pinch or hold gesture (I2): only touchpads send them.
    mutating func gesture() {
        lastInput = .trackpad
        revealedPointer = .trackpad
    }

    /// A finger touched down: touch is the input now.
    mutating func touched() { lastInput = .touch }

    /// The modifiers became `m`; returns whether they changed.
    mutating func setModifiers(_ m: Modifiers) -> Bool {
        guard m != modifiers else { return false }
        modifiers = m
        return true
    }

    /// The click count of a press of `b` at `p` (a double click: the same button again within
    /// `interval` seconds and `doubleClickSlop` points), remembered for the next press.
    mutating func clickCount(_ b: PointerButton, at p: Point, now: Timestamp, interval: Double) -> Int {
        var count = 1
        if let l = lastClick, l.button == b, case let gap = now - l.time, gap >= .zero, gap.seconds <= interval,
           l.at.distance(to: p) <= InputTracker.doubleClickSlop {
            count = l.count + 1
        }
        lastClick = (b, now, p, count)
        return count
    }

    /// Whether a touch lifting at `now` over `hit` is a tap on the element it came down on:
    /// nobody used it, it stayed within `tapSlop` and was short (`tapMaximumDuration`).
    static func isTap(_ t: TouchPoint, hit: ElementID?, handled: Bool, now: Timestamp) -> ElementID? {
        let duration = now - t.time
        guard !handled, !t.handled, !t.moved, duration >= .zero, duration.seconds <= tapMaximumDuration,
              let e = t.element, e == hit else { return nil }
        return e
    }

    /// A touch at `p`: moved once it leaves `tapSlop` of where it came down.
    static func moved(_ t: inout TouchPoint, to p: Point) {
        t.position = p
        if p.distance(to: t.start) > tapSlop { t.moved = true }
    }

    /// Forgets device `dev` and what it held (G7): its capabilities, the elements its
    /// buttons pressed, and whether it had touches down.
    mutating func removeDevice(_ dev: DeviceID) -> (capabilities: DeviceCapabilities, pressed: [ElementID], hadTouches: Bool) {
        let caps = devices.removeValue(forKey: dev) ?? []
        var pressed: [ElementID] = []
        for (b, p) in buttons where p.device == dev {
            buttons[b] = nil
            if let id = p.element { pressed.append(id) }
        }
        let hadTouches = touches.values.contains { $0.device == dev }
        touches = touches.filter { $0.value.device != dev }
        return (caps, pressed, hadTouches)
    }
}
