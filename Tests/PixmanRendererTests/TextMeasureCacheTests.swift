// Issue 8 (latency): text measurement is memoised by string, font, size and scale, within a
// byte bound. Measuring again must give the same extents without laying the line out again.
import Testing
import PointerEngine
@testable import PixmanRenderer

@Suite("Text measurement cache (issue 8, A3)")
struct TextMeasureCacheTests {
    @Test("a line measured twice is laid out once and measures the same", arguments: [1.0, 1.5, 2.0])
    func memoised(scale: Double) {
        let canvas = Canvas(width: 8, height: 8, scale: scale)
        let font = Font.system(13, bold: true)
        let first = canvas.measure("Gesture HUD", font: font)
        let misses = canvas.cache.measureMisses
        let again = canvas.measure("Gesture HUD", font: font)
        #expect(again == first)
        #expect(canvas.cache.measureMisses == misses)
        #expect(first.width > 40 && first.ascent > 0)
        // Another size, font or string is another entry.
        _ = canvas.measure("Gesture HUD", font: .system(14, bold: true))
        _ = canvas.measure("Gesture HUD", font: .monospaced(13, bold: true))
        _ = canvas.measure("Gesture HUE", font: font)
        #expect(canvas.cache.measureMisses == misses + 3)
    }

    @Test("the scale is part of the key: one cache shared by canvases of two scales measures each right")
    func scaleIsKeyed() {
        let one = Canvas(width: 8, height: 8, scale: 1)
        let two = Canvas(width: 8, height: 8, scale: 2, cache: one.cache)
        let fresh = Canvas(width: 8, height: 8, scale: 2)
        let font = Font.system(11)
        _ = one.measure("logical 1234, 567", font: font)
        #expect(two.measure("logical 1234, 567", font: font) == fresh.measure("logical 1234, 567", font: font))
    }

    @Test("ever new strings (live coordinates) never grow the cache past its bound; recent lines stay")
    func bounded() {
        let canvas = Canvas(width: 8, height: 8, scale: 1)
        let font = Font.monospaced(11)
        var peak = 0
        for i in 0..<40_000 {
            _ = canvas.measure("\(i), \(i * 7)", font: font)
            peak = max(peak, canvas.cache.measureCacheBytes)
        }
        #expect(peak <= MeasureCache.byteLimit)
        #expect(peak > MeasureCache.byteLimit / 4)
        let misses = canvas.cache.measureMisses
        _ = canvas.measure("39999, 279993", font: font)
        #expect(canvas.cache.measureMisses == misses)
    }
}
