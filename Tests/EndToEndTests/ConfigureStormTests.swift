// Issue 8 "Faults under a real compositor": a storm of 1,000 configures and resizes. The client
// must survive, the last configure must win (the final frame has the final size), no buffer is
// written while held, and memory stays flat.
import Testing
import TestSupport
import PointerEngine
#if canImport(Glibc)
import Glibc
#endif

/// The `frame …` lines printed after the first `after` lines of stdout.
func presentedFrames(_ app: ChildProcess, after: Int = 0) -> [String] {
    app.stdoutLines.dropFirst(after).filter { $0.hasPrefix("frame ") }
}

@Suite("A storm of configures under sway (issue 8)")
struct ConfigureStormTests {
    @Test("1,000 resizes and floating toggles: no crash, the last configure wins, the final frame has the final size, memory flat")
    func thousandResizes() throws {
        let sway = try Sway.start(output: .init(width: 800, height: 600))
        defer { sway.stop() }
        let app = try Lodestone.launch(["--first-frame", "--report-frames", "--stats"], on: sway, environment: ["WAYLAND_DEBUG": "1"])
        defer { _ = app.stop() }
        try app.waitForLine(containing: "frame 1 ")
        let ipc = try sway.ipc()
        let window = "[app_id=\"lodestone\"]"
        try ipc.command("\(window) floating enable, resize set 400 300")
        let start = try sway.waitForSettledWindow(appID: "lodestone").content
        try waitUntil(timeout: 10, "the \(start.width)x\(start.height) frame") {
            presentedFrames(app).contains { $0.contains("size \(start.width)x\(start.height) ") }
        }
        usleep(200_000)
        let before = try #require(residentKilobytes(of: app.pid))

        // The storm, 1,000 commands on one IPC connection, sizes from a fixed sequence. First 500
        // back to back, every tenth a floating toggle (tiled, the window takes the whole
        // output): sway merges what the client has not caught up with, so the client sees a
        // flood of configures whose sizes it never gets to draw. Then 500 resizes paced by the
        // client: each waits for the client's next frame, so every one is configured, acked
        // and drawn.
        var rng = SeededRandom(seed: 8)
        func size() -> (Int, Int) { (200 + Int(rng.next() % 400), 150 + Int(rng.next() % 300)) }
        for i in 0..<500 {
            if i % 10 == 5 {
                try ipc.command("\(window) floating toggle")
            } else {
                let (w, h) = size()
                try ipc.command("\(window) resize set \(w) \(h)")
            }
        }
        try ipc.command("\(window) floating enable")
        var missed = 0
        let pacedDeadline = monotonicSeconds() + 60
        for _ in 0..<500 {
            let (w, h) = size()
            let drawn = presentedFrames(app).count
            try ipc.command("\(window) resize set \(w) \(h)")
            // Every size is new: the client is configured and draws one more frame.
            do {
                try waitUntil(timeout: 1, "a frame after resize set \(w) \(h)") {
                    if let t = app.poll() { throw HarnessError("lodestone ended during the storm (\(t)): \(app.stderr.suffix(3000))") }
                    return presentedFrames(app).count > drawn
                }
            } catch let e as HarnessError where app.isRunning {
                _ = e
                missed += 1
            }
            if monotonicSeconds() > pacedDeadline {
                Issue.record("the paced resizes took longer than 60 s (\(missed) without a new frame)")
                break
            }
        }
        #expect(missed <= 10, "\(missed) of 500 paced resizes got no new frame")
        try ipc.command("\(window) floating enable, resize set 517 333")
        // The content size sway settles on for that (its border and title bar taken off).
        let final = try sway.waitForSettledWindow(appID: "lodestone").content
        try waitUntil(timeout: 15, "a frame at the final size \(final.width)x\(final.height)") {
            if let t = app.poll() { throw HarnessError("lodestone ended during the storm (\(t)): \(app.stderr.suffix(3000))") }
            return presentedFrames(app).last?.contains("size \(final.width)x\(final.height) ") ?? false
        }
        // Let anything still in flight arrive: the last frame must stay at the final size.
        usleep(500_000)
        let last = try #require(presentedFrames(app).last)
        #expect(last.contains("size \(final.width)x\(final.height) ") && last.contains("buffer \(final.width)x\(final.height)"), "\(last)")
        let placed = try #require(try sway.windows().first { $0.appID == "lodestone" })
        #expect(placed.content.width == final.width && placed.content.height == final.height)
        let after = try #require(residentKilobytes(of: app.pid))
        #expect(app.isRunning)

        app.send(SIGTERM)
        #expect(try app.wait(timeout: 5) == .exited(0))
        let log = ProtocolLog(app.stderr)
        let configures = log.messages.filter { !$0.isRequest && $0.interface == "xdg_toplevel" && $0.name == "configure" }
        let acks = log.requests("ack_configure", on: "xdg_surface")
        // The last configure wins: the last one with a size names the final size.
        let lastSized = configures.last { $0.integers.count >= 2 && $0.integers[0] > 0 }
        #expect(lastSized.map { Array($0.integers.prefix(2)) } == [final.width, final.height], "\(String(describing: lastSized))")
        #expect(configures.count >= 500, "only \(configures.count) configures arrived: not a storm")
        #expect(acks.count >= configures.count - 1, "\(configures.count) configures, \(acks.count) acks")
        let life = log.bufferLife
        #expect(life.attachedWhileHeld.isEmpty)
        #expect(life.maxAlive <= 4, "\(life.maxAlive) wl_buffers alive at once")
        // Memory flat: the client holds no more than before the storm (a few buffers of the
        // final size at most).
        #expect(after - before <= 4096, "resident \(before) KB before the storm, \(after) KB after")
        let stats = BufferTests.Stats(line: app.stdoutLines.first { $0.hasPrefix("buffers ") } ?? "")
        #expect(stats["writes-into-held"] == 0, "\(stats.values)")
        print("configure storm: \(configures.count) configures, \(life.created) buffers made, RSS \(before) → \(after) KB")
    }
}
