// The showcase's interactions with the engine's standard set (issue 7 "Done when", in process):
// band selection selects exactly the items inside; a drag with the copy key held (desktop Ctrl,
// Mac Option) copies by pointer and by touch;
// the minimized toolbar reveals on hover and by a touch tap without activating (I1, I2, G11,
// I4, H1, H2).
import Testing
import PointerEngine
@testable import Playground

@Suite("Showcase interactions (I1 I2 G11 I4 H1 H2)")
struct ShowcaseInteractionTests {
    typealias ID = Showcase.ID
    static let mouse = DeviceID(1), keyboard = DeviceID(2), screen = DeviceID(4)

    final class User {
        let s: PlaygroundSession
        var t = 0.0
        /// - pointer: the pointing device's capabilities; `seat`: it is a compositor's seat pointer
        ///   (it sends pointer focus first), not a device of its own.
        init(pointer: DeviceCapabilities = .pointer, seat: Bool = false, conventions: Conventions = .desktop) {
            s = PlaygroundSession(settings: PointerSettings(conventions: conventions), now: Timestamp(rawValue: 0))
            s.handle(InputEvent(time: .milliseconds(0), device: mouse, .deviceAdded(name: "mouse", capabilities: pointer)))
            if seat { s.handle(InputEvent(time: .milliseconds(0), device: mouse, .pointerEnter(position: InputPoint(x: 1, y: 1)))) }
            s.handle(InputEvent(time: .milliseconds(0), device: keyboard, .deviceAdded(name: "kbd", capabilities: .keyboard)))
            s.handle(InputEvent(time: .milliseconds(0), device: screen, .deviceAdded(name: "screen", capabilities: .touch)))
        }
        func at(_ ms: Double) -> Timestamp { t += ms; return .milliseconds(t) }
        func move(_ p: Point, steps: Int = 8) {
            let from = s.engine.logicalPosition
            for k in 1...steps {
                let q = from.lerp(to: p, Double(k) / Double(steps))
                s.handle(InputEvent(time: at(8), device: mouse, .motion(position: InputPoint(x: q.x, y: q.y), delta: .zero, unaccelerated: .zero)))
            }
        }
        func button(_ down: Bool) { s.handle(InputEvent(time: at(30), device: mouse, .button(.left, pressed: down))) }
        func mods(_ m: Modifiers) { s.handle(InputEvent(time: at(20), device: keyboard, .modifiers(ModifierState(depressed: m)))) }
        func touch(_ kind: InputEventKind) { s.handle(InputEvent(time: at(16), device: screen, kind)) }
        func wait(_ ms: Double) { s.advance(to: at(ms)) }
        func frame(_ id: ElementID) -> Rect { s.engine.surfaceFrame(of: id)! }
    }

    @Test("band selection selects exactly the items inside the band (I1)")
    func band() {
        let u = User()
        let c = u.frame(ID.collection)
        u.move(Point(c.minX + 2, c.minY + 1))
        u.button(true)
        let end = Point(c.minX + 120, c.minY + 70)
        u.move(end, steps: 12)
        u.button(false)
        let band = Rect(corner: Point(c.minX + 2, c.minY + 1), end)
        let inside = Set(ID.collectionItems.filter { band.intersects(u.frame($0)) })
        #expect(!inside.isEmpty)
        #expect(u.s.engine.scene.selection == inside)
    }

    @Test("a drag with the copy key held (desktop Ctrl, Mac Option) by pointer copies (I2)", arguments: Conventions.allCases)
    func copyDragPointer(conventions: Conventions) {
        let u = User(conventions: conventions)
        copyDrop(u, keys: conventions == .desktop ? .control : .alt)
        #expect(u.s.outputs.contains(.dropped(items: [ID.draggables[0]], on: ID.dropTargets[0], operation: .copy, input: .pointer)))
        #expect(u.s.hud.summary.contains("drag copy/pointer"))
    }

    /// The newest drop's input.
    func copyDropInput(_ u: User) -> InputKind? {
        copyDrop(u, keys: .control)
        for case .dropped(_, _, _, let input) in u.s.outputs.reversed() { return input }
        return nil
    }

    /// A drag of the first draggable onto the first folder with `keys` held.
    func copyDrop(_ u: User, keys: Modifiers) {
        u.move(u.frame(ID.draggables[0]).center)
        u.mods(keys)
        u.button(true)
        u.move(u.frame(ID.dropTargets[0]).center, steps: 16)
        u.wait(100)
        u.button(false)
        u.mods([])
        u.wait(100)
    }

