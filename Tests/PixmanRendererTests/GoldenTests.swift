// Golden images of every effect, pointer generation, accessory, annotation and the selection
// rectangle at scales 1, 2 and 1.5 (issue 6 "done when"; SPEC E1–E3, P1–P3, P6, A1–A3, I1, I2, I5).
import Testing
import PointerEngine
@testable import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

/// Small scenes drawn with the drawing library; each returns its display ops.
enum GalleryScene: String, CaseIterable, Sendable {
    case highlight, lift, hover, pointerModern, pointerClassic, beam, customPointer, accessories, annotation,
         bandSelection, scrollEdges, dropTargets

    static let size = Size(200, 120)
    static let background = Color(hex: 0xF2F2F7)

    func ops(_ canvas: Canvas) -> [DrawOp] {
        let bg: [DrawOp] = [.fill(.rect, Rect(x: 0, y: 0, width: GalleryScene.size.width, height: GalleryScene.size.height), GalleryScene.background)]
        return bg + body(canvas)
    }

    static func star(_ n: Int = 5) -> Path {
        Path.polygon((0..<(2 * n)).map { i in
            let a = Double(i) * .pi / Double(n) - .pi / 2
            let r = i % 2 == 0 ? 5.0 : 2.2
            return Point(5 + r * cos(a), 5 + r * sin(a))
        })
    }

