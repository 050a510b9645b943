// The display list kept between frames (issue 8, latency): building every element's look each
// frame was a fifth of a frame's CPU, though a pointer move changes two or three elements.
// An element's item is rebuilt only when something it is drawn from changed: its surface
// frame, its state, its effect, its placement in a scroll container, its reveal opacity, or
// the few frame facts its look reads (ContentFacts.relevant(to:)). Everything else — the
// layout, the app state (ShowcaseState), the text scale, the kind of layout — clears the cache
// when it changes. The paint order and the per-element lookups of the layout's tree are kept
// while the layout stays the same (LayoutStructure). Reused items share their operation
// arrays. The whole list is kept too, as the renderer's RetainedScene (`scene`), and the next
// frame writes into it where it keeps its shape (assemble): only the items of the elements
// looked at again, the pointer, the overlays and the HUD's changed items are written, and each
// write marks its item for the renderer, which looks at nothing else (issue 8, issue 20.5).
//
// Correctness: DisplayListCacheTests builds the cached list and a fresh one after every event of
// random seeded sequences and requires them equal.
import PointerEngine
import PixmanRenderer

/// What the composer reads from a layout's tree, per element in paint order (its slot). A
/// class: the composer passes it around every frame, and a copy of a struct retained each of
/// its arrays.
final class LayoutStructure {
    /// Every element, back to front (`Layout.paintOrder`).
    let paintOrder: [ElementID]
    /// Each element's slot in `paintOrder`.
    let slot: [ElementID: Int]
    /// The slot of each element's nearest scroll container (`Layout.scrollContainer(of:)`), -1: none.
    let scrollContainer: [Int]
    /// Each element's frame and corner radius in the layout (a scroll container's viewport at rest).
    let frame: [Rect]
    let cornerRadius: [Double]
    /// The slots of the element itself and its ancestors that are revealing controls, nearest first.
    let revealers: [[Int]]
    /// The frame fact each element's showcase look reads (ContentFacts.kind(of:)), and the
    /// slots of the elements that read one.
    let facts: [ContentFacts.Kind]
    let factSlots: [Int]
    /// Per slot of a revealing control: the slots whose reveal opacity it may decide (the
    /// inverse of `revealers`).
    let revealed: [[Int]]
    /// Per slot of a scroll container: the slots placed by its transform (its content, at any
    /// depth).
    let dependents: [[Int]]

    init(_ layout: Layout) {
        let order = layout.paintOrder
        paintOrder = order
        let slots = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        slot = slots
        let containers = order.map { layout.scrollContainer(of: $0).flatMap { slots[$0] } ?? -1 }
        scrollContainer = containers
        frame = order.map { layout.property(of: $0, \.frame) ?? .zero }
        cornerRadius = order.map { layout.property(of: $0, \.cornerRadius) ?? 0 }
        let kinds = order.map { ContentFacts.kind(of: $0) }
        facts = kinds
        factSlots = kinds.indices.filter { kinds[$0] != .none }
        let revealers = order.map { id in
            var out: [Int] = []
            var cur: ElementID? = id
            while let c = cur, let kind = layout.property(of: c, \.kind) {
                if kind == .revealingControls, let k = slots[c] { out.append(k) }
                cur = layout.property(of: c, \.parent) ?? nil
            }
            return out
        }
        self.revealers = revealers
        var revealed = [[Int]](repeating: [], count: order.count)
        var dependents = [[Int]](repeating: [], count: order.count)
        for s in order.indices {
            for k in revealers[s] { revealed[k].append(s) }
            var c = containers[s]
            while c >= 0 { dependents[c].append(s); c = containers[c] }
        }
        self.revealed = revealed
        self.dependents = dependents
    }

    /// For each slot, the index in `list` of the entry about that element (-1: none); the first
    /// entry wins, or the last with `lastWins`.
    func indices<T>(of list: [T], element: (T) -> ElementID, lastWins: Bool = false) -> [Int32] {
        var out: [Int32] = [], slots: [Int] = []
        fill(&out, of: list, element: element, lastWins: lastWins, slots: &slots)
        return out
    }

