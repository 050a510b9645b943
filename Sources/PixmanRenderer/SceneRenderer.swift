// Damage-tracked rendering of a retained scene (RetainedScene). Each frame repaints only what
// changed: the union of old and new bounds of every item that appeared, vanished, changed or
// moved in the stacking order, found from the scene's marks (SceneRenderer+Scene.swift).
// Buffer age (how many frames old the buffer's content is) decides how much older damage must
// be repainted too: this damage history is the only one (issue 20.5; the window keeps none).
// Issue 6 §2; foot's render.c does the same with its buffers.
import PointerEngine

/// Draws display lists into canvases, repainting only what changed.
public final class SceneRenderer {
    public let cache: RenderCache
    /// The window background, painted under every repaint.
    public var background: Color

    struct Placed {
        var item: DisplayItem
        var bounds: PixelRect
        /// Each operation's pixels, already narrowed to the item's clip (measured once per change).
        var opBounds: [PixelRect]
        /// The item's clip in pixels (the whole plane when unclipped).
        var clip: PixelRect
        /// Where the clip lets opaque drawing hide what is below: the clip, or the cross of a
        /// rounded clip (its corners let the background show through).
        var opaqueClip: (PixelRect, PixelRect)
        /// Each operation's recorded pixman calls (see `PreparedOp`), through the item's
        /// rounded clip when it has one; nil for turned items, which draw directly.
        var prepared: PreparedItem?
    }
    /// Counts renders (when prepared operations last touched their cache entries).
    private var renderCount = 0
    /// Records moved along with their operations (see `movedWhole`), for tests.
    var movedRecords = 0
    /// The cache's removal count when prepared operations were last checked.
    private var checkedRemovals = -1
    /// Scratch state of `paint`, kept between frames so repaints allocate nothing.
    private let occluded = PixelRegion()
    private let visible = PixelRegion()
    /// Steps of a repaint, top-down: an operation limited to a box.
    private var plan: [(item: Int, op: Int, box: PixelRect)] = []
    /// Plain fills of a repaint, by colour, painted first in one pixman call per colour: the
    /// background where nothing opaque lands, the interiors of opaque fills, translucent fills
    /// over a known opaque colour (their exact blend). No other step paints below them.
    private var solidFills: [(color: PremultipliedColor, boxes: [PixelRect])] = []
    private var solidIndex: [PremultipliedColor: Int] = [:]
    /// Shadows and text over one known opaque colour in a full repaint: their exact pixels,
    /// copied from cached images (see `RenderCache.preblended`), also painted first.
    private var copies: [(image: PixmanImage, x: Int, y: Int, box: PixelRect)] = []
    /// The plan cut into bands (`bandHeight`): each band's plain fills (ARGB8888 words, boxes
    /// cut to the band), copies (index into `copies`, box cut to the band) and steps (indices
    /// into `plan`, top-down), as ranges of the three lists; made with the plan, so painting a
    /// band visits only what reaches it and builds nothing.
    private var bands: [(rect: PixelRect, fills: Range<Int>, copies: Range<Int>, steps: Range<Int>)] = []
    private var bandFills: [(pixel: UInt32, box: PixelRect)] = []
    private var bandCopies: [(copy: Int, box: PixelRect)] = []
    private var bandSteps: [Int] = []
    /// The plan of the last repaint, reused while neither the scene nor the rectangle changed.
    private var planRect = PixelRect.zero
    private var planVersion = -1
    /// Bumped whenever the placed items change in any way.
    var sceneVersion = 0
    private var planBackground: Color?
    private var blends: [Blend: PremultipliedColor] = [:]
    private let scratchRegion = PixelRegion()
    /// What a buffer missed, less what this frame repaints (copy-forward scratch).
    private let copyRegion = PixelRegion()
    private struct Blend: Hashable { var top: PremultipliedColor; var under: PremultipliedColor }
    /// Steps of one operation taken out of the plan to be split again (scratch, kept).
    private var stepScratch: [(item: Int, op: Int, box: PixelRect)] = []
    var previous: [Placed] = []
    /// The bounds of each placed item of the last render, compact: a repaint's plan scans them
    /// all (touching each big `Placed` record for it cost a cache miss per item).
    var placedBounds: [PixelRect] = []
    var previousIndex: [ItemID: Int] = [:]
    /// No two items of `previousIndex`'s list share an identity (each id names one item).
    var previousIDsUnique = true
    /// The scene last rendered and its marks' epoch after that render (`RetainedScene.takeMarks`):
    /// while both hold, the scene's marks name every item changed since.
    weak var lastScene: RetainedScene?
    var lastEpoch = -1
    /// The scene `render(_ items:…)` keeps the given lists in.
    private let ownScene = RetainedScene()
    /// Items whose content the last render looked at (compared or measured), for tests
    /// (RetainedScene+Testing.swift).
    var examinedItems = 0
    /// Damage of recent frames, newest first; entry n is what frame (now − n) changed.
    private var history: [[PixelRect]] = []
    private var geometry: (width: Int, height: Int, scale: Double)?
    /// How many past frames' damage is remembered; older buffers are repainted in full.
    public static let maxBufferAge = 8

