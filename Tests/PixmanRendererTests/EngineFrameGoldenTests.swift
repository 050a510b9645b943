// Goldens rendered from real engine frames: a layout, scripted pointer motion, the engine's
// Frame, drawn with the library's Frame adapters (Painter.pointer/effect/accessory/annotation).
// SPEC E1, E2, P1 (both generations), P2, A1, A3 at scales 1, 2 and 1.5.
import Testing
import PointerEngine
@testable import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

/// A small window: a toolbar of bar buttons, an icon, a text area, a resize handle, a graph.
enum EngineScene: String, CaseIterable, Sendable {
    case highlightModern, highlightClassic, lift, beam, resize, graph

    static let toolbar = ElementID(1), buttons = (2...4).map { ElementID(Int32($0)) }
    static let icon = ElementID(10), text = ElementID(11), handle = ElementID(12), graphID = ElementID(13)
    static let size = Size(240, 150)

    static func layout() -> Layout {
        let bar = buttons.enumerated().map { i, id in
            LayoutNode(Element(id: id, kind: .barButton, frame: Rect(x: 18 + Double(i) * 40, y: 12, width: 34, height: 26), cornerRadius: 7))
        }
        return try! Layout(size: size, [
            LayoutNode(Element(id: toolbar, kind: .toolbar, frame: Rect(x: 10, y: 8, width: 136, height: 34), cornerRadius: 17), bar),
            LayoutNode(Element(id: icon, kind: .icon, frame: Rect(x: 170, y: 10, width: 48, height: 48), cornerRadius: 11)),
            LayoutNode(Element(id: text, kind: .textArea, frame: Rect(x: 10, y: 60, width: 130, height: 80), cornerRadius: 8,
                               traits: ElementTraits(text: TextMetrics(lineHeight: 18, firstLineOffset: 6)))),
            LayoutNode(Element(id: handle, kind: .resizeHandle, frame: Rect(x: 150, y: 80, width: 6, height: 44), cornerRadius: 3,
                               traits: ElementTraits(resizeAxis: .horizontal))),
            LayoutNode(Element(id: graphID, kind: .graph, frame: Rect(x: 164, y: 72, width: 66, height: 64), cornerRadius: 8,
                               traits: ElementTraits(graph: GraphAxes(x: 0...10, y: 0...100)))),
        ])
    }

    var target: Point {
        switch self {
        case .highlightModern, .highlightClassic: return Point(79, 26)
        case .lift: return Point(190, 30)
        case .beam: return Point(70, 85)
        case .resize: return Point(153, 100)
        case .graph: return Point(190, 110)
        }
    }

