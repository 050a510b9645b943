// `lodestone replay TRACE` without --headless replays the trace live in a window (issue 7,
// SPEC T2): under headless sway, the window's final frame (grim) is the headless replay's last
// PNG for the same trace, size and scale — the window replays the same thing. Without a
// compositor it says so and points at --headless.
import Foundation
import Testing
import TestSupport

@Suite("lodestone replay in the window (T2)", .serialized)
struct ReplayLiveTests {
    static let demo = ReplayProgramTests.demo
    /// Frames per second of trace time for both replays (the grid both step the engine on).
    static let fps = "10"

    @Test("the window's last frame equals the headless replay's last PNG (T2)")
    func windowEndsOnTheHeadlessFrame() throws {
        let sway = try Sway.start(output: .init(width: 1480, height: 960, scale: 1))
        try sway.command("seat seat0 hide_cursor 1")
        let app = try Lodestone.launch(["replay", Self.demo, "--speed", "5", "--fps", Self.fps], on: sway)
        defer { _ = app.stop() }
        _ = try sway.waitForWindow(appID: "lodestone")
        // The demo is 10.35 s long: about 2 s at ×5.
        try app.waitForLine(containing: "replay finished", timeout: 60)
        let placed = try sway.waitForWindow(appID: "lodestone")
        let shot = try sway.screenshot()
        let c = placed.content
        #expect(c.width >= 1440 && c.height >= 900, "the window is smaller than the showcase: \(c)")

        let dir = try TemporaryDirectory(prefix: "lodestone-replay-live")
        let headless = try Lodestone.launch(["replay", Self.demo, "--headless", "--out", dir.path, "--fps", Self.fps,
                                             "--size", "\(c.width)x\(c.height)", "--scale", "1"], on: nil)
        #expect(try headless.wait(timeout: 300) == .exited(0), "\(headless.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("frame-") }.sorted()
        let first = try Image(contentsOfPNG: dir.path + "/" + frames.first!)
        let last = try Image(contentsOfPNG: dir.path + "/" + frames.last!)
        #expect(last.width == c.width && last.height == c.height)

        /// Pixels of the window that differ from `image` by more than `tolerance` (per channel sum).
        func differing(from image: Image, tolerance: Int) -> Int {
            var n = 0
            for y in 0..<image.height {
                for x in 0..<image.width where !shot.pixel(x: c.x + x, y: c.y + y).matches(image.pixel(x: x, y: y), tolerance: tolerance) {
                    n += 1
                }
            }
            return n
        }
        let wrong = differing(from: last, tolerance: 6)
        #expect(wrong == 0, "\(wrong) of \(last.width * last.height) pixels differ from the headless replay's last frame")
        // The replay did something: its last frame is not its first.
        #expect(differing(from: first, tolerance: 6) > 1000, "the window still shows the first frame")
        #expect(app.isRunning, "the window stays open on the last frame")
    }

    @Test("without a compositor: a clear error that suggests --headless")
    func noCompositor() throws {
        let app = try Lodestone.launch(["replay", Self.demo], on: nil)
        #expect(try app.wait(timeout: 30) == .exited(1))
        #expect(app.stderr.contains("no Wayland compositor"), "\(app.stderr)")
        #expect(app.stderr.contains("--headless --out DIR"), "\(app.stderr)")
        #expect(app.stdout.isEmpty)
    }
}
