// What the interpreter made of the touchpad's latest gesture (SPEC G2–G8): kind, phase, fingers,
// device, the pinch's scale and rotation and the swipe's travel. Kept by `GestureInterpreter` as
// it accepts each step, so an inspector (the playground's HUD) shows the engine's reading of the
// stream instead of interpreting it again: a step the interpreter refuses (an update with no
// gesture running) changes nothing here either, and a gesture it cancels (a device removed, a
// begin without the previous end: G7) reads cancelled.
import InputProtocol

/// The latest gesture as the engine saw it. The pinch's values stay until the next pinch begins
/// and the swipe's until the next swipe, so they can still be read after a hold.
package struct GestureFacts: Sendable, Equatable {
    /// The latest gesture's kind; nil before the first.
    package var kind: GestureKind?
    /// Where it is: began, changed (an update), ended or cancelled; nil before the first.
    package var phase: GesturePhaseReport?
    /// Fingers on the pad for the running gesture; 0 once it ended or was cancelled.
    package var fingers = 0
    /// The device it came from.
    package var device: DeviceID?
    /// The latest pinch's absolute scale since its begin (1 until its first update).
    package var scale = 1.0
    /// The latest pinch's rotation, accumulated since its begin, degrees clockwise.
    package var rotation = 0.0
    /// The latest swipe's travel since its begin, points (the fingers' direction).
    package var travel = Vector.zero
    /// How many gestures have begun: a new gesture began when this changed.
    package var count = 0

    package init() {}

    /// A gesture is running (it began, or changed since): only a running one can end.
    var isRunning: Bool { phase == .began || phase == .changed }

    /// A gesture of `kind` began with `fingers` on `device`.
    mutating func began(_ kind: GestureKind, fingers: Int, device: DeviceID) {
        self.kind = kind
        self.fingers = fingers
        self.device = device
        phase = .began
        count += 1
        switch kind {
        case .pinch: scale = 1; rotation = 0
        case .swipe: travel = .zero
        case .hold: break
        }
    }

    /// The running pinch's update: `scale` since its begin, `rotation` accumulated (degrees).
    mutating func pinched(scale: Double, rotation: Double) {
        phase = .changed
        self.scale = scale
        self.rotation = rotation
    }

    /// The running swipe's update: `travel` since its begin (points).
    mutating func swiped(travel: Vector) {
        phase = .changed
        self.travel = travel
    }

    /// The running gesture ended (the fingers lifted) or was cancelled.
    mutating func ended(cancelled: Bool) {
        guard isRunning else { return }
        phase = cancelled ? .cancelled : .ended
        fingers = 0
    }
}
