// README's column claim (issue 30.11): "6 at 1920 pt and wider, 4 at 1440, 3 at 1280, 2 at
// 1024, 2 at 640" is what the showcase's layout gives at those common window sizes.
import Foundation
import Playground
import PointerEngine
import Testing

@Suite("README's columns by width match the layout (issue 30.11)")
struct ReadmeColumnsTests {
    @Test("Each \"N at W\" of README's column list is the layout's column count at W (the common heights)")
    func columnsClaim() throws {
        let readme = try String(contentsOfFile: ReplayProgramTests.root + "/README.md", encoding: .utf8)
        let line = try #require(readme.range(of: "(every row full): ").map { readme[$0.upperBound...].prefix(200) })
        let heights: [Double: Double] = [1920: 1080, 1440: 900, 1280: 800, 1024: 768, 640: 480]
        var claims = 0
        let words = line.replacingOccurrences(of: "\n", with: " ").split(separator: " ").map(String.init)
        for i in words.indices.dropLast(2) where words[i + 1] == "at" {
            guard let n = Int(words[i]), let w = Double(words[i + 2].filter(\.isNumber)), let h = heights[w] else { continue }
            let g = ShowcaseGeometry(size: Size(w, h))
            #expect(g.columns == n, "README says \(n) columns at \(Int(w)) pt; the layout at \(Int(w))×\(Int(h)) has \(g.columns)")
            claims += 1
        }
        #expect(claims == 5, "README's list changed: \(line)")
    }
}
