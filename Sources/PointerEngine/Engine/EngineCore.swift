// The engine's coordinator (issue 20.1): the components of each SPEC family and the
// interactions, fed one event at a time. Deterministic: no clock reads, no randomness.

/// The engine's live state and its coordinator: it routes each event to the components (input
/// tracking, visibility, hover and effects, magnetism, pointer style) and to the interactions,
/// runs time, and assembles the frame. `Engine` keeps one behind a reference.
struct EngineCore: Sendable {
    var layout: Layout
    var settings: PointerSettings { didSet { applySettings(old: oldValue) } }
    /// Interaction components, offered each event in order (see `Interaction`).
    var interactions: [any Interaction] {
        get { components }
        set { components = newValue; refreshInteractionCaches() }
    }
    /// The interactions (stored; `interactions` is the face).
    var components: [any Interaction]
    /// Per interaction: its `interests` bits, plus `InteractionCache.active`/`.animating`,
    /// read after every mutating call (see `InteractionInterests`).
    var interactionCache: [UInt32] = []
    /// The union of `interactionCache`: whether anyone wants an event kind at all.
    var interactionUnion: UInt32 = 0
    /// Live state shared with the interactions (scroll transforms, selection …).
    var scene = SceneState()
    /// Receives one line per state transition (debug log); nil logs nothing.
    var log: (@Sendable (String) -> Void)?

    var index: HitIndex
    /// Floating controls over scroll containers, for scroll edge effects (I5).
    var edgeSources: [EdgeEffectSource]
    /// Interprets raw input into intents (scroll, zoom, swipes, secondary clicks) for the
    /// interactions.
    var gestures: GestureInterpreter
    /// The engine's current time: the latest event's or `advance(to:)`'s.
    var now: Timestamp
    /// The time animations and timers last ran to: `now` with the `.events` clock; with
    /// `.frames`, the last frame's time, which input handled since may have passed.
    var animationTime: Timestamp
    /// When animations and timers run (issue 8): see `AnimationClock`.
    var animationClock = AnimationClock.events
    /// The logical pointer: exactly where the user put it (M6), surface points.
    var logicalPosition: Point

    // The components, one per SPEC family; each keeps its decisions and its tuning.
    /// Devices, buttons, touches, click counting (I2, G7, G11).
    var input = InputTracker()
    /// Whether the pointer shows, its fade and the auto-hide clock (P5, G8).
    var visibility: VisibilityTracker
    /// Hover and the content effects (E1–E5, M1, M2).
    var hover = HoverEffects()
    /// The drawn pointer's attraction (M3–M6).
    var magnet: PointerMagnet
    /// The pointer's shape, accessories and annotations (P1–P3, P6, A1–A3).
    var style: PointerStyler
    var text = TextTracker()
    /// The held navigation key that repeats, and each keyboard's repeat (G10).
    var keyRepeater = KeyRepeater()
    var captor: Int?
    var outputs: [EngineOutput] = []
    /// The interactions have had one `advance` (they set up per-element state there).
    var interactionsPrimed = false
    /// Advance every interaction while any is active or animating, as before the per-interaction
    /// skip: the reference the fast-path tests compare against.
    var advancesEveryInteraction = false

    init(layout: Layout, settings: PointerSettings = PointerSettings(),
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
        self.logicalPosition = Point(layout.size.width / 2, layout.size.height / 2)
        self.visibility = VisibilityTracker(now: now, reduceMotion: settings.reduceMotion)
        self.magnet = PointerMagnet(reduceMotion: settings.reduceMotion)
        self.style = PointerStyler(PointerStyler.defaultShape(size: settings.size, generation: settings.generation),
                                   reduceMotion: settings.reduceMotion)
        self.style = PointerStyler(shapeTarget(), reduceMotion: settings.reduceMotion)
        refreshInteractionCaches()
    }

    // MARK: state

