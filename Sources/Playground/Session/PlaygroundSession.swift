// One running playground: the engine, the app state, the HUD and the renderer, fed input
// events and asked for frames. Used by the live window and by headless replay alike, so both
// show the same thing for the same events (SPEC T2).
import PointerEngine
import PixmanRenderer

/// The engine, the showcase state, the HUD and a damage-tracking renderer.
public final class PlaygroundSession {
    public private(set) var engine: Engine
    public private(set) var state = ShowcaseState() {
        didSet { if state != oldValue { stateVersion &+= 1 } }
    }
    /// Counts the changes of `state`: the kept looks' key (ShowcaseComposer.stateVersion), so
    /// a frame compares one number, not the whole state.
    private var stateVersion = 0
    public internal(set) var hud = GestureHUD()
    public let isShowcase: Bool
    public let renderer: SceneRenderer
    /// The engine's latest outputs, in order (tests, `--report-outputs`): at most the last
    /// 2 × `outputMemory`, so a long session does not grow without bound (issue 8 soak).
    public private(set) var outputs: [EngineOutput] = []
    /// How many outputs the engine produced in all (including those no longer in `outputs`).
    public private(set) var outputCount = 0
    public static let outputMemory = 4096

    /// The showcase's areas for the window's size (nil for a user's layout, which keeps its own).
    public private(set) var geometry: ShowcaseGeometry?
    /// A drag from another application over the window (issue 18.3), for the state report.
    public var externalDrag: ExternalDrag?
    /// The compositor passes no key on while it carries a drag (wlroots, issue 30.6): the HUD
    /// says keys must be held before a drag leaves the window.
    public var compositorIgnoresKeysMidDrag = false
    /// Where the keys go while a drop's menu is open (issue 30.5), nil when none is.
    public var dropMenuKeys: DropMenuKeys? {
        didSet { state.menuHint = dropMenuKeys == nil || dropMenuKeys == .here ? nil : DropMenuKeys.hint }
    }
    /// Where the data device last put our own drag out over the window (issue 30.4).
    var lastOwnDragPosition: Point?
    /// The last drop from another application, once its data was read.
    public var lastExternalDrop: ExternalDropResult?
    /// How many drops from other applications were read (or failed).
    public var externalDropCount = 0
    /// A drag of one of our items that the compositor carries (issue 18.2), and the last one
    /// that ended (see DragOut.swift).
    public internal(set) var outgoingDrag: OutgoingDrag?
    public internal(set) var lastOutgoingDrag: OutgoingDrag?
    /// Items moved out to another application: gone from their collections.
    public private(set) var removedItems: Set<ElementID> = []
    var returning: ReturnFlight?
    /// A key change reached this window during the drag between applications going on: the
    /// modifiers differ from those held when it began (a compositor repeating them is no change).
    public internal(set) var externalKeysReached = false
    var externalKeysAtStart: Modifiers?

    /// A session over `layout` (nil: the showcase, laid out for a window of `size` points).
    package init(layout: Layout? = nil, size: Size = Showcase.size, settings: PointerSettings = PointerSettings(),
                interactions: [any Interaction]? = nil, now: Timestamp = Timestamp(rawValue: 0)) {
        let g = layout == nil ? ShowcaseGeometry(size: size) : nil
        let l = layout ?? Showcase.layout(g!)
        geometry = g
        isShowcase = layout == nil
        engine = Engine(layout: l, settings: settings, interactions: interactions ?? PlaygroundSession.interactions(for: l), now: now)
        hud.conventions = settings.conventions
        renderer = SceneRenderer(background: Palette.window)
        if isShowcase { engine.disableMenuEntries(state.disabledMenuEntries) } // no tab closed yet (I6)
    }

    /// The interactions the playground runs for a layout.
    package static func interactions(for layout: Layout) -> [any Interaction] {
        [ResizeInteraction()] + StandardInteractions.make() + [TabStripInteraction()]
    }

    public var layout: Layout { engine.layout }

    /// Feeds one event at its own time.
    public func handle(_ event: InputEvent) {
        let sidebarEscape = sidebarOverlayKey(event)
        let hudKey = sidebarEscape ? nil : hudPanelKey(event)
        engine.handle(event, now: max(event.time, engine.now))
        if let g = geometry, !g.chrome.isEmpty,
           let a = chromeInput.handle(event, position: engine.logicalPosition, target: { [unowned self] in chromeTarget(at: $0) }) {
            windowActions.append(a)
        }
        // The HUD shows what the engine made of the event (issue 20.2), and its scroll speed.
        hud.read(engine)
        hud.observe(event)
        noteExternalDrag(event)
        drain()
        if sidebarEscape { showSidebarOverlay(false) }
        if let show = hudKey { showHUDPanel(show) }
    }

