// The frame composer (issue 34.3): the one owner of the draw side. It turns the engine's
// `Frame` into display items, in the paint order Frame.swift documents, and writes them straight
// into its RetainedScene, marking what it wrote; SceneRenderer.render(_ scene:…) follows the
// marks. The app supplies only its looks: a closure that draws an element at its surface frame in
// its state. Everything else is the composer's: the layout's paint order and per-element lookups
// (LayoutStructure), the frame's states, effects and container transforms by element (Present),
// where an element inside a scroll container draws (Placement: clip, corner radius, turn), the
// drag-source fade, the element's effect (Painter.effect), the reveal opacity of hover-revealed
// controls, and the overlays: the pointer (under a lifted element when the engine says so, E2),
// scroll edge effects, scroll indicators, drop targets, the band, the drag preview, accessories,
// annotations and the context menu.
//
// One frame-to-frame comparison: each element's item is keyed on what it is drawn from
// (ElementKey: surface frame, state, effect, placement, reveal opacity, the frame facts its look
// reads), and only the elements whose inputs may have changed are looked at again
// (touchedSlots, FrameComposer+Scene.swift); the scene is changed in place, so a write is the
// mark that tells the renderer what changed. Nothing else compares the frame with the last one.
//
// Clients with more than looks (the showcase) conform to the `package` protocol ComposerClient
// and call `compose(_:layout:surfaceFrame:measure:client:)`: frame facts their looks read, keyed
// per element (so an element whose look reads the scrubber's time is drawn again when it
// changes, and no other); items of their own between the overlays and the pointer (the HUD),
// with the indices that changed; a hint under the context menu; controls that draw their own
// reveal fade; the background scroll edge effects blend into; and a key for everything else the
// looks read (a change forgets every kept look). The public `compose(_:layout:surfaceFrame:
// measure:look:)` is that entry point with a client made of the look alone.
//
// Correctness: Tests/PlaygroundTests/FrameComposerTests.swift composes the showcase with a kept
// composer and a reference one (`referenceItems`, nothing kept) after every frame of seeded
// random sequences and requires them equal; planted faults (FrameComposer+Testing.swift) show the
// check would catch a stale item.
import PointerEngine

/// Measures text (points): the canvas's measure at its scale (`Canvas.measure(_:font:)`).
public typealias TextMeasure = (String, Font) -> TextExtents

/// What a client of the composer supplies besides its looks (the showcase: Playground's
/// ShowcaseComposer). `package`: the looks' facts are keyed untyped (AnyHashable), fine inside
/// the package, no API to promise.
package protocol ComposerClient {
    /// Everything the looks read that is not in the frame (app state, the kind of layout): when
    /// it changes, every kept look is forgotten.
    var looksKey: AnyHashable { get }
    /// Which frame fact the look of `id` reads beyond its own state (0: none); at most one.
    /// Asked when the layout or `looksKey` changes.
    func factKind(of id: ElementID) -> UInt8
    /// The facts the looks read, from `frame` (once per frame; nil: none).
    func facts(of frame: Frame) -> AnyHashable?
    /// Only the part of `facts` that looks of `kind` read: what those elements are keyed on and
    /// drawn from (a look reading more draws differently from the reference build, which the
    /// property test catches).
    func facts(_ facts: AnyHashable, relevantTo kind: UInt8) -> AnyHashable
    /// The look of `element` at `rect` (its surface frame) in `state`, drawn from `facts` (its
    /// relevant facts; all of them in the reference build; nil: none). Nil or empty: nothing.
    func look(_ element: Element, in rect: Rect, state: ElementState?, facts: AnyHashable?, ink: Ink) -> [DrawOp]?
    /// Whether the revealing control `id` draws its own reveal fade (its elements stay opaque).
    func drawsOwnReveal(_ id: ElementID) -> Bool
    /// The background the scroll edge effects blend into.
    var edgeBackground: Color { get }
    /// A line drawn in a pill under the open context menu (nil: none).
    var menuHint: String? { get }
    /// Items drawn over the overlays and under the pointer (the showcase's HUD), and the indices
    /// of those that differ from last frame's (nil: any may). `generation` changes whenever the
    /// composer forgot everything (`FrameComposer.generation`): items kept across it are stale.
    func middleItems(_ frame: Frame, surfaceFrame: (ElementID) -> Rect?, ink: Ink, generation: Int)
        -> (items: [DisplayItem], changed: [Int]?)
}