    /// `indices(of:…)` written into `out`, reusing its storage (no allocation per frame); the
    /// slots given an entry are appended to `slots` (a slot may come twice).
    func fill<T>(_ out: inout [Int32], of list: [T], element: (T) -> ElementID, lastWins: Bool = false, slots: inout [Int]) {
        if out.count == paintOrder.count {
            out.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        } else {
            out = [Int32](repeating: -1, count: paintOrder.count)
        }
        for (i, x) in list.enumerated() {
            guard let k = slot[element(x)], lastWins || out[k] < 0 else { continue }
            out[k] = Int32(i)
            slots.append(k)
        }
    }
}

/// Display items of the last frame, per element, and what they were built from.
public final class DisplayListCache {
    /// Everything an element's item is drawn from that may change from frame to frame.
    struct ElementKey {
        var frame = Rect.zero
        var state: ElementState?
        /// Kept by reference: an inline optional of its size is copied at every comparison.
        var effect: KeptEffect?
        var placement = ShowcaseComposer.Placement()
        var opacity = 0.0
        var facts = ContentFacts()
    }

    final class KeptEffect {
        let value: EffectAppearance
        init(_ value: EffectAppearance) { self.value = value }
    }

    /// The measuring scale the items were built at (text positions depend on it).
    public private(set) var scale: Double
    /// Items rebuilt and items reused since the cache was made (tests, benches).
    public private(set) var misses = 0
    public private(set) var hits = 0

    private(set) var structure = LayoutStructure(Layout(size: Size(0, 0)))
    /// What the whole cache is valid for; any change clears it.
    private var elements: [Element]?
    private var roots: [ElementID] = []
    private var state = ShowcaseState()
    private var isShowcase = false
    /// Per slot of the paint order: the item and what it was built from (`kept` false: none),
    /// and whether last frame's list had the element (not clipped away or faded out).
    private var entries: [Entry] = []
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
    private var frameCount = 0
    /// Last frame's container transforms and slots with a state or an effect (touchedSlots);
    /// nil: no last frame with these entries. `slots` is this frame's (storage reused).
    private var previousContainers: [ContainerAppearance]?
    private var previousSlots: [Int] = [], slots: [Int] = [], containerSlots: [Int] = []
    /// This frame's slots to look at again (touchedSlots), each once: `touchedMark` says which.
    private var touched: [Int] = []
    private var touchedMark: [Bool] = []
    /// The frame's states, effects and container transforms by slot (`present`), storage
    /// kept between frames.
    private var presentStates: [Int32] = [], presentEffects: [Int32] = [], presentTransforms: [Int32] = []

    /// Last frame's whole list (`assemble`), kept so that the next one is written into it:
    /// copying ~170 items into a new list retained every item's operations, a cold cache line
    /// each when the thread wakes for a commit (issue 8). Its marks tell SceneRenderer what was
    /// written (`SceneRenderer.render(_:into:…)` with this scene). Valid while `listValid`.
    public let scene = RetainedScene()
    private var listValid = false
    /// Per slot: where its item is in `scene` (-1: not there).
    private var listIndex: [Int32] = []
    /// Where the parts after the elements are in `scene`, and the pointer when it is drawn
    /// under an element.
    private var shape = ListShape()
    struct ListShape {
        /// The slot the pointer is drawn under (-1: over the content) and its index in the list.
        var under = -1, pointer = -1
        var pre = 0..<0, hud = 0..<0, post = 0..<0
    }
    /// This frame's overlays under and over the HUD (ShowcaseComposer fills them; storage kept).
    var pre: [DisplayItem] = [], post: [DisplayItem] = []
    /// The HUD as last drawn (hudItems).
    private var hud: HUDState?

    /// The HUD's parts and items as last drawn, and what its two groups of sections showed.
    struct HUDState {
        var rect: GestureHUD.Placement
        /// GestureHUD.gestureSectionsKey and pointerSectionKey of the HUD the parts were made from.
        var headKey: GestureHUD
        var pointerKey: GestureHUD.PointerSectionKey
        /// Upper sections' parts, then the pointer section's.
        var parts: [HUDPart]
        var headCount: Int
        /// Where the pointer section starts (y).
        var bottom: Double
        /// One item per operation of the parts, in order; `first[k]` is part k's first item.
        var items: [DisplayItem]
        var first: [Int]
    }

