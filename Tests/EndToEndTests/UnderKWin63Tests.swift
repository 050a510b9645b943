// Issue 31: Debian 13's KWin 6.3 (Plasma 6.3), its virtual backend inside the Debian 13 root,
// the session bus, the fake-input client and the ScreenShot2 reader on the host: the same checks
// as under Debian 12's KWin 5.27 at fractional scales, the scale set the KWin 6 way (its output
// configuration file; KWin 6 ignores --scale).
import Foundation
import Testing
import TestSupport

/// The KWin 5.27 suite, whose tests run here against KWin 6.3.
private typealias KWin527 = CompositorMatrix.ShowcaseUnderKWinTests

@Suite("KWin 6.3 (Debian 13) at fractional scales, input through org_kde_kwin_fake_input (issue 31)", .serialized, .debian13, InDebian13Root())
struct ShowcaseUnderKWin63Tests {
    @Test("the root's KWin is 6.3; the showcase draws a buffer of round(size × scale) pixels at 1.25 and 1.5; Lodestone names what KWin 6.3 lacks",
          arguments: [1.25, 1.5])
    func window(scale: Double) throws {
        _ = try Debian13Root.require("kwin-wayland", at: "4:6.3")
        let w = try KWinShowcase(scale: scale, input: false)
        try KWin527.expectFractionalBuffer(w, scale: scale)
        #expect(CompositorChecks.lacked(in: w.app.stderr).isEmpty, "\(w.app.stderr)")
        CompositorChecks.expectDataDevice(try #require(w.state.last))
        #expect(w.app.isRunning)
    }

    @Test("no screenshot route: KWin 6.3 without a GPU offers no org.kde.KWin.ScreenShot2 object, so the pixels are not read here (KWin 5.27's crispEdge)")
    func noScreenshot() throws {
        let w = try KWinShowcase(scale: 1.5, input: false)
        #expect(throws: HarnessError.self) { try w.kwin.screenshot() }
        do { _ = try w.kwin.screenshot() } catch {
            #expect("\(error)".contains("No such object path '/org/kde/KWin/ScreenShot2'"), "\(error)")
        }
    }

    @Test("hit-testing at a fractional scale: the pointer lands on the surface point KWin puts it at, fractions of a point included, and over an icon lifts it",
          arguments: [1.25, 1.5])
    func hitTesting(scale: Double) throws { try KWin527().hitTesting(scale: scale) }

    @Test("E1 E2 G9: through KWin's fake input (monotonic times now) the Back button's highlight and an icon's lift grow to full, and a right-click opens the menu")
    func highlightLiftMenu() throws { try KWin527().highlightLiftMenu() }

    @Test("I2: a pointer drag through KWin with the copy key (desktop Ctrl, mac Alt) is a copy, a move with the key up, and drops as a copy", arguments: [0, 1])
    func copyDrag(habit: Int) throws { try KWin527().copyDrag(habit: habit) }

    @Test("I2 G11: a touch drag through KWin's fake input, Ctrl held, drops as a copy by touch")
    func touchCopyDrag() throws { try KWin527().touchCopyDrag() }

    @Test("I2: drags between two windows under KWin 6.3 as under 5.27: with no key the destination chooses move; Ctrl pressed over the target reaches only the destination, and the drop is a copy")
    func destinationChooses() throws { try CompositorMatrix.DragBetweenWindowsUnderKWinTests().destinationChooses() }
}
