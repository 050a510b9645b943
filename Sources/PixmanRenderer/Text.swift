// Real text for annotations and labels (SPEC A3): FreeType glyphs at the exact pixel size
// (size × scale, so fractional scales stay sharp), cached per face, size and glyph.
import PointerEngine

/// A font request: a fontconfig family (DejaVu Sans by default) and a size in points.
public struct Font: Hashable, Sendable {
    public var family: String
    public var size: Double
    public var bold: Bool
    public init(family: String = "DejaVu Sans", size: Double, bold: Bool = false) {
        self.family = family; self.size = size; self.bold = bold
    }
    public static func system(_ size: Double, bold: Bool = false) -> Font { Font(size: size, bold: bold) }
    public static func monospaced(_ size: Double, bold: Bool = false) -> Font { Font(family: "DejaVu Sans Mono", size: size, bold: bold) }
}

/// A measured line of text, in points (not the engine's `PointerEngine.TextMetrics`, which
/// describes the lines of a text area).
public struct TextExtents: Hashable, Sendable {
    public var width: Double
    /// Distance from the baseline up to the top of the tallest glyph of the font.
    public var ascent: Double
    /// Distance from the baseline down (positive).
    public var descent: Double
    public var height: Double { ascent + descent }
}

/// Faces and rendered glyphs. One per RenderCache.
final class TextEngine {
    private struct FaceKey: Hashable { var family: String; var bold: Bool }
    private struct GlyphKey: Hashable { var face: Int; var size64: Int; var index: Int }
    private var faces: [FaceKey: (id: Int, face: FontFace?)] = [:]
    private let glyphs: LRUStore<GlyphKey, RenderedGlyph>
    private var indices: [Int: [Unicode.Scalar: Int]] = [:]
    /// Glyphs rasterized so far (tests check the cache works).
    private(set) var glyphMisses = 0

    /// Glyph and line images count against the renderer cache's byte budget.
    init(budget: CacheBudget) {
        glyphs = LRUStore(budget: budget)
        runs = LRUStore(budget: budget, noted: true)
    }

    private func face(_ font: Font) -> (id: Int, face: FontFace)? {
        let key = FaceKey(family: font.family, bold: font.bold)
        if let f = faces[key] { return f.face.map { (f.id, $0) } }
        let f = FontFace(family: font.family, bold: font.bold)
        let id = faces.count + 1
        faces[key] = (id, f)
        return f.map { (id, $0) }
    }

    /// The pixel size glyphs are rendered at (1/64 px): all that a font's size changes in a
    /// drawn line.
    static func size64(_ font: Font, scale: Double) -> Int { max(1, Int((font.size * scale * 64).rounded())) }

    /// Pixel-space layout: each glyph's image and pen x (1/64 px) plus the total advance.
    private func layout(_ text: String, _ font: Font, scale: Double) -> (glyphs: [(RenderedGlyph, Int)], advance64: Int, metrics: FaceMetrics)? {
        guard let (id, face) = face(font) else { return nil }
        let s64 = TextEngine.size64(font, scale: scale)
        var pen = 0
        var out: [(RenderedGlyph, Int)] = []
        for scalar in text.unicodeScalars {
            let index: Int
            if let i = indices[id]?[scalar] { index = i } else {
                index = face.glyphIndex(scalar); indices[id, default: [:]][scalar] = index
            }
            let key = GlyphKey(face: id, size64: s64, index: index)
            let g: RenderedGlyph
            if let cached = glyphs.value(key) { g = cached } else {
                g = face.render(glyph: index, size64: s64); glyphMisses += 1
                glyphs.insert(key, g, bytes: (g.image?.byteCount ?? 0) + 64)
            }
            out.append((g, pen))
            // Whole-pixel advances keep glyph spacing identical wherever the run is drawn.
            pen += (g.advance64 + 32) & ~63
        }
        return (out, pen, face.metrics(size64: s64))
    }

    /// Measured lines by string, font and pixel size (the scale enters through `size64`, and
    /// the result is divided by `scale`, so the scale is part of the key too). Laying a line out
    /// again costs a dictionary lookup per glyph; the showcase measures ~200 lines per frame
    /// (issue 8: text measuring was 8% of a frame). See `MeasureCache`.
    private var measured = MeasureCache()

    func measure(_ text: String, _ font: Font, scale: Double) -> TextExtents {
        let key = MeasureKey(text: text, font: font, size64: TextEngine.size64(font, scale: scale), scale: scale)
        if let m = measured[key] { return m }
        let m: TextExtents
        if let l = layout(text, font, scale: scale) {
            m = TextExtents(width: Double(l.advance64) / 64 / scale, ascent: Double(l.metrics.ascender64) / 64 / scale,
                            descent: Double(-l.metrics.descender64) / 64 / scale)
        } else {
            m = TextExtents(width: 0, ascent: font.size * 0.8, descent: font.size * 0.2)
        }
        measured.insert(m, for: key)
        return m
    }

    /// Lines measured so far (cache misses); tests check the cache works.
    var measureMisses: Int { measured.misses }
    /// Bytes the measurement cache holds now (bounded by `MeasureCache.byteLimit`).
    var measureCacheBytes: Int { measured.bytes }

    /// A whole line rendered once into one a8 image: drawing it is then a single composite
    /// (glyph-by-glyph compositing was the largest cost of a full repaint).
    /// A line's image depends on the face and the pixel size only (a font size animating by
    /// less than 1/64 px, as a spring settles, draws the same line).
    private struct RunKey: Hashable { var text: String; var family: String; var bold: Bool; var size64: Int }
    private struct Run { var image: PixmanImage?; var x: Int; var y: Int }
    private let runs: LRUStore<RunKey, Run>

