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

public struct Engine: Sendable {
    public private(set) var layout: Layout
    public var settings: PointerSettings { didSet { applySettings(old: oldValue) } }
    /// Interaction components, offered each event in order (see `Interaction`).
    public var interactions: [any Interaction] {
        get { components }
        set { components = newValue; refreshInteractionCaches() }
    }
    /// The interactions (stored; `interactions` is the public face).
    var components: [any Interaction]
    /// Per interaction: its `interests` bits, plus `InteractionCache.active`/`.animating`,
    /// read after every mutating call (see `InteractionInterests`).
    var interactionCache: [UInt32] = []
    /// The union of `interactionCache`: whether anyone wants an event kind at all.
    var interactionUnion: UInt32 = 0
    /// Live state shared with the interactions (scroll transforms, selection …).
    public private(set) var scene = SceneState()
    /// Receives one line per state transition (debug log); nil logs nothing.
    public var log: (@Sendable (String) -> Void)?

    var index: HitIndex
    /// Floating controls over scroll containers, for scroll edge effects (I5).
    var edgeSources: [EdgeEffectSource]
    /// Interprets raw input into intents (scroll, zoom, swipes, secondary clicks) for the
    /// interactions.
    public private(set) var gestures: GestureInterpreter
    /// The engine's current time: the latest event's or `advance(to:)`'s.
    public private(set) var now: Timestamp
    /// The time animations and timers last ran to: `now` with the `.events` clock; with
    /// `.frames`, the last frame's time, which input handled since may have passed.
    public private(set) var animationTime: Timestamp
    /// When animations and timers run (issue 8): see `AnimationClock`.
    public var animationClock = AnimationClock.events
    /// The logical pointer: exactly where the user put it (M6), surface points.
    public private(set) var logicalPosition: Point
    public private(set) var modifiers: Modifiers = []
    /// The element whose hit region the pointer is in (M1, M2), while the pointer shows.
    public private(set) var hovered: ElementID?
    /// The input that produced the last event.
    public private(set) var lastInput: InputKind = .pointer

    var visibility = PointerVisibility()
    var visibleOpacity: Animated
    var magnetism: Magnetism
    var velocity = VelocityEstimator()
    var morph: PointerMorph
    var effects: [EffectInstance] = []
    var accessories = AccessoryAnimator()
    var annotations = AnnotationAnimator()
    var text = TextTracker()
    var devices: [DeviceID: DeviceCapabilities] = [:]
    /// Devices that sent pointer focus (enter/leave): a compositor's seat pointer (see `inputKind(of:)`).
    var seatPointers: Set<DeviceID> = []
    /// The hardware the newest device-revealing event came from (see `inputKind(of:)`).
    var revealedPointer: InputKind?
    var buttons: [PointerButton: PressedButton] = [:]
    var lastClick: (button: PointerButton, time: Timestamp, at: Point, count: Int)?
    var touches: [TouchID: TouchPoint] = [:]
    /// The held navigation key that repeats, and each keyboard's repeat (G10).
    var keyRepeater = KeyRepeater()
    /// Last motion/button/scroll time: the auto-hide clock (P5).
    var lastActivity: Timestamp
    var lastMotion: Timestamp?
    var captor: Int?
    var request = PointerRequest()
    var outputs: [EngineOutput] = []
    /// What the pointer needs to know about the hovered element, read once when it changes.
    var hoverInfo: HoverInfo?
    /// Set when `motion` already hit-tested this event (saves the second query).
    var hoverIsFresh = false
    /// The interactions have had one `advance` (they set up per-element state there).
    var interactionsPrimed = false
    /// Advance every interaction while any is active or animating, as before the per-interaction
    /// skip: the reference the fast-path tests compare against.
    var advancesEveryInteraction = false
    var lastAccessories: [PointerAccessory] = []
    var lastAnnotations: [PointerAnnotation] = []

    struct HoverInfo: Sendable {
        var id: ElementID
        /// The element's slot in the hit index.
        var slot: Int
        var kind: ElementKind
        var cornerRadius: Double
        var style: PointerStyle?
        var graph: GraphAxes?
        var resizeAxis: ResizeAxis?
        var effect: EffectKind?
        /// The element changes the pointer's shape, accessories or annotations (the per-event
        /// pointer update reads nothing else when it does not).
        var shapesPointer: Bool
        var addsAccessories: Bool
        var addsAnnotations: Bool
        /// It snaps the pointer (M3).
        var snaps: Bool
    }

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

    /// A touch moving less than this is a tap (points).
    public static let tapSlop = 10.0
    /// A touch held longer than this is not a tap (seconds).
    public static let tapMaximumDuration = 0.5
    /// Two presses within this distance can make a double click (points).
    public static let doubleClickSlop = 4.0

    public init(layout: Layout, settings: PointerSettings = PointerSettings(),
                interactions: [any Interaction] = StandardInteractions.make(),
                now: Timestamp = Timestamp(rawValue: 0)) {
        self.layout = layout
        self.settings = settings
        self.components = interactions
        self.index = HitIndex(layout: layout)
        self.edgeSources = index.edgeEffectSources()
        self.gestures = GestureInterpreter(settings: settings.gestures)
        self.now = now
        self.animationTime = now
        self.lastActivity = now
        self.logicalPosition = Point(layout.size.width / 2, layout.size.height / 2)
        self.visibleOpacity = Animated(0, response: PointerVisibility.showResponse, reduceMotion: settings.reduceMotion)
        self.magnetism = Magnetism(reduceMotion: settings.reduceMotion)
        self.morph = PointerMorph(ShapeTarget(key: .init(.none), shape: .arrow,
                                              anchor: .pointer(.zero), cornerRadius: 0, opacity: 1, underContent: false),
                                  reduceMotion: settings.reduceMotion)
        self.morph = PointerMorph(shapeTarget(), reduceMotion: settings.reduceMotion)
        refreshInteractionCaches()
    }

