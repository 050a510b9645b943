// Anti-aliased coverage masks (a8), computed once per shape size and cached by RenderCache.
// Rounded rects and ellipses use signed distances (exact straight edges on whole pixels, smooth
// curves); arbitrary paths use an area-accumulation scanline rasterizer (signed area per cell,
// prefix-summed per row) — pixman's trapezoid rasterizer was the main cost of shapes (issue 6).

/// A float coverage buffer of `width`×`height` pixels, 0…1 per pixel.
struct Coverage {
    let width: Int
    let height: Int
    var values: [Float]

    init(width: Int, height: Int) {
        self.width = max(width, 0); self.height = max(height, 0)
        values = [Float](repeating: 0, count: self.width * self.height)
    }

    /// Coverage of a rounded rectangle filling the whole buffer, corner radius `r` pixels.
    static func roundedRect(width: Int, height: Int, radius: Double) -> Coverage {
        var c = Coverage(width: width, height: height)
        let r = min(max(radius, 0), Double(min(width, height)) / 2)
        let corner = Int(r.rounded(.up))
        let hw = Double(width) / 2, hh = Double(height) / 2
        c.values.withUnsafeMutableBufferPointer { v in
            for y in 0..<height {
                let row = y * width
                let inCornerRows = y < corner || y >= height - corner
                if !inCornerRows {
                    for x in 0..<width { v[row + x] = 1 }
                    continue
                }
                for x in 0..<width {
                    if x >= corner && x < width - corner { v[row + x] = 1; continue }
                    let d = roundedRectDistance(Double(x) + 0.5 - hw, Double(y) + 0.5 - hh, hw, hh, r)
                    v[row + x] = Float(min(max(0.5 - d, 0), 1))
                }
            }
        }
        return c
    }

    /// A ring along the inside of a rounded rectangle's edge, `lineWidth` pixels wide.
    static func roundedRectRing(width: Int, height: Int, radius: Double, lineWidth: Double) -> Coverage {
        var c = Coverage(width: width, height: height)
        let r = min(max(radius, 0), Double(min(width, height)) / 2)
        let hw = Double(width) / 2, hh = Double(height) / 2
        let half = lineWidth / 2
        c.values.withUnsafeMutableBufferPointer { v in
            for y in 0..<height {
                for x in 0..<width {
                    let d = roundedRectDistance(Double(x) + 0.5 - hw, Double(y) + 0.5 - hh, hw, hh, r)
                    // Distance to the centre line of a stroke lying inside the edge.
                    let ring = abs(d + half) - half
                    v[y * width + x] = Float(min(max(0.5 - ring, 0), 1))
                }
            }
        }
        return c
    }

    /// An ellipse inscribed in the buffer (a circle when square).
    static func ellipse(width: Int, height: Int) -> Coverage {
        var c = Coverage(width: width, height: height)
        let a = Double(width) / 2, b = Double(height) / 2
        guard a > 0, b > 0 else { return c }
        c.values.withUnsafeMutableBufferPointer { v in
            for y in 0..<height {
                for x in 0..<width {
                    let px = Double(x) + 0.5 - a, py = Double(y) + 0.5 - b
                    // First-order distance to an ellipse: f / |∇f| with f = |p/r| − 1.
                    let k0 = ((px / a) * (px / a) + (py / b) * (py / b)).squareRoot()
                    let k1 = ((px / (a * a)) * (px / (a * a)) + (py / (b * b)) * (py / (b * b))).squareRoot()
                    let d = k1 > 0 ? k0 * (k0 - 1) / k1 : -min(a, b)
                    v[y * width + x] = Float(min(max(0.5 - d, 0), 1))
                }
            }
        }
        return c
    }