    private func run(_ text: String, _ font: Font, scale: Double) -> Run? {
        let key = RunKey(text: text, family: font.family, bold: font.bold, size64: TextEngine.size64(font, scale: scale))
        if let r = runs.value(key) { return r }
        guard let l = layout(text, font, scale: scale) else { return nil }
        var box = PixelRect.zero
        for (g, pen) in l.glyphs {
            guard let img = g.image else { continue }
            box = box.union(PixelRect(x: (pen >> 6) + g.left, y: -g.top, width: img.width, height: img.height))
        }
        var run = Run(image: nil, x: box.x, y: box.y)
        if !box.isEmpty {
            let img = PixmanImage.owning(layout: .a8, width: box.width, height: box.height)
            for (g, pen) in l.glyphs {
                guard let gi = g.image else { continue }
                img.composite(.add, source: gi, to: (pen >> 6) + g.left - box.x, -g.top - box.y, width: gi.width, height: gi.height)
            }
            run.image = img
        }
        runs.insert(key, run, bytes: (run.image?.byteCount ?? 0) + 64)
        return run
    }

    /// The pixels a line of text covers when its baseline starts at `origin`.
    func inkBounds(_ text: String, _ font: Font, baseline origin: Point, scale: Double) -> PixelRect {
        guard let r = run(text, font, scale: scale), let img = r.image else { return .zero }
        let x0 = Int((origin.x * scale).rounded()), y0 = Int((origin.y * scale).rounded())
        return PixelRect(x: x0 + r.x, y: y0 + r.y, width: img.width, height: img.height)
    }

    /// The cached a8 image of a line and where it lands for a baseline at `origin`.
    func runImage(_ text: String, _ font: Font, baseline origin: Point, scale: Double) -> (PixmanImage, x: Int, y: Int)? {
        guard let r = run(text, font, scale: scale), let img = r.image else { return nil }
        let x0 = Int((origin.x * scale).rounded()), y0 = Int((origin.y * scale).rounded())
        return (img, x0 + r.x, y0 + r.y)
    }

    func draw(_ text: String, _ font: Font, baseline origin: Point, color: Color, opacity: Double, on canvas: Canvas) {
        guard let r = run(text, font, scale: canvas.scale), let img = r.image else { return }
        let x0 = Int((origin.x * canvas.scale).rounded()), y0 = Int((origin.y * canvas.scale).rounded())
        canvas.paint(source: canvas.cache.solid(color.fading(opacity).premultiplied), sourceOrigin: nil, maskImage: img,
                     at: x0 + r.x, y0 + r.y)
    }
}

struct MeasureKey: Hashable {
    var text: String
    var font: Font
    var size64: Int
    var scale: Double
    /// What an entry costs: the strings' bytes plus the key's and value's fixed part.
    var bytes: Int { text.utf8.count + font.family.utf8.count + MemoryLayout<MeasureKey>.stride + MemoryLayout<TextExtents>.stride + 32 }
}

/// A bounded memo of measured lines. Two generations: lookups promote entries of the older one;
/// when the newer one outgrows half the budget it becomes the older one and the older one is
/// dropped, so what stays is what was used recently and the total never exceeds `byteLimit`
/// (a session that draws ever new strings, like live coordinates, cannot grow it).
struct MeasureCache {
    static let byteLimit = 512 << 10
    private var young: [MeasureKey: TextExtents] = [:]
    private var old: [MeasureKey: TextExtents] = [:]
    private var youngBytes = 0
    private var oldBytes = 0
    private(set) var misses = 0
    var bytes: Int { youngBytes + oldBytes }
    var count: Int { young.count + old.count }

    subscript(key: MeasureKey) -> TextExtents? {
        mutating get {
            if let m = young[key] { return m }
            guard let m = old.removeValue(forKey: key) else { return nil }
            oldBytes -= key.bytes
            add(m, key)
            return m
        }
    }

    mutating func insert(_ m: TextExtents, for key: MeasureKey) {
        misses += 1
        add(m, key)
    }

    private mutating func add(_ m: TextExtents, _ key: MeasureKey) {
        let b = key.bytes
        // One entry larger than a generation: measured each time, never kept.
        guard b <= MeasureCache.byteLimit / 2 else { return }
        if youngBytes + b > MeasureCache.byteLimit / 2 {
            old = young; oldBytes = youngBytes
            young = [:]; youngBytes = 0
        }
        young[key] = m
        youngBytes += b
    }
}

extension Canvas {
    /// Draws a line of text with its baseline starting at `origin` (points).
    public func draw(_ text: String, font: Font, at origin: Point, _ color: Color, opacity: Double = 1) {
        guard color.alpha > 0, opacity > 0 else { return }
        cache.text.draw(text, font, baseline: origin, color: color, opacity: opacity, on: self)
    }

    /// The a8 coverage of a line of text as this canvas caches it (one image per line), and the
    /// pixels it covers — for tools compositing the same coverage elsewhere (the benchmark's
    /// equally-cached cairo peer). Nil for text with no ink.
    public func textCoverage(_ text: String, font: Font, at origin: Point) -> (rect: PixelRect, stride: Int, bytes: [UInt8])? {
        guard let (img, x, y) = cache.text.runImage(text, font, baseline: origin, scale: scale) else { return nil }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: img.data, count: img.stride * img.height))
        return (PixelRect(x: x, y: y, width: img.width, height: img.height), img.stride, bytes)
    }

    /// The size of a line of text at this canvas's scale.
    public func measure(_ text: String, font: Font) -> TextExtents {
        cache.text.measure(text, font, scale: scale)
    }
}
