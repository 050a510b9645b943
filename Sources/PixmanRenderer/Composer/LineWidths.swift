// Measuring lines of text for the kept display list (issue 8, latency): the HUD's pointer
// coordinates and the scrubber's times are new strings on most commits, and measuring a new
// line laid it out glyph by glyph through the renderer's caches (a fifth of composing on a
// woken thread). A line's width is the sum of its characters' whole-pixel advances (the
// renderer's TextEngine lays lines out so: no kerning, each advance rounded to a pixel), so
// it is computed here from each character's width, measured once per font.
//
// Correctness: only the kept build measures this way; the fresh build measures every line,
// and FrameComposerTests require both lists equal after every soak frame. LineWidthsTests
// compare the sums with measured lines directly (fonts, scales, non-ASCII characters).

/// Line widths from per-character advances, at one scale.
final class LineWidths {
    /// The scale lines are measured at (pixels per point).
    let scale: Double
    /// Fonts seen, each with its characters' advances in whole pixels (-1: not measured yet)
    /// and its ascent and descent (the same for every line of a font).
    private var fonts: [Font: Int] = [:]
    private var tables: [Table] = []
    private struct Table {
        var ascii = [Int32](repeating: -1, count: 128)
        var other: [UInt32: Int32] = [:]
        /// The empty line's extents: ascent and descent, the same for every line of the font.
        var empty: TextExtents
    }
    /// Fonts kept at most; past it all are forgotten (a font whose size animates makes a new
    /// font per frame).
    static let fontLimit = 48

    init(scale: Double) { self.scale = scale }

    /// Fonts kept now (tests).
    var fontCount: Int { tables.count }

    /// The extents of `text` in `font`; `measure` measures a line at `scale`.
    func measure(_ text: String, _ font: Font, _ measure: TextMeasure) -> TextExtents {
        // One character: measuring it is as cheap, and it is kept by the renderer.
        var scalars = text.unicodeScalars.makeIterator()
        guard scalars.next() != nil, scalars.next() != nil else { return measure(text, font) }
        let f: Int
        if let k = fonts[font] {
            f = k
        } else {
            if tables.count >= LineWidths.fontLimit { fonts = [:]; tables = [] }
            f = tables.count
            fonts[font] = f
            tables.append(Table(empty: measure("", font)))
        }
        var pixels = 0
        for s in text.unicodeScalars {
            let v = s.value
            var n = v < 128 ? tables[f].ascii[Int(v)] : tables[f].other[v] ?? -1
            if n < 0 {
                n = Int32((measure(String(s), font).width * scale).rounded())
                if v < 128 { tables[f].ascii[Int(v)] = n } else { tables[f].other[v] = n }
            }
            pixels += Int(n)
        }
        // The renderer's own arithmetic (1/64 px, then points), so the result is the same bits.
        var m = tables[f].empty
        m.width = Double(pixels * 64) / 64 / scale
        return m
    }
}
