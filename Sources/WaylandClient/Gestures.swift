// zwp_pointer_gestures_v1 → InputProtocol gesture events (SPEC G2, G3, G5, G6): swipe and
// pinch (v1), hold (v3). The finger count is only sent at begin; updates and end carry it on.
// (sway 1.7 advertises v3 but never forwards holds; libinput's backend covers them.)
import CWayland
import CWaylandProtocols
import InputProtocol

final class GestureInput {
    private let emit: (InputEventKind, EventTime) -> Void
    private var swipe: OpaquePointer?
    private var pinch: OpaquePointer?
    private var hold: OpaquePointer?
    /// Fingers of the gesture in progress, per kind.
    private var fingers: [GestureKind: Int] = [:]
    /// Whether hold gestures can arrive (pointer-gestures v3).
    let hasHold: Bool

    init(manager: OpaquePointer, pointer: OpaquePointer, emit: @escaping (InputEventKind, EventTime) -> Void) {
        self.emit = emit
        let version = wl_proxy_get_version(manager)
        hasHold = version >= 3
        swipe = zwp_pointer_gestures_v1_get_swipe_gesture(manager, pointer)
        pinch = zwp_pointer_gestures_v1_get_pinch_gesture(manager, pointer)
        if let swipe { zwp_pointer_gesture_swipe_v1_add_listener(swipe, GestureInput.swipeListener, userData(self)) }
        if let pinch { zwp_pointer_gesture_pinch_v1_add_listener(pinch, GestureInput.pinchListener, userData(self)) }
        if hasHold, let h = zwp_pointer_gestures_v1_get_hold_gesture(manager, pointer) {
            hold = h
            zwp_pointer_gesture_hold_v1_add_listener(h, GestureInput.holdListener, userData(self))
        }
    }

    func destroy() {
        // A gesture in progress when the pointer goes is cancelled (SPEC G7).
        for kind in GestureKind.allCases where fingers[kind] != nil {
            end(kind, time: .none, cancelled: true)
        }
        if let swipe { zwp_pointer_gesture_swipe_v1_destroy(swipe) }
        if let pinch { zwp_pointer_gesture_pinch_v1_destroy(pinch) }
        if let hold { zwp_pointer_gesture_hold_v1_destroy(hold) }
        swipe = nil; pinch = nil; hold = nil
    }

    private func begin(_ kind: GestureKind, time: UInt32, fingers n: UInt32) {
        let count = Int(n)
        fingers[kind] = count
        emit(.gesture(GestureEvent(kind: kind, phase: .begin, fingers: count)), .milliseconds(time))
    }

    private func update(_ kind: GestureKind, time: UInt32, delta: InputVector, scale: Double = 1, rotation: Double = 0) {
        let event = GestureEvent(kind: kind, phase: .update, fingers: fingers[kind] ?? 0, delta: delta,
                                 scale: scale, rotation: rotation)
        emit(.gesture(event), .milliseconds(time))
    }

    private func end(_ kind: GestureKind, time: EventTime, cancelled: Bool) {
        let event = GestureEvent(kind: kind, phase: .end, fingers: fingers[kind] ?? 0, cancelled: cancelled)
        fingers[kind] = nil
        emit(.gesture(event), time)
    }

    nonisolated(unsafe) private static let swipeListener = makeListener(zwp_pointer_gesture_swipe_v1_listener(
        begin: { data, _, _, time, _, n in object(data, as: GestureInput.self).begin(.swipe, time: time, fingers: n) },
        update: { data, _, time, dx, dy in
            object(data, as: GestureInput.self).update(.swipe, time: time,
                                                       delta: InputVector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)))
        },
        end: { data, _, _, time, cancelled in object(data, as: GestureInput.self).end(.swipe, time: .milliseconds(time), cancelled: cancelled != 0) }))

    nonisolated(unsafe) private static let pinchListener = makeListener(zwp_pointer_gesture_pinch_v1_listener(
        begin: { data, _, _, time, _, n in object(data, as: GestureInput.self).begin(.pinch, time: time, fingers: n) },
        update: { data, _, time, dx, dy, scale, rotation in
            object(data, as: GestureInput.self).update(.pinch, time: time,
                                                       delta: InputVector(dx: wl_fixed_to_double(dx), dy: wl_fixed_to_double(dy)),
                                                       scale: wl_fixed_to_double(scale), rotation: wl_fixed_to_double(rotation))
        },
        end: { data, _, _, time, cancelled in object(data, as: GestureInput.self).end(.pinch, time: .milliseconds(time), cancelled: cancelled != 0) }))

    nonisolated(unsafe) private static let holdListener = makeListener(zwp_pointer_gesture_hold_v1_listener(
        begin: { data, _, _, time, _, n in object(data, as: GestureInput.self).begin(.hold, time: time, fingers: n) },
        end: { data, _, _, time, cancelled in object(data, as: GestureInput.self).end(.hold, time: .milliseconds(time), cancelled: cancelled != 0) }))
}
