// Issue 32.1, SPEC W1: a window that draws its own decorations rounds its outer corners; the
// pixels outside each quarter circle become transparent, antialiased along the arc, only where
// the frame repainted (a pixel rounded at an earlier frame is not faded again).
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Rounded window corners (issue 32.1, W1)")
struct WindowCornersTests {
    static func alpha(_ c: Canvas, _ x: Int, _ y: Int) -> UInt32 { c.pixel(x: x, y: y) >> 24 }

    @Test("W1: outside the arc transparent, inside opaque, partial along it, in all four corners, at scale 1 and 2", arguments: [1.0, 2.0])
    func corners(scale: Double) {
        let c = Canvas(width: Int(100 * scale), height: Int(80 * scale), scale: scale)
        c.clear(Color(hex: 0xFF0000))
        c.roundCorners(radius: 12, repainted: [c.pixelBounds])
        let w = c.width, h = c.height, s = Int(scale)
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1), (2 * s, 2 * s), (w - 1 - 2 * s, h - 1 - 2 * s)] {
            #expect(Self.alpha(c, x, y) == 0, "(\(x), \(y)) at scale \(scale)")
        }
        for (x, y) in [(6 * s, 6 * s), (12 * s, 0), (0, 12 * s), (w - 1 - 6 * s, 6 * s), (w / 2, h / 2)] {
            #expect(Self.alpha(c, x, y) == 255, "(\(x), \(y)) at scale \(scale)")
        }
        // Antialiased: some pixels along the arc are partly covered, premultiplied (red ≤ alpha).
        let square = (0..<(12 * s)).flatMap { y in (0..<(12 * s)).map { c.pixel(x: $0, y: y) } }
        let arc = square.filter { ($0 >> 24) > 0 && ($0 >> 24) < 255 }
        #expect(!arc.isEmpty)
        #expect(arc.allSatisfy { ($0 >> 16) & 0xFF <= $0 >> 24 })
    }

    @Test("W1: pixels the frame did not repaint stay as they were (rounding twice would fade the arc)")
    func onlyRepainted() {
        let c = Canvas(width: 100, height: 80)
        c.clear(Color(hex: 0x00FF00))
        c.roundCorners(radius: 12, repainted: [c.pixelBounds])
        let once = (0..<12).map { c.pixel(x: $0, y: $0) }
        c.roundCorners(radius: 12, repainted: [PixelRect(x: 40, y: 30, width: 20, height: 20)])
        #expect((0..<12).map { c.pixel(x: $0, y: $0) } == once)
        // A corner repainted only on the right: the left ones untouched.
        let fresh = Canvas(width: 100, height: 80)
        fresh.clear(Color(hex: 0x00FF00))
        fresh.roundCorners(radius: 12, repainted: [PixelRect(x: 50, y: 0, width: 50, height: 80)])
        #expect(Self.alpha(fresh, 0, 0) == 255 && Self.alpha(fresh, 99, 0) == 0 && Self.alpha(fresh, 99, 79) == 0)
        // No radius: nothing.
        let square = Canvas(width: 100, height: 80)
        square.clear(Color(hex: 0x00FF00))
        square.roundCorners(radius: 0, repainted: [square.pixelBounds])
        #expect(Self.alpha(square, 0, 0) == 255)
    }
}
