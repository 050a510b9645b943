// Golden images: PNGs produced by the project under Tests/Fixtures/golden, compared with a
// small per-pixel tolerance. Regenerate with LODESTONE_UPDATE_GOLDENS=1 swift test --filter Golden
// (then LOOK at them). A mismatch writes the actual image under /tmp/lodestone-golden/.
import Testing
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

enum Golden {
    /// Largest per-channel difference (of 255) a pixel may show (FreeType/pixman rounding).
    static let channelTolerance: UInt32 = 3
    /// Fraction of pixels allowed past the tolerance.
    static let outlierFraction = 0.001

    static var directory: String {
        // …/Tests/PixmanRendererTests/Golden.swift → …/Tests/Fixtures/golden
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/golden"
    }

    /// The scales every golden is drawn at (issue 6: 1, 2 and 1.5).
    static let scales = [1.0, 2.0, 1.5]

    /// Each scene at each golden scale (test arguments).
    static func cases<Scene>(_ scenes: [Scene]) -> [(Scene, Double)] { scenes.flatMap { s in scales.map { (s, $0) } } }

    /// A golden's file name: "name@2x", "name@1.5x".
    static func name(_ base: String, scale: Double) -> String { "\(base)@\(scale == 1.5 ? "1.5" : String(Int(scale)))x" }

    static var updating: Bool { getenv("LODESTONE_UPDATE_GOLDENS").map { String(cString: $0) == "1" } ?? false }

    static func check(_ canvas: Canvas, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = "\(directory)/\(name).png"
        if updating {
            try canvas.writePNG(to: path)
            return
        }
        let expected: Canvas
        do { expected = try Canvas(contentsOfPNG: path) } catch {
            Issue.record("missing golden \(name).png (\(error)); run with LODESTONE_UPDATE_GOLDENS=1", sourceLocation: sourceLocation)
            return
        }
        #expect(expected.width == canvas.width && expected.height == canvas.height,
                "\(name): size \(canvas.width)×\(canvas.height), golden \(expected.width)×\(expected.height)",
                sourceLocation: sourceLocation)
        guard expected.width == canvas.width, expected.height == canvas.height else { return }
        var outliers = 0, worst: UInt32 = 0
        // Compare through the PNG encoding so both sides carry the same alpha rounding.
        let tmp = "/tmp/lodestone-golden-\(getpid())-\(name).png"
        try canvas.writePNG(to: tmp)
        let actual = try Canvas(contentsOfPNG: tmp)
        unlink(tmp)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let a = actual.pixel(x: x, y: y), b = expected.pixel(x: x, y: y)
                var d: UInt32 = 0
                for shift: UInt32 in [0, 8, 16, 24] {
                    let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
                    d = max(d, ca > cb ? ca - cb : cb - ca)
                }
                worst = max(worst, d)
                if d > channelTolerance { outliers += 1 }
            }
        }
        let allowed = Int(Double(canvas.width * canvas.height) * outlierFraction)
        if outliers > allowed {
            mkdir("/tmp/lodestone-golden", 0o755)
            try? canvas.writePNG(to: "/tmp/lodestone-golden/\(name).png")
        }
        #expect(outliers <= allowed,
                "\(name): \(outliers) pixels differ by more than \(channelTolerance) (worst \(worst)); actual in /tmp/lodestone-golden/\(name).png",
                sourceLocation: sourceLocation)
    }
}
