// The HUD's items kept between frames (issue 8, latency): the showcase's middle items of the
// frame composer (ComposerClient.middleItems), one per operation, so a changed value repaints
// its own line, not the whole panel. Its keys (GestureHUD.gestureSectionsKey,
// pointerSectionKey) say when a group of sections must be described again; the planted faults
// (HUDKeyFault) show the property test catches a key that leaves a fact out.
import PointerEngine
import PixmanRenderer

/// The HUD's parts and items as last drawn.
final class HUDItemCache {
    /// A HUD key that leaves out a fact which changes on its own (the drawn pointer pulled by
    /// magnetism while the pointer rests; the momentum velocity decaying with time), so a HUD row
    /// goes stale (the kept == reference checks must then fail).
    package enum HUDKeyFault: Sendable { case none, drawnPointer, momentumTime }

    /// Clear-box hook for tests.
    package var hudKeyFault = HUDKeyFault.none
    /// HUD parts drawn again since the cache was made (tests, benches).
    package private(set) var hudPartMisses = 0
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

    /// What the upper sections and the pointer section show (with the test fault applied).
    func hudKeys(_ h: GestureHUD) -> (GestureHUD, GestureHUD.PointerSectionKey) {
        var head = h.gestureSectionsKey, pointer = h.pointerSectionKey
        switch hudKeyFault {
        case .none: break
        case .drawnPointer: pointer.drawn = pointer.pointer
        case .momentumTime: head.scrollVelocity = h.scrollVelocity
        }
        return (head, pointer)
    }

    /// The HUD's items, one per operation (ItemID "hud", k), brought up to date for
    /// `generation` (FrameComposer.generation: a new layout or scale forgets the kept parts),
    /// and the indices drawn again (nil: any may differ). The upper sections and the pointer
    /// section are each described again only when what they show changed (their keys); of a
    /// group described again, only the parts that differ from the kept ones are drawn again (a
    /// part draws from its own value: HUDPart). Equal to `ShowcaseComposer.hudItems(h, in:
    /// place, ink: ink)`.
    func items(_ h: GestureHUD, in place: GestureHUD.Placement, ink: Ink, generation: Int) -> (items: [DisplayItem], changed: [Int]?) {
        if generation != self.generation { hud = nil; self.generation = generation }
        updateHUD(h, in: place, ink: ink)
        return (hud?.items ?? [], hudChanged)
    }

    /// Indices of the HUD's items drawn again by the last `updateHUD` (nil: all of them may
    /// differ); storage kept.
    private var hudChanged: [Int]? = []
    /// The composer's generation the kept parts were drawn in.
    private var generation = -1

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
