// Paged views in the engine (SPEC G5, I5): one `PageTransition` per paged view, driven by
// the interpreter's page swipes (three fingers by default) and by horizontal two-finger
// scrolls over the view. The content offset is page × width − transition offset.

package struct PageInteraction: Interaction {
    package var name: String { "pages" }
    var pages: [ElementID: PageTransition] = [:]
    /// The view being swiped and whether finger scrolling (not a swipe gesture) drives it.
    var active: (view: ElementID, byScroll: Bool)?
    var now = Timestamp(rawValue: 0)

    package init() {}

    static func isPaged(_ e: Element) -> Bool { e.kind == .pagedView && e.traits.scroll != nil }

    mutating func transition(_ id: ElementID, _ ctx: InteractionContext) -> PageTransition? {
        if let p = pages[id] { return p }
        guard let e = ctx.layout[id], Self.isPaged(e), let cfg = e.traits.scroll, e.frame.width > 0 else { return nil }
        let count = max(1, Int((cfg.contentSize.width / e.frame.width).rounded()))
        let x = ctx.scene.transforms[id]?.offset.dx ?? cfg.initialOffset.dx
        let first = min(count - 1, max(0, Int((x / e.frame.width).rounded())))
        let p = PageTransition(pageWidth: e.frame.width, pageCount: count, page: first)
        pages[id] = p
        return p
    }

    func sync(_ id: ElementID, _ ctx: inout InteractionContext) {
        guard let p = pages[id] else { return }
        var t = ctx.scene.transforms[id] ?? ContainerTransform(viewport: .zero)
        t.offset = Vector(Double(p.page) * p.pageWidth - p.offset, t.offset.dy)
        ctx.scene.transforms[id] = t
    }

    func pagedView(at p: Point, _ ctx: InteractionContext) -> ElementID? {
        ctx.containers(at: p).first { ctx.layout[$0].map(Self.isPaged) ?? false }
    }

    mutating func send(_ ev: PageSwipePhase, to id: ElementID, _ ctx: inout InteractionContext) {
        guard var p = transition(id, ctx) else { return }
        if let page = p.handle(ev, now: now) { ctx.emit(.pageChanged(id, page: page)) }
        pages[id] = p
        sync(id, &ctx)
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        self.now = now
        switch event {
        case .intent(.pageSwipe(let phase), let at, _):
            switch phase {
            case .began:
                guard active == nil, let id = pagedView(at: at, ctx) else { return .ignored }
                active = (id, false)
                send(.began, to: id, &ctx)
            case .changed:
                guard let a = active else { return .ignored }
                send(phase, to: a.view, &ctx)
            case .ended, .cancelled:
                guard let a = active else { return .ignored }
                active = nil
                send(phase, to: a.view, &ctx)
            }
            return .handled
        case .intent(.scroll(let d, .finger), let at, _):
            if let a = active, a.byScroll {
                send(.changed(dx: -d.dx), to: a.view, &ctx)
                return .handled
            }
            guard active == nil, abs(d.dx) > abs(d.dy), let id = pagedView(at: at, ctx) else { return .ignored }
            active = (id, true)
            send(.began, to: id, &ctx)
            send(.changed(dx: -d.dx), to: id, &ctx)
            return .handled
        case .intent(.scrollEnded, _, _), .intent(.scrollLapsed, _, _):
            guard let a = active, a.byScroll else { return .ignored }
            active = nil
            send(.ended, to: a.view, &ctx)
            return .handled
        case .deviceRemoved:
            // G7: the swipe is cancelled, the page stays.
            if let a = active { active = nil; send(.cancelled, to: a.view, &ctx) }
            return .ignored
        case .intent, .pointerMoved, .pointerPressed, .pointerReleased, .scroll, .gesture, .touchDown,
             .touchMoved, .touchUp, .touchCancel, .key, .modifiersChanged, .pointerLeft, .pointerEntered:
            return .ignored
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        guard pages.values.contains(where: { $0.isActive }) else { return }
        for id in pages.keys.sorted() where pages[id]!.isActive {
            pages[id]!.advance(to: now)
            sync(id, &ctx)
        }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        if let a = active { active = nil; send(.cancelled, to: a.view, &ctx) }
        pages.removeAll() // rebuilt from the layout and the scene on demand
    }

    package var isActive: Bool { active != nil }
    /// Swipes and finger scrolls arrive as intents.
    package var interests: InteractionInterests { [.intent, .deviceRemoved] }
    package var isAnimating: Bool { pages.values.contains { $0.isActive } }

    /// The current page of a paged view.
    package func page(of id: ElementID) -> Int? { pages[id]?.page }
}
