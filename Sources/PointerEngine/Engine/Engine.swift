// The pointer engine: input events + a clock value in, a render description out.
//
// Deterministic: no clock reads, no randomness. `handle(_:now:)` takes one event,
// `advance(to:)` runs animations and timers up to a time, `frame(now:)` describes what to draw.
// Internal deadlines (auto-hide, the pointer coming to rest) are honoured at their exact time
// whatever the caller's frame rate, so a trace replays to the same states (SPEC T2).
// A host that draws on the display's frames can make animations keep the frames' time instead
// of each event's (`AnimationClock.frames`).

/// When an engine's animations and timers run (issue 8, event → commit latency).
public enum AnimationClock: Sendable, Equatable {
    /// Each event first runs animations and timers up to its own time: the engine's state
    /// after an event is a function of the events alone (traces, tests, headless replay).
    case events
    /// The host runs animations at the display's frames (`advance(to:)` when it draws a frame
    /// the display will show, as a display link does); an event handled between two frames
    /// changes what it changes — pointer, hover, scroll — and leaves animations where the last
    /// frame put them, to move on at the next frame. So a commit made at once for input does
    /// not repaint every animating effect again for a refresh that shows only one of them.
    /// A spring whose target an event changes therefore runs from the last frame with the new
    /// target (at most a refresh earlier), and an interaction timer due between a frame and an
    /// event fires at the next frame. While nothing animates, when one of the engine's own
    /// deadlines (auto-hide, the pointer at rest) falls before the event, or when frames stop
    /// coming (animations lag input by more than `lagLimit`), an event runs time to itself
    /// first, exactly as with `.events`.
    case frames

    /// Seconds animations may lag input with `.frames` before an event runs them itself
    /// (three refreshes at 60 Hz: a late frame callback, an occluded window).
    public static let lagLimit = 0.05
}

/// The pointer engine, a value: a copy is a snapshot that changes only when it is changed
/// itself. Its live state (`EngineCore`) sits behind one reference, so copying an engine, or
/// calling it through a class's property, copies a pointer, never the state; the first change
/// to an engine whose state another copy shares gives it a state of its own (copy on write).
public struct Engine: Sendable {
    private var storage: EngineStorage

    /// An engine for `layout` with `settings` at time `now` (the standard interactions: scroll,
    /// zoom, pages, drags, band selection, menus, scrubbers, resize handles, revealable controls).
    public init(layout: Layout, settings: PointerSettings = PointerSettings(), now: Timestamp = Timestamp(rawValue: 0)) {
        self.init(layout: layout, settings: settings, interactions: StandardInteractions.make(), now: now)
    }

    /// An engine with its own list of interactions (tests, the playground).
    package init(layout: Layout, settings: PointerSettings = PointerSettings(), interactions: [any Interaction],
                 now: Timestamp = Timestamp(rawValue: 0)) {
        storage = EngineStorage(EngineCore(layout: layout, settings: settings, interactions: interactions, now: now))
    }

    /// The live state, read where it is.
    @inline(__always) var live: UnsafeMutablePointer<EngineCore> { storage.core }

