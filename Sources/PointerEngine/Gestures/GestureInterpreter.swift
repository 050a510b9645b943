// Turns the raw InputProtocol stream (scroll, gesture, touch, button, motion) into intents the
// engine and its components act on (SPEC G1–G9): continuous finger scrolling and its explicit
// stop, wheel detents (the direction as the stream gives it), hold/touch stopping momentum, pinch zoom and rotation,
// smart zoom, swipes with direction/fingers/progress, page swipes, reserved system gestures
// (reported, never acted on), cancellation and pointer hiding during gestures.
import InputProtocol

/// The axis of a swipe.
public enum SwipeAxis: String, Sendable, Hashable, CaseIterable {
    /// Left–right or up–down.
    case horizontal, vertical
}

/// The direction a swipe went.
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    /// Towards the left, right, top or bottom of the surface.
    case left, right, up, down
    /// The axis the direction lies on.
    public var axis: SwipeAxis { self == .left || self == .right ? .horizontal : .vertical }
}

/// A gesture the desktop keeps for itself (G5): a swipe or pinch with `fingers` fingers, along
/// `axis` (nil = any direction; always nil for pinches).
public struct GesturePattern: Sendable, Hashable, CustomStringConvertible {
    /// Swipe, pinch or hold.
    public var kind: GestureKind
    /// The number of fingers.
    public var fingers: Int
    /// The swipe's axis, nil for any axis (and for pinches and holds).
    public var axis: SwipeAxis?
    /// The pattern of a `kind` gesture with `fingers` fingers, on `axis` (nil: any).
    public init(_ kind: GestureKind, fingers: Int, axis: SwipeAxis? = nil) {
        self.kind = kind; self.fingers = fingers; self.axis = axis
    }
    /// Whether a gesture of `kind`, `fingers` and `axis` is one this pattern names.
    public func matches(_ kind: GestureKind, fingers: Int, axis: SwipeAxis?) -> Bool {
        self.kind == kind && self.fingers == fingers && (self.axis == nil || self.axis == axis)
    }
    public var description: String { "\(fingers)fg \(kind)\(axis.map { " \($0)" } ?? "")" }

    /// GNOME, KDE and sway bind these: every four-finger swipe, three-finger vertical swipes.
    public static let desktopDefaults: Set<GesturePattern> = [
        GesturePattern(.swipe, fingers: 4),
        GesturePattern(.swipe, fingers: 3, axis: .vertical),
    ]
}

/// The gesture part of `PointerSettings` (G1, G4, G5, P6).
public struct GestureSettings: Sendable, Equatable {
    /// Scroll speed multiplier (P6), applied to every source.
    public var scrollSpeed = 1.0
    /// Gestures the desktop keeps (G5): shown in the inspector, never acted on.
    public var reserved: Set<GesturePattern> = GesturePattern.desktopDefaults
    /// Horizontal swipes with these finger counts turn pages (two-finger horizontal swipes arrive
    /// as finger scrolls: a paged view turns them into page transitions itself).
    public var pageSwipeFingers: Set<Int> = [3]
    /// Two-finger double tap toggles smart zoom (G4). A touchpad's two-finger tap comes as a
    /// right click (tap-to-click) or as a short hold: a first one waits `doubleTapInterval`.
    public var smartZoom = true
    /// The defaults: speed 1, the desktop's gestures reserved, three-finger page swipes, smart zoom on.
    public init() {}
}

