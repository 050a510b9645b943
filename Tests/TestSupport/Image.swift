// Decoded screenshots: 8-bit RGBA pixels from a PNG (the renderer's codec, PixmanRenderer's
// PNGFile), with helpers to sample pixels and regions.
import Foundation
internal import PixmanRenderer

/// One 8-bit straight-alpha pixel.
public struct RGBA: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8, g: UInt8, b: UInt8, a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// 0xRRGGBB, opaque.
    public init(hex: UInt32) {
        self.init(r: UInt8((hex >> 16) & 0xFF), g: UInt8((hex >> 8) & 0xFF), b: UInt8(hex & 0xFF))
    }
    /// The largest difference of any channel.
    public func distance(to o: RGBA) -> Int {
        max(abs(Int(r) - Int(o.r)), abs(Int(g) - Int(o.g)), abs(Int(b) - Int(o.b)), abs(Int(a) - Int(o.a)))
    }
    /// Equal within `tolerance` per channel.
    public func matches(_ o: RGBA, tolerance: Int = 2) -> Bool { distance(to: o) <= tolerance }
    public var description: String {
        "#" + [r, g, b].map { String($0, radix: 16).leftPadded(to: 2) }.joined() + (a == 255 ? "" : "/\(a)")
    }
}

extension String {
    fileprivate func leftPadded(to n: Int) -> String { String(repeating: "0", count: max(0, n - count)) + self }
}

public struct Image: Sendable {
    public let width: Int
    public let height: Int
    /// RGBA rows, no padding.
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4)
        self.width = width; self.height = height; self.pixels = pixels
    }

    public init(contentsOfPNG path: String) throws {
        do {
            let png = try PNGFile.read(path)
            self.init(width: png.width, height: png.height, pixels: png.rgba)
        } catch {
            throw HarnessError(error.description)
        }
    }

    public func contains(x: Int, y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// The pixel at (x, y) in image pixels.
    public func pixel(x: Int, y: Int) -> RGBA {
        precondition(contains(x: x, y: y), "(\(x), \(y)) is outside the \(width)x\(height) image")
        let i = (y * width + x) * 4
        return RGBA(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }

    /// Every pixel of the region (clipped to the image), row by row.
    public func pixels(x: Int, y: Int, width w: Int, height h: Int) -> [RGBA] {
        var out: [RGBA] = []
        for py in max(0, y)..<min(height, y + h) {
            for px in max(0, x)..<min(width, x + w) { out.append(pixel(x: px, y: py)) }
        }
        return out
    }

    /// How many pixels of the region match `color` within `tolerance`.
    public func count(of color: RGBA, x: Int, y: Int, width w: Int, height h: Int, tolerance: Int = 2) -> Int {
        pixels(x: x, y: y, width: w, height: h).filter { $0.matches(color, tolerance: tolerance) }.count
    }

    /// Writes the image as a PNG (for inspecting a failed test).
    public func writePNG(to path: String) throws {
        do { try PNGFile.write(rgba: pixels, width: width, height: height, to: path) } catch { throw HarnessError(error.description) }
    }
}