/// Composes frames into a retained scene, keeping each element's item from frame to frame.
public final class FrameComposer {
    /// The composed display list, with marks for `SceneRenderer.render(_ scene: RetainedScene,
    /// into:bufferAge:previous:)`: written in place frame after frame, each write marking its
    /// item. Render it with one renderer (another renderer taking the marks makes the next
    /// render compare every item).
    public let scene = RetainedScene()
    /// The measuring scale the items are built at (text positions depend on it): the canvas's.
    public internal(set) var scale: Double
    /// A reference composer (`referenceItems`): measures whole lines and hands looks every fact.
    let reference: Bool

    // What is kept between frames (FrameComposer+Scene.swift uses it).

    /// Everything an element's item is drawn from that may change from frame to frame.
    struct ElementKey {
        var frame = Rect.zero
        var state: ElementState?
        /// Kept by reference: an inline optional of its size is copied at every comparison.
        var effect: KeptEffect?
        var placement = Placement()
        var opacity = 0.0
        /// The version (`factVersions`) of the frame facts the look read; -1: none.
        var facts = -1
    }

    final class KeptEffect {
        let value: EffectAppearance
        init(_ value: EffectAppearance) { self.value = value }
    }

    /// Items rebuilt and items reused since the composer was made (tests, benches).
    package internal(set) var misses = 0
    package internal(set) var hits = 0
    /// Counts the times the composer forgot everything (a new layout, `use(scale:)`,
    /// `forgetLooks()`): ComposerClient.middleItems's items kept across a change are stale.
    package internal(set) var generation = 0

    var structure = LayoutStructure(Layout(size: Size(0, 0)))
    /// What the whole cache is valid for; any change clears it.
    var elements: [Element]?
    var roots: [ElementID] = []
    var looksKey: AnyHashable?
    /// Per slot, from the client: the frame fact its look reads (0: none), the slots that
    /// read one, and whether it is a revealing control that draws its own fade.
    var factKinds: [UInt8] = [], factSlots: [Int] = [], ownReveal: [Bool] = []
    /// Per kind of fact the layout's looks read: this frame's relevant facts and their version,
    /// which counts their changes (an element is keyed on the version: one comparison per kind
    /// and frame, not one per element), and the kinds read.
    var kindFacts: [AnyHashable?] = [], factVersions: [Int] = [], kinds: [UInt8] = []
    /// The facts of the last frame whose kinds' parts were compared.
    var lastFacts: AnyHashable?
    /// Per slot of the paint order: the item and what it was built from (`kept` false: none),
    /// and whether last frame's list had the element (not clipped away or faded out).
    var entries: [Entry] = []
    struct Entry {
        var kept = false
        var key = ElementKey()
        var item: DisplayItem?
        var shown = false
        /// The element's look the item was made from (before its effect and fades).
        var look: [DrawOp]?
        /// The frame (`frameCount`) the item was built in.
        var built = 0
    }
    /// Counts frames (`present`): an entry built in another frame is already in the scene.
    var frameCount = 0
    /// Last frame's container transforms and slots with a state or an effect (touchedSlots);
    /// nil: no last frame with these entries. `slots` is this frame's (storage reused).
    var previousContainers: [ContainerAppearance]?
    var previousSlots: [Int] = [], slots: [Int] = [], containerSlots: [Int] = []
    /// This frame's slots to look at again (touchedSlots), each once: `touchedMark` says which.
    var touched: [Int] = []
    var touchedMark: [Bool] = []
    /// The frame's states, effects and container transforms by slot (`present`), storage
    /// kept between frames.
    var presentStates: [Int32] = [], presentEffects: [Int32] = [], presentTransforms: [Int32] = []

