// PNG files through libpng's simplified API (no setjmp/longjmp: errors come back as values).
import CPNG

/// A PNG that could not be written or read, with the file and libpng's reason.
public struct PNGError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

extension Canvas {
    /// Writes the canvas as an 8-bit RGBA PNG (straight alpha, sRGB).
    public func writePNG(to path: String) throws {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                let a = p >> 24
                let i = (y * width + x) * 4
                // Un-premultiply with rounding; a = 0 leaves black.
                @inline(__always) func un(_ c: UInt32) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (c * 255 + a / 2) / a)) }
                rgba[i] = un((p >> 16) & 0xFF); rgba[i + 1] = un((p >> 8) & 0xFF); rgba[i + 2] = un(p & 0xFF)
                rgba[i + 3] = UInt8(a)
            }
        }
        try PNGFile.write(rgba: rgba, width: width, height: height, to: path)
    }

    /// Reads a PNG into a new offscreen canvas (premultiplied), for golden comparisons and icons.
    public convenience init(contentsOfPNG path: String, scale: Double = 1, cache: RenderCache = RenderCache()) throws {
        let (w, h, rgba) = try PNGFile.read(path)
        self.init(width: w, height: h, scale: scale, cache: cache)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                let a = UInt32(rgba[i + 3])
                @inline(__always) func pm(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
                let word = a << 24 | pm(rgba[i]) << 16 | pm(rgba[i + 1]) << 8 | pm(rgba[i + 2])
                pixels.storeBytes(of: word, toByteOffset: y * stride + x * 4, as: UInt32.self)
            }
        }
    }
}

/// The project's one PNG codec: 8-bit straight-alpha RGBA rows without padding, in and out.
/// Canvases use it, and so do the test harness's screenshots (TestSupport's `Image`).
package enum PNGFile {
    static func message(_ img: inout png_image) -> String {
        withUnsafeBytes(of: &img.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Decodes the PNG at `path`: its width, height and RGBA bytes.
    package static func read(_ path: String) throws(PNGError) -> (width: Int, height: Int, rgba: [UInt8]) {
        var img = png_image()
        img.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&img, path) != 0 else {
            let m = message(&img)
            throw PNGError(path: path, reason: m.isEmpty ? "cannot read" : m)
        }
        img.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let w = Int(img.width), h = Int(img.height)
        guard w > 0, h > 0, w <= 1 << 15, h <= 1 << 15 else {
            png_image_free(&img)
            throw PNGError(path: path, reason: "unsupported size \(w)×\(h)")
        }
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        let ok = rgba.withUnsafeMutableBytes { png_image_finish_read(&img, nil, $0.baseAddress, Int32(w * 4), nil) }
        guard ok != 0 else {
            let m = message(&img)
            png_image_free(&img)
            throw PNGError(path: path, reason: m.isEmpty ? "corrupt image data" : m)
        }
        return (w, h, rgba)
    }

    /// Encodes `rgba` (width × height RGBA bytes, straight alpha, sRGB) as a PNG at `path`.
    package static func write(rgba: [UInt8], width: Int, height: Int, to path: String) throws(PNGError) {
        precondition(rgba.count == width * height * 4, "PNGFile.write: \(rgba.count) bytes for \(width)×\(height)")
        var img = png_image()
        img.version = UInt32(PNG_IMAGE_VERSION)
        img.width = UInt32(width); img.height = UInt32(height)
        img.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        let ok = rgba.withUnsafeBytes { buf in
            png_image_write_to_file(&img, path, 0, buf.baseAddress, Int32(width * 4), nil)
        }
        if ok == 0 {
            let reason = message(&img)
            png_image_free(&img)
            throw PNGError(path: path, reason: reason.isEmpty ? "cannot write" : reason)
        }
    }
}