    /// The live state for a change: this engine's own (copied first while another shares it).
    @inline(__always) mutating func owned() -> UnsafeMutablePointer<EngineCore> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage.core
    }

    /// A snapshot of the live state (tests reach internals through it).
    var core: EngineCore { live.pointee }

    /// A touch moving less than this is a tap (points).
    public static let tapSlop = InputTracker.tapSlop
    /// A touch held longer than this is not a tap (seconds).
    public static let tapMaximumDuration = InputTracker.tapMaximumDuration
    /// Two presses within this distance can make a double click (points).
    public static let doubleClickSlop = InputTracker.doubleClickSlop

    // MARK: configuration

    /// The layout the engine hit-tests and lays effects on (`setLayout(_:)` replaces it).
    public var layout: Layout { live.pointee.layout }
    /// The user's pointer settings (P6, G1): size, colour, contrast, auto-hide, motion, gestures; set to change them live.
    public var settings: PointerSettings {
        get { live.pointee.settings }
        set { owned().pointee.settings = newValue }
    }
    /// Interaction components, offered each event in order (see `Interaction`).
    package var interactions: [any Interaction] {
        get { live.pointee.interactions }
        set { owned().pointee.interactions = newValue }
    }
    /// Receives one line per state transition (debug log); nil logs nothing.
    public var log: (@Sendable (String) -> Void)? {
        get { live.pointee.log }
        set { owned().pointee.log = newValue }
    }
    /// When animations and timers run (issue 8): see `AnimationClock`.
    public var animationClock: AnimationClock {
        get { live.pointee.animationClock }
        set { owned().pointee.animationClock = newValue }
    }
    /// Advance every interaction while any is active or animating, as before the per-interaction
    /// skip: the reference the fast-path tests compare against.
    var advancesEveryInteraction: Bool {
        get { live.pointee.advancesEveryInteraction }
        set { owned().pointee.advancesEveryInteraction = newValue }
    }

    // MARK: state

    /// Live state shared with the interactions (scroll transforms, selection …).
    public var scene: SceneState { live.pointee.scene }
    /// Interprets raw input into intents (scroll, zoom, swipes, secondary clicks) for the
    /// interactions.
    package var gestures: GestureInterpreter { live.pointee.gestures }
    /// The engine's current time: the latest event's or `advance(to:)`'s.
    public var now: Timestamp { live.pointee.now }
    /// The time animations and timers last ran to: `now` with the `.events` clock; with
    /// `.frames`, the last frame's time, which input handled since may have passed.
    public var animationTime: Timestamp { live.pointee.animationTime }
    /// The logical pointer: exactly where the user put it (M6), surface points.
    public var logicalPosition: Point { live.pointee.logicalPosition }
    /// Where the pointer is drawn (M3–M6), clamped to the surface, points.
    public var drawnPosition: Point { live.pointee.drawnPosition }
    /// The modifiers in effect now (the stream's effective set, G10).
    public var modifiers: Modifiers { live.pointee.modifiers }
    /// Touch points down now (G11, H1); a touch handed to the compositor with a drag is not.
    public var touchCount: Int { live.pointee.input.touches.count }
    /// The touchpad's latest gesture as the interpreter accepted it (G2–G8).
    package var lastGesture: GestureFacts { live.pointee.gestures.lastGesture }
    /// The element whose hit region the pointer is in (M1, M2), while the pointer shows.
    public var hovered: ElementID? { live.pointee.hovered }
    /// The input that produced the last event.
    public var lastInput: InputKind { live.pointee.lastInput }
    package var visibilityState: PointerVisibilityState { live.pointee.visibilityState }
    /// Why the drawn pointer is attracted now.
    public var attraction: Attraction { live.pointee.attraction }
    /// The text selection in a text area (P2, M5), nil when none.
    public var textSelection: TextSelection? { live.pointee.textSelection }
    /// Whether a text selection drag is in progress.
    public var isSelectingText: Bool { live.pointee.isSelectingText }
    /// A drag, selection, gesture or scrub is in progress somewhere.
    public var isActive: Bool { live.pointee.isActive }
    /// Everything has come to rest: no animation is running.
    public var isSettled: Bool { live.pointee.isSettled }
    /// The effect currently shown (or fading) for an element.
    public func effect(on id: ElementID) -> (kind: EffectKind, progress: Double)? { live.pointee.effect(on: id) }
    /// The effect the engine picks for an element (E4), nil for none.
    public func resolvedEffect(of id: ElementID) -> EffectKind? { live.pointee.resolvedEffect(of: id) }
    /// The element whose hit region holds surface point `p` (M1, M2).
    public func region(at p: Point) -> ElementID? { live.pointee.region(at: p) }
    /// The topmost element whose visible frame holds `p`.
    public func element(at p: Point) -> ElementID? { live.pointee.element(at: p) }
    /// An element's frame on the surface after scroll transforms, points.
    public func surfaceFrame(of id: ElementID) -> Rect? { live.pointee.surfaceFrame(of: id) }
    /// Whether the media of scrubber `id` plays.
    public func isPlaying(_ id: ElementID) -> Bool { live.pointee.isPlaying(id) }
    /// The playhead of scrubber `id`, seconds of media (nil: no scrubber there).
    public func playhead(of id: ElementID) -> Double? { live.pointee.playhead(of: id) }

    // MARK: input and time

    /// Handles one event at time `now` (normally `event.time`; never earlier than the last).
    public mutating func handle(_ event: InputEvent, now: Timestamp) { owned().pointee.handle(event, now: now) }
    /// Convenience: handles the event at its own timestamp.
    public mutating func handle(_ event: InputEvent) { owned().pointee.handle(event, now: event.time) }
    /// Runs animations and timers up to `target` (times before `animationTime` are ignored).
    public mutating func advance(to target: Timestamp) { owned().pointee.advance(to: target) }
    /// Replaces the layout. Interactions in progress are cancelled (G7); effects on vanished
    /// elements fade out where they were. A scroll container that is still there keeps its
    /// offset, clamped to its new extent (a window resize: the content view keeps what it
    /// shows, G1).
    public mutating func setLayout(_ layout: Layout) { owned().pointee.setLayout(layout) }
    /// Takes the outputs collected since the last call.
    public mutating func drainOutputs() -> [EngineOutput] { owned().pointee.drainOutputs() }
    /// Plays, pauses or skips the media of scrubber `id` now (through the `ScrubberInteraction`
    /// among the interactions; nothing without one). Reaching the end stops playback (I3).
    public mutating func playback(_ command: PlaybackCommand, scrubber id: ElementID) {
        owned().pointee.playback(command, scrubber: id)
    }
    /// Lets the app change the interactions of type `T` now (an app's own interaction told what
    /// the app decided: playback, a tab closing), with a context to change the scene and emit
    /// outputs; then the pointer follows (a control that stopped answering loses its hover).
    package mutating func withInteraction<T: Interaction>(_ type: T.Type,
                                                         _ body: (inout T, inout InteractionContext, Timestamp) -> Void) {
        owned().pointee.withInteraction(type, body)
    }

    // MARK: frames

    /// The render description of the engine's state at `now` (no time passes).
    public func describe() -> Frame { live.pointee.describe() }
    /// Frame the engine's state at `now` (advancing to it first).
    public mutating func frame(now t: Timestamp) -> Frame { owned().pointee.frame(now: t) }
    /// The next time something changes without input (auto-hide P5, the pointer coming to
    /// rest, a right click held back as a possible two-finger tap G4, a held key's next repeat
    /// G10, a finger scroll whose stop never came G1), nil: none. `describe().nextDeadline`,
    /// without describing the frame.
    public var nextDeadline: Timestamp? { live.pointee.nextDeadline }
}

/// The one reference behind an `Engine`: it owns the live state, in place. Unchecked
/// Sendable as the standard library's buffers are: an engine changes its state only while it
/// holds the sole reference (copy on write), so a state shared between threads is only read.
final class EngineStorage: @unchecked Sendable {
    let core: UnsafeMutablePointer<EngineCore>

    init(_ state: EngineCore) {
        core = .allocate(capacity: 1)
        core.initialize(to: state)
    }

    deinit {
        core.deinitialize(count: 1)
        core.deallocate()
    }

    /// Storage of its own with a copy of this state.
    func copy() -> EngineStorage { EngineStorage(core.pointee) }
}