    /// Whether `scene` holds last frame's list, which the next one is written into: copying
    /// ~170 items into a new list retained every item's operations, a cold cache line each when
    /// the thread wakes for a commit (issue 8).
    var listValid = false
    /// Per slot: where its item is in `scene` (-1: not there).
    var listIndex: [Int32] = []
    /// Where the parts after the elements are in `scene`, and the pointer when it is drawn
    /// under an element.
    var shape = ListShape()
    struct ListShape {
        /// The slot the pointer is drawn under (-1: over the content) and its index in the list.
        var under = -1, pointer = -1
        var pre = 0..<0, middle = 0..<0, post = 0..<0
    }
    /// The scene's epoch (its marks taken) when the last frame was composed: when it has not
    /// changed since, no renderer drew that frame (RetainedScene.takeMarks).
    var composedEpoch = -1
    /// This frame's overlays under and over the middle items (storage kept).
    var pre: [DisplayItem] = [], post: [DisplayItem] = []

    /// Clear-box hook for tests: keys leave out the frame facts the looks read, so an item
    /// goes stale when only those change (the property test must then fail).
    package var keyIgnoresContentFacts = false
    /// Clear-box hook for tests (FrameComposer+Testing.swift).
    package var touchFault = TouchFault.none
    /// Frames whose list was last frame's changed in place (`assemble`), not built again, and
    /// element items inserted into or removed from it there (tests).
    package internal(set) var listsChangedInPlace = 0
    package internal(set) var listInsertions = 0, listRemovals = 0

    /// Lines measured from their characters' widths at `scale` (the kept composition's measure).
    var lines: LineWidths

    /// A composer measuring text at `scale` (the canvas's scale; `use(scale:)` changes it).
    public init(scale: Double = 1) {
        self.scale = scale
        reference = false
        lines = LineWidths(scale: scale)
    }

    init(reference scale: Double) {
        self.scale = scale
        reference = true
        lines = LineWidths(scale: scale)
    }

    /// Composes `frame` into `scene`: elements in layout paint order, each drawn by `look` (nil
    /// or [] draws nothing), with its effect, drag-source fade, reveal opacity, scroll clip and
    /// turn applied by the composer; then the overlays and the pointer, accessories,
    /// annotations and context menu. Only elements whose inputs changed are looked at again:
    /// `look` must draw an element from its arguments alone, and when what it draws changes
    /// for another reason, call `forgetLooks()` first. `surfaceFrame` gives an element's live
    /// frame on the surface (`Engine.surfaceFrame(of:)`); `measure` measures at `scale`.
    public func compose(_ frame: Frame, layout: Layout, surfaceFrame: (ElementID) -> Rect?,
                        measure: @escaping TextMeasure, look: (Element, Rect, ElementState?) -> [DrawOp]?) {
        withoutActuallyEscaping(look) { look in
            compose(frame, layout: layout, surfaceFrame: surfaceFrame, measure: measure, client: LooksOnly(draw: look))
        }
    }

    /// Composes `frame` into `scene` with `client`'s looks, facts and items (ComposerClient).
    package func compose(_ frame: Frame, layout: Layout, surfaceFrame: (ElementID) -> Rect?,
                         measure: @escaping TextMeasure, client: some ComposerClient) {
        prepare(layout: layout, client: client)
        // Kept lines are measured from their characters (LineWidths); the reference measures
        // every line whole.
        let ink = reference ? Ink(measure: measure) : Ink(measure: { [lines] in lines.measure($0, $1, measure) })
        let facts = client.facts(of: frame)
        // Each kind's part looked at only when the facts changed (most frames: a pointer move).
        if let facts, facts != lastFacts {
            lastFacts = facts
            for k in kinds {
                let f = client.facts(facts, relevantTo: k)
                if kindFacts[Int(k)] != f { kindFacts[Int(k)] = f; factVersions[Int(k)] &+= 1 }
            }
        }
        let structure = self.structure
        // The frame's states, effects and container transforms by slot (no hashing per element).
        let present = self.present(structure, frame)
        let some = touchedSlots(present, structure)
        func look(_ slot: Int) {
            let id = structure.paintOrder[slot]
            elementSlot(slot, id, surfaceFrame(id), structure, present, layout: layout, facts: facts, ink: ink, client: client)
        }
        if some { forEachTouched(look) } else { for slot in structure.paintOrder.indices { look(slot) } }
        let pointer = DisplayItem(ItemID("pointer"), Painter.pointer(frame.pointer))
        let under = shownSlot(underSlot(frame, structure))
        pre.removeAll(keepingCapacity: true)
        post.removeAll(keepingCapacity: true)
        overlaysUnderMiddle(frame, layout: layout, surfaceFrame: surfaceFrame, facts: facts, ink: ink, client: client, into: &pre)
        let middle = client.middleItems(frame, surfaceFrame: surfaceFrame, ink: ink, generation: generation)
        overlaysOverMiddle(frame, pointer: under == nil ? pointer.ops : nil, ink: ink, client: client, into: &post)
        assemble(onlyTouched: some, under: under, pointer: pointer, middle: middle)
    }

