// Hit regions (SPEC M1, M2) and the spatial index that finds them (issue 5 item 8: ≤ 1 µs per
// event at 10k elements, sublinear).
//
// Each coordinate space (the surface, and each scroll container's content) has a uniform grid
// over the hit regions living in it. A point query looks at one cell per space it passes
// through, so its cost depends on how many regions overlap that cell, not on the element count.
// Scroll containers keep their content's grid in content coordinates: scrolling, zooming and
// rotating never rebuild the index (the query point is mapped instead).

/// Hit-region rules (SPEC M1, M2).
package enum HitRegion {
    /// Padding around an element with a visible bezel, points (M1).
    package static let bezelPadding = 12.0
    /// Padding around an element without a bezel, points (M1).
    package static let noBezelPadding = 24.0

    /// The padding an element's hit region extends past its visible bounds, points.
    package static func padding(for e: Element) -> Double {
        e.hitPadding ?? (e.hasBezel ? bezelPadding : noBezelPadding)
    }

    /// Whether the element answers the pointer with a region.
    package static func answersPointer(_ e: Element) -> Bool {
        e.isEnabled && (e.kind.isInteractive || e.style != nil)
    }

    /// Hit regions of every element, in each element's own space, points. Children of a bar
    /// (M2) get contiguous regions: neighbours meet half-way across the gap between them.
    package static func regions(of layout: Layout) -> [ElementID: Rect] {
        var out: [ElementID: Rect] = [:]
        for e in layout.elements { out[e.id] = e.frame.outsetBy(padding(for: e)) }
        for bar in layout.elements where bar.kind.isBar {
            let kids = bar.children.compactMap { layout[$0] }.filter(answersPointer)
            guard !kids.isEmpty else { continue }
            let horizontal = bar.frame.width >= bar.frame.height
            let sorted = kids.sorted { horizontal ? $0.frame.minX < $1.frame.minX : $0.frame.minY < $1.frame.minY }
            for (i, k) in sorted.enumerated() {
                let pad = padding(for: k)
                if horizontal {
                    let lo = i == 0 ? k.frame.minX - pad : (sorted[i - 1].frame.maxX + k.frame.minX) / 2
                    let hi = i == sorted.count - 1 ? k.frame.maxX + pad : (k.frame.maxX + sorted[i + 1].frame.minX) / 2
                    let top = min(bar.frame.minY, k.frame.minY - pad), bottom = max(bar.frame.maxY, k.frame.maxY + pad)
                    out[k.id] = Rect(x: lo, y: top, width: max(0, hi - lo), height: bottom - top)
                } else {
                    let lo = i == 0 ? k.frame.minY - pad : (sorted[i - 1].frame.maxY + k.frame.minY) / 2
                    let hi = i == sorted.count - 1 ? k.frame.maxY + pad : (k.frame.maxY + sorted[i + 1].frame.minY) / 2
                    let left = min(bar.frame.minX, k.frame.minX - pad), right = max(bar.frame.maxX, k.frame.maxX + pad)
                    out[k.id] = Rect(x: left, y: lo, width: right - left, height: max(0, hi - lo))
                }
            }
        }
        return out
    }
}

/// A uniform grid of item indices over a rectangle (compressed rows: one flat item array).
struct Grid: Sendable {
    let origin: Point
    let cell: Double
    let cols: Int
    let rows: Int
    /// cellStart[c] ..< cellStart[c + 1] index `items` for cell c.
    let cellStart: [Int32]
    let items: [Int32]

    static let minimumCell = 16.0 // pt: below this, big regions would fill too many cells

    init(rects: [(Int32, Rect)]) {
        var bounds = Rect.zero
        for (_, r) in rects { bounds = bounds.union(r) }
        let n = max(rects.count, 1)
        let area = max(bounds.width * bounds.height, 1)
        var cell = max(Grid.minimumCell, (area / Double(n)).squareRoot())
        // Keep the cell count within ~4 per item.
        while (bounds.width / cell).rounded(.up) * (bounds.height / cell).rounded(.up) > Double(4 * n + 16) { cell *= 1.5 }
        let cols = max(1, Int((bounds.width / cell).rounded(.up)))
        let rows = max(1, Int((bounds.height / cell).rounded(.up)))
        origin = bounds.origin; self.cell = cell; self.cols = cols; self.rows = rows
        var counts = [Int32](repeating: 0, count: cols * rows + 1)
        func span(_ r: Rect) -> (Int, Int, Int, Int) {
            let c0 = max(0, min(cols - 1, Int((r.minX - bounds.minX) / cell)))
            let c1 = max(0, min(cols - 1, Int((r.maxX - bounds.minX) / cell)))
            let r0 = max(0, min(rows - 1, Int((r.minY - bounds.minY) / cell)))
            let r1 = max(0, min(rows - 1, Int((r.maxY - bounds.minY) / cell)))
            return (c0, c1, r0, r1)
        }
        for (_, r) in rects {
            let (c0, c1, r0, r1) = span(r)
            for y in r0...r1 { for x in c0...c1 { counts[y * cols + x + 1] += 1 } }
        }
        for i in 1..<counts.count { counts[i] += counts[i - 1] }
        var fill = counts
        var items = [Int32](repeating: 0, count: Int(counts[counts.count - 1]))
        for (slot, r) in rects {
            let (c0, c1, r0, r1) = span(r)
            for y in r0...r1 {
                for x in c0...c1 {
                    let c = y * cols + x
                    items[Int(fill[c])] = slot
                    fill[c] += 1
                }
            }
        }
        cellStart = counts; self.items = items
    }