    /// The engine's frame after the pointer came from the left and rested on the target.
    func frame() -> (Engine, Frame) {
        var settings = PointerSettings()
        if self == .highlightClassic { settings.generation = .classic }
        var clock = Timestamp(rawValue: 1_000_000)
        var engine = Engine(layout: EngineScene.layout(), settings: settings, now: clock)
        let mouse = DeviceID(1)
        engine.handle(InputEvent(time: clock, device: mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        let start = Point(4, 146)
        engine.handle(InputEvent(time: clock, device: mouse, .pointerEnter(position: InputPoint(x: start.x, y: start.y))))
        for i in 1...20 {
            clock = Timestamp(rawValue: clock.rawValue + 8_000)
            let q = start.lerp(to: target, Double(i) / 20), prev = start.lerp(to: target, Double(i - 1) / 20)
            engine.handle(InputEvent(time: clock, device: mouse, .motion(position: InputPoint(x: q.x, y: q.y),
                                                                         delta: InputVector(dx: q.x - prev.x, dy: q.y - prev.y), unaccelerated: .zero)))
        }
        // Let springs settle, well before the auto-hide delay.
        clock = Timestamp(rawValue: clock.rawValue + 800_000)
        engine.advance(to: clock)
        return (engine, engine.frame(now: clock))
    }

    /// Each element's look at rest (the app's part), in surface points.
    static func content(_ e: Element, in r: Rect) -> [DrawOp] {
        switch e.kind {
        case .toolbar: return Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, shadow: true)
        case .barButton:
            let g = Rect(x: r.midX - 6, y: r.midY - 6, width: 12, height: 12)
            return [.fill(e.id == buttons[1] ? .path(GalleryScene.star()) : .roundedRect(cornerRadius: 3), g, Color.accent)]
        case .icon: return Painter.appIcon(r, top: Color(hex: 0xFFD60A), bottom: Color(hex: 0xFF9F0A), glyph: GalleryScene.star())
        case .textArea:
            var ops = Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, border: Color.black.withAlpha(0.1))
            for (i, line) in ["Lodestone draws", "text with real", "glyphs."].enumerated() {
                ops.append(.text(line, .system(12), baseline: Point(r.minX + 8, r.minY + 6 + 14 + Double(i) * 18), Color(hex: 0x1C1C1E)))
            }
            return ops
        case .resizeHandle: return [.fill(.capsule, r, Color(hex: 0xAEAEB2))]
        case .graph:
            let curve = Path { p in p.move(to: Point(0, 20)); p.cubic(control1: Point(15, 20), control2: Point(25, 0), to: Point(40, 0)) }
            return Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, border: Color.black.withAlpha(0.1))
                + [.stroke(.path(curve), r.insetBy(8), lineWidth: 1.5, Color.accent)]
        default: return []
        }
    }

    func render(scale: Double) -> Canvas {
        let (engine, frame) = self.frame()
        let canvas = Canvas(width: Int((EngineScene.size.width * scale).rounded()), height: Int((EngineScene.size.height * scale).rounded()), scale: scale)
        var items: [DisplayItem] = []
        let effects = Dictionary(frame.effects.map { ($0.element, $0) }, uniquingKeysWith: { _, b in b })
        var pointerDrawn = false
        for id in engine.layout.paintOrder {
            guard let e = engine.layout[id], let r = engine.surfaceFrame(of: id) else { continue }
            var ops = EngineScene.content(e, in: r)
            if let fx = effects[id] { ops = Painter.effect(fx, content: ops) }
            items.append(DisplayItem(ItemID("el", Int(id.rawValue)), ops))
            if frame.pointer.isUnderContent, frame.pointer.underElement == id {
                items.append(DisplayItem(ItemID("pointer"), Painter.pointer(frame.pointer))); pointerDrawn = true
            }
        }
        if !pointerDrawn { items.append(DisplayItem(ItemID("pointer"), Painter.pointer(frame.pointer))) }
        for (k, a) in frame.accessories.enumerated() { items.append(DisplayItem(ItemID("accessory", k), Painter.accessory(a))) }
        for (k, a) in frame.annotations.enumerated() {
            let m = canvas.measure(a.text, font: Painter.annotationFont(size: a.fontSize))
            items.append(DisplayItem(ItemID("annotation", k), Painter.annotation(a, metrics: m, within: canvas.bounds)))
        }
        SceneRenderer(background: GalleryScene.background).render(items, into: canvas, bufferAge: 0)
        return canvas
    }
}

@Suite("Goldens from engine frames (SPEC E1, E2, P1, P2, A1, A3)")
struct EngineFrameGoldenTests {
    static let cases = Golden.cases(EngineScene.allCases)

    @Test("the engine's frame draws as its golden", arguments: cases)
    func scene(_ scene: EngineScene, scale: Double) throws {
        try Golden.check(scene.render(scale: scale), named: Golden.name("engine-\(scene.rawValue)", scale: scale))
    }

    @Test("the frames show what each scene is about")
    func framesHaveTheirParts() {
        #expect(EngineScene.highlightModern.frame().1.effects.contains { $0.kind == .highlight && $0.platter != nil })
        #expect(EngineScene.lift.frame().1.effects.contains { $0.kind == .lift && $0.shadow != nil && $0.specular != nil })
        #expect(EngineScene.resize.frame().1.accessories.count >= 2)
        #expect(!EngineScene.graph.frame().1.annotations.isEmpty)
        #expect(EngineScene.highlightClassic.frame().1.pointer.generation == .classic)
    }

    /// With LODESTONE_GALLERY_ENGINE=path, writes every engine scene at 2× into one PNG
    /// (`scripts/gallery` sets it and runs this); skipped otherwise (issue 34.7).
    @Test("contact sheet of the engine scenes (scripts/gallery)",
          .enabled(if: getenv("LODESTONE_GALLERY_ENGINE") != nil, "a picture to look at, made by scripts/gallery"))
    func contactSheet() throws {
        let out = try #require(getenv("LODESTONE_GALLERY_ENGINE").map { String(cString: $0) })
        let scale = 2.0, cols = 3
        let sheet = Canvas(width: Int(EngineScene.size.width * scale) * cols, height: Int(EngineScene.size.height * scale) * 2, scale: scale)
        sheet.clear(.white)
        for (i, s) in EngineScene.allCases.enumerated() {
            sheet.draw(s.render(scale: scale), at: Point(Double(i % cols) * EngineScene.size.width, Double(i / cols) * EngineScene.size.height))
        }
        try sheet.writePNG(to: out)
    }
}
