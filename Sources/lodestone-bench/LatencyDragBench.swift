// `lodestone bench latency`, drag section (issue 18, bench; SPEC P1): under a headless sway of
// its own, the showcase window (latency probe and --state-out on) and the dnd-source fixture
// (Tests/Fixtures/dnd-source, built beside the sway-inject shim) side by side, no borders:
// - a 1 MB text dropped from the fixture on the Folder: from the release the bench injects to
//   the first committed frame whose state counts the drop (read, shown, finished), several
//   times (goal: within 50 ms);
// - event → commit while one of our items is dragged about inside the window (the drag
//   interaction, its preview and the drop targets' highlight running; goal p99 ≤ 1 ms).
// The drops come first, so the drag's events are the last ones the record holds.
import Playground
import PointerEngine
import SwayHarness
#if canImport(Glibc)
import Glibc
#endif

enum LatencyDragBench {
    static let goalShownMs = 50.0
    static let dropBytes = 1_000_000
    /// The fixture writes the drop in blocks of this many bytes, as GTK and Qt sources do
    /// (one 45-byte line per write(2) measured the fixture, not the destination).
    static let writeBlock = 64 * 1024
    /// The headless output: wide enough that each window of the pair gets 1200 × 1200 pt, where
    /// the showcase shows its Folder and items (at 960 wide the pair did not fit).
    static let width = 2400, height = 1200

    struct Result {
        var record: LatencyRecord
        /// Release → the frame that shows the drop, ms, one per drop.
        var shownMs: [Double]
        /// The receive request → the data's end in the destination, ms (its `read_us`).
        var readMs: [Double] = []
    }

    /// The figures, or why there are none.
    static func figures(quick: Bool) -> Swift.Result<[BenchFigure], LatencyBench.Failure> {
        measure(dragEvents: quick ? 240 : 1_200, drops: quick ? 2 : 5).map { r in
            let ms = r.record.eventToCommit.map { $0 * 1000 }
            let p99 = LatencyRecord.percentile(ms, 0.99)
            let worst = r.shownMs.max() ?? .nan
            let goal = "<= \(BenchFigure.text(LatencyBench.goalP99Ms))"
            return [
                BenchFigure(name: "latency.drag.event_to_commit.p50", value: LatencyRecord.percentile(ms, 0.5), unit: "ms"),
                BenchFigure(name: "latency.drag.event_to_commit.p99", value: p99, unit: "ms", reference: "event_to_commit.p50 while dragging",
                            referenceValue: LatencyRecord.percentile(ms, 0.5), goal: goal, met: p99 <= LatencyBench.goalP99Ms),
                BenchFigure(name: "latency.drag.event_to_commit.max", value: ms.max() ?? .nan, unit: "ms"),
                BenchFigure(name: "latency.drag.events", value: Double(ms.count), unit: "events"),
                BenchFigure(name: "latency.drop_1mb_shown.median", value: LatencyRecord.percentile(r.shownMs, 0.5), unit: "ms",
                            reference: "drops", referenceValue: Double(r.shownMs.count)),
                BenchFigure(name: "latency.drop_1mb_shown.max", value: worst, unit: "ms", reference: "drops", referenceValue: Double(r.shownMs.count),
                            goal: "<= \(BenchFigure.text(goalShownMs))", met: worst <= goalShownMs),
                BenchFigure(name: "latency.drop_1mb_read.median", value: LatencyRecord.percentile(r.readMs, 0.5), unit: "ms",
                            reference: "drops", referenceValue: Double(r.readMs.count)),
            ]
        }
    }

    /// The newest state line's fields the bench reads, from a file that grows by whole lines.
    final class StateTail {
        let path: String
        private var fd: Int32 = -1
        private var partial: [UInt8] = []
        private(set) var last = ""

        init(path: String) { self.path = path }
        deinit { if fd >= 0 { close(fd) } }

        /// Reads what was appended; true when a new complete line came.
        @discardableResult
        func poll() -> Bool {
            if fd < 0 { fd = open(path, O_RDONLY | O_CLOEXEC) }
            guard fd >= 0 else { return false }
            var buf = [UInt8](repeating: 0, count: 1 << 16)
            var got = false
            while true {
                let n = read(fd, &buf, buf.count)
                guard n > 0 else { break }
                partial += buf[..<n]
                if let nl = partial.lastIndex(of: UInt8(ascii: "\n")) {
                    let lines = partial[..<nl].split(separator: UInt8(ascii: "\n"))
                    if let l = lines.last { last = String(decoding: l, as: UTF8.self); got = true }
                    partial.removeSubrange(...nl)
                }
            }
            return got
        }

        /// The integer after `"key":` in the newest line.
        func int(_ key: String) -> Int? {
            guard let r = last.range(of: "\"\(key)\":") else { return nil }
            return Int(last[r.upperBound...].prefix { $0.isNumber || $0 == "-" })
        }

        /// "size":[W,H] of the newest line.
        var size: (Double, Double)? {
            guard let r = last.range(of: "\"size\":[") else { return nil }
            let parts = last[r.upperBound...].prefix { $0 != "]" }.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
    }