    /// Clear-box hook for tests: keys leave out the frame facts the looks read, so an item
    /// goes stale when only those change (the property test must then fail).
    package var keyIgnoresContentFacts = false
    /// Clear-box hooks for tests (DisplayListCache+Testing.swift).
    package var touchFault = TouchFault.none
    package var hudKeyFault = HUDKeyFault.none
    /// HUD parts drawn again since the cache was made (tests, benches).
    public private(set) var hudPartMisses = 0
    /// Frames whose list was last frame's changed in place (`assemble`), not built again, and
    /// element items inserted into or removed from it there (tests).
    public private(set) var listsChangedInPlace = 0
    public private(set) var listInsertions = 0, listRemovals = 0

    /// Lines measured from their characters' widths at `scale` (the kept build's measure).
    private(set) var lines: LineWidths

    public init(scale: Double) {
        self.scale = scale
        lines = LineWidths(scale: scale)
    }

    /// Forgets every item (the next frame is built from scratch).
    public func removeAll() {
        elements = nil
        entries = []
        previousContainers = nil
        listValid = false
        hud = nil
    }

    /// Measuring at another scale from now on: every text position changes.
    public func use(scale: Double) {
        guard scale != self.scale else { return }
        self.scale = scale
        lines = LineWidths(scale: scale)
        removeAll()
    }

    /// Called once per frame before the items are looked up: clears the cache when the
    /// layout, the app state or the kind of layout changed.
    func prepare(layout: Layout, state: ShowcaseState, isShowcase: Bool) {
        // Array == compares storage identity first: an unchanged layout costs O(1) here.
        if elements == nil || elements! != layout.elements || roots != layout.roots {
            structure = LayoutStructure(layout)
            elements = layout.elements
            roots = layout.roots
            forgetElements()
            hud = nil
        }
        if state != self.state || isShowcase != self.isShowcase {
            self.state = state
            self.isShowcase = isShowcase
            forgetElements()
        }
    }

    /// Forgets every element's item and last frame (the HUD is kept: it reads neither).
    private func forgetElements() {
        entries = Array(repeating: Entry(), count: structure.paintOrder.count)
        previousContainers = nil
        listValid = false
    }

    /// The item built for the element at `slot` of the paint order, when it was built from
    /// these (the fields of ElementKey: state and effect are the frame's, `present`'s for the
    /// slot; `facts` nil: the look reads none, they are not compared). Compared where they are
    /// kept: the key is large, a copy per element was a tenth of a frame's CPU. A nil result
    /// with a hit is `.some(nil)`: the element draws nothing.
    func item(slot: Int, frame: Rect, present: ShowcaseComposer.Present, placement: ShowcaseComposer.Placement,
              opacity: Double, facts: ContentFacts?) -> DisplayItem?? {
        let s = Int(present.states[slot]), e = Int(present.effects[slot])
        let hit = entries.withUnsafeBufferPointer { b -> Bool in
            guard b[slot].kept, b[slot].key.frame == frame, b[slot].key.opacity == opacity, b[slot].key.placement == placement
            else { return false }
            guard s < 0 ? b[slot].key.state == nil : b[slot].key.state == present.frame.elementStates[s] else { return false }
            if e < 0 { return b[slot].key.effect == nil && (facts == nil || b[slot].key.facts == facts!) }
            guard let kept = b[slot].key.effect, kept.value == present.frame.effects[e] else { return false }
            return facts == nil || b[slot].key.facts == facts!
        }
        guard hit else { return nil }
        hits += 1
        entries[slot].shown = true
        return .some(entries[slot].item)
    }

    func store(_ item: DisplayItem?, look: [DrawOp]?, slot: Int, key: ElementKey) {
        misses += 1
        entries[slot] = Entry(kept: true, key: key, item: item, shown: true, look: look, built: frameCount)
    }

    /// The look kept for the element at `slot` when it was drawn at `frame` in state `state`
    /// with the same facts (`facts` nil: none read): only its effect, fade or placement changed.
    func look(slot: Int, frame: Rect, state: ElementState?, facts: ContentFacts?) -> [DrawOp]? {
        let same = entries.withUnsafeBufferPointer { b -> Bool in
            b[slot].kept && b[slot].key.frame == frame && (b[slot].key.state == state || touchFault == .lookIgnoresState)
                && (facts == nil || b[slot].key.facts == facts!)
        }
        return same ? entries[slot].look : nil
    }

    /// The element at `slot` is not in this frame's list (clipped away, faded out, no frame).
    func hide(slot: Int) { entries[slot].shown = false }

