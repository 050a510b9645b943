// Drawing operations compiled to the pixman calls they make. Drawing an operation resolves its
// cache entries (a mask, a gradient, a solid colour, a line of text: a key built and hashed, a
// dictionary probed, each step) and works out its parts (corner squares, edge strips); the
// result depends only on the operation and the canvas scale, never on the clip, which only
// narrows each call. So the scene renderer records an operation's calls once, with the whole of
// its bounds as the clip, and replays them narrowed to each repaint step: a commit that repaints
// an unchanged operation does no hashing, no lookups and no Swift drawing logic (issue 8:
// latency p99 — with the thread waking cold between commits, every probe is a cache miss).

/// One pixman call of a recorded operation, unclipped: `dest` is the pixels it touches, the
/// offsets are those of `dest`'s top-left. The images are held by the `PreparedOp`.
struct PaintCall {
    /// `clipCorner`: a composite whose source is an image of the operation's own pixels in a
    /// corner square of a rounded item clip (see `Canvas.drawRoundedClipped`), not a colour a
    /// recolour could replace.
    enum Kind { case fill, composite, clipCorner, spreadFirstColumn, maskTimesOpacity }
    var kind: Kind
    var op: CompositeOperator
    var color = PremultipliedColor(r: 0, g: 0, b: 0, a: 0)
    // Unretained (the `PreparedOp` holds them): replaying retains nothing. (Not
    // `unowned(unsafe)`: Swift 6.3 miscompiles arrays of structs with such optional fields.)
    var source: Unmanaged<PixmanImage>?
    /// The mask; for `maskTimesOpacity`, the mask multiplied by `alpha` into scratch space.
    var mask: Unmanaged<PixmanImage>?
    var alpha: Unmanaged<PixmanImage>?
    var dest: PixelRect
    var sx = 0, sy = 0, mx = 0, my = 0
}

/// The recorded pixman calls of one operation of a placed item, and the cache entries whose
/// images they use. Valid while every one of those entries is still cached: an entry the
/// budget evicted makes the operation record itself again (its images, held here meanwhile,
/// still draw exactly as before, and `SceneRenderer` drops such records at its next render,
/// so the cache's byte count stays what is really kept).
final class PreparedOp {
    private(set) var calls: [PaintCall] = []
    /// Strong references to every image the calls use.
    private var images: [PixmanImage] = []
    /// Cache entries the calls' images came from (touched as used, for the LRU order).
    var entries: [BudgetNode] = []
    /// The render in which the entries were last touched.
    var touched = -1
    /// Whether the calls hold every pixel the operation may touch (recorded with its whole
    /// bounds as the clip, not narrowed by the canvas edge or an item clip, and not through a
    /// rounded clip): only then do they, moved, draw the operation moved (`move`).
    var isWhole = false

    /// The calls of the operation moved by whole pixels (`Canvas.samePixels(_:_:movedBy:)`):
    /// only their destinations move. Sources and masks are placed relative to the operation
    /// (masks, gradients, glyph runs, spotlights) or are solid colours, which have no position.
    func move(by dx: Int, _ dy: Int) {
        for k in calls.indices {
            calls[k].dest.x += dx
            calls[k].dest.y += dy
        }
    }

    /// Whether every cache entry used is still in the cache.
    var isValid: Bool {
        for e in entries where !e.isCached { return false }
        return true
    }

    /// The calls in another colour, for an operation whose colour is all that changed (see
    /// `SceneRenderer.onlyColourChanged`): fills take the colour, composites the solid source
    /// of it. False (nothing changed) when a call is of another kind.
    func recolour(_ c: PremultipliedColor, solid: PixmanImage) -> Bool {
        guard calls.allSatisfy({ $0.kind == .fill || $0.kind == .composite }) else { return false }
        var replaced: [PixmanImage] = []
        for k in calls.indices {
            if calls[k].kind == .fill { calls[k].color = c; continue }
            guard let old = calls[k].source?.takeUnretainedValue(), old !== solid else { continue }
            if !replaced.contains(where: { $0 === old }) { replaced.append(old) }
            calls[k].source = .passUnretained(solid)
        }
        // The old colour's sources go, unless a call still uses one as its mask.
        images.removeAll { img in
            replaced.contains { $0 === img } && !calls.contains { $0.mask?.takeUnretainedValue() === img }
        }
        if !images.contains(where: { $0 === solid }) { images.append(solid) }
        return true
    }