    /// The cell holding `p`, or nil outside the grid.
    @inline(__always) func cellRange(at p: Point) -> Range<Int>? {
        let fx = (p.x - origin.x) / cell, fy = (p.y - origin.y) / cell
        guard fx >= 0, fy >= 0, fx < Double(cols), fy < Double(rows) else { return nil }
        let c = Int(fy) * cols + Int(fx)
        return Int(cellStart[c])..<Int(cellStart[c + 1])
    }

    /// The column and row of the first cell an item with rect `r` was filed in.
    func firstCell(of r: Rect) -> (col: Int32, row: Int32) {
        let c0 = max(0, min(cols - 1, Int((r.minX - origin.x) / cell)))
        let r0 = max(0, min(rows - 1, Int((r.minY - origin.y) / cell)))
        return (Int32(c0), Int32(r0))
    }

    /// Cells overlapping `r`: columns c0...c1, rows r0...r1 (nil when none).
    @inline(__always) func cellSpan(of r: Rect) -> (c0: Int, c1: Int, r0: Int, r1: Int)? {
        let c0 = max(0, Int(((r.minX - origin.x) / cell).rounded(.down)))
        let r0 = max(0, Int(((r.minY - origin.y) / cell).rounded(.down)))
        let c1 = min(cols - 1, Int(((r.maxX - origin.x) / cell).rounded(.down)))
        let r1 = min(rows - 1, Int(((r.maxY - origin.y) / cell).rounded(.down)))
        guard c0 <= c1, r0 <= r1 else { return nil }
        return (c0, c1, r0, r1)
    }

    /// Calls `body` with every item in cells overlapping `r` (items may repeat).
    func forEach(in r: Rect, _ body: (Int32) -> Void) {
        let c0 = max(0, Int(((r.minX - origin.x) / cell).rounded(.down)))
        let r0 = max(0, Int(((r.minY - origin.y) / cell).rounded(.down)))
        let c1 = min(cols - 1, Int(((r.maxX - origin.x) / cell).rounded(.down)))
        let r1 = min(rows - 1, Int(((r.maxY - origin.y) / cell).rounded(.down)))
        guard c0 <= c1, r0 <= r1 else { return }
        for y in r0...r1 {
            for x in c0...c1 {
                let c = y * cols + x
                for i in Int(cellStart[c])..<Int(cellStart[c + 1]) { body(items[i]) }
            }
        }
    }
}

/// The spatial index over a layout. Immutable; rebuilt when the layout changes.
final class HitIndex: Sendable {
    struct Entry: Sendable {
        let id: ElementID
        let frame: Rect
        let region: Rect
        /// Paint order, back (0) to front.
        let rank: Int32
        /// Index into `spaces` of the space the element lives in.
        let space: Int32
        /// For scroll containers: the space of their content, else −1.
        let contentSpace: Int32
        let answersPointer: Bool
        /// Scroll containers: the content offset before anything scrolled.
        let initialOffset: Vector
        /// The resolved effect (E4) — decides snapping (M3).
        let effect: EffectKind?
        let snaps: Bool
        /// The first grid cell (column, row) of the element's region in its space's grid: a
        /// rect query meets the element first in cell (max(c0, col), max(r0, row)), which
        /// removes the repeats without a set.
        var firstCol: Int32 = 0
        var firstRow: Int32 = 0

        init(id: ElementID, frame: Rect, region: Rect, rank: Int32, space: Int32, contentSpace: Int32,
             answersPointer: Bool, initialOffset: Vector, effect: EffectKind?) {
            self.id = id; self.frame = frame; self.region = region; self.rank = rank; self.space = space
            self.contentSpace = contentSpace; self.answersPointer = answersPointer; self.initialOffset = initialOffset
            self.effect = effect; self.snaps = effect == .highlight || effect == .lift
        }
    }

