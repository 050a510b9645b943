// Band selection in the engine (SPEC I1): press on empty space in a collection and drag; the
// pointer grows into the band, items inside are selected live, the keys held extend or toggle
// (as the settings' `Conventions` say), and past an edge the collection auto-scrolls.
//
// The edges are those of the part of the collection the user sees: its viewport clipped by
// the window and by every outer scroll view (issue 30.2). When the collection cannot scroll
// further that way, the nearest outer scroll view along that axis that can takes the rest
// (I5 chaining), and the band keeps selecting what comes into view. A window resize keeps the
// band (issue 30.3): its anchor stays on the content, its corner at the pointer.

package struct BandSelectionInteraction: Interaction {
    package var name: String { "band" }
    var band: BandSelection<ElementID>?
    var collection: ElementID?

    package init() {}

    func collection(at p: Point, _ ctx: InteractionContext) -> ElementID? {
        var id = ctx.element(at: p)
        while let cur = id, let e = ctx.layout[cur] {
            if e.kind == .collection { return cur }
            id = e.parent
        }
        return nil
    }

    /// The collection's items in content coordinates, and its content size.
    func contents(of c: ElementID, _ ctx: InteractionContext) -> (items: [(id: ElementID, frame: Rect)], size: Size)? {
        guard let ce = ctx.layout[c], ce.kind == .collection else { return nil }
        let scrolls = ce.isScrollContainer
        let items: [(id: ElementID, frame: Rect)] = ce.children.compactMap { id in
            guard let e = ctx.layout[id] else { return nil }
            // Content coordinates: a scroll container's children already are; others are
            // relative to the collection's origin.
            return (id, scrolls ? e.frame : e.frame.offsetBy(.zero - ce.frame.origin))
        }
        return (items, ce.traits.scroll?.contentSize ?? ce.frame.size)
    }

    /// Where collection `c` lies on the surface now, the part of it the user sees (clipped by
    /// the window and every outer scroll view) and which edges of that part lie on the window's
    /// edge, where the pointer cannot go past.
    static func placement(of c: ElementID, _ ctx: InteractionContext) -> (viewport: Rect, visible: Rect, pinned: RectEdges)? {
        guard let vp = ctx.surfaceFrame(of: c) else { return nil }
        let window = Rect(origin: .zero, size: ctx.layout.size)
        var shown = vp.intersection(window)
        var id = ctx.layout[c]?.parent
        while let cur = id, let e = ctx.layout[cur] {
            if e.isScrollContainer, let f = ctx.surfaceFrame(of: cur) { shown = shown?.intersection(f) }
            id = e.parent
        }
        let visible = shown ?? vp
        return (vp, visible, shown == nil ? [] : RectEdges.of(visible, on: window))
    }

    mutating func start(at p: Point, hit: ElementID?, _ ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard band == nil, let c = collection(at: p, ctx), let ce = ctx.layout[c], let place = Self.placement(of: c, ctx),
              let (items, content) = contents(of: c, ctx) else { return .ignored }
        if let hit, hit != c { return .ignored } // on an item: a click or a drag, not a band
        var b = BandSelection(items: items, viewport: place.viewport, contentSize: content,
                              selection: ctx.scene.selection.intersection(Set(items.map(\.id))),
                              conventions: ctx.settings.conventions)
        b.visible = place.visible
        b.pinnedEdges = place.pinned
        if ce.isScrollContainer, let t = ctx.transform(of: c) { b.contentOffset = t.offset }
        guard b.handle(.press(p, modifiers: ctx.modifiers), now: now) else { return .ignored }
        band = b
        collection = c
        return .captured
    }

    /// Scrolls the nearest outer scroll view that can still move by `delta` along each axis
    /// (I5 chaining: the collection itself is at its end that way). Whether any moved.
    static func chain(_ delta: Vector, from c: ElementID, _ ctx: inout InteractionContext) -> Bool {
        var moved = false
        for horizontal in [true, false] {
            let d = horizontal ? delta.dx : delta.dy
            guard d != 0 else { continue }
            var id = ctx.layout[c]?.parent
            while let cur = id, let e = ctx.layout[cur] {
                id = e.parent
                guard ScrollInteraction.scrolls(e), let cfg = e.traits.scroll,
                      cfg.axes.contains(horizontal ? .horizontal : .vertical) else { continue }
                var t = ctx.scene.transforms[cur] ?? ContainerTransform(viewport: .zero, offset: cfg.initialOffset)
                let limit = horizontal ? cfg.contentSize.width * t.zoom - e.frame.width : cfg.contentSize.height * t.zoom - e.frame.height
                let from = horizontal ? t.offset.dx : t.offset.dy
                let to = clamp(from + d, 0, max(0, limit))
                guard to != from else { continue }
                t.offset = horizontal ? Vector(to, t.offset.dy) : Vector(t.offset.dx, to)
                ctx.scene.transforms[cur] = t
                moved = true
                break
            }
        }
        return moved
    }

    /// Runs the band's autoscroll to `now`, chaining to outer views; whether anything moved.
    mutating func autoscroll(to now: Timestamp, _ ctx: inout InteractionContext) -> Bool {
        guard var b = band, let c = collection else { return false }
        let (applied, rest) = b.autoscroll(to: now)
        var moved = applied != .zero
        if rest != .zero, Self.chain(rest, from: c, &ctx), let place = Self.placement(of: c, ctx) {
            b.relocate(viewport: place.viewport, visible: place.visible, pinnedEdges: place.pinned)
            moved = true
        }
        band = b
        return moved
    }

    mutating func apply(_ ctx: inout InteractionContext) {
        guard let b = band, let c = collection else { return }
        if ctx.scene.selection != b.selection {
            let outside = ctx.scene.selection.subtracting(Set(b.items.map(\.id)))
            ctx.scene.selection = outside.union(b.selection)
            ctx.emit(.selectionChanged(ctx.scene.selection))
        }
        if ctx.layout[c]?.isScrollContainer == true {
            var t = ctx.scene.transforms[c] ?? ContainerTransform(viewport: .zero)
            if t.offset != b.contentOffset { t.offset = b.contentOffset; ctx.scene.transforms[c] = t }
        }
    }

    mutating func end(_ ev: BandSelection<ElementID>.Event, _ ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard var b = band else { return .ignored }
        b.handle(ev, now: now)
        band = b
        apply(&ctx)
        band = nil
        collection = nil
        return .released
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        switch event {
        case .pointerPressed(.left, let p, let hit, _):
            return start(at: p, hit: hit, &ctx, now: now)
        case .pointerMoved(let p, _):
            guard band != nil else { return .ignored }
            _ = autoscroll(to: now, &ctx)
            band?.handle(.move(p), now: now)
            apply(&ctx)
            return .handled
        case .pointerReleased(.left, _, _):
            return end(.release, &ctx, now: now)
        case .deviceRemoved:
            return band == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .pointerLeft:
            // The button is still held (the band ends with its release): the compositor took the
            // focus away (wlroots on an output change, issue 30.3), and the band waits for the
            // release, or for the enter that ends the lost press (EngineCore.endPressesLostAtLeave).
            return .ignored
        case .key(let k, pressed: true) where KeyNames.name(of: k) == "esc":
            return band == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .touchDown, .touchMoved, .touchUp, .touchCancel,
             .key, .modifiersChanged, .pointerEntered, .intent:
            return .ignored
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        guard band != nil else { return }
        if autoscroll(to: now, &ctx) { apply(&ctx) }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        if band != nil { _ = end(.cancel, &ctx, now: now) }
    }

    /// A resize keeps the band (issue 30.3, I1): the collection's items and extent come from
    /// the new layout, the anchor stays on the content, the corner at the pointer.
    package mutating func relayout(from old: InteractionContext, context ctx: inout InteractionContext, now: Timestamp) {
        guard var b = band, let c = collection else { return }
        guard let place = Self.placement(of: c, ctx), let (items, content) = contents(of: c, ctx) else {
            return cancel(context: &ctx, now: now)
        }
        if ctx.layout[c]?.isScrollContainer == true, let t = ctx.transform(of: c) { b.contentOffset = t.offset }
        b.relocate(viewport: place.viewport, visible: place.visible, pinnedEdges: place.pinned, items: items, contentSize: content)
        band = b
        apply(&ctx)
    }

    package var isActive: Bool { band?.isActive ?? false }
    /// Idle: only a press can start a band.
    package var interests: InteractionInterests { band == nil ? [.pointerPressed] : .all }
    /// Auto-scrolling needs frames while the band is out.
    package var isAnimating: Bool { band?.band != nil }

    package func pointerRequest(context: InteractionContext) -> PointerRequest? {
        // The pointer has become the band (I1).
        band?.band != nil ? PointerRequest(hidesPointer: true) : nil
    }

    package func contribute(to frame: inout Frame, context: InteractionContext) {
        if let b = band, let r = b.band {
            let viewport = collection.flatMap { context.surfaceFrame(of: $0) }
            frame.bandSelection = BandSelectionAppearance(rect: r, collection: collection, operation: b.operation ?? .replace,
                                                          viewport: viewport,
                                                          viewportCornerRadius: collection.flatMap { context.layout[$0]?.cornerRadius } ?? 0)
        }
    }
}
