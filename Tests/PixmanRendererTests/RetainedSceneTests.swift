// One retained scene (issue 20.5): every write through RetainedScene marks its item, a render
// clears the marks and looks at the marked items only, and what it paints equals a render from
// scratch whatever the writes were. At the showcase's level, a frame where only the pointer
// moved marks the few items it changed, and the renderer looks at nothing else.
import Testing
import PointerEngine
@testable import PixmanRenderer
import Playground

@Suite("Retained scene: marks per write, renders follow the marks (issue 20.5)")
struct RetainedSceneTests {
    static func square(_ name: String, _ k: Int, x: Double, color: UInt32 = 0x0A84FF) -> DisplayItem {
        DisplayItem(ItemID(name, k), [.fill(.roundedRect(cornerRadius: 3), Rect(x: x, y: 10 + Double(k % 4) * 18, width: 16, height: 14),
                                            Color(hex: color))])
    }

    static func row(_ n: Int) -> [DisplayItem] { (0..<n).map { square("sq", $0, x: 8 + Double($0) * 12) } }

    /// A scene of `row(n)` drawn once on a 200×100 canvas by its renderer.
    static func drawnRow(_ n: Int) -> (Canvas, SceneRenderer, RetainedScene) {
        let canvas = Canvas(width: 200, height: 100, scale: 1)
        let renderer = SceneRenderer()
        let scene = RetainedScene(row(n))
        renderer.render(scene, into: canvas, bufferAge: 0)
        return (canvas, renderer, scene)
    }

    @Test("each write marks what it wrote; a render clears the marks")
    func writesMark() {
        let canvas = Canvas(width: 200, height: 100, scale: 1)
        let renderer = SceneRenderer()
        let scene = RetainedScene(Self.row(6))
        #expect(scene.markedIDs.count == 6, "a new scene is marked whole")
        renderer.render(scene, into: canvas, bufferAge: 0)
        #expect(scene.markedIDs.isEmpty && !scene.isReshaped)

        scene.replace(at: 2, with: Self.square("sq", 2, x: 40, color: 0xFF3B30))
        #expect(scene.markedIDs == [ItemID("sq", 2)] && !scene.isReshaped)
        scene.replace(at: 2, with: Self.square("sq", 2, x: 41))
        #expect(scene.markedIDs == [ItemID("sq", 2)], "an item written twice is marked once")
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(scene.markedIDs.isEmpty)

        scene.insert(Self.square("new", 0, x: 100), at: 3)
        #expect(scene.markedIDs == [ItemID("new")] && scene.isReshaped)
        renderer.render(scene, into: canvas, bufferAge: 1)
        scene.remove(at: 0)
        #expect(scene.markedIDs.isEmpty && scene.isReshaped, "a removal marks nothing left, but the scene changed shape")
        renderer.render(scene, into: canvas, bufferAge: 1)
        scene.move(from: 0, to: 4)
        #expect(scene.markedIDs == [ItemID("sq", 1)] && scene.isReshaped)
        renderer.render(scene, into: canvas, bufferAge: 1)
        scene.replaceSubrange(1..<3, with: [Self.square("a", 0, x: 5), Self.square("b", 0, x: 25)])
        #expect(scene.markedIDs == [ItemID("a"), ItemID("b")] && scene.isReshaped, "new identities at those places")
        renderer.render(scene, into: canvas, bufferAge: 1)

        // assign: only the items that differ from the kept ones.
        var list = scene.items
        list[4] = Self.square("sq", 9, x: 150)
        list[4].id = scene[4].id
        scene.assign(list)
        #expect(scene.markedIDs == [scene[4].id] && !scene.isReshaped)
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(scene.markedIDs.isEmpty && !scene.isReshaped)
    }

