// Issue 19: the showcase under KWin 5.27 (KDE's compositor) at fractional scales 1.25 and 1.5,
// with real input through KWin's org_kde_kwin_fake_input: the window draws a buffer of exactly
// round(size × scale) pixels (wp_fractional_scale_v1 + wp_viewporter), Lodestone warns once that
// KWin lacks wp_presentation, the pointer lands where the pixels are (hit-testing at fractional
// positions), and the highlight (E1), the lift (E2), a copy/move drag (I2) and a right-click menu
// (G9) work through KWin's input path. Checks read the state (`--state-out`), the frame report
// (`--report-frames`) and KWin's own screenshots (org.kde.KWin.ScreenShot2, in device pixels):
// the sidebar's 1 px separator is one device pixel wide, in place, at both scales.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

/// The showcase in a window of its own KWin at one scale.
final class KWinShowcase: AimedShowcase {
    let kwin: KWin
    let seat: KWinSeat?
    let app: ChildProcess
    let state: StateLog
    /// The showcase model laid out for the window rule's size (issue 17.1).
    let model = PlaygroundSession(size: Size(Double(KWinShowcase.placement.width), Double(KWinShowcase.placement.height)))
    private let scratch: TemporaryDirectory
    /// The window rule's place and size, points: an odd size, so size × scale has fractions.
    static let placement = KWin.Placement(x: 20, y: 10, width: 1443, height: 903)
    var origin: (x: Double, y: Double) { (Double(Self.placement.x), Double(Self.placement.y)) }
    var pointer = Point(0, 0)
    static let setupTimeout = 30.0

    /// The output, points: room for the placed window at every scale tested.
    static let logical = (width: 1600, height: 1000)

    /// The Debian 13 root whose KWin 6.3 to start (KWinGeneration sets it for a suite), or nil
    /// for the host's KWin 5.27.
    @TaskLocal static var root: Debian13Root?

    init(scale: Double, arguments: [String] = [], input: Bool = true) throws {
        kwin = try KWin.start(width: Self.logical.width, height: Self.logical.height, scale: scale, placement: Self.placement,
                              root: Self.root)
        seat = input ? try kwin.fakeInput() : nil
        scratch = try TemporaryDirectory(prefix: "lodestone-state")
        state = StateLog(path: scratch.file("state.jsonl"))
        app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never", "--report-frames"] + arguments, on: kwin)
        let size = (Double(Self.placement.width), Double(Self.placement.height))
        do {
            try state.waitFor("a frame of \(size) points at scale \(scale)", timeout: Self.setupTimeout, settled: false) {
                $0.scale == scale && $0.size.map { $0 == size } ?? false
            }
        } catch {
            throw HarnessError("\(error)\nlodestone \(app.poll().map { "exited (\($0))" } ?? "runs")\n\(app.stderr)\n--- KWin:\n\(kwin.process.stderr.suffix(2000))")
        }
        guard seat != nil else { return }
        // The rule's origin, checked with a probe: the pointer put at output point origin + p
        // must be reported at surface point p. A whole point: KWin 5.27 delivers whole points
        // (measured; see hitTesting).
        try verifyOrigin(probe: Self.probe, timeout: Self.setupTimeout, context: app.stderr)
        // Just outside the window (its own size, not the showcase's default): over nothing.
        try move(to: Point(self.size.width + 1, self.size.height + 1))
        // Not "settled": fake-input events carry KWin's wall-clock milliseconds, not the
        // monotonic clock of its frame callbacks (measured), and Lodestone then keeps animating.
        try state.waitFor("no effect and no drag", settled: false) { $0.effects.isEmpty && $0.drag == nil }
    }

    deinit {
        app.stop()
        seat?.client.stop()
        kwin.stop()
    }

    /// Over no element (below the panels, right of the minimized toolbar), in whole points.
    static let probe = Point(1001, 884)

    /// Waits until the program reports the pointer at `p` (within `tolerance` points).
    @discardableResult
    func waitForPointer(at p: Point, tolerance: Double = 0.01, timeout: Double = 10) throws -> AppState {
        try state.waitFor("the pointer at \(p)", timeout: timeout, settled: false) { s in
            s.pointerAt.map { abs($0.x - p.x) < tolerance && abs($0.y - p.y) < tolerance } ?? false
        }
    }

    func aim(_ x: Double, _ y: Double) throws {
        guard let seat else { throw HarnessError("no fake input") }
        try seat.move(to: x, y)
    }

    /// The frame report's lines: "frame N size WxH scale S buffer WxH".
    var buffers: [String] { app.stdoutLines.filter { $0.hasPrefix("frame ") } }
}

