// `lodestone bench render` (issue 6 §5): pointer-move frames and full repaints at 1920×1080 and
// 3840×2160, each beside the reference measured in the same run: a memcpy of the frame, and the
// same scene drawn by cairo idiomatically and with Lodestone's caching.
//
// The machine this runs on is often shared, so every comparison is interleaved: each round
// times the memcpy, Lodestone and both cairo peers back to back, and ratios are the median of
// the per-round ratios (load that comes and goes slows both sides of one round alike). Every
// subject is warmed up first (caches filled, pages touched); medians and p99s are printed.
import PointerEngine
import PixmanRenderer
import Posix
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum RenderBench {
    /// Monotonic seconds.
    static func now() -> Double { MonotonicClock.seconds() }

    static func median(_ v: [Double]) -> Double { percentile(v, 0.5) }
    static func percentile(_ v: [Double], _ p: Double) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted(); return s[min(s.count - 1, Int(Double(s.count - 1) * p + 0.5))]
    }

    /// Milliseconds one call of `body` takes.
    @inline(__always)
    static func timed(_ body: () -> Void) -> Double {
        let t0 = now(); body(); return (now() - t0) * 1000
    }

    struct Size { var label: String; var scale: Double; var pointerGoal: Double; var cachedCairoGoal: Double }

    static let sizes = [Size(label: "1080p", scale: 1, pointerGoal: 0.05, cachedCairoGoal: 1.5),
                        Size(label: "4K", scale: 2, pointerGoal: 0.1, cachedCairoGoal: 1.25)]

    /// Runs everything; `quick` shortens runs (for tests of the command itself).
    /// `LODESTONE_RENDER_SIZE=1080p` (or 4K) limits the env tools below to one size (a
    /// callgrind run of one size's full repaints: `LODESTONE_RENDER_CPU=20`, 20 frames).
    static func run(quick: Bool = false) -> [BenchFigure] {
        let only = getenv("LODESTONE_RENDER_SIZE").map { String(cString: $0) }
        let tools = sizes.filter { only == nil || $0.label == only }
        if getenv("LODESTONE_RENDER_BREAKDOWN") != nil { tools.forEach { printBreakdown($0) } }
        if let cpu = getenv("LODESTONE_RENDER_CPU") {
            let frames = Int(String(cString: cpu)).flatMap { $0 > 1 ? $0 : nil } ?? 300
            tools.forEach { printCPUTimes($0, frames: frames) }
            return []
        }
        if let moves = getenv("LODESTONE_RENDER_MOVES") {
            let frames = Int(String(cString: moves)).flatMap { $0 > 1 ? $0 : nil } ?? 2000
            tools.forEach { printMoveTimes($0, frames: frames) }
            return []
        }
        return sizes.flatMap { measure($0, quick: quick) }
    }

    /// Pointer-move frames (buffer age 1) in thread CPU time, to stderr:
    /// `LODESTONE_RENDER_MOVES=N lodestone bench render` (N frames; callgrind counts them too).
    static func printMoveTimes(_ size: Size, frames: Int) {
        let (canvas, renderer, first) = fullRepaintSubject(size)
        let scene = RenderBenchScene(scale: size.scale)
        renderer.render(first, into: canvas, bufferAge: 0)
        var times: [Double] = []
        for n in 1...frames {
            let items = scene.items(pointer: RenderBenchScene.pointer(frame: n))
            let t = cpuNow(); renderer.render(items, into: canvas, bufferAge: 1); times.append((cpuNow() - t) * 1000)
        }
        Diagnostics.emit("moves \(size.label): pointer move p50 \(median(times)) p90 \(percentile(times, 0.9)) ms\n")
    }

    /// The benchmark scene's first frame with a renderer and canvas of its own (env tools).
    static func fullRepaintSubject(_ size: Size) -> (Canvas, SceneRenderer, [DisplayItem]) {
        let w = Int(RenderBenchScene.size.width * size.scale), h = Int(RenderBenchScene.size.height * size.scale)
        let cache = RenderCache()
        let canvas = Canvas(width: w, height: h, scale: size.scale, cache: cache)
        let renderer = SceneRenderer(background: RenderBenchScene.background, cache: cache)
        return (canvas, renderer, RenderBenchScene(scale: size.scale).items(pointer: RenderBenchScene.pointer(frame: 0)))
    }

    /// Where a full repaint's time goes, by kind of step (median over frames, to stderr):
    /// `LODESTONE_RENDER_BREAKDOWN=1 lodestone bench render`. Timing each step adds a little.
    static func printBreakdown(_ size: Size) {
        let (canvas, renderer, items) = fullRepaintSubject(size)
        let cache = canvas.cache
        for _ in 0..<3 { renderer.render(items, into: canvas, bufferAge: 0) }
        var perKind: [String: [Double]] = [:], steps: [String: Int] = [:], pixels: [String: Int] = [:]
        var frame: [String: Double] = [:]
        // Thread CPU time (a step preempted by another process would count its wait in wall
        // time), less what reading that clock costs.
        var probe: [Double] = []
        for _ in 0..<200 { let t = cpuNow(); probe.append(cpuNow() - t) }
        let clockCost = median(probe) * 1000
        renderer.stepObserver = { op, box, step in
            let kind = breakdownKind(op)
            let t0 = cpuNow(); step(); let t = max((cpuNow() - t0) * 1000 - clockCost, 0)
            frame[kind, default: 0] += t
            steps[kind, default: 0] += 1; pixels[kind, default: 0] += box.area
        }
        let frames = 60
        var totals: [Double] = []
        for _ in 0..<frames {
            frame = [:]
            let t0 = cpuNow(); renderer.render(items, into: canvas, bufferAge: 0); totals.append((cpuNow() - t0) * 1000)
            for (k, v) in frame { perKind[k, default: []].append(v) }
        }
        renderer.stepObserver = nil
        Diagnostics.emit("breakdown \(size.label) (thread CPU): frame median \(median(totals)) ms, clock read \(clockCost) ms, "
                         + "cache \(cache.byteCount >> 10) KiB of \(cache.byteLimit >> 10) KiB\n")
        for (k, v) in perKind.sorted(by: { median($0.value) > median($1.value) }) {
            Diagnostics.emit("  \(k): \(median(v)) ms, \(steps[k]! / frames) steps, \(pixels[k]! / frames) px\n")
        }
    }

    /// Thread CPU seconds (time this thread ran: less disturbed by other processes than wall
    /// time on a shared machine, though caches and memory bandwidth are still shared).
    static func cpuNow() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Full repaints against memcpy in thread CPU time, interleaved, to stderr:
    /// `LODESTONE_RENDER_CPU=1 lodestone bench render` (compares builds on a loaded machine; a
    /// count above 1 is the number of frames, 300 otherwise).
    static func printCPUTimes(_ size: Size, frames: Int) {
        let (canvas, renderer, items) = fullRepaintSubject(size)
        let bytes = canvas.height * canvas.stride
        let src = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let dst = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { src.deallocate(); dst.deallocate() }
        memset(src, 0x5A, bytes); memset(dst, 0, bytes)
        for _ in 0..<3 { renderer.render(items, into: canvas, bufferAge: 0); memcpy(dst, src, bytes) }
        var copy: [Double] = [], full: [Double] = []
        for _ in 0..<frames {
            var t = cpuNow(); memcpy(dst, src, bytes); copy.append((cpuNow() - t) * 1000)
            t = cpuNow(); renderer.render(items, into: canvas, bufferAge: 0); full.append((cpuNow() - t) * 1000)
        }
        func r(_ v: Double) -> String { String(Double(Int(v * 1000)) / 1000) }
        let c = median(copy), f = median(full), cl = percentile(copy, 0.1), fl = percentile(full, 0.1)
        Diagnostics.emit("cpu \(size.label): full repaint p50 \(r(f)) p10 \(r(fl)) ms, memcpy p50 \(r(c)) p10 \(r(cl)) ms, ratio p50 \(r(f / c)) p10 \(r(fl / cl))\n")
    }

    static func breakdownKind(_ op: DrawOp?) -> String {
        guard let op else { return "background" }
        switch op {
        case .fill(let s, let r, let c):
            if r == .zero { return c.alpha == 0 ? "pre-blended copy" : "flattened fill" }
            let shape: String
            switch s {
            case .rect: shape = "rect"; case .roundedRect: shape = "rounded"; case .capsule: shape = "capsule"
            case .ellipse: shape = "ellipse"; case .path: shape = "path"
            }
            return "fill \(shape) \(c.alpha >= 1 ? "opaque" : "translucent")"
        case .gradient: return "gradient"
        case .stroke: return "stroke"
        case .shadow: return "shadow"
        case .spotlight: return "spotlight"
        case .text: return "text"
        }
    }

    /// Timings of one subject across the interleaved rounds.
    struct Samples {
        var times: [Double] = []
        var median: Double { RenderBench.median(times) }
        var p99: Double { RenderBench.percentile(times, 0.99) }
    }

    static func measure(_ size: Size, quick: Bool) -> [BenchFigure] {
        let scale = size.scale
        let w = Int(RenderBenchScene.size.width * scale), h = Int(RenderBenchScene.size.height * scale)
        let scene = RenderBenchScene(scale: scale)
        let rounds = quick ? 2 : 40
        let fastPerRound = quick ? 1 : 4          // memcpy / Lodestone repaints per round
        let moveFrames = quick ? 40 : 2000

        // Reference: a plain copy of one frame into a frame-sized buffer.
        let bytes = w * h * 4
        let src = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let dst = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { src.deallocate(); dst.deallocate() }
        memset(src, 0x5A, bytes); memset(dst, 0, bytes)

        // Lodestone: the damage-tracked renderer; a full repaint is a buffer of unknown age.
        let cache = RenderCache()
        let canvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        let renderer = SceneRenderer(background: RenderBenchScene.background, cache: cache)
        let first = scene.items(pointer: RenderBenchScene.pointer(frame: 0))

        // cairo, the same display list into the same kind of buffer, with its own caches.
        let placedFirst = first.map { ($0, canvas.bounds(of: $0)) }
        let idiomCanvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        let cachedCanvas = Canvas(width: w, height: h, scale: scale, cache: cache)
        let idiom = CairoPeer(mode: .idiomatic, canvas: idiomCanvas)
        let cachedPeer = CairoPeer(mode: .cached, canvas: cachedCanvas)
        let everything = [canvas.pixelBounds]

        // Warm-up: fill every cache, touch every page.
        for _ in 0..<(quick ? 1 : 3) {
            memcpy(dst, src, bytes)
            renderer.render(first, into: canvas, bufferAge: 0)
            idiom.render(placedFirst, background: RenderBenchScene.background, rects: everything)
            cachedPeer.render(placedFirst, background: RenderBenchScene.background, rects: everything)
        }

        var copy = Samples(), full = Samples(), cairoCached = Samples(), cairoIdiom = Samples()
        var fullPerCopy: [Double] = [], cachedPerFull: [Double] = [], idiomPerFull: [Double] = []
        for round in 0..<rounds {
            var roundCopy: [Double] = [], roundFull: [Double] = []
            for _ in 0..<fastPerRound {
                roundCopy.append(timed { memcpy(dst, src, bytes) })
                roundFull.append(timed { renderer.render(first, into: canvas, bufferAge: 0) })
            }
            copy.times += roundCopy; full.times += roundFull
            let c = timed { cachedPeer.render(placedFirst, background: RenderBenchScene.background, rects: everything) }
            cairoCached.times.append(c)
            let f = median(roundFull)
            fullPerCopy.append(f / median(roundCopy))
            cachedPerFull.append(c / f)
            // The idiomatic peer is slow: every other round is plenty.
            if round % 2 == 0 {
                let i = timed { idiom.render(placedFirst, background: RenderBenchScene.background, rects: everything) }
                cairoIdiom.times.append(i)
                idiomPerFull.append(i / f)
            }
        }

        // Pointer-only frames: Lodestone with damage and buffer age 1, then both cairo peers
        // repainting exactly the rectangles Lodestone repainted.
        var moves = Samples()
        var damages: [[PixelRect]] = []
        moves.times.reserveCapacity(moveFrames)
        for n in 1...moveFrames {
            let p = RenderBenchScene.pointer(frame: n)
            var rects: [PixelRect] = []
            // The frame's cost includes building its display list.
            moves.times.append(timed { rects = renderer.render(scene.items(pointer: p), into: canvas, bufferAge: 1) })
            damages.append(rects)
        }
        let repainted = damages.map { $0.reduce(0) { $0 + $1.area } }
        let meanPixels = Double(repainted.reduce(0, +)) / Double(max(repainted.count, 1))
        let staticPlaced = Array(placedFirst.dropLast())
        var cairoMoves: [CairoPeer.Mode: Samples] = [:]
        for (peer, peerCanvas) in [(idiom, idiomCanvas), (cachedPeer, cachedCanvas)] {
            var s = Samples()
            for n in 1...min(moveFrames, quick ? 40 : 600) {
                let p = RenderBenchScene.pointer(frame: n)
                s.times.append(timed {
                    let pointer = DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: p))
                    peer.render(staticPlaced + [(pointer, peerCanvas.bounds(of: pointer))], background: RenderBenchScene.background,
                                rects: damages[n - 1])
                })
            }
            cairoMoves[peer.mode] = s
        }
        let idiomMove = cairoMoves[.idiomatic]!, cachedMove = cairoMoves[.cached]!

        let l = size.label
        let lodestone = "lodestone median"
        let cachedGoal = size.cachedCairoGoal
        func fig(_ name: String, _ v: Double, _ unit: String, ref: String? = nil, refValue: Double? = nil,
                 goal: String? = nil, met: Bool? = nil) -> BenchFigure {
            BenchFigure(name: name, value: v, unit: unit, reference: ref, referenceValue: refValue, goal: goal, met: met,
                        referenceUnit: unit == "×" ? "ms" : nil)
        }
        let ratio = median(fullPerCopy), cachedRatio = median(cachedPerFull), idiomRatio = median(idiomPerFull)
        return [
            fig("render.\(l).memcpy.median", copy.median, "ms", ref: "memcpy p99", refValue: copy.p99),
            fig("render.\(l).full_repaint", full.median, "ms", ref: "memcpy median", refValue: copy.median,
                goal: "≤ 2× memcpy (stretch 1.5×)", met: ratio <= 2),
            fig("render.\(l).full_repaint.p99", full.p99, "ms", ref: "memcpy p99", refValue: copy.p99),
            fig("render.\(l).full_repaint.per_memcpy", ratio, "×", ref: "memcpy median", refValue: copy.median,
                goal: "≤ 2 (stretch 1.5)", met: ratio <= 2),
            fig("render.\(l).full_repaint.cairo_cached", cairoCached.median, "ms", ref: lodestone, refValue: full.median,
                goal: "lodestone ≥ \(cachedGoal)× faster", met: cachedRatio >= cachedGoal),
            fig("render.\(l).full_repaint.cairo_cached.p99", cairoCached.p99, "ms", ref: "lodestone p99", refValue: full.p99),
            fig("render.\(l).full_repaint.speedup_vs_cairo_cached", cachedRatio, "×", ref: "cairo cached median", refValue: cairoCached.median,
                goal: "≥ \(cachedGoal)", met: cachedRatio >= cachedGoal),
            fig("render.\(l).full_repaint.cairo_idiomatic", cairoIdiom.median, "ms", ref: lodestone, refValue: full.median,
                goal: "lodestone ≥ 2× faster", met: idiomRatio >= 2),
            fig("render.\(l).full_repaint.cairo_idiomatic.p99", cairoIdiom.p99, "ms", ref: "lodestone p99", refValue: full.p99),
            fig("render.\(l).full_repaint.speedup_vs_cairo_idiomatic", idiomRatio, "×", ref: "cairo idiomatic median", refValue: cairoIdiom.median,
                goal: "≥ 2", met: idiomRatio >= 2),
            fig("render.\(l).pointer_move.median", moves.median, "ms", ref: "memcpy median", refValue: copy.median,
                goal: "≤ \(size.pointerGoal) ms", met: moves.median <= size.pointerGoal),
            fig("render.\(l).pointer_move.p99", moves.p99, "ms", ref: "memcpy p99", refValue: copy.p99, goal: "≤ 0.25 ms", met: moves.p99 <= 0.25),
            fig("render.\(l).pointer_move.pixels", meanPixels, "px/frame", ref: "frame pixels", refValue: Double(w * h)),
            fig("render.\(l).pointer_move.cairo_cached.median", cachedMove.median, "ms", ref: lodestone, refValue: moves.median,
                goal: "lodestone ≥ \(cachedGoal)× faster", met: cachedMove.median >= cachedGoal * moves.median),
            fig("render.\(l).pointer_move.cairo_idiomatic.median", idiomMove.median, "ms", ref: lodestone, refValue: moves.median,
                goal: "lodestone ≥ 2× faster", met: idiomMove.median >= 2 * moves.median),
        ]
    }
}
