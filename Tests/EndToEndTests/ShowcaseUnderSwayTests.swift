// The showcase under headless sway, driven like a user through injected input (issue 7 "Done
// when"): moving near a bar button shows the highlight platter around it; resting on an app
// icon lifts it (its shadow darkens the panel below it). Checked on grim screenshots.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Showcase under headless sway (E1, E2)")
struct ShowcaseUnderSwayTests {
    /// Pixels in `rect` (window points at scale 1) that differ between two screenshots.
    static func changed(_ a: Image, _ b: Image, _ rect: Rect, origin: (Int, Int), tolerance: Int = 6) -> Int {
        var n = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where !a.pixel(x: origin.0 + x, y: origin.1 + y).matches(b.pixel(x: origin.0 + x, y: origin.1 + y), tolerance: tolerance) {
                n += 1
            }
        }
        return n
    }

    static func luminance(_ img: Image, _ rect: Rect, origin: (Int, Int)) -> Double {
        let px = img.pixels(x: origin.0 + Int(rect.minX), y: origin.1 + Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
        return px.reduce(0.0) { $0 + Double($1.r) + Double($1.g) + Double($1.b) } / Double(max(px.count, 1) * 3)
    }

    @Test("hover a bar button: platter around it; rest on an icon: it lifts")
    func highlightAndLift() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1600, height: 1000, scale: 1), devices: [.pointer])
        defer { sway.stop() }
        let app = try Lodestone.launch(["--report-frames"], on: sway)
        defer { _ = app.stop() }
        try app.waitForLine(containing: "frame 1 ")
        let win = try sway.waitForSettledWindow(appID: "lodestone")
        let origin = (win.content.x, win.content.y)
        let layout = Showcase.layout()
        func at(_ p: Point) throws { try seat.move(to: Double(origin.0) + p.x, Double(origin.1) + p.y) }

        // At rest over empty sidebar space.
        try at(Point(100, 600))
        usleep(600_000)
        let rest = try sway.screenshot()

        // E1: near the Share button (inside its hit region, not on it) the platter appears:
        // the ring just outside the button's frame changes.
        let share = layout[Showcase.ID.share]!.frame
        try at(Point(share.midX + 4, share.maxY + 6))
        var ring = 0
        let deadline = Date().addingTimeInterval(5)
        repeat {
            usleep(200_000)
            let shot = try sway.screenshot()
            // Above the button: the pointer (below it, arrow pointing down) never draws there.
            let around = share.outsetBy(5)
            ring = Self.changed(rest, shot, Rect(x: around.minX, y: around.minY, width: around.width, height: 5), origin: origin)
        } while ring < 40 && Date() < deadline
        #expect(ring >= 40, "no platter around the Share button (\(ring) pixels changed in the ring)")

        // E2: on an app icon, the lift shadow darkens the panel just below the icon.
        let icon = layout[Showcase.ID.icons[1]]!.frame
        let below = Rect(x: icon.minX + 6, y: icon.maxY + 1, width: icon.width - 12, height: 4)
        let before = Self.luminance(rest, below, origin: origin)
        try at(Point(icon.midX + 3, icon.midY + 3))
        var after = before
        let until = Date().addingTimeInterval(5)
        repeat {
            usleep(200_000)
            after = Self.luminance(try sway.screenshot(), below, origin: origin)
        } while after > before - 4 && Date() < until
        #expect(after < before - 4, "no lift shadow under the icon (luminance \(before) → \(after))")
        #expect(app.isRunning)
    }
}