extension CompositorMatrix {
    @Suite("Showcase under KWin 5.27 at fractional scales, input through org_kde_kwin_fake_input (issue 19)", .serialized,
           .enabled(if: KWin.unavailable == nil, Comment(rawValue: KWin.unavailable ?? "")))
    struct ShowcaseUnderKWinTests {
        typealias ID = Showcase.ID

        static var inputUnavailable: String? {
            KWin.unavailable ?? (KWin.fakeInputFixture == nil ? "the kwin-fake-input fixture is not built (scripts/build-fixtures, package plasma-wayland-protocols)" : nil)
        }

        /// wp_fractional_scale_v1: the buffer is the surface size times the scale, rounded (a
        /// viewport maps it back), not the next integer scale's.
        static func expectFractionalBuffer(_ w: KWinShowcase, scale: Double) throws {
            let p = KWinShowcase.placement
            let expected = "buffer \(Int((Double(p.width) * scale).rounded()))x\(Int((Double(p.height) * scale).rounded()))"
            try waitUntil(timeout: 10, "a presented frame with \(expected)") { w.buffers.contains { $0.contains(expected) } }
            let line = try #require(w.buffers.last { $0.contains("size \(p.width)x\(p.height)") })
            #expect(line.contains("scale \(scale)") && line.hasSuffix(expected), "frame report: \(line)")
        }

        @Test("the showcase draws a buffer of round(size × scale) pixels at fractional scale; Lodestone warns once that KWin lacks wp_presentation",
              arguments: [1.25, 1.5])
        func window(scale: Double) throws {
            let w = try KWinShowcase(scale: scale, input: false)
            try Self.expectFractionalBuffer(w, scale: scale)
            let warnings = w.app.stderr.split(separator: "\n").filter { $0.contains("compositor lacks") }
            #expect(warnings.count == 1 && warnings.first?.contains("wp_presentation") == true, "warnings: \(warnings)")
            // wl_data_device_manager offered at v3, bound at v3, a device on the seat (issue 19).
            CompositorChecks.expectDataDevice(try #require(w.state.last))
            #expect(w.app.isRunning)
        }

        @Test("on screen (KWin's ScreenShot2) the window sits at the rule's place × scale, and the sidebar's edge is crisp: one device pixel from sidebar to content",
              arguments: [1.25, 1.5])
        func crispEdge(scale: Double) throws {
            let w = try KWinShowcase(scale: scale, input: false)
            try waitUntil(timeout: 10, "a presented frame") { !w.buffers.isEmpty }
            usleep(1_500_000)
            let shot = try w.kwin.screenshot()
            // KWin's --width/--height are points: the screen is that times the scale, in pixels.
            #expect(shot.width == Int((Double(KWinShowcase.logical.width) * scale).rounded())
                    && shot.height == Int((Double(KWinShowcase.logical.height) * scale).rounded()), "screenshot \(shot.width)×\(shot.height)")
            if let dir = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try? shot.writePNG(to: "\(dir)/kwin@\(scale)x.png") }
            // Along a row through the empty sidebar, at its right edge ((20 + 220) points × scale,
            // a whole pixel at both scales): sidebar colour up to the edge, one separator pixel, the
            // content colour from the edge on. A separator drawn 1 point wide at 1.5, or misplaced
            // by a rounding, would spread over two pixels or shift.
            let edge = Int(((w.origin.x + w.frame(Showcase.ID.sidebar).maxX) * scale).rounded())
            let y = Int(((w.origin.y + 500) * scale).rounded())
            let px = (edge - 3...edge + 1).map { shot.pixel(x: $0, y: y) }
            let sidebar = px[0], line = px[2], content = px[3]
            #expect(px[1].matches(sidebar) && px[4].matches(content), "row \(y) from x \(edge - 3): \(px)")
            #expect(sidebar.distance(to: content) > 6, "sidebar \(sidebar) and content \(content) should differ")
            #expect(line.distance(to: sidebar) > 6 && line.distance(to: content) > 6, "no separator pixel at x \(edge - 1): \(px)")
        }

