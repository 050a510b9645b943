// Issue 32.1, SPEC W1: Lodestone's plain windows (`events`, `check`) draw their own title strip
// where the compositor draws no decorations. Under mutter 43, through its own input path
// (RemoteDesktop): a press-drag on the strip moves `lodestone events`' window, and its close
// button ends the program with status 0. Where the window is on the monitor is read from the
// pointer positions `events --json` writes. Under sway with `--decorations client` the strip's
// pixels are checked, and its close button.
import Foundation
import Testing
import TestSupport
import InputProtocol
import Playground

/// `lodestone events --json` in the shared mutter, its origin on the monitor found by the pointer.
final class MutterEventsWindow {
    let mutter: Mutter
    let seat: MutterSeat
    let app: ChildProcess
    private(set) var origin: (x: Double, y: Double) = (0, 0)
    /// The events window's default size (Events.swift), points.
    static let size = (width: 480.0, height: 320.0)
    /// The strip's height (TitleStrip.height), points.
    static let stripHeight = 40.0

    init() throws {
        guard let shared = SharedMutter.current else { throw HarnessError("no shared mutter (suite trait missing)") }
        mutter = shared.mutter
        seat = shared.seat
        app = try Lodestone.launch(["events", "--json"], on: mutter)
        try app.waitForLine(containing: "\"generator\"")
        usleep(500_000) // the window maps
        try findOrigin()
    }

    deinit { app.stop() }

    /// The pointer's newest surface position in the trace, nil once it left (or before it entered).
    func pointer() -> InputPoint? {
        guard let t = try? TraceDecoder.decode(app.stdout) else { return nil }
        for e in t.events.reversed() {
            switch e.kind {
            case .pointerEnter(let p), .motion(let p?, _, _): return p
            case .pointerLeave: return nil
            default: continue
            }
        }
        return nil
    }

    /// Puts the pointer at monitor points across the monitor until the window reports it; the
    /// origin counts once a second move by a known step is reported moved by exactly that step.
    func findOrigin() throws {
        let step = (x: 7.25, y: 3.5)
        let w = Double(mutter.size.width), h = Double(mutter.size.height)
        var candidates = [(w / 2, h / 2)]
        for gy in stride(from: 60.0, to: h, by: 120) { for gx in stride(from: 60.0, to: w, by: 120) { candidates.append((gx, gy)) } }
        for (k, c) in candidates.enumerated() {
            let m = (x: c.0 + 0.25 + Double(k % 3), y: c.1 + 0.25)
            try seat.move(to: m.x, m.y)
            usleep(120_000)
            guard let a = pointer() else { continue }
            try seat.move(to: m.x + step.x, m.y + step.y)
            if (try? waitUntil(timeout: 3, "the pointer moved by \(step)", {
                pointer().map { abs($0.x - a.x - step.x) < 0.01 && abs($0.y - a.y - step.y) < 0.01 } ?? false
            })) != nil {
                origin = (m.x - a.x, m.y - a.y)
                return
            }
        }
        throw HarnessError("the events window never reported the pointer through mutter\n\(app.stderr)")
    }

    /// Moves the pointer to surface point (x, y) in `steps` motions, as a hand would.
    func glide(from: (x: Double, y: Double), to: (x: Double, y: Double), steps: Int = 10) throws {
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            try seat.move(to: origin.x + from.x + (to.x - from.x) * f, origin.y + from.y + (to.y - from.y) * f)
            usleep(16_000)
        }
    }
}