    /// Fills polygons (pixel coordinates inside the buffer) with the non-zero rule, for shapes
    /// whose sub-polygons share one orientation (paths and stroke outlines built here do).
    static func polygons(_ polys: [[(Double, Double)]], width: Int, height: Int) -> Coverage {
        var acc = Accumulator(width: width, height: height)
        for poly in polys where poly.count >= 2 {
            for i in 0..<poly.count {
                let a = poly[i], b = poly[(i + 1) % poly.count]
                acc.line(a, b)
            }
        }
        return acc.coverage()
    }

    /// Gaussian-like blur (three box passes) with standard deviation `sigma` pixels. The
    /// buffer should carry ≥ 3σ of empty margin.
    mutating func blur(sigma: Double) {
        guard width > 0, height > 0 else { return }
        let radii = Coverage.boxRadii(sigma: sigma)
        guard !radii.isEmpty else { return }
        var tmp = [Float](repeating: 0, count: values.count)
        for r in radii where r > 0 {
            Coverage.boxBlurH(&values, &tmp, width, height, r)
            Coverage.boxBlurV(&tmp, &values, width, height, r)
        }
    }

    /// Radii of the three box passes approximating a Gaussian of `sigma` pixels (Kovesi);
    /// none when the blur is too small to matter. A blurred pixel depends on the pixels at
    /// most their sum away in each axis.
    static func boxRadii(sigma: Double) -> [Int] {
        guard sigma > 0.3 else { return [] }
        let n = 3.0
        let wIdeal = (12 * sigma * sigma / n + 1).squareRoot()
        var wl = Int(wIdeal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let m = ((12 * sigma * sigma - n * Double(wl * wl) - 4 * n * Double(wl) - 3 * n) / (-4 * Double(wl) - 4)).rounded()
        return (0..<3).map { (Double($0) < m ? wl : wl + 2) / 2 }
    }

    private static func boxBlurH(_ src: inout [Float], _ dst: inout [Float], _ w: Int, _ h: Int, _ r: Int) {
        let inv = 1 / Float(2 * r + 1)
        src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { d in
            for y in 0..<h {
                let row = y * w
                var sum: Float = 0
                for x in -r...r where x >= 0 && x < w { sum += s[row + x] }
                for x in 0..<w {
                    d[row + x] = sum * inv
                    let add = x + r + 1, sub = x - r
                    if add < w { sum += s[row + add] }
                    if sub >= 0 { sum -= s[row + sub] }
                }
            }
        } }
    }

    private static func boxBlurV(_ src: inout [Float], _ dst: inout [Float], _ w: Int, _ h: Int, _ r: Int) {
        let inv = 1 / Float(2 * r + 1)
        src.withUnsafeBufferPointer { s in dst.withUnsafeMutableBufferPointer { d in
            for x in 0..<w {
                var sum: Float = 0
                for y in -r...r where y >= 0 && y < h { sum += s[y * w + x] }
                for y in 0..<h {
                    d[y * w + x] = sum * inv
                    let add = y + r + 1, sub = y - r
                    if add < h { sum += s[add * w + x] }
                    if sub >= 0 { sum -= s[sub * w + x] }
                }
            }
        } }
    }

    /// Copies this coverage into a new a8 pixman image.
    func image() -> PixmanImage {
        let img = PixmanImage.owning(layout: .a8, width: width, height: height)
        let stride = img.stride
        let bytes = img.data.assumingMemoryBound(to: UInt8.self)
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                let row = bytes + y * stride
                for x in 0..<width { row[x] = UInt8(min(max(v[y * width + x], 0), 1) * 255 + 0.5) }
            }
        }
        return img
    }

    /// Places `other` into this buffer at (`dx`, `dy`) (for padding before a blur).
    mutating func paste(_ other: Coverage, at dx: Int, _ dy: Int) {
        for y in 0..<other.height where y + dy >= 0 && y + dy < height {
            for x in 0..<other.width where x + dx >= 0 && x + dx < width {
                values[(y + dy) * width + x + dx] = other.values[y * other.width + x]
            }
        }
    }
}

