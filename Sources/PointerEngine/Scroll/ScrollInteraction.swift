// Scroll views in the engine (SPEC G1, G6, G10, I5): wraps one `ScrollView` per scroll
// container (kinds scrollView and collection with `traits.scroll`), fed by the gesture
// interpreter's scroll intents, keyboard scrolling, and touch drags (G11).
//
// Nested scroll containers (I5; scroll chaining as on macOS and iOS): a scroll goes to the
// innermost container under the pointer that scrolls along its main axis — unless that one is
// already at its edge in the scroll's direction while an outer one along the same axis can still
// move that way: then the outer one. The choice is made once per gesture (a finger scroll until
// the fingers lift, a touch drag until the touch ends, a burst of wheel detents until a pause of
// `wheelTransaction`, each key press): reaching the inner container's edge within a gesture
// rubber-bands the inner one and never hands the rest over to the outer one. The outer one
// scrolls with the next gesture, if that starts with the inner one at its edge.

package struct ScrollInteraction: Interaction {
    package var name: String { "scroll" }
    var views: [ElementID: ScrollView] = [:]
    /// The view a finger scroll latched onto until the fingers lift.
    var latched: ElementID?
    /// A touch dragging a scroll view's content (G11): id, view (chosen at its first move, when
    /// the direction is known), where it went down, last position.
    var touch: (id: TouchID, view: ElementID?, down: Point, last: Point)?
    /// The view a burst of wheel detents (or continuous wheel motion) scrolls, and its last event.
    var wheelLatch: (view: ElementID, horizontal: Bool, last: Timestamp)?
    var now = Timestamp(rawValue: 0)

    /// Wheel events closer together than this belong to one scroll and stay with the view the
    /// first one chose (I5: no chaining to an outer view half way through a turn of the wheel);
    /// Firefox's wheel transactions and Chrome's wheel latching do the same.
    static let wheelTransaction = 0.5 // s
    /// Within this of its end a view counts as at its edge (rounding of animated offsets).
    static let edgeTolerance = 0.5 // pt

    package init() {}

    static func scrolls(_ e: Element) -> Bool {
        (e.kind == .scrollView || e.kind == .collection) && e.traits.scroll != nil
    }

    /// The view for a container, created from the layout on first use; its offset follows
    /// whatever else moved the container (band-selection autoscroll).
    mutating func view(_ id: ElementID, _ ctx: InteractionContext) -> ScrollView? {
        guard let e = ctx.layout[id], Self.scrolls(e), let cfg = e.traits.scroll else { return nil }
        // A view whose container changed size (a new layout: the window was resized) starts
        // again at the offset the container had, clamped by the new view.
        let kept = views[id].flatMap { $0.viewportSize == e.frame.size && $0.contentSize == cfg.contentSize ? $0 : nil }
        var v = kept ?? {
            var v = ScrollView(viewport: e.frame.size, content: cfg.contentSize)
            let start = views[id]?.offset ?? Point(cfg.initialOffset.dx, cfg.initialOffset.dy)
            v.handle(.scroll(to: start, animated: false), now: now)
            return v
        }()
        v.kinetic = ctx.settings.kineticScrolling
        v.bouncesWhenContentFits = cfg.bouncesWhenContentFits
        if let t = ctx.scene.transforms[id], t.offset != Vector(v.offset.x, v.offset.y), !v.isScrolling {
            v.handle(.scroll(to: Point(t.offset.dx, t.offset.dy), animated: false), now: now)
        }
        views[id] = v
        return v
    }

    func sync(_ id: ElementID, _ ctx: inout InteractionContext) {
        guard let v = views[id] else { return }
        var t = ctx.scene.transforms[id] ?? ContainerTransform(viewport: .zero)
        t.offset = Vector(v.offset.x, v.offset.y)
        ctx.scene.transforms[id] = t
    }

    /// The container a new scroll by `delta` (offset change) at `p` starts in (I5, scroll
    /// chaining): the innermost scrolling container under `p` along `delta`'s main axis, or —
    /// when it is at its edge in `delta`'s direction — the nearest outer one along that axis that
    /// can still move that way. When none can, the innermost (it rubber-bands).
    mutating func target(at p: Point, delta: Vector, _ ctx: InteractionContext) -> ElementID? {
        let horizontal = abs(delta.dx) > abs(delta.dy)
        let amount = horizontal ? delta.dx : delta.dy
        var innermost: ElementID?
        for id in ctx.containers(at: p) {
            guard let e = ctx.layout[id], Self.scrolls(e), let cfg = e.traits.scroll,
                  cfg.axes.contains(horizontal ? .horizontal : .vertical) else { continue }
            if innermost == nil { innermost = id }
            guard amount != 0, let v = view(id, ctx) else { return innermost }
            let axis = horizontal ? v.horizontal : v.vertical
            let canMove = amount > 0 ? axis.destination < axis.maxOffset - Self.edgeTolerance : axis.destination > Self.edgeTolerance
            if canMove { return id }
        }
        return innermost
    }

    /// The view a wheel event scrolls: the one its burst started in while the burst lasts, the
    /// pointer stays over it and the axis is the same; otherwise a new choice (`target`).
    mutating func wheelTarget(at p: Point, delta: Vector, _ ctx: InteractionContext) -> ElementID? {
        let horizontal = abs(delta.dx) > abs(delta.dy)
        if let l = wheelLatch, l.horizontal == horizontal, now.seconds(since: l.last) <= Self.wheelTransaction,
           ctx.surfaceFrame(of: l.view)?.contains(p) ?? false {
            wheelLatch = (l.view, horizontal, now)
            return l.view
        }
        let id = target(at: p, delta: delta, ctx)
        wheelLatch = id.map { ($0, horizontal, now) }
        return id
    }

    mutating func send(_ ev: ScrollViewEvent, to id: ElementID, _ ctx: inout InteractionContext) {
        guard var v = view(id, ctx) else { return }
        v.handle(ev, now: now)
        views[id] = v
        sync(id, &ctx)
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        self.now = now
        switch event {
        case .intent(.scroll(let d, let source), let at, _):
            let id: ElementID?
            switch source {
            case .finger: id = latched ?? target(at: at, delta: d, ctx)
            case .wheel, .tilt, .continuous: id = wheelTarget(at: at, delta: d, ctx)
            }
            guard let id else { return .ignored }
            switch source {
            case .finger: latched = id; send(.fingerScroll(d), to: id, &ctx)
            case .wheel, .tilt: send(.wheel(d), to: id, &ctx)
            case .continuous: send(.continuous(d), to: id, &ctx)
            }
            return .handled
        case .intent(.scrollEnded, _, _):
            guard let id = latched else { return .ignored }
            latched = nil
            send(.fingerLift, to: id, &ctx)
            return .handled
        case .intent(.scrollLapsed(let last), _, _):
            guard let id = latched else { return .ignored }
            latched = nil
            send(.fingerLapse(lastMotion: last), to: id, &ctx)
            return .handled
        case .intent(.stopMomentum, _, _):
            for id in views.keys.sorted() where views[id]!.isScrolling { send(.stopMomentum, to: id, &ctx) }
            return .ignored
        case .key(let k, pressed: true):
            guard let key = ScrollKey(key: k, modifiers: ctx.modifiers),
                  let id = target(at: ctx.pointer, delta: key.direction, ctx)
                    ?? target(at: ctx.pointer, delta: Vector(key.direction.dy, key.direction.dx), ctx)
            else { return .ignored }
            send(.key(key), to: id, &ctx)
            return .handled
        case .touchDown(let tid, let p, let hit):
            // G6: a new touch stops momentum; a touch on content (not on a control) drags it.
            if views.values.contains(where: { $0.isScrolling }) {
                for id in views.keys.sorted() where views[id]!.isScrolling { send(.stopMomentum, to: id, &ctx) }
            }
            let under = ctx.containers(at: p)
            guard touch == nil, under.contains(where: { ctx.layout[$0].map(Self.scrolls) ?? false }),
                  hit == nil || under.contains(hit!) || ctx.layout[hit!]?.kind == .row || ctx.layout[hit!]?.kind == .card
                    // A draggable item's touch reaches here when it moved before the item lifted (G11).
                    || ctx.layout[hit!]?.traits.isDraggable == true
            else { return .ignored }
            touch = (tid, nil, p, p)
            return .ignored
        case .touchMoved(let tid, let p, _):
            guard let t = touch, t.id == tid else { return .ignored }
            let d = p - t.last
            // The first move gives the direction: the view is chosen then (I5 chaining), once.
            guard d != .zero, let id = t.view ?? target(at: t.down, delta: -d, ctx) else { return .ignored }
            touch = (tid, id, t.down, p)
            send(.fingerScroll(-d), to: id, &ctx)
            return .ignored
        case .touchUp(let tid, _, _):
            guard let t = touch, t.id == tid else { return .ignored }
            touch = nil
            if let id = t.view { send(.fingerLift, to: id, &ctx) }
            return .ignored
        case .touchCancel:
            if let t = touch { touch = nil; if let id = t.view { send(.fingerLift, to: id, &ctx) } }
            return .ignored
        case .deviceRemoved:
            if let id = latched { latched = nil; send(.fingerLift, to: id, &ctx) }
            return .ignored
        case .intent, .pointerMoved, .pointerPressed, .pointerReleased, .scroll, .gesture, .key,
             .modifiersChanged, .pointerLeft, .pointerEntered:
            return .ignored
        }
    }

    /// Moving views advance in steps of at most this (s): ScrollView starts the indicator fade
    /// at the advance in which motion ended, so long jumps must not postpone it.
    static let maximumStep = 1.0 / 60

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        let start = self.now
        self.now = now
        guard views.values.contains(where: { $0.isScrolling }) else { return }
        for id in views.keys.sorted() where views[id]!.isScrolling {
            let before = views[id]!.offset
            var t = start
            while views[id]!.isScrolling, t < now {
                t = min(now, t.adding(seconds: Self.maximumStep))
                views[id]!.advance(to: t)
            }
            views[id]!.advance(to: now)
            if views[id]!.offset != before { sync(id, &ctx) }
        }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        if let id = latched { send(.fingerLift, to: id, &ctx) }
        if let id = touch?.view { send(.fingerLift, to: id, &ctx) }
        latched = nil; touch = nil; wheelLatch = nil
        views.removeAll() // rebuilt from the layout and the scene on demand
    }

    /// A resize keeps scrolling in progress (issue 30.3, I5, G1): each view still in the layout
    /// takes its new size with its motion (fingers on, momentum, an animation) going on; the
    /// offsets are the views' again (the engine clamped them). Views gone are forgotten, and
    /// with them what latched onto them.
    package mutating func relayout(from old: InteractionContext, context ctx: inout InteractionContext, now: Timestamp) {
        self.now = now
        for id in views.keys.sorted() {
            guard let e = ctx.layout[id], Self.scrolls(e), let cfg = e.traits.scroll else { views[id] = nil; continue }
            views[id]!.resize(viewport: e.frame.size, content: cfg.contentSize, now: now)
            sync(id, &ctx)
        }
        if let id = latched, views[id] == nil { latched = nil }
        if let id = touch?.view, views[id] == nil { touch = nil }
        if let id = wheelLatch?.view, views[id] == nil { wheelLatch = nil }
    }

    package var isActive: Bool { latched != nil || touch != nil }
    /// Scrolls arrive as intents; keys scroll; touches drag content (G11).
    package var interests: InteractionInterests { [.intent, .key, .touches, .deviceRemoved] }
    package var isAnimating: Bool { views.values.contains { $0.isScrolling || $0.indicatorOpacity(at: now) > 0 } }

    package func contribute(to frame: inout Frame, context ctx: InteractionContext) {
        for id in views.keys.sorted() {
            let v = views[id]!
            let o = v.indicatorOpacity(at: frame.time)
            guard o > 0, let vp = ctx.surfaceFrame(of: id) else { continue }
            if let r = v.verticalIndicator {
                frame.scrollIndicators.append(ScrollIndicatorAppearance(scrollView: id, axis: .vertical, rect: r.offsetBy(vp.origin - .zero), opacity: o))
            }
            if let r = v.horizontalIndicator {
                frame.scrollIndicators.append(ScrollIndicatorAppearance(scrollView: id, axis: .horizontal, rect: r.offsetBy(vp.origin - .zero), opacity: o))
            }
        }
    }
}

extension ScrollKey {
    /// How the key moves the content offset (sign per axis): the direction that decides which
    /// of nested views it scrolls (I5 chaining).
    var direction: Vector {
        switch self {
        case .lineUp, .pageUp, .home: Vector(0, -1)
        case .lineDown, .pageDown, .end: Vector(0, 1)
        case .lineLeft: Vector(-1, 0)
        case .lineRight: Vector(1, 0)
        }
    }
}
