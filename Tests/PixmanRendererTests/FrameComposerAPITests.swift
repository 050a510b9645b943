// The frame composer as an app uses it (issue 34.3): only a look per element, the engine's frame,
// and the composer's scene rendered by its marks. The engine scenes drawn so match the goldens
// their hand-made display lists drew, and a pointer move writes (and marks) only what changed.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Frame composer's public API: an app's looks over the engine's frame (issue 34.3; E1, E2, P1, A1, A3)")
struct FrameComposerAPITests {
    /// `frame` of `engine` composed with EngineScene's looks into `composer`.
    static func compose(_ frame: Frame, of engine: Engine, _ composer: FrameComposer, on canvas: Canvas) {
        composer.compose(frame, layout: engine.layout, surfaceFrame: { engine.surfaceFrame(of: $0) },
                         measure: { [canvas] in canvas.measure($0, font: $1) }, look: { e, r, _ in EngineScene.content(e, in: r) })
    }

    static func canvas(scale: Double) -> Canvas {
        Canvas(width: Int((EngineScene.size.width * scale).rounded()), height: Int((EngineScene.size.height * scale).rounded()), scale: scale)
    }

    // The classic highlight's scene draws the pointer over the element it is under (its
    // hand-made list); the composer draws it beneath, as Frame.PointerAppearance.isUnderContent says.
    @Test("composed from looks alone, the engine's frames draw as their goldens",
          arguments: Golden.cases([EngineScene.highlightModern, .lift, .beam, .resize, .graph]))
    func goldens(_ scene: EngineScene, scale: Double) throws {
        let (engine, frame) = scene.frame()
        let canvas = Self.canvas(scale: scale)
        let composer = FrameComposer(scale: scale)
        Self.compose(frame, of: engine, composer, on: canvas)
        SceneRenderer(background: GalleryScene.background).render(composer.scene, into: canvas, bufferAge: 0)
        try Golden.check(canvas, named: Golden.name("engine-\(scene.rawValue)", scale: scale))
    }

    @Test("a pointer move writes and marks only the items that changed; the render looks at those only and paints what a fresh one paints")
    func pointerMoveMarksLittle() {
        var (engine, frame) = EngineScene.graph.frame()
        var now = frame.time
        func move(to p: Point) {
            now = Timestamp(rawValue: now.rawValue + 16_000)
            engine.handle(InputEvent(time: now, device: DeviceID(1), .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            engine.advance(to: now)
            frame = engine.frame(now: now)
        }
        let canvas = Self.canvas(scale: 1)
        let composer = FrameComposer()
        let renderer = SceneRenderer(background: GalleryScene.background)
        Self.compose(frame, of: engine, composer, on: canvas)
        renderer.render(composer.scene, into: canvas, bufferAge: 0)
        let before = composer.scene.items
        #expect(before.count > 5)
        // Off the elements, along the bottom edge, the pointer moves a few points.
        for k in 1...30 {
            move(to: Point(4 + Double(k % 6) * 3, 146))
            Self.compose(frame, of: engine, composer, on: canvas)
            renderer.render(composer.scene, into: canvas, bufferAge: 1)
        }
        move(to: Point(24, 145))
        Self.compose(frame, of: engine, composer, on: canvas)
        let marked = composer.scene.markedIDs
        #expect(marked.contains(ItemID("pointer")), "\(marked)")
        #expect(marked.count * 3 < composer.scene.count, "\(marked.count) of \(composer.scene.count) items marked: \(marked)")
        renderer.render(composer.scene, into: canvas, bufferAge: 1)
        #expect(renderer.itemsExamined == marked.count)
        let fresh = Self.canvas(scale: 1)
        SceneRenderer(background: GalleryScene.background).render(composer.scene.items, into: fresh, bufferAge: 0)
        #expect(differingPixels(canvas, fresh) == 0)
    }
}
