// The display list kept between frames (issue 8, latency; issue 34.3): building every
// element's look each frame was a fifth of a frame's CPU, though a pointer move changes two or
// three elements. An element's item is rebuilt only when something it is drawn from changed: its
// surface frame, its state, its effect, its placement in a scroll container, its reveal opacity,
// or the few frame facts its look reads (ComposerClient.facts(_:relevantTo:)). Everything else —
// the layout, the client's looks key, the text scale — clears the kept items when it changes.
// The paint order and the per-element lookups of the layout's tree are kept while the layout
// stays the same (LayoutStructure). Reused items share their operation arrays. The whole list is
// the composer's RetainedScene (`scene`), and the next frame writes into it where it keeps its
// shape (assemble): only the items of the elements looked at again, the pointer, the overlays
// and the middle items that changed are written, and each write marks its item for the renderer,
// which looks at nothing else (issue 8, issue 20.5).
//
// Correctness: FrameComposerTests composes the showcase with a kept composer and a reference
// one after every event of random seeded sequences and requires the lists equal.
import PointerEngine

extension FrameComposer {
    /// Forgets every kept item and look: the next frame is composed from scratch. Call it when
    /// what the looks draw changed for a reason the frame does not say (the app's own state).
    public func forgetLooks() {
        elements = nil
        entries = []
        previousContainers = nil
        listValid = false
        generation &+= 1
    }

    /// Measuring at `scale` (the canvas's) from now on: when it changed, every text position
    /// did, and everything is composed again.
    public func use(scale: Double) {
        guard scale != self.scale else { return }
        self.scale = scale
        lines = LineWidths(scale: scale)
        forgetLooks()
    }

    /// Called once per frame before the items are looked up: forgets the kept items when the
    /// layout or the client's looks key changed.
    func prepare(layout: Layout, client: some ComposerClient) {
        // Array == compares storage identity first: an unchanged layout costs O(1) here.
        var asked = false
        if elements == nil || elements! != layout.elements || roots != layout.roots {
            structure = LayoutStructure(layout)
            elements = layout.elements
            roots = layout.roots
            generation &+= 1
            forgetElements()
            asked = true
        }
        let key = client.looksKey
        if key != looksKey {
            looksKey = key
            forgetElements()
            asked = true
        }
        guard asked else { return }
        let order = structure.paintOrder
        factKinds = order.map { client.factKind(of: $0) }
        factSlots = factKinds.indices.filter { factKinds[$0] != 0 }
        kinds = Array(Set(factKinds.filter { $0 != 0 })).sorted()
        let count = Int(kinds.last ?? 0) + 1
        kindFacts = [AnyHashable?](repeating: nil, count: count)
        lastFacts = nil
        factVersions = [Int](repeating: 0, count: count)
        ownReveal = order.map { client.drawsOwnReveal($0) }
    }

    /// Forgets every element's item and last frame (the client's middle items are kept: they read neither).
    private func forgetElements() {
        entries = Array(repeating: Entry(), count: structure.paintOrder.count)
        previousContainers = nil
        listValid = false
    }

    /// The item built for the element at `slot` of the paint order, when it was built from
    /// these (the fields of ElementKey: state and effect are the frame's, `present`'s for the
    /// slot; `facts`: the version of the facts its look reads, -1: none, not compared). Compared where they are
    /// kept: the key is large, a copy per element was a tenth of a frame's CPU. On a hit the
    /// element is shown with its kept item (nil: it draws nothing).
    func hit(slot: Int, frame: Rect, present: Present, placement: Placement, opacity: Double, facts: Int) -> Bool {
        let s = Int(present.states[slot]), e = Int(present.effects[slot])
        let hit = entries.withUnsafeBufferPointer { b -> Bool in
            guard b[slot].kept, b[slot].key.frame == frame, b[slot].key.opacity == opacity, b[slot].key.placement == placement
            else { return false }
            guard s < 0 ? b[slot].key.state == nil : b[slot].key.state == present.frame.elementStates[s] else { return false }
            if e < 0 { return b[slot].key.effect == nil && (facts < 0 || b[slot].key.facts == facts) }
            guard let kept = b[slot].key.effect, kept.value == present.frame.effects[e] else { return false }
            return facts < 0 || b[slot].key.facts == facts
        }
        guard hit else { return false }
        hits += 1
        entries[slot].shown = true
        return true
    }

    func store(_ item: DisplayItem?, look: [DrawOp]?, slot: Int, key: ElementKey) {
        misses += 1
        entries[slot] = Entry(kept: true, key: key, item: item, shown: true, look: look, built: frameCount)
    }

    /// The look kept for the element at `slot` when it was drawn at `frame` in state `state`
    /// with the same facts (`facts`: their version, -1: none read): only its effect, fade or placement changed.
    func look(slot: Int, frame: Rect, state: ElementState?, facts: Int) -> [DrawOp]? {
        let same = entries.withUnsafeBufferPointer { b -> Bool in
            b[slot].kept && b[slot].key.frame == frame && (b[slot].key.state == state || touchFault == .lookIgnoresState)
                && (facts < 0 || b[slot].key.facts == facts)
        }
        return same ? entries[slot].look : nil
    }