    @Test("a render looks at the marked items only, and repaints only where they changed")
    func unmarkedItemsAreNotLookedAt() {
        let (canvas, renderer, scene) = Self.drawnRow(12)
        #expect(renderer.itemsExamined == 12)
        // Nothing written: nothing looked at, nothing repainted.
        #expect(renderer.render(scene, into: canvas, bufferAge: 1).isEmpty)
        #expect(renderer.itemsExamined == 0)
        // One written: that one looked at, its old and new places repainted.
        scene.replace(at: 5, with: Self.square("sq", 5, x: 160))
        let repainted = renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == 1)
        let old = canvas.bounds(of: Self.row(12)[5]), new = canvas.bounds(of: scene[5])
        #expect(repainted.reduce(0) { $0 + $1.area } <= old.area + new.area)
        #expect(repainted.contains { $0.contains(old) } && repainted.contains { $0.contains(new) })
        // Written with the value it had: looked at, found unchanged, nothing repainted.
        scene.replace(at: 5, with: scene[5])
        #expect(renderer.render(scene, into: canvas, bufferAge: 1).isEmpty)
        #expect(renderer.itemsExamined == 1)
        // An insertion changes the scene's shape: only the new item is looked at still.
        scene.insert(Self.square("new", 0, x: 120), at: 8)
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == 1)
    }

    @Test("marks taken by another renderer, or another scene drawn between: every item is compared, pixels stay right")
    func untrustedMarksCompareEverything() {
        let canvas = Canvas(width: 200, height: 100, scale: 1)
        let renderer = SceneRenderer(), other = SceneRenderer()
        let scene = RetainedScene(Self.row(8))
        renderer.render(scene, into: canvas, bufferAge: 0)
        scene.replace(at: 1, with: Self.square("sq", 1, x: 120, color: 0x34C759))
        // The other renderer clears the marks; this one can no longer trust them.
        other.render(scene, into: Canvas(width: 200, height: 100, scale: 1), bufferAge: 0)
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == 8)
        let fresh = Canvas(width: 200, height: 100, scale: 1)
        SceneRenderer().render(scene.items, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
        // A list drawn in between (the renderer's own scene), then the scene again.
        renderer.render(Self.row(8), into: canvas, bufferAge: 1)
        scene.replace(at: 6, with: Self.square("sq", 6, x: 20, color: 0xFF9F0A))
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == 8)
        SceneRenderer().render(scene.items, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
    }

    @Test("a list replaced whole with its writer's marks (issue 34.3): only the marked items are looked at, marks not yet taken stay with their items, pixels stay right")
    func replaceAllWithMarks() {
        let (canvas, renderer, scene) = Self.drawnRow(8)
        // Restacked (the pointer slipping under an element, E2) with one item new: one marked.
        var list = Array(scene.items.reversed())
        list[3] = Self.square("sq", list[3].id.index, x: 150, color: 0xFF3B30)
        scene.replaceAll(with: list, marking: list.indices.map { $0 == 3 })
        #expect(scene.markedIDs == [list[3].id] && scene.isReshaped)
        renderer.render(scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == 1)
        let fresh = Canvas(width: 200, height: 100, scale: 1)
        SceneRenderer().render(scene.items, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
        // A write not yet drawn keeps its mark through a whole replacement that leaves it unmarked.
        scene.replace(at: 5, with: Self.square("sq", scene[5].id.index, x: 60, color: 0x34C759))
        let written = scene[5].id
        scene.replaceAll(with: Array(scene.items.reversed()), marking: [Bool](repeating: false, count: scene.count))
        #expect(scene.markedIDs == [written])
        renderer.render(scene, into: canvas, bufferAge: 1)
        SceneRenderer().render(scene.items, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
    }

    @Test("random writes through the scene paint what a render from scratch paints, frame after frame", arguments: [1.0, 1.5])
    func randomWritesEqualScratch(scale: Double) {
        let size = (w: Int(220 * scale), h: Int(110 * scale))
        let canvas = Canvas(width: size.w, height: size.h, scale: scale)
        let renderer = SceneRenderer()
        let scene = RetainedScene(Self.row(10))
        var rng = SeededRandom(state: 20_05)
        var serial = 100
        renderer.render(scene, into: canvas, bufferAge: 0)
        var examined = 0
        for frame in 0..<120 {
            for _ in 0..<(1 + rng.below(3)) {
                let n = scene.count
                switch rng.below(6) {
                case let op where op < 3 && n > 0:
                    let k = rng.below(n)
                    var item = Self.square("x", serial, x: rng.unit() * 190, color: [0x0A84FF, 0xFF3B30, 0x34C759][rng.below(3)])
                    item.id = scene[k].id
                    scene.replace(at: k, with: item)
                case 3:
                    serial += 1
                    scene.insert(Self.square("x", serial, x: rng.unit() * 190, color: 0x5E5CE6), at: rng.below(n + 1))
                case 4 where n > 2:
                    scene.remove(at: rng.below(n))
                case 5 where n > 1:
                    scene.move(from: rng.below(n), to: rng.below(n))
                default:
                    break
                }
            }
            renderer.render(scene, into: canvas, bufferAge: 1)
            examined += renderer.itemsExamined
            let fresh = Canvas(width: size.w, height: size.h, scale: scale)
            SceneRenderer().render(scene.items, into: fresh, bufferAge: 0)
            #expect(differingPixels(canvas, fresh) == 0, "frame \(frame)")
        }
        // A few writes per frame: far fewer items looked at than a full diff would.
        #expect(examined < 120 * 5, "\(examined) items looked at in 120 frames")
    }

    @Test("the showcase: a frame where only the pointer moved marks only what it changed, and the renderer looks at nothing else")
    func showcasePointerMoveMarksLittle() throws {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        var t: UInt64 = 0
        func move(_ p: Point, render: Bool = true) {
            t += 16_000
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1),
                                      .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            session.advance(to: Timestamp(rawValue: t))
            if render { session.render(into: canvas, bufferAge: 1) }
        }
        // The window's bottom margin, under every element: the bare background once settled.
        let spot = Point(Showcase.size.width / 2, Showcase.size.height - 3)
        for _ in 0..<60 { move(spot) }
        try #require(session.engine.hovered == nil && session.engine.describe().effects.isEmpty
                     && !session.engine.describe().isAnimating, "the bottom margin is not bare background")
        let scene = session.composer.scene
        let before = scene.items
        #expect(before.count > 50)

        move(Point(spot.x - 2, spot.y - 1), render: false)
        session.compose(on: canvas)
        let marked = scene.markedIDs
        #expect(!scene.isReshaped)
        #expect(marked.contains(ItemID("pointer")), "the pointer moved: \(marked)")
        // Everything unmarked is exactly what the last frame drew.
        for k in scene.items.indices where !marked.contains(scene[k].id) {
            #expect(scene[k] == before[k], "\(scene[k].id) changed without a mark")
        }
        let changed = scene.items.indices.filter { scene[$0] != before[$0] }.count
        #expect(marked.count == changed, "\(marked.count) marked for \(changed) changed items: \(marked)")
        #expect(marked.count * 4 < before.count, "\(marked.count) of \(before.count) items marked")
        session.render(into: canvas, bufferAge: 1)
        #expect(session.renderer.itemsExamined == marked.count)
        #expect(scene.markedIDs.isEmpty)
    }
}