    func record(_ call: PaintCall, _ a: PixmanImage?, _ b: PixmanImage? = nil, _ c: PixmanImage? = nil) {
        calls.append(call)
        @inline(__always) func keep(_ img: PixmanImage?) {
            guard let img, !images.contains(where: { $0 === img }) else { return }
            images.append(img)
        }
        keep(a); keep(b); keep(c)
    }
}

/// The prepared operations of one placed item (nil: not recorded yet), shared by the copies
/// of its `Placed` record. An operation is recorded when a later render draws it again
/// unchanged: one that changes every frame (the pointer) is drawn directly, never recorded.
final class PreparedItem {
    var ops: [PreparedOp?]
    /// The render that last drew each operation directly (-1: not since it changed).
    var drawnDirectly: [Int]
    /// The item's rounded clip in pixels (the records draw through it), nil when it has none.
    /// The item keeps its records only while its clip stays these pixels.
    let rounded: RoundedClip?
    init(count: Int, rounded: RoundedClip?) {
        ops = [PreparedOp?](repeating: nil, count: count)
        drawnDirectly = [Int](repeating: -1, count: count)
        self.rounded = rounded
    }

    /// Forgets operation `j`'s record: it changed.
    func forget(_ j: Int) {
        ops[j] = nil
        drawnDirectly[j] = -1
    }
}

extension Canvas {
    /// Records the pixman calls of `op` as drawn with `clip` as the whole clip (its bounds),
    /// through the rounded item clip `rounded` when given, drawing nothing.
    func prepare(_ op: DrawOp, within clip: PixelRect, rounded: RoundedClip? = nil) -> PreparedOp {
        let p = PreparedOp()
        let savedClip = self.clip
        self.clip = clip.intersection(pixelBounds)
        recorder = p
        cache.budget.recording = p
        if let rounded { drawRoundedClipped(op, rounded) } else { drawUnclipped(op) }
        cache.budget.recording = nil
        recorder = nil
        p.isWhole = rounded == nil && self.clip.contains(bounds(of: op))
        self.clip = savedClip
        return p
    }

    /// Replays recorded calls inside the clip: the pixels drawing the operation would make.
    func replay(_ p: PreparedOp) {
        let clip = self.clip
        for c in p.calls {
            let d = c.dest.intersection(clip)
            guard !d.isEmpty else { continue }
            let ox = d.x - c.dest.x, oy = d.y - c.dest.y
            switch c.kind {
            case .fill:
                image.fill(c.op, c.color, x: d.x, y: d.y, width: d.width, height: d.height)
            case .composite, .clipCorner:
                image.composite(c.op, source: c.source!.takeUnretainedValue(), mask: c.mask?.takeUnretainedValue(), sourceAt: c.sx + ox, c.sy + oy, maskAt: c.mx + ox, c.my + oy,
                                to: d.x, d.y, width: d.width, height: d.height)
            case .spreadFirstColumn:
                image.spreadFirstColumn(of: c.source!.takeUnretainedValue(), sourceAt: c.sx + ox, c.sy + oy, to: d.x, d.y, width: d.width, height: d.height)
            case .maskTimesOpacity:
                maskTimesOpacity(source: c.source!.takeUnretainedValue(), mask: c.mask!.takeUnretainedValue(),
                                 alpha: c.alpha!.takeUnretainedValue(), sourceAt: c.sx + ox, c.sy + oy,
                                 maskAt: c.mx + ox, c.my + oy, dest: d)
            }
        }
    }
}
