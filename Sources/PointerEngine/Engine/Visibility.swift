// Whether the pointer shows (SPEC P5, G8): an explicit state machine.
//
// ```mermaid
// stateDiagram-v2
//     [*] --> unfocused
//     unfocused --> visible: entered
//     visible --> idle: idleTimeout (not while a drag/selection is active)
//     visible --> gesture: gestureBegan
//     visible --> touch: touched
//     visible --> unfocused: left
//     idle --> visible: moved
//     gesture --> visible: moved
//     touch --> visible: moved
//     idle --> unfocused: left
//     gesture --> unfocused: left
//     touch --> unfocused: left
//     idle --> gesture: gestureBegan
//     idle --> touch: touched
//     gesture --> touch: touched
//     touch --> gesture: gestureBegan
// ```

package enum PointerVisibilityState: String, Hashable, Sendable, CaseIterable {
    /// Shown.
    case visible
    /// Faded after `autoHideDelay` without motion (P5).
    case idle
    /// The surface has no pointer focus (P5).
    case unfocused
    /// A trackpad gesture is in progress (G8); shows again on the next motion.
    case gesture
    /// Touch is in use (G11, H4); shows again on the next motion.
    case touch

    package var isShown: Bool {
        switch self {
        case .visible: true
        case .idle, .unfocused, .gesture, .touch: false
        }
    }
}

package enum PointerVisibilityEvent: String, Hashable, Sendable, CaseIterable {
    case moved
    case idleTimeout
    case entered
    case left
    case gestureBegan
    case touched
}

package struct PointerVisibility: Hashable, Sendable {
    package private(set) var state: PointerVisibilityState = .unfocused

    /// Spring response of the fade in when the pointer comes back (seconds).
    package static let showResponse = 0.12
    /// Spring response of the fade out when the pointer hides (seconds): slower than coming back.
    package static let hideResponse = 0.45

    package init(state: PointerVisibilityState = .unfocused) { self.state = state }

    /// A state change, printable for the transition log.
    package struct Transition: Hashable, Sendable, CustomStringConvertible {
        package var from: PointerVisibilityState
        package var to: PointerVisibilityState
        package var event: PointerVisibilityEvent
        package var description: String { "visibility: \(from.rawValue) → \(to.rawValue) on \(event.rawValue)" }
    }

    /// Applies an event; returns the transition, nil when nothing changed.
    @discardableResult
    package mutating func handle(_ event: PointerVisibilityEvent) -> Transition? {
        let old = state
        switch (state, event) {
        case (.visible, .moved), (.visible, .entered): break
        case (.visible, .idleTimeout): state = .idle
        case (.visible, .left): state = .unfocused
        case (.visible, .gestureBegan): state = .gesture
        case (.visible, .touched): state = .touch

        case (.idle, .moved), (.idle, .entered): state = .visible
        case (.idle, .idleTimeout): break
        case (.idle, .left): state = .unfocused
        case (.idle, .gestureBegan): state = .gesture
        case (.idle, .touched): state = .touch

        case (.unfocused, .entered): state = .visible
        // Motion without focus happens with libinput devices read directly: it means the
        // pointer is in use over us.
        case (.unfocused, .moved): state = .visible
        case (.unfocused, .idleTimeout), (.unfocused, .left), (.unfocused, .gestureBegan), (.unfocused, .touched): break

        case (.gesture, .moved), (.gesture, .entered): state = .visible
        case (.gesture, .idleTimeout), (.gesture, .gestureBegan): break
        case (.gesture, .left): state = .unfocused
        case (.gesture, .touched): state = .touch

        case (.touch, .moved), (.touch, .entered): state = .visible
        case (.touch, .idleTimeout), (.touch, .touched): break
        case (.touch, .left): state = .unfocused
        case (.touch, .gestureBegan): state = .gesture
        }
        return old == state ? nil : Transition(from: old, to: state, event: event)
    }
}

/// Receives one line per state transition (the engine's debug log).
typealias TransitionLog = @Sendable (String) -> Void

