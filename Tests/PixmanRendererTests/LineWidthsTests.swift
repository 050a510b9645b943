// Issue 8 (latency): the kept display list measures lines from their characters' widths
// (LineWidths). That must give exactly what measuring the whole line gives, bit for bit, or
// text would move by a pixel between a kept and a fresh build.
import Testing
@testable import PixmanRenderer

@Suite("Line widths from characters equal measured lines (issue 8; A3)")
struct LineWidthsTests {
    static let lines = ["1234, 567", "-12, 0", "× 1.25", "37.5°", "← left", "— · ⌥ copy · ⌥⌘ link", "0:07", "-1:23:45",
                        "Gesture HUD", "wheel detents", "WAVY avatar Tj", "gliding", "ﬁ ligature", "x"]
    static let fonts: [Font] = [.system(11), .system(13, bold: true), .monospaced(11), .monospaced(11, bold: true), .system(9.5),
                                Font(family: "No Such Family Anywhere", size: 12)]

    @Test("widths, ascents and descents equal the renderer's measure of the whole line", arguments: [1.0, 1.5, 2.0, 0.5, 1.25])
    func sameAsMeasured(scale: Double) {
        let canvas = Canvas(width: 8, height: 8, scale: scale)
        let measure: TextMeasure = { canvas.measure($0, font: $1) }
        let widths = LineWidths(scale: scale)
        for font in Self.fonts {
            for line in Self.lines {
                // Twice: from characters first measured, then from kept widths.
                for _ in 0..<2 {
                    let sum = widths.measure(line, font, measure), whole = canvas.measure(line, font: font)
                    #expect(sum == whole, "\(line) in \(font.family) \(font.size) at scale \(scale)")
                }
            }
        }
    }

    @Test("fonts past the limit are forgotten and measured again, still equal")
    func fontLimit() {
        let canvas = Canvas(width: 8, height: 8, scale: 1)
        let widths = LineWidths(scale: 1)
        for k in 0..<(LineWidths.fontLimit * 2) {
            let font = Font.system(8 + Double(k) / 4)
            #expect(widths.measure("12:34", font, { canvas.measure($0, font: $1) }) == canvas.measure("12:34", font: font))
        }
        #expect(widths.fontCount <= LineWidths.fontLimit)
    }
}
