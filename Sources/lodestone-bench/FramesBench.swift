// `lodestone bench frames` (issue 8): the latency bench's input, without a compositor. The
// steps of LatencyTrace become the seat events sway would deliver (motion + frame, finger axis +
// frame, pinch and swipe steps) and go straight into a showcase PlaygroundSession; after each
// step the session draws into one of two buffers in turn, as under sway (buffer age 2, what the
// other buffer drew copied forward), each wrapped in new canvases per commit as the window does.
// Each commit's work is timed in this thread's CPU time, so the figures barely move on a loaded
// machine, and split into its phases:
// - events: PlaygroundSession.handle for the step's events;
// - compose: the frame composed into the retained scene (PlaygroundSession.compose(on:));
// - render: SceneRenderer.render into the buffer (damage, copy-forward, painting).
// It measures only the client's own work per commit — what `latency.client_cpu` charges to the
// client — so a change to that work shows here first; `bench latency` stays the judge.
// Commits are paced like the trace (one per 8 ms step, the thread sleeping in between, as the
// window does): a thread that slept finds its caches cold, which costs about twice the CPU of
// commits drawn back to back (measured: p50 0.18 → 0.35 ms at load 5). The back-to-back figures
// (`frames.hot.*`) show the work alone. `LODESTONE_FRAMES_PACE_MS` changes the pacing.
// Animations follow a 60 Hz display's frames as in the window (AnimationClock.frames): a commit
// made while the previous one's frame callback is outstanding leaves them as they were, and
// while something animates, the frame callback at each refresh draws a frame of its own (not
// counted: no event waits for it), at its place between the steps.
// To see where the slow commits spend their time, `LODESTONE_FRAMES_TIMES=FILE` writes one line
// per paced commit — index, CLOCK_MONOTONIC start and end (s), events/compose/render CPU (s) —
// to match against `perf record -k CLOCK_MONOTONIC` samples; `LODESTONE_FRAMES_PNG=N:FILE`
// saves the buffer of paced commit N (as numbered in the slowest list) as a PNG.
import InputProtocol
import PointerEngine
import PixmanRenderer
import Playground
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum FramesBench {
    /// The window the latency bench's sway gives the showcase on its 1920×1080 output: inside
    /// a 2 px border and a 25 px title bar (its latency record's buffers are 1916×1053), and
    /// where that window's surface lies on the output (the trace's positions are the output's).
    static let width = 1916, height = 1053
    static let output = (width: 1920.0, height: 1080.0), origin = (x: 2.0, y: 25.0)
    /// What one commit may cost for the latency goal (p99 event → commit ≤ 1 ms) to hold.
    static let goalMs = LatencyBench.goalP99Ms
    /// The display's refresh period (60 Hz, as the latency bench's sway output), µs.
    static let refreshPeriod: UInt64 = 16_667

    static func run(quick: Bool) -> BenchOutcome {
        MemoryPolicy.keepFreedMemory() // as the window does
        let steps = quick ? 300 : 2_400
        let hot = measure(steps: steps, pace: 0).total.sorted()
        let pace = getenv("LODESTONE_FRAMES_PACE_MS").flatMap { Double(String(cString: $0)) } ?? LatencyTrace.interval * 1e3
        let r = measure(steps: steps, pace: pace / 1e3)
        let n = "frames"
        func ms(_ v: Double) -> Double { v * 1e3 }
        let p = RenderBench.percentile
        let total = r.total.sorted(), events = r.events.sorted(), compose = r.compose.sorted(), render = r.render.sorted()
        let p99 = ms(p(total, 0.99))
        // `LODESTONE_FRAMES_SLOWEST=N`: the N slowest commits, to stderr (what to work on).
        if let v = getenv("LODESTONE_FRAMES_SLOWEST"), let count = Int(String(cString: v)) {
            for i in r.total.indices.sorted(by: { r.total[$0] > r.total[$1] }).prefix(count) {
                Diagnostics.emit("commit \(i): \(ms(r.total[i])) ms cpu (events \(ms(r.events[i])), compose \(ms(r.compose[i])), "
                                 + "render \(ms(r.render[i]))), repainted \(r.pixels[i]) px, first event \(r.what[i])\n")
            }
        }
        return .figures([
            BenchFigure(name: "\(n).commit_cpu.p50", value: ms(p(total, 0.5)), unit: "ms cpu"),
            BenchFigure(name: "\(n).commit_cpu.p90", value: ms(p(total, 0.9)), unit: "ms cpu"),
            BenchFigure(name: "\(n).commit_cpu.p99", value: p99, unit: "ms cpu", goal: "<= 1",
                        met: p99 <= goalMs),
            BenchFigure(name: "\(n).commit_cpu.max", value: ms(total.last ?? 0), unit: "ms cpu"),
            BenchFigure(name: "\(n).events_cpu.p50", value: ms(p(events, 0.5)), unit: "ms cpu"),
            BenchFigure(name: "\(n).events_cpu.p99", value: ms(p(events, 0.99)), unit: "ms cpu"),
            BenchFigure(name: "\(n).compose_cpu.p50", value: ms(p(compose, 0.5)), unit: "ms cpu"),
            BenchFigure(name: "\(n).compose_cpu.p99", value: ms(p(compose, 0.99)), unit: "ms cpu"),
            BenchFigure(name: "\(n).render_cpu.p50", value: ms(p(render, 0.5)), unit: "ms cpu"),
            BenchFigure(name: "\(n).render_cpu.p99", value: ms(p(render, 0.99)), unit: "ms cpu"),
            BenchFigure(name: "\(n).hot.commit_cpu.p50", value: ms(p(hot, 0.5)), unit: "ms cpu",
                        reference: "paced p50", referenceValue: ms(p(total, 0.5))),
            BenchFigure(name: "\(n).hot.commit_cpu.p99", value: ms(p(hot, 0.99)), unit: "ms cpu",
                        reference: "paced p99", referenceValue: p99),
            BenchFigure(name: "\(n).commits", value: Double(total.count), unit: "commits"),
            BenchFigure(name: "\(n).repainted_pixels_per_commit", value: r.repainted / Double(max(1, total.count)),
                        unit: "px (mean)", reference: "buffer pixels", referenceValue: Double(width * height)),
            BenchFigure(name: "\(n).page_faults_per_commit", value: Double(r.pageFaults) / Double(max(1, total.count)),
                        unit: "faults (mean)"),
            BenchFigure(name: "\(n).copied_pixels_per_commit", value: r.copied / Double(max(1, total.count)),
                        unit: "px (mean)", reference: "repainted", referenceValue: r.repainted / Double(max(1, total.count))),
        ])
    }

    struct Samples {
        var events: [Double] = [], compose: [Double] = [], render: [Double] = [], total: [Double] = []
        var repainted = 0.0, copied = 0.0
        /// Minor page faults inside the measured commits (fresh heap pages zeroed by the kernel).
        var pageFaults = 0
        /// Per commit: the step's first command and the pixels repainted (for the slowest list).
        var what: [String] = [], pixels: [Int] = []
    }

    /// Replays `steps` trace steps, sleeping until `pace` seconds after the previous step began
    /// (0: none); the first commits (new buffers, first layout) are not counted.
    static func measure(steps count: Int, pace: Double) -> Samples {
        let start = Timestamp(rawValue: 1_000_000)
        // Laid out for the buffer's size, as the window lays the showcase out for the size sway
        // gives it (issue 17.1): at its 1440×900 default the trace's pinches and scrolls met
        // other elements than in `bench latency`, and this bench missed what they cost there.
        let session = PlaygroundSession(size: Size(Double(width), Double(height)), now: start)
        session.animationClock = .frames
        let cache = RenderCache()
        // Two buffers' pixels; like the window, each commit wraps them in new canvases.
        let stride = width * 4
        let memory = [UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64),
                      UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 64)]
        defer { memory.forEach { $0.deallocate() } }
        func wrap(_ i: Int) -> Canvas { Canvas(pixels: memory[i], width: width, height: height, stride: stride, cache: cache)! }
        var drawn = 0
        /// Commits made for a step's events (the first `warmup` are not sampled).
        var inputCommits = 0
        // Describing events costs memory traffic that would cool the caches measured: only when asked.
        let listSlowest = getenv("LODESTONE_FRAMES_SLOWEST") != nil
        var samples = Samples()
        let warmup = 4
        // Kept as numbers during the run (no formatting between commits) and written at the end.
        let timesFile = pace > 0 ? getenv("LODESTONE_FRAMES_TIMES").map { String(cString: $0) } : nil
        var times: [(start: Double, end: Double, events: Double, compose: Double, render: Double)] = []
        if timesFile != nil { times.reserveCapacity(count + 8) }
        defer {
            if let timesFile {
                let text = times.enumerated().map { "\($0.offset - warmup) \($0.element.start) \($0.element.end) "
                                                    + "\($0.element.events) \($0.element.compose) \($0.element.render)\n" }.joined()
                do { try text.write(toFile: timesFile, atomically: true, encoding: .utf8) } catch {
                    Diagnostics.emit("lodestone: bench frames: cannot write LODESTONE_FRAMES_TIMES file \(timesFile): \(error)\n")
                }
            }
        }
        let png = pace > 0 ? getenv("LODESTONE_FRAMES_PNG").flatMap { v -> (Int, String)? in
            let text = String(cString: v)
            let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, let n = Int(parts[0]), n >= 0, !parts[1].isEmpty else {
                Diagnostics.emit("lodestone: bench frames: LODESTONE_FRAMES_PNG=\(text) is not N:FILE (a commit number, a PNG path): ignored\n")
                return nil
            }
            return (n, parts[1])
        } : nil
        let interval = UInt64(LatencyTrace.interval * 1e6)
        // `LODESTONE_FRAMES_EVICT_KB=N`: write over N KiB before each paced commit, for caches
        // made cold the same way every time (a steadier comparison than sleeping on a busy
        // machine; with LODESTONE_FRAMES_PACE_MS=0.01 no sleep at all). Measured: 2 MiB (this
        // machine's L2) makes commits barely slower than back to back, 16 MiB about halfway to
        // paced — what a sleeping thread loses is mostly the shared L3.
        var evict = pace <= 0 ? nil : getenv("LODESTONE_FRAMES_EVICT_KB").flatMap { v -> [UInt8]? in
            let text = String(cString: v)
            guard let kb = Int(text), kb > 0, kb <= 1 << 20 else {
                Diagnostics.emit("lodestone: bench frames: LODESTONE_FRAMES_EVICT_KB=\(text) is not a size in KiB from 1 to 1048576: ignored\n")
                return nil
            }
            return [UInt8](repeating: 0, count: kb * 1024)
        }
        func faults() -> Int {
            var u = rusage()
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &u)
            return u.ru_minflt
        }
        // The refresh at which the outstanding frame callback arrives (nil: none outstanding).
        var callback: Timestamp?
        func refresh(after t: Timestamp) -> Timestamp {
            Timestamp(rawValue: (t.rawValue / refreshPeriod + 1) * refreshPeriod)
        }
        func commit(_ events: [InputEvent], at t: Timestamp, counted: Bool = true) {
            let w0 = timesFile == nil ? 0 : RenderBench.now()
            let f0 = faults()
            let c0 = EngineBench.cpuNow()
            for e in events { session.handle(e) }
            if callback == nil {
                session.advance(to: t)
                callback = refresh(after: t)
            }
            let c1 = EngineBench.cpuNow()
            let canvas = wrap(drawn % 2)
            session.compose(on: canvas)
            let c2 = EngineBench.cpuNow()
            let age = drawn < 2 ? 0 : 2
            // As the window draws (PlaygroundSession.render): the retained scene, by its marks.
            let repainted = session.renderer.render(session.composer.scene, into: canvas, bufferAge: age,
                                                    previous: drawn == 0 ? nil : wrap((drawn + 1) % 2))
            let c3 = EngineBench.cpuNow()
            drawn += 1
            guard counted else { return }
            if timesFile != nil { times.append((w0, RenderBench.now(), c1 - c0, c2 - c1, c3 - c2)) }
            if let (n, file) = png, inputCommits - warmup == n {
                do { try canvas.writePNG(to: file) } catch { Diagnostics.emit("lodestone: bench frames: cannot write \(file): \(error)\n") }
            }
            inputCommits += 1
            guard inputCommits > warmup else { return }
            samples.events.append(c1 - c0); samples.compose.append(c2 - c1); samples.render.append(c3 - c2)
            samples.total.append(c3 - c0)
            samples.pageFaults += faults() - f0
            let px = repainted.reduce(0) { $0 + $1.area }
            samples.repainted += Double(px)
            samples.copied += Double(session.renderer.lastCopied.reduce(0) { $0 + $1.area })
            samples.pixels.append(px)
            if listSlowest { samples.what.append(events.isEmpty ? "(none)" : "\(events[0].kind)".prefix(60).description) }
        }
        let pointer = DeviceID(1)
        commit([InputEvent(time: start, device: pointer, .deviceAdded(name: "seat0 pointer", capabilities: [.pointer, .gesture])),
                InputEvent(time: start, device: pointer, .pointerEnter(position: InputPoint(x: Double(width) / 2, y: Double(height) / 2))),
                InputEvent(time: start, device: pointer, .frame)], at: start)
        var last = InputPoint(x: Double(width) / 2, y: Double(height) / 2)
        var stepBegan = Spawn.now()
        for (i, step) in LatencyTrace.steps(count: count).enumerated() {
            let t = Timestamp(rawValue: start.rawValue + UInt64(i + 1) * interval)
            var events: [InputEvent] = []
            func add(_ k: InputEventKind) { events.append(InputEvent(time: t, device: pointer, k)) }
            for line in step {
                let f = line.split(separator: " ").map(String.init)
                let num = { (k: Int) in k < f.count ? Double(f[k]) ?? 0 : 0 }
                switch f.first {
                case "absolute":
                    let p = InputPoint(x: num(1) * output.width - origin.x, y: num(2) * output.height - origin.y)
                    let d = InputVector(dx: p.x - last.x, dy: p.y - last.y)
                    add(.motion(position: p, delta: d, unaccelerated: d)); add(.frame)
                    last = p
                case "axis":
                    add(.scroll(source: .finger, axis: .vertical, value: num(3), value120: nil, stop: num(3) == 0))
                case "frame": add(.frame)
                case "pinch-begin": add(.gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)))
                case "pinch-update":
                    add(.gesture(GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: num(2), dy: num(3)),
                                              scale: num(4), rotation: num(5))))
                case "pinch-end": add(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)))
                case "swipe-begin": add(.gesture(GestureEvent(kind: .swipe, phase: .begin, fingers: 3)))
                case "swipe-update":
                    add(.gesture(GestureEvent(kind: .swipe, phase: .update, fingers: 3, delta: InputVector(dx: num(2), dy: num(3)))))
                case "swipe-end": add(.gesture(GestureEvent(kind: .swipe, phase: .end, fingers: 3)))
                default: break
                }
            }
            // The frame callback of a refresh before this step: a frame of its own while
            // something animates, drawn at its place in the sleep before the step.
            if let due = callback, due <= t {
                callback = nil
                if session.isAnimating {
                    let wait = stepBegan + pace * Double(due.rawValue - (t.rawValue - interval)) / Double(interval) - Spawn.now()
                    if wait > 0 { usleep(UInt32(wait * 1e6)) }
                    commit([], at: due, counted: false)
                }
            }
            let left = stepBegan + pace - Spawn.now()
            if left > 0 { usleep(UInt32(left * 1e6)) }
            if evict != nil { evict!.withUnsafeMutableBytes { b in for k in Swift.stride(from: 0, to: b.count, by: 64) { b[k] &+= 1 } } }
            stepBegan = Spawn.now()
            commit(events, at: t)
        }
        return samples
    }
}
