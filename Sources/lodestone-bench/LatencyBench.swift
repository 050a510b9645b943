// `lodestone bench latency` (issue 8): under a headless sway this bench starts itself (with the
// sway-inject shim), the real showcase window runs with its latency probe on
// (`--latency-probe FILE`, WaylandClient/LatencyProbe.swift); the bench replays LatencyTrace
// through sway's seat and reads back what the client recorded on CLOCK_MONOTONIC:
// - event → commit: from the seat event reaching the client (its listener ran) to the
//   wl_surface.commit of the frame that shows it (p50, p99, max; goal p99 ≤ 1 ms);
// - the client's own part of it: from when the client could draw (the event, or the frame
//   callback it waited for, whichever is later) to the commit, and the CPU time its thread spent
//   from the event to the commit (what a loaded machine does not inflate);
// - late frames per wp_presentation feedback: presented more than one refresh after the commit's
//   target (the first refresh the compositor could have shown it at: the commit itself, or one
//   refresh after the output's previous presentation, whichever is later). Goal: 0 at 60 Hz.
import SwayHarness
import WaylandClient
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

enum LatencyBench {
    static let goalP99Ms = 1.0
    static let refreshHz = 60

    /// The choices behind the figures, printed under the table (and in the README).
    static let definition = """
        event → commit: one sample per seat event the client dispatches (each wl_pointer/gesture event of a \
        frame counts), from the moment its listener runs to the return of the first wl_surface.commit after it \
        (the client draws once per wakeup, after dispatching everything it read, so events read together share \
        that commit; a commit counts whether or not sway later presents or discards it). client_work: the part \
        after the frame callback when the event had to wait for one. late: presented more than one refresh after \
        the first refresh that could have shown the commit. Pixels: means over the replay's commits; damaged = \
        wl_surface.damage_buffer, repainted = damage plus what an older buffer missed. stale_buffer_commits: \
        drawn into a buffer older than the renderer's damage history, its whole frame copied from the newest.
        """

    static func run(quick: Bool) -> BenchOutcome { run(quick: quick, plot: nil) }

    /// With `plot`, also draws the distribution to that PNG file (LatencyPlot).
    static func run(quick: Bool, plot: String?) -> BenchOutcome {
        switch measure(events: quick ? 300 : 2_400) {
        case .success(let record):
            if let plot {
                do { try LatencyPlot.draw(record, note: BenchMachine.note).writePNG(to: plot) } catch {
                    return .unavailable("cannot write the plot: \(error)")
                }
            }
            // The drag section (issue 18): its own sway, beside the drag-source fixture.
            switch LatencyDragBench.figures(quick: quick) {
            case .success(let drag): return .figures(record.figures() + drag)
            case .failure(let why):
                Diagnostics.warning("bench latency: no drag figures: \(why)")
                return .figures(record.figures())
            }
        case .failure(let why): return .unavailable(why.description)
        }
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts sway and the window, replays `events` trace steps, returns the client's record
    /// restricted to the replay.
    static func measure(events: Int) -> Result<LatencyRecord, Failure> {
        let library: String
        switch HeadlessSway.injectLibrary() {
        case .success(let l): library = l
        case .failure(let e): return .failure(Failure(description: e.description))
        }
        let sway: HeadlessSway
        do { sway = try HeadlessSway.start(width: 1920, height: 1080, refreshHz: refreshHz, inject: library) } catch {
            return .failure(Failure(description: "no compositor: \(error)"))
        }
        defer { sway.stop() }
        let recordPath = sway.directory + "/latency.record"
        let app: BenchChild
        do {
            app = try BenchChild([StartupBench.lodestonePath, "--display", sway.socket, "--latency-probe", recordPath])
        } catch { return .failure(Failure(description: "\(error)")) }
        defer { app.stop() }
        guard app.waitForLine(containing: "frame 1 ", timeout: 20) else {
            return .failure(Failure(description: "the playground presented no frame within 20 s"))
        }
        let start: Double
        do {
            let seat = try LineChannel(socket: sway.injectSocket!)
            // Into the window, and let sway's layout and the first frames settle.
            try seat.send("absolute 0.5 0.5")
            app.drain(for: 0.5)
            let steps = LatencyTrace.steps(count: events)
            start = Spawn.now()
            for (i, step) in steps.enumerated() {
                let due = start + Double(i) * LatencyTrace.interval
                while true {
                    let left = due - Spawn.now()
                    if left <= 0 { break }
                    app.drain(for: min(left, 0.002))
                }
                for command in step { try seat.send(command) }
            }
            app.drain(for: 0.3)
        } catch { return .failure(Failure(description: "\(error)")) }
        app.stop()
        guard let text = BenchFiles.readText(recordPath) else {
            return .failure(Failure(description: "the playground wrote no latency record (\(recordPath))"))
        }
        if let keep = getenv("LODESTONE_KEEP_LATENCY_RECORD") { _ = BenchFiles.writeFile(String(cString: keep), text) }
        do { return .success(try LatencyRecord(parsing: text, since: start)) } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }
}

/// What the client recorded (LatencyProbe.text), reduced to the figures.
struct LatencyRecord {
    struct Commit {
        var committed: Double; var frameDone: Double?; var presented: Double?; var refresh: Double?; var discarded: Bool; var cpu: Double?
        /// Pixels damaged and repainted for the commit, the buffer's age and size (nil: an older record).
        var damaged: Int? = nil; var repainted: Int? = nil; var age: Int? = nil; var bufferPixels: Int? = nil
    }
    var commits: [Commit] = []
    /// Event → commit and the client's own part, seconds, for events since the replay began.
    var eventToCommit: [Double] = []
    var clientPart: [Double] = []
    /// CPU time of the client's thread from the event to its commit, seconds.
    var clientCPU: [Double] = []
    /// Events that had to wait for a frame callback.
    var waited = 0
    /// Events never shown by a commit.
    var unshown = 0
    /// Among commits since the replay began: presented, late, discarded; the refresh period.
    var presented = 0
    var late = 0
    var discarded = 0
    var refresh: Double = 0
    /// Sums over the commits of the replay that recorded pixel counts, and how many did.
    var framesWithPixels = 0
    var framesWithRepaint = 0
    var damagedPixels = 0.0
    var repaintedPixels = 0.0
    var bufferPixels = 0.0
    /// Commits repainted whole: a buffer of undefined content (new, resized) or one older than
    /// the renderer remembers damage for (SceneRenderer.maxBufferAge).
    var fullRepaints = 0
    /// Commits drawn into a buffer older than the damage history: its whole frame copied from
    /// the newest buffer (a spare left to age; BufferChain.spareRefreshAge).
    var staleBuffers = 0