    /// The element at `slot` is not in this frame's list (clipped away, faded out, no frame).
    func hide(slot: Int) { entries[slot].shown = false }

    /// The frame's states, effects and container transforms by slot, in storage kept from
    /// last frame (the Present of last frame is gone by now, so it is written in place); also
    /// notes the slots with a state or an effect for `touchedSlots` (called next).
    func present(_ structure: LayoutStructure, _ frame: Frame) -> Present {
        frameCount &+= 1
        swap(&slots, &previousSlots)
        slots.removeAll(keepingCapacity: true)
        containerSlots.removeAll(keepingCapacity: true)
        structure.fill(&presentStates, of: frame.elementStates, element: \.element, slots: &slots)
        structure.fill(&presentEffects, of: frame.effects, element: \.element, lastWins: true, slots: &slots)
        structure.fill(&presentTransforms, of: frame.containers, element: \.element, slots: &containerSlots)
        return Present(frame: frame, states: presentStates, effects: presentEffects, transforms: presentTransforms)
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
    func touchedSlots(_ present: Present, _ structure: LayoutStructure) -> Bool {
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
        for k in factSlots { touch(k) }
        for (a, b) in zip(prev, containers) {
            guard a.element == b.element, let c = structure.slot[a.element] else { return false }
            if a.transform != b.transform, touchFault != .ignoresContainerChanges {
                for d in structure.dependents[c] { touch(d) }
            }
        }
        return true
    }

    /// This frame's list: last frame's with the items of the elements looked at again
    /// (`onlyTouched`; their entries hold this frame's), the pointer, `pre`, the middle items
    /// that changed and `post` put in place (elements that appear or vanish inserted or
    /// removed, parts whose count changed replaced); built again from every element's entry
    /// only with no usable last list or when the pointer slips under another element.
    /// `under`: the shown slot the pointer is drawn under. The scene's storage is unique (no
    /// caller keeps its items between frames), so it changes in place.
    func assemble(onlyTouched: Bool, under: Int?, pointer: DisplayItem, middle: (items: [DisplayItem], changed: [Int]?)) {
        let middleItems = middle.items
        let u = under ?? -1
        defer { composedEpoch = scene.epoch }
        guard listValid, onlyTouched, shape.under == u else { return rebuild(under: u, pointer: pointer, middle: middle) }
        placeTouched()
        if u >= 0 { scene.replace(at: shape.pointer, with: pointer) }
        // The parts after the elements: written in place, or their range replaced when their
        // count changed (what follows moves without being copied).
        place(pre, at: \.pre)
        if shape.middle.count == middleItems.count, let changed = middle.changed {
            for i in changed { scene.replace(at: shape.middle.lowerBound + i, with: middleItems[i]) }
        } else {
            place(middleItems, at: \.middle)
        }
        place(post, at: \.post)
        listsChangedInPlace += 1
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
        shape.middle = shape.middle.lowerBound + delta..<shape.middle.upperBound + delta
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
        if part == \ListShape.pre { shape.middle = shape.middle.lowerBound + delta..<shape.middle.upperBound + delta }
        if part != \ListShape.post { shape.post = shape.post.lowerBound + delta..<shape.post.upperBound + delta }
    }

    /// The list built again from every element's entry.
    private func rebuild(under u: Int, pointer: DisplayItem, middle all: (items: [DisplayItem], changed: [Int]?)) {
        let middle = all.items, middleChanged = all.changed
        let n = structure.paintOrder.count
        var list: [DisplayItem] = [], fresh: [Bool] = []
        list.reserveCapacity(n + pre.count + middle.count + post.count + 1)
        fresh.reserveCapacity(list.capacity)
        if listIndex.count != n { listIndex = [Int32](repeating: -1, count: n) }
        // Kept items are what a renderer last drew for their identities when the last list was
        // rendered (its marks taken since it was composed); else every item is marked.
        let keptValid = listValid && scene.epoch != composedEpoch
        let middleSame = keptValid && shape.middle.count == middle.count ? middleChanged : nil
        shape = ListShape()
        entries.withUnsafeBufferPointer { b in
            for slot in 0..<n {
                listIndex[slot] = -1
                guard b[slot].shown else { continue }
                if slot == u { shape.under = u; shape.pointer = list.count; list.append(pointer); fresh.append(true) }
                if let item = b[slot].item {
                    listIndex[slot] = Int32(list.count)
                    list.append(item)
                    // A kept item is the one its element had in the scene: not marked (no
                    // usable last list: all are).
                    fresh.append(!keptValid || b[slot].built == frameCount && touchFault != .rebuildLeavesBuiltUnmarked)
                }
            }
        }
        func add(_ items: [DisplayItem], changed: [Int]? = nil) -> Range<Int> {
            let start = list.count
            list += items
            fresh += repeatElement(changed == nil || !keptValid, count: items.count)
            if let changed, keptValid { for i in changed { fresh[start + i] = true } }
            return start..<list.count
        }
        shape.pre = add(pre)
        shape.middle = add(middle, changed: middleSame)
        shape.post = add(post)
        listValid = true
        // Only what was built this frame is marked: the renderer finds the kept items by their
        // identities without looking at them.
        scene.replaceAll(with: list, marking: fresh)
    }
}