    /// Lays the showcase out again for a window of `size` points (the compositor resized it):
    /// the engine keeps its state (selection, scroll offsets clamped to the new extents) and
    /// finds what the pointer is over again. A user's layout keeps its own size. Whether the
    /// layout changed.
    @discardableResult
    public func resize(to size: Size) -> Bool {
        guard let g = geometry else { return false }
        let new = ShowcaseGeometry(size: size, hudShown: hudPanelShown, sidebarShown: sidebarOverlayShown, chrome: g.chrome)
        guard new != g else { return false }
        relayout(new)
        return true
    }

    /// The window's own controls (issue 32.1, W1): none until the live window finds the
    /// compositor draws no decorations.
    public var chrome: WindowChrome { geometry?.chrome ?? .none }

    /// Shows the window's own controls (or takes them away); the toolbar lays out again.
    public func setChrome(_ chrome: WindowChrome) {
        guard let g = geometry, g.chrome != chrome else { return }
        relayout(ShowcaseGeometry(size: g.size, hudShown: hudPanelShown, sidebarShown: sidebarOverlayShown, chrome: chrome))
    }

    /// What the window's controls asked of the compositor since the last call, in order.
    public func takeWindowActions() -> [WindowAction] {
        defer { windowActions = [] }
        return windowActions
    }
    private var windowActions: [WindowAction] = []
    private var chromeInput = WindowChromeInput()

    /// The title bar, a resize edge, or anything else at surface point `p`.
    public func chromeTarget(at p: Point) -> ChromeTarget {
        guard let g = geometry, let id = engine.element(at: p) else { return .other }
        if let e = Showcase.windowEdge(id, in: g) { return .edge(e) }
        return id == Showcase.ID.toolbar ? .titleBar : .other
    }

    /// Whether the HUD panel is asked for where the HUD does not dock (the HUD button, Tab).
    public private(set) var hudPanelShown = false

    /// Shows or hides the HUD panel (no effect while the HUD docks, but remembered).
    public func showHUDPanel(_ shown: Bool) {
        hudPanelShown = shown
        guard let g = geometry else { return }
        let new = ShowcaseGeometry(size: g.size, hudShown: shown, sidebarShown: sidebarOverlayShown, chrome: g.chrome)
        if new != g { relayout(new) }
    }

    /// Whether the collapsed sidebar is shown over the content (the toolbar's sidebar button).
    public private(set) var sidebarOverlayShown = false

    /// Shows or hides the collapsed sidebar over the content (no effect while it docks).
    public func showSidebarOverlay(_ shown: Bool) {
        sidebarOverlayShown = shown
        guard let g = geometry else { return }
        let new = ShowcaseGeometry(size: g.size, hudShown: hudPanelShown, sidebarShown: shown, chrome: g.chrome)
        if new != g { relayout(new) }
    }

    private func relayout(_ g: ShowcaseGeometry) {
        geometry = g
        engine.setLayout(Showcase.layout(g).removing(removedItems))
        drain()
    }

    /// Shows what a drop from another application brought in its target (issue 18.3).
    public func showDrop(_ summary: String, in target: ElementID?) {
        guard let target, let i = Showcase.ID.dropTargets.firstIndex(of: target) else { return }
        state.droppedIn[i] = summary
    }

    /// Opens the app's own menu at `point` (a drop's "ask", issue 18.3), the entries at
    /// `disabled` dimmed and not choosable.
    public func presentMenu(_ items: [String], disabled: Set<Int> = [], for element: ElementID?, at point: Point) {
        engine.presentMenu(items, disabled: disabled, for: element, at: point)
        drain()
    }

    /// Takes the engine's drag to hand it to the compositor (DragOut.swift).
    func takeDragFromEngine() -> DragInProgress? { engine.handOffDrag() }

    /// Takes `id` out of the layout (a finished move to another application, issue 18.2).
    func removeItem(_ id: ElementID) {
        guard layout[id] != nil else { return }
        removedItems.insert(id)
        engine.setLayout(layout.removing([id]))
        drain()
    }

    /// Escape hides the sidebar shown over the content (before the HUD panel: it is the newer,
    /// and first goes to a menu or a band selection in progress).
    private func sidebarOverlayKey(_ event: InputEvent) -> Bool {
        guard let g = geometry, g.sidebar == .overlay, case .key(let k, pressed: true) = event.kind else { return false }
        return KeyNames.name(of: k) == "esc" && engine.openMenu == nil && !engine.isActive
    }