    /// Runs each step of a repaint (nil operation: the background clear) when set, so a
    /// benchmark can time them (`LODESTONE_RENDER_BREAKDOWN=1 lodestone bench render`).
    package var stepObserver: ((_ op: DrawOp?, _ box: PixelRect, _ step: () -> Void) -> Void)?

    /// What the last `render` repainted (pixels) and what the frame itself changed.
    public private(set) var lastRepainted: [PixelRect] = []
    public private(set) var lastFrameDamage: [PixelRect] = []
    /// What the last `render` copied from its `previous` canvas instead of repainting.
    public private(set) var lastCopied: [PixelRect] = []

    public init(background: Color = Color(hex: 0xF2F2F7), cache: RenderCache = RenderCache()) {
        self.background = background; self.cache = cache
    }

    /// Forgets the previous frame: the next render repaints everything.
    public func invalidate() { geometry = nil }

    /// The recorded operations of item `id` as last rendered (for tests).
    func records(of id: ItemID) -> [PreparedOp] {
        previous.first { $0.item.id == id }?.prepared?.ops.compactMap { $0 } ?? []
    }

    /// Renders `items` (back to front) into `canvas`: the renderer's own scene is made to hold
    /// them (`RetainedScene.assign` marks what differs from the last list) and rendered.
    @discardableResult
    public func render(_ items: [DisplayItem], into canvas: Canvas, bufferAge: Int, previous newestCanvas: Canvas? = nil) -> [PixelRect] {
        ownScene.assign(items)
        return render(ownScene, into: canvas, bufferAge: bufferAge, previous: newestCanvas)
    }