    /// The display items of `frame` built from scratch by a composer that keeps nothing (the
    /// reference a kept composition must equal: FrameComposerTests).
    package static func referenceItems(_ frame: Frame, layout: Layout, surfaceFrame: (ElementID) -> Rect?,
                                       measure: @escaping TextMeasure, client: some ComposerClient) -> [DisplayItem] {
        let c = FrameComposer(reference: 1)
        c.compose(frame, layout: layout, surfaceFrame: surfaceFrame, measure: measure, client: client)
        return c.scene.items
    }

    /// The slot of the element the pointer draws under (E2: slipping under a lifted element), if any.
    func underSlot(_ frame: Frame, _ structure: LayoutStructure) -> Int? {
        frame.pointer.isUnderContent ? frame.pointer.underElement.flatMap { structure.slot[$0] } : nil
    }

    /// The element at `slot` of the paint order, at `surfaceFrame` (nil: not on the surface): not
    /// shown when clipped away by its scroll container or faded out; else its item taken from
    /// its entry when what it is drawn from did not change, or built again and kept.
    func elementSlot(_ slot: Int, _ id: ElementID, _ surfaceFrame: Rect?, _ structure: LayoutStructure, _ present: Present,
                     layout: Layout, facts: AnyHashable?, ink: Ink, client: some ComposerClient) {
        guard var r = surfaceFrame else { return hide(slot: slot) }
        // Content of a scroll container is clipped to its viewport (rounded like the
        // container), turned with it when it rotates (I5, G5).
        let place = placement(slot: slot, structure, present)
        if let turned = place.unturned { r = turned }
        if let clip = place.clip, place.rotation == nil, !clip.intersects(r) { return hide(slot: slot) }
        let opacity = revealOpacity(slot: slot, structure, present)
        if opacity <= 0 { return hide(slot: slot) }
        let kind = Int(factKinds[slot])
        let keyed = kind == 0 || keyIgnoresContentFacts ? -1 : factVersions[kind]
        if hit(slot: slot, frame: r, present: present, placement: place, opacity: opacity, facts: keyed) { return }
        let st = present.state(slot), fx = present.effect(slot)
        // The look itself is drawn again only when its frame, state or facts changed, not for
        // an effect animating over it (E1–E5) or a fade.
        let look: [DrawOp]?
        if let kept = self.look(slot: slot, frame: r, state: st, facts: keyed) {
            look = kept
        } else if let e = layout[id] {
            // Drawn from the facts the key holds, not the frame's: a look reading more than its
            // key would draw differently from the reference (property test).
            look = client.look(e, in: r, state: st, facts: reference ? facts : kind == 0 ? nil : kindFacts[kind], ink: ink)
        } else {
            look = nil
        }
        let item = look.flatMap { elementItem(id, look: $0, st, fx, place, opacity) }
        store(item, look: look, slot: slot,
              key: ElementKey(frame: r, state: st, effect: fx.map(KeptEffect.init), placement: place, opacity: opacity, facts: keyed))
    }