/// What the user means, in engine terms.
package enum GestureIntent: Sendable, Equatable {
    /// Scroll the content under the pointer by `delta` (content-offset terms, the direction as
    /// the stream gave it). Finger sources end with `.scrollEnded`.
    case scroll(Vector, ScrollSource)
    /// The fingers lifted after a finger scroll (G1): start kinetic momentum.
    case scrollEnded
    /// A finger scroll whose stop never came ended after `GestureInterpreter.fingerScrollLapse`
    /// of silence (G1): as `.scrollEnded`, the fingers taken to have lifted at `lastMotion`.
    case scrollLapsed(lastMotion: Timestamp)
    /// A hold or a new touch (G6): stop kinetic scrolling immediately.
    case stopMomentum
    /// Pinch began with the pointer at `focus` (G2, G3).
    case zoomBegan(focus: Point)
    /// Absolute scale since the begin, accumulated rotation (degrees, clockwise) and pan (pt).
    case zoomChanged(scale: Double, rotation: Double, pan: Vector)
    case zoomEnded
    /// Revert to the transform at `zoomBegan` (G7).
    case zoomCancelled
    /// Toggle fitted ↔ zoomed around `point` (G4).
    case smartZoom(at: Point)
    /// A swipe the app may act on (G5).
    case swipe(SwipeReport)
    /// An interactive page transition (G5): began, moved by dx (pt, fingers' direction), ended, cancelled.
    case pageSwipe(PageSwipePhase)
    /// A reserved gesture: the inspector shows it, nothing else reacts (G5).
    case reserved(SwipeReport)
    /// Secondary click at the pointer (G9): right button or a touchpad two-finger click/tap.
    case secondaryClick(at: Point)
    /// Hide the pointer for a gesture (true) / show it again on the next motion (false) (G8).
    case pointerHidden(Bool)
}

package enum GesturePhaseReport: String, Sendable, Equatable { case began, changed, ended, cancelled }

/// A swipe's state for the app and the inspector (G5).
package struct SwipeReport: Sendable, Equatable {
    package var kind: GestureKind
    package var fingers: Int
    /// nil until the fingers have travelled `GestureInterpreter.directionLockDistance`.
    package var direction: SwipeDirection?
    /// Travel along the direction / `GestureInterpreter.fullSwipeTravel`, 0…1.
    package var progress: Double
    package var phase: GesturePhaseReport
    package init(kind: GestureKind = .swipe, fingers: Int, direction: SwipeDirection?, progress: Double, phase: GesturePhaseReport) {
        self.kind = kind; self.fingers = fingers; self.direction = direction; self.progress = progress; self.phase = phase
    }
}