    /// Where the pointer is drawn (M3–M6), clamped to the surface, points.
    var drawnPosition: Point {
        let p = logicalPosition + magnet.offset
        return Point(clamp(p.x, 0, layout.size.width), clamp(p.y, 0, layout.size.height))
    }
    var visibilityState: PointerVisibilityState { visibility.state }
    /// Why the drawn pointer is attracted now.
    var attraction: Attraction { magnet.attraction }
    var textSelection: TextSelection? { text.selection }
    var isSelectingText: Bool { text.isSelecting }
    var modifiers: Modifiers { input.modifiers }
    /// The element whose hit region the pointer is in (M1, M2), while the pointer shows.
    var hovered: ElementID? { hover.hovered }
    /// The input that produced the last event.
    var lastInput: InputKind { input.lastInput }
    /// A drag, selection, gesture or scrub is in progress somewhere.
    var isActive: Bool {
        captor != nil || text.isSelecting || input.isBusy || interactionUnion & InteractionCache.active != 0
    }
    /// Everything has come to rest: no animation is running.
    var isSettled: Bool {
        visibility.isSettled && magnet.isSettled && style.isSettled && hover.isSettled
            && interactionUnion & InteractionCache.animating == 0
    }
    /// The effect currently shown (or fading) for an element.
    func effect(on id: ElementID) -> (kind: EffectKind, progress: Double)? { hover.effect(on: id) }
    /// The effect the engine picks for an element (E4), nil for none.
    func resolvedEffect(of id: ElementID) -> EffectKind? { index.entry(id)?.effect }
    /// The element whose hit region holds surface point `p` (M1, M2).
    func region(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: true) }
    /// The topmost element whose visible frame holds `p`.
    func element(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: false) }
    /// An element's frame on the surface after scroll transforms, points.
    func surfaceFrame(of id: ElementID) -> Rect? { index.surfaceFrame(of: id, scene: scene) }

    /// Takes the outputs collected since the last call.
    mutating func drainOutputs() -> [EngineOutput] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    /// Replaces the layout. Interactions in progress carry over to it where their elements are
    /// still there (a window resize keeps a drag, a band, a pinch and scrolling momentum under
    /// the pointer: I1, I2, G2, issue 30.3) and are cancelled otherwise (G7); effects on vanished
    /// elements fade out where they were.
    /// A scroll container that is still there keeps its offset, clamped to its new extent (a
    /// window resize: the content view keeps what it shows, G1).
    mutating func setLayout(_ layout: Layout) {
        let old = context(input: input.lastInput)
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
        logicalPosition = clampToSurface(logicalPosition)
        var ctx = takeContext(input: input.lastInput)
        for i in components.indices { components[i].relayout(from: old, context: &ctx, now: now) }
        refreshInteractionCaches()
        absorb(&ctx)
        if let c = captor, interactionCache[c] & InteractionCache.active == 0 { captor = nil }
        if captor == nil {
            // Nothing holds the press any more: its release must not click what moved under it.
            input.buttons.removeAll()
            input.touches.removeAll()
        }
        scene.pressed.removeAll()
        text = TextTracker()
        hover.forgetHover()
        updatePointer()
    }

    // MARK: events

    /// Handles one event at time `now` (normally `event.time`; never earlier than the last).
    mutating func handle(_ event: InputEvent, now: Timestamp) {
        if animationClock == .events || !deferAnimations(to: now) { advance(to: now) } else if now > self.now { self.now = now }
        let dev = event.device
        let intents = gestures.handle(event, now: now)
        switch event.kind {
        case .deviceAdded(_, let caps):
            input.devices[dev] = caps
        case .deviceRemoved:
            removeDevice(dev)
        case .pointerEnter(let p):
            input.seatPointers.insert(dev)
            logicalPosition = clampToSurface(Point(p.x, p.y))
            magnet.entered()
            visibility.entered(at: now, log: log)
            dispatch(.pointerEntered(at: logicalPosition), input: input.inputKind(of: dev))
            endPressesLostAtLeave(device: dev)
        case .pointerLeave:
            input.heldAtLeave = Set(input.buttons.keys)
            visibility.handle(.left, log: log)
            dispatch(.pointerLeft, input: input.inputKind(of: dev))
        case .motion(let position, let delta, _):
            motion(to: position, delta: Vector(delta.dx, delta.dy), device: dev)
        case .button(let b, let pressed):
            input.heldAtLeave.remove(b)
            button(b, pressed: pressed, device: dev)
        case .scroll(let source, let axis, let value, let value120, let stop):
            scroll(source: source, axis: axis, value: value, value120: value120, stop: stop)
        case .gesture(let g):
            visibility.gesture(g, log: log)
            input.gesture()
            let target = scrollTarget(axis: nil)
            dispatch(.gesture(g, at: logicalPosition, target: target), input: .trackpad)
        case .touchDown(let id, let p):
            touchDown(id, at: Point(p.x, p.y), device: dev)
        case .touchMotion(let id, let p):
            touchMoved(id, to: Point(p.x, p.y))
        case .touchUp(let id):
            touchUp(id)
        case .touchCancel:
            input.touches.removeAll()
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
            if input.setModifiers(m.effective) { dispatch(.modifiersChanged(input.modifiers), input: .keyboard) }
        }
        dispatch(intents)
        updatePointer()
    }

    /// Convenience: handles the event at its own timestamp.
    mutating func handle(_ event: InputEvent) { handle(event, now: event.time) }

    mutating func motion(to position: InputPoint?, delta: Vector, device: DeviceID) {
        let old = logicalPosition
        let target = position.map { Point($0.x, $0.y) } ?? (old + delta)
        logicalPosition = clampToSurface(target)
        let moved = logicalPosition - old
        magnet.moved(moved, at: now)
        let kind = input.motion(device: device)
        visibility.moved(at: now, log: log)
        updateHover() // interactions see the element under the pointer now
        hover.isFresh = true
        let targets = scene.disabled
        dispatch(.pointerMoved(to: logicalPosition, delta: moved), input: kind)
        // The motion revealed (or hid) controls (I4): hover hit-tests again with them.
        if scene.disabled != targets { hover.isFresh = false }
        if text.isSelecting, case .selecting(let id) = text.state, let lines = index.textLines(id, layout: layout, scene: scene) {
            if text.move(to: logicalPosition, lines: lines) { outputs.append(.textSelectionChanged(text.selection)) }
        }
    }

    mutating func button(_ b: PointerButton, pressed: Bool, device: DeviceID) {
        let kind = input.button(device: device)
        visibility.button(at: now, log: log)
        updateHover()
        let hit = hover.hovered ?? hit(at: logicalPosition)
        if pressed {
            guard input.buttons[b] == nil else { return } // a repeated press without release: ignore
            let count = input.clickCount(b, at: logicalPosition, now: now, interval: settings.doubleClickInterval)
            let handled = dispatch(.pointerPressed(b, at: logicalPosition, hit: hit, clickCount: count), input: kind)
            input.buttons[b] = InputTracker.PressedButton(device: device, element: hit, handled: handled, clickCount: count)
            if !handled, let id = hit {
                if b == .left, let e = layout[id], e.kind == .textArea, let lines = index.textLines(id, layout: layout, scene: scene) {
                    text.begin(id, at: logicalPosition, lines: lines, extend: input.modifiers.contains(.shift), log: log)
                    outputs.append(.textSelectionChanged(text.selection))
                } else {
                    scene.pressed.insert(id)
                }
            }
        } else {
            guard let press = input.buttons.removeValue(forKey: b) else { return }
            let handled = dispatch(.pointerReleased(b, at: logicalPosition, hit: hit), input: kind)
            if let id = press.element { scene.pressed.remove(id) }
            if b == .left, text.isSelecting { endTextSelection() }
            if !handled, !press.handled, b == .left, let id = press.element, id == hit,
               layout[id]?.kind != .textArea {
                outputs.append(.activated(id, input: kind, clickCount: press.clickCount))
            }
        }
    }

    /// Ends the presses the pointer's focus took away (issue 30.3; I1, I2, G2). wlroots clears
    /// the pointer's focus when an output changes under a held button (a re-tile): the release
    /// then goes to no one, and the pointer enters again where the button went up. So an enter
    /// after a leave that came with buttons held ends those presses there: the gesture follows
    /// to the enter point, then ends as if released (a drag drops, a band selects). A press the
    /// compositor delivers a release for in between is not affected.
    mutating func endPressesLostAtLeave(device: DeviceID) {
        let lost = input.heldAtLeave.filter { input.buttons[$0] != nil }
        input.heldAtLeave = []
        guard !lost.isEmpty else { return }
        if log != nil { transition("pointer: entered with \(lost.count) press(es) whose release went elsewhere; ended here") }
        motion(to: InputPoint(x: logicalPosition.x, y: logicalPosition.y), delta: .zero, device: device)
        for b in lost.sorted(by: { $0.rawValue < $1.rawValue }) { button(b, pressed: false, device: device) }
    }

    mutating func scroll(source: ScrollSource, axis: ScrollAxis, value: Double, value120: Int32?, stop: Bool) {
        let kind = input.scroll(source: source)
        visibility.scrolled(source: source, stop: stop, log: log)
        // The stream chose the direction (ScrollDirection): every source alike, never inverted (G1).
        let delta = value * settings.gestures.scrollSpeed
        let target = scrollTarget(axis: axis)
        dispatch(.scroll(source: source, axis: axis, delta: delta, value120: value120, stop: stop, at: logicalPosition, target: target), input: kind)
    }

    mutating func touchDown(_ id: TouchID, at p: Point, device: DeviceID) {
        input.touched()
        visibility.handle(.touched, log: log)
        let p = clampToSurface(p)
        let hit = hit(at: p)
        let handled = dispatch(.touchDown(id, at: p, hit: hit), input: .touch)
        input.touches[id] = InputTracker.TouchPoint(device: device, start: p, position: p, time: now, element: hit, moved: false, handled: handled)
    }

    mutating func touchMoved(_ id: TouchID, to p: Point) {
        let p = clampToSurface(p)
        guard var t = input.touches[id] else { return }
        InputTracker.moved(&t, to: p)
        let hit = hit(at: p)
        let holder = captor
        if dispatch(.touchMoved(id, at: p, hit: hit), input: .touch) { t.handled = true }
        if holder != nil, captor == nil {
            // The captor let the touch go before using it (a touch drag not held long enough
            // to lift, G11): the others get the touch from where it came down, then this move.
            t.handled = dispatch(.touchDown(id, at: t.start, hit: t.element), input: .touch)
            if dispatch(.touchMoved(id, at: p, hit: hit), input: .touch) { t.handled = true }
        }
        input.touches[id] = t
    }

    mutating func touchUp(_ id: TouchID) {
        guard let t = input.touches.removeValue(forKey: id) else { return }
        let hit = hit(at: t.position)
        let handled = dispatch(.touchUp(id, at: t.position, hit: hit), input: .touch)
        if let e = InputTracker.isTap(t, hit: hit, handled: handled, now: now) {
            outputs.append(.activated(e, input: .touch, clickCount: 1))
        }
    }

    mutating func removeDevice(_ dev: DeviceID) {
        keyRepeater.removeDevice(dev)
        let gone = input.removeDevice(dev)
        for id in gone.pressed { scene.pressed.remove(id) }
        if text.isSelecting, input.buttons[.left] == nil { endTextSelection() }
        dispatch(.deviceRemoved(dev, capabilities: gone.capabilities), input: input.inputKind(of: dev))
        input.seatPointers.remove(dev)
        if gone.hadTouches { dispatch(.touchCancel, input: .touch) }
        // Whatever the device was doing is over (G7): a captor that did not release is cancelled.
        if let c = captor, !input.isBusy {
            var ctx = takeContext(input: .pointer)
            components[c].cancel(context: &ctx, now: now)
            refreshInteractionCache(c)
            absorb(&ctx)
            captor = nil
            if log != nil { transition("capture: \(interactions[c].name) cancelled (device removed)") }
        }
    }

    mutating func cancelInteractions() {
        var ctx = takeContext(input: input.lastInput)
        for i in components.indices { components[i].cancel(context: &ctx, now: now) }
        refreshInteractionCaches()
        absorb(&ctx)
        captor = nil
        input.buttons.removeAll()
        input.touches.removeAll()
        scene.pressed.removeAll()
        text.end(log: nil) // cancelled with the rest: no transition line
    }

    mutating func endTextSelection() {
        text.end(log: log)
    }

    /// Logs a transition line (callers whose text is costly check `log != nil` first).
    func transition(_ line: String?) {
        if let log, let line { log(line) }
    }

    // MARK: pointer

    func clampToSurface(_ p: Point) -> Point {
        Point(clamp(p.x.isFinite ? p.x : 0, 0, layout.size.width), clamp(p.y.isFinite ? p.y : 0, 0, layout.size.height))
    }

    var isCaptured: Bool { captor != nil }

    /// An interaction holds the pointer (captured it) or hides it: hover does not follow it.
    var isPointerHeld: Bool { isCaptured || style.request.hidesPointer }

    /// Hover follows the pointer (M1, M2; see `HoverEffects.follow`).
    mutating func updateHover() {
        // Over an open menu nothing under it is hovered (issue 30.5; G9).
        hover.follow(pointer: logicalPosition, shown: visibility.isShown, held: isPointerHeld || isCovered(logicalPosition),
                     layout: layout, index: index,
                     scene: scene, reduceMotion: settings.reduceMotion, log: log)
    }

    /// Recomputes everything that depends on the pointer: hover, effects, magnetism, shape,
    /// accessories and annotations.
    mutating func updatePointer() {
        visibility.followState()
        style.request = currentRequest()
        if !hover.takeFresh(held: isPointerHeld) { updateHover() }
        updateMagnetism()
        let rm = settings.reduceMotion, target = shapeTarget(), drawn = drawnPosition
        let shown = visibility.isShown, invisible = visibility.isInvisible, captured = isCaptured
        style.retarget(target, shown: shown, invisible: invisible, drawn: drawn, reduceMotion: rm)
        let wa = style.wantedAccessories(hover: hover.info, captured: captured)
        let wn = style.wantedAnnotations(hover: hover.info, captured: captured, pointer: logicalPosition, layout: layout,
                                         index: index, scene: scene)
        style.show(accessories: wa, annotations: wn, reduceMotion: rm)
    }

    mutating func updateMagnetism() {
        var selecting: (id: ElementID, line: Int)?
        if case .selecting(let id) = text.state { selecting = (id, text.line) }
        magnet.update(enabled: settings.magnetism && visibility.isShown && !isCaptured, selecting: selecting,
                      pointer: logicalPosition, hover: hover.info, generation: settings.generation,
                      layout: layout, index: index, scene: scene)
    }

    /// The shape the pointer should have now (P1–P3).
    func shapeTarget() -> ShapeTarget {
        style.shapeTarget(settings: settings, hover: hover.info, lifting: hover.liftElement != nil, pointer: logicalPosition,
                          layout: layout, index: index, scene: scene)
    }

    mutating func applySettings(old: PointerSettings) {
        let rm = settings.reduceMotion
        visibility.setReduceMotion(rm)
        magnet.setReduceMotion(rm)
        hover.setReduceMotion(rm)
        if old.autoHideDelay != settings.autoHideDelay { visibility.autoHideDelayChanged(at: now) }
        gestures.settings = settings.gestures
        updatePointer()
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

extension EngineCore {
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
    mutating func advance(to target: Timestamp) {
        while target > animationTime {
            var step = target
            var fire: PointerVisibilityEvent? = nil
            var rest = false, repeatKey = false
            if let d = idleDeadline, d > animationTime, d <= step { step = d; fire = .idleTimeout }
            if let r = magnet.restDeadline {
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
            if rest { magnet.decay(to: step); updateMagnetism() }
            if fire == .idleTimeout {
                if visibility.idleTimeout(at: step, active: isActive, log: log) { updatePointer() }
            }
            if repeatKey, let k = keyRepeater.fire() {
                // A repeat is one more press of the held key, at its own time (G10).
                dispatch(.key(k, pressed: true), input: .keyboard)
                updatePointer()
            }
        }
    }

    /// P5: when the pointer hides without activity, nil: never.
    var idleDeadline: Timestamp? { visibility.idleDeadline(autoHideDelay: settings.autoHideDelay) }

    mutating func stepAnimations(to t: Timestamp) {
        let dt = (t - animationTime).seconds
        animationTime = t
        // With the `.frames` clock, input handled since the last frame may be later than `t`:
        // the gesture interpreter and the interactions, which saw that input, are never
        // taken back in time (with `.events`, `now` is `t`).
        if t > now { now = t }
        visibility.step(by: dt)
        magnet.step(by: dt)
        style.step(by: dt)
        hover.step(by: dt)
        dispatch(gestures.advance(to: now))
        // Interactions only need time while something of theirs moves or waits on a timer.
        // Each interaction is advanced only while it is active or animating (after the first
        // advance, which lets each one set itself up): one that is neither waits on nothing.
        let timed = InteractionCache.active | InteractionCache.animating
        if !components.isEmpty, !interactionsPrimed || interactionUnion & timed != 0 {
            let all = !interactionsPrimed || advancesEveryInteraction
            interactionsPrimed = true
            let targets = scene.disabled
            var ctx = takeContext(input: input.lastInput)
            for i in components.indices where all || interactionCache[i] & timed != 0 {
                components[i].advance(to: now, context: &ctx)
                refreshInteractionCache(i)
            }
            absorb(&ctx)
            // Controls hid (or revealed) on a timer: a hidden control loses its hover (I4, M1).
            // A timer changed what an interaction wants of the pointer (a touch hold lifted an
            // item with the copy key held: its badge, I2).
            if scene.disabled != targets || currentRequest() != style.request { updatePointer() }
        }
    }

    /// Frame the engine's state at `now` (advancing to it first).
    mutating func frame(now t: Timestamp) -> Frame {
        advance(to: t)
        return describe()
    }
}