    /// The frame's states, effects and container transforms by slot, in storage kept from
    /// last frame (the Present of last frame is gone by now, so it is written in place); also
    /// notes the slots with a state or an effect for `touchedSlots` (called next).
    func present(_ structure: LayoutStructure, _ frame: Frame) -> ShowcaseComposer.Present {
        frameCount &+= 1
        swap(&slots, &previousSlots)
        slots.removeAll(keepingCapacity: true)
        containerSlots.removeAll(keepingCapacity: true)
        structure.fill(&presentStates, of: frame.elementStates, element: \.element, slots: &slots)
        structure.fill(&presentEffects, of: frame.effects, element: \.element, lastWins: true, slots: &slots)
        structure.fill(&presentTransforms, of: frame.containers, element: \.element, slots: &containerSlots)
        return ShowcaseComposer.Present(frame: frame, states: presentStates, effects: presentEffects, transforms: presentTransforms)
    }

    /// Runs `body` on each slot touchedSlots chose; every other element keeps its entry
    /// (counted as a hit).
    func forEachTouched(_ body: (Int) -> Void) {
        let slots = touched
        hits += structure.paintOrder.count - slots.count
        for k in slots { body(k) }
    }

    /// `slot` when its element is in this frame's list (its entry says shown), else nil.
    func shownSlot(_ slot: Int?) -> Int? {
        guard let slot, entries.withUnsafeBufferPointer({ $0[slot].shown }) else { return nil }
        return slot
    }

    /// Which elements this frame must look at again; nil: all of them. An element's item is
    /// drawn from its ElementKey, whose parts change only when (a) the element has a state or
    /// an effect this frame or had one last frame (state, effect, a frame override), (b) a
    /// revealing control that decides its opacity has or had a state, (c) the transform of a
    /// scroll container it is in changed (its surface frame, clip, turn), or (d) its look reads
    /// a frame fact. Every other element puts in exactly what it put in last frame, without
    /// being looked at: a pointer move costs the few elements it touches, not the whole layout.
    /// The property test (cached == fresh after every frame) covers this; `touchFault` leaves
    /// one of (a)–(c) out to show it would be caught.
    /// Returns false when every element must be looked at (no usable last frame), else fills
    /// the list `forEachTouched` walks. This frame's slots with a state or an effect come
    /// from `present`.
    func touchedSlots(_ present: ShowcaseComposer.Present, _ structure: LayoutStructure) -> Bool {
        let containers = present.frame.containers
        let prev = previousContainers
        previousContainers = containers
        for k in touched { touchedMark[k] = false }
        touched.removeAll(keepingCapacity: true)
        if touchedMark.count != structure.paintOrder.count { touchedMark = [Bool](repeating: false, count: structure.paintOrder.count) }
        guard let prev, prev.count == containers.count else { return false }
        func touch(_ k: Int) {
            if !touchedMark[k] { touchedMark[k] = true; touched.append(k) }
        }
        func touchWithRevealed(_ k: Int) {
            touch(k)
            if touchFault != .ignoresRevealedChildren { for d in structure.revealed[k] { touch(d) } }
        }
        for k in slots { touchWithRevealed(k) }
        if touchFault != .ignoresPreviousFrame { for k in previousSlots { touchWithRevealed(k) } }
        for k in structure.factSlots { touch(k) }
        for (a, b) in zip(prev, containers) {
            guard a.element == b.element, let c = structure.slot[a.element] else { return false }
            if a.transform != b.transform, touchFault != .ignoresContainerChanges {
                for d in structure.dependents[c] { touch(d) }
            }
        }
        return true
    }

