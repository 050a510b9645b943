// Damage-tracked rendering of display lists. Each frame repaints only what changed: the union
// of old and new bounds of every item that appeared, vanished, changed or moved in the stacking
// order. Buffer age (how many frames old the buffer's content is) decides how much older
// damage must be repainted too (issue 6 §2; foot's render.c does the same with its buffers).
import PointerEngine

/// Draws display lists into canvases, repainting only what changed.
public final class SceneRenderer {
    public let cache: RenderCache
    /// The window background, painted under every repaint.
    public var background: Color

    private struct Placed { var item: DisplayItem; var bounds: PixelRect }
    private var previous: [Placed] = []
    private var previousIndex: [ItemID: Int] = [:]
    /// Damage of recent frames, newest first; entry n is what frame (now − n) changed.
    private var history: [[PixelRect]] = []
    private var geometry: (width: Int, height: Int, scale: Double)?
    /// How many past frames' damage is remembered; older buffers are repainted in full.
    public static let maxBufferAge = 8

    /// What the last `render` repainted (pixels) and what the frame itself changed.
    public private(set) var lastRepainted: [PixelRect] = []
    public private(set) var lastFrameDamage: [PixelRect] = []

    public init(background: Color = Color(hex: 0xF2F2F7), cache: RenderCache = RenderCache()) {
        self.background = background; self.cache = cache
    }

    /// Forgets the previous frame: the next render repaints everything.
    public func invalidate() { geometry = nil }

    /// Renders `items` (back to front) into `canvas`, whose pixels hold the frame drawn
    /// `bufferAge` renders ago (1 = the previous frame; 0 = unknown content, e.g. a new
    /// buffer). Returns the repainted pixel rectangles, for `wl_surface.damage_buffer`.
    @discardableResult
    public func render(_ items: [DisplayItem], into canvas: Canvas, bufferAge: Int) -> [PixelRect] {
        let full = canvas.pixelBounds
        let sameGeometry = geometry.map { $0.width == canvas.width && $0.height == canvas.height && $0.scale == canvas.scale } ?? false
        var damage: [PixelRect] = []
        var placed: [Placed] = []
        // Fast path (a pointer move): the same ids in the same order as last frame. The
        // previous list is updated in place, touching only the items that changed.
        var sameIDs = sameGeometry && items.count == previous.count
        if sameIDs {
            for k in items.indices where previous[k].item.id != items[k].id { sameIDs = false; break }
        }
        if sameIDs {
            placed = previous
            previous = []
            for k in items.indices where placed[k].item.ops != items[k].ops {
                let b = bounds(of: items[k], on: canvas)
                damage.append(placed[k].bounds)
                damage.append(b)
                placed[k] = Placed(item: items[k], bounds: b)
            }
            damage.removeAll { $0.isEmpty }
        } else if sameGeometry {
            placed.reserveCapacity(items.count)
            // Unchanged items keep their bounds (measuring text and shadows costs time). Fast
            // path: the same ids in the same order as last frame need no lookups at all.
            var inPlace = items.count == previous.count
            var lastOldIndex = -1
            for (k, item) in items.enumerated() {
                let i: Int
                if inPlace && previous[k].item.id == item.id {
                    i = k
                } else {
                    inPlace = false
                    guard let j = previousIndex[item.id] else {
                        let b = bounds(of: item, on: canvas)
                        placed.append(Placed(item: item, bounds: b))
                        damage.append(b)
                        continue
                    }
                    i = j
                }
                let old = previous[i]
                // Items common to both lists must keep their relative order, or both spots change.
                let reordered = i < lastOldIndex
                lastOldIndex = max(lastOldIndex, i)
                if old.item == item {
                    placed.append(old)
                    if reordered { damage.append(old.bounds) }
                } else {
                    let b = bounds(of: item, on: canvas)
                    placed.append(Placed(item: item, bounds: b))
                    damage.append(old.bounds)
                    damage.append(b)
                }
            }
            if !inPlace {
                let ids = Set(items.map(\.id))
                for old in previous where !ids.contains(old.item.id) { damage.append(old.bounds) }
                previousIndex = [:]
            }
            damage.removeAll { $0.isEmpty }
        } else {
            placed.reserveCapacity(items.count)
            for item in items { placed.append(Placed(item: item, bounds: bounds(of: item, on: canvas))) }
            damage = [full]
            history.removeAll()
        }
        geometry = (canvas.width, canvas.height, canvas.scale)
        history.insert(damage, at: 0)
        if history.count > SceneRenderer.maxBufferAge { history.removeLast() }
        lastFrameDamage = damage

        // A buffer `age` frames old misses the damage of the last `age` frames.
        if bufferAge >= 1 && bufferAge <= history.count {
            damage = bufferAge == 1 ? damage : Array(history[0..<bufferAge].joined())
        } else {
            damage = [full]
        }
        let repaint = SceneRenderer.coalesce(damage.map { $0.intersection(full) }.filter { !$0.isEmpty })
        for rect in repaint { paint(rect, placed, canvas) }
        previous = placed
        if !sameIDs && (previousIndex.isEmpty || !sameGeometry) {
            previousIndex = Dictionary(placed.enumerated().map { ($1.item.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        lastRepainted = repaint
        return repaint
    }

    private func bounds(of item: DisplayItem, on canvas: Canvas) -> PixelRect { canvas.bounds(of: item) }

    /// Repaints one rectangle from scratch, skipping whatever opaque operations above hide
    /// (occlusion culling): the operations meeting `rect` are visited top-down while the
    /// region they cover opaquely grows; each keeps only the boxes still visible, and the
    /// background is cleared only where nothing opaque lands.
    private func paint(_ rect: PixelRect, _ placed: [Placed], _ canvas: Canvas) {
        var ops: [(op: DrawOp, boxes: [PixelRect])] = []
        let occluded = PixelRegion()
        var anyOccluder = false
        for i in stride(from: placed.count - 1, through: 0, by: -1) where placed[i].bounds.intersects(rect) {
            // An item's clip narrows everything it paints and everything it hides.
            let area = placed[i].item.clip.map { rect.intersection(canvas.snapped($0)) } ?? rect
            for op in placed[i].item.ops.reversed() {
                let b = canvas.bounds(of: op).intersection(area)
                guard !b.isEmpty else { continue }
                if !anyOccluder {
                    ops.append((op, [b]))
                } else {
                    switch occluded.overlap(b) {
                    case .inside: continue
                    case .outside: ops.append((op, [b]))
                    case .partial: ops.append((op, occluded.remainder(of: b)))
                    }
                }
                if let o = canvas.opaqueRect(of: op)?.intersection(area), !o.isEmpty {
                    occluded.add(o)
                    anyOccluder = true
                }
            }
        }
        let backgroundBoxes = anyOccluder ? occluded.remainder(of: rect) : [rect]
        for box in backgroundBoxes { canvas.withClip(box) { canvas.clear(background) } }
        for (op, boxes) in ops.reversed() {
            for box in boxes { canvas.withClip(box) { canvas.draw(op) } }
        }
    }

    /// Merges overlapping rectangles (and near neighbours, when merging costs little extra
    /// area) so no pixel is painted twice.
    static func coalesce(_ rects: [PixelRect]) -> [PixelRect] {
        var out = rects
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < out.count {
                var j = i + 1
                while j < out.count {
                    let u = out[i].union(out[j])
                    if out[i].intersects(out[j]) || u.area <= out[i].area + out[j].area + 256 {
                        out[i] = u
                        out.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        return out
    }
}
