// Hover and content effects (SPEC E1–E5, M1, M2): which element the pointer is over, what the
// pointer needs to know about it, and the effects that cross-fade as hover moves. The effects'
// tuning is `EffectTuning`, their looks `EffectInstance` (Effects.swift).

struct HoverEffects: Sendable {
    /// What the pointer needs to know about the hovered element, read once when it changes.
    struct Info: Sendable {
        var id: ElementID
        /// The element's slot in the hit index.
        var slot: Int
        var kind: ElementKind
        var cornerRadius: Double
        var style: PointerStyle?
        var graph: GraphAxes?
        var resizeAxis: ResizeAxis?
        var effect: EffectKind?
        /// The element changes the pointer's shape, accessories or annotations (the per-event
        /// pointer update reads nothing else when it does not).
        var shapesPointer: Bool
        var addsAccessories: Bool
        var addsAnnotations: Bool
        /// It snaps the pointer (M3).
        var snaps: Bool
    }

    /// The element whose hit region the pointer is in (M1, M2), while the pointer shows.
    private(set) var hovered: ElementID?
    private(set) var info: Info?
    /// Set when motion already hit-tested this event (saves the second query).
    var isFresh = false
    private(set) var effects: [EffectInstance] = []

    var isSettled: Bool { effects.allSatisfy { $0.progress.isSettled } }

    /// The effect currently shown (or fading) for an element.
    func effect(on id: ElementID) -> (kind: EffectKind, progress: Double)? {
        effects.last { $0.element == id }.map { ($0.kind, $0.progress.value) }
    }

    /// The element a lift effect currently shows on (the pointer fades under it, E2).
    var liftElement: ElementID? {
        effects.last { $0.kind == .lift && $0.progress.target > 0 }?.element
    }

    /// E2: how far a lift has come (0…1): the pointer fades by as much.
    var liftProgress: Double {
        var lift = 0.0
        for e in effects where e.kind == .lift { lift = max(lift, clamp(e.progress.value, 0, 1)) }
        return lift
    }

    /// Forgets the hovered element (a new layout); effects fade out where they were.
    mutating func forgetHover() {
        info = nil
        hovered = nil
    }

    /// M1, M2: hover follows the pointer at `pointer` while it shows (`shown`) and nothing holds
    /// or hides it (`held`: an interaction captured the pointer or asks to hide it); otherwise
    /// nothing is hovered.
    mutating func follow(pointer: Point, shown: Bool, held: Bool, layout: Layout, index: HitIndex, scene: SceneState,
                         reduceMotion: Bool, log: TransitionLog?) {
        let slot = shown && !held ? Int(index.slot(at: pointer, scene: scene, padded: true)) : -1
        update(slot: slot, layout: layout, index: index, scene: scene, reduceMotion: reduceMotion, log: log)
    }

    /// Whether this event's motion already hit-tested hover and nothing holds the pointer now
    /// (`held`), so it need not be tested again; either way the next event tests afresh.
    mutating func takeFresh(held: Bool) -> Bool {
        defer { isFresh = false }
        return isFresh && !held
    }

    /// Hover moves to the element in hit-index slot `newSlot` (−1: none). E5: the old effect
    /// animates out while the new one animates in (a cross-fade).
    mutating func update(slot newSlot: Int, layout: Layout, index: HitIndex, scene: SceneState,
                         reduceMotion: Bool, log: TransitionLog?) {
        let new: ElementID? = newSlot >= 0 ? index.entries[newSlot].id : nil
        guard new != hovered else { return }
        info = new.map { id in
            let slot = newSlot
            let e = layout.elements[slot], entry = index.entries[slot]
            return Info(id: id, slot: slot, kind: e.kind, cornerRadius: e.cornerRadius, style: e.style, graph: e.traits.graph,
                        resizeAxis: e.traits.resizeAxis, effect: entry.effect,
                        shapesPointer: e.style?.shape != nil || e.kind == .textArea || entry.effect == .highlight,
                        addsAccessories: !(e.style?.accessories.isEmpty ?? true) || e.kind == .resizeHandle,
                        addsAnnotations: !(e.style?.annotations.isEmpty ?? true) || e.traits.graph != nil,
                        snaps: entry.snaps)
        }
        if let log { log("hover: \(hovered.map(\.description) ?? "-") → \(new.map(\.description) ?? "-")") }
        hovered = new
        for i in effects.indices where effects[i].element != new {
            effects[i].progress.response = EffectTuning.outResponse
            effects[i].progress.dampingRatio = EffectTuning.outDamping
            effects[i].progress.target = 0
        }
        if let id = new, let entry = index.entry(id), let kind = entry.effect, let e = layout[id],
           let f = index.surfaceFrame(of: id, scene: scene) {
            if let i = effects.lastIndex(where: { $0.element == id && $0.kind == kind }) {
                effects[i].progress.response = EffectTuning.inResponse
                effects[i].progress.dampingRatio = EffectTuning.inDamping
                effects[i].progress.target = 1
            } else {
                var p = Animated(0, response: EffectTuning.inResponse, dampingRatio: EffectTuning.inDamping, reduceMotion: reduceMotion)
                p.target = 1
                effects.append(EffectInstance(element: id, kind: kind, hover: EffectChooser.hoverEffect(for: e), progress: p,
                                              frame: f, cornerRadius: e.cornerRadius))
            }
        }
    }

    mutating func setReduceMotion(_ rm: Bool) {
        for i in effects.indices { effects[i].progress.reduceMotion = rm }
    }

    mutating func step(by dt: Double) {
        for i in effects.indices { effects[i].progress.step(by: dt) }
        effects.removeAll { $0.isGone }
    }

    /// The effects to draw (E1–E5), in the paint order of their elements, each at its
    /// element's surface frame now (the last one seen for a vanished element).
    func appearances(index: HitIndex, scene: SceneState, pointer: Point, drawn: Point,
                     reduceMotion: Bool, classic: Bool) -> [EffectAppearance] {
        var live = effects
        for i in live.indices {
            if let fr = index.surfaceFrame(of: live[i].element, scene: scene) { live[i].frame = fr }
        }
        if live.count > 1 { live.sort { (index.entry($0.element)?.rank ?? -1) < (index.entry($1.element)?.rank ?? -1) } }
        return live.map { $0.appearance(pointer: pointer, drawn: drawn, reduceMotion: reduceMotion, classic: classic) }
    }
}