extension CompositorMatrix {
    @Suite("Title strip of the plain windows under mutter 43 (issue 32.1, W1)", .serialized,
           .enabled(if: Mutter.unavailable == nil, Comment(rawValue: Mutter.unavailable ?? "")),
           .enabled(if: programOnPath("pipewire"), "PipeWire is not installed (scripts/setup test installs it): mutter's absolute motion needs a screen-cast stream"),
           SharedMutter())
    struct TitleStripUnderMutterTests {
        @Test("W1: a press-drag on the events window's title strip moves the window (the same monitor point lands elsewhere in the surface after)")
        func eventsStripMoves() throws {
            let w = try MutterEventsWindow()
            let before = w.origin
            let p = (x: 60.0, y: MutterEventsWindow.stripHeight / 2)
            try w.glide(from: (100, 100), to: p)
            usleep(300_000)
            try w.seat.press(.left)
            usleep(150_000)
            for k in 1...20 {
                try w.seat.move(to: before.x + p.x - Double(6 * k), before.y + p.y - Double(4 * k))
                usleep(20_000)
            }
            usleep(200_000)
            try w.seat.release(.left)
            usleep(500_000)
            try w.findOrigin()
            let moved = (x: w.origin.x - before.x, y: w.origin.y - before.y)
            // The move begins past WindowChromeInput.dragThreshold (the first step, 7 points).
            #expect(abs(moved.x - -114) <= 10 && abs(moved.y - -76) <= 10, "the window moved by \(moved), the pointer by (-120, -80)\n\(w.app.stderr)")
            #expect(w.app.isRunning)
        }

        @Test("W1: the events window's close button, at the strip's right end, ends the program with status 0")
        func eventsStripCloses() throws {
            let w = try MutterEventsWindow()
            let close = (x: MutterEventsWindow.size.width - WindowChrome.trailingInset - WindowChrome.buttonSize / 2,
                         y: MutterEventsWindow.stripHeight / 2)
            try w.glide(from: (100, 100), to: close)
            usleep(300_000)
            try w.seat.press(.left)
            usleep(60_000)
            try w.seat.release(.left)
            #expect(try w.app.wait(timeout: 10) == .exited(0), "\(w.app.stderr)")
        }
    }
}

@Suite("Title strip of lodestone events and check under sway, --decorations client (issue 32.1, W1)", .serialized)
struct TitleStripUnderSwayTests {
    /// A click on the close button at `close` (layout pixels): the program ends with status 0.
    static func clickToClose(_ seat: SeatInjector, at close: (x: Int, y: Int), _ app: ChildProcess) throws {
        try seat.move(to: Double(close.x) + 0.5, Double(close.y) + 0.5)
        usleep(200_000)
        try seat.click(.left)
        #expect(try app.wait(timeout: 10) == .exited(0), "\(app.stderr)")
    }

    @Test("W1: with --decorations client the events window draws its title strip, the lamps below it, and its close button ends the program with status 0")
    func eventsStrip() throws {
        // sway grants client-side decorations to floating windows only.
        let (sway, seat) = try Sway.startWithInjectedSeat(config: SwayChrome.config)
        defer { sway.stop() }
        let app = try Lodestone.launch(["events", "--decorations", "client"], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "device-added   keyboard")
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        let o = (x: w.content.x, y: w.content.y)
        let strip = RGBA(hex: 0x2C2C2E), lamp = RGBA(hex: 0x3A3A3C)
        var shot = try sway.screenshot()
        try waitUntil(timeout: 5, "the title strip across the window's top") {
            shot = try sway.screenshot()
            return shot.pixel(x: o.x + 30, y: o.y + 6).matches(strip, tolerance: 4)
                && shot.pixel(x: o.x + w.content.width - 80, y: o.y + 34).matches(strip, tolerance: 4)
        }
        // EventsView's first lamp (16 pt at (12, 12)) starts under the strip, 40 points down.
        #expect(shot.pixel(x: o.x + 20, y: o.y + Int(MutterEventsWindow.stripHeight) + 20).matches(lamp, tolerance: 8))
        // The close button at the strip's right end: a lighter disc.
        let close = (x: o.x + w.content.width - Int(WindowChrome.trailingInset + WindowChrome.buttonSize / 2), y: o.y + 20)
        #expect(!shot.pixel(x: close.x - 9, y: close.y).matches(strip, tolerance: 4), "no close button's disc")
        try TitleStripUnderSwayTests.clickToClose(seat, at: close, app)
    }