    /// Renders `scene` into `canvas`, whose pixels hold the frame drawn `bufferAge` renders ago
    /// (1 = the previous frame; 0 = unknown content, e.g. a new buffer). Returns the repainted
    /// pixel rectangles, for `wl_surface.damage_buffer`. Only the scene's marked items are
    /// looked at (when this renderer drew the scene last), and the marks are cleared.
    ///
    /// `previous`, when given, holds exactly the frame of the last `render` call (the newest
    /// buffer of a chain). A buffer older than that then gets what it missed copied from
    /// `previous` (all of it past the damage history) and only this frame's changes are drawn —
    /// foot's "reapply old damage": a buffer the compositor left idle for many frames costs a
    /// copy, not a full repaint (`lastCopied` says what was copied).
    @discardableResult
    public func render(_ scene: RetainedScene, into canvas: Canvas, bufferAge: Int, previous newestCanvas: Canvas? = nil) -> [PixelRect] {
        let full = canvas.pixelBounds
        renderCount &+= 1
        canvas.cache.frame &+= 1
        let sameGeometry = geometry.map { $0.width == canvas.width && $0.height == canvas.height && $0.scale == canvas.scale } ?? false
        // The newest canvas is usable when it is another canvas of this geometry and the last frame was drawn at it.
        let source = newestCanvas.flatMap { p in
            sameGeometry && p !== canvas && p.width == canvas.width && p.height == canvas.height && p.stride == canvas.stride ? p : nil
        }
        var (damage, placed, sameIDs) = take(scene, on: canvas, sameGeometry: sameGeometry)
        if !sameGeometry { damage = [full]; history.removeAll() }
        lastScene = scene
        lastEpoch = scene.takeMarks()
        geometry = (canvas.width, canvas.height, canvas.scale)
        history.insert(damage, at: 0)
        if history.count > SceneRenderer.maxBufferAge { history.removeLast() }
        // Disjoint: the compositor is told each changed pixel once (and the bench counts them once).
        lastFrameDamage = SceneRenderer.coalesce(damage.map { $0.intersection(full) }.filter { !$0.isEmpty })

        // A buffer `age` frames old misses the damage of the last `age` frames.
        lastCopied = []
        var missed: [PixelRect] = []
        if bufferAge == 1 {
            // Holds the previous frame: draw what changed.
        } else if source != nil, !damage.contains(full) {
            // What the buffer missed before this frame comes from the newest buffer.
            missed = bufferAge >= 2 && bufferAge <= history.count ? Array(history[1..<bufferAge].joined()) : [full]
        } else if bufferAge >= 1 && bufferAge <= history.count {
            damage = Array(history[0..<bufferAge].joined())
        } else {
            damage = [full]
        }
        let repaint = SceneRenderer.coalesce(damage.map { $0.intersection(full) }.filter { !$0.isEmpty })
        if let source, !missed.isEmpty {
            // Pixels this frame repaints anyway are not copied (an element animating in place
            // damages the same rectangle frame after frame: nothing is left to copy).
            for m in SceneRenderer.coalesce(missed.map { $0.intersection(full) }.filter { !$0.isEmpty }) {
                guard repaint.contains(where: { $0.intersects(m) }) else { lastCopied.append(m); continue }
                copyRegion.reset(m)
                for r in repaint where r.intersects(m) { subtractRect(copyRegion, r) }
                copyRegion.forEachRect { lastCopied.append($0) }
            }
            for r in lastCopied { canvas.copyPixels(r, from: source) }
        }
        dropEvictedPreparations(placed, canvas.cache.budget)
        if !sameIDs { placedBounds = placed.indices.map { placed[$0].bounds } }
        for rect in repaint { paint(rect, placed, canvas) }
        previous = placed
        if !sameIDs && (previousIndex.isEmpty || !sameGeometry) {
            previousIndex = Dictionary(placed.indices.map { (placed[$0].item.id, $0) }, uniquingKeysWith: { a, _ in a })
            previousIDsUnique = previousIndex.count == placed.count
        }
        lastRepainted = repaint
        return repaint
    }

    /// Repaints one rectangle from scratch, skipping whatever opaque operations above hide
    /// (occlusion culling): the operations meeting `rect` are visited top-down while the
    /// region they cover opaquely grows; each keeps only the boxes still visible. Plain fills
    /// (background, opaque interiors, flattened translucent fills) go first, one pixman call
    /// per colour, with pre-blended copies; then the remaining steps bottom-up. All of it band
    /// by band (`bandHeight`). The scratch region and lists live in the renderer: a repaint
    /// allocates nothing once warm.
    private func paint(_ rect: PixelRect, _ placed: [Placed], _ canvas: Canvas) {
        // The scene and the rectangle as last time (a new buffer of an unchanged scene): the plan holds.
        if rect != planRect || planVersion != sceneVersion || planBackground != background {
            makePlan(rect, placed, canvas)
            makeBands(rect)
            planRect = rect; planVersion = sceneVersion; planBackground = background
        }
        if let observe = stepObserver { observedPaint(placed, canvas, observe); return }
        if bands.count == 1 {
            // One band (a small repaint, e.g. a pointer move): everything reaches it, no lists.
            canvas.withClip(rect) {
                for f in solidFills.indices {
                    let pixel = solidFills[f].color.argb32
                    for box in solidFills[f].boxes { canvas.fillPixels(box, pixel: pixel) }
                }
                for c in copies.indices { canvas.copy(copies[c].image, placedAt: copies[c].x, copies[c].y, box: copies[c].box) }
                for k in stride(from: plan.count - 1, through: 0, by: -1) { run(plan[k], placed, canvas) }
            }
            return
        }
        for band in bands {
            canvas.withClip(band.rect) {
                for i in band.fills { canvas.fillPixels(bandFills[i].box, pixel: bandFills[i].pixel) }
                for i in band.copies {
                    let k = bandCopies[i].copy
                    canvas.copy(copies[k].image, placedAt: copies[k].x, copies[k].y, box: bandCopies[i].box)
                }
                for i in band.steps { run(plan[bandSteps[i]], placed, canvas) }
            }
        }
    }

