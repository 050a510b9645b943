// The scene `lodestone bench render` draws: a showcase-like window filling 1920×1080 pt (a
// toolbar with a platter, app icons with one lifted, cards with one hovered, rows of text, a text
// area, a scroll view with indicator and soft edge) plus the pointer, which is all that moves.
import PointerEngine
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

struct RenderBenchScene {
    static let size = Size(1920, 1080)
    static let background = Color(hex: 0xF2F2F7)
    let staticItems: [DisplayItem]

    init(scale: Double) {
        let measure = Canvas(width: 1, height: 1, scale: scale)
        var items: [DisplayItem] = []
        func add(_ name: String, _ i: Int = 0, _ ops: [DrawOp]) { items.append(DisplayItem(ItemID(name, i), ops)) }
        let star = Path.polygon((0..<10).map { i in
            let a = Double(i) * Double.pi / 5 - Double.pi / 2
            let r = i % 2 == 0 ? 5.0 : 2.2
            return Point(5 + r * RenderBenchScene.cos(a), 5 + r * RenderBenchScene.sin(a))
        })
        // Toolbar with bar buttons; the third has the highlight platter.
        let bar = Rect(x: 24, y: 20, width: 1872, height: 56)
        add("toolbar", 0, Painter.control(bar, cornerRadius: 28, fill: .white, shadow: true))
        for i in 0..<12 {
            let b = Rect(x: bar.minX + 16 + Double(i) * 52, y: bar.minY + 8, width: 44, height: 40)
            if i == 2 { add("platter", 0, Painter.platter(around: b, cornerRadius: 12, parallax: Vector(1, 0.5))) }
            let g = Rect(x: b.midX - 9, y: b.midY - 9, width: 18, height: 18)
            add("button", i, [.fill(i % 3 == 0 ? .ellipse : (i % 3 == 1 ? .path(star) : .roundedRect(cornerRadius: 4)), g, Color.accent)])
        }
        let title = "Lodestone — benchmark scene"
        add("title", 0, Painter.label(title, in: Rect(x: 760, y: 20, width: 400, height: 56), font: .system(15, bold: true), color: .black,
                                      metrics: measure.measure(title, font: .system(15, bold: true))))
        // App icons, one lifted.
        let palette: [(UInt32, UInt32)] = [(0x5AC8FA, 0x007AFF), (0xFFD60A, 0xFF9F0A), (0x30D158, 0x248A3D), (0xFF6482, 0xFF2D55), (0xBF5AF2, 0x8944AB)]
        for i in 0..<24 {
            let r = Rect(x: 40 + Double(i % 6) * 96, y: 110 + Double(i / 6) * 104, width: 72, height: 72)
            let (t, b) = palette[i % palette.count]
            let icon = Painter.appIcon(r, top: Color(hex: t), bottom: Color(hex: b), glyph: i % 2 == 0 ? star : Path.ellipse(in: Rect(x: 0, y: 0, width: 10, height: 10)))
            add("icon", i, i == 7 ? Painter.lift(icon, bounds: r, shape: .roundedRect(cornerRadius: 16), pointer: Point(r.minX + 20, r.minY + 18))
                                  : icon)
        }
        // Cards, one hovered (scaled, shadow, overlay tint).
        for i in 0..<6 {
            let r = Rect(x: 640 + Double(i % 3) * 300, y: 110 + Double(i / 3) * 220, width: 280, height: 200)
            var ops = Painter.control(r, cornerRadius: 18, fill: .white, shadow: true)
            ops.append(.gradient(.roundedRect(cornerRadius: 12), Rect(x: r.minX + 12, y: r.minY + 12, width: r.width - 24, height: 120),
                                 .vertical(Color(hex: palette[i % 5].0), Color(hex: palette[i % 5].1)), opacity: 1))
            let caption = "Card \(i + 1): a place to try hover"
            ops.append(.text(caption, .system(13), baseline: Point(r.minX + 16, r.minY + 160), Color(hex: 0x3A3A3C)))
            add("card", i, i == 4 ? Painter.hover(ops, bounds: r, shape: .roundedRect(cornerRadius: 18), scale: 1.04,
                                                  tint: .overlay(Color.black.withAlpha(0.03)), shadow: true) : ops)
        }
        // A list of rows with text; one row tinted.
        for i in 0..<10 {
            let r = Rect(x: 40, y: 540 + Double(i) * 50, width: 560, height: 46)
            var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 10), r, .white)]
            if i == 3 { ops.insert(contentsOf: Painter.hover([], bounds: r, shape: .roundedRect(cornerRadius: 10), tint: .underlay(Color.black.withAlpha(0.06))), at: 1) }
            ops.append(.fill(.ellipse, Rect(x: r.minX + 12, y: r.minY + 9, width: 28, height: 28), Color(hex: palette[i % 5].1)))
            ops.append(.text("Row \(i + 1) — list item with a label", .system(14), baseline: Point(r.minX + 52, r.minY + 28), .black))
            add("row", i, ops)
        }
        // A text area.
        let area = Rect(x: 640, y: 560, width: 880, height: 480)
        add("textarea", 0, Painter.control(area, cornerRadius: 14, fill: .white, border: Color.black.withAlpha(0.08)))
        for line in 0..<16 {
            add("text", line, [.text("Line \(line + 1): The quick brown fox jumps over the lazy dog, again and again.", .system(15),
                                     baseline: Point(area.minX + 20, area.minY + 36 + Double(line) * 27), Color(hex: 0x1C1C1E))])
        }
        // A scroll view with an indicator and a soft top edge under a floating control.
        let scroll = Rect(x: 1560, y: 110, width: 336, height: 930)
        add("scroll", 0, Painter.control(scroll, cornerRadius: 14, fill: .white))
        // Scrolled by 30 pt: the first and last rows are cut by the viewport (item clip).
        for i in 0..<15 {
            items.append(DisplayItem(ItemID("scrollrow", i),
                                     [.fill(.roundedRect(cornerRadius: 8), Rect(x: scroll.minX + 12, y: scroll.minY + 12 + Double(i) * 66 - 30,
                                                                                 width: 312, height: 56),
                                            Color(hex: palette[i % 5].0).withAlpha(0.35))], clip: scroll))
        }
        add("edge", 0, Painter.scrollEdgeEffect(scroll, edge: .top, hard: false, background: .white))
        add("indicator", 0, Painter.scrollIndicator(Rect(x: scroll.maxX - 7, y: scroll.minY + 40, width: 3, height: 120)))
        staticItems = items
    }

    /// The frame for a pointer tip at `p`.
    func items(pointer p: Point) -> [DisplayItem] {
        staticItems + [DisplayItem(ItemID("pointer"), Painter.arrowPointer(tip: p))]
    }

    /// Where the pointer is on frame `n`: a smooth Lissajous sweep over the whole scene,
    /// a few points per frame like a real pointer moving quickly.
    static func pointer(frame n: Int) -> Point {
        let t = Double(n) * 0.004
        return Point(960 + 900 * sin(t * 3), 540 + 500 * sin(t * 4 + 0.5))
    }

    static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    static func cos(_ x: Double) -> Double { Glibc.cos(x) }
}