/// The interpreter's state machine (one gesture at a time, as libinput reports them).
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> holding: hold begin / stopMomentum
///     holding --> idle: hold end (short 2fg: a tap → maybe smartZoom) / cancel (no action)
///     idle --> pinching: pinch begin / zoomBegan, pointerHidden
///     pinching --> pinching: pinch update / zoomChanged
///     pinching --> idle: end / zoomEnded · cancel / zoomCancelled
///     idle --> swiping: swipe begin / pointerHidden
///     swiping --> swiping: update / swipe · pageSwipe · reserved (after direction lock)
///     swiping --> idle: end / ended · cancel / cancelled (page transition reverts)
///     holding --> pinching: pinch begin (the hold was cancelled first)
///     pinching --> idle: device removed / zoomCancelled
/// ```
package struct GestureInterpreter: Sendable, Equatable {
    /// Fingers must travel this far before a swipe has a direction (and a page swipe starts).
    package static let directionLockDistance = 12.0 // pt
    /// Travel that counts as a full swipe (progress 1).
    package static let fullSwipeTravel = 240.0 // pt
    /// A two-finger rest shorter than this counts as a tap.
    package static let tapMaxDuration = 0.30 // s
    /// The second two-finger tap of a smart-zoom double tap must come within this.
    package static let doubleTapInterval = 0.35 // s
    /// Distance of one wheel detent (value120 = 120).
    package static let wheelDetent = ScrollView.wheelDetent // pt

    package enum SwipeRole: Sendable, Equatable { case undecided, app, page, reserved }

    package enum State: Sendable, Equatable {
        case idle
        case holding(device: DeviceID, fingers: Int, since: Timestamp)
        case pinching(device: DeviceID, fingers: Int, rotation: Double, pan: Vector)
        case swiping(device: DeviceID, fingers: Int, travel: Vector, direction: SwipeDirection?, role: SwipeRole)
    }

    package var settings: GestureSettings
    package private(set) var state: State = .idle
    package private(set) var pointer: Point = .zero
    package private(set) var pointerHidden = false
    /// The last event that made no sense in the current state ("pinch update in idle"), for logs.
    package private(set) var lastAnomaly: String?
    /// The latest gesture as this interpreter accepted it (inspectors, the HUD).
    package private(set) var lastGesture = GestureFacts()
    /// Devices that report multi-finger gestures (touchpads).
    private var gestureDevices: Set<DeviceID> = []
    /// A two-finger tap waiting for its partner: when, and whether it was a right click.
    private var pendingTap: (time: Timestamp, isClick: Bool, at: Point)?
    /// Devices whose newest scroll came from a wheel (G4, G9): a wheel mouse, or a seat pointer
    /// a wheel moved last. A wl_pointer has the gesture capability whenever the compositor offers
    /// pointer-gestures, so that capability alone does not make its right click a possible
    /// two-finger tap; a wheel detent (value120, source wheel or tilt) says a mouse is in hand,
    /// and a finger scroll or a gesture from the device says a touchpad is again.
    private var wheelDevices: Set<DeviceID> = []
    /// Finger scroll axes in progress (their stop ends the scroll).
    private var fingerScrolling: Set<ScrollAxis> = []
    /// The device of the finger scroll in progress.
    private var scrollDevice: DeviceID?
    /// The time of the finger scroll's latest axis event.
    private var lastFingerScroll: Timestamp?
    /// Devices seen ending a scroll with its stop (wl_pointer.axis_stop, libinput's value 0):
    /// their scrolls wait for it, however long the fingers rest.
    private var stoppingDevices: Set<DeviceID> = []

    /// A finger scroll from a device never seen sending its stop ends after this long without
    /// an axis event (G1). mutter 43's RemoteDesktop virtual pointer sends finger axes but drops
    /// the finish flag, so no wl_pointer.axis_stop comes; without an end the scroll would track
    /// forever, animating and never gliding. While fingers move, a touchpad reports every 7-17 ms
    /// (60-140 Hz), so 120 ms is 7 or more missing reports, past any scheduling jitter, and the
    /// glide still starts within the ~0.1 s a response feels immediate in. libinput always sends
    /// the stop for touchpads when the fingers lift, and GTK4 waits for it with no timeout; that
    /// is right for a device that sends it (fingers resting mid-scroll send nothing and must not
    /// start a glide), so a device that has sent a stop once is waited for ever after.
    package static let fingerScrollLapse = 0.120 // s

    /// When a finger scroll whose stop may never come ends (`fingerScrollLapse`): one of the
    /// engine's deadlines (`Engine.nextDeadline`), so the glide starts with no further input.
    package var fingerScrollDeadline: Timestamp? {
        guard !fingerScrolling.isEmpty, let last = lastFingerScroll, let device = scrollDevice,
              !stoppingDevices.contains(device) else { return nil }
        return last.adding(seconds: Self.fingerScrollLapse)
    }

    package init(settings: GestureSettings = GestureSettings()) { self.settings = settings }

    package static func == (a: GestureInterpreter, b: GestureInterpreter) -> Bool {
        a.state == b.state && a.pointer == b.pointer && a.pointerHidden == b.pointerHidden
            && a.pendingTap?.time == b.pendingTap?.time && a.fingerScrolling == b.fingerScrolling
            && a.lastFingerScroll == b.lastFingerScroll && a.stoppingDevices == b.stoppingDevices
    }

    package var isGestureActive: Bool { state != .idle }

    /// When a pending two-finger tap stops waiting for its partner and, if it was a right click,
    /// becomes a secondary click (G4, G9): one of the engine's deadlines (`Engine.nextDeadline`),
    /// so the click comes with no further input. nil: nothing is held back.
    package var pendingTapDeadline: Timestamp? {
        pendingTap.map { $0.time + .seconds(Self.doubleTapInterval) }
    }

    /// Releases a pending two-finger tap as a secondary click once no partner can come, and
    /// ends a finger scroll whose stop did not come (`fingerScrollLapse`).
    package mutating func advance(to now: Timestamp) -> [GestureIntent] {
        var out: [GestureIntent] = []
        if let deadline = fingerScrollDeadline, now >= deadline, let last = lastFingerScroll {
            fingerScrolling.removeAll()
            out.append(.scrollLapsed(lastMotion: last))
        }
        guard let tap = pendingTap, let deadline = pendingTapDeadline, now >= deadline else { return out }
        pendingTap = nil
        return out + (tap.isClick ? [.secondaryClick(at: tap.at)] : [])
    }

    package mutating func handle(_ event: InputEvent, now: Timestamp) -> [GestureIntent] {
        var out = advance(to: now)
        switch event.kind {
        case .deviceAdded(_, let caps):
            if caps.contains(.gesture) { gestureDevices.insert(event.device) }
        case .deviceRemoved:
            gestureDevices.remove(event.device)
            wheelDevices.remove(event.device)
            out += removeDevice(event.device)
        case .pointerEnter(let p):
            pointer = Point(p.x, p.y)
        case .pointerLeave:
            break
        case .motion(let position, let delta, _):
            pointer = position.map { Point($0.x, $0.y) } ?? pointer + Vector(delta.dx, delta.dy)
            if pointerHidden {
                pointerHidden = false
                out.append(.pointerHidden(false))
            }
        case .button(let button, let pressed):
            if button == .right, pressed { out += secondaryPress(from: event.device, now: now) }
        case .scroll(let source, let axis, let value, let value120, let stop):
            out += scroll(source: source, axis: axis, value: value, value120: value120, stop: stop, device: event.device, now: now)
        case .gesture(let g):
            wheelDevices.remove(event.device)
            out += gesture(g, device: event.device, now: now)
        case .touchDown:
            out.append(.stopMomentum)
        case .touchMotion, .touchUp, .touchCancel, .touchFrame, .key, .keyRepeat, .modifiers, .frame, .scrollDirection:
            break
        }
        return out
    }

    // MARK: Scroll (G1)

    private mutating func scroll(source: ScrollSource, axis: ScrollAxis, value: Double, value120: Int32?, stop: Bool,
                                 device: DeviceID, now: Timestamp) -> [GestureIntent] {
        if stop {
            stoppingDevices.insert(device)
            guard fingerScrolling.remove(axis) != nil, fingerScrolling.isEmpty else { return [] }
            return [.scrollEnded]
        }
        var amount: Double
        switch source {
        case .wheel, .tilt:
            wheelDevices.insert(device)
            amount = value120.map { Double($0) / 120 * Self.wheelDetent } ?? value
        case .finger, .continuous:
            amount = value
            if source == .finger {
                fingerScrolling.insert(axis); scrollDevice = device; wheelDevices.remove(device)
                lastFingerScroll = now
            }
        }
        // The value's direction was chosen before the stream (the compositor's, or libinput's
        // natural-scroll option): a positive value grows the content offset for every source,
        // as a wheel detent down does (G1). Nothing here inverts it.
        amount *= settings.scrollSpeed
        let delta = axis == .horizontal ? Vector(amount, 0) : Vector(0, amount)
        return amount == 0 ? [] : [.scroll(delta, source)]
    }

    // MARK: Secondary click and smart zoom (G4, G9)

    private mutating func secondaryPress(from device: DeviceID, now: Timestamp) -> [GestureIntent] {
        // A wheel mouse makes no two-finger taps: its right click opens the menu at once.
        guard settings.smartZoom, gestureDevices.contains(device), !wheelDevices.contains(device) else {
            return [.secondaryClick(at: pointer)]
        }
        return twoFingerTap(now: now, isClick: true)
    }

    private mutating func twoFingerTap(now: Timestamp, isClick: Bool) -> [GestureIntent] {
        if let first = pendingTap, let deadline = pendingTapDeadline, now < deadline {
            pendingTap = nil
            return [.smartZoom(at: first.at)]
        }
        pendingTap = (now, isClick, pointer)
        return []
    }

    // MARK: Gestures (G2–G8)

    private enum Stimulus {
        case begin(GestureKind, fingers: Int)
        case update(GestureEvent)
        case end(GestureKind, cancelled: Bool)
    }

    private mutating func gesture(_ g: GestureEvent, device: DeviceID, now: Timestamp) -> [GestureIntent] {
        let stimulus: Stimulus = switch g.phase {
        case .begin: .begin(g.kind, fingers: g.fingers)
        case .update: .update(g)
        case .end: .end(g.kind, cancelled: g.cancelled)
        }
        var out: [GestureIntent] = []
        switch (state, stimulus) {
        case (.idle, .begin(let kind, let fingers)):
            out += begin(kind, fingers: fingers, device: device, now: now)
        case (.holding, .begin(let kind, let fingers)), (.pinching, .begin(let kind, let fingers)),
             (.swiping, .begin(let kind, let fingers)):
            // A begin without the previous end: the old gesture is gone; revert it first (G7).
            lastAnomaly = "\(kind) begin while \(state)"
            out += cancelCurrent()
            out += begin(kind, fingers: fingers, device: device, now: now)
        case (.holding, .end(.hold, let cancelled)):
            // A cancelled hold is the start of a scroll or pinch: no visible action of its own.
            if case .holding(_, let fingers, let since) = state, !cancelled, fingers == 2,
               settings.smartZoom, now.seconds(since: since) <= Self.tapMaxDuration {
                out += twoFingerTap(now: now, isClick: false)
            }
            state = .idle
            lastGesture.ended(cancelled: cancelled)
        case (.pinching(let dev, let fingers, var rotation, var pan), .update(let g)) where g.kind == .pinch:
            rotation += g.rotation
            pan = pan + Vector(g.delta.dx, g.delta.dy)
            state = .pinching(device: dev, fingers: fingers, rotation: rotation, pan: pan)
            lastGesture.pinched(scale: g.scale, rotation: rotation)
            if !isReserved(.pinch, fingers: fingers, axis: nil) {
                out.append(.zoomChanged(scale: g.scale, rotation: rotation, pan: pan))
            }
        case (.pinching(_, let fingers, _, _), .end(.pinch, let cancelled)):
            state = .idle
            lastGesture.ended(cancelled: cancelled)
            if isReserved(.pinch, fingers: fingers, axis: nil) {
                out.append(.reserved(SwipeReport(kind: .pinch, fingers: fingers, direction: nil, progress: 1,
                                                 phase: cancelled ? .cancelled : .ended)))
            } else {
                out.append(cancelled ? .zoomCancelled : .zoomEnded)
            }
        case (.swiping(let dev, let fingers, let travel, let direction, let role), .update(let g)) where g.kind == .swipe:
            out += swipeUpdate(device: dev, fingers: fingers, travel: travel + Vector(g.delta.dx, g.delta.dy),
                               direction: direction, role: role, delta: Vector(g.delta.dx, g.delta.dy))
        case (.swiping(_, let fingers, let travel, let direction, let role), .end(.swipe, let cancelled)):
            state = .idle
            lastGesture.ended(cancelled: cancelled)
            let report = SwipeReport(fingers: fingers, direction: direction, progress: Self.progress(travel, direction),
                                     phase: cancelled ? .cancelled : .ended)
            switch role {
            case .undecided, .app: out.append(.swipe(report))
            case .page: out.append(.pageSwipe(cancelled ? .cancelled : .ended)); out.append(.swipe(report))
            case .reserved: out.append(.reserved(report))
            }
        case (.idle, .update), (.idle, .end), (.holding, .update), (.holding, .end),
             (.pinching, .update), (.pinching, .end), (.swiping, .update), (.swiping, .end):
            // Impossible pairs (an update/end of a gesture that is not running, or of another
            // kind): logged and ignored, nothing is applied.
            lastAnomaly = "\(g.kind) \(g.phase) while \(state)"
        }
        return out
    }

    private mutating func begin(_ kind: GestureKind, fingers: Int, device: DeviceID, now: Timestamp) -> [GestureIntent] {
        lastGesture.began(kind, fingers: fingers, device: device)
        switch kind {
        case .hold:
            state = .holding(device: device, fingers: fingers, since: now)
            return [.stopMomentum]
        case .pinch:
            state = .pinching(device: device, fingers: fingers, rotation: 0, pan: .zero)
            if isReserved(.pinch, fingers: fingers, axis: nil) {
                return [.reserved(SwipeReport(kind: .pinch, fingers: fingers, direction: nil, progress: 0, phase: .began))]
            }
            return hide() + [.stopMomentum, .zoomBegan(focus: pointer)]
        case .swipe:
            state = .swiping(device: device, fingers: fingers, travel: .zero, direction: nil, role: .undecided)
            return hide()
        }
    }

    private mutating func hide() -> [GestureIntent] {
        guard !pointerHidden else { return [] }
        pointerHidden = true
        return [.pointerHidden(true)]
    }

    private mutating func swipeUpdate(device: DeviceID, fingers: Int, travel: Vector, direction: SwipeDirection?,
                                      role: SwipeRole, delta: Vector) -> [GestureIntent] {
        var direction = direction, role = role
        var out: [GestureIntent] = []
        if direction == nil, travel.length >= Self.directionLockDistance {
            let d: SwipeDirection = abs(travel.dx) >= abs(travel.dy) ? (travel.dx < 0 ? .left : .right) : (travel.dy < 0 ? .up : .down)
            direction = d
            if isReserved(.swipe, fingers: fingers, axis: d.axis) {
                role = .reserved
            } else if d.axis == .horizontal, settings.pageSwipeFingers.contains(fingers) {
                role = .page
                out.append(.pageSwipe(.began))
                out.append(.pageSwipe(.changed(dx: travel.dx)))
            } else {
                role = .app
            }
        } else if role == .page, delta.dx != 0 {
            out.append(.pageSwipe(.changed(dx: delta.dx)))
        }
        state = .swiping(device: device, fingers: fingers, travel: travel, direction: direction, role: role)
        lastGesture.swiped(travel: travel)
        let report = SwipeReport(fingers: fingers, direction: direction, progress: Self.progress(travel, direction), phase: .changed)
        out.append(role == .reserved ? .reserved(report) : .swipe(report))
        return out
    }

    static func progress(_ travel: Vector, _ direction: SwipeDirection?) -> Double {
        let along: Double = switch direction {
        case nil: 0
        case .left?: -travel.dx
        case .right?: travel.dx
        case .up?: -travel.dy
        case .down?: travel.dy
        }
        return clamp(along / fullSwipeTravel, 0, 1)
    }

    private func isReserved(_ kind: GestureKind, fingers: Int, axis: SwipeAxis?) -> Bool {
        settings.reserved.contains { $0.matches(kind, fingers: fingers, axis: axis) }
    }

    /// Reverts whatever the running gesture provisionally changed (G7).
    private mutating func cancelCurrent() -> [GestureIntent] {
        defer { state = .idle }
        lastGesture.ended(cancelled: true)
        switch state {
        case .idle, .holding:
            return []
        case .pinching(_, let fingers, _, _):
            return isReserved(.pinch, fingers: fingers, axis: nil) ? [] : [.zoomCancelled]
        case .swiping(_, let fingers, let travel, let direction, let role):
            let report = SwipeReport(fingers: fingers, direction: direction, progress: Self.progress(travel, direction), phase: .cancelled)
            switch role {
            case .undecided, .app: return [.swipe(report)]
            case .page: return [.pageSwipe(.cancelled), .swipe(report)]
            case .reserved: return [.reserved(report)]
            }
        }
    }

    private mutating func removeDevice(_ device: DeviceID) -> [GestureIntent] {
        var out: [GestureIntent] = []
        let gestureDevice: DeviceID? = switch state {
        case .idle: nil
        case .holding(let d, _, _), .pinching(let d, _, _, _), .swiping(let d, _, _, _, _): d
        }
        if gestureDevice == device { out += cancelCurrent() }
        stoppingDevices.remove(device)
        if !fingerScrolling.isEmpty, scrollDevice == device {
            // G7: the fingers did not lift, the device vanished. The scroll ends where the
            // fingers took it; no momentum (a fling nobody made), an overscroll springs back.
            fingerScrolling.removeAll()
            out += [.scrollEnded, .stopMomentum]
        }
        return out
    }
}