        @Test("hit-testing at a fractional scale: the pointer lands on the surface point KWin puts it at, corner to corner, and over an icon lifts it",
              .enabled(if: inputUnavailable == nil, Comment(rawValue: inputUnavailable ?? "")), arguments: [1.25, 1.5])
        func hitTesting(scale: Double) throws {
            let w = try KWinShowcase(scale: scale)
            let id = ID.icons[0], icon = w.frame(id), key = Int(id.rawValue)
            // Near both corners and at the icon: a position mapped with the buffer's scale instead
            // of the surface's would be off by hundreds of points at the far corner.
            let spots = [Point(3, 3), Point(w.size.width - 3, w.size.height - 3),
                         Point(icon.midX.rounded(), icon.midY.rounded())]
            for p in spots {
                try w.move(to: p)
                try w.waitForPointer(at: p)
            }
            let s = try w.state.waitFor("the icon under the pointer lifting", settled: false) { $0.hovered == key && $0.effect(on: key) != nil }
            #expect(s.effect(on: key)?["kind"] as? String == "lift")
            // Measured: KWin 5.27 sends wl_pointer positions in whole logical points (fake input's
            // absolute and relative motion alike), so a fraction of a point, one device pixel at
            // these scales, does not reach the client. If KWin starts sending fractions, this known
            // issue stops being recorded and the test fails: then require them. KWin 6.3 does
            // (issue 31, measured): there they are required.
            let fraction = Point(icon.midX.rounded() + 1 / scale, icon.midY.rounded() + 0.5)
            try w.move(to: fraction)
            if KWinShowcase.root != nil {
                try w.waitForPointer(at: fraction)
            } else {
                withKnownIssue("KWin 5.27 delivers pointer positions rounded to whole logical points") {
                    try w.waitForPointer(at: fraction, timeout: 2)
                }
            }
            #expect(w.app.isRunning)
        }

        // KWin 5.27 stamps fake-input events with its wall clock in milliseconds, not the monotonic
        // clock of its frame callbacks; the input stage moves them onto the monotonic clock
        // (InputPipeline's SourceClock), or the effects would stay at progress 0, the menu would
        // wait for the next event and a drag would stop following.
        @Test("E1 E2 G9 T1: through KWin's fake input (wall-clock times) the Back button's highlight and an icon's lift grow to full, and a right-click with no input after it opens the menu",
              .enabled(if: inputUnavailable == nil, Comment(rawValue: inputUnavailable ?? "")))
        func highlightLiftMenu() throws {
            let w = try KWinShowcase(scale: 1.5)
            let back = Int(ID.back.rawValue), button = w.frame(ID.back)
            try w.glide(to: Point(button.midX + 2, button.midY + 2))
            let h = try w.state.waitFor("Back hovered, a highlight on it", settled: false) { s in
                s.hovered == back && s.effect(on: back)?["kind"] as? String == "highlight"
            }
            #expect(h.hovered == back)
            // The pointer's enter: Lodestone hid KWin's cursor and draws its own (issue 19).
            try CompositorChecks.waitForOwnPointer(w.state)
            try w.state.waitFor("the highlight grown", timeout: 2, settled: false) { s in
                s.effect(on: back).map { s.number($0["progress"]) >= 0.99 } ?? false
            }
            let icon = ID.icons[4], key = Int(icon.rawValue)
            try w.glide(to: Point(w.frame(icon).minX - 5, w.frame(icon).midY))
            try w.state.waitFor("a lift starting on the icon", settled: false) { $0.effect(on: key)?["kind"] as? String == "lift" }
            try w.state.waitFor("the icon lifted", timeout: 2, settled: false) { s in
                s.effect(on: key).map { s.number($0["progress"]) >= 0.99 } ?? false
            }
            let card = ID.menuCard
            try w.glide(to: w.frame(card).center, steps: 6)
            try w.seat!.press(.right)
            try w.seat!.release(.right)
            // The menu opens at a deadline after the click (G9), with no input after it: the
            // deadline is on the clock the loop advances with.
            let m = try w.state.waitFor("a context menu on the card", timeout: 3, settled: false) { $0.menu != nil }
            #expect(m.menu?["element"] as? Int == Int(card.rawValue))
            // Said once, naming the source: the wall clock's times were moved onto the monotonic one.
            // KWin 6.3 stamps fake input with the monotonic clock (issue 31, measured): nothing to say.
            let clockNotices = w.app.stderr.split(separator: "\n").filter { $0.contains("another clock than CLOCK_MONOTONIC") }
            if KWinShowcase.root != nil {
                #expect(clockNotices.isEmpty, "notices: \(clockNotices)")
            } else {
                #expect(clockNotices.count == 1 && clockNotices.first?.contains("the compositor") == true, "notices: \(clockNotices)")
            }
        }

