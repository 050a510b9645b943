// A window whose content tracks its own damage (the live playground) reports what changed in
// each frame; a frame that changed nothing must still get its frame callback, or the window
// stops drawing (issue 2, issue 6 §2).
import Glibc
import Testing
import TestSupport
@testable import WaylandClient

@Suite("Window damage under sway")
struct WindowDamageTests {
    @Test("frames that report no damage keep coming: each still gets its frame callback")
    func framesWithoutDamageKeepComing() throws {
        let sway = try Sway.start()
        let loop = EventLoop()
        let client = try Client(displayName: sway.socket, loop: loop, warn: { _ in })
        var window: Window? = client.makeWindow(Window.Configuration(title: "damage", defaultSize: (200, 150), tracksOwnDamage: true))
        defer { window = nil }
        var presented = 0, drawn = 0
        window?.draw = { ctx in
            drawn += 1
            if ctx.isFullRepaint {
                memset(ctx.buffer.pixels, 0xff, ctx.buffer.stride * ctx.buffer.size.height)
                window?.reportDamage([BufferRect(size: ctx.buffer.size)])
            } else {
                window?.reportDamage([])   // nothing changed
            }
        }
        window?.onPresented = { _ in
            presented += 1
            window?.setNeedsDisplay()
        }
        try SeatSession.pump(loop, "30 presented frames (\(presented) so far, \(drawn) drawn)", timeout: 10) { presented >= 30 }
        #expect(drawn >= 30)
    }
}