    struct Space: Sendable {
        /// Slot of the container element, −1 for the surface.
        let container: Int32
        let grid: Grid
    }

    let layout: Layout
    let entries: [Entry]
    let spaces: [Space]
    /// Element id → slot. Ids are usually compact: then a table indexed by `id − idBase`
    /// (−1: no such element) answers without hashing; otherwise the dictionary does.
    let slotTable: [Int32]
    let idBase: Int32
    let slotOf: [ElementID: Int32]
    /// The slots of the scroll containers, in paint order (Engine.describe lists them so).
    let containersInPaintOrder: [Int]

    init(layout: Layout) {
        self.layout = layout
        let regions = HitRegion.regions(of: layout)
        var rank: [ElementID: Int32] = [:]
        for (i, id) in layout.paintOrder.enumerated() { rank[id] = Int32(i) }
        var slotOf: [ElementID: Int32] = [:]
        for (i, e) in layout.elements.enumerated() { slotOf[e.id] = Int32(i) }
        // Spaces: the surface, then one per scroll container.
        var spaceOfContainer: [ElementID: Int32] = [:]
        var containerSlots: [Int32] = [-1]
        for (i, e) in layout.elements.enumerated() where e.isScrollContainer {
            spaceOfContainer[e.id] = Int32(containerSlots.count)
            containerSlots.append(Int32(i))
        }
        var members = [[(Int32, Rect)]](repeating: [], count: containerSlots.count)
        var entries: [Entry] = []
        entries.reserveCapacity(layout.elements.count)
        for (i, e) in layout.elements.enumerated() {
            let space = layout.scrollContainer(of: e.id).flatMap { spaceOfContainer[$0] } ?? 0
            let answers = HitRegion.answersPointer(e)
            let region = answers ? regions[e.id]! : e.frame
            entries.append(Entry(id: e.id, frame: e.frame, region: region, rank: rank[e.id] ?? 0,
                                 space: space, contentSpace: spaceOfContainer[e.id] ?? -1,
                                 answersPointer: answers, initialOffset: e.traits.scroll?.initialOffset ?? .zero,
                                 effect: answers ? EffectChooser.effect(for: e) : nil))
            members[Int(space)].append((Int32(i), region))
        }
        let spaces = containerSlots.enumerated().map { Space(container: $0.element, grid: Grid(rects: members[$0.offset])) }
        for i in entries.indices {
            (entries[i].firstCol, entries[i].firstRow) = spaces[Int(entries[i].space)].grid.firstCell(of: entries[i].region)
        }
        self.entries = entries
        self.spaces = spaces
        // Sorted stably by rank, as describe sorted them (ties keep the order of `spaces`).
        containersInPaintOrder = spaces.dropFirst().map { Int($0.container) }.enumerated()
            .sorted { (entries[$0.element].rank, $0.offset) < (entries[$1.element].rank, $1.offset) }.map(\.element)
        let ids = layout.elements.map(\.id.rawValue)
        let lo = ids.min() ?? 0, hi = ids.max() ?? -1
        if Int(hi) - Int(lo) + 1 <= 4 * ids.count + 1024 {
            var table = [Int32](repeating: -1, count: max(0, Int(hi) - Int(lo) + 1))
            for (i, id) in ids.enumerated() { table[Int(id) - Int(lo)] = Int32(i) }
            slotTable = table
            idBase = lo
            self.slotOf = [:]
        } else {
            slotTable = []
            idBase = 0
            self.slotOf = slotOf
        }
    }

    /// The slot of an element, nil when the layout has no such element.
    @inline(__always) func slot(of id: ElementID) -> Int? {
        if !slotTable.isEmpty {
            let k = Int(id.rawValue) - Int(idBase)
            guard k >= 0, k < slotTable.count else { return nil }
            let s = slotTable[k]
            return s >= 0 ? Int(s) : nil
        }
        return slotOf[id].map { Int($0) }
    }

    // MARK: transforms

    /// The live transform of a scroll container, its viewport placed on the surface.
    func transform(of container: ElementID, scene: SceneState) -> ContainerTransform? {
        guard let s = slot(of: container), entries[s].contentSpace >= 0 else { return nil }
        return transform(slot: s, scene: scene)
    }

    func transform(slot: Int, scene: SceneState) -> ContainerTransform {
        let e = entries[slot]
        return local(slot: slot, viewport: surfaceRect(e.frame, space: Int(e.space), scene: scene), scene: scene)
    }