    /// Cuts the plan of `rect` into bands (`bands`): what each band paints, in painting order.
    private func makeBands(_ rect: PixelRect) {
        bands.removeAll(keepingCapacity: true)
        bandFills.removeAll(keepingCapacity: true)
        bandCopies.removeAll(keepingCapacity: true)
        bandSteps.removeAll(keepingCapacity: true)
        let bandRows = SceneRenderer.bandHeight(width: rect.width)
        if rect.height <= bandRows {
            // One band: `paint` draws the plan's own lists.
            bands.append((rect, 0..<0, 0..<0, 0..<0))
            return
        }
        var y = rect.y
        while y < rect.maxY {
            let band = PixelRect(x: rect.x, y: y, width: rect.width, height: min(bandRows, rect.maxY - y))
            let fills = bandFills.count, copied = bandCopies.count, steps = bandSteps.count
            for f in solidFills.indices {
                let pixel = solidFills[f].color.argb32
                for box in solidFills[f].boxes {
                    let r = box.intersection(band)
                    if !r.isEmpty { bandFills.append((pixel, r)) }
                }
            }
            for k in copies.indices {
                let r = copies[k].box.intersection(band)
                if !r.isEmpty { bandCopies.append((k, r)) }
            }
            for k in stride(from: plan.count - 1, through: 0, by: -1) where plan[k].box.intersects(band) { bandSteps.append(k) }
            bands.append((band, fills..<bandFills.count, copied..<bandCopies.count, steps..<bandSteps.count))
            y += bandRows
        }
    }

    /// Rows painted together: a band small enough to stay in a core's cache (1 MiB; measured
    /// better than 256 KiB and 512 KiB at 4K, alike at 1080p) while everything on it is
    /// drawn, so blending reads pixels just written instead of memory.
    static func bandHeight(width: Int) -> Int {
        let bytes = 1 << 20
        return max(16, bytes / max(width * 4, 1))
    }

    @inline(__always)
    private func run(_ step: (item: Int, op: Int, box: PixelRect), _ placed: [Placed], _ canvas: Canvas) {
        if let prepared = placed[step.item].prepared {
            let j = step.op
            let op: PreparedOp
            if let o = prepared.ops[j], o.touched == renderCount || touch(o, canvas.cache.budget) {
                op = o
            } else if prepared.drawnDirectly[j] >= 0 {
                // Drawn before, unchanged since (an earlier render, or an earlier step of this one).
                op = canvas.prepare(placed[step.item].item.ops[j], within: placed[step.item].opBounds[j], rounded: prepared.rounded)
                op.touched = renderCount
                prepared.ops[j] = op
            } else {
                prepared.drawnDirectly[j] = renderCount
                let drawn = placed[step.item].item.ops[j]
                canvas.withClip(step.box) {
                    if let rounded = prepared.rounded { canvas.drawRoundedClipped(drawn, rounded) } else { canvas.draw(drawn) }
                }
                return
            }
            canvas.withClip(step.box) { canvas.replay(op) }
            return
        }
        // Turned items alone have no records.
        let item = placed[step.item].item
        canvas.withClip(step.box) { canvas.drawRotated(item) }
    }

