// Issue 19: the showcase under weston 10's headless backend, which has no seat (degraded mode):
// the window maps and draws, Lodestone names once each global weston lacks, and `--state-out`
// reports the data device weston offers (no device without a seat) and that Lodestone draws its
// own pointer (the compositor's cursor is never asked for: no pointer ever enters).
import Foundation
import Testing
import TestSupport

extension CompositorMatrix {
    @Suite("Showcase under weston 10 headless, no seat (issue 19)", .serialized,
           .enabled(if: programOnPath("weston"), "weston is not installed (scripts/setup test installs it)"))
    struct ShowcaseUnderWestonTests {
        /// Measured (weston-info on weston 10 headless with desktop-shell): no wl_seat, no
        /// xdg-decoration, no fractional-scale manager, no pointer-gestures; wp_viewporter,
        /// wp_presentation, relative pointer, pointer constraints and wl_data_device_manager v3
        /// are offered. In Registry.table's order.
        static let lacks = ["wl_seat", "zxdg_decoration_manager_v1", "wp_fractional_scale_manager_v1", "zwp_pointer_gestures_v1"]

        @Test("the showcase maps and draws under weston headless; Lodestone names once each global weston lacks; data device v3 with no device, its own pointer")
        func window() throws { try Self.window(lacks: Self.lacks) }

        /// The check, under the host's weston or (`root`) Debian 13's, expecting `lacks` named.
        static func window(root: Debian13Root? = nil, lacks: [String]) throws {
            let weston = try Weston.start(width: 1024, height: 768, root: root)
            defer { weston.process.stop() }
            let scratch = try TemporaryDirectory(prefix: "lodestone-weston-state")
            let state = StateLog(path: scratch.file("state.jsonl"))
            let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never"], on: weston)
            defer { app.stop() }
            let s: AppState
            do {
                s = try state.waitFor("a first frame under weston", timeout: 30, settled: false) { $0.size != nil && $0.frame >= 1 }
            } catch {
                throw HarnessError("\(error)\n\(app.stderr)\n--- weston:\n\(weston.process.stderr.suffix(2000))")
            }
            #expect(s.scale == 1)
            let size = try #require(s.size)
            #expect(size.width >= 640 && size.height >= 480, "size \(size)")
            #expect(CompositorChecks.lacked(in: app.stderr) == lacks, "\(app.stderr)")
            CompositorChecks.expectDataDevice(s, device: false)
            #expect(s.cursor?.drawnBy == "lodestone" && s.cursor?.compositor == nil, "cursor \(String(describing: s.json["cursor"]))")
            #expect(app.isRunning, "\(app.stderr)")
        }
    }
}
