// Issue 32.1 (W1) under sway, which offers xdg-decoration: with `--decorations client` the
// showcase draws its own controls there too, and sway honours them. A floating window (sway's
// `for_window … floating enable`) is moved by a press-drag on the toolbar's empty area
// (xdg_toplevel.move); sway's tree says where it went; its outer corners are rounded (the
// desktop shows at its corner pixels). Under sway 1.7 and Debian 13's sway 1.10.
import Foundation
import Testing
import TestSupport
import PointerEngine

enum SwayChrome {
    static let size = (width: 860, height: 600)
    static let config = ["default_border none", "default_floating_border none", "mouse_warping none",
                         "for_window [app_id=\"lodestone\"] floating enable"]

    static func floatingMove(root: Debian13Root?) throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1600, height: 1000), config: config, root: root)
        defer { sway.stop() }
        let scratch = try TemporaryDirectory(prefix: "lodestone-sway-chrome")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never", "--decorations", "client",
                                        "--size", "\(size.width)x\(size.height)"], on: sway)
        defer { app.stop() }
        let s = try state.waitFor("a first frame with the window's own controls", timeout: 30, settled: false) { s in
            s.size?.width == Double(size.width) && !MutterChromeWindow.controls(s).isEmpty
        }
        #expect(s.json["decorations"] as? String == "client", "decorations \(String(describing: s.json["decorations"]))")
        #expect(MutterChromeWindow.controls(s)["close"] != nil)
        let before = try sway.waitForSettledWindow(appID: "lodestone").content
        #expect(before.width == size.width, "sway's tree: \(before)")
        // Rounded outer corners (floating, its own decorations): the desktop shows at the
        // window's corner pixels, the window a few points in.
        try waitUntil(timeout: 5, "the desktop at the window's four corners, the window inside them") {
            let shot = try sway.screenshot()
            let desk = shot.pixel(x: before.x - 3, y: before.y - 3)
            let corners = [(before.x, before.y), (before.x + before.width - 1, before.y),
                           (before.x, before.y + before.height - 1), (before.x + before.width - 1, before.y + before.height - 1)]
            return corners.allSatisfy { shot.pixel(x: $0.0, y: $0.1).matches(desk, tolerance: 3) }
                && !shot.pixel(x: before.x + 8, y: before.y + 8).matches(desk, tolerance: 3)
        }
        let grab = (x: Double(before.x) + MutterChromeWindow.titleBarPoint.x, y: Double(before.y) + MutterChromeWindow.titleBarPoint.y)
        // Onto the toolbar's empty area by hand, a rest, then press and drag slowly (-120, -80).
        for k in 1...10 {
            try seat.move(to: grab.x + Double(10 - k) * 8, grab.y + Double(10 - k) * 6)
            usleep(16_000)
        }
        usleep(300_000)
        try seat.press(.left)
        usleep(150_000)
        for k in 1...20 {
            try seat.move(to: grab.x - Double(6 * k), grab.y - Double(4 * k))
            usleep(20_000)
        }
        usleep(200_000)
        try seat.release(.left)
        usleep(500_000)
        let after = try sway.waitForSettledWindow(appID: "lodestone").content
        let moved = (x: after.x - before.x, y: after.y - before.y)
        // The move begins once the press moved past WindowChromeInput.dragThreshold (the first
        // step), so the window follows the rest: about (-114, -76).
        #expect(abs(moved.x + 114) <= 10 && abs(moved.y + 76) <= 10, "sway moved the window by \(moved), the pointer went (-120, -80)\n\(app.stderr)")
        #expect(after.width == size.width && after.height == size.height)
        #expect(app.isRunning, "\(app.stderr)")
    }
}

@Suite("Window controls under sway 1.7 with --decorations client (issue 32.1, W1)", .serialized)
struct WindowControlsUnderSwayTests {
    @Test("W1: a press-drag on the toolbar's empty area moves the floating window (sway's tree)")
    func floatingMove() throws { try SwayChrome.floatingMove(root: nil) }
}

@Suite("Window controls under sway 1.10 with --decorations client (issue 32.1, W1)", .serialized, .debian13)
struct WindowControlsUnderSway110Tests {
    @Test("W1: a press-drag on the toolbar's empty area moves the floating window (sway's tree)")
    func floatingMove() throws { try SwayChrome.floatingMove(root: try Debian13Root.require()) }
}
