// Issue 32.1 and 32.4 under Debian 13's mutter 48 (GNOME 48), headless inside the Debian 13
// root: the window controls work as under mutter 43 (the same tests), and mutter 48, which binds
// xdg_wm_base 6, tells a minimized window it is suspended, and Lodestone says so. (That Lodestone
// then draws nothing cannot be told apart here: mutter sends a hidden window no frame callbacks.)
import Foundation
import Testing
import TestSupport
import Playground
import PointerEngine

@Suite("Window controls under mutter 48 (Debian 13), which draws none (issue 32.1, W1; 32.4)", .serialized, .debian13,
       SharedMutter(debian13: true))
struct WindowControlsUnderMutter48Tests {
    typealias Mutter43 = CompositorMatrix.WindowControlsUnderMutterTests

    @Test("W1: decorations client, close at the right end, minimize and maximize as wm_capabilities offer, resize regions on every edge")
    func controlsShown() throws { try Mutter43().controlsShown() }

    @Test("W1: a press-drag on the toolbar's empty area moves the window")
    func dragMoves() throws { try Mutter43().dragMoves() }

    @Test("W1: a double-click on the toolbar's empty area maximizes")
    func doubleClickMaximizes() throws { try Mutter43().doubleClickMaximizes() }

    @Test("W1 P4 A1: near the right edge the resize arrows; an edge drag resizes the window")
    func edgeResizes() throws { try Mutter43().edgeResizes() }

    @Test("W1 E1: a click on the close button ends the program with status 0")
    func closeButton() throws { try Mutter43().closeButton() }

    @Test("32.4: a click on minimize: mutter 48 sends the suspended state (xdg_wm_base 6), and the state says so")
    func minimizeSuspends() throws {
        let w = try MutterChromeWindow()
        let last = try #require(w.state.last)
        let minimize = try #require(MutterChromeWindow.controls(last)["minimize"])
        try w.glide(to: Point(minimize.midX + 1, minimize.midY + 1))
        usleep(400_000)
        try w.seat.press(.left)
        usleep(60_000)
        try w.seat.release(.left)
        let s = try w.state.waitFor("the suspended state", timeout: 10, settled: false) { s in
            (s.json["toplevel"] as? [String: Any])?["suspended"] as? Bool == true
        }
        #expect(((s.json["toplevel"] as? [String: Any])?["states"] as? [String])?.contains("suspended") == true, "\(s.json["toplevel"] ?? "no toplevel")")
        #expect(w.app.isRunning, "\(w.app.stderr)")
    }
}