    static func measure(dragEvents: Int, drops: Int) -> Swift.Result<Result, LatencyBench.Failure> {
        func fail(_ s: String) -> Swift.Result<Result, LatencyBench.Failure> { .failure(LatencyBench.Failure(description: s)) }
        let library: String
        switch HeadlessSway.injectLibrary() {
        case .success(let l): library = l
        case .failure(let e): return fail(e.description)
        }
        let fixture = String(library[..<(library.lastIndex(of: "/") ?? library.endIndex)]) + "/dnd-source"
        guard access(fixture, X_OK) == 0 else { return fail("the dnd-source fixture is missing (\(fixture)): run scripts/build-fixtures") }
        let sway: HeadlessSway
        do {
            sway = try HeadlessSway.start(width: width, height: height, refreshHz: LatencyBench.refreshHz, inject: library,
                                          config: ["default_border none", "mouse_warping none"])
        } catch { return fail("no compositor: \(error)") }
        defer { sway.stop() }
        let recordPath = sway.directory + "/latency.record", statePath = sway.directory + "/state.jsonl"
        let app: BenchChild, source: BenchChild
        do {
            app = try BenchChild([StartupBench.lodestonePath, "--display", sway.socket, "--latency-probe", recordPath,
                                  "--state-out", statePath, "--auto-hide", "never"])
        } catch { return fail("\(error)") }
        defer { app.stop() }
        guard app.waitForLine(containing: "frame 1 ", timeout: 20) else { return fail("the playground presented no frame within 20 s") }
        do {
            source = try BenchChild(["/usr/bin/env", "WAYLAND_DISPLAY=\(sway.socket)", fixture, "--bytes", String(dropBytes),
                                     "--write-block", String(writeBlock), "3",
                                     "lodestone drag bench: one line of a 1 MB text\n", "text/plain;charset=utf-8"])
        } catch { return fail("\(error)") }
        defer { source.stop() }
        guard source.waitForLine(containing: "ready", timeout: 10) else { return fail("the dnd-source fixture showed no window within 10 s") }
        // Lodestone tiles to the left half: wait for a frame at that size.
        let state = StateTail(path: statePath)
        let half = (Double(width / 2), Double(height))
        let deadline = Spawn.now() + 10
        while Spawn.now() < deadline, !(state.size.map { $0 == half } ?? false) { app.drain(for: 0.01); state.poll() }
        guard state.size.map({ $0 == half }) ?? false else { return fail("Lodestone never drew at \(half) beside the fixture") }
        let model = PlaygroundSession(size: Size(width: half.0, height: half.1))
        guard let folder = model.engine.surfaceFrame(of: Showcase.ID.dropTargets[0]),
              let item = model.engine.surfaceFrame(of: Showcase.ID.draggables[0]) else { return fail("no Folder or item in the showcase") }
        var shown: [Double] = [], read: [Double] = []
        let dragStart: Double
        do {
            let seat = try LineChannel(socket: sway.injectSocket!)
            func move(_ x: Double, _ y: Double) throws { try seat.send("absolute \(x / Double(width)) \(y / Double(height))") }
            func pause(_ s: Double) { let end = Spawn.now() + s; while Spawn.now() < end { app.drain(for: 0.002); source.drain(for: 0) } }
            // The drops: press in the fixture (its surface sits in the middle of the right
            // half), carry the drag onto the Folder, release, wait for the frame that shows it.
            let from = (Double(width) * 0.75, Double(height) / 2)
            for k in 1...drops {
                let before = state.int("external_drop_count") ?? 0
                try move(from.0, from.1)
                pause(0.05)
                try seat.send("button 272 pressed")
                pause(0.05)
                for i in 1...12 {
                    let t = Double(i) / 12
                    try move(from.0 + (folder.midX - from.0) * t, from.1 + (folder.midY - from.1) * t)
                    pause(0.01)
                }
                try move(folder.midX + 2, folder.midY + 2)
                pause(0.1)
                state.poll()
                let released = Spawn.now()
                try seat.send("button 272 released")
                var at: Double?
                let end = released + 5
                while Spawn.now() < end {
                    if state.poll(), (state.int("external_drop_count") ?? 0) > before { at = Spawn.now(); break }
                    app.drain(for: 0.0005)
                }
                guard let at else { return fail("drop \(k): no frame showed the 1 MB drop within 5 s") }
                guard state.int("bytes") == dropBytes else { return fail("drop \(k): the frame shows \(state.int("bytes") ?? -1) bytes, not \(dropBytes)") }
                shown.append((at - released) * 1000)
                if let us = state.int("read_us") { read.append(Double(us) / 1000) }
                pause(0.2)
            }
            // The drag: press on an item and carry it about inside the window at 125 Hz.
            try move(item.midX, item.midY)
            pause(0.3)
            try seat.send("button 272 pressed")
            pause(0.05)
            dragStart = Spawn.now()
            for i in 0..<dragEvents {
                let due = dragStart + Double(i) * LatencyTrace.interval
                while Spawn.now() < due { app.drain(for: min(0.002, max(0, due - Spawn.now()))) }
                let t = Double(i) * 0.02
                try move(half.0 * (0.5 + 0.35 * sin(t)), half.1 * (0.5 + 0.3 * sin(2 * t + 0.4)))
            }
            try seat.send("button 272 released")
            pause(0.3)
        } catch { return fail("\(error)") }
        app.stop()
        guard let text = BenchFiles.readText(recordPath) else { return fail("the playground wrote no latency record (\(recordPath))") }
        do { return .success(Result(record: try LatencyRecord(parsing: text, since: dragStart), shownMs: shown, readMs: read)) } catch {
            return fail("\(error)")
        }
    }
}
