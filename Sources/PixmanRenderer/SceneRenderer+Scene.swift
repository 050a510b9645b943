// How SceneRenderer takes in a retained scene (issue 20.5): the placed items of the last
// render are brought up to date from the scene's marks alone — an unmarked item is not looked
// at — and what changed becomes the frame's damage: the union of old and new bounds of every
// item that appeared, vanished, changed or moved in the stacking order (issue 6 §2, issue 8).
// A scene this renderer drew last is never compared whole, also when its writer replaced every
// item (RetainedScene.replaceAll(with:marking:), the frame composer restacking): the unmarked
// items are found by identity and not looked at. Only a scene this renderer did not draw last
// (or whose marks another renderer took) is compared item by item.
import PointerEngine

extension SceneRenderer {
    /// The placed items of `scene` and the damage of their changes. `sameIDs`: the items kept
    /// their identities and order, so `placedBounds` and `previousIndex` still hold.
    func take(_ scene: RetainedScene, on canvas: Canvas, sameGeometry: Bool) -> (damage: [PixelRect], placed: [Placed], sameIDs: Bool) {
        let items = scene.items
        // The marks name every change since this renderer drew the scene.
        let trusted = sameGeometry && scene === lastScene && scene.epoch == lastEpoch
        var damage: [PixelRect] = []
        var placed: [Placed] = []
        examinedItems = 0
        var sameIDs = trusted ? !scene.reshaped : sameGeometry && items.count == previous.count
        if sameIDs && !trusted {
            for k in items.indices where previous[k].item.id != items[k].id { sameIDs = false; break }
        }
        if sameIDs {
            // Fast path (a pointer move): the previous list is updated in place, touching only
            // the marked items (every item, without marks to go by), back to front.
            placed = previous
            previous = []
            let marks = trusted ? scene.marksInOrder() : nil
            for q in 0..<(marks?.count ?? items.count) {
                let k = marks?[q] ?? q
                examinedItems += 1
                guard placed[k].item != items[k] else { continue }
                sceneVersion &+= 1
                changed(&placed[k], to: items[k], on: canvas, damage: &damage)
                placedBounds[k] = placed[k].bounds
            }
            damage.removeAll { $0.isEmpty }
        } else if sameGeometry {
            sceneVersion &+= 1
            placed.reserveCapacity(items.count)
            // Unchanged items keep their bounds (measuring text and shadows costs time). Fast
            // path: the same ids in the same order as last frame need no lookups at all.
            var inPlace = items.count == previous.count
            var oldIndex = [Int](repeating: -1, count: items.count)
            for (k, item) in items.enumerated() {
                if inPlace && previous[k].item.id == item.id { oldIndex[k] = k; continue }
                inPlace = false
                oldIndex[k] = previousIndex[item.id] ?? -1
            }
            // An unmarked item is the one of its id last drawn, unchanged (when ids name one item each).
            let unmarkedKept = trusted && previousIDsUnique
            // Items that changed place in the stacking order: only they need repainting where
            // they are (the pointer slipping under a lifted element, E2, moves one item, not
            // every item after it).
            let moved = SceneRenderer.moved(oldIndex)
            for (k, item) in items.enumerated() {
                let i = oldIndex[k]
                guard i >= 0 else {
                    examinedItems += 1
                    let b = bounds(of: item, on: canvas)
                    placed.append(b)
                    damage.append(b.bounds)
                    continue
                }
                // `previous[i]` read in place and copied once (a `Placed` copy retains its
                // arrays and records: each one a cache miss in a cold commit).
                let same: Bool
                if unmarkedKept && !scene.marked[k] {
                    same = true
                } else {
                    examinedItems += 1
                    same = previous[i].item == item
                }
                if same {
                    placed.append(previous[i])
                    if moved[k] { damage.append(previous[i].bounds) }
                } else if moved[k] {
                    let b = bounds(of: item, on: canvas)
                    damage.append(previous[i].bounds)
                    placed.append(b)
                    damage.append(b.bounds)
                } else {
                    placed.append(previous[i])
                    changed(&placed[placed.count - 1], to: item, on: canvas, damage: &damage)
                }
            }
            if !inPlace {
                let ids = Set(items.map(\.id))
                for i in previous.indices where !ids.contains(previous[i].item.id) { damage.append(previous[i].bounds) }
                previousIndex = [:]
            }
            damage.removeAll { $0.isEmpty }
        } else {
            // A new geometry: every item measured again, everything repainted (`render`).
            placed.reserveCapacity(items.count)
            sceneVersion &+= 1
            for item in items { placed.append(bounds(of: item, on: canvas)) }
            examinedItems = items.count
        }
        return (damage, placed, sameIDs)
    }

