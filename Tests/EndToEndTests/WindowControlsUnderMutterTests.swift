// Issue 32.1, SPEC W1 (with P4, A1, E1): under GNOME's mutter, which offers no xdg-decoration,
// the showcase draws its own window controls, and they work through mutter's own input path
// (RemoteDesktop): a press-drag on the toolbar's empty area moves the window, a double-click
// maximizes it, an edge drag resizes it, the close button ends the program with status 0; the
// buttons go where `--window-buttons` says; a finger's press-drag moves the window too.
// Where the window is on the monitor is read from where the pointer lands in the surface
// (`--state-out`): the same monitor point lands elsewhere in the surface once the window moved.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

/// The showcase in a window smaller than mutter's monitor (so mutter neither maximizes it on
/// map nor pins it to an edge), its origin on the monitor found by the pointer.
final class MutterChromeWindow {
    let mutter: Mutter
    let seat: MutterSeat
    let app: ChildProcess
    let state: StateLog
    private let scratch: TemporaryDirectory
    /// The surface's top-left corner on the monitor (logical pixels).
    private(set) var origin: (x: Double, y: Double) = (0, 0)
    /// The pointer, in surface points (as of `origin`).
    private(set) var pointer = Point(0, 0)
    static let size = (width: 860, height: 600)

    init(arguments: [String] = []) throws {
        guard let shared = SharedMutter.current else { throw HarnessError("no shared mutter (suite trait missing)") }
        mutter = shared.mutter
        seat = shared.seat
        scratch = try TemporaryDirectory(prefix: "lodestone-chrome")
        state = StateLog(path: scratch.file("state.jsonl"))
        app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never", "--size", "\(Self.size.width)x\(Self.size.height)"] + arguments,
                                   on: mutter)
        do {
            try state.waitFor("a first frame with the window's own controls", timeout: 30, settled: false) {
                $0.size?.width == Double(Self.size.width) && !Self.controls($0).isEmpty
            }
        } catch {
            throw HarnessError("\(error)\nlodestone \(app.poll().map { "exited (\($0))" } ?? "runs")\n\(app.stderr)")
        }
        try findOrigin()
    }

    deinit { app.stop() }

    /// Where the window is now (MutterSeat.windowOrigin); `near`: a monitor point inside it.
    func findOrigin(near: (x: Double, y: Double)? = nil) throws {
        let base = near ?? (Double(mutter.size.width) / 2, Double(mutter.size.height) / 2)
        guard let found = try MutterSeat.windowOrigin(seat: seat, state: state, near: base, tries: 8) else {
            throw HarnessError("the pointer through mutter never moved by a known step in the window: \(state.last?.description ?? "no state")\n\(app.stderr)")
        }
        origin = found.origin
        pointer = found.pointer
    }

    func move(to p: Point) throws {
        try seat.move(to: origin.x + p.x, origin.y + p.y)
        pointer = p
    }

    /// Moves the pointer to `p` in `steps` motions, as a hand would (≈ 60 Hz).
    func glide(to p: Point, steps: Int = 10) throws {
        let from = pointer
        for k in 1...steps {
            try move(to: from.lerp(to: p, Double(k) / Double(steps)))
            usleep(16_000)
        }
    }

    /// The window controls a state reports: kind → frame (surface points).
    static func controls(_ s: AppState) -> [String: Rect] {
        var out: [String: Rect] = [:]
        for c in s.json["window_controls"] as? [[String: Any]] ?? [] {
            guard let kind = c["kind"] as? String, let f = c["frame"] as? [Any], f.count == 4 else { continue }
            let v = f.map { ($0 as? NSNumber)?.doubleValue ?? 0 }
            out[kind] = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        }
        return out
    }

    static func states(_ s: AppState) -> [String] { s.json["window_states"] as? [String] ?? [] }

    /// The window geometry the state reports (set_window_geometry: x, y, width, height).
    static func geometry(_ s: AppState) -> [Int]? { (s.json["window_geometry"] as? [NSNumber])?.map(\.intValue) }

    /// A point of the toolbar's empty area (above the docked sidebar, left of its button).
    static let titleBarPoint = Point(110, 24)

    /// Points at the close button at `close` until it highlights (E1), clicks it, and expects
    /// the program to end with status 0.
    func clickClose(_ close: Rect) throws {
        try glide(to: Point(close.midX + 1, close.midY + 1))
        let id = Int(Showcase.ID.windowClose.rawValue)
        try state.waitFor("a highlight on the close button") { s in
            s.hovered == id && (s.effect(on: id).map { s.number($0["progress"]) >= 0.99 } ?? false)
        }
        usleep(300_000)
        try seat.press(.left)
        usleep(60_000)
        try seat.release(.left)
        #expect(try app.wait(timeout: 10) == .exited(0), "\(app.stderr)")
    }

    /// Where the window moved since `before`: found again near where it should be.
    func moved(since before: (x: Double, y: Double)) throws -> (x: Double, y: Double) {
        try findOrigin(near: (before.x + 300, before.y + 300))
        return (origin.x - before.x, origin.y - before.y)
    }
}