    @Test("W1: with --decorations client the check window draws its title strip; its close button ends the check with status 0 and the report written")
    func checkStrip() throws {
        let scratch = try TemporaryDirectory(prefix: "lodestone-check-strip")
        let (sway, seat) = try Sway.startWithInjectedSeat(config: SwayChrome.config)
        defer { sway.stop() }
        let report = scratch.file("report.md")
        let app = try Lodestone.launch(["check", "--decorations", "client", "--steps", "scroll", "--timeout", "60", "--report", report], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "check: window ready", timeout: 20)
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        let o = (x: w.content.x, y: w.content.y)
        let strip = RGBA(hex: 0x2C2C2E)
        let close = (x: o.x + w.content.width - Int(WindowChrome.trailingInset + WindowChrome.buttonSize / 2), y: o.y + 20)
        try waitUntil(timeout: 5, "the title strip with its close button") {
            let shot = try sway.screenshot()
            return shot.pixel(x: o.x + 30, y: o.y + 6).matches(strip, tolerance: 4) && !shot.pixel(x: close.x - 9, y: close.y).matches(strip, tolerance: 4)
        }
        try TitleStripUnderSwayTests.clickToClose(seat, at: close, app)
        #expect(FileManager.default.fileExists(atPath: report), "no report at \(report)")
    }

    @Test("W1: the settings file's windowButtons puts the events window's buttons at the strip's left end; close there ends the program with status 0")
    func eventsStripButtonsAtTheLeft() throws {
        let config = try TemporaryDirectory(prefix: "lodestone-config")
        try FileManager.default.createDirectory(atPath: config.file("lodestone"), withIntermediateDirectories: true)
        try #"{"windowButtons": "close,minimize,maximize:"}"#.write(toFile: config.file("lodestone/settings.json"), atomically: true, encoding: .utf8)
        let (sway, seat) = try Sway.startWithInjectedSeat(config: SwayChrome.config)
        defer { sway.stop() }
        let app = try Lodestone.launch(["events", "--decorations", "client"], on: sway, environment: ["XDG_CONFIG_HOME": config.path])
        defer { app.stop() }
        try app.waitForLine(containing: "device-added   keyboard")
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        let o = (x: w.content.x, y: w.content.y)
        let strip = RGBA(hex: 0x2C2C2E)
        let half = Int(WindowChrome.trailingInset + WindowChrome.buttonSize / 2)
        let close = (x: o.x + half, y: o.y + 20), right = (x: o.x + w.content.width - half, y: o.y + 20)
        var shot = try sway.screenshot()
        try waitUntil(timeout: 5, "the close button's disc at the strip's left end") {
            shot = try sway.screenshot()
            return shot.pixel(x: o.x + 200, y: o.y + 6).matches(strip, tolerance: 4) && !shot.pixel(x: close.x - 9, y: close.y).matches(strip, tolerance: 4)
        }
        #expect(shot.pixel(x: right.x - 9, y: right.y).matches(strip, tolerance: 4), "a button is still at the right end")
        try TitleStripUnderSwayTests.clickToClose(seat, at: close, app)
    }

    @Test("W1 P4: the events window resizes from its right edge: a slow press-drag of 120 pt there widens the floating window by about that (sway's tree)")
    func eventsEdgeResizes() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1600, height: 1000), config: SwayChrome.config)
        defer { sway.stop() }
        let app = try Lodestone.launch(["events", "--decorations", "client"], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "device-added   keyboard")
        let before = try sway.waitForSettledWindow(appID: "lodestone").content
        // Inside the band along the right edge (WindowChrome.edgeBand), half way down.
        let start = (x: Double(before.x + before.width) - WindowChrome.edgeBand / 2, y: Double(before.y + before.height / 2))
        for k in 1...10 {
            try seat.move(to: start.x - Double(10 - k) * 6, start.y)
            usleep(16_000)
        }
        usleep(300_000)
        try seat.press(.left)
        usleep(150_000)
        for k in 1...20 {
            try seat.move(to: start.x + Double(6 * k), start.y)
            usleep(20_000)
        }
        usleep(200_000)
        try seat.release(.left)
        var after = before
        try waitUntil(timeout: 5, "the window wider") {
            after = try sway.waitForSettledWindow(appID: "lodestone").content
            return after.width > before.width + 60
        }
        #expect(abs(after.width - before.width - 120) <= 12, "the window went from \(before.width) to \(after.width) wide, the pointer 120 pt right")
        #expect(after.height == before.height)
        #expect(app.isRunning, "\(app.stderr)")
    }
}