    struct ParseError: Error, CustomStringConvertible { var description: String }

    init(parsing text: String, since start: Double) throws(ParseError) {
        var events: [(Double, Int, Double?)] = []
        for (n, raw) in text.split(separator: "\n").enumerated() {
            let f = raw.split(separator: " ")
            func time(_ i: Int) throws(ParseError) -> Double? {
                guard i < f.count else { throw ParseError(description: "latency record line \(n + 1): too few fields") }
                if f[i] == "-" || f[i] == "x" { return nil }
                guard let v = Double(f[i]) else { throw ParseError(description: "latency record line \(n + 1): '\(f[i])' is not a time") }
                return v
            }
            switch f.first {
            case "lodestone-latency": continue
            case "c":
                guard let c = try time(1) else { throw ParseError(description: "latency record line \(n + 1): commit without a time") }
                var commit = Commit(committed: c, frameDone: try time(2), presented: try time(3), refresh: try time(4),
                                    discarded: f.count > 3 && f[3] == "x", cpu: f.count > 5 ? try time(5) : nil)
                if f.count > 9 {
                    commit.damaged = Int(f[6]); commit.repainted = Int(f[7]); commit.age = Int(f[8]); commit.bufferPixels = Int(f[9])
                    guard commit.damaged != nil, commit.age != nil, commit.bufferPixels != nil, f[7] == "-" || commit.repainted != nil else {
                        throw ParseError(description: "latency record line \(n + 1): bad pixel counts")
                    }
                }
                commits.append(commit)
            case "e":
                guard let e = try time(1), f.count > 2, let idx = Int(f[2]) else {
                    throw ParseError(description: "latency record line \(n + 1): bad event")
                }
                events.append((e, idx, f.count > 3 ? try time(3) : nil))
            default: throw ParseError(description: "latency record line \(n + 1): unknown record '\(raw.prefix(20))'")
            }
        }
        for (t, idx, cpu) in events where t >= start {
            guard idx >= 0, idx < commits.count else { unshown += 1; continue }
            let c = commits[idx]
            eventToCommit.append(c.committed - t)
            let ready = max(t, c.frameDone ?? t)
            if ready > t { waited += 1 }
            clientPart.append(c.committed - ready)
            if let cpu, let done = c.cpu { clientCPU.append(done - cpu) }
        }
        // Pixels per frame, over the commits of the replay.
        for c in commits where c.committed >= start {
            guard let d = c.damaged, let b = c.bufferPixels else { continue }
            framesWithPixels += 1
            damagedPixels += Double(d)
            bufferPixels += Double(b)
            if let r = c.repainted { repaintedPixels += Double(r); framesWithRepaint += 1 }
            // A new buffer (age 0), or one older than the renderer's damage history: all repainted.
            if c.age == 0 || (c.repainted ?? 0) >= b { fullRepaints += 1 }
            if let a = c.age, a > SceneRenderer.maxBufferAge { staleBuffers += 1 }
        }
        // Late frames: the output's presentations, in order, give "the previous presentation".
        let shown = commits.compactMap(\.presented).sorted()
        for c in commits where c.committed >= start {
            if c.discarded { discarded += 1; continue }
            guard let p = c.presented, let r = c.refresh, r > 0 else { continue }
            refresh = r
            presented += 1
            // The output's last presentation before this commit.
            var lo = 0, hi = shown.count
            while lo < hi { let m = (lo + hi) / 2; if shown[m] < c.committed { lo = m + 1 } else { hi = m } }
            let previous = lo > 0 ? shown[lo - 1] : nil
            let target = max(c.committed, (previous ?? c.committed) + r)
            if p > target + r { late += 1 }
        }
    }

