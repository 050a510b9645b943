// Rounded window corners (issue 32.1, SPEC W1): a window that draws its own decorations rounds
// its outer corners as GNOME's windows do, the pixels outside each quarter circle made
// transparent (antialiased along the arc), so the desktop shows through; square again while
// maximized, fullscreen or tiled.

extension Canvas {
    /// Makes what lies outside a quarter circle of `radius` points in each corner transparent
    /// (premultiplied: every channel scaled by the coverage), for the pixels inside
    /// `repainted` only: those freshly painted (a pixel rounded before would fade again).
    public func roundCorners(radius: Double, repainted: [PixelRect]) {
        let r = radius * scale
        guard r > 0 else { return }
        let n = min(Int(r.rounded(.up)), width / 2, height / 2)
        let words = pixels.assumingMemoryBound(to: UInt32.self)
        let rowWords = stride / 4
        for j in 0..<n {
            for i in 0..<n {
                // The pixel's centre, from the arc's centre (r, r) of the top-left corner.
                let dx = r - (Double(i) + 0.5), dy = r - (Double(j) + 0.5)
                guard dx > 0, dy > 0 else { continue }
                let coverage = min(1, max(0, r - (dx * dx + dy * dy).squareRoot() + 0.5))
                guard coverage < 1 else { continue }
                for (x, y) in [(i, j), (width - 1 - i, j), (i, height - 1 - j), (width - 1 - i, height - 1 - j)]
                where repainted.contains(where: { x >= $0.x && x < $0.x + $0.width && y >= $0.y && y < $0.y + $0.height }) {
                    let p = words + y * rowWords + x
                    p.pointee = Self.scaled(p.pointee, by: coverage)
                }
            }
        }
    }

    /// A premultiplied ARGB word with every channel scaled by `k` (0…1).
    static func scaled(_ w: UInt32, by k: Double) -> UInt32 {
        guard k > 0 else { return 0 }
        var out: UInt32 = 0
        for shift in Swift.stride(from: 0, through: 24, by: 8) {
            let c = Double((w >> UInt32(shift)) & 0xFF) * k
            out |= UInt32(c.rounded()) << UInt32(shift)
        }
        return out
    }
}
