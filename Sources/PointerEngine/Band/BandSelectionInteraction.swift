// Band selection in the engine (SPEC I1): press on empty space in a collection and drag; the
// pointer grows into the band, items inside are selected live, the keys held extend or toggle
// (as the settings' `Conventions` say), and past an edge the collection auto-scrolls.

public struct BandSelectionInteraction: Interaction {
    public var name: String { "band" }
    var band: BandSelection<ElementID>?
    var collection: ElementID?

    public init() {}

    func collection(at p: Point, _ ctx: InteractionContext) -> ElementID? {
        var id = ctx.element(at: p)
        while let cur = id, let e = ctx.layout[cur] {
            if e.kind == .collection { return cur }
            id = e.parent
        }
        return nil
    }

    mutating func start(at p: Point, hit: ElementID?, _ ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard band == nil, let c = collection(at: p, ctx), let ce = ctx.layout[c], let vp = ctx.surfaceFrame(of: c) else { return .ignored }
        if let hit, hit != c { return .ignored } // on an item: a click or a drag, not a band
        let scrolls = ce.isScrollContainer
        let items: [(id: ElementID, frame: Rect)] = ce.children.compactMap { id in
            guard let e = ctx.layout[id] else { return nil }
            // Content coordinates: a scroll container's children already are; others are
            // relative to the collection's origin.
            return (id, scrolls ? e.frame : e.frame.offsetBy(.zero - ce.frame.origin))
        }
        let content = ce.traits.scroll?.contentSize ?? ce.frame.size
        var b = BandSelection(items: items, viewport: vp, contentSize: content,
                              selection: ctx.scene.selection.intersection(Set(items.map(\.id))),
                              conventions: ctx.settings.conventions)
        if scrolls, let t = ctx.transform(of: c) { b.contentOffset = t.offset }
        guard b.handle(.press(p, modifiers: ctx.modifiers), now: now) else { return .ignored }
        band = b
        collection = c
        return .captured
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

    public mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        switch event {
        case .pointerPressed(.left, let p, let hit, _):
            return start(at: p, hit: hit, &ctx, now: now)
        case .pointerMoved(let p, _):
            guard var b = band else { return .ignored }
            b.handle(.move(p), now: now)
            band = b
            apply(&ctx)
            return .handled
        case .pointerReleased(.left, _, _):
            return end(.release, &ctx, now: now)
        case .deviceRemoved, .pointerLeft:
            return band == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .key(let k, pressed: true) where KeyNames.name(of: k) == "esc":
            return band == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .touchDown, .touchMoved, .touchUp, .touchCancel,
             .key, .modifiersChanged, .pointerEntered, .intent:
            return .ignored
        }
    }

    public mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        guard var b = band else { return }
        if b.advance(to: now) != .zero { band = b; apply(&ctx) } else { band = b }
    }

    public mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        if band != nil { _ = end(.cancel, &ctx, now: now) }
    }

    public var isActive: Bool { band?.isActive ?? false }
    /// Idle: only a press can start a band.
    public var interests: InteractionInterests { band == nil ? [.pointerPressed] : .all }
    /// Auto-scrolling needs frames while the band is out.
    public var isAnimating: Bool { band?.band != nil }

    public func pointerRequest(context: InteractionContext) -> PointerRequest? {
        // The pointer has become the band (I1).
        band?.band != nil ? PointerRequest(hidesPointer: true) : nil
    }

    public func contribute(to frame: inout Frame, context: InteractionContext) {
        if let b = band, let r = b.band {
            let viewport = collection.flatMap { context.surfaceFrame(of: $0) }
            frame.bandSelection = BandSelectionAppearance(rect: r, collection: collection, operation: b.operation ?? .replace,
                                                          viewport: viewport,
                                                          viewportCornerRadius: collection.flatMap { context.layout[$0]?.cornerRadius } ?? 0)
        }
    }
}
