// wl_pointer (+ zwp_relative_pointer_v1) events → InputProtocol events (SPEC T1, G1).
// No C here: Pointer's listener feeds it decoded values, tests feed it directly.
//
// Events are grouped by wl_pointer.frame (v5+). A frame's motion is emitted before anything
// else of that frame, combining the absolute position (wl_pointer.motion) with the accelerated
// and raw deltas of relative_motion, which may come before or after it. Axis events are
// assembled at the frame: axis_source, axis_discrete / axis_value120, axis and axis_stop arrive
// separately and in no guaranteed order. Without frames (v < 5) every event stands alone.
// From v9, axis_relative_direction says whether the compositor inverted the axis values
// (natural scrolling): a change of it goes out as `scrollDirection` before the frame's scrolls.
import InputProtocol

struct PointerFrames {
    typealias Emit = (InputEventKind, EventTime) -> Void
    private let emit: Emit
    /// wl_pointer version: frames from 5, axis_value120 from 8.
    let version: UInt32

    /// Last position on the focused surface (surface coordinates, points).
    private(set) var position: InputPoint?

    private var pendingPosition: InputPoint?
    private var pendingTime: UInt32?
    private var pendingRelative: (delta: InputVector, unaccelerated: InputVector, microseconds: UInt64)?
    private var axisSource: ScrollSource?
    /// Buttons down now (evdev codes), released for the engine if the pointer goes mid-drag.
    private(set) var held: Set<UInt32> = []
    private var axisTime: UInt32?
    private var axes: [ScrollAxis: AxisFrame] = [:]
    /// This frame's axis_relative_direction (v9), and the direction last emitted: nil until a
    /// v9 compositor said one (the stream then keeps the seat's `compositor`).
    private var pendingDirection: ScrollDirection?
    private(set) var direction: ScrollDirection?

    private struct AxisFrame {
        var value: Double?
        var value120: Int32?
        var stop = false
    }

    init(version: UInt32, emit: @escaping Emit) {
        self.version = version
        self.emit = emit
    }

    private var hasFrames: Bool { version >= 5 }

    mutating func enter(x: Double, y: Double) {
        flushMotion()
        position = InputPoint(x: x, y: y)
        emit(.pointerEnter(position: position!), .none)
        standalone()
    }

    mutating func leave() {
        flushMotion()
        position = nil
        emit(.pointerLeave, .none)
        standalone()
    }

    mutating func motion(time: UInt32, x: Double, y: Double) {
        if pendingPosition != nil { flushMotion() }
        pendingPosition = InputPoint(x: x, y: y)
        pendingTime = time
        if !hasFrames || pendingRelative != nil { flushMotion() }
    }

    mutating func relativeMotion(microseconds: UInt64, delta: InputVector, unaccelerated: InputVector) {
        if pendingRelative != nil { flushMotion() }
        pendingRelative = (delta, unaccelerated, microseconds)
        if !hasFrames || pendingPosition != nil { flushMotion() }
    }

    mutating func button(time: UInt32, code: UInt32, pressed: Bool) {
        flushMotion()
        if pressed { held.insert(code) } else { held.remove(code) }
        emit(.button(PointerButton(rawValue: code), pressed: pressed), .milliseconds(time))
        standalone()
    }

    mutating func axis(time: UInt32, axis raw: UInt32, value: Double) {
        flushMotion()
        guard let a = ScrollAxis(wayland: raw) else { return }
        axisTime = time
        axes[a, default: AxisFrame()].value = (axes[a]?.value ?? 0) + value
        if !hasFrames { flushAxes() }
    }

    mutating func axisStop(time: UInt32, axis raw: UInt32) {
        guard let a = ScrollAxis(wayland: raw) else { return }
        axisTime = time
        axes[a, default: AxisFrame()].stop = true
    }

    /// v5–7: wheel detents, as 120 units each.
    mutating func axisDiscrete(axis raw: UInt32, discrete: Int32) {
        axisValue120(axis: raw, value120: discrete &* 120)
    }

    /// v8: the high-resolution wheel value (120 = one detent).
    mutating func axisValue120(axis raw: UInt32, value120: Int32) {
        guard let a = ScrollAxis(wayland: raw) else { return }
        axes[a, default: AxisFrame()].value120 = (axes[a]?.value120 ?? 0) &+ value120
    }

    /// v9: whether the axis values of this frame move opposite to the fingers or wheel
    /// (`inverted`: natural scrolling) or with them (traditional).
    mutating func axisRelativeDirection(axis raw: UInt32, inverted: Bool) {
        guard ScrollAxis(wayland: raw) != nil else { return }
        pendingDirection = inverted ? .natural : .traditional
    }

    /// wl_pointer.axis_source: 0 wheel, 1 finger, 2 continuous, 3 wheel tilt.
    mutating func axisSource(_ raw: UInt32) {
        axisSource = switch raw {
        case 0: .wheel
        case 1: .finger
        case 2: .continuous
        case 3: .tilt
        default: nil
        }
    }

    /// The pointer went away (capability gone, seat removed): buttons still down are forgotten,
    /// not released. The deviceRemoved that follows tells the engine to cancel what they were
    /// doing (SPEC G7: revert, nothing half-applied); a made-up release would complete it
    /// instead — a drag in progress would drop where the pointer happened to be.
    mutating func forgetButtons() {
        flushMotion()
        held.removeAll()
    }

    mutating func frame() {
        flushMotion()
        flushAxes()
        emit(.frame, .none)
    }

    /// Closes a lone event when the compositor sends no frames.
    private mutating func standalone() {
        if !hasFrames { emit(.frame, .none) }
    }

    private mutating func flushMotion() {
        guard pendingPosition != nil || pendingRelative != nil else { return }
        let derived: InputVector = if let p = pendingPosition, let old = position {
            InputVector(dx: p.x - old.x, dy: p.y - old.y)
        } else { .zero }
        let delta = pendingRelative?.delta ?? derived
        let raw = pendingRelative?.unaccelerated ?? derived
        let time: EventTime = pendingTime.map { .milliseconds($0) } ?? .microseconds(pendingRelative!.microseconds)
        emit(.motion(position: pendingPosition, delta: delta, unaccelerated: raw), time)
        if let p = pendingPosition { position = p }
        pendingPosition = nil
        pendingTime = nil
        pendingRelative = nil
        standalone()
    }

    private mutating func flushAxes() {
        let time: EventTime = axisTime.map { .milliseconds($0) } ?? .none
        if let d = pendingDirection, d != direction, !axes.isEmpty {
            direction = d
            emit(.scrollDirection(d), time)
        }
        pendingDirection = nil
        for a in ScrollAxis.allCases {
            guard let f = axes[a] else { continue }
            // Without axis_source (old compositors): detents mean a wheel.
            let source = axisSource ?? (f.value120 != nil ? .wheel : .continuous)
            if f.value != nil || f.value120 != nil {
                emit(.scroll(source: source, axis: a, value: f.value ?? 0, value120: f.value120, stop: false), time)
            }
            if f.stop {
                emit(.scroll(source: source, axis: a, value: 0, value120: nil, stop: true), time)
            }
        }
        axes.removeAll()
        axisSource = nil
        axisTime = nil
        if !hasFrames { emit(.frame, .none) }
    }
}

extension ScrollAxis {
    /// wl_pointer.axis: 0 vertical_scroll, 1 horizontal_scroll.
    init?(wayland raw: UInt32) {
        switch raw {
        case 0: self = .vertical
        case 1: self = .horizontal
        default: return nil
        }
    }
}
