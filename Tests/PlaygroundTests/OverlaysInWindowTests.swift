// The showcase's overlays stay inside the window (issue 17.2; G9, G11, I6): its menus, as the
// engine places them and as the composer draws them.
import Testing
#if canImport(Glibc)
import Glibc
#endif
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase overlays inside the window (G9, G11, I1, A3)")
struct OverlaysInWindowTests {
    typealias ID = Showcase.ID
    static let mouse = DeviceID(1), screen = DeviceID(4)

    final class User {
        let s: PlaygroundSession
        var t = 0.0
        init(settings: PointerSettings = PointerSettings()) {
            s = PlaygroundSession(settings: settings, now: Timestamp(rawValue: 0))
            s.handle(InputEvent(time: .milliseconds(0), device: mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
            s.handle(InputEvent(time: .milliseconds(0), device: screen, .deviceAdded(name: "screen", capabilities: .touch)))
        }
        func at(_ ms: Double) -> Timestamp { t += ms; return .milliseconds(t) }
        func send(_ kind: InputEventKind, from dev: DeviceID = mouse, after ms: Double = 8) { s.handle(InputEvent(time: at(ms), device: dev, kind)) }
        func move(_ p: Point, steps: Int = 8) {
            let from = s.engine.logicalPosition
            for k in 1...steps {
                let q = from.lerp(to: p, Double(k) / Double(steps))
                send(.motion(position: InputPoint(x: q.x, y: q.y), delta: .zero, unaccelerated: .zero))
            }
        }
        func wait(_ ms: Double) { s.advance(to: at(ms)) }
        var window: Rect { Rect(x: 0, y: 0, width: s.layout.size.width, height: s.layout.size.height) }
        /// The composed display items named `name`.
        func items(_ name: String) -> [DisplayItem] {
            let canvas = Canvas(width: Int(s.layout.size.width), height: Int(s.layout.size.height))
            return s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }).filter { $0.id.name == name }
        }
    }

    func expectInside(_ m: ContextMenuAppearance, _ window: Rect, _ note: String) {
        #expect(window.contains(m.frame), "\(note): \(m.frame) leaves \(window)")
        for i in m.items.indices { #expect(window.contains(m.itemFrame(i)), "\(note): \(m.items[i]) at \(m.itemFrame(i)) leaves \(window)") }
    }

    // Sizes the showcase lays out for today (its layout follows the window with issue 17.1: add
    // 1024×768 here when `Showcase.layout` takes a size).
    @Test("G9: right-clicking the Format bar shows its five entries inside the window, drawn there", arguments: [Showcase.size])
    func formatBarMenu(_ size: Size) throws {
        let u = User()
        #expect(u.s.layout.size == size)
        let bar = u.s.layout[ID.miniToolbarArea]!.frame
        u.move(Point(bar.midX, bar.maxY - 6))
        u.wait(400)
        u.send(.button(.right, pressed: true)); u.send(.button(.right, pressed: false))
        u.wait(300)
        let m = try #require(u.s.engine.describe().contextMenu)
        #expect(Array(m.items.prefix(5)) == Showcase.miniToolbarNames)
        #expect(!m.scrolls)
        expectInside(m, u.window, "Format bar")
        // The composer draws the panel and each entry where the engine put them.
        let drawn = u.items("menu")
        #expect(drawn.count == 2)
        for op in drawn.flatMap(\.ops) {
            switch op {
            case .fill(_, let r, _), .stroke(_, let r, _, _): #expect(u.window.contains(r), "\(op) drawn outside the window")
            case .text(_, _, let b, _): #expect(u.window.contains(b), "\(op) drawn outside the window")
            case .shadow, .gradient, .spotlight: break // the panel's shadow may fall past it
            }
        }
        let texts = drawn.flatMap(\.ops).compactMap { op -> String? in if case .text(let t, _, _, _) = op { t } else { nil } }
        #expect(texts.prefix(5) == Showcase.miniToolbarNames[...])
        if let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 1).writePNG(to: String(cString: out) + "-format-menu.png") }
    }

    @Test("G11: a long press on the menu card opens its menu above the finger, the last entry clear of the window's edge")
    func menuCardLongPress() throws {
        let u = User()
        let card = u.s.layout[ID.menuCard]!.frame
        let p = card.center
        u.send(.touchDown(id: 1, position: InputPoint(x: p.x, y: p.y)), from: Self.screen)
        u.send(.touchFrame, from: Self.screen, after: 0)
        u.wait(ContextMenuRecognizer.longPressDuration * 1000 + 50)
        let m = try #require(u.s.engine.describe().contextMenu)
        expectInside(m, u.window, "menu card")
        #expect(m.frame.maxY <= p.y - ContextMenuPlacement.touchClearance, "the finger hides the menu: \(m.frame) at \(p)")
        #expect(m.itemFrame(m.items.count - 1).maxY <= u.window.maxY - ContextMenuPlacement.windowMargin)
        if let out = getenv("LODESTONE_SHOT") { try u.s.snapshot(scale: 1).writePNG(to: String(cString: out) + "-card-menu.png") }
    }
}
