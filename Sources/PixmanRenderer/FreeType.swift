// The seam to FreeType and fontconfig: finds a font file, loads faces, renders glyphs to a8.
// Above it: no FT_ or Fc types.
import CFreetype

/// A glyph rendered at one pixel size: coverage image and placement relative to the pen.
struct RenderedGlyph {
    /// a8 coverage, nil for blank glyphs (space).
    var image: PixmanImage?
    /// Offset of the image's top-left from the pen position on the baseline, pixels.
    var left: Int
    var top: Int
    /// Horizontal advance in 1/64 px.
    var advance64: Int
}

/// Vertical metrics at a pixel size, in 1/64 px (ascender positive up, descender negative).
struct FaceMetrics { var ascender64: Int; var descender64: Int; var height64: Int }

/// One font face (FT_Face) of a FreeType library.
final class FontFace {
    private let library: OpaquePointer
    private let face: FT_Face
    private var currentSize64 = -1
    let path: String

    /// Opens the file fontconfig picks for `family` (bold when `bold`); nil when neither
    /// fontconfig nor the DejaVu fallback path yields a loadable font.
    init?(family: String, bold: Bool) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { return nil }
        let candidates = [FontFace.match(family: family, bold: bold),
                          bold ? "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
                               : "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"].compactMap { $0 }
        var opened: FT_Face?
        var openedPath = ""
        for path in candidates {
            var f: FT_Face?
            if FT_New_Face(lib, path, 0, &f) == 0, let f { opened = f; openedPath = path; break }
        }
        guard let opened else { FT_Done_FreeType(lib); return nil }
        library = lib; face = opened; path = openedPath
    }

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// The font file fontconfig matches for a family name (its substitution rules apply).
    private static func match(family: String, bold: Bool) -> String? {
        guard let config = FcInitLoadConfigAndFonts() else { return nil }
        defer { FcConfigDestroy(config) }
        let spec = family + (bold ? ":weight=bold" : "")
        guard let pattern = spec.withCString({ FcNameParse(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) })
        else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }

    private func setSize(_ size64: Int) {
        guard size64 != currentSize64 else { return }
        // 72 dpi makes the char size in points equal to the size in pixels.
        _ = FT_Set_Char_Size(face, 0, FT_F26Dot6(size64), 72, 72)
        currentSize64 = size64
    }

    func metrics(size64: Int) -> FaceMetrics {
        setSize(size64)
        let m = face.pointee.size.pointee.metrics
        return FaceMetrics(ascender64: Int(m.ascender), descender64: Int(m.descender), height64: Int(m.height))
    }

    func glyphIndex(_ scalar: Unicode.Scalar) -> Int {
        Int(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// Renders a glyph with light (vertical-only) hinting, which keeps shapes faithful at
    /// fractional sizes while baselines and stems stay crisp.
    func render(glyph index: Int, size64: Int) -> RenderedGlyph {
        setSize(size64)
        // FT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_(FT_RENDER_MODE_LIGHT), a function-like macro.
        let targetLight = Int32(FT_RENDER_MODE_LIGHT.rawValue & 15) << 16
        guard FT_Load_Glyph(face, FT_UInt(index), Int32(FT_LOAD_RENDER) | targetLight) == 0 else {
            return RenderedGlyph(image: nil, left: 0, top: 0, advance64: 0)
        }
        let slot = face.pointee.glyph.pointee
        let bm = slot.bitmap
        var out = RenderedGlyph(image: nil, left: Int(slot.bitmap_left), top: Int(slot.bitmap_top),
                                advance64: Int(slot.advance.x))
        let w = Int(bm.width), h = Int(bm.rows)
        guard w > 0, h > 0, let src = bm.buffer, bm.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return out }
        let img = PixmanImage.owning(layout: .a8, width: w, height: h)
        let dst = img.data.assumingMemoryBound(to: UInt8.self)
        let pitch = Int(bm.pitch)
        for y in 0..<h {
            (dst + y * img.stride).update(from: src + y * pitch, count: w)
        }
        out.image = img
        return out
    }
}