/// Signed distance from (px, py) (relative to the centre) to a rounded rectangle of half size
/// (hw, hh) and corner radius r: negative inside.
@inline(__always)
func roundedRectDistance(_ px: Double, _ py: Double, _ hw: Double, _ hh: Double, _ r: Double) -> Double {
    let qx = abs(px) - (hw - r), qy = abs(py) - (hh - r)
    let ox = max(qx, 0), oy = max(qy, 0)
    return (ox * ox + oy * oy).squareRoot() + min(max(qx, qy), 0) - r
}

/// Signed-area accumulation rasterizer: every line adds its signed coverage to the cells it
/// crosses; a running sum along each row then gives the winding-weighted coverage.
private struct Accumulator {
    let width: Int, height: Int
    let rowStride: Int
    var cells: [Float]

    init(width: Int, height: Int) {
        self.width = width; self.height = height
        rowStride = width + 2
        cells = [Float](repeating: 0, count: rowStride * max(height, 0))
    }

    mutating func line(_ a: (Double, Double), _ b: (Double, Double)) {
        guard a.1 != b.1 else { return }
        let dir: Float = a.1 < b.1 ? 1 : -1
        let (p0, p1) = a.1 < b.1 ? (a, b) : (b, a)
        let dxdy = (p1.0 - p0.0) / (p1.1 - p0.1)
        let yStart = max(p0.1, 0), yEnd = min(p1.1, Double(height))
        guard yStart < yEnd else { return }
        var x = p0.0 + (yStart - p0.1) * dxdy
        let w = Double(width)
        var yi = Int(yStart.rounded(.down))
        cells.withUnsafeMutableBufferPointer { c in
            while Double(yi) < yEnd {
                let rowTop = max(Double(yi), yStart), rowBottom = min(Double(yi + 1), yEnd)
                let dy = rowBottom - rowTop
                let xNext = x + dxdy * dy
                let d = Float(dy) * dir
                let ls = yi * rowStride
                // Clamp to the buffer: area left of it still counts at column 0.
                let xa = min(max(x, 0), w), xb = min(max(xNext, 0), w)
                let x0 = min(xa, xb), x1 = max(xa, xb)
                let x0f = x0.rounded(.down), x0i = Int(x0f)
                let x1c = x1.rounded(.up), x1i = Int(x1c)
                if x1i <= x0i + 1 {
                    let xmf = Float(0.5 * (xa + xb) - x0f)
                    c[ls + x0i] += d - d * xmf
                    c[ls + x0i + 1] += d * xmf
                } else {
                    let s = Float(1 / (x1 - x0))
                    let fx0 = Float(x0 - x0f)
                    let a0 = 0.5 * s * (1 - fx0) * (1 - fx0)
                    let fx1 = Float(x1 - x1c + 1)
                    let am = 0.5 * s * fx1 * fx1
                    c[ls + x0i] += d * a0
                    if x1i == x0i + 2 {
                        c[ls + x0i + 1] += d * (1 - a0 - am)
                    } else {
                        let a1 = s * (1.5 - fx0)
                        c[ls + x0i + 1] += d * (a1 - a0)
                        if x0i + 2 < x1i - 1 {
                            for xi in (x0i + 2)..<(x1i - 1) { c[ls + xi] += d * s }
                        }
                        let a2 = a1 + Float(x1i - x0i - 3) * s
                        c[ls + x1i - 1] += d * (1 - a2 - am)
                    }
                    c[ls + x1i] += d * am
                }
                x = xNext
                yi += 1
            }
        }
    }

    func coverage() -> Coverage {
        var out = Coverage(width: width, height: height)
        out.values.withUnsafeMutableBufferPointer { o in
            cells.withUnsafeBufferPointer { c in
                for y in 0..<height {
                    var sum: Float = 0
                    for x in 0..<width {
                        sum += c[y * rowStride + x]
                        o[y * width + x] = min(abs(sum), 1)
                    }
                }
            }
        }
        return out
    }
}
