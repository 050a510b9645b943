// Issue 2 / SPEC P4, P5: over the playground, which draws its own pointer, the compositor's
// cursor is hidden (wl_pointer.set_cursor with no surface); a window that does not draw its
// own pointer shows the user's XCursor theme arrow. The pointer is real: sway with the
// sway-inject shim's virtual pointer.
import Testing
import TestSupport
import Playground
import PointerEngine
@testable import WaylandClient

@Suite("Compositor cursor over Lodestone's surfaces", .serialized)
struct CursorTests {
    @Test("over the playground the compositor's cursor is hidden; over sway's title bar it shows")
    func hiddenOverPlayground() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 680, height: 480), devices: [.pointer])
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: sway, environment: ["WAYLAND_DEBUG": "1"])
        let window = try sway.waitForWindow(appID: "lodestone")
        try app.waitForLine(containing: "size \(window.content.width)x\(window.content.height) ")
        let placed = try sway.waitForWindow(appID: "lodestone")

        // Into the middle of the card.
        let card = FirstFrame.control(named: "card")!.frame
        let x = placed.content.x + Int(card.midX), y = placed.content.y + Int(card.midY)
        try seat.move(to: Double(x), Double(y))
        try waitUntil(timeout: 5, "wl_pointer.set_cursor(…, nil, …) in the client's protocol log") {
            ProtocolLog(app.stderr).requests("set_cursor", on: "wl_pointer").contains { $0.arguments.count == 4 && $0.arguments[1] == "nil" }
        }
        let over = try sway.screenshot()
        let white = FirstFrameLayout.rgba(FirstFrame.control(named: "card")!.color)
        // A cursor image hangs right/down from its hotspot: that area must be plain card.
        #expect(over.count(of: white, x: x - 4, y: y - 4, width: 28, height: 28) == 28 * 28,
                "something is drawn at the pointer over Lodestone's surface")

        // Control: over sway's own title bar the compositor draws its cursor, and the
        // screenshot shows it.
        let titleY = placed.content.y / 2
        let plain = try sway.screenshot().pixel(x: 400, y: titleY + 6)
        try seat.move(to: 400, Double(titleY))
        try waitUntil(timeout: 5, "sway's cursor over its title bar") {
            try sway.screenshot().count(of: plain, x: 400, y: titleY, width: 12, height: 12) < 12 * 12 - 10
        }
        #expect(app.isRunning)
    }

    @Test("a window that does not draw its own pointer shows the XCursor theme's arrow")
    func themedCursorElsewhere() throws {
        let session = try SeatSession(devices: [.pointer])
        try session.move(toSurface: 100, 100)
        try SeatSession.pump(session.loop, "the themed cursor", timeout: 5) {
            session.client.seat?.pointer?.themedCursor != nil
        }
        #expect(session.client.seat?.pointer?.themedCursor == "left_ptr")
        try session.settle()
        let shot = try session.sway.screenshot()
        let p = session.layout(100, 100)
        // Adwaita's arrow (and libwayland-cursor's fallback) has a white outline.
        let bright = shot.pixels(x: Int(p.0), y: Int(p.1), width: 24, height: 24).filter { $0.r > 200 && $0.g > 200 && $0.b > 200 }
        #expect(bright.count > 10, "no cursor image at the pointer")
    }
}
