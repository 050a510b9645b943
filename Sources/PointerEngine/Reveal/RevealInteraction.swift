// Hover-revealed controls in the engine (SPEC I4, H1–H4): one `RevealableControls` per
// element of kind revealingControls (its children are the hidden controls). The pointer over
// the area reveals them; a touch tap reveals without activating, a second tap activates.

package struct RevealInteraction: Interaction {
    package var name: String { "reveal" }
    /// The groups in a fixed order (by id, for determinism), mutated in place: a motion
    /// touches each group once and copies none.
    var groups: [RevealableControls<ElementID>] = []
    var order: [ElementID] = []
    /// The opacity `publish` last wrote for each group (NaN: not yet).
    var published: [Double] = []
    /// Whether `publish` last wrote each group as hidden (its controls in `scene.disabled`).
    var publishedHidden: [Bool] = []
    var initialised = false
    var touches: [TouchID: Point] = [:]
    var now = Timestamp(rawValue: 0)

    package init() {}

    static func policy(_ e: Element) -> RevealPolicy {
        switch e.traits.reveal {
        case .autoHide?, nil: .timed
        case .sidebar?: .sidebar
        case .tabClose?: .untilPointer
        }
    }

    mutating func setUp(_ ctx: inout InteractionContext) {
        guard !initialised else { return }
        initialised = true
        for e in ctx.layout.elements where e.kind == .revealingControls {
            guard let area = ctx.surfaceFrame(of: e.id) else { continue }
            // The hidden controls are the leaves below the group (a minimized toolbar's
            // buttons sit inside the toolbar that is the group's child): a tap on a button
            // activates that button, not the bar around it.
            var leaves: [ElementID] = []
            var pending = Array(e.children.reversed())
            while let id = pending.popLast() {
                guard let c = ctx.layout[id] else { continue }
                if c.children.isEmpty { leaves.append(id) } else { pending += c.children.reversed() }
            }
            let controls = leaves.compactMap { id -> HiddenControl<ElementID>? in
                guard let c = ctx.layout[id], let f = ctx.surfaceFrame(of: id) else { return nil }
                return HiddenControl(id: id, title: c.label, frame: f)
            }
            order.append(e.id)
            groups.append(RevealableControls(area: area, controls: controls, policy: Self.policy(e)))
        }
        let sorted = order.indices.sorted { order[$0] < order[$1] }
        order = sorted.map { order[$0] }
        groups = sorted.map { groups[$0] }
        published = Array(repeating: .nan, count: groups.count)
        publishedHidden = Array(repeating: false, count: groups.count)
        publish(&ctx)
    }

    /// Writes each group's opacity, and its controls', to the scene when it changed. The controls
    /// of a hidden group are no target (issue 16.5; I4, M1): in `scene.disabled` they get no
    /// hover, no magnetism and no click until the group reveals.
    mutating func publish(_ ctx: inout InteractionContext) {
        for k in groups.indices {
            let hidden = !groups[k].isRevealed
            if hidden != publishedHidden[k] || published[k].isNaN {
                publishedHidden[k] = hidden
                for c in groups[k].controls {
                    if hidden { ctx.scene.disabled.insert(c.id) } else { ctx.scene.disabled.remove(c.id) }
                }
            }
            let o = groups[k].opacity(at: now)
            guard o != published[k] else { continue }
            published[k] = o
            if ctx.scene.reveal[order[k]] != o { ctx.scene.reveal[order[k]] = o }
            for c in groups[k].controls where ctx.scene.reveal[c.id] != o { ctx.scene.reveal[c.id] = o }
        }
    }

    /// Sends `ev` to every group; returns the strongest outcome (activation > reveal/consume > rest).
    mutating func broadcast(_ ev: RevealableControls<ElementID>.Event, _ ctx: inout InteractionContext) -> RevealOutcome<ElementID> {
        var result = RevealOutcome<ElementID>.ignored
        for k in groups.indices {
            let r = groups[k].handle(ev, now: now)
            switch r {
            case .activated: result = r
            case .revealed, .consumed:
                if case .activated = result {} else { result = r }
            case .hidden, .ignored: break
            }
        }
        publish(&ctx)
        return result
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        self.now = now
        setUp(&ctx)
        guard !groups.isEmpty else { return .ignored }
        switch event {
        case .pointerMoved(let p, _), .pointerEntered(let p):
            _ = broadcast(.pointerMoved(p), &ctx)
            return .ignored
        case .pointerLeft:
            _ = broadcast(.pointerMoved(nil), &ctx)
            return .ignored
        case .pointerPressed(.left, let p, _, _):
            switch broadcast(.pointerClick(p), &ctx) {
            case .revealed, .consumed: return .handled
            case .activated, .hidden, .ignored: return .ignored // the engine activates on release
            }
        case .touchDown(let id, let p, _):
            touches[id] = p
            return .ignored
        case .touchMoved(let id, let p, _):
            if let s = touches[id], s.distance(to: p) > Engine.tapSlop { touches[id] = nil }
            return .ignored
        case .touchUp(let id, let p, _):
            guard touches.removeValue(forKey: id) != nil else { return .ignored }
            switch broadcast(.touchTap(p), &ctx) {
            case .revealed, .consumed: return .handled // H2: reveal without activating
            case .activated(let c):
                ctx.emit(.activated(c, input: .touch, clickCount: 1))
                return .handled
            case .hidden, .ignored: return .ignored
            }
        case .touchCancel:
            touches.removeAll()
            return .ignored
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .modifiersChanged, .deviceRemoved, .intent:
            return .ignored
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        setUp(&ctx)
        guard !groups.isEmpty else { return }
        for k in groups.indices { groups[k].advance(to: now) }
        publish(&ctx)
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        for g in groups { for c in g.controls { ctx.scene.disabled.remove(c.id) } }
        publishedHidden.removeAll()
        touches.removeAll()
        groups.removeAll()
        order.removeAll()
        published.removeAll()
        initialised = false
    }

    package var isActive: Bool { false }
    /// Nothing on a layout without revealing controls; pointer and touch otherwise.
    package var interests: InteractionInterests {
        if !initialised { return .all }
        if groups.isEmpty { return [] }
        return [.pointerMoved, .pointerEntered, .pointerLeft, .pointerPressed, .touches]
    }
    package var isAnimating: Bool {
        for k in groups.indices {
            // A fade that starts now still has its start opacity (0 or 1): it animates too,
            // or the engine never advances the group and the reveal never shows.
            if groups[k].isFading(at: now) { return true }
            switch groups[k].state {
            case .leaving: return true
            case .touchRevealed: if groups[k].policy == .timed { return true }
            case .hidden, .hoverRevealed: break
            }
        }
        return false
    }

    /// The hidden controls of the group containing `id` (for context menus, I6).
    package func hiddenControls(around id: ElementID, in layout: Layout) -> [HiddenControl<ElementID>] {
        var cur: ElementID? = id
        while let c = cur, let e = layout[c] {
            if let k = order.firstIndex(of: c) { return groups[k].controls }
            cur = e.parent
        }
        return []
    }
}