    /// An item whose operations changed: when it keeps its clip's pixels and its number of
    /// operations (and is not turned), only the operations that paint different pixels are
    /// damaged — where they were and where they are — and the others keep their measured
    /// bounds and their records. Otherwise the whole item, old and new.
    func changed(_ p: inout Placed, to item: DisplayItem, on canvas: Canvas, damage: inout [PixelRect]) {
        let ops = item.ops, oldOps = p.item.ops
        guard ops.count == oldOps.count, item.rotation == nil, p.item.rotation == nil,
              item.clip == p.item.clip && item.clipCornerRadius == p.item.clipCornerRadius || sameClipPixels(item, p, canvas) else {
            damage.append(p.bounds)
            p = bounds(of: item, on: canvas)
            damage.append(p.bounds)
            return
        }
        p.item = item
        var moved = false
        for j in ops.indices where ops[j] != oldOps[j] {
            // An operation painting the same pixels keeps its record: the record draws them.
            if !canvas.samePixels(ops[j], oldOps[j]) {
                // Only its colour changed (fading in or out): the same calls in the new colour.
                if let record = p.prepared?.ops[j], SceneRenderer.onlyColourChanged(from: oldOps[j], to: ops[j]),
                   let c = ops[j].paintColor, record.recolour(c.premultiplied, solid: canvas.cache.solid(c.premultiplied)) {
                    damage.append(p.opBounds[j])
                    continue
                }
                if let prepared = p.prepared, SceneRenderer.movedWhole(from: oldOps[j], to: ops[j], prepared, j, on: canvas) {
                    movedRecords &+= 1
                } else {
                    p.prepared?.forget(j)
                }
                let b = canvas.bounds(of: ops[j]).intersection(p.clip)
                damage.append(p.opBounds[j])
                damage.append(b)
                p.opBounds[j] = b
                moved = true
            }
        }
        guard moved else { return }
        var total = PixelRect.zero
        for b in p.opBounds { total = total.union(b) }
        p.bounds = total
    }

    /// Whether an unturned item's new clip is the same pixels as its placed one's (a clip
    /// drifting by a fraction of a pixel): the same rectangle once snapped, the same rounded
    /// corners — all that drawing, occlusion and the records of a rounded clip depend on.
    func sameClipPixels(_ item: DisplayItem, _ p: Placed, _ canvas: Canvas) -> Bool {
        guard let c = item.clip, p.item.clip != nil, let prepared = p.prepared, canvas.snapped(c) == p.clip else { return false }
        return canvas.roundedClip(of: item) == prepared.rounded
    }

    func bounds(of item: DisplayItem, on canvas: Canvas) -> Placed {
        let clip = item.clip.map { canvas.snapped($0) } ?? PixelRect(x: -(1 << 28), y: -(1 << 28), width: 1 << 29, height: 1 << 29)
        if item.rotation != nil {
            // A turned item is drawn as a whole and hides nothing.
            let b = canvas.bounds(of: item)
            return Placed(item: item, bounds: b, opBounds: [b], clip: clip, opaqueClip: (.zero, .zero), prepared: nil)
        }
        var total = PixelRect.zero
        let ops = item.ops.map { op -> PixelRect in
            let b = canvas.bounds(of: op).intersection(clip)
            total = total.union(b)
            return b
        }
        let rounded = canvas.roundedClip(of: item)
        return Placed(item: item, bounds: total, opBounds: ops, clip: clip, opaqueClip: rounded?.cross ?? (clip, .zero),
                      prepared: PreparedItem(count: ops.count, rounded: rounded))
    }
}
