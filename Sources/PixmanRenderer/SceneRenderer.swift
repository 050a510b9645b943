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
        let placed = items.map { Placed(item: $0, bounds: bounds(of: $0, on: canvas)) }
        let full = canvas.pixelBounds
        var damage: [PixelRect]
        if let g = geometry, g.width == canvas.width, g.height == canvas.height, g.scale == canvas.scale {
            damage = diff(placed)
        } else {
            damage = [full]
            history.removeAll()
        }
        geometry = (canvas.width, canvas.height, canvas.scale)
        history.insert(damage, at: 0)
        if history.count > SceneRenderer.maxBufferAge { history.removeLast() }
        lastFrameDamage = damage

        // A buffer `age` frames old misses the damage of the last `age` frames.
        if bufferAge >= 1 && bufferAge <= history.count {
            damage = Array(history[0..<bufferAge].joined())
        } else {
            damage = [full]
        }
        let repaint = SceneRenderer.coalesce(damage.map { $0.intersection(full) }.filter { !$0.isEmpty })
        for rect in repaint {
            canvas.withClip(rect) {
                canvas.clear(background)
                for p in placed where p.bounds.intersects(rect) {
                    for op in p.item.ops { canvas.draw(op) }
                }
            }
        }
        previous = placed
        previousIndex = Dictionary(placed.enumerated().map { ($1.item.id, $0) }, uniquingKeysWith: { a, _ in a })
        lastRepainted = repaint
        return repaint
    }

    private func bounds(of item: DisplayItem, on canvas: Canvas) -> PixelRect {
        item.ops.reduce(PixelRect.zero) { $0.union(canvas.bounds(of: $1)) }
    }

    /// Rectangles that changed between the previous list and `placed`.
    private func diff(_ placed: [Placed]) -> [PixelRect] {
        var damage: [PixelRect] = []
        var seen = Set<ItemID>()
        seen.reserveCapacity(placed.count)
        // Items common to both lists must keep their relative order, or both spots change.
        var lastOldIndex = -1
        for p in placed {
            seen.insert(p.item.id)
            guard let i = previousIndex[p.item.id] else {
                damage.append(p.bounds)
                continue
            }
            let old = previous[i]
            let reordered = i < lastOldIndex
            lastOldIndex = max(lastOldIndex, i)
            if reordered || old.bounds != p.bounds || old.item != p.item {
                damage.append(old.bounds)
                damage.append(p.bounds)
            }
        }
        for old in previous where !seen.contains(old.item.id) { damage.append(old.bounds) }
        return damage.filter { !$0.isEmpty }
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