    private func body(_ c: Canvas) -> [DrawOp] {
        switch self {
        case .highlight:
            let bar = Rect(x: 20, y: 40, width: 160, height: 40)
            var ops = Painter.control(bar, cornerRadius: 20, fill: .white, shadow: true)
            let buttons = (0..<3).map { Rect(x: bar.minX + 14 + Double($0) * 46, y: bar.minY + 6, width: 40, height: 28) }
            ops += Painter.platter(around: buttons[1], cornerRadius: 14, parallax: Vector(1.5, 0.8))
            for (i, b) in buttons.enumerated() {
                let glyph = Rect(x: b.midX - 7, y: b.midY - 7, width: 14, height: 14)
                ops.append(.fill(i == 1 ? .path(GalleryScene.star()) : (i == 0 ? .ellipse : .roundedRect(cornerRadius: 3)), glyph, Color.accent))
            }
            ops += Painter.arrowPointer(tip: Point(buttons[1].midX + 5, buttons[1].midY + 3))
            return ops
        case .lift:
            let a = Rect(x: 30, y: 35, width: 50, height: 50), b = Rect(x: 115, y: 35, width: 50, height: 50)
            var ops = Painter.appIcon(a, top: Color(hex: 0x5AC8FA), bottom: Color(hex: 0x007AFF), glyph: GalleryScene.star())
            let icon = Painter.appIcon(b, top: Color(hex: 0xFFD60A), bottom: Color(hex: 0xFF9F0A), glyph: Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)))
            ops += Painter.lift(icon, bounds: b, shape: .roundedRect(cornerRadius: b.width * 0.225), pointer: Point(b.minX + 16, b.minY + 14),
                                parallax: Vector(-1, -1))
            return ops
        case .hover:
            let card = Rect(x: 16, y: 20, width: 80, height: 80)
            let cardOps = Painter.control(card, cornerRadius: 12, fill: .white, border: Color.black.withAlpha(0.08))
                + [.fill(.roundedRect(cornerRadius: 6), Rect(x: 26, y: 30, width: 60, height: 36), Color(hex: 0xFF375F))]
            var ops = Painter.hover(cardOps, bounds: card, shape: .roundedRect(cornerRadius: 12), scale: 1.05,
                                    tint: .overlay(Color.black.withAlpha(0.025)), shadow: true)
            for i in 0..<3 {
                let row = Rect(x: 110, y: 24 + Double(i) * 26, width: 76, height: 24)
                let rowOps: [DrawOp] = [.fill(.roundedRect(cornerRadius: 3), Rect(x: row.minX + 8, y: row.midY - 3, width: 50, height: 6), Color.black.withAlpha(0.5))]
                ops += i == 1 ? Painter.hover(rowOps, bounds: row, shape: .roundedRect(cornerRadius: 6), tint: .underlay(Color.black.withAlpha(0.08)))
                              : rowOps
            }
            return ops
        case .pointerModern:
            var ops: [DrawOp] = [.fill(.rect, Rect(x: 100, y: 0, width: 100, height: 120), Color(hex: 0x1C1C1E))]
            ops += Painter.arrowPointer(tip: Point(30, 30))
            ops += Painter.arrowPointer(tip: Point(130, 30))
            ops += Painter.arrowPointer(tip: Point(55, 50), size: 2, look: .init(fill: Color(hex: 0xFF375F), border: .white, increasedContrast: true))
            ops += Painter.arrowPointer(tip: Point(160, 70), opacity: 0.5)
            return ops
        case .pointerClassic:
            let button = Rect(x: 110, y: 40, width: 64, height: 36)
            var ops = Painter.control(button, cornerRadius: 10, fill: .white, border: Color.black.withAlpha(0.1))
            ops += Painter.classicPointer(Rect(x: 30.5, y: 50.5, width: 19, height: 19), cornerRadius: 9.5)
            ops += Painter.classicPointer(button.outsetBy(3), cornerRadius: 13)
            ops += Painter.classicPointer(Rect(x: 60, y: 85, width: 19, height: 19), cornerRadius: 9.5,
                                          look: .init(fill: Color(hex: 0x0A84FF), border: .black, increasedContrast: true))
            return ops
        case .beam:
            let font = Font.system(13)
            var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 8), Rect(x: 10, y: 10, width: 180, height: 100), .white)]
            ops.append(.text("The quick brown fox", font, baseline: Point(20, 36), .black))
            ops.append(.text("jumps over the lazy dog", font, baseline: Point(20, 56), Color(hex: 0x3A3A3C)))
            ops += Painter.beam(center: Point(82, 32), lineHeight: 17)
            ops += Painter.beam(center: Point(120, 88), lineHeight: 17, vertical: false)
            return ops
        case .customPointer:
            let crosshair = Path { p in
                for (a, b) in [((4.0, 0.0), (6.0, 10.0)), ((0.0, 4.0), (10.0, 6.0))] {
                    p.move(to: Point(a.0, a.1)); p.line(to: Point(b.0, a.1)); p.line(to: Point(b.0, b.1)); p.line(to: Point(a.0, b.1)); p.close()
                }
            }
            var ops = Painter.customPointer(crosshair, in: Rect(x: 30, y: 40, width: 30, height: 30))
            ops += Painter.customPointer(GalleryScene.star(), in: Rect(x: 80, y: 35, width: 40, height: 40),
                                         look: .init(fill: Color(hex: 0xFFD60A), border: .black, increasedContrast: true))
            ops += Painter.customPointer(Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)), in: Rect(x: 140, y: 45, width: 24, height: 24))
            return ops
        case .accessories:
            let p1 = Point(40, 40)
            var ops = Painter.classicPointer(Rect(x: p1.x - 9.5, y: p1.y - 9.5, width: 19, height: 19), cornerRadius: 9.5)
            ops += Painter.accessory(.arrow, center: p1, angle: 0, distance: 17)
            ops += Painter.accessory(.arrow, center: p1, angle: .pi, distance: 17)
            let p2 = Point(100, 40)
            ops += Painter.arrowPointer(tip: p2)
            ops += Painter.accessory(.plus, center: p2, angle: .pi / 4, distance: 22)
            let p3 = Point(160, 40)
            ops += Painter.arrowPointer(tip: p3)
            ops += Painter.accessory(.circleSlash, center: p3, angle: .pi / 4, distance: 22)
            let p4 = Point(40, 80)
            ops += Painter.arrowPointer(tip: p4)
            ops += Painter.accessory(.link, center: p4, angle: .pi / 4, distance: 22)
            let p5 = Point(100, 85)
            ops += Painter.classicPointer(Rect(x: p5.x - 9.5, y: p5.y - 9.5, width: 19, height: 19), cornerRadius: 9.5)
            ops += Painter.accessory(.custom(GalleryScene.star()), center: p5, angle: -.pi / 2, distance: 18)
            ops += Painter.accessory(.arrow, center: p5, angle: .pi / 2, distance: 17, progress: 0.5)
            let p6 = Point(160, 80)
            ops += Painter.arrowPointer(tip: p6)
            ops += Painter.accessoryTransition(from: .plus, to: .circleSlash, t: 0.5, center: p6, angle: .pi / 4, distance: 22)
            return ops
        case .annotation:
            var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 8), Rect(x: 10, y: 10, width: 180, height: 100), .white)]
            let graph = Path { p in
                p.move(to: Point(0, 30)); p.cubic(control1: Point(30, 30), control2: Point(50, 0), to: Point(80, 5))
                p.cubic(control1: Point(110, 10), control2: Point(130, 25), to: Point(160, 20))
            }
            ops.append(.stroke(.path(graph), Rect(x: 20, y: 60, width: 160, height: 32), lineWidth: 2, Color.accent))
            ops.append(.fill(.ellipse, Rect(x: 95, y: 61, width: 8, height: 8), Color.accent))
            let text = "X 12.5  Y 3.25"
            ops += Painter.annotation(text, at: Point(96, 30), metrics: c.measure(text, font: Look.annotationFont))
            let size = "640 × 480"
            ops += Painter.annotation(size, at: Point(18, 18), metrics: c.measure(size, font: Look.annotationFont), opacity: 0.8)
            return ops
        case .bandSelection:
            var ops: [DrawOp] = []
            let band = Rect(corner: Point(36, 22), Point(132, 92))
            for i in 0..<4 { for j in 0..<3 {
                let r = Rect(x: 16 + Double(i) * 44, y: 14 + Double(j) * 34, width: 34, height: 26)
                let selected = band.intersects(r)
                ops += Painter.control(r, cornerRadius: 6, fill: selected ? Color(hex: 0xD0E4FF) : .white,
                                       border: selected ? Color.accent : Color.black.withAlpha(0.1))
            } }
            ops += Painter.bandSelection(band)
            ops += Painter.classicPointer(Rect(x: 132 - 4, y: 92 - 4, width: 8, height: 8), cornerRadius: 4)
            return ops
        case .scrollEdges:
            var ops: [DrawOp] = []
            let view = Rect(x: 20, y: 0, width: 160, height: 120)
            for i in 0..<8 {
                let r = Rect(x: 30, y: -6 + Double(i) * 18, width: 140, height: 14)
                ops.append(.fill(.roundedRect(cornerRadius: 4), r, i % 2 == 0 ? Color(hex: 0xFF9F0A) : Color(hex: 0x5E5CE6)))
            }
            ops += Painter.scrollEdgeEffect(view, edge: .top, hard: false, background: GalleryScene.background)
            ops += Painter.scrollEdgeEffect(view, edge: .bottom, hard: true, background: GalleryScene.background)
            ops += Painter.scrollIndicator(Rect(x: 174, y: 30, width: 3, height: 36))
            ops += Painter.control(Rect(x: 60, y: 6, width: 80, height: 16), cornerRadius: 8, fill: Color.white.withAlpha(0.9), shadow: true)
            return ops
        case .dropTargets:
            var ops = Painter.dropTarget(Rect(x: 10, y: 30, width: 54, height: 60), cornerRadius: 10, state: .idle)
            ops += Painter.dropTarget(Rect(x: 73, y: 30, width: 54, height: 60), cornerRadius: 10, state: .accepting)
            ops += Painter.dropTarget(Rect(x: 136, y: 30, width: 54, height: 60), cornerRadius: 10, state: .refusing)
            ops += Painter.arrowPointer(tip: Point(95, 55))
            ops += Painter.accessory(.plus, center: Point(95, 55), angle: .pi / 4, distance: 22)
            ops += Painter.arrowPointer(tip: Point(158, 55))
            ops += Painter.accessory(.circleSlash, center: Point(158, 55), angle: .pi / 4, distance: 22)
            return ops
        }
    }

    func render(scale: Double) -> Canvas {
        let c = Canvas(width: Int((GalleryScene.size.width * scale).rounded()), height: Int((GalleryScene.size.height * scale).rounded()), scale: scale)
        for op in ops(c) { c.draw(op) }
        return c
    }
}