    /// Tab shows or hides the HUD panel and Escape hides it (nil: the key does neither). While a
    /// menu is open every key is the menu's (issue 30.5: a drop's menu opens between frames, so
    /// the engine is asked, not the last frame drawn); Escape also goes first to a band
    /// selection in progress. Only the showcase has a HUD.
    private func hudPanelKey(_ event: InputEvent) -> Bool? {
        guard let g = geometry, !g.hudDocked, case .key(let k, pressed: true) = event.kind, engine.openMenu == nil else { return nil }
        switch KeyNames.name(of: k) {
        case "tab": return !g.hudShown
        case "esc": return g.hudShown && !engine.isActive ? false : nil
        default: return nil
        }
    }

    /// When animations run: `.events` (default) or, for a window drawing on the display's
    /// frames, `.frames` (see `AnimationClock`).
    public var animationClock: AnimationClock {
        get { engine.animationClock }
        set { engine.animationClock = newValue }
    }

    /// Runs time forward (animations, auto-hide, momentum).
    public func advance(to t: Timestamp) {
        guard t > engine.animationTime else { return }
        engine.advance(to: t)
        hud.advance(to: t)
        drain()
    }

    private func drain() {
        var toggle = false, sidebar: Bool?
        var outs = engine.drainOutputs()
        while !outs.isEmpty {
            for o in outs {
                if case .activated(Showcase.ID.hudToggle, _, _) = o, isShowcase { toggle.toggle() }
                // The window's own buttons (issue 32.1, W1) ask the compositor.
                if case .activated(let id, _, _) = o, isShowcase, let kind = Showcase.windowControl(id) {
                    windowActions.append(kind == .close ? .close : kind == .minimize ? .minimize : .toggleMaximize)
                }
                // The sidebar button shows or hides the collapsed sidebar; choosing a row hides it.
                if case .activated(let id, _, _) = o, isShowcase, let g = geometry, g.sidebar != .docked {
                    if id == Showcase.ID.sidebarToggle { sidebar = !(sidebar ?? (g.sidebar == .overlay)) }
                    if Showcase.ID.sidebarRows.contains(id) { sidebar = false }
                }
                outputs.append(o)
                outputCount += 1
                let before = state
                state.apply(o, layout: engine.layout)
                hud.observe(o, layout: engine.layout)
                if isShowcase { control(after: o, before: before) }
            }
            outs = engine.drainOutputs() // a skip's seek
        }
        // The media stops at its end (I3): the play button shows play again.
        if isShowcase, state.isPlaying, !engine.isPlaying(Showcase.ID.scrubber) { state.isPlaying = false }
        if outputs.count > 2 * Self.outputMemory { outputs.removeFirst(outputs.count - Self.outputMemory) }
        if toggle, let g = geometry { showHUDPanel(!g.hudShown) }
        if let sidebar { showSidebarOverlay(sidebar) }
    }

    /// Pauses the showcase's video if it plays (the soak's settle check: playing media never
    /// comes to rest).
    public func pauseVideo() {
        guard isShowcase, state.isPlaying else { return }
        state.isPlaying = false
        engine.playback(.pause, scrubber: Showcase.ID.scrubber)
    }

    /// Plays, pauses and skips the video as the showcase's controls ask (I3); animates a tab
    /// leaving the bar, and lets a reopened one answer again (I6).
    private func control(after o: EngineOutput, before: ShowcaseState) {
        typealias ID = Showcase.ID
        if state.isPlaying != before.isPlaying { engine.playback(state.isPlaying ? .play : .pause, scrubber: ID.scrubber) }
        if state.disabledMenuEntries != before.disabledMenuEntries { engine.disableMenuEntries(state.disabledMenuEntries) }
        var skip: Double?
        if case .activated(let id, _, _) = o, id == ID.skipBack || id == ID.skipForward { skip = id == ID.skipBack ? -1 : 1 }
        if case .menuItemChosen(ID.video?, let i) = o, i == 1 || i == 2 { skip = i == 1 ? -1 : 1 }
        if let skip { engine.playback(.skip(seconds: skip * Showcase.skipInterval), scrubber: ID.scrubber) }
        if state.slots.count < before.slots.count {
            // By its × or the bar's menu (Close Tab, Close Other Tabs: from the right).
            for slot in before.slots.indices.reversed() where !state.slots.contains(before.slots[slot]) {
                engine.withInteraction(TabStripInteraction.self) { t, ctx, now in t.close(slot: slot, now: now, &ctx) }
            }
        } else if state.slots.count > before.slots.count {
            engine.withInteraction(TabStripInteraction.self) { t, ctx, _ in t.reopen(&ctx) }
        }
    }

    /// The outputs produced after the first `count` (those still kept).
    public func outputs(after count: Int) -> ArraySlice<EngineOutput> {
        let first = outputCount - outputs.count
        return outputs[(min(max(count, first), outputCount) - first)...]
    }

