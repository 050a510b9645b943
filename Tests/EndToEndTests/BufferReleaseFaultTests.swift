// Issue 8 "Faults under a real compositor": a compositor that releases buffers late or never.
// The sway-inject shim holds back, delays or drops sway's wl_buffer.release events; the client
// must keep within its cap (BufferChain.maximumBuffers = 4) or skip frames, never draw into a
// buffer the compositor holds, and draw again as soon as releases come back.
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

/// The `frame N …` lines a `--report-frames` client printed so far: the newest frame number.
func lastPresentedFrame(_ app: ChildProcess) -> Int {
    app.stdoutLines.last { $0.hasPrefix("frame ") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
}

/// Waits until the client has presented frame `n` (or later).
func waitForFrame(_ app: ChildProcess, atLeast n: Int, timeout: Double = 10, _ what: String) throws {
    try waitUntil(timeout: timeout, "\(what): frame \(n) (last \(lastPresentedFrame(app)))") {
        if let t = app.poll() { throw HarnessError("lodestone ended (\(t)): \(app.stderr.suffix(2000))") }
        return lastPresentedFrame(app) >= n
    }
}

@Suite("A compositor that releases buffers late or never (issue 8)", .serialized)
struct BufferReleaseFaultTests {
    @Test("releases held back: ≤ 4 buffers, frames skipped, no held buffer written or re-attached; drawing resumes on release")
    func heldReleases() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(devices: [])
        defer { sway.stop() }
        let app = try Lodestone.launch(["--animate", "--report-frames", "--stats"], on: sway, environment: ["WAYLAND_DEBUG": "1"])
        defer { _ = app.stop() }
        try waitForFrame(app, atLeast: 10, "the animation")

        // 1. Held: the client uses up its chain, then waits (it says so once) instead of
        //    allocating more or drawing into a held buffer.
        try seat.bufferReleases(.hold)
        try waitUntil(timeout: 5, "the client to notice every buffer is held") { app.stderr.contains("holds all 4 buffers") }
        let stalled = lastPresentedFrame(app)
        usleep(400_000)
        #expect(lastPresentedFrame(app) <= stalled + 1, "drew \(lastPresentedFrame(app) - stalled) frames with every buffer held")
        #expect(app.isRunning)
        let held = try seat.bufferReleases()
        #expect(held.held >= 3, "releases held back: \(held)")

        // 2. Released: drawing resumes at once.
        try seat.bufferReleases(.pass)
        try waitForFrame(app, atLeast: stalled + 30, timeout: 5, "drawing again after the releases")

        // 3. Late releases (each 60 ms after sway let go): the animation goes on within the cap.
        try seat.bufferReleases(.delay(milliseconds: 60))
        let beforeDelay = lastPresentedFrame(app)
        try waitForFrame(app, atLeast: beforeDelay + 20, timeout: 5, "the animation with late releases")
        try seat.bufferReleases(.pass)
        try waitForFrame(app, atLeast: lastPresentedFrame(app) + 10, timeout: 5, "drawing after the late releases")

        app.send(SIGTERM)
        #expect(try app.wait(timeout: 5) == .exited(0))
        let stats = BufferTests.Stats(line: app.stdoutLines.first { $0.hasPrefix("buffers ") } ?? "")
        #expect(stats["writes-into-held"] == 0, "\(stats.values)")
        #expect(stats["created"] >= 4, "buffers made: \(stats.values)")
        #expect(stats["max-in-flight"] == 4, "the hold should have used up the chain: \(stats.values)")
        #expect(stats["starved"] >= 1, "\(stats.values)")

        // The same from the conversation itself.
        let life = ProtocolLog(app.stderr).bufferLife
        #expect(life.attachedWhileHeld.isEmpty, "re-attached before release: \(life.attachedWhileHeld.prefix(5))")
        #expect(life.maxAlive == 4, "wl_buffers: \(life.created) made, \(life.maxAlive) alive at once")
        #expect(life.maxHeld == 4)
        #expect(life.releases >= life.attaches - 4)
    }

    @Test("releases never sent: the client stops at 4 buffers and skips frames, still alive and answering")
    func droppedReleases() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(devices: [])
        defer { sway.stop() }
        let app = try Lodestone.launch(["--animate", "--report-frames", "--stats"], on: sway, environment: ["WAYLAND_DEBUG": "1"])
        defer { _ = app.stop() }
        try waitForFrame(app, atLeast: 5, "the animation")
        try seat.bufferReleases(.drop)
        try waitUntil(timeout: 5, "the client to notice every buffer is held") { app.stderr.contains("holds all 4 buffers") }
        let stalled = lastPresentedFrame(app)
        // A resize asks for a frame of another size: a new buffer within the cap of that size
        // (the held ones stay untouched).
        try sway.command("[app_id=\"lodestone\"] floating enable, resize set 400 300")
        usleep(500_000)
        #expect(app.isRunning)
        app.send(SIGTERM)
        #expect(try app.wait(timeout: 5) == .exited(0))
        let stats = BufferTests.Stats(line: app.stdoutLines.first { $0.hasPrefix("buffers ") } ?? "")
        #expect(stats["writes-into-held"] == 0, "\(stats.values)")
        #expect(stats["starved"] >= 1)
        let life = ProtocolLog(app.stderr).bufferLife
        #expect(life.attachedWhileHeld.isEmpty, "re-attached before release: \(life.attachedWhileHeld.prefix(5))")
        #expect(life.maxAlive <= 4, "wl_buffers: \(life.created) made, \(life.maxAlive) alive at once")
        #expect(lastPresentedFrame(app) <= stalled + 4 + 1, "frames after the releases stopped: \(lastPresentedFrame(app) - stalled)")
        // No release ever came after the drop: every buffer attached since is still held.
        #expect(try seat.bufferReleases().dropped >= 4)
    }

    @Test("the live playground under input while every buffer is held: it waits, then shows the latest state on release without more input")
    func playgroundHeldUnderInput() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        defer { sway.stop() }
        let app = try Lodestone.launch(["--report-frames", "--stats"], on: sway)
        defer { _ = app.stop() }
        try waitForFrame(app, atLeast: 1, "the first frame")
        let window = try sway.waitForSettledWindow(appID: "lodestone")
        let c = window.content
        func point(_ i: Int) -> (Double, Double) {
            (Double(c.x) + 20 + Double(i * 37 % max(1, c.width - 40)), Double(c.y) + 20 + Double(i * 23 % max(1, c.height - 40)))
        }
        for i in 0..<10 { let p = point(i); try seat.move(to: p.0, p.1); usleep(20_000) }
        try seat.bufferReleases(.hold)
        // Heavy input while nothing comes back: pointer moves, clicks, scrolls.
        for i in 10..<200 {
            let p = point(i)
            try seat.move(to: p.0, p.1)
            if i % 40 == 0 { try seat.click() }
            if i % 25 == 0 { try seat.scroll(dy: 12) }
        }
        try waitUntil(timeout: 5, "the client to notice every buffer is held") { app.stderr.contains("holds all 4 buffers") }
        usleep(200_000)
        let stalled = lastPresentedFrame(app)
        #expect(app.isRunning)
        // Releases come back; no more input: the window must still draw what happened.
        try seat.bufferReleases(.pass)
        try waitForFrame(app, atLeast: stalled + 1, timeout: 3, "a frame after the releases, with no new input")
        // And it keeps answering input afterwards.
        let after = lastPresentedFrame(app)
        for i in 200..<210 { let p = point(i); try seat.move(to: p.0, p.1); usleep(20_000) }
        try waitForFrame(app, atLeast: after + 3, timeout: 3, "frames for new input")
        app.send(SIGTERM)
        #expect(try app.wait(timeout: 5) == .exited(0))
        let stats = BufferTests.Stats(line: app.stdoutLines.first { $0.hasPrefix("buffers ") } ?? "")
        #expect(stats["writes-into-held"] == 0 && stats["starved"] >= 1, "\(stats.values)")
    }
}