    /// This frame's list: last frame's with the items of the elements looked at again
    /// (`onlyTouched`; their entries hold this frame's), the pointer, `pre`, the HUD's changed
    /// items and `post` put in place (elements that appear or vanish inserted or removed,
    /// parts whose count changed replaced); built again from every element's entry only with
    /// no usable last list or when the pointer slips under another element. `under`: the
    /// shown slot the pointer is drawn under. The returned array is the scene's items: its
    /// storage is unique again by the next frame (callers keep no reference to it, nor does
    /// the renderer), so the scene changes in place.
    func assemble(onlyTouched: Bool, under: Int?, pointer: DisplayItem, hud hudShown: Bool) -> [DisplayItem] {
        let hudItems = hudShown ? hud?.items ?? [] : []
        let u = under ?? -1
        guard listValid, onlyTouched, shape.under == u else { return rebuild(under: u, pointer: pointer, hudItems: hudItems) }
        placeTouched()
        if u >= 0 { scene.replace(at: shape.pointer, with: pointer) }
        // The parts after the elements: written in place, or their range replaced when their
        // count changed (what follows moves without being copied).
        place(pre, at: \.pre)
        if shape.hud.count == hudItems.count, let changed = hudChanged {
            for i in changed { scene.replace(at: shape.hud.lowerBound + i, with: hudItems[i]) }
        } else {
            place(hudItems, at: \.hud)
        }
        place(post, at: \.post)
        listsChangedInPlace += 1
        return scene.items
    }

    /// The items of the touched elements put in place: written over their old ones, inserted
    /// where they go when they appear (after the nearest shown element before them), removed
    /// when they vanish.
    private func placeTouched() {
        entries.withUnsafeBufferPointer { b in
            for k in touched {
                let at = Int(listIndex[k])
                if b[k].shown, let item = b[k].item {
                    if at >= 0 {
                        // Written (and marked) only when built this frame: a kept item is there already.
                        if b[k].built == frameCount, touchFault != .listKeepsTouchedItems { scene.replace(at: at, with: item) }
                    } else {
                        var j = k - 1
                        while j >= 0 && listIndex[j] < 0 { j -= 1 }
                        var pos = j >= 0 ? Int(listIndex[j]) + 1 : 0
                        // The pointer drawn under a shown element that draws nothing itself.
                        if shape.under >= 0, j < shape.under, shape.under <= k { pos = shape.pointer + 1 }
                        shift(from: pos, by: 1)
                        scene.insert(item, at: pos)
                        listIndex[k] = Int32(pos)
                        listInsertions += 1
                    }
                } else if at >= 0 {
                    scene.remove(at: at)
                    listIndex[k] = -1
                    listRemovals += 1
                    shift(from: at + 1, by: -1)
                }
            }
        }
    }

    /// Moves by `delta` every index of the list at or after `index` (elements, pointer, the
    /// parts after the elements).
    private func shift(from index: Int, by delta: Int) {
        let d = Int32(delta), i = Int32(index)
        listIndex.withUnsafeMutableBufferPointer { b in
            for s in b.indices where b[s] >= i { b[s] += d }
        }
        if shape.pointer >= index { shape.pointer += delta }
        shape.pre = shape.pre.lowerBound + delta..<shape.pre.upperBound + delta
        shape.hud = shape.hud.lowerBound + delta..<shape.hud.upperBound + delta
        shape.post = shape.post.lowerBound + delta..<shape.post.upperBound + delta
    }

    /// `items` written over the range `part` of the list: in place when as many, else the
    /// range replaced and the parts after it moved.
    private func place(_ items: [DisplayItem], at part: WritableKeyPath<ListShape, Range<Int>>) {
        let range = shape[keyPath: part]
        if range.count == items.count {
            for (i, x) in items.enumerated() { scene.replace(at: range.lowerBound + i, with: x) }
            return
        }
        scene.replaceSubrange(range, with: items)
        let delta = items.count - range.count
        shape[keyPath: part] = range.lowerBound..<range.lowerBound + items.count
        if part == \ListShape.pre { shape.hud = shape.hud.lowerBound + delta..<shape.hud.upperBound + delta }
        if part != \ListShape.post { shape.post = shape.post.lowerBound + delta..<shape.post.upperBound + delta }
    }

    /// The list built again from every element's entry.
    private func rebuild(under u: Int, pointer: DisplayItem, hudItems: [DisplayItem]) -> [DisplayItem] {
        let n = structure.paintOrder.count
        var list: [DisplayItem] = []
        list.reserveCapacity(n + pre.count + hudItems.count + post.count + 1)
        if listIndex.count != n { listIndex = [Int32](repeating: -1, count: n) }
        shape = ListShape()
        entries.withUnsafeBufferPointer { b in
            for slot in 0..<n {
                listIndex[slot] = -1
                guard b[slot].shown else { continue }
                if slot == u { shape.under = u; shape.pointer = list.count; list.append(pointer) }
                if let item = b[slot].item { listIndex[slot] = Int32(list.count); list.append(item) }
            }
        }
        func add(_ items: [DisplayItem]) -> Range<Int> {
            let start = list.count
            list += items
            return start..<list.count
        }
        shape.pre = add(pre)
        shape.hud = add(hudItems)
        shape.post = add(post)
        listValid = true
        // Every item marked: the renderer finds the unchanged ones by their identities.
        scene.replaceAll(with: list)
        return list
    }