    /// The container's live offset/zoom/rotation with `viewport` as its viewport.
    @inline(__always) func local(slot: Int, viewport: Rect, scene: SceneState) -> ContainerTransform {
        if !scene.transforms.isEmpty, let t = scene.transforms[entries[slot].id] {
            return ContainerTransform(viewport: viewport, offset: t.offset, zoom: t.zoom, rotation: t.rotation)
        }
        return ContainerTransform(viewport: viewport, offset: entries[slot].initialOffset)
    }

    /// A rect in `space` mapped to the surface (bounding box), points. The container's
    /// transform already places its viewport on the surface through every outer container, so
    /// one transform maps a nested container's content (issue 17.1: the List in the cards'
    /// content view was moved by the outer offset and viewport origin twice).
    func surfaceRect(_ r: Rect, space: Int, scene: SceneState) -> Rect {
        guard space > 0 else { return r }
        return transform(slot: Int(spaces[space].container), scene: scene).apply(r)
    }

    func surfaceFrame(of id: ElementID, scene: SceneState) -> Rect? {
        guard let s = slot(of: id) else { return nil }
        return surfaceFrame(slot: s, scene: scene)
    }

    func surfaceFrame(slot s: Int, scene: SceneState) -> Rect {
        let e = entries[s]
        let f = scene.frameOverrides.isEmpty ? e.frame : (scene.frameOverrides[e.id] ?? e.frame)
        return e.space == 0 ? f : surfaceRect(f, space: Int(e.space), scene: scene)
    }

    /// Zoom of a space relative to the surface (for distances).
    func zoom(of space: Int, scene: SceneState) -> Double {
        var z = 1.0, space = space
        while space > 0 {
            let c = Int(spaces[space].container)
            z *= scene.transforms[entries[c].id]?.zoom ?? 1
            space = Int(entries[c].space)
        }
        return z
    }

    // MARK: queries

    struct Hit {
        var slot: Int32 = -1
        var direct = false
        var distance = Double.infinity
        var rank: Int32 = -1

        /// Direct hits (inside the visible frame) beat padded ones; among direct hits the
        /// topmost wins; among padded ones the nearest (then the topmost).
        mutating func offer(slot: Int32, direct: Bool, distance: Double, rank: Int32) {
            if direct {
                if !self.direct || rank > self.rank { self = Hit(slot: slot, direct: true, distance: 0, rank: rank) }
            } else if !self.direct {
                if distance < self.distance || (distance == self.distance && rank > self.rank) {
                    self = Hit(slot: slot, direct: false, distance: distance, rank: rank)
                }
            }
        }
    }

    /// The element at surface point `p`: with `padded`, the element whose hit region holds p
    /// (M1/M2 rules); without, the topmost element whose visible frame holds p.
    func element(at p: Point, scene: SceneState, padded: Bool) -> ElementID? {
        let s = slot(at: p, scene: scene, padded: padded)
        return s >= 0 ? entries[Int(s)].id : nil
    }

    /// `element(at:scene:padded:)` as a slot, −1 for none.
    func slot(at p: Point, scene: SceneState, padded: Bool) -> Int32 {
        var hit = Hit()
        var occluder: Int32 = -1
        search(space: 0, p: p, zoom: 1, scene: scene, padded: padded, minRank: -1, hit: &hit, occluder: &occluder)
        if hit.slot >= 0, hit.rank < occluder {
            hit = Hit()
            var o2: Int32 = -1
            search(space: 0, p: p, zoom: 1, scene: scene, padded: padded, minRank: occluder, hit: &hit, occluder: &o2)
        }
        return hit.slot
    }

    private func search(space: Int, p: Point, zoom: Double, scene: SceneState, padded: Bool, minRank: Int32,
                        hit: inout Hit, occluder: inout Int32) {
        guard let range = spaces[space].grid.cellRange(at: p) else { return }
        let checkDisabled = !scene.disabled.isEmpty
        let items = spaces[space].grid.items
        for i in range {
            let slot = items[i]
            let e = entries[Int(slot)]
            if e.contentSpace >= 0, e.frame.contains(p) {
                occluder = max(occluder, e.rank)
                // Map p (in this space) into the container's content space.
                let t = local(slot: Int(slot), viewport: e.frame, scene: scene)
                search(space: Int(e.contentSpace), p: t.invert(p), zoom: zoom * t.zoom, scene: scene, padded: padded,
                       minRank: minRank, hit: &hit, occluder: &occluder)
            }
            guard e.rank >= minRank else { continue }
            if padded {
                guard e.answersPointer, e.region.contains(p) else { continue }
                if checkDisabled, scene.disabled.contains(e.id) { continue }
                let direct = e.frame.contains(p)
                hit.offer(slot: slot, direct: direct, distance: direct ? 0 : e.frame.distance(to: p) * zoom, rank: e.rank)
            } else if e.frame.contains(p) {
                hit.offer(slot: slot, direct: true, distance: 0, rank: e.rank)
            }
        }
    }

