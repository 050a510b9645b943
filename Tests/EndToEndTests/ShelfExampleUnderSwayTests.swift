// Issue 34.4: the example app (Examples/Shelf: PointerEngine, the renderer's FrameComposer and
// WaylandClient) under headless sway, used as a person would: rest away from everything, glide
// onto a button and rest there with no input (the hover highlight must appear on screen by
// itself: E1–E3), click it (the list grows), drag a row onto the basket slowly (I2), then with
// the copy key held before the drag and pressed during one, and leave (the highlight must go
// without another event).
import Foundation
import Testing
import TestSupport

@Suite("The example app under headless sway (issue 34.4)", .serialized)
struct ShelfExampleUnderSwayTests {
    static let directory = RepositoryRoot.path + "/Examples/Shelf"
    static var executable: String { (Lodestone.executable as NSString).deletingLastPathComponent + "/shelf-example" }

    /// Moves in small steps at about 300 pt/s, as a hand does.
    static func glide(_ seat: SeatInjector, from a: (Double, Double), to b: (Double, Double), steps: Int = 12) throws {
        for k in 1...steps {
            let t = Double(k) / Double(steps)
            try seat.move(to: a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            usleep(8_000)
        }
    }

    /// Pixels of `r` that differ between two screenshots by more than a rounding.
    static func changed(_ a: Image, _ b: Image, in r: (x: Int, y: Int, width: Int, height: Int)) -> Int {
        zip(a.pixels(x: r.x, y: r.y, width: r.width, height: r.height), b.pixels(x: r.x, y: r.y, width: r.width, height: r.height))
            .filter { $0.distance(to: $1) > 6 }.count
    }

    @Test("the example is under 200 lines, as README says")
    func short() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory).filter { $0.hasSuffix(".swift") }
        let lines = try files.reduce(0) { n, f in
            n + (try String(contentsOfFile: Self.directory + "/" + f, encoding: .utf8)).split(separator: "\n", omittingEmptySubsequences: false).count - 1
        }
        #expect(!files.isEmpty && lines < 200, "\(files): \(lines) lines")
    }

    @Test("E1–E3, I2: hover shows on screen after a rest, a click adds a row, a row dragged onto the basket moves there, leaving clears the hover",
          .enabled(if: SwayInject.library() != nil, "needs the sway-inject fixture (scripts/build-fixtures)"), arguments: [1.0, 2.0])
    func hoverClickDrag(scale: Double) throws { try Self.drive(scale: scale, root: nil) }

    /// Starts sway (640×480 points at `scale`; sway 1.10 from `root`) with the example filling it.
    static func start(scale: Double, root: Debian13Root?) throws -> (Sway, SeatInjector, ChildProcess) {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: Int(640 * scale), height: Int(480 * scale), scale: scale),
                                                          config: ["default_border none", "mouse_warping none"], root: root)
        let app = try ChildProcess([Self.executable], environment: sway.clientEnvironment, name: "shelf-example")
        let w = try sway.waitForSettledWindow(appID: "lodestone-shelf")
        #expect(w.content.width == 640 && w.content.height == 480, "\(w.content)")
        return (sway, seat, app)
    }

    static func drive(scale s: Double, root: Debian13Root?) throws {
        let (sway, seat, app) = try start(scale: s, root: root)
        defer { _ = app.stop(); sway.stop() }
        let keep = ProcessInfo.processInfo.environment["LODESTONE_SHELF_SHOTS"]
        func shot(_ name: String) throws -> Image {
            let image = try sway.screenshot()
            if let keep { try image.writePNG(to: "\(keep)/shelf-\(name)-\(root == nil ? "1.7" : "1.10")-\(s).png") }
            return image
        }
        /// The area in square points of a rectangle in points that differs between two screenshots.
        func changed(_ a: Image, _ b: Image, _ r: (x: Int, y: Int, width: Int, height: Int)) -> Int {
            let px = Self.changed(a, b, in: (Int(Double(r.x) * s), Int(Double(r.y) * s), Int(Double(r.width) * s), Int(Double(r.height) * s)))
            return Int(Double(px) / (s * s))
        }
        // Shelf.layout at 640×480: Add at (16, 14, 80, 32); the list from (16, 62); rows 44 pt;
        // the basket from x 360.
        let add = (x: 10, y: 6, width: 96, height: 48)
        let away = (520.0, 440.0)
        try seat.move(to: away.0, away.1)
        usleep(800_000)
        let rested = try shot("away")

        // Onto Add, slowly, then no input at all: the highlight appears on its own.
        try Self.glide(seat, from: away, to: (56, 30), steps: 24)
        usleep(800_000)
        let hovered = try shot("hover")
        #expect(changed(rested, hovered, add) > 200, "no hover highlight on Add after a rest")

        try seat.click()
        _ = try app.waitForLine(containing: "added Grape")
        usleep(500_000)
        let grown = try shot("added")
        // The seventh row (y 62 + 6·44 … + 44) now shows a name.
        #expect(changed(hovered, grown, (x: 24, y: 62 + 6 * 44 + 4, width: 200, height: 36)) > 50, "no new row drawn")

        // Apple (row 0) dragged slowly onto the basket, with pauses as a hand makes.
        try Self.glide(seat, from: (56, 30), to: (120, 84))
        usleep(300_000)
        try seat.press()
        usleep(250_000)
        try Self.glide(seat, from: (120, 84), to: (460, 200), steps: 30)
        usleep(400_000)
        // Held over the basket: the row's preview under the pointer and the target lit (I2).
        let dragging = try shot("dragging")
        #expect(changed(grown, dragging, (x: 370, y: 120, width: 240, height: 200)) > 500, "no drag preview or lit basket")
        try seat.release()
        let line = try app.waitForLine(containing: "to basket")
        #expect(line.contains("move 1 to basket: Apple"), "\(line)")
        usleep(800_000)
        let dropped = try shot("dropped")
        #expect(changed(grown, dropped, (x: 370, y: 62, width: 250, height: 80)) > 50, "the basket does not show Apple")

        // The copy key pressed before a drag, then one pressed in the middle of another: both
        // copy (I2), the rows stay.
        try Self.glide(seat, from: (460, 200), to: (120, 84))
        usleep(300_000)
        try seat.hold(.leftCtrl) {
            try seat.press()
            usleep(250_000)
            try Self.glide(seat, from: (120, 84), to: (460, 200), steps: 30)
            usleep(300_000)
            try seat.release()
        }
        #expect(try app.waitForLine(containing: "copy 1").contains("copy 1 to basket: Apple, Banana"))
        try Self.glide(seat, from: (460, 200), to: (120, 128))
        usleep(300_000)
        try seat.press()
        usleep(250_000)
        try Self.glide(seat, from: (120, 128), to: (460, 200), steps: 30)
        try seat.hold(.leftCtrl) {
            usleep(300_000)
            try seat.release()
        }
        #expect(try app.waitForLine(containing: "Cherry").contains("copy 1 to basket: Apple, Banana, Cherry"))

        // Away again and rest: Add looks as it did before it was hovered.
        try Self.glide(seat, from: (460, 200), to: away)
        usleep(1_000_000)
        let left = try shot("left")
        #expect(changed(rested, left, add) < 20, "Add still looks hovered after the pointer left and rested")
        #expect(app.isRunning, "\(app.stderr)")
    }

    @Test("I2: the window resized in the middle of a drag (the output changes): the row still drops where the basket now is",
          .enabled(if: SwayInject.library() != nil, "needs the sway-inject fixture (scripts/build-fixtures)"))
    func resizeMidDrag() throws {
        let (sway, seat, app) = try Self.start(scale: 1, root: nil)
        defer { _ = app.stop(); sway.stop() }
        try Self.glide(seat, from: (520, 440), to: (120, 128))
        usleep(300_000)
        try seat.press()
        usleep(250_000)
        try Self.glide(seat, from: (120, 128), to: (200, 200))
        try sway.setOutput(.init(width: 900, height: 600))
        seat.layoutSize = (900, 600)
        let w = try sway.waitForSettledWindow(appID: "lodestone-shelf")
        #expect(w.content.width == 900 && w.content.height == 600, "\(w.content)")
        usleep(300_000)
        // The basket now starts at 900 × 0.55 + 8.
        try Self.glide(seat, from: (200, 200), to: (700, 300), steps: 30)
        usleep(300_000)
        try seat.release()
        let line = try app.waitForLine(containing: "to basket")
        #expect(line.contains("move 1 to basket: Banana"), "\(line)")
        #expect(app.isRunning, "\(app.stderr)")
    }
}

@Suite("The example app under sway 1.10 (Debian 13; issue 34.4)", .serialized, .debian13)
struct ShelfExampleUnderSway110Tests {
    @Test("E1–E3, I2: the same as under sway 1.7, at scale 1 and 1.5 (fractional)", arguments: [1.0, 1.5])
    func hoverClickDrag(scale: Double) throws {
        try ShelfExampleUnderSwayTests.drive(scale: scale, root: try Debian13Root.require())
    }
}