    /// Marks a prepared operation's cache entries as used by this render; false (nothing
    /// touched) when one of them was evicted and the operation must be recorded again.
    private func touch(_ op: PreparedOp, _ budget: CacheBudget) -> Bool {
        guard op.isValid else { return false }
        for e in op.entries { budget.touch(e) }
        op.touched = renderCount
        return true
    }

    /// After the cache dropped entries, forgets the prepared operations using them, so no
    /// evicted image stays alive behind the cache's back.
    private func dropEvictedPreparations(_ placed: [Placed], _ budget: CacheBudget) {
        guard budget.removals != checkedRemovals else { return }
        checkedRemovals = budget.removals
        for k in placed.indices {
            guard let prepared = placed[k].prepared else { continue }
            for j in prepared.ops.indices where prepared.ops[j]?.isValid == false { prepared.ops[j] = nil }
        }
    }

    private func observedPaint(_ placed: [Placed], _ canvas: Canvas,
                               _ observe: (DrawOp?, PixelRect, () -> Void) -> Void) {
        for fill in solidFills {
            let area = fill.boxes.reduce(0) { $0 + $1.area }
            observe(nil, PixelRect(x: 0, y: 0, width: area, height: 1)) { canvas.fillPixels(fill.boxes, fill.color) }
        }
        for c in copies {
            observe(.fill(.rect, .zero, .clear), c.box) { canvas.copy(c.image, placedAt: c.x, c.y, box: c.box) }
        }
        for k in stride(from: plan.count - 1, through: 0, by: -1) {
            let step = plan[k]
            observe(placed[step.item].item.ops[step.op], step.box) { run(step, placed, canvas) }
        }
    }

