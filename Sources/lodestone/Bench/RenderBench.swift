// `lodestone bench render` (issue 6 §5): pointer-move frames and full repaints at 1920×1080 and
// 3840×2160, each beside the reference measured in the same run (a memcpy of the frame), and
// the same scene drawn by cairo idiomatically and with Lodestone's caching.
import PointerEngine
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif


enum RenderBench {
    /// Monotonic seconds.
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    static func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }
    static func percentile(_ v: [Double], _ p: Double) -> Double {
        let s = v.sorted(); return s[min(s.count - 1, Int(Double(s.count - 1) * p + 0.5))]
    }

    /// Median time of `body` over `runs` runs, in milliseconds.
    static func time(runs: Int, _ body: () -> Void) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(runs)
        for _ in 0..<runs {
            let t0 = now(); body(); out.append((now() - t0) * 1000)
        }
        return out
    }

    struct Size { var label: String; var scale: Double; var pointerGoal: Double }

    static let sizes = [Size(label: "1080p", scale: 1, pointerGoal: 0.05), Size(label: "4K", scale: 2, pointerGoal: 0.1)]

    /// Runs everything; `quick` shortens runs (for tests of the command itself).
    static func run(quick: Bool = false) -> [BenchFigure] {
        var figures: [BenchFigure] = []
        for size in sizes {
            figures += measure(size, quick: quick)
        }
        return figures
    }

    static func measure(_ size: Size, quick: Bool) -> [BenchFigure] {
        let scale = size.scale
        let w = Int(RenderBenchScene.size.width * scale), h = Int(RenderBenchScene.size.height * scale)
        let scene = RenderBenchScene(scale: scale)
        let fullRuns = quick ? 3 : 30, moveFrames = quick ? 50 : 2000

        // Reference: a plain copy of one frame.
        let bytes = w * h * 4
        let src = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let dst = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { src.deallocate(); dst.deallocate() }
        memset(src, 0x5A, bytes); memset(dst, 0, bytes)
        let memcpyMs = median(time(runs: fullRuns * 2) { memcpy(dst, src, bytes) })

        // Lodestone: full repaint (warm caches), then pointer-only frames with damage.
        let cache = RenderCache()
        let canvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        let renderer = SceneRenderer(background: RenderBenchScene.background, cache: cache)
        let first = scene.items(pointer: RenderBenchScene.pointer(frame: 0))
        renderer.render(first, into: canvas, bufferAge: 0)
        let full = median(time(runs: fullRuns) { renderer.render(first, into: canvas, bufferAge: 0) })

        var moveTimes: [Double] = []
        var damages: [[PixelRect]] = []
        moveTimes.reserveCapacity(moveFrames)
        for n in 1...moveFrames {
            let p = RenderBenchScene.pointer(frame: n)
            let t0 = now()
            // The frame's cost includes building its display list.
            let items = scene.items(pointer: p)
            let rects = renderer.render(items, into: canvas, bufferAge: 1)
            moveTimes.append((now() - t0) * 1000)
            damages.append(rects)
        }
        let moveMedian = median(moveTimes), moveP99 = percentile(moveTimes, 0.99)
        let repainted = damages.map { $0.reduce(0) { $0 + $1.area } }
        let meanPixels = Double(repainted.reduce(0, +)) / Double(max(repainted.count, 1))

        // cairo, same scene, same damage rectangles, into the same kind of buffer.
        let placedFirst = first.map { ($0, canvas.bounds(of: $0)) }
        var cairo: [(CairoPeer.Mode, full: Double, move: Double)] = []
        for mode in [CairoPeer.Mode.idiomatic, .cached] {
            let cc = Canvas(width: w, height: h, scale: scale, cache: cache)
            let peer = CairoPeer(mode: mode, canvas: cc)
            let all = [cc.pixelBounds]
            peer.render(placedFirst, background: RenderBenchScene.background, rects: all)
            let cFull = median(time(runs: max(fullRuns / 3, 3)) { peer.render(placedFirst, background: RenderBenchScene.background, rects: all) })
            var cMove: [Double] = []
            let staticPlaced = placedFirst.dropLast()
            for n in 1...min(moveFrames, quick ? 50 : 500) {
                let p = RenderBenchScene.pointer(frame: n)
                let t0 = now()
                let pointerItem = DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: p))
                let items = Array(staticPlaced) + [(pointerItem, cc.bounds(of: pointerItem))]
                peer.render(items, background: RenderBenchScene.background, rects: damages[n - 1])
                cMove.append((now() - t0) * 1000)
            }
            cairo.append((mode, cFull, median(cMove)))
        }

        let l = size.label
        func fig(_ name: String, _ v: Double, _ unit: String, ref: String? = nil, refValue: Double? = nil, goal: String? = nil, met: Bool? = nil) -> BenchFigure {
            BenchFigure(name: name, value: v, unit: unit, reference: ref, referenceValue: refValue, goal: goal, met: met)
        }
        let idiom = cairo[0], cached = cairo[1]
        let cachedGoal = size.scale == 1 ? 1.5 : 1.25
        return [
            fig("render.\(l).pointer_move.median", moveMedian, "ms", ref: "memcpy of the frame", refValue: memcpyMs,
                goal: "≤ \(size.pointerGoal) ms", met: moveMedian <= size.pointerGoal),
            fig("render.\(l).pointer_move.p99", moveP99, "ms", ref: "memcpy of the frame", refValue: memcpyMs, goal: "≤ 0.25 ms", met: moveP99 <= 0.25),
            fig("render.\(l).pointer_move.pixels", meanPixels, "px/frame", ref: "frame pixels", refValue: Double(w * h)),
            fig("render.\(l).full_repaint", full, "ms", ref: "memcpy of the frame", refValue: memcpyMs,
                goal: "≤ 2× memcpy", met: full <= 2 * memcpyMs),
            fig("render.\(l).full_repaint.cairo_idiomatic", idiom.full, "ms", ref: "lodestone", refValue: full,
                goal: "lodestone ≥ 2× faster", met: idiom.full >= 2 * full),
            fig("render.\(l).full_repaint.cairo_cached", cached.full, "ms", ref: "lodestone", refValue: full,
                goal: "lodestone ≥ \(cachedGoal)× faster", met: cached.full >= cachedGoal * full),
            fig("render.\(l).pointer_move.cairo_idiomatic.median", idiom.move, "ms", ref: "lodestone", refValue: moveMedian,
                goal: "lodestone ≥ 2× faster", met: idiom.move >= 2 * moveMedian),
            fig("render.\(l).pointer_move.cairo_cached.median", cached.move, "ms", ref: "lodestone", refValue: moveMedian,
                goal: "lodestone ≥ \(cachedGoal)× faster", met: cached.move >= cachedGoal * moveMedian),
        ]
    }
}