        @Test("I2 T1: a pointer drag through KWin with the copy key (desktop Ctrl, mac Alt) starts as a copy, follows to the folder, turns to a move with the key up and drops as a copy",
              .enabled(if: inputUnavailable == nil, Comment(rawValue: inputUnavailable ?? "")), arguments: [0, 1])
        func copyDrag(habit: Int) throws {
            let (conventions, key): (Conventions, KWinSeat.Key) = habit == 0 ? (.desktop, .leftCtrl) : (.mac, .leftAlt)
            let w = try KWinShowcase(scale: 1.5, arguments: conventions == .desktop ? [] : ["--conventions", conventions.rawValue])
            let seat = try #require(w.seat)
            let item = ID.draggables[0], target = ID.dropTargets[0]
            try w.glide(to: w.frame(item).center)
            try seat.press(key: key)
            defer { try? seat.release(key: key) }
            try seat.press(.left)
            try w.glide(to: w.frame(target).center, steps: 12)
            let started = try w.state.waitFor("a copy drag", settled: false) { $0.drag?["operation"] as? String == "copy" }
            #expect(started.drag?["items"] as? [Int] == [Int(item.rawValue)])
            try w.state.waitFor("the copy drag over the folder", timeout: 3, settled: false) { s in
                s.drag?["operation"] as? String == "copy" && s.pointerAt.map { w.frame(target).contains(Point($0.x, $0.y)) } ?? false
            }
            try seat.release(key: key)
            try w.state.waitFor("a move drag once the key is up", timeout: 3, settled: false) { $0.drag?["operation"] as? String == "move" }
            try seat.press(key: key)
            try seat.release(.left)
            let dropped = try w.state.waitFor("the drop", timeout: 3, settled: false) { !$0.drops.isEmpty }
            #expect(dropped.drops.first?["operation"] as? String == "copy")
            #expect(dropped.drops.first?["target"] as? Int == Int(target.rawValue))
            try? seat.release(.left)
        }

        @Test("I2 G11: a touch drag through KWin's fake input (touch_down/motion/up, each with touch_frame), Ctrl held, is a copy by touch and drops as one",
              .enabled(if: inputUnavailable == nil, Comment(rawValue: inputUnavailable ?? "")))
        func touchCopyDrag() throws {
            let w = try KWinShowcase(scale: 1.5)
            let seat = try #require(w.seat)
            let item = ID.draggables[1], target = ID.dropTargets[1]
            let from = w.frame(item).center, to = w.frame(target).center
            let o = w.origin
            try seat.press(key: .leftCtrl)
            defer { try? seat.release(key: .leftCtrl) }
            try seat.touchDown(id: 0, o.x + from.x, o.y + from.y)
            usleep(UInt32((DragInteraction.touchLiftDelay + 0.2) * 1e6))
            for k in 1...12 {
                let p = from.lerp(to: to, Double(k) / 12)
                try seat.touchMove(id: 0, o.x + p.x, o.y + p.y)
                usleep(16_000)
            }
            let dragging = try w.state.waitFor("a touch copy drag over the folder", timeout: 5, settled: false) { $0.drag?["operation"] as? String == "copy" }
            #expect(dragging.drag?["input"] as? String == "touch")
            try seat.touchUp(id: 0)
            let dropped = try w.state.waitFor("the drop", timeout: 5, settled: false) { !$0.drops.isEmpty }
            #expect(dropped.drops.first?["operation"] as? String == "copy")
            #expect(dropped.drops.first?["input"] as? String == "touch")
            #expect(dropped.drops.first?["target"] as? Int == Int(target.rawValue))
        }

        /// Pinch and swipe: org_kde_kwin_fake_input (plasma-wayland-protocols' fake-input.xml,
        /// version 4, the one KWin 5.27 offers) has pointer, button, axis, touch and key requests
        /// and no gesture request, and KWin's virtual backend has no touchpad: no route into KWin's
        /// gestures from a test. Read from the protocol the fixture is built from.
        @Test("pinch and swipe: KWin's fake input has no gesture requests (its protocol XML), so no gesture can be sent",
              .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/plasma-wayland-protocols/fake-input.xml"),
                       "plasma-wayland-protocols is not installed"))
        func noGestureRoute() throws {
            let xml = try String(contentsOfFile: "/usr/share/plasma-wayland-protocols/fake-input.xml", encoding: .utf8)
            let requests = xml.components(separatedBy: "<request name=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
            #expect(requests.contains("touch_down") && requests.contains("pointer_motion_absolute"), "requests: \(requests)")
            #expect(!requests.contains { $0.contains("swipe") || $0.contains("pinch") || $0.contains("gesture") || $0.contains("hold") },
                    "fake input gained a gesture request: drive it (\(requests))")
        }

        @Test("G1: a finger scroll with momentum under KWin",
              .disabled("org_kde_kwin_fake_input's axis request carries no axis source and no stop: KWin delivers it as a wheel, so a finger scroll cannot be driven"))
        func fingerScroll() {}
    }
}