extension CompositorMatrix {
    @Suite("Window controls under mutter 43, which draws none (issue 32.1, W1)", .serialized,
           .enabled(if: Mutter.unavailable == nil, Comment(rawValue: Mutter.unavailable ?? "")),
           .enabled(if: programOnPath("pipewire"), "PipeWire is not installed (scripts/setup test installs it): mutter's absolute motion needs a screen-cast stream"),
           SharedMutter())
    struct WindowControlsUnderMutterTests {
        @Test("W1: without xdg-decoration the window draws its own: decorations client, close at the right end, minimize and maximize as wm_capabilities offer, resize regions on every edge")
        func controlsShown() throws {
            let w = try MutterChromeWindow()
            let s = try #require(w.state.last)
            #expect(s.json["decorations"] as? String == "client")
            let c = MutterChromeWindow.controls(s)
            let close = try #require(c["close"]), maximize = try #require(c["maximize"]), minimize = try #require(c["minimize"])
            // GNOME's order: close alone at the right end, the others before it.
            #expect(close.maxX <= Double(MutterChromeWindow.size.width) && close.maxX >= Double(MutterChromeWindow.size.width) - 16)
            #expect(minimize.maxX <= maximize.minX && maximize.maxX <= close.minX)
            for edge in WindowEdge.allCases { #expect(c["resize-" + edge.rawValue] != nil, "no \(edge) region: \(c.keys.sorted())") }
            #expect(MutterChromeWindow.states(s).contains("activated"), "states: \(MutterChromeWindow.states(s))")
            // set_window_geometry: the whole surface, no shadow or margin.
            #expect(MutterChromeWindow.geometry(s) == [0, 0, MutterChromeWindow.size.width, MutterChromeWindow.size.height])
        }

        @Test("W1: a press-drag on the toolbar's empty area moves the window (the same monitor point lands elsewhere in the surface after)")
        func dragMoves() throws {
            let w = try MutterChromeWindow()
            let before = w.origin
            try w.glide(to: MutterChromeWindow.titleBarPoint)
            usleep(300_000)
            try w.seat.press(.left)
            usleep(150_000)
            // Slowly, by hand: 20 steps of (-6, -4) points.
            for k in 1...20 {
                try w.seat.move(to: before.x + MutterChromeWindow.titleBarPoint.x - Double(6 * k), before.y + MutterChromeWindow.titleBarPoint.y - Double(4 * k))
                usleep(20_000)
            }
            usleep(200_000)
            try w.seat.release(.left)
            usleep(500_000)
            let moved = try w.moved(since: before)
            // The move begins once the press moved past WindowChromeInput.dragThreshold (the first
            // step of 7 points), so the window follows the other 19: (-114, -76).
            #expect(abs(moved.x - -114) <= 10 && abs(moved.y - -76) <= 10, "the window moved by \(moved), the pointer by (-120, -80)\n\(w.app.stderr)")
            #expect(w.app.isRunning)
        }

        @Test("W1: a double-click on the toolbar's empty area maximizes (configure states), and the resize regions go")
        func doubleClickMaximizes() throws {
            let w = try MutterChromeWindow()
            try w.glide(to: MutterChromeWindow.titleBarPoint)
            usleep(300_000)
            for _ in 0..<2 {
                try w.seat.press(.left)
                usleep(40_000)
                try w.seat.release(.left)
                usleep(90_000)
            }
            let s = try w.state.waitFor("a maximized window the monitor's size", timeout: 10) { s in
                MutterChromeWindow.states(s).contains("maximized") && s.size?.width == Double(w.mutter.size.width)
            }
            let c = MutterChromeWindow.controls(s)
            #expect(c["close"] != nil)
            #expect(!c.keys.contains { $0.hasPrefix("resize-") }, "resize regions while maximized: \(c.keys.sorted())")
            #expect(MutterChromeWindow.geometry(s) == [0, 0, w.mutter.size.width, w.mutter.size.height])
        }

        @Test("W1 P4 A1: near the right edge the pointer takes the resize arrows; an edge drag resizes the window")
        func edgeResizes() throws {
            let w = try MutterChromeWindow()
            let first = try #require(w.state.last)
            let edge = try #require(MutterChromeWindow.controls(first)["resize-right"])
            let start = Point(edge.midX, edge.midY)
            try w.glide(to: Point(start.x - 40, start.y))
            try w.glide(to: start, steps: 5)
            try w.state.waitFor("A1 arrows beside the pointer over the edge") { s in
                (s.json["accessories"] as? [[String: Any]])?.filter { $0["glyph"] as? String == "arrow" }.count == 2
            }
            usleep(200_000)
            try w.seat.press(.left)
            usleep(150_000)
            for k in 1...20 {
                try w.seat.move(to: w.origin.x + start.x + Double(6 * k), w.origin.y + start.y)
                usleep(20_000)
            }
            usleep(200_000)
            try w.seat.release(.left)
            let s = try w.state.waitFor("the window 120 points wider", timeout: 10) { s in
                (s.size?.width ?? 0) >= Double(MutterChromeWindow.size.width) + 100
            }
            #expect(abs((s.size?.width ?? 0) - Double(MutterChromeWindow.size.width + 120)) <= 8, "size \(String(describing: s.size))")
            #expect(s.size?.height == Double(MutterChromeWindow.size.height))
        }

        @Test("W1 E1: the close button highlights under the pointer, and a click on it ends the program with status 0")
        func closeButton() throws {
            let w = try MutterChromeWindow()
            let last = try #require(w.state.last)
            try w.clickClose(try #require(MutterChromeWindow.controls(last)["close"]))
        }

        @Test("W1: --window-buttons close,minimize,maximize: puts the buttons at the window's left end in that order, the sidebar toggle clear of them; a click on close there ends the program with status 0")
        func buttonsAtTheLeft() throws {
            let w = try MutterChromeWindow(arguments: ["--window-buttons", "close,minimize,maximize:"])
            let last = try #require(w.state.last)
            let c = MutterChromeWindow.controls(last)
            let close = try #require(c["close"]), minimize = try #require(c["minimize"]), maximize = try #require(c["maximize"])
            #expect(close.minX == WindowChrome.trailingInset, "close at \(close)")
            #expect(close.maxX <= minimize.minX && minimize.maxX <= maximize.minX, "\(close) \(minimize) \(maximize)")
            #expect(maximize.maxX + WindowChrome.separation <= ShowcaseGeometry.sidebarWidth - 4 - ShowcaseGeometry.barButtonWidth,
                    "the docked sidebar's toggle overlaps \(maximize)")
            try w.clickClose(close)
        }

        @Test("W1: a finger's press-drag on the toolbar's empty area moves the window (xdg_toplevel.move with the touch-down serial, through mutter's RemoteDesktop touch)")
        func touchDragMoves() throws {
            let w = try MutterChromeWindow(arguments: ["--report-input"])
            let p = MutterChromeWindow.titleBarPoint
            // A tap on the title bar brings mutter's touchscreen in (a tap is no move).
            try w.seat.bringTouchIn(app: w.app, tapping: (w.origin.x + p.x, w.origin.y + p.y))
            usleep(500_000)
            let before = w.origin
            try w.seat.touchDown(slot: 0, before.x + p.x, before.y + p.y)
            usleep(150_000)
            // Slowly, by hand: 20 steps of (-6, -4) points.
            for k in 1...20 {
                try w.seat.touchMove(slot: 0, before.x + p.x - Double(6 * k), before.y + p.y - Double(4 * k))
                usleep(20_000)
            }
            usleep(200_000)
            try w.seat.touchUp(slot: 0)
            usleep(500_000)
            let moved = try w.moved(since: before)
            // The move begins once the finger moved past WindowChromeInput.touchDragThreshold (the
            // second step, 14 points), so the window follows the other 18: (-108, -72).
            #expect(abs(moved.x - -108) <= 14 && abs(moved.y - -72) <= 10, "the window moved by \(moved), the finger by (-120, -80)\n\(w.app.stderr)")
            #expect(w.app.isRunning)
        }
    }
}