    private func makePlan(_ rect: PixelRect, _ placed: [Placed], _ canvas: Canvas) {
        plan.removeAll(keepingCapacity: true)
        copies.removeAll(keepingCapacity: true)
        // Pre-blending makes images worth keeping only for repaints of the whole canvas (new
        // buffers); a small damage rectangle draws directly.
        let preblend = rect == canvas.pixelBounds
        for k in solidFills.indices { solidFills[k].boxes.removeAll(keepingCapacity: true) }
        occluded.clear()
        var anyOccluder = false
        func solid(_ box: PixelRect, _ color: PremultipliedColor) {
            if let k = solidIndex[color] { solidFills[k].boxes.append(box); return }
            solidIndex[color] = solidFills.count
            solidFills.append((color, [box]))
        }
        func occlude(_ o: PixelRect, _ opaqueClip: (PixelRect, PixelRect)) {
            guard !o.isEmpty else { return }
            @inline(__always) func within(_ area: PixelRect) {
                guard !area.isEmpty else { return }
                let a = o.intersection(area).intersection(rect)
                if !a.isEmpty { occluded.add(a); anyOccluder = true }
            }
            within(opaqueClip.0)
            within(opaqueClip.1)
        }
        func add(_ i: Int, _ j: Int, _ piece: PixelRect) {
            if !anyOccluder {
                plan.append((i, j, piece))
                return
            }
            switch occluded.overlap(piece) {
            case .inside: return
            case .outside: plan.append((i, j, piece))
            case .partial:
                visible.reset(piece)
                visible.subtract(occluded)
                visible.forEachRect { plan.append((i, j, $0)) }
            }
        }
        // Moves the steps from `first` on out of the plan into `stepScratch` (no slice of the
        // plan is kept: that made removing them copy the whole plan).
        func takeSteps(from first: Int) {
            stepScratch.removeAll(keepingCapacity: true)
            for s in first..<plan.count { stepScratch.append(plan[s]) }
            plan.removeLast(plan.count - first)
        }
        // Only the fields used (a whole `Placed` copied per item was ~5% of a slow commit's render).
        for i in stride(from: placedBounds.count - 1, through: 0, by: -1) where placedBounds[i].intersects(rect) {
            let opBounds = placed[i].opBounds, ops = placed[i].item.ops
            let opaqueClip = placed[i].opaqueClip, rotated = placed[i].item.rotation != nil
            for j in stride(from: opBounds.count - 1, through: 0, by: -1) {
                let b = opBounds[j].intersection(rect)
                guard !b.isEmpty else { continue }
                let op = ops[j]
                let firstStep = plan.count
                // An outline reaches only the strips around its untouched interior.
                let hole = !rotated ? canvas.untouchedInterior(of: op).intersection(b) : .zero
                if hole.isEmpty {
                    add(i, j, b)
                } else {
                    for piece in SceneRenderer.pieces(of: b, around: hole) { add(i, j, piece) }
                }
                guard !rotated, plan.count > firstStep else { continue }
                let (o1, o2) = canvas.opaqueRects(of: op)
                // An opaque fill's interior, or a translucent fill over one opaque colour (its
                // interior is that blend): plain fills of one colour, hiding what is below.
                if let flat = o1.isEmpty && o2.isEmpty ? flattening(op, at: i, j, placed, rect, canvas)
                                                       : opaqueInterior(op, opaqueClip, rect, canvas) {
                    takeSteps(from: firstStep)
                    for step in stepScratch {
                        for part in flat.parts {
                            let r = step.box.intersection(part)
                            if !r.isEmpty { solid(r, flat.color) }
                        }
                        visible.reset(step.box)
                        for part in flat.parts { subtractRect(visible, part) }
                        visible.forEachRect { plan.append((i, j, $0)) }
                    }
                    for part in flat.parts { occluded.add(part); anyOccluder = true }
                } else if !o1.isEmpty || !o2.isEmpty {
                    occlude(o1, opaqueClip); occlude(o2, opaqueClip)
                }
                // A shadow, a line of text, a shape's anti-aliased edge: where it lies on one
                // known colour, its pixels are fixed; copy them and hide what is below.
                if preblend, opaqueClip.1.isEmpty, plan.count > firstStep {
                    takeSteps(from: firstStep)
                    let corners = canvas.gradientCorners(op)
                    for step in stepScratch {
                        if opaqueClip.0.contains(step.box), let cs = canvas.coveredSolid(op, box: step.box),
                           let under = underColor([step.box], below: i, j, placed, canvas) {
                            copies.append((cache.preblended(cs, over: under), cs.x, cs.y, step.box))
                            occluded.add(step.box); anyOccluder = true
                        } else if let corners {
                            if preblendCorners(corners, of: step, placed, canvas) { anyOccluder = true }
                        } else {
                            plan.append(step)
                        }
                    }
                }
            }
        }
        if anyOccluder {
            visible.reset(rect)
            visible.subtract(occluded)
            visible.forEachRect { solid($0, background.premultiplied) }
        } else {
            solid(rect, background.premultiplied)
        }
        // Colours no longer used go (a long session must not grow the list).
        if solidFills.count > 64 {
            solidFills.removeAll { $0.boxes.isEmpty }
            solidIndex = Dictionary(uniqueKeysWithValues: solidFills.enumerated().map { ($1.color, $0) })
        }
    }

    /// A step of an opaque rounded gradient: where it meets a corner square lying on one known
    /// colour, a pre-blended copy of that square (an icon's corners on the window background);
    /// the rest stays a step. True when a copy was made (its pixels hide what is below).
    private func preblendCorners(_ corners: GradientCorners, of step: (item: Int, op: Int, box: PixelRect), _ placed: [Placed],
                                 _ canvas: Canvas) -> Bool {
        let opaqueClip = placed[step.item].opaqueClip.0
        var copied = false
        visible.reset(step.box)
        for square in corners.squares {
            let piece = square.rect.intersection(step.box)
            guard !piece.isEmpty, opaqueClip.contains(piece),
                  let under = underColor([piece], below: step.item, step.op, placed, canvas) else { continue }
            let image = cache.preblended(corners, right: square.right, bottom: square.bottom, over: under)
            copies.append((image, square.rect.x, square.rect.y, piece))
            occluded.add(piece); copied = true
            subtractRect(visible, piece)
        }
        visible.forEachRect { plan.append((step.item, step.op, $0)) }
        return copied
    }

