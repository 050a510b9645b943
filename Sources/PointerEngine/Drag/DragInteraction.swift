// Drags in the engine (SPEC I2, G11, A1, A2): a `DragSession` over draggable elements
// (`traits.isDraggable`) and drop targets (kind dropTarget, `traits.drop`), by pointer,
// trackpad or touch alike. A press on a draggable that never becomes a drag is a click: it
// selects the item, extending or toggling as the settings' `Conventions` read the keys held.

package struct DragInteraction: Interaction {
    package var name: String { "drag" }
    var session = DragSession<ElementID, ElementID>(conventions: .desktop)
    var touch: TouchID?
    /// When `touch` came down (the lift waits `touchLiftDelay` from then).
    var touchDownAt = Timestamp(rawValue: 0)
    /// A touch this drag let go because it moved before the lift (it scrolls instead): its
    /// touch-down offered again (see `Engine.touchMoved`) is not taken a second time.
    var declinedTouch: TouchID?
    var input: InputKind = .pointer
    /// The last completed drag (for the inspector).
    package private(set) var lastResult: DragResult<ElementID, ElementID>?

    /// How long a touch rests on an item before the item lifts for a drag (G11, I2; issue
    /// 16.6): the long press, as on iPadOS, where an item lifts after a long press and a touch
    /// that moves earlier scrolls. The same hold as the touch context menu's
    /// (`ContextMenuRecognizer.longPressDuration`), so one long press means one thing
    /// everywhere; a flick touches the glass for tens of ms before moving (29 ms in issue 16),
    /// far below it. Pointer and trackpad drags need no hold (their threshold is motion only).
    package static let touchLiftDelay = ContextMenuRecognizer.longPressDuration // s

    package init() {}

    func dropTarget(at p: Point, excluding item: ElementID?, _ ctx: InteractionContext) -> DropTarget<ElementID>? {
        var id = ctx.element(at: p)
        while let cur = id, let e = ctx.layout[cur] {
            if e.kind == .dropTarget, cur != item {
                return DropTarget(id: cur, accepts: e.traits.drop?.accepts ?? Set(DragOperation.allCases))
            }
            id = e.parent
        }
        return nil
    }

    var item: ElementID? {
        switch session.state {
        case .idle: nil
        case .pressed(let item, _, _), .dragging(let item, _, _, _, _): item
        }
    }

    mutating func press(_ id: ElementID?, at p: Point, input: InputKind, _ ctx: InteractionContext, now: Timestamp) -> InteractionResponse {
        guard !session.isActive, let id, ctx.layout[id]?.traits.isDraggable == true else { return .ignored }
        // The Mac's Control-click is a secondary click: the menu's, not a drag or a selection.
        guard !ctx.settings.conventions.isSecondaryClick(ctx.modifiers) else { return .ignored }
        self.input = input
        session = DragSession(modifiers: ctx.modifiers, conventions: ctx.settings.conventions, plainDrop: ctx.settings.plainDrop)
        let di: DragInput = input == .touch ? .touch : (input == .trackpad ? .trackpad : .pointer)
        session.handle(.press(item: id, at: p, input: di), now: now)
        return .captured
    }

    mutating func move(to p: Point, _ ctx: InteractionContext, now: Timestamp) -> InteractionResponse {
        session.handle(.move(to: p, target: dropTarget(at: p, excluding: item, ctx)), now: now)
        return .handled
    }

    mutating func finish(_ ev: DragSession<ElementID, ElementID>.Event, _ ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        let clicked: ElementID? = { if case .pressed(let i, _, _) = session.state { return i } else { return nil } }()
        if let r = session.handle(ev, now: now) {
            lastResult = r
            if r.outcome == .dropped, let target = r.target {
                let k: InputKind = r.input == .touch ? .touch : (r.input == .trackpad ? .trackpad : .pointer)
                ctx.emit(.dropped(items: [r.item], on: target, operation: r.operation, input: k))
            }
        } else if let i = clicked, case .release = ev {
            select(i, &ctx)
        }
        touch = nil
        return .released
    }

    /// A click on an item selects it (I1 semantics for clicks).
    func select(_ id: ElementID, _ ctx: inout InteractionContext) {
        switch ctx.settings.conventions.selectionOperation(for: ctx.modifiers) {
        case .toggle:
            if ctx.scene.selection.contains(id) { ctx.scene.selection.remove(id) } else { ctx.scene.selection.insert(id) }
        case .extend:
            ctx.scene.selection.insert(id)
        case .replace:
            ctx.scene.selection = [id]
        }
        ctx.emit(.selectionChanged(ctx.scene.selection))
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        switch event {
        case .pointerPressed(.left, let p, let hit, _):
            return press(hit, at: p, input: ctx.input == .trackpad ? .trackpad : .pointer, ctx, now: now)
        case .touchDown(let id, let p, let hit):
            guard touch == nil else { return !session.isActive ? .ignored : .handled }
            guard id != declinedTouch else { return .ignored }
            let r = press(hit, at: p, input: .touch, ctx, now: now)
            if r == .captured { touch = id; touchDownAt = now }
            return r
        case .pointerMoved(let p, _):
            guard session.isActive, touch == nil else { return .ignored }
            return move(to: p, ctx, now: now)
        case .touchMoved(let id, let p, _):
            guard session.isActive, touch == id else { return .ignored }
            if case .pressed(_, let origin, _) = session.state, now.seconds(since: touchDownAt) < Self.touchLiftDelay,
               origin.distance(to: p) >= DragInput.touch.dragThreshold {
                // Moved before the item lifted: not a drag. The touch goes to what is under it
                // (a scroll view scrolls, with momentum as usual).
                session = DragSession(conventions: ctx.settings.conventions, plainDrop: ctx.settings.plainDrop)
                touch = nil
                declinedTouch = id
                return .released
            }
            return move(to: p, ctx, now: now)
        case .pointerReleased(.left, _, _):
            guard session.isActive, touch == nil else { return .ignored }
            return finish(.release, &ctx, now: now)
        case .touchUp(let id, _, _):
            if declinedTouch == id { declinedTouch = nil }
            guard session.isActive, touch == id else { return .ignored }
            return finish(.release, &ctx, now: now)
        case .modifiersChanged(let m):
            guard session.isActive else { return .ignored }
            session.handle(.modifiers(m), now: now) // I2: the modifiers held at drop time decide
            return .ignored
        case .touchCancel:
            declinedTouch = nil
            guard session.isActive, touch != nil else { return .ignored }
            return finish(.cancel, &ctx, now: now)
        case .deviceRemoved:
            guard session.isActive else { return .ignored }
            return finish(.cancel, &ctx, now: now)
        case .key(let k, pressed: true) where KeyNames.name(of: k) == "esc":
            // Escape cancels a drag (issue 30.6; I2, as on macOS and in GNOME Files): the item
            // flies home and nothing is dropped; the button, still held, does nothing more.
            guard case .dragging = session.state else { return .ignored }
            return finish(.cancel, &ctx, now: now)
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .pointerLeft, .pointerEntered, .intent:
            return .ignored
        }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        if session.isActive { _ = finish(.cancel, &ctx, now: now) }
    }

    /// A resize keeps the drag (issue 30.3, I2): the item stays under the pointer (its grab
    /// point moves with its new frame) and the target is what lies under the pointer now. An
    /// item the new layout no longer has ends the drag cancelled.
    package mutating func relayout(from old: InteractionContext, context ctx: inout InteractionContext, now: Timestamp) {
        guard session.isActive, let item else { return }
        guard ctx.layout[item]?.traits.isDraggable == true, let was = old.surfaceFrame(of: item),
              let frame = ctx.surfaceFrame(of: item) else { return cancel(context: &ctx, now: now) }
        let at: Point = switch session.state {
        case .dragging(_, _, let location, _, _): location
        case .pressed(_, let origin, _): origin
        case .idle: ctx.pointer
        }
        session.relocate(itemMovedBy: frame.origin - was.origin, target: dropTarget(at: at, excluding: item, ctx))
    }

    package var isActive: Bool { session.isActive }
    /// Idle: only a press or a touch can start a drag (the rest is ignored then).
    package var interests: InteractionInterests {
        session.isActive ? .all : declinedTouch != nil ? [.pointerPressed, .touches] : [.pointerPressed, .touchDown]
    }

    package func pointerRequest(context: InteractionContext) -> PointerRequest? {
        guard case .dragging(_, _, let location, let di, _) = session.state else { return nil }
        let glyph: AccessoryGlyph
        switch session.accessory {
        case .none: return PointerRequest()
        case .plus: glyph = .plus
        case .link: glyph = .link
        case .circleSlash: glyph = .circleSlash
        }
        // A1, A2: the same badge for every input; by pointer at its top right, by touch above
        // the finger's contact point, where the finger does not cover it.
        if di == .touch { return PointerRequest(accessories: [PointerAccessory(glyph, at: .top, orientsToPosition: false)], accessoryAnchor: location) }
        return PointerRequest(accessories: [PointerAccessory(glyph, at: .topRight, orientsToPosition: false)])
    }

    /// G11, I2: a touch resting on an item lifts it when the hold is recognised, before the
    /// finger moves: the engine advances this interaction while the hold waits (it animates,
    /// so the window keeps drawing frames until then), and the lift needs no further input.
    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        guard touch != nil, case .pressed(let item, let origin, _) = session.state,
              now.seconds(since: touchDownAt) >= Self.touchLiftDelay else { return }
        session.handle(.lift(target: dropTarget(at: origin, excluding: item, ctx)), now: now)
    }

    /// A touch waits for its hold to lift the item.
    package var isAnimating: Bool {
        guard touch != nil, case .pressed = session.state else { return false }
        return true
    }

    package func contribute(to frame: inout Frame, context ctx: InteractionContext) {
        guard case .dragging(let item, let origin, let location, _, let target) = session.state,
              let f = ctx.surfaceFrame(of: item) else { return }
        let e = ctx.layout[item]
        let op = session.operation
        let refused = target.map { !$0.accepts.contains(op) } ?? false
        frame.drag = DragAppearance(items: [item], previewRect: f.offsetBy(location - origin), cornerRadius: e?.cornerRadius ?? 0,
                                    opacity: 0.9, operation: target == nil || refused ? nil : op, input: input)
        if let i = frame.elementStates.firstIndex(where: { $0.element == item }) {
            frame.elementStates[i].isDragSource = true
        } else {
            let at = frame.elementStates.firstIndex { $0.element > item } ?? frame.elementStates.endIndex
            frame.elementStates.insert(ElementState(element: item, isDragSource: true), at: at)
        }
        for e in ctx.layout.elements where e.kind == .dropTarget && e.id != item {
            guard let tf = ctx.surfaceFrame(of: e.id) else { continue }
            let state: DropTargetState
            var operation: DragOperation? = nil
            if target?.id == e.id {
                state = refused ? .refusing : .accepting
                if !refused { operation = op }
            } else {
                state = .available
            }
            frame.dropTargets.append(DropTargetAppearance(element: e.id, frame: tf, cornerRadius: e.cornerRadius, state: state,
                                                          operation: operation, opacity: 1))
        }
    }
}
