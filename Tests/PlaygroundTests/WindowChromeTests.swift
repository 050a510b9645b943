// Issue 32.1, SPEC W1 (P4, A1): the showcase's own window controls, without a compositor.
import Testing
import InputProtocol
import PointerEngine
@testable import Playground

@Suite("Window controls in the showcase (issue 32.1, W1)")
struct WindowChromeTests {
    static let chrome = WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: false)

    @Test("W1: no chrome by default (headless and goldens unchanged); with it, close alone at the right end after maximize and minimize, the bar buttons pushed left")
    func layout() throws {
        let plain = PlaygroundSession(size: Size(1000, 700))
        #expect(plain.chrome == .none)
        #expect(plain.layout[Showcase.ID.windowClose] == nil && plain.layout[Showcase.ID.windowEdges[0]] == nil)
        let s = PlaygroundSession(size: Size(1000, 700))
        s.setChrome(Self.chrome)
        let close = try #require(s.layout[Showcase.ID.windowClose]?.frame)
        let max = try #require(s.layout[Showcase.ID.windowMaximize]?.frame)
        let min = try #require(s.layout[Showcase.ID.windowMinimize]?.frame)
        #expect(close.maxX == 1000 - WindowChrome.trailingInset)
        #expect(min.maxX < max.minX && max.maxX < close.minX)
        let search = try #require(s.layout[Showcase.ID.search]?.frame)
        #expect(search.maxX <= min.minX - WindowChrome.separation + 0.001, "Search \(search) overlaps the window buttons from \(min)")
        // Only close where wm_capabilities offer neither.
        s.setChrome(.clientSide(canMinimize: false, canMaximize: false, fixedSize: true))
        #expect(s.layout[Showcase.ID.windowMaximize] == nil && s.layout[Showcase.ID.windowClose] != nil)
        #expect(s.layout[Showcase.ID.windowEdges[0]] == nil, "resize regions while maximized")
    }

    @Test("W1 P4 A1: each edge and corner region gives the pointer its resize shape and arrows; the title bar and edges are found")
    func edges() throws {
        let s = PlaygroundSession(size: Size(900, 600))
        s.setChrome(Self.chrome)
        #expect(s.chromeTarget(at: Point(110, 24)) == .titleBar)
        #expect(s.chromeTarget(at: Point(897, 300)) == .edge(.right))
        #expect(s.chromeTarget(at: Point(2, 598)) == .edge(.bottomLeft))
        #expect(s.chromeTarget(at: Point(450, 2)) == .edge(.top))
        #expect(s.chromeTarget(at: Point(450, 300)) == .other)
        let right = try #require(s.layout[Showcase.ID.windowEdges[3]])
        #expect(right.style?.shape == .system(.eResize))
        #expect(right.style?.accessories == PointerAccessory.resizeArrows(.horizontal))
    }

    static func at(_ ms: Int) -> Timestamp { Timestamp(microseconds: UInt64(ms) * 1000) }
    static func event(_ kind: InputEventKind, _ ms: Int) -> InputEvent { InputEvent(time: at(ms), device: DeviceID(1), kind) }

    @Test("W1: a click is no move; a press moved past the threshold is; a second press soon after toggles maximize; a secondary press opens the window menu; an edge press resizes")
    func gestures() {
        var g = WindowChromeInput()
        let title: (Point) -> ChromeTarget = { $0.y < 50 ? .titleBar : $0.x > 890 ? .edge(.right) : .other }
        let p = Point(100, 20)
        #expect(g.handle(Self.event(.button(.left, pressed: true), 0), position: p, target: title) == nil)
        #expect(g.handle(Self.event(.motion(position: nil, delta: InputVector(dx: 2, dy: 0), unaccelerated: InputVector(dx: 2, dy: 0)), 10),
                         position: Point(102, 20), target: title) == nil)
        #expect(g.handle(Self.event(.motion(position: nil, delta: InputVector(dx: 3, dy: 0), unaccelerated: InputVector(dx: 3, dy: 0)), 20),
                         position: Point(105, 20), target: title) == .move())
        #expect(g.handle(Self.event(.button(.left, pressed: false), 30), position: Point(105, 20), target: title) == nil)
        // Double-click.
        var d = WindowChromeInput()
        _ = d.handle(Self.event(.button(.left, pressed: true), 1000), position: p, target: title)
        _ = d.handle(Self.event(.button(.left, pressed: false), 1060), position: p, target: title)
        #expect(d.handle(Self.event(.button(.left, pressed: true), 1200), position: p, target: title) == .toggleMaximize)
        // Too slow: no double-click.
        _ = d.handle(Self.event(.button(.left, pressed: false), 1250), position: p, target: title)
        _ = d.handle(Self.event(.button(.left, pressed: true), 3000), position: p, target: title)
        _ = d.handle(Self.event(.button(.left, pressed: false), 3050), position: p, target: title)
        #expect(d.handle(Self.event(.button(.left, pressed: true), 3600), position: p, target: title) == nil)
        #expect(d.handle(Self.event(.button(.right, pressed: true), 4000), position: p, target: title) == .windowMenu(p))
        #expect(d.handle(Self.event(.button(.left, pressed: true), 5000), position: Point(895, 300), target: title) == .resize(.right))
    }

    static func touch(_ kind: InputEventKind, _ ms: Int) -> InputEvent { InputEvent(time: at(ms), device: DeviceID(2), kind) }

    @Test("W1: a finger on the title bar moved past the touch threshold moves the window with that touch point; a tap is no move; a second finger makes it none; a finger down in the resize band resizes with it")
    func touchGestures() {
        let title: (Point) -> ChromeTarget = { $0.y < 50 ? .titleBar : $0.x > 890 ? .edge(.right) : .other }
        var g = WindowChromeInput()
        #expect(g.handle(Self.touch(.touchDown(id: 4, position: InputPoint(x: 100, y: 20)), 0), position: .zero, target: title) == nil)
        #expect(g.handle(Self.touch(.touchMotion(id: 4, position: InputPoint(x: 105, y: 20)), 16), position: .zero, target: title) == nil,
                "5 points: still a tap")
        #expect(g.handle(Self.touch(.touchMotion(id: 4, position: InputPoint(x: 109, y: 20)), 32), position: .zero, target: title) == .move(touch: 4))
        #expect(g.handle(Self.touch(.touchMotion(id: 4, position: InputPoint(x: 130, y: 20)), 48), position: .zero, target: title) == nil,
                "one move per touch")
        #expect(g.handle(Self.touch(.touchUp(id: 4), 60), position: .zero, target: title) == nil)
        // A tap, then a touch moved on the content: no move.
        _ = g.handle(Self.touch(.touchDown(id: 5, position: InputPoint(x: 100, y: 20)), 100), position: .zero, target: title)
        #expect(g.handle(Self.touch(.touchUp(id: 5), 150), position: .zero, target: title) == nil)
        _ = g.handle(Self.touch(.touchDown(id: 6, position: InputPoint(x: 100, y: 300)), 200), position: .zero, target: title)
        #expect(g.handle(Self.touch(.touchMotion(id: 6, position: InputPoint(x: 100, y: 20)), 216), position: .zero, target: title) == nil)
        _ = g.handle(Self.touch(.touchUp(id: 6), 230), position: .zero, target: title)
        // Two fingers on the title bar: a pinch, no move.
        _ = g.handle(Self.touch(.touchDown(id: 7, position: InputPoint(x: 100, y: 20)), 300), position: .zero, target: title)
        _ = g.handle(Self.touch(.touchDown(id: 8, position: InputPoint(x: 200, y: 20)), 305), position: .zero, target: title)
        #expect(g.handle(Self.touch(.touchMotion(id: 7, position: InputPoint(x: 80, y: 20)), 320), position: .zero, target: title) == nil)
        _ = g.handle(Self.touch(.touchCancel, 330), position: .zero, target: title)
        // The resize band.
        #expect(g.handle(Self.touch(.touchDown(id: 9, position: InputPoint(x: 895, y: 300)), 400), position: .zero, target: title)
            == .resize(.right, touch: 9))
    }

    @Test("the decorations setting: auto by default, from the file and --decorations; a bad value is named")
    func setting() throws {
        #expect(try SettingsFile.parse("{}").decorations == .auto)
        var s = try SettingsFile.parse("{\"decorations\": \"client\"}")
        #expect(s.decorations == .client)
        _ = try SettingsFile.applyFlags(["--decorations", "server"], to: &s)
        #expect(s.decorations == .server)
        #expect(throws: SettingsError.self) { try SettingsFile.parse("{\"decorations\": \"gnome\"}") }
    }
}