    /// The renderer's frame composer, which keeps the display list between frames as its
    /// retained scene (`composer.scene`); `compose(on:)` writes into it.
    public let composer = FrameComposer(scale: 1)
    /// The HUD's items kept between frames (the composer's middle items).
    let hudCache = HUDItemCache()

    /// The display list of the frame at the engine's current time, built from scratch.
    public func displayItems(measure: @escaping TextMeasure) -> [DisplayItem] {
        var list: [DisplayItem] = []
        compose { composer, frame, surfaceFrame in
            list = composer.items(for: frame, surfaceFrame: surfaceFrame, measure: measure)
        }
        return list
    }

    /// Composes the frame at the engine's current time into `composer.scene` for drawing on
    /// `canvas`: only the elements that changed since the previous call are looked at again,
    /// and only what changed is written (issue 8, issue 34.3).
    public func compose(on canvas: Canvas) {
        composer.use(scale: canvas.scale)
        let measure: TextMeasure = { [canvas] in canvas.measure($0, font: $1) }
        compose { [composer, hudCache] showcase, frame, surfaceFrame in
            showcase.compose(frame, into: composer, hudCache: hudCache, surfaceFrame: surfaceFrame, measure: measure)
        }
    }

    /// `compose(on:)`, and the composed list (tests, replays: a kept list equals
    /// `displayItems(measure:)` with the canvas's measure). Let the list go before the next frame:
    /// the scene is then changed in place.
    public func displayItems(on canvas: Canvas) -> [DisplayItem] {
        compose(on: canvas)
        return composer.scene.items
    }

    /// Describes the frame at the engine's current time, notes it for the HUD and the state
    /// line, and hands it to `body` with the showcase's looks.
    private func compose(_ body: (ShowcaseComposer, Frame, (ElementID) -> Rect?) -> Void) {
        let e = engine
        var frame = e.describe()
        decorateDragOut(&frame, layout: e.layout, color: e.settings.color, surfaceFrame: { e.surfaceFrame(of: $0) })
        lastFrame = frame
        hud.observe(frame)
        noteExternalDrag(nil)
        if let id = e.hovered, let label = e.layout.property(of: id, \.label), let kind = e.layout.property(of: id, \.kind) {
            // Named again only when they change: describing an enum in a string goes
            // through reflection, on every frame while the pointer rests on an element.
            let fx = e.effect(on: id)?.kind
            if let n = hoverNames, n.id == id, n.label == label, n.kind == kind, n.fx == fx {
                hud.hovered = n.hovered; hud.effect = n.effect
            } else {
                hud.hovered = label.isEmpty ? "\(kind)" : label
                hud.effect = fx.map { "\($0)" } ?? "none"
                hoverNames = (id, label, kind, fx, hud.hovered, hud.effect)
            }
        } else {
            hud.hovered = "—"; hud.effect = "—"
        }
        // The session's conventions never change, so the kept looks (cache) stay right.
        var showcase = ShowcaseComposer(layout: e.layout, state: state, hud: hud, isShowcase: isShowcase,
                                        conventions: e.settings.conventions)
        showcase.stateVersion = stateVersion
        body(showcase, frame, { e.surfaceFrame(of: $0) })
    }

    /// The HUD's names of the hovered element and its effect, and what they were made from.
    private var hoverNames: (id: ElementID, label: String, kind: ElementKind, fx: EffectKind?, hovered: String, effect: String)?

    /// The frame the last display list was built from (`render`, `displayItems`): what the
    /// window just drew (its state line, --state-out), without describing the engine again.
    public private(set) var lastFrame: Frame?

    /// Whether something animates now (`describe().isAnimating`, without describing).
    public var isAnimating: Bool { returning != nil || !engine.isSettled }
    /// The engine's next deadline (`describe().nextDeadline`, without describing).
    public var nextDeadline: Timestamp? { engine.nextDeadline }

    /// Renders the current frame into `canvas` (whose content is `bufferAge` frames old) and
    /// returns the repainted pixel rectangles; `previous` holds the last frame rendered (see
    /// `SceneRenderer.render`).
    @discardableResult
    public func render(into canvas: Canvas, bufferAge: Int, previous: Canvas? = nil) -> [PixelRect] {
        // Composed into the composer's retained scene, whose marks the renderer follows.
        compose(on: canvas)
        return renderer.render(composer.scene, into: canvas, bufferAge: bufferAge, previous: previous)
    }

    /// Renders the current frame into a fresh canvas of the layout's size at `scale`.
    public func snapshot(scale: Double = 1) -> Canvas {
        let size = engine.layout.size
        let canvas = Canvas(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), scale: scale)
        let r = SceneRenderer(background: Palette.window, cache: canvas.cache)
        r.render(displayItems(on: canvas), into: canvas, bufferAge: 0)
        return canvas
    }
}