    /// The interior of an opaque solid fill as disjoint parts inside `rect` and the item's clip
    /// (nil when it has none worth filling plainly: ellipses, paths, rounded item clips).
    private func opaqueInterior(_ op: DrawOp, _ opaqueClip: (PixelRect, PixelRect), _ rect: PixelRect,
                                _ canvas: Canvas) -> (color: PremultipliedColor, parts: [PixelRect])? {
        guard case .fill(let shape, let r, let color) = op, color.alpha >= 1, opaqueClip.1.isEmpty else { return nil }
        let clip = opaqueClip.0.intersection(rect)
        let parts = canvas.interiorParts(shape, canvas.snapped(r)).map { $0.intersection(clip) }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : (color.premultiplied, parts)
    }

    private func subtractRect(_ region: PixelRegion, _ r: PixelRect) {
        scratchRegion.reset(r)
        region.subtract(scratchRegion)
    }

    /// When `op` (item `i`, operation `j`) is a translucent solid fill whose interior lies
    /// wholly on one opaque colour — the topmost thing below it there is an opaque fill covering
    /// all of it, or nothing but the opaque background — the interior's exact colour (pixman's
    /// own OVER of the two) and its disjoint parts inside `rect`.
    private func flattening(_ op: DrawOp, at i: Int, _ j: Int, _ placed: [Placed], _ rect: PixelRect,
                            _ canvas: Canvas) -> (color: PremultipliedColor, parts: [PixelRect])? {
        guard case .fill(let shape, let r, let color) = op, color.alpha > 0, color.alpha < 1,
              placed[i].opaqueClip.1.isEmpty else { return nil }
        let clip = placed[i].opaqueClip.0.intersection(rect)
        let parts = canvas.interiorParts(shape, canvas.snapped(r)).map { $0.intersection(clip) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return nil }
        guard let under = underColor(parts, below: i, j, placed, canvas) else { return nil }
        let key = Blend(top: color.premultiplied, under: under)
        if let c = blends[key] { return (c, parts) }
        if blends.count > 256 { blends.removeAll(keepingCapacity: true) }
        let c = Canvas.over(key.top, key.under)
        blends[key] = c
        return (c, parts)
    }

    /// The one opaque colour lying under every pixel of `parts` below operation `j` of item `i`:
    /// the topmost operation below that reaches them is an opaque fill covering all of them,
    /// or nothing is there but the opaque background. Nil when unknown.
    private func underColor(_ parts: [PixelRect], below i: Int, _ j: Int, _ placed: [Placed],
                            _ canvas: Canvas) -> PremultipliedColor? {
        let reach = parts.reduce(PixelRect.zero) { $0.union($1) }
        search: for i2 in stride(from: i, through: 0, by: -1) where placedBounds[i2].intersects(reach) {
            let opBounds = placed[i2].opBounds, opaqueClip = placed[i2].opaqueClip, rotated = placed[i2].item.rotation != nil
            let top = i2 == i ? j - 1 : opBounds.count - 1
            guard top >= 0 else { continue }
            for j2 in stride(from: top, through: 0, by: -1) where parts.contains(where: { opBounds[j2].intersects($0) }) {
                let op = placed[i2].item.ops[j2]
                // An outline never touches the inside of its ring.
                if !rotated, case let hole = canvas.untouchedInterior(of: op), parts.allSatisfy({ hole.contains($0) }) {
                    continue
                }
                guard !rotated, case .fill(_, _, let c) = op, c.alpha >= 1 else { return nil }
                let (o1, o2) = canvas.opaqueRects(of: op)
                @inline(__always) func covered(_ part: PixelRect, _ o: PixelRect) -> Bool {
                    (!opaqueClip.0.isEmpty && o.intersection(opaqueClip.0).contains(part))
                        || (!opaqueClip.1.isEmpty && o.intersection(opaqueClip.1).contains(part))
                }
                let covers = parts.allSatisfy { covered($0, o1) || covered($0, o2) }
                return covers ? c.premultiplied : nil
            }
        }
        return background.alpha >= 1 ? background.premultiplied : nil
    }
}
