// Issue 2 "done when": the window maps under headless sway and its pixels, read back with
// grim, show the layout at output scale 1 and 2 — crisp at 2× (drawn at buffer scale 2, not
// upscaled), edges anti-aliased.
import Testing
import TestSupport
import Playground
import PointerEngine

@Suite("Window under headless sway", .serialized)
struct WindowUnderSwayTests {
    /// Output big enough for the layout plus sway's title bar, in logical pixels.
    static let logical = (width: 680, height: 480)

    @Test("controls are where the layout says", arguments: [1.0, 2.0])
    func controlsAreWhereTheLayoutSays(scale: Double) throws {
        let sway = try Sway.start(output: .init(width: Int(Double(Self.logical.width) * scale),
                                                height: Int(Double(Self.logical.height) * scale), scale: scale))
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: sway)
        let window = try sway.waitForWindow(appID: "lodestone")
        #expect(window.title == "Lodestone")
        // Wait for a presented frame at the size sway gave us and the output's scale.
        try app.waitForLine(containing: "size \(window.content.width)x\(window.content.height) scale \(scale)")
        // Where sway placed it now that it is drawn (the first layout may predate the title bar).
        let placed = try sway.waitForWindow(appID: "lodestone")

        let shot = try sway.screenshot()
        #expect(shot.width == Int(Double(Self.logical.width) * scale))
        let origin = (x: Int(Double(placed.content.x) * scale), y: Int(Double(placed.content.y) * scale))
        let wrong = FirstFrameLayout.mismatches(in: shot, origin: origin, scale: scale)
        #expect(wrong.count == 0, "sampled points differ from the layout, e.g. \(wrong.prefix(5))")
        #expect(app.isRunning)
    }

    @Test("at output scale 2 edges are crisp (buffer scale 2) and corners anti-aliased")
    func crispAtScale2() throws {
        let scale = 2.0
        let sway = try Sway.start(output: .init(width: Self.logical.width * 2, height: Self.logical.height * 2, scale: scale))
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: sway)
        let window = try sway.waitForWindow(appID: "lodestone")
        let line = try app.waitForLine(containing: "size \(window.content.width)x\(window.content.height) scale 2.0")
        #expect(line.contains("buffer \(window.content.width * 2)x\(window.content.height * 2)"))
        let placed = try sway.waitForWindow(appID: "lodestone")
        let shot = try sway.screenshot()
        let ox = placed.content.x * 2, oy = placed.content.y * 2

        for control in FirstFrame.controls where control.frame.height > 2 * control.cornerRadius + 4 {
            // The middle of the left edge: straight, on a whole physical pixel.
            let edgeX = ox + Int(control.frame.minX * scale)
            let midY = oy + Int(control.frame.midY * scale)
            let inside = FirstFrameLayout.rgba(control.color)
            let outside = FirstFrameLayout.expectedColor(at: Point(x: control.frame.minX - 2, y: control.frame.midY), margin: 0)!
            // Upscaled scale-1 content would blend across these two physical pixels.
            #expect(shot.pixel(x: edgeX, y: midY).matches(inside), "\(control.name): inner edge pixel")
            #expect(shot.pixel(x: edgeX - 1, y: midY).matches(outside), "\(control.name): outer edge pixel")
        }

        // Drawn at buffer scale 2, not upscaled.
        let detailed = FirstFrameLayout.subPointDetail(in: shot, origin: (ox, oy), scale: scale)
        #expect(detailed >= 20, "only \(detailed) 2×2 blocks with sub-point detail: the frame looks upscaled")

        let button = FirstFrame.control(named: "primary button")!
        let bx = ox + Int(button.frame.minX * scale), by = oy + Int(button.frame.minY * scale)
        // Anti-aliasing: the rounded ends have pixels between the fill and the background.
        let pixels = shot.pixels(x: bx, y: by, width: Int(button.frame.width * scale), height: Int(button.frame.height * scale))
        let fill = FirstFrameLayout.rgba(button.color)
        let blended = pixels.filter { !$0.matches(fill, tolerance: 8) && !$0.matches(FirstFrameLayout.background, tolerance: 8) }
        #expect(blended.count > 20, "expected anti-aliased pixels along the capsule's ends, found \(blended.count)")
        #expect(app.isRunning)
    }
}

@Suite("Output scale changes under sway (issue 2, issue 8)")
struct ScaleChangeTests {
    @Test("the output scale goes 1 → 2 → 1 → 2 at runtime: each time the buffer follows and the pixels are crisp")
    func scaleBackAndForth() throws {
        let logical = WindowUnderSwayTests.logical
        let sway = try Sway.start(output: .init(width: logical.width, height: logical.height, scale: 1))
        defer { sway.stop() }
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: sway)
        defer { _ = app.stop() }
        try app.waitForLine(containing: "scale 1.0")
        for scale in [2.0, 1.0, 2.0] {
            let seen = app.stdoutLines.count
            try sway.setOutput(.init(width: Int(Double(logical.width) * scale), height: Int(Double(logical.height) * scale), scale: scale))
            let window = try sway.waitForWindow(appID: "lodestone")
            try waitUntil(timeout: 10, "a frame at scale \(scale)") {
                presentedFrames(app, after: seen).contains { $0.contains("scale \(scale) ") }
            }
            // The newest frame at this scale: its buffer is the logical size times the scale.
            let placed = try sway.waitForSettledWindow(appID: "lodestone")
            let frame = try #require(presentedFrames(app, after: seen).last { $0.contains("scale \(scale) ") })
            let w = Int(Double(placed.content.width) * scale), h = Int(Double(placed.content.height) * scale)
            #expect(frame.contains("buffer \(w)x\(h)"), "scale \(scale): \(frame) (window \(window.content))")

            let shot = try sway.screenshot()
            let origin = (x: Int(Double(placed.content.x) * scale), y: Int(Double(placed.content.y) * scale))
            let wrong = FirstFrameLayout.mismatches(in: shot, origin: origin, scale: scale)
            #expect(wrong.count == 0, "scale \(scale): the layout's colours are off, e.g. \(wrong.prefix(5))")
            if scale == 2 {
                let detail = FirstFrameLayout.subPointDetail(in: shot, origin: origin, scale: scale)
                #expect(detail >= 20, "scale 2 again: only \(detail) 2×2 blocks with sub-point detail: upscaled, not crisp")
            }
        }
        #expect(app.isRunning)
    }
}