    /// The HUD's items, one per operation (ItemID "hud", k). The upper sections and the
    /// pointer section are each described again only when what they show changed (their
    /// keys); of a group described again, only the parts that differ from the kept ones are
    /// drawn again (a part draws from its own value: HUDPart). Equal to
    /// `ShowcaseComposer.hudItems(h, in: place, ink: ink)`.
    func hudItems(_ h: GestureHUD, in place: GestureHUD.Placement, ink: Ink) -> [DisplayItem] {
        updateHUD(h, in: place, ink: ink)
        return hud?.items ?? []
    }

    /// Indices of the HUD's items drawn again by the last `updateHUD` (nil: all of them may
    /// differ); storage kept.
    private var hudChanged: [Int]? = []

    /// Brings the HUD's items (`hud.items`) up to date, noting which changed (`hudChanged`).
    func updateHUD(_ h: GestureHUD, in place: GestureHUD.Placement, ink: Ink) {
        let (headKey, pointerKey) = hudKeys(h)
        if hudChanged == nil { hudChanged = [] } else { hudChanged!.removeAll(keepingCapacity: true) }
        // Taken out (no copy): `st` holds the only reference, its arrays change in place.
        guard hud?.rect == place, var st = hud.take() else {
            let (head, bottom) = h.gestureParts(in: place.rows)
            let parts = head + h.pointerParts(in: place.rows, from: bottom)
            var items: [DisplayItem] = [], first: [Int] = []
            items.reserveCapacity(parts.count * 2)
            for p in parts {
                first.append(items.count)
                for op in p.ops(in: place.rect(p), ink: ink) { items.append(place.item(items.count, op, of: p)) }
            }
            hudPartMisses += parts.count
            hud = HUDState(rect: place, headKey: headKey, pointerKey: pointerKey, parts: parts, headCount: head.count,
                           bottom: bottom, items: items, first: first)
            hudChanged = nil
            return
        }
        if headKey != st.headKey {
            let (head, bottom) = h.gestureParts(in: place.rows)
            if head.count != st.headCount || bottom != st.bottom { return rebuildHUD(h, in: place, ink: ink) }
            update(&st, with: head, from: 0, in: place, ink: ink)
            st.headKey = headKey
        }
        if pointerKey != st.pointerKey {
            let parts = h.pointerParts(in: place.rows, from: st.bottom)
            if parts.count != st.parts.count - st.headCount { return rebuildHUD(h, in: place, ink: ink) }
            update(&st, with: parts, from: st.headCount, in: place, ink: ink)
            st.pointerKey = pointerKey
        }
        hud = st
    }

    private func rebuildHUD(_ h: GestureHUD, in place: GestureHUD.Placement, ink: Ink) {
        hud = nil
        updateHUD(h, in: place, ink: ink)
    }

    /// Draws again the parts of `new` (placed from part `start`) that differ from the kept ones.
    private func update(_ st: inout HUDState, with new: [HUDPart], from start: Int, in place: GestureHUD.Placement, ink: Ink) {
        for (k, p) in new.enumerated() where st.parts[start + k] != p {
            let i = start + k
            let ops = p.ops(in: place.rect(p), ink: ink)
            let end = i + 1 < st.first.count ? st.first[i + 1] : st.items.count
            hudPartMisses += 1
            st.parts[i] = p
            if ops.count == end - st.first[i] {
                for (j, op) in ops.enumerated() {
                    st.items[st.first[i] + j].ops = [op]
                    hudChanged?.append(st.first[i] + j)
                }
            } else {
                hudChanged = nil
                // (Never for the HUD's parts: a case always draws as many operations.)
                st.items.replaceSubrange(st.first[i]..<end, with: ops.map { place.item(0, $0, of: p) })
                let delta = ops.count - (end - st.first[i])
                for q in (i + 1)..<st.first.count { st.first[q] += delta }
                for q in st.items.indices { st.items[q].id = ItemID("hud", q) }
            }
        }
    }
}