    /// Elements whose visible frames intersect surface rect `r`, in paint order.
    func elements(in r: Rect, scene: SceneState) -> [ElementID] {
        var found: [(Int32, ElementID)] = []
        var seen = Set<Int32>()
        collect(space: 0, r: r, scene: scene, found: &found, seen: &seen)
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    private func collect(space: Int, r: Rect, scene: SceneState, found: inout [(Int32, ElementID)], seen: inout Set<Int32>) {
        spaces[space].grid.forEach(in: r) { slot in
            guard seen.insert(slot).inserted else { return }
            let e = entries[Int(slot)]
            guard e.frame.intersects(r) else { return }
            found.append((e.rank, e.id))
            if e.contentSpace >= 0 {
                let inner = local(slot: Int(slot), viewport: e.frame, scene: scene)
                if let clip = r.intersection(e.frame) {
                    collect(space: Int(e.contentSpace), r: inner.invert(clip), scene: scene, found: &found, seen: &seen)
                }
            }
        }
    }

    /// Calls `body` once per element whose region in `space` lies in cells overlapping `box`
    /// (that space's coordinates), each element once (see `Entry.firstCol`).
    @inline(__always) func forEachOnce(space: Int, in box: Rect, _ body: (Int32) -> Void) {
        let grid = spaces[space].grid
        guard let (c0, c1, r0, r1) = grid.cellSpan(of: box) else { return }
        grid.cellStart.withUnsafeBufferPointer { starts in
            grid.items.withUnsafeBufferPointer { items in
                entries.withUnsafeBufferPointer { entries in
                    for y in r0...r1 {
                        for x in c0...c1 {
                            let c = y * grid.cols + x
                            for i in Int(starts[c])..<Int(starts[c + 1]) {
                                let slot = items[i]
                                let e = entries[Int(slot)]
                                // Seen already in an earlier cell of this query?
                                guard Int(e.firstCol) >= c0 ? x == Int(e.firstCol) : x == c0,
                                      Int(e.firstRow) >= r0 ? y == Int(e.firstRow) : y == r0 else { continue }
                                body(slot)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The best snapping candidate for a flick (M4): among highlight/lift elements whose
    /// surface regions come within `radius` of `p` and whose centres lie ahead of `origin`
    /// along `velocity`, the nearest (then the lowest id): (id, surface frame).
    func predictionTarget(near p: Point, radius: Double, origin: Point, velocity v: Vector,
                          scene: SceneState) -> (ElementID, Rect)? {
        var best: (id: ElementID, frame: Rect, distance: Double)? = nil
        let box = Rect(x: p.x - radius, y: p.y - radius, width: 2 * radius, height: 2 * radius)
        snapCandidates(space: 0, box: box, p: p, radius: radius, scene: scene) { id, frame, d in
            let ahead = frame.center - origin
            guard ahead.dx * v.dx + ahead.dy * v.dy > 0 else { return }
            if let b = best, !(d < b.distance || (d == b.distance && id < b.id)) { return }
            best = (id, frame, d)
        }
        return best.map { ($0.id, $0.frame) }
    }

    private func snapCandidates(space: Int, box: Rect, p: Point, radius: Double, scene: SceneState,
                                _ found: (ElementID, Rect, Double) -> Void) {
        let checkDisabled = !scene.disabled.isEmpty
        forEachOnce(space: space, in: box) { slot in
            let e = entries[Int(slot)]
            if e.contentSpace >= 0, e.frame.intersects(box) {
                let inner = local(slot: Int(slot), viewport: e.frame, scene: scene)
                if let clip = box.intersection(e.frame) {
                    snapCandidates(space: Int(e.contentSpace), box: inner.invert(clip), p: p, radius: radius, scene: scene, found)
                }
            }
            guard e.snaps, e.region.intersects(box) else { return }
            if checkDisabled, scene.disabled.contains(e.id) { return }
            let frame = e.space == 0 ? e.frame : surfaceRect(e.frame, space: Int(e.space), scene: scene)
            let region = e.space == 0 ? e.region : surfaceRect(e.region, space: Int(e.space), scene: scene)
            let d = region.distance(to: p)
            if d <= radius { found(e.id, frame, d) }
        }
    }

    func entry(_ id: ElementID) -> Entry? { slot(of: id).map { entries[$0] } }
}