    static func percentile(_ v: [Double], _ p: Double) -> Double {
        guard !v.isEmpty else { return .nan }
        // Nearest rank.
        let s = v.sorted()
        let rank = Int((Double(s.count) * p).rounded(.up))
        return s[min(s.count - 1, max(0, rank - 1))]
    }

    func figures() -> [BenchFigure] {
        let ms = eventToCommit.map { $0 * 1000 }, own = clientPart.map { $0 * 1000 }
        let period = refresh > 0 ? refresh * 1000 : 1000 / Double(LatencyBench.refreshHz)
        let p99 = Self.percentile(ms, 0.99)
        let goal = "<= \(BenchFigure.text(LatencyBench.goalP99Ms))"
        let ref = "refresh period"
        return [
            BenchFigure(name: "latency.event_to_commit.p50", value: Self.percentile(ms, 0.5), unit: "ms", reference: ref, referenceValue: period),
            BenchFigure(name: "latency.event_to_commit.p99", value: p99, unit: "ms", reference: ref, referenceValue: period,
                        goal: goal, met: p99 <= LatencyBench.goalP99Ms),
            BenchFigure(name: "latency.event_to_commit.max", value: ms.max() ?? .nan, unit: "ms", reference: ref, referenceValue: period),
            BenchFigure(name: "latency.client_work.p50", value: Self.percentile(own, 0.5), unit: "ms", reference: "event_to_commit.p50",
                        referenceValue: Self.percentile(ms, 0.5)),
            BenchFigure(name: "latency.client_work.p99", value: Self.percentile(own, 0.99), unit: "ms", reference: "event_to_commit.p99",
                        referenceValue: p99, goal: goal, met: Self.percentile(own, 0.99) <= LatencyBench.goalP99Ms),
            BenchFigure(name: "latency.client_cpu.p50", value: Self.percentile(clientCPU.map { $0 * 1000 }, 0.5), unit: "ms cpu",
                        reference: "client_work.p50", referenceValue: Self.percentile(own, 0.5)),
            BenchFigure(name: "latency.client_cpu.p99", value: Self.percentile(clientCPU.map { $0 * 1000 }, 0.99), unit: "ms cpu",
                        reference: "client_work.p99", referenceValue: Self.percentile(own, 0.99)),
            BenchFigure(name: "latency.waited_for_frame_callback", value: ms.isEmpty ? .nan : Double(waited) / Double(ms.count) * 100,
                        unit: "% of events"),
            BenchFigure(name: "latency.events", value: Double(ms.count), unit: "events", goal: ">= 2000", met: ms.count >= 2000),
            BenchFigure(name: "latency.late_frames", value: Double(late), unit: "frames", reference: "frames presented",
                        referenceValue: Double(presented), goal: "0 at \(LatencyBench.refreshHz) Hz", met: late == 0 && presented > 0),
            BenchFigure(name: "latency.discarded_frames", value: Double(discarded), unit: "frames", reference: "frames presented",
                        referenceValue: Double(presented)),
        ] + pixelFigures()
    }

    /// Mean pixels per frame: damaged (what wl_surface.damage_buffer said changed) against the
    /// whole buffer, repainted (damage plus what an older buffer missed) against the damage.
    func pixelFigures() -> [BenchFigure] {
        guard framesWithPixels > 0 else { return [] }
        let n = Double(framesWithPixels)
        var out = [
            BenchFigure(name: "latency.damaged_pixels_per_frame", value: (damagedPixels / n).rounded(), unit: "px (mean)",
                        reference: "buffer pixels", referenceValue: (bufferPixels / n).rounded()),
            BenchFigure(name: "latency.full_repaints", value: Double(fullRepaints), unit: "frames", reference: "frames committed",
                        referenceValue: n),
            BenchFigure(name: "latency.stale_buffer_commits", value: Double(staleBuffers), unit: "frames", reference: "frames committed",
                        referenceValue: n),
        ]
        if framesWithRepaint > 0 {
            out.append(BenchFigure(name: "latency.repainted_pixels_per_frame", value: (repaintedPixels / Double(framesWithRepaint)).rounded(),
                                   unit: "px (mean)", reference: "damaged_pixels_per_frame", referenceValue: (damagedPixels / n).rounded()))
        }
        return out
    }
}

/// Where and when figures were measured: date (UTC), cores, load average, build.
enum BenchMachine {
    static var note: String {
        var t = time(nil)
        var tm = tm()
        gmtime_r(&t, &tm)
        var buf = [CChar](repeating: 0, count: 64)
        let n = strftime(&buf, buf.count, "%Y-%m-%d %H:%M UTC", &tm)
        let date = String(decoding: buf.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let load = BenchFiles.readText("/proc/loadavg").map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "?"
        #if DEBUG
        let build = "debug build"
        #else
        let build = "release build"
        #endif
        return "\(date) · \(sysconf(Int32(_SC_NPROCESSORS_ONLN))) cores · load average \(load) · \(build)"
    }
}