@Suite("Golden images (SPEC E1-E3, P1-P3, P6, A1-A3, I1, I2, I5)")
struct GoldenTests {
    static let cases = Golden.cases(GalleryScene.allCases)

    @Test("scene matches its golden", arguments: cases)
    func scene(_ scene: GalleryScene, scale: Double) throws {
        let canvas = scene.render(scale: scale)
        try Golden.check(canvas, named: Golden.name(scene.rawValue, scale: scale))
    }
}

extension GoldenTests {
    /// With LODESTONE_GALLERY=path, writes every scene at one scale into one PNG to look at
    /// (`scripts/gallery` sets it and runs this); skipped otherwise (issue 34.7).
    @Test("contact sheet of every scene (scripts/gallery)",
          .enabled(if: getenv("LODESTONE_GALLERY") != nil, "a picture to look at, made by scripts/gallery"))
    func contactSheet() throws {
        let out = try #require(getenv("LODESTONE_GALLERY").map { String(cString: $0) })
        let scale = getenv("LODESTONE_GALLERY_SCALE").flatMap { Double(String(cString: $0)) } ?? 2
        let cols = 3, rows = (GalleryScene.allCases.count + cols - 1) / cols
        let sheet = Canvas(width: Int(GalleryScene.size.width * scale) * cols, height: Int(GalleryScene.size.height * scale) * rows, scale: scale)
        sheet.clear(.white)
        for (i, s) in GalleryScene.allCases.enumerated() {
            sheet.draw(s.render(scale: scale), at: Point(Double(i % cols) * GalleryScene.size.width, Double(i / cols) * GalleryScene.size.height))
        }
        try sheet.writePNG(to: out)
    }
}
