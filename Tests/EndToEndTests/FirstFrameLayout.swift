// What the first frame should look like at a point of the window, from the layout itself
// (Playground.FirstFrame), so screenshots are checked against the source of truth.
import Playground
import PixmanRenderer
import PointerEngine
import TestSupport

enum FirstFrameLayout {
    static func rgba(_ c: PointerEngine.Color) -> RGBA {
        RGBA(r: UInt8((c.red * 255).rounded()), g: UInt8((c.green * 255).rounded()), b: UInt8((c.blue * 255).rounded()))
    }

    static let background = rgba(FirstFrame.background)

    /// Signed distance (points) from `p` to the rounded rect's outline: negative inside.
    static func distance(_ p: Point, to c: FirstFrame.Control) -> Double {
        let r = min(c.cornerRadius, min(c.frame.width, c.frame.height) / 2)
        let qx = abs(p.x - c.frame.midX) - (c.frame.width / 2 - r)
        let qy = abs(p.y - c.frame.midY) - (c.frame.height / 2 - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    /// The colour the layout puts at `p`, or nil within `margin` points of any control's
    /// outline (anti-aliased edges have blended colours).
    static func expectedColor(at p: Point, margin: Double) -> RGBA? {
        var color = background
        for c in FirstFrame.controls {
            let d = distance(p, to: c)
            if abs(d) < margin { return nil }
            if d < 0 { color = rgba(c.color) }
        }
        return color
    }

    struct Mismatch: CustomStringConvertible {
        var point: Point
        var expected: RGBA
        var found: RGBA
        var description: String { "at \(point) pt expected \(expected), found \(found)" }
    }

    /// Compares a grid of points (every `step` pt over the layout) of `image`, where the
    /// window's content starts at `origin` (image pixels) and 1 pt = `scale` pixels.
    static func mismatches(in image: Image, origin: (x: Int, y: Int), scale: Double, step: Double = 5) -> [Mismatch] {
        var out: [Mismatch] = []
        var y = 0.5
        while y < FirstFrame.minimumSize.height {
            var x = 0.5
            while x < FirstFrame.minimumSize.width {
                let p = Point(x: x, y: y)
                if let expected = expectedColor(at: p, margin: 1.5) {
                    let px = origin.x + Int((x * scale).rounded(.down)), py = origin.y + Int((y * scale).rounded(.down))
                    let found = image.pixel(x: px, y: py)
                    if !found.matches(expected) { out.append(Mismatch(point: p, expected: expected, found: found)) }
                }
                x += step
            }
            y += step
        }
        return out
    }

    /// Aligned 2×2 pixel blocks along the primary button's rounded ends that are not one flat
    /// colour: detail finer than a point. A scale-1 buffer that the compositor scales up turns
    /// every such block into one colour, so at scale 2 a crisp frame has many.
    static func subPointDetail(in shot: Image, origin: (x: Int, y: Int), scale: Double) -> Int {
        let button = FirstFrame.control(named: "primary button")!
        let bx = origin.x + Int(button.frame.minX * scale), by = origin.y + Int(button.frame.minY * scale)
        var detailed = 0
        for y in stride(from: by - 2, to: by + Int(button.frame.height * scale) + 2, by: 2) {
            for x in stride(from: bx - 2, to: bx + Int(button.frame.width * scale) + 2, by: 2) {
                let block = Set([shot.pixel(x: x, y: y), shot.pixel(x: x + 1, y: y), shot.pixel(x: x, y: y + 1), shot.pixel(x: x + 1, y: y + 1)])
                if block.count > 1 { detailed += 1 }
            }
        }
        return detailed
    }
}
