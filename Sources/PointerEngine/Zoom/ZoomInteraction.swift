// Zoomable, rotatable canvases in the engine (SPEC G2, G3, G4, G7): one `ZoomController` per
// canvas (kind canvas with `traits.scroll`), driven by pinch and smart-zoom intents. Two-finger
// scrolls, wheels and touch drags over a canvas pan it (I5, G1, G11) with rubber-band at the
// content's edges and momentum (`CanvasPan`), on the axes its `traits.scroll.axes` allow.
// Every pinch, smart zoom and pan ends with the content in its zoom limits and in bounds
// (`ZoomController.inBounds`), springing there when the fingers lift.

package struct ZoomInteraction: Interaction {
    package var name: String { "zoom" }
    var canvases: [ElementID: ZoomController] = [:]
    var active: ElementID?
    var initialised = false
    var now = Timestamp(rawValue: 0)
    /// Pans in progress or settling, per canvas (I5).
    var pans: [ElementID: CanvasPan] = [:]
    /// The canvas a finger scroll latched onto until the fingers lift (G1).
    var panLatched: ElementID?
    /// A touch dragging a canvas's content (G11): id, canvas, last position.
    var panTouch: (id: TouchID, canvas: ElementID, last: Point)?

    package init() {}

    /// Publishes every canvas's starting (fitted) transform.
    mutating func setUp(_ ctx: inout InteractionContext) {
        guard !initialised else { return }
        initialised = true
        for e in ctx.layout.elements where Self.isCanvas(e) {
            _ = controller(e.id, ctx)
            sync(e.id, &ctx)
        }
    }

    static func isCanvas(_ e: Element) -> Bool { e.kind == .canvas && e.traits.scroll != nil }

    mutating func controller(_ id: ElementID, _ ctx: InteractionContext) -> ZoomController? {
        if let c = canvases[id] { return c }
        guard let e = ctx.layout[id], Self.isCanvas(e), let cfg = e.traits.scroll else { return nil }
        let c = ZoomController(viewport: e.frame.size, content: cfg.contentSize, minimumScale: cfg.minimumZoom,
                               maximumScale: cfg.maximumZoom)
        canvases[id] = c
        return c
    }

    /// The canvas transform (q = R·s·p + t, degrees) as a container transform (rotation about
    /// the viewport centre c): zoom s, rotation θ, offset R⁻¹(c − t) − c.
    static func containerTransform(_ t: CanvasTransform, viewport: Size) -> ContainerTransform {
        let theta = t.rotation * Double.pi / 180
        let c = Vector(viewport.width / 2, viewport.height / 2)
        let d = c - t.translation
        let (s, co) = Math.sincos(-theta)
        let r = Vector(co * d.dx - s * d.dy, s * d.dx + co * d.dy)
        return ContainerTransform(viewport: .zero, offset: r - c, zoom: t.scale, rotation: theta)
    }

    func sync(_ id: ElementID, _ ctx: inout InteractionContext) {
        guard let c = canvases[id] else { return }
        ctx.scene.transforms[id] = Self.containerTransform(c.transform, viewport: c.viewport)
    }

    func canvas(at p: Point, _ ctx: InteractionContext) -> ElementID? {
        ctx.containers(at: p).first { ctx.layout[$0].map(Self.isCanvas) ?? false }
    }

    /// The canvas under `p` when it is the innermost scroll container there (a scroll view
    /// inside a canvas scrolls itself).
    func pannableCanvas(at p: Point, _ ctx: InteractionContext) -> ElementID? {
        guard let id = ctx.containers(at: p).first, let e = ctx.layout[id], Self.isCanvas(e) else { return nil }
        return id
    }

    /// Pans canvas `id` (I5): continues the pan in progress, or starts one from the canvas's
    /// transform now. Nothing moves during a pinch (the pinch pans by itself).
    mutating func pan(_ id: ElementID, _ ev: ScrollViewEvent, _ ctx: inout InteractionContext) {
        guard var c = controller(id, ctx), let axes = ctx.layout[id]?.traits.scroll?.axes else { return }
        if case .pinching = c.state { return }
        func only(_ v: Vector) -> Vector {
            Vector(axes.contains(.horizontal) ? v.dx : 0, axes.contains(.vertical) ? v.dy : 0)
        }
        let event: ScrollViewEvent = switch ev {
        case .fingerScroll(let v): .fingerScroll(only(v))
        case .wheel(let v): .wheel(only(v))
        case .continuous(let v): .continuous(only(v))
        default: ev
        }
        var p = pans[id].flatMap { $0.isMoving ? $0 : nil }
            ?? CanvasPan(transform: c.transform, content: c.contentSize, viewport: c.viewport,
                         kinetic: ctx.settings.kineticScrolling, now: now)
        let d = p.handle(event, now: now)
        if d != .zero { c.translate(by: d, now: now) }
        if !p.isMoving { c.settle(now: now) } // G2, I5: at rest within the limits and bounds
        pans[id] = p
        canvases[id] = c
        sync(id, &ctx)
    }

    mutating func send(_ ev: ZoomController.Event, to id: ElementID, _ ctx: inout InteractionContext) {
        guard var c = controller(id, ctx) else { return }
        // A pinch or smart zoom takes over from a pan: its momentum stops where it is.
        pans[id] = nil
        c.handle(ev, now: now)
        canvases[id] = c
        sync(id, &ctx)
    }

    /// A surface point in the canvas's viewport coordinates.
    func local(_ p: Point, _ id: ElementID, _ ctx: InteractionContext) -> Point {
        guard let f = ctx.surfaceFrame(of: id) else { return p }
        return Point(p.x - f.minX, p.y - f.minY)
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        self.now = now
        setUp(&ctx)
        switch event {
        case .intent(.zoomBegan(let focus), let at, _):
            guard active == nil, let id = canvas(at: at, ctx) else { return .ignored }
            active = id
            send(.began(focus: local(focus, id, ctx)), to: id, &ctx)
            return .handled
        case .intent(.zoomChanged(let scale, let rotation, let pan), _, _):
            guard let id = active else { return .ignored }
            let allowsRotation = ctx.layout[id]?.traits.scroll?.allowsRotation ?? false
            send(.changed(scale: scale, rotation: allowsRotation ? rotation : 0, pan: pan), to: id, &ctx)
            return .handled
        case .intent(.zoomEnded, _, _):
            guard let id = active else { return .ignored }
            active = nil
            send(.ended, to: id, &ctx)
            return .handled
        case .intent(.zoomCancelled, _, _):
            guard let id = active else { return .ignored }
            active = nil
            send(.cancelled, to: id, &ctx)
            return .handled
        case .intent(.smartZoom(let p), _, _):
            guard let id = canvas(at: p, ctx) else { return .ignored }
            send(.smartZoom(at: local(p, id, ctx)), to: id, &ctx)
            return .handled
        case .intent(.scroll(let d, let source), let at, _):
            switch source {
            case .finger:
                guard let id = panLatched ?? pannableCanvas(at: at, ctx) else { return .ignored }
                panLatched = id
                pan(id, .fingerScroll(d), &ctx)
            case .wheel, .tilt:
                guard let id = pannableCanvas(at: at, ctx) else { return .ignored }
                pan(id, .wheel(d), &ctx)
            case .continuous:
                guard let id = pannableCanvas(at: at, ctx) else { return .ignored }
                pan(id, .continuous(d), &ctx)
            }
            return .handled
        case .intent(.scrollEnded, _, _):
            guard let id = panLatched else { return .ignored }
            panLatched = nil
            pan(id, .fingerLift, &ctx)
            return .handled
        case .intent(.scrollLapsed(let last), _, _):
            guard let id = panLatched else { return .ignored }
            panLatched = nil
            pan(id, .fingerLapse(lastMotion: last), &ctx)
            return .handled
        case .intent(.stopMomentum, _, _):
            // G6: a hold stops momentum (scroll views hear it too).
            for id in pans.keys.sorted() where pans[id]!.isMoving { pan(id, .stopMomentum, &ctx) }
            return .ignored
        case .touchDown(let tid, let p, let hit):
            // G6: a new touch stops momentum; a touch on the canvas itself drags its content (G11).
            for id in pans.keys.sorted() where pans[id]!.isMoving && panTouch?.canvas != id { pan(id, .stopMomentum, &ctx) }
            guard panTouch == nil, let id = pannableCanvas(at: p, ctx), hit == nil || hit == id else { return .ignored }
            panTouch = (tid, id, p)
            return .ignored
        case .touchMoved(let tid, let p, _):
            guard let t = panTouch, t.id == tid else { return .ignored }
            panTouch = (tid, t.canvas, p)
            pan(t.canvas, .fingerScroll(t.last - p), &ctx)
            return .ignored
        case .touchUp(let tid, _, _):
            guard let t = panTouch, t.id == tid else { return .ignored }
            panTouch = nil
            pan(t.canvas, .fingerLift, &ctx)
            return .ignored
        case .touchCancel:
            if let t = panTouch { panTouch = nil; pan(t.canvas, .fingerLift, &ctx) }
            return .ignored
        case .deviceRemoved:
            if let id = active { active = nil; send(.cancelled, to: id, &ctx) }
            // G7: the fingers are gone: the pan settles (into bounds) from where it is.
            if let id = panLatched { panLatched = nil; pan(id, .fingerLift, &ctx) }
            return .ignored
        case .intent, .pointerMoved, .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .modifiersChanged,
             .pointerLeft, .pointerEntered:
            return .ignored
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        setUp(&ctx)
        if pans.values.contains(where: { $0.isMoving }) {
            for id in pans.keys.sorted() where pans[id]!.isMoving {
                let d = pans[id]!.advance(to: now)
                if d != .zero { canvases[id]?.translate(by: d, now: now); sync(id, &ctx) }
                if !pans[id]!.isMoving { canvases[id]?.settle(restedAt: pans[id]!.lastMotion, now: now); sync(id, &ctx) }
            }
        }
        guard canvases.values.contains(where: { $0.isAnimating }) else { return }
        for id in canvases.keys.sorted() where canvases[id]!.isAnimating {
            canvases[id]!.advance(to: now)
            sync(id, &ctx)
        }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        if let id = active { active = nil; send(.cancelled, to: id, &ctx) }
        // The layout may change next: per-canvas state is rebuilt from it on demand.
        pans.removeAll(); panLatched = nil; panTouch = nil
        canvases.removeAll()
        initialised = false
    }

    /// A resize keeps every canvas's zoom and a pinch in progress (issue 30.3, G2): each canvas
    /// still in the layout takes its new view with its content where it was on the surface
    /// (`ZoomController.relocate`); a pan's momentum ends there (the canvas settles into its
    /// bounds), fingers still on pan on with the next scroll. Canvases gone are forgotten.
    package mutating func relayout(from old: InteractionContext, context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        guard initialised else { return }
        for id in canvases.keys.sorted() {
            guard let e = ctx.layout[id], Self.isCanvas(e), let cfg = e.traits.scroll,
                  let was = old.surfaceFrame(of: id), let frame = ctx.surfaceFrame(of: id), var c = canvases[id] else {
                canvases[id] = nil; pans[id] = nil
                if active == id { active = nil }
                if panLatched == id { panLatched = nil }
                if panTouch?.canvas == id { panTouch = nil }
                ctx.scene.transforms[id] = nil
                continue
            }
            if c.contentSize != cfg.contentSize { c.contentSize = cfg.contentSize }
            pans[id] = nil
            c.relocate(viewport: e.frame.size, movedBy: frame.origin - was.origin, minimumScale: cfg.minimumZoom,
                       maximumScale: cfg.maximumZoom, now: now)
            canvases[id] = c
            sync(id, &ctx)
        }
        for e in ctx.layout.elements where Self.isCanvas(e) && canvases[e.id] == nil {
            _ = controller(e.id, ctx)
            sync(e.id, &ctx)
        }
    }

    package var isActive: Bool { active != nil || panLatched != nil || panTouch != nil }
    /// Pinches, smart zoom and scrolls arrive as intents, touch drags pan (everything until the
    /// canvases are set up).
    package var interests: InteractionInterests { initialised ? [.intent, .touches, .deviceRemoved] : .all }
    package var isAnimating: Bool { canvases.values.contains { $0.isAnimating } || pans.values.contains { $0.isMoving } }

    /// A canvas's zoom transform (for the inspector).
    package func transform(of id: ElementID) -> CanvasTransform? { canvases[id]?.transform }
}
