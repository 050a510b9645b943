// Routing events to the interactions (SPEC G7): the captor first, then each in order, with
// the scene lent to them in place; their interests and activity cached after each call.

extension EngineCore {
    /// A read-only context (the scene is shared).
    func context(input kind: InputKind) -> InteractionContext {
        InteractionContext(layout: layout, scene: scene, settings: settings, pointer: logicalPosition,
                           modifiers: input.modifiers, input: kind, hovered: hover.hovered, index: index)
    }

    /// A context that takes the scene (moved, not copied, so interactions mutate it in place);
    /// `absorb` puts it back.
    mutating func takeContext(input kind: InputKind) -> InteractionContext {
        var s = SceneState()
        swap(&s, &scene)
        return InteractionContext(layout: layout, scene: s, settings: settings, pointer: logicalPosition,
                                  modifiers: input.modifiers, input: kind, hovered: hover.hovered, index: index)
    }

    mutating func absorb(_ ctx: inout InteractionContext) {
        swap(&scene, &ctx.scene)
        if !ctx.outputs.isEmpty { outputs.append(contentsOf: ctx.outputs); ctx.outputs.removeAll() }
    }

    /// Dispatches the gesture interpreter's intents at the pointer.
    mutating func dispatch(_ intents: [GestureIntent]) {
        guard !intents.isEmpty, interactionUnion & InteractionInterests.intent.rawValue != 0 else { return }
        let target = scrollTarget(axis: nil)
        for i in intents { dispatch(.intent(i, at: logicalPosition, target: target), input: input.lastInput) }
    }

    /// Offers an event to the captor first, then to each interaction in order, until one
    /// consumes it. Events that end something (a touch lifting or cancelled, a button released,
    /// a device removed, focus lost, the fingers' scroll stop) reach every interaction whatever
    /// the others answer, so nothing is left half-done (G7). Returns whether someone consumed
    /// the event.
    @discardableResult
    mutating func dispatch(_ event: InteractionEvent, input kind: InputKind) -> Bool {
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
        var ctx = takeContext(input: kind)
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
        // An interaction covering the window (an open menu, issue 30.5) is modal: it is
        // offered the event before the others.
        let covering = InteractionInterests.covering.rawValue
        if interactionUnion & covering != 0 {
            for i in components.indices where i != captor && interactionCache[i] & covering != 0 && interactionCache[i] & want != 0 {
                if offer(event, to: i, &ctx, consumed: &consumed), !broadcast { return true }
            }
        }
        for i in components.indices where i != captor && interactionCache[i] & want != 0 {
            if interactionUnion & covering != 0, interactionCache[i] & covering != 0 { continue } // offered above
            if offer(event, to: i, &ctx, consumed: &consumed), !broadcast { return true }
        }
        return consumed
    }

    /// Offers `event` to interaction `i` (not the captor); true when it consumed it.
    private mutating func offer(_ event: InteractionEvent, to i: Int, _ ctx: inout InteractionContext, consumed: inout Bool) -> Bool {
        let r = components[i].handle(event, context: &ctx, now: now)
        refreshInteractionCache(i)
        switch r {
        case .ignored: return false
        case .handled, .released: consumed = true
        case .captured:
            consumed = true
            if captor == nil {
                captor = i
                if log != nil { transition("capture: \(interactions[i].name) captured on \(event)") }
            }
        }
        return true
    }

    /// Whether an interaction draws over the content at `p` (an open menu): the elements under
    /// it are neither hovered nor hit there (issue 30.5; G9).
    func isCovered(_ p: Point) -> Bool {
        let covering = InteractionInterests.covering.rawValue
        guard interactionUnion & covering != 0 else { return false }
        return components.indices.contains { interactionCache[$0] & covering != 0 && components[$0].covers(p) }
    }

    /// The element hit at `p` (padded hit regions), nil where an interaction covers it.
    func hit(at p: Point) -> ElementID? {
        isCovered(p) ? nil : index.element(at: p, scene: scene, padded: true)
    }

    /// What the interactions want of the pointer now: the captor's request, else the first
    /// interaction's that has one.
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
}

/// Bits of `EngineCore.interactionCache` above the `InteractionInterests` ones.
enum InteractionCache {
    static let active: UInt32 = 1 << 30
    static let animating: UInt32 = 1 << 31
}