    /// The item of an element from its look: faded while it is dragged away, with its effect,
    /// faded by its reveal, clipped and turned with its scroll container. Nil when it draws nothing.
    func elementItem(_ id: ElementID, look: [DrawOp], _ st: ElementState?, _ fx: EffectAppearance?, _ place: Placement,
                     _ opacity: Double) -> DisplayItem? {
        var ops = look
        if st?.isDragSource == true { ops = ops.map { $0.fading(0.4) } }
        if let fx { ops = Painter.effect(fx, content: ops) }
        if opacity < 1 { ops = ops.map { $0.fading(opacity) } }
        guard !ops.isEmpty else { return nil }
        return DisplayItem(ItemID("el", Int(id.rawValue)), ops, clip: place.clip, clipCornerRadius: place.cornerRadius,
                           rotation: place.rotation)
    }

    /// Where an element inside a scroll container draws: clipped to the container's viewport
    /// (with its corner radius) and, when the container is rotated, laid out unturned (zoom and
    /// offset applied) and turned about the viewport's centre.
    struct Placement: Hashable {
        var clip: Rect?
        var cornerRadius = 0.0
        var rotation: Rotation?
        var unturned: Rect?
    }

    /// What the frame says about each slot: its state, its effect, and (for a scroll
    /// container) its live transform. First entry wins, as in a dictionary built with the
    /// first; for effects the last (a cross-fade lists the newest last).
    struct Present {
        let frame: Frame
        let states: [Int32], effects: [Int32], transforms: [Int32]
        func state(_ slot: Int) -> ElementState? { states[slot] < 0 ? nil : frame.elementStates[Int(states[slot])] }
        func effect(_ slot: Int) -> EffectAppearance? { effects[slot] < 0 ? nil : frame.effects[Int(effects[slot])] }
        func transform(_ slot: Int) -> ContainerTransform? { transforms[slot] < 0 ? nil : frame.containers[Int(transforms[slot])].transform }
    }

    func placement(slot: Int, _ structure: LayoutStructure, _ present: Present) -> Placement {
        let c = structure.scrollContainer[slot]
        guard c >= 0 else { return Placement() }
        guard let t = present.transform(c) else { return Placement(clip: structure.frame[c], cornerRadius: structure.cornerRadius[c]) }
        var place = Placement(clip: t.viewport, cornerRadius: structure.cornerRadius[c])
        // Inside a scroll container inside another (the List in the cards' content view): the
        // outer viewports clip too.
        var outer = structure.scrollContainer[c]
        while outer >= 0 {
            if let o = present.transform(outer) { place.clip = place.clip?.intersection(o.viewport) ?? .zero }
            outer = structure.scrollContainer[outer]
        }
        if t.rotation != 0 {
            var upright = t
            upright.rotation = 0
            place.unturned = upright.apply(structure.frame[slot])
            place.rotation = Rotation(angle: t.rotation, center: t.viewport.center)
        }
        return place
    }

    /// Hover-revealed controls fade with their reveal opacity (I4, H1–H4); their children too.
    /// The nearest revealing ancestor (or the element itself) with a reveal state decides; a
    /// control that draws its own fade (ComposerClient.drawsOwnReveal) leaves them opaque.
    func revealOpacity(slot: Int, _ structure: LayoutStructure, _ present: Present) -> Double {
        for k in structure.revealers[slot] {
            if let o = present.state(k)?.revealOpacity { return ownReveal[k] ? 1 : o }
        }
        return 1
    }
}

/// The client of the public `compose`: the app's look, nothing else.
private struct LooksOnly: ComposerClient {
    let draw: (Element, Rect, ElementState?) -> [DrawOp]?
    var looksKey: AnyHashable { 0 }
    func factKind(of id: ElementID) -> UInt8 { 0 }
    func facts(of frame: Frame) -> AnyHashable? { nil }
    func facts(_ facts: AnyHashable, relevantTo kind: UInt8) -> AnyHashable { facts }
    func look(_ element: Element, in rect: Rect, state: ElementState?, facts: AnyHashable?, ink: Ink) -> [DrawOp]? {
        draw(element, rect, state)
    }
    func drawsOwnReveal(_ id: ElementID) -> Bool { false }
    var edgeBackground: Color { .white }
    var menuHint: String? { nil }
    func middleItems(_ frame: Frame, surfaceFrame: (ElementID) -> Rect?, ink: Ink, generation: Int)
        -> (items: [DisplayItem], changed: [Int]?) { ([], []) }
}
