// Issue 31: Debian 13's mutter 48 (GNOME 48), headless inside the Debian 13 root with the
// root's PipeWire, the session bus and the RemoteDesktop driver on the host: the same checks as
// under Debian 12's mutter 43, through mutter's own input path.
import Foundation
import Testing
import TestSupport

/// The mutter 43 suite, whose tests run here against mutter 48.
private typealias Mutter43 = CompositorMatrix.ShowcaseUnderMutterTests

@Suite("mutter 48 (Debian 13) headless, input through its RemoteDesktop API (issue 31)", .serialized, .debian13, SharedMutter(debian13: true))
struct ShowcaseUnderMutter48Tests {
    @Test("the root's mutter is 48; the showcase maps at scale 1; Lodestone names once each protocol mutter 48 lacks (xdg-decoration only: fractional scale is offered now)")
    func window() throws {
        _ = try Debian13Root.require("mutter", at: "48.")
        let w = try MutterShowcase()
        let s = try w.state.waitFor("a frame of the showcase at scale 1", settled: false) { s in
            s.scale == 1 && (s.size.map { $0.width >= 640 && $0.height >= 400 } ?? false)
        }
        CompositorChecks.expectDataDevice(s)
        #expect(CompositorChecks.lacked(in: w.app.stderr) == ["zxdg_decoration_manager_v1"], "\(w.app.stderr)")
        // cursor-shape at v2, mutter 48's (issue 32.2): the state names the bound version.
        #expect(s.cursorShapeManager == 2, "\(s)")
        #expect(w.app.isRunning, "\(w.app.stderr)")
    }

    @Test("fractional scale 1.5 (scale-monitor-framebuffer, set through DisplayConfig as GNOME Settings does): the window draws a buffer of its size × 1.5")
    func fractionalScale() throws {
        let mutter = try Mutter.start(scale: 1.5, root: try Debian13Root.require())
        defer { mutter.stop() }
        let app = try Lodestone.launch(["--report-frames"], on: mutter)
        defer { app.stop() }
        let line = try app.waitForLine(containing: "scale 1.5 ", timeout: 30)
        let words = line.split(separator: " ")
        let size = try #require(words.firstIndex(of: "size").map { words[$0 + 1].split(separator: "x").compactMap { Double($0) } })
        let buffer = try #require(words.firstIndex(of: "buffer").map { words[$0 + 1].split(separator: "x").compactMap { Int($0) } })
        #expect(size.count == 2 && buffer == size.map { Int(($0 * 1.5).rounded()) }, "\(line)")
        #expect(app.isRunning, "\(app.stderr)")
    }

    @Test("E1: through mutter's pointer, the Back button in the toolbar highlights", Mutter43.streamTrait)
    func highlight() throws { try Mutter43().highlight() }

    @Test("E2: through mutter's pointer, an app icon lifts", Mutter43.streamTrait)
    func lift() throws { try Mutter43().lift() }

    @Test("I2: a pointer drag with the copy key (desktop Ctrl, mac Alt) through mutter is a copy; without the key a move", Mutter43.streamTrait,
          arguments: [0, 1])
    func copyDrag(habit: Int) throws {
        // Measured: mutter 48 adds the RemoteDesktop keyboard to the seat at its first key press,
        // and the window then sees no modifier for that key (no wl_keyboard.modifiers after the
        // capability appears): a user's keyboard exists before any drag, so press Shift once first.
        let seat = try #require(SharedMutter.current).seat
        try seat.press(key: .leftShift)
        try seat.release(key: .leftShift)
        try Mutter43().copyDrag(habit: habit)
    }

    @Test("G1: a finger scroll through mutter (NotifyPointerAxis with the finger flag, then finish) moves the list by the finger travel, ends with axis_stop (43 sent none) and glides on to rest", Mutter43.streamTrait)
    func fingerScrollMomentum() throws { try Mutter43().fingerScrollMomentum() }

    @Test("G9: a right-click through mutter opens the context menu with no input after it", Mutter43.streamTrait)
    func rightClickMenu() throws { try Mutter43().rightClickMenu() }

    @Test("pinch and swipe: mutter 48's RemoteDesktop session still has no gesture request (introspected)")
    func noGestureRoute() throws { try Mutter43().noGestureRoute() }

    @Test("I2 G11: a touch drag through mutter's screen-cast stream, Ctrl held, produces a copy by touch", Mutter43.streamTrait)
    func touchCopyDrag() throws { try Mutter43().touchCopyDrag() }
}
