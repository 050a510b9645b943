// Issue 31: Debian 13's weston 14, headless inside the Debian 13 root: as weston 10, no seat
// headless (degraded mode), so the window's check is weston 10's with what weston 14 lacks.
import Foundation
import Testing
import TestSupport

@Suite("weston 14 (Debian 13) headless, no seat (issue 31)", .serialized, .debian13)
struct ShowcaseUnderWeston14Tests {
    /// What weston 14 headless with desktop-shell lacks of the globals Lodestone binds (measured).
    static let lacks = ["wl_seat", "zxdg_decoration_manager_v1", "wp_fractional_scale_manager_v1", "zwp_pointer_gestures_v1"]

    @Test("the root's weston is 14; the showcase maps and draws; Lodestone names once each global weston 14 lacks; data device v3 with no device, its own pointer")
    func window() throws {
        let root = try Debian13Root.require("weston", at: "14.")
        try CompositorMatrix.ShowcaseUnderWestonTests.window(root: root, lacks: Self.lacks)
    }

    /// Measured: weston 14 offers wl_compositor 5 (no preferred_buffer_scale) and no fractional
    /// scale, so the scale comes from the outputs the surface is on (SurfaceScale.resolve).
    @Test("issue 32.5: at output scale 2 weston 14 (wl_compositor 5, no fractional scale) sends no preferred buffer scale: Lodestone takes the output's scale 2 and draws a buffer twice its size")
    func outputScale() throws {
        let root = try Debian13Root.require("weston", at: "14.")
        let weston = try Weston.start(width: 2048, height: 1536, scale: 2, root: root)
        defer { weston.process.stop() }
        let scratch = try TemporaryDirectory(prefix: "lodestone-weston-state")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never", "--report-frames"], on: weston)
        defer { app.stop() }
        let s: AppState
        do {
            s = try state.waitFor("a frame at scale 2 under weston 14", timeout: 30, settled: false) { $0.scale == 2 && $0.size != nil }
        } catch {
            throw HarnessError("\(error)\n\(app.stderr)\n--- weston:\n\(weston.process.stderr.suffix(2000))")
        }
        let preferred = s.json["preferred_buffer"] as? [String: Any]
        #expect(preferred?["scale"] is NSNull, "preferred_buffer \(String(describing: preferred))")
        let size = try #require(s.size)
        let line = try app.waitForLine(containing: "scale 2")
        #expect(line.contains("buffer \(Int(size.width) * 2)x\(Int(size.height) * 2)"), "\(line)")
        #expect(app.isRunning, "\(app.stderr)")
    }
}