    // MARK: public state

    /// Where the pointer is drawn (M3–M6), clamped to the surface, points.
    public var drawnPosition: Point {
        let p = logicalPosition + magnetism.offset
        return Point(clamp(p.x, 0, layout.size.width), clamp(p.y, 0, layout.size.height))
    }
    public var visibilityState: PointerVisibilityState { visibility.state }
    /// Why the drawn pointer is attracted now.
    public var attraction: Attraction { magnetism.attraction }
    public var textSelection: TextSelection? { text.selection }
    public var isSelectingText: Bool { text.isSelecting }
    /// A drag, selection, gesture or scrub is in progress somewhere.
    public var isActive: Bool {
        captor != nil || text.isSelecting || !buttons.isEmpty || !touches.isEmpty || interactionUnion & InteractionCache.active != 0
    }
    /// Everything has come to rest: no animation is running.
    public var isSettled: Bool {
        visibleOpacity.isSettled && magnetism.isSettled && morph.isSettled && effects.allSatisfy { $0.progress.isSettled }
            && accessories.isSettled && annotations.isSettled && interactionUnion & InteractionCache.animating == 0
    }
    /// The effect currently shown (or fading) for an element.
    public func effect(on id: ElementID) -> (kind: EffectKind, progress: Double)? {
        effects.last { $0.element == id }.map { ($0.kind, $0.progress.value) }
    }
    /// The effect the engine picks for an element (E4), nil for none.
    public func resolvedEffect(of id: ElementID) -> EffectKind? { index.entry(id)?.effect }
    /// The element whose hit region holds surface point `p` (M1, M2).
    public func region(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: true) }
    /// The topmost element whose visible frame holds `p`.
    public func element(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: false) }
    /// An element's frame on the surface after scroll transforms, points.
    public func surfaceFrame(of id: ElementID) -> Rect? { index.surfaceFrame(of: id, scene: scene) }

    /// Takes the outputs collected since the last call.
    public mutating func drainOutputs() -> [EngineOutput] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    /// Replaces the layout. Interactions in progress are cancelled (G7); effects on vanished
    /// elements fade out where they were.
    /// A scroll container that is still there keeps its offset, clamped to its new extent (a
    /// window resize: the content view keeps what it shows, G1).
    public mutating func setLayout(_ layout: Layout) {
        cancelInteractions()
        self.layout = layout
        for (id, t) in scene.transforms {
            guard let e = layout[id], let cfg = e.traits.scroll else { scene.transforms[id] = nil; continue }
            var kept = t
            let maxX = max(0, cfg.contentSize.width * t.zoom - e.frame.width)
            let maxY = max(0, cfg.contentSize.height * t.zoom - e.frame.height)
            kept.offset = Vector(min(max(t.offset.dx, 0), maxX), min(max(t.offset.dy, 0), maxY))
            scene.transforms[id] = kept
        }
        index = HitIndex(layout: layout)
        edgeSources = index.edgeEffectSources()
        text = TextTracker()
        hoverInfo = nil
        hovered = nil
        updatePointer(moved: false)
    }

    // MARK: events

    /// Handles one event at time `now` (normally `event.time`; never earlier than the last).
    public mutating func handle(_ event: InputEvent, now: Timestamp) {
        if animationClock == .events || !deferAnimations(to: now) { advance(to: now) } else if now > self.now { self.now = now }
        let dev = event.device
        let intents = gestures.handle(event, now: now)
        switch event.kind {
        case .deviceAdded(_, let caps):
            devices[dev] = caps
        case .deviceRemoved:
            removeDevice(dev)
        case .pointerEnter(let p):
            seatPointers.insert(dev)
            logicalPosition = clampToSurface(Point(p.x, p.y))
            velocity.reset()
            visibilityEvent(.entered)
            lastActivity = now
            dispatch(.pointerEntered(at: logicalPosition), input: inputKind(of: dev))
        case .pointerLeave:
            visibilityEvent(.left)
            dispatch(.pointerLeft, input: inputKind(of: dev))
        case .motion(let position, let delta, _):
            motion(to: position, delta: Vector(delta.dx, delta.dy), device: dev)
        case .button(let b, let pressed):
            button(b, pressed: pressed, device: dev)
        case .scroll(let source, let axis, let value, let value120, let stop):
            scroll(source: source, axis: axis, value: value, value120: value120, stop: stop, device: dev)
        case .gesture(let g):
            if g.phase == .begin, g.kind != .hold { visibilityEvent(.gestureBegan) }
            lastInput = .trackpad
            revealedPointer = .trackpad
            let target = scrollTarget(axis: nil)
            dispatch(.gesture(g, at: logicalPosition, target: target), input: .trackpad)
        case .touchDown(let id, let p):
            touchDown(id, at: Point(p.x, p.y), device: dev)
        case .touchMotion(let id, let p):
            touchMoved(id, to: Point(p.x, p.y))
        case .touchUp(let id):
            touchUp(id)
        case .touchCancel:
            touches.removeAll()
            dispatch(.touchCancel, input: .touch)
        case .touchFrame, .frame:
            break
        case .key(let k, let pressed):
            keyRepeater.key(k, pressed: pressed, device: dev, now: now)
            dispatch(.key(k, pressed: pressed), input: .keyboard)
        case .keyRepeat(let r):
            keyRepeater.rates[dev] = r
        case .scrollDirection:
            break
        case .modifiers(let m):
            if m.effective != modifiers {
                modifiers = m.effective
                dispatch(.modifiersChanged(modifiers), input: .keyboard)
            }
        }
        dispatch(intents)
        updatePointer(moved: false)
    }

    /// Dispatches the gesture interpreter's intents at the pointer.
    mutating func dispatch(_ intents: [GestureIntent]) {
        guard !intents.isEmpty, interactionUnion & InteractionInterests.intent.rawValue != 0 else { return }
        let target = scrollTarget(axis: nil)
        for i in intents { dispatch(.intent(i, at: logicalPosition, target: target), input: lastInput) }
    }

    /// Convenience: handles the event at its own timestamp.
    public mutating func handle(_ event: InputEvent) { handle(event, now: event.time) }

    mutating func motion(to position: InputPoint?, delta: Vector, device: DeviceID) {
        let old = logicalPosition
        let target = position.map { Point($0.x, $0.y) } ?? (old + delta)
        logicalPosition = clampToSurface(target)
        let moved = logicalPosition - old
        velocity.add(delta: moved, at: now)
        magnetism.pendingMotion = magnetism.pendingMotion + moved
        lastMotion = now
        lastActivity = now
        lastInput = inputKind(of: device)
        if lastInput == .touch { lastInput = .pointer }
        visibilityEvent(.moved)
        updateHover() // interactions see the element under the pointer now
        hoverIsFresh = true
        let targets = scene.disabled
        dispatch(.pointerMoved(to: logicalPosition, delta: moved), input: lastInput)
        // The motion revealed (or hid) controls (I4): hover hit-tests again with them.
        if scene.disabled != targets { hoverIsFresh = false }
        if text.isSelecting, case .selecting(let id) = text.state, let lines = textLines(id) {
            let before = text.selection
            text.move(to: logicalPosition, lines: lines)
            if text.selection != before { outputs.append(.textSelectionChanged(text.selection)) }
        }
    }

    mutating func button(_ b: PointerButton, pressed: Bool, device: DeviceID) {
        lastActivity = now
        let input = inputKind(of: device) == .trackpad ? InputKind.trackpad : .pointer
        lastInput = input
        if visibility.state != .visible, visibility.state != .unfocused { visibilityEvent(.moved) }
        updateHover()
        let hit = hovered ?? index.element(at: logicalPosition, scene: scene, padded: true)
        if pressed {
            guard buttons[b] == nil else { return } // a repeated press without release: ignore
            var count = 1
            if let l = lastClick, l.button == b, Double(now.rawValue &- l.time.rawValue) / 1e6 <= settings.doubleClickInterval,
               l.at.distance(to: logicalPosition) <= Engine.doubleClickSlop {
                count = l.count + 1
            }
            lastClick = (b, now, logicalPosition, count)
            let handled = dispatch(.pointerPressed(b, at: logicalPosition, hit: hit, clickCount: count), input: input)
            buttons[b] = PressedButton(device: device, element: hit, handled: handled, clickCount: count)
            if !handled, let id = hit {
                if b == .left, let e = layout[id], e.kind == .textArea, let lines = textLines(id) {
                    text.begin(id, at: logicalPosition, lines: lines, extend: modifiers.contains(.shift))
                    if log != nil { transition("text: selecting in \(id) from \(text.selection?.anchor.description ?? "-")") }
                    outputs.append(.textSelectionChanged(text.selection))
                } else {
                    scene.pressed.insert(id)
                }
            }
        } else {
            guard let press = buttons.removeValue(forKey: b) else { return }
            let handled = dispatch(.pointerReleased(b, at: logicalPosition, hit: hit), input: input)
            if let id = press.element { scene.pressed.remove(id) }
            if b == .left, text.isSelecting { endTextSelection() }
            if !handled, !press.handled, b == .left, let id = press.element, id == hit,
               layout[id]?.kind != .textArea {
                outputs.append(.activated(id, input: input, clickCount: press.clickCount))
            }
        }
    }

    mutating func scroll(source: ScrollSource, axis: ScrollAxis, value: Double, value120: Int32?, stop: Bool, device: DeviceID) {
        let input: InputKind = source == .finger ? .trackpad : .pointer
        lastInput = input
        revealedPointer = input
        if source == .finger, !stop { visibilityEvent(.gestureBegan) }
        // The stream chose the direction (ScrollDirection): every source alike, never inverted (G1).
        let delta = value * settings.gestures.scrollSpeed
        let target = scrollTarget(axis: axis)
        dispatch(.scroll(source: source, axis: axis, delta: delta, value120: value120, stop: stop, at: logicalPosition, target: target), input: input)
    }

    mutating func touchDown(_ id: TouchID, at p: Point, device: DeviceID) {
        lastInput = .touch
        visibilityEvent(.touched)
        let p = clampToSurface(p)
        let hit = index.element(at: p, scene: scene, padded: true)
        let handled = dispatch(.touchDown(id, at: p, hit: hit), input: .touch)
        touches[id] = TouchPoint(device: device, start: p, position: p, time: now, element: hit, moved: false, handled: handled)
    }

    mutating func touchMoved(_ id: TouchID, to p: Point) {
        let p = clampToSurface(p)
        guard var t = touches[id] else { return }
        t.position = p
        if p.distance(to: t.start) > Engine.tapSlop { t.moved = true }
        let hit = index.element(at: p, scene: scene, padded: true)
        let holder = captor
        if dispatch(.touchMoved(id, at: p, hit: hit), input: .touch) { t.handled = true }
        if holder != nil, captor == nil {
            // The captor let the touch go before using it (a touch drag not held long enough
            // to lift, G11): the others get the touch from where it came down, then this move.
            t.handled = dispatch(.touchDown(id, at: t.start, hit: t.element), input: .touch)
            if dispatch(.touchMoved(id, at: p, hit: hit), input: .touch) { t.handled = true }
        }
        touches[id] = t
    }

    mutating func touchUp(_ id: TouchID) {
        guard let t = touches.removeValue(forKey: id) else { return }
        let hit = index.element(at: t.position, scene: scene, padded: true)
        let handled = dispatch(.touchUp(id, at: t.position, hit: hit), input: .touch)
        let duration = Double(now.rawValue &- t.time.rawValue) / 1e6
        if !handled, !t.handled, !t.moved, duration <= Engine.tapMaximumDuration, let e = t.element, e == hit {
            outputs.append(.activated(e, input: .touch, clickCount: 1))
        }
    }

    mutating func removeDevice(_ dev: DeviceID) {
        let caps = devices.removeValue(forKey: dev) ?? []
        keyRepeater.removeDevice(dev)
        for (b, p) in buttons where p.device == dev {
            buttons[b] = nil
            if let id = p.element { scene.pressed.remove(id) }
        }
        let hadTouches = touches.values.contains { $0.device == dev }
        touches = touches.filter { $0.value.device != dev }
        if text.isSelecting, buttons[.left] == nil { endTextSelection() }
        dispatch(.deviceRemoved(dev, capabilities: caps), input: inputKind(of: dev))
        seatPointers.remove(dev)
        if hadTouches { dispatch(.touchCancel, input: .touch) }
        // Whatever the device was doing is over (G7): a captor that did not release is cancelled.
        if let c = captor, buttons.isEmpty, touches.isEmpty {
            var ctx = takeContext(input: .pointer)
            components[c].cancel(context: &ctx, now: now)
            refreshInteractionCache(c)
            absorb(&ctx)
            captor = nil
            if log != nil { transition("capture: \(interactions[c].name) cancelled (device removed)") }
        }
    }

    mutating func cancelInteractions() {
        var ctx = takeContext(input: lastInput)
        for i in components.indices { components[i].cancel(context: &ctx, now: now) }
        refreshInteractionCaches()
        absorb(&ctx)
        captor = nil
        buttons.removeAll()
        touches.removeAll()
        scene.pressed.removeAll()
        _ = text.end()
    }

    // MARK: dispatch

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

    /// A read-only context (the scene is shared).
    func context(input: InputKind) -> InteractionContext {
        InteractionContext(layout: layout, scene: scene, settings: settings, pointer: logicalPosition,
                           modifiers: modifiers, input: input, hovered: hovered, index: index)
    }

    /// A context that takes the scene (moved, not copied, so interactions mutate it in place);
    /// `absorb` puts it back.
    mutating func takeContext(input: InputKind) -> InteractionContext {
        var s = SceneState()
        swap(&s, &scene)
        return InteractionContext(layout: layout, scene: s, settings: settings, pointer: logicalPosition,
                                  modifiers: modifiers, input: input, hovered: hovered, index: index)
    }

    mutating func absorb(_ ctx: inout InteractionContext) {
        swap(&scene, &ctx.scene)
        if !ctx.outputs.isEmpty { outputs.append(contentsOf: ctx.outputs); ctx.outputs.removeAll() }
    }

    /// Offers an event to the captor first, then to each interaction in order, until one
    /// consumes it. Events that end something (a touch lifting or cancelled, a button released,
    /// a device removed, focus lost, the fingers' scroll stop) reach every interaction whatever
    /// the others answer, so nothing is left half-done (G7). Returns whether someone consumed
    /// the event.
    @discardableResult
    mutating func dispatch(_ event: InteractionEvent, input: InputKind) -> Bool {
        let want = event.interest.rawValue
        // Nobody wants this kind of event now: no context, no calls (see InteractionInterests).
        guard interactionUnion & want != 0 else { return false }
        let broadcast: Bool
        switch event {
        // The fingers' scroll stop too: whoever latched onto the scroll (a canvas pan, a scroll
        // view) lets go even when another took over mid-way (a page swipe, G1, G5).
        case .touchUp, .touchCancel, .pointerReleased, .deviceRemoved, .pointerLeft, .intent(.scrollEnded, _, _),
             .intent(.scrollLapsed, _, _): broadcast = true
        case .pointerMoved, .pointerPressed, .scroll, .gesture, .touchDown, .touchMoved, .key, .modifiersChanged,
             .pointerEntered, .intent: broadcast = false
        }
        var consumed = false
        var ctx = takeContext(input: input)
        defer { absorb(&ctx) }
        if let c = captor, interactionCache[c] & want != 0 {
            let r = components[c].handle(event, context: &ctx, now: now)
            refreshInteractionCache(c)
            switch r {
            case .handled, .captured: consumed = true
            case .released:
                captor = nil
                if log != nil { transition("capture: \(interactions[c].name) released on \(event)") }
                consumed = true
            case .ignored: break
            }
            if consumed, !broadcast { return true }
        }
        let skip = captor
        for i in components.indices where i != skip && interactionCache[i] & want != 0 {
            let r = components[i].handle(event, context: &ctx, now: now)
            refreshInteractionCache(i)
            switch r {
            case .ignored: continue
            case .handled, .released: consumed = true
            case .captured:
                consumed = true
                if captor == nil {
                    captor = i
                    if log != nil { transition("capture: \(interactions[i].name) captured on \(event)") }
                }
            }
            if !broadcast { return true }
        }
        return consumed
    }

    /// Logs a transition line (callers whose text is costly check `log != nil` first; state
    /// changes never happen inside the argument's evaluation conditionally).
    mutating func endTextSelection() {
        guard text.end() else { return }
        if log != nil { transition("text: selecting → idle") }
    }

    func transition(_ line: String?) {
        if let log, let line { log(line) }
    }

    /// Feeds the visibility state machine and logs the transition. (A mutating method: calling
    /// `transition(visibility.handle(e))` would copy the whole engine for the receiver.)
    mutating func visibilityEvent(_ e: PointerVisibilityEvent) {
        let t = visibility.handle(e)
        if let log, let t { log(t.description) }
    }

    // MARK: time

    /// With the `.frames` clock, whether an event at `t` leaves animations where the last frame
    /// put them: yes while something animates, unless frames stopped coming (animations lag
    /// input by more than `AnimationClock.lagLimit`) or one of the engine's own deadlines
    /// (auto-hide, the pointer coming to rest) falls before the event. Otherwise time runs to
    /// the event first, as with `.events`: the deadline fires before the event, and an
    /// animation the event starts starts at the event, not at a frame long past.
    func deferAnimations(to t: Timestamp) -> Bool {
        guard t.seconds(since: animationTime) <= AnimationClock.lagLimit, !isSettled else { return false }
        if let d = nextDeadline, d <= t { return false }
        return true
    }

    /// Runs animations and timers up to `target` (times before `animationTime` are ignored).
    public mutating func advance(to target: Timestamp) {
        while target > animationTime {
            var step = target
            var fire: PointerVisibilityEvent? = nil
            var rest = false, repeatKey = false
            if let d = idleDeadline, d > animationTime, d <= step { step = d; fire = .idleTimeout }
            if let m = lastMotion, velocity.speed > 0 {
                let r = Timestamp(rawValue: m.rawValue + UInt64(MagnetismTuning.velocitySmoothing * 1e6))
                if r > animationTime, r < step { step = r; fire = nil; rest = true } else if r > animationTime, r == step { rest = true }
            }
            // A right click held back as a possible two-finger tap opens its menu at its deadline (G4, G9).
            if let d = gestures.pendingTapDeadline, d > animationTime, d < step { step = d; fire = nil; rest = false }
            // A finger scroll whose stop never came ends at its deadline, and its glide starts (G1).
            if let d = gestures.fingerScrollDeadline, d > animationTime, d < step { step = d; fire = nil; rest = false }
            if let d = keyRepeater.deadline, d > animationTime, d <= step {
                if d < step { fire = nil; rest = false }
                step = d; repeatKey = true
            }
            stepAnimations(to: step)
            if rest { velocity.decay(to: step); updateMagnetism() }
            if fire == .idleTimeout {
                if isActive { lastActivity = step } else { visibilityEvent(.idleTimeout); updatePointer(moved: false) }
            }
            if repeatKey, let k = keyRepeater.fire() {
                // A repeat is one more press of the held key, at its own time (G10).
                dispatch(.key(k, pressed: true), input: .keyboard)
                updatePointer(moved: false)
            }
        }
    }

    var idleDeadline: Timestamp? {
        guard let delay = settings.autoHideDelay, visibility.state == .visible else { return nil }
        return Timestamp(rawValue: lastActivity.rawValue + UInt64(max(0, delay) * 1e6))
    }

    mutating func stepAnimations(to t: Timestamp) {
        let dt = Double(t.rawValue - animationTime.rawValue) / 1e6
        animationTime = t
        // With the `.frames` clock, input handled since the last frame may be later than `t`:
        // the gesture interpreter and the interactions, which saw that input, are never
        // taken back in time (with `.events`, `now` is `t`).
        if t > now { now = t }
        visibleOpacity.step(by: dt)
        magnetism.step(by: dt)
        morph.step(by: dt)
        for i in effects.indices { effects[i].progress.step(by: dt) }
        effects.removeAll { $0.isGone }
        accessories.step(by: dt)
        annotations.step(by: dt)
        dispatch(gestures.advance(to: now))
        // Interactions only need time while something of theirs moves or waits on a timer.
        // Each interaction is advanced only while it is active or animating (after the first
        // advance, which lets each one set itself up): one that is neither waits on nothing.
        let timed = InteractionCache.active | InteractionCache.animating
        if !components.isEmpty, !interactionsPrimed || interactionUnion & timed != 0 {
            let all = !interactionsPrimed || advancesEveryInteraction
            interactionsPrimed = true
            let targets = scene.disabled
            var ctx = takeContext(input: lastInput)
            for i in components.indices where all || interactionCache[i] & timed != 0 {
                components[i].advance(to: now, context: &ctx)
                refreshInteractionCache(i)
            }
            absorb(&ctx)
            // Controls hid (or revealed) on a timer: a hidden control loses its hover (I4, M1).
            // A timer changed what an interaction wants of the pointer (a touch hold lifted an
            // item with the copy key held: its badge, I2).
            if scene.disabled != targets || currentRequest() != request { updatePointer(moved: false) }
        }
    }

    /// Frame the engine's state at `now` (advancing to it first).
    public mutating func frame(now t: Timestamp) -> Frame {
        advance(to: t)
        return describe()
    }

    // MARK: pointer

    func clampToSurface(_ p: Point) -> Point {
        Point(clamp(p.x.isFinite ? p.x : 0, 0, layout.size.width), clamp(p.y.isFinite ? p.y : 0, 0, layout.size.height))
    }

    var isCaptured: Bool { captor != nil }

    mutating func updateHover() {
        let newSlot = (visibility.state.isShown && !isCaptured && !request.hidesPointer)
            ? Int(index.slot(at: logicalPosition, scene: scene, padded: true)) : -1
        let new: ElementID? = newSlot >= 0 ? index.entries[newSlot].id : nil
        guard new != hovered else { return }
        hoverInfo = new.map { id in
            let slot = newSlot
            let e = layout.elements[slot], entry = index.entries[slot]
            return HoverInfo(id: id, slot: slot, kind: e.kind, cornerRadius: e.cornerRadius, style: e.style, graph: e.traits.graph,
                             resizeAxis: e.traits.resizeAxis, effect: entry.effect,
                             shapesPointer: e.style?.shape != nil || e.kind == .textArea || entry.effect == .highlight,
                             addsAccessories: !(e.style?.accessories.isEmpty ?? true) || e.kind == .resizeHandle,
                             addsAnnotations: !(e.style?.annotations.isEmpty ?? true) || e.traits.graph != nil,
                             snaps: entry.snaps)
        }
        if log != nil { transition("hover: \(hovered.map(\.description) ?? "-") → \(new.map(\.description) ?? "-")") }
        hovered = new
        // E5: the old effect animates out while the new one animates in (a cross-fade).
        for i in effects.indices where effects[i].element != new {
            effects[i].progress.response = EffectTuning.outResponse
            effects[i].progress.dampingRatio = EffectTuning.outDamping
            effects[i].progress.target = 0
        }
        if let id = new, let entry = index.entry(id), let kind = entry.effect, let e = layout[id],
           let f = index.surfaceFrame(of: id, scene: scene) {
            if let i = effects.lastIndex(where: { $0.element == id && $0.kind == kind }) {
                effects[i].progress.response = EffectTuning.inResponse
                effects[i].progress.dampingRatio = EffectTuning.inDamping
                effects[i].progress.target = 1
            } else {
                var p = Animated(0, response: EffectTuning.inResponse, dampingRatio: EffectTuning.inDamping, reduceMotion: settings.reduceMotion)
                p.target = 1
                effects.append(EffectInstance(element: id, kind: kind, hover: EffectChooser.hoverEffect(for: e), progress: p,
                                              frame: f, cornerRadius: e.cornerRadius))
            }
        }
    }

    /// Recomputes everything that depends on the pointer: hover, effects, magnetism, shape,
    /// accessories and annotations.
    mutating func updatePointer(moved: Bool) {
        visibleOpacity.response = visibility.state.isShown ? PointerVisibility.showResponse : PointerVisibility.hideResponse
        visibleOpacity.target = visibility.state.isShown ? 1 : 0
        let r = currentRequest()
        request = r
        if hoverIsFresh, !isCaptured, !request.hidesPointer { hoverIsFresh = false } else { hoverIsFresh = false; updateHover() }
        updateMagnetism()
        // (Arguments first: evaluated inside the call, they would make Swift copy the engine.)
        let target = shapeTarget(), drawn = drawnPosition, rm = settings.reduceMotion
        if visibility.state.isShown {
            // Shown again after it faded out completely: it appears as its new shape, without a
            // morph from the shape it left as.
            if visibleOpacity.value <= PointerTuning.invisibleOpacity { morph = PointerMorph(target, reduceMotion: rm) } else {
                morph.retarget(target, drawn: drawn, reduceMotion: rm)
            }
        }
        // Hiding (auto-hide, focus loss, touch): it fades out as the shape it is, an I-beam as an
        // I-beam (P5, issue 17.7); hover has gone, but the arrow it would become is never shown.
        let wa = wantedAccessories()
        if wa != lastAccessories { accessories.update(wa, reduceMotion: settings.reduceMotion); lastAccessories = wa }
        let wn = wantedAnnotations()
        if wn != lastAnnotations { annotations.update(wn, reduceMotion: settings.reduceMotion); lastAnnotations = wn }
    }

    func currentRequest() -> PointerRequest {
        let want = InteractionInterests.pointerRequest.rawValue
        guard interactionUnion & want != 0 else { return PointerRequest() }
        let ctx = context(input: lastInput)
        if let c = captor, interactionCache[c] & want != 0, let r = components[c].pointerRequest(context: ctx) { return r }
        for i in components.indices where i != captor && interactionCache[i] & want != 0 {
            if let r = components[i].pointerRequest(context: ctx) { return r }
        }
        return PointerRequest()
    }

    /// Re-reads one interaction's interests and activity (after a mutating call to it).
    @inline(__always) mutating func refreshInteractionCache(_ i: Int) {
        var bits = components[i].interests.rawValue
        if components[i].isActive { bits |= InteractionCache.active }
        if components[i].isAnimating { bits |= InteractionCache.animating }
        guard bits != interactionCache[i] else { return }
        interactionCache[i] = bits
        interactionUnion = interactionCache.reduce(0) { $0 | $1 }
    }

    mutating func refreshInteractionCaches() {
        if interactionCache.count != components.count { interactionCache = [UInt32](repeating: 0, count: components.count) }
        interactionUnion = 0
        for i in components.indices {
            var bits = components[i].interests.rawValue
            if components[i].isActive { bits |= InteractionCache.active }
            if components[i].isAnimating { bits |= InteractionCache.animating }
            interactionCache[i] = bits
            interactionUnion |= bits
        }
    }

    mutating func updateMagnetism() {
        let followed = magnetism.pendingMotion
        magnetism.pendingMotion = .zero
        guard settings.magnetism, visibility.state.isShown, !isCaptured else {
            if magnetism.attraction != .none || magnetism.offset != .zero { magnetism.release() }
            return
        }
        // M5: while selecting, the beam sticks to the focus line's centre.
        if case .selecting(let id) = text.state, let lines = textLines(id) {
            let c = lines.centre(of: text.line)
            let off = lines.vertical ? Vector(c - logicalPosition.x, 0) : Vector(0, c - logicalPosition.y)
            magnetism.attraction = .textLine(id, line: text.line)
            magnetism.setTarget(off, response: MagnetismTuning.snapResponse)
            return
        }
        let speed = velocity.speed
        // M4: on a fast flick, aim at the element near where the pointer will come to rest.
        if speed >= MagnetismTuning.flickSpeed {
            let v = velocity.velocity
            let projected = logicalPosition + v * MagnetismTuning.projectionTime
            if let (id, frame) = index.predictionTarget(near: projected, radius: MagnetismTuning.predictionRadius,
                                                        origin: logicalPosition, velocity: v, scene: scene) {
                var pull = (frame.center - logicalPosition) * MagnetismTuning.predictionPull
                let l = pull.length
                if l > MagnetismTuning.predictionMaxOffset { pull = pull * (MagnetismTuning.predictionMaxOffset / l) }
                magnetism.attraction = .prediction(id)
                magnetism.setTarget(pull, response: MagnetismTuning.snapResponse)
                return
            }
        }
        // M3: inside a highlight/lift region, a small bias toward the rest point while moving
        // (M6: the drawn pointer follows the motion at once); it settles there once at rest.
        if let e = hoverInfo, e.snaps {
            let slot = e.slot, id = index.entries[slot].id, f = index.surfaceFrame(slot: slot, scene: scene)
            var rest = f.center
            if settings.generation == .modern, e.effect == .highlight, e.style?.shape == nil {
                rest.y += min(MagnetismTuning.settledTipDrop, f.height / 2) // the glyph stays visible
            }
            magnetism.attraction = .snap(id)
            if speed > 0 {
                magnetism.follow(followed, toward: Magnetism.movingBias(toward: rest, from: logicalPosition))
            } else {
                magnetism.setTarget(Magnetism.settledOffset(toward: rest, from: logicalPosition), response: MagnetismTuning.snapResponse)
            }
            return
        }
        // M6: anything else releases: while moving by following the motion (no jump on leaving).
        if speed > 0, magnetism.offset != .zero {
            magnetism.attraction = .none
            magnetism.follow(followed, toward: .zero)
            return
        }
        if magnetism.attraction != .none || magnetism.offset != .zero { magnetism.release() }
    }

    func textLines(_ id: ElementID) -> TextLines? {
        guard let m = layout.property(of: id, \.traits.text) ?? nil, let own = layout.property(of: id, \.frame),
              let f = index.surfaceFrame(of: id, scene: scene) else { return nil }
        let zoom = own.height > 0 ? f.height / own.height : 1
        return TextLines(frame: f, metrics: m, zoom: zoom)
    }

    /// The shape the pointer should have now (P1–P3).
    func shapeTarget() -> ShapeTarget {
        let s = settings.size
        let under = liftElement
        if let shape = request.shape { return target(for: shape, element: nil, tag: .request) }
        if hoverInfo?.shapesPointer == true, let e = hoverInfo {
            let id = e.id
            if let shape = e.style?.shape { return target(for: shape, element: id, tag: .style) }
            if e.kind == .textArea, let lines = textLines(id) {
                return beam(length: lines.lineHeight, axis: lines.vertical ? .horizontal : .vertical, element: id)
            }
            if settings.generation == .classic, e.effect == .highlight,
               let f = index.surfaceFrame(of: id, scene: scene) {
                // P1 classic: the circle becomes a translucent platter around the control.
                let pad = PointerTuning.classicPlatterPadding
                let rel = logicalPosition - f.center
                let half = Vector(max(f.width / 2, 1), max(f.height / 2, 1))
                let par = settings.reduceMotion ? Vector.zero
                    : Vector(clamp(rel.dx / half.dx, -1, 1), clamp(rel.dy / half.dy, -1, 1)) * EffectTuning.highlightParallax
                return ShapeTarget(key: .init(.platter, element: id), shape: .roundedRect,
                                   anchor: .surface(f.outsetBy(pad).offsetBy(par)),
                                   cornerRadius: max(e.cornerRadius + pad, EffectTuning.platterMinimumRadius),
                                   opacity: PointerTuning.classicPlatterOpacity, underContent: true)
            }
        }
        var t = defaultShape(size: s)
        if under != nil { t.underContent = true }
        return t
    }

    func defaultShape(size s: Double) -> ShapeTarget {
        switch settings.generation {
        case .modern:
            let a = PointerTuning.arrowSize
            return ShapeTarget(key: .init(.arrow), shape: .arrow,
                               anchor: .pointer(Rect(x: 0, y: 0, width: a.width * s, height: a.height * s)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .classic:
            let d = PointerTuning.classicDiameter * s
            return ShapeTarget(key: .init(.circle), shape: .roundedRect,
                               anchor: .pointer(Rect(x: -d / 2, y: -d / 2, width: d, height: d)),
                               cornerRadius: d / 2, opacity: 1, underContent: false)
        }
    }

    func beam(length: Double, axis: BeamAxis, element: ElementID?) -> ShapeTarget {
        let w = PointerTuning.beamWidth(size: settings.size)
        let r = axis == .vertical ? Rect(x: -w / 2, y: -length / 2, width: w, height: length)
                                  : Rect(x: -length / 2, y: -w / 2, width: length, height: w)
        return ShapeTarget(key: .init(axis == .vertical ? .verticalBeam : .horizontalBeam, element: element, size: Size(length, w)), shape: .roundedRect,
                           anchor: .pointer(r), cornerRadius: w / 2, opacity: 1, underContent: false)
    }

    func target(for shape: PointerShape, element: ElementID?, tag: ShapeTarget.Source) -> ShapeTarget {
        let s = settings.size
        switch shape {
        case .roundedRect(let size?, let radius):
            return ShapeTarget(key: .init(.rect, element: element, size: size, source: tag), shape: .roundedRect,
                               anchor: .pointer(Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)),
                               cornerRadius: radius, opacity: 1, underContent: false)
        case .roundedRect(nil, let radius):
            if let id = element, let f = index.surfaceFrame(of: id, scene: scene) {
                let pad = PointerTuning.classicPlatterPadding
                return ShapeTarget(key: .init(.elementRect, element: id, source: tag), shape: .roundedRect,
                                   anchor: .surface(f.outsetBy(pad)), cornerRadius: radius + pad,
                                   opacity: PointerTuning.classicPlatterOpacity, underContent: true)
            }
            return defaultShape(size: s)
        case .ellipse(let size):
            return ShapeTarget(key: .init(.ellipse, element: element, size: size, source: tag), shape: .ellipse,
                               anchor: .pointer(Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .beam(let length, let axis):
            return beam(length: length, axis: axis, element: element)
        case .path(let path):
            let b = path.bounds
            return ShapeTarget(key: .init(.path, element: element, source: tag), shape: .path(path),
                               anchor: .pointer(Rect(x: b.minX * s, y: b.minY * s, width: b.width * s, height: b.height * s)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .system(let c):
            let d = 24 * s
            return ShapeTarget(key: .init(.system, element: element, source: tag, cursor: c), shape: .system(c),
                               anchor: .pointer(Rect(x: -d / 2, y: -d / 2, width: d, height: d)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        }
    }

    /// The element a lift effect currently shows on (the pointer fades under it, E2).
    var liftElement: ElementID? {
        effects.last { $0.kind == .lift && $0.progress.target > 0 }?.element
    }

    func wantedAccessories() -> [PointerAccessory] {
        var out = request.accessories
        if !isCaptured, hoverInfo?.addsAccessories == true, let e = hoverInfo {
            if let a = e.style?.accessories, !a.isEmpty { out += a }
            if e.kind == .resizeHandle, e.style?.accessories.isEmpty ?? true {
                out += PointerAccessory.resizeArrows(e.resizeAxis ?? .horizontal)
            }
        }
        return out
    }

    func wantedAnnotations() -> [PointerAnnotation] {
        var out = request.annotations
        if !isCaptured, hoverInfo?.addsAnnotations == true, let e = hoverInfo {
            let id = e.id
            if let a = e.style?.annotations, !a.isEmpty { out += a }
            if let g = e.graph, let f = index.surfaceFrame(of: id, scene: scene), f.width > 0, f.height > 0 {
                // A3: live X/Y values under the pointer, over the plot area the axes are drawn in.
                let own = layout.property(of: id, \.frame)
                let zoom = own.map { $0.width > 0 ? f.width / $0.width : 1 } ?? 1
                out.append(PointerAnnotation(g.label(at: logicalPosition, in: f, zoom: zoom)))
            }
        }
        return out
    }

    mutating func applySettings(old: PointerSettings) {
        let rm = settings.reduceMotion
        visibleOpacity.reduceMotion = rm
        magnetism.offsetX.reduceMotion = rm
        magnetism.offsetY.reduceMotion = rm
        for i in effects.indices { effects[i].progress.reduceMotion = rm }
        if old.autoHideDelay != settings.autoHideDelay { lastActivity = now }
        gestures.settings = settings.gestures
        updatePointer(moved: false)
    }

    // MARK: scroll targets

    /// The innermost scroll container under the pointer that scrolls along `axis` (any
    /// container for gestures).
    func scrollTarget(axis: ScrollAxis?) -> ElementID? {
        var id = index.element(at: logicalPosition, scene: scene, padded: false)
        while let cur = id, let e = layout[cur] {
            if e.isScrollContainer, let cfg = e.traits.scroll {
                switch axis {
                case .vertical?: if cfg.axes.contains(.vertical) { return cur }
                case .horizontal?: if cfg.axes.contains(.horizontal) { return cur }
                case nil: return cur
                }
            }
            id = e.parent
        }
        return nil
    }
}

/// Bits of `Engine.interactionCache` above the `InteractionInterests` ones.
enum InteractionCache {
    static let active: UInt32 = 1 << 30
    static let animating: UInt32 = 1 << 31
}
