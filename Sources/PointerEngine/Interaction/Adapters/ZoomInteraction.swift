// Zoomable, rotatable canvases in the engine (SPEC G2, G3, G4, G7): one `ZoomController` per
// canvas (kind canvas with `traits.scroll`), driven by pinch and smart-zoom intents.

public struct ZoomInteraction: Interaction {
    public var name: String { "zoom" }
    var canvases: [ElementID: ZoomController] = [:]
    var active: ElementID?
    var initialised = false
    var now = Timestamp(rawValue: 0)

    public init() {}

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

    mutating func send(_ ev: ZoomController.Event, to id: ElementID, _ ctx: inout InteractionContext) {
        guard var c = controller(id, ctx) else { return }
        c.handle(ev, now: now)
        canvases[id] = c
        sync(id, &ctx)
    }

    /// A surface point in the canvas's viewport coordinates.
    func local(_ p: Point, _ id: ElementID, _ ctx: InteractionContext) -> Point {
        guard let f = ctx.surfaceFrame(of: id) else { return p }
        return Point(p.x - f.minX, p.y - f.minY)
    }

    public mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
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
        case .deviceRemoved:
            if let id = active { active = nil; send(.cancelled, to: id, &ctx) }
            return .ignored
        case .intent, .pointerMoved, .pointerPressed, .pointerReleased, .scroll, .gesture, .touchDown,
             .touchMoved, .touchUp, .touchCancel, .key, .modifiersChanged, .pointerLeft, .pointerEntered:
            return .ignored
        }
    }

    public mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        setUp(&ctx)
        guard canvases.values.contains(where: { $0.isAnimating }) else { return }
        for id in canvases.keys.sorted() where canvases[id]!.isAnimating {
            canvases[id]!.advance(to: now)
            sync(id, &ctx)
        }
    }

    public mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        if let id = active { active = nil; send(.cancelled, to: id, &ctx) }
        // The layout may change next: per-canvas state is rebuilt from it on demand.
        canvases.removeAll()
        initialised = false
    }

    public var isActive: Bool { active != nil }
    /// Pinches and smart zoom arrive as intents (everything until the canvases are set up).
    public var interests: InteractionInterests { initialised ? [.intent, .deviceRemoved] : .all }
    public var isAnimating: Bool { canvases.values.contains { $0.isAnimating } }

    /// A canvas's zoom transform (for the inspector).
    public func transform(of id: ElementID) -> CanvasTransform? { canvases[id]?.transform }
}