    /// Scrolls once where the pointer is (over no element) and lets any momentum die out.
    func scroll(_ u: User, _ source: ScrollSource) {
        u.move(Point(1001.5, 884.25))
        let v120: Int32? = source == .wheel ? 120 : nil
        u.s.handle(InputEvent(time: u.at(16), device: ShowcaseInteractionTests.mouse, .scroll(source: source, axis: .vertical, value: 15, value120: v120, stop: false)))
        if source == .finger {
            u.s.handle(InputEvent(time: u.at(16), device: ShowcaseInteractionTests.mouse, .scroll(source: source, axis: .vertical, value: 0, value120: nil, stop: true)))
        }
        u.wait(3000)
    }

    @Test("I2 HUD: a drag by the seat's pointer says pointer even when the compositor offers pointer-gestures; trackpad once finger scrolling shows a touchpad, pointer again after a wheel")
    func seatPointerInput() {
        let u = User(pointer: [.pointer, .gesture], seat: true)
        #expect(copyDropInput(u) == .pointer, "pointer-gestures alone is no evidence of a touchpad")
        #expect(u.s.hud.summary.contains("drag copy/pointer"), "\(u.s.hud.summary)")
        scroll(u, .finger)
        #expect(copyDropInput(u) == .trackpad, "after two-finger scrolling (axis source finger)")
        #expect(u.s.hud.summary.contains("drag copy/trackpad"), "\(u.s.hud.summary)")
        scroll(u, .wheel)
        #expect(copyDropInput(u) == .pointer, "after a wheel")
        u.s.handle(InputEvent(time: u.at(16), device: ShowcaseInteractionTests.mouse, .gesture(GestureEvent(kind: .swipe, phase: .begin, fingers: 3))))
        u.s.handle(InputEvent(time: u.at(16), device: ShowcaseInteractionTests.mouse, .gesture(GestureEvent(kind: .swipe, phase: .end, fingers: 3))))
        u.wait(1000)
        #expect(copyDropInput(u) == .trackpad, "after a swipe gesture")
    }

    @Test("I2 HUD: a device of its own (libinput) with the gesture capability is a touchpad; one without is a pointer")
    func ownDeviceInput() {
        #expect(copyDropInput(User(pointer: [.pointer, .gesture])) == .trackpad)
        #expect(copyDropInput(User(pointer: .pointer)) == .pointer)
    }

    @Test("a drag with the copy key held by touch copies too (I2, G11)", arguments: Conventions.allCases)
    func copyDragTouch(conventions: Conventions) {
        let u = User(conventions: conventions)
        let from = u.frame(ID.draggables[0]).center, to = u.frame(ID.dropTargets[0]).center
        u.mods(conventions == .desktop ? .control : .alt)
        u.touch(.touchDown(id: 1, position: InputPoint(x: from.x, y: from.y)))
        u.wait(600) // a touch drag starts after a short hold
        for k in 1...16 {
            let q = from.lerp(to: to, Double(k) / 16)
            u.touch(.touchMotion(id: 1, position: InputPoint(x: q.x, y: q.y)))
        }
        u.wait(100)
        u.touch(.touchUp(id: 1))
        u.mods([])
        #expect(u.s.outputs.contains(.dropped(items: [ID.draggables[0]], on: ID.dropTargets[0], operation: .copy, input: .touch)))
    }

    func reveal(_ u: User) -> Double {
        u.s.engine.describe().elementStates.first { $0.element == ID.miniToolbarArea }?.revealOpacity ?? 1
    }

    @Test("the minimized toolbar reveals on hover and minimizes after the pointer leaves (I4)")
    func minimizedToolbarHover() {
        let u = User()
        u.move(Point(700, 400))
        u.wait(800)
        #expect(reveal(u) < 0.05)
        u.move(u.frame(ID.miniToolbarArea).center)
        u.wait(800)
        #expect(reveal(u) > 0.95)
        #expect(u.s.engine.describe().isAnimating == false)
        u.move(Point(700, 400))
        u.wait(3000)
        #expect(reveal(u) < 0.05)
    }

    @Test("a touch tap on a minimized toolbar button reveals it without activating; a second tap activates (H1, H2)")
    func minimizedToolbarTap() {
        let u = User()
        u.wait(800)
        let p = u.frame(ID.miniButtons[2]).center
        func tap() {
            u.touch(.touchDown(id: 7, position: InputPoint(x: p.x, y: p.y)))
            u.touch(.touchUp(id: 7))
        }
        tap()
        u.wait(600)
        #expect(reveal(u) > 0.95)
        #expect(!u.s.outputs.contains { if case .activated = $0 { return true }; return false }, "\(u.s.outputs)")
        tap()
        #expect(u.s.outputs.contains(.activated(ID.miniButtons[2], input: .touch, clickCount: 1)))
    }
}