/// The visibility component (P5, G8): the state machine, the pointer's fade, and the auto-hide
/// clock. It reads no clock: the times it keeps come in with the events.
struct VisibilityTracker: Sendable {
    private(set) var machine = PointerVisibility()
    /// The pointer's fade in and out (0 hidden … 1 shown).
    private(set) var opacity: Animated
    /// Last motion/button/scroll time: the auto-hide clock (P5).
    private(set) var lastActivity: Timestamp

    init(now: Timestamp, reduceMotion: Bool) {
        opacity = Animated(0, response: PointerVisibility.showResponse, reduceMotion: reduceMotion)
        lastActivity = now
    }

    var state: PointerVisibilityState { machine.state }
    var isShown: Bool { machine.state.isShown }
    var isSettled: Bool { opacity.isSettled }
    /// The fade's opacity now, within 0…1.
    var shownOpacity: Double { clamp(opacity.value, 0, 1) }
    /// P5: faded out completely: shown again, the pointer appears as its new shape.
    var isInvisible: Bool { opacity.value <= PointerTuning.invisibleOpacity }

    /// Feeds the state machine; a transition goes to `log`.
    mutating func handle(_ e: PointerVisibilityEvent, log: TransitionLog?) {
        let t = machine.handle(e)
        if let log, let t { log(t.description) }
    }

    /// The pointer entered the surface at `now`: it shows, and the auto-hide clock starts.
    mutating func entered(at now: Timestamp, log: TransitionLog?) {
        handle(.entered, log: log)
        lastActivity = now
    }

    /// The pointer moved at `now`: it shows again (P5, G8), and the auto-hide clock restarts.
    mutating func moved(at now: Timestamp, log: TransitionLog?) {
        lastActivity = now
        handle(.moved, log: log)
    }

    /// A trackpad gesture (G8): a swipe or pinch beginning hides the pointer until the next
    /// motion; a hold (fingers resting) does not.
    mutating func gesture(_ g: GestureEvent, log: TransitionLog?) {
        if g.phase == .begin, g.kind != .hold { handle(.gestureBegan, log: log) }
    }

    /// Scrolling from `source` (G8): two-finger scrolling hides the pointer as a gesture does
    /// (not its closing stop); a wheel leaves it.
    mutating func scrolled(source: ScrollSource, stop: Bool, log: TransitionLog?) {
        if source == .finger, !stop { handle(.gestureBegan, log: log) }
    }

    /// A button was pressed or released at `now`: the auto-hide clock restarts, and a pointer
    /// hidden by auto-hide, a gesture or touch shows again (not one without focus).
    mutating func button(at now: Timestamp, log: TransitionLog?) {
        lastActivity = now
        if machine.state != .visible, machine.state != .unfocused { handle(.moved, log: log) }
    }

    /// The auto-hide deadline came at `t` (P5): the pointer hides, unless a drag, selection,
    /// gesture or press is in progress (`active`), which counts as activity. Returns whether it
    /// was told to hide.
    mutating func idleTimeout(at t: Timestamp, active: Bool, log: TransitionLog?) -> Bool {
        if active { lastActivity = t; return false }
        handle(.idleTimeout, log: log)
        return true
    }

    /// The auto-hide delay changed at `now`: the clock starts again from then.
    mutating func autoHideDelayChanged(at now: Timestamp) { lastActivity = now }

    /// P5: the time the pointer hides without activity (`autoHideDelay` seconds after the last,
    /// while shown), nil: never.
    func idleDeadline(autoHideDelay: Double?) -> Timestamp? {
        guard let delay = autoHideDelay, machine.state == .visible else { return nil }
        return lastActivity + .seconds(max(0, delay))
    }

    /// Points the fade at the state: in quickly when shown, out slowly when hidden.
    mutating func followState() {
        let shown = machine.state.isShown
        opacity.response = shown ? PointerVisibility.showResponse : PointerVisibility.hideResponse
        opacity.target = shown ? 1 : 0
    }

    /// P6: under reduce motion the fade is a short linear cross-fade, not a spring.
    mutating func setReduceMotion(_ rm: Bool) { opacity.reduceMotion = rm }

    mutating func step(by dt: Double) { opacity.step(by: dt) }
}
