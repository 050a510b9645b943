// `lodestone lint` (SPEC L1–L8 over files): the report's lines and exit status, the built-in
// showcase and every layout the repository ships. The rules themselves: Tests/LayoutKitTests.
import Foundation
import InputProtocol
import LayoutKit
import Testing
import PointerEngine
@testable import Playground

@Suite("Layout linter over the showcase and the shipped layouts")
struct ShippedLayoutLintTests {
    @Test("The built-in showcase is clean (L1–L8): `lodestone lint` without a file reports nothing")
    func showcaseIsClean() {
        #expect(LayoutLinter.lint(LayoutDocument(layout: Showcase.layout())).map(\.description) == [])
        #expect(LintReport.run(arguments: []) == LintReport.Result(output: [], errors: [], status: 0))
    }

    /// Every layout file the repository ships as an example or a clean fixture (docs/, examples/,
    /// Tests/Fixtures/layouts/): the JSON files that say they are layouts (`"format":
    /// "lodestone-layout"`; docs/ also holds a sample dnd report); a fixture meant to fail says so
    /// with "bad" in its name.
    static var shippedLayouts: [String] {
        let root = URL(fileURLWithPath: repositoryRoot)
        var out: [String] = []
        for dir in ["docs", "examples", "Tests/Fixtures/layouts"] {
            let url = root.appendingPathComponent(dir)
            guard let walker = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker where file.pathExtension == "json" && !file.lastPathComponent.contains("bad") {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                guard dir == "Tests/Fixtures/layouts" || text.contains("\"lodestone-layout\"") else { continue }
                out.append(file.path)
            }
        }
        return out.sorted()
    }

    @Test("Every layout shipped in the repository lints clean (L1–L8)")
    func shippedLayoutsAreClean() throws {
        let layouts = Self.shippedLayouts
        #expect(layouts.contains { $0.hasSuffix("Tests/Fixtures/layouts/example.json") })
        for path in layouts {
            let r = LintReport.run(arguments: [path])
            #expect(r == LintReport.Result(output: [], errors: [], status: 0), "\(path)")
        }
    }
}

@Suite("lodestone lint")
struct LintCommandTests {
    static func write(_ text: String) -> String {
        let path = "/tmp/lodestone-lint-\(UInt64.random(in: 0...UInt64.max)).json"
        FileManagerShim.write(text, to: path)
        return path
    }

    /// A layout file of one element, which starts on line 2.
    static func layout(_ element: String) -> String {
        #"{"format": "lodestone-layout", "version": 1, "size": [800, 600], "elements": ["# + "\n" + element + "\n]}"
    }

    @Test("Findings: one line each with file:line:col, rule, element and reason; exit 1")
    func textOutput() {
        let path = Self.write(Self.layout(#"{"id": "tight", "kind": "button", "bezel": true, "hitPadding": 8, "frame": [0, 0, 40, 40]}"#))
        let r = LintReport.run(arguments: [path])
        #expect(r.status == 1)
        #expect(r.output == ["\(path):2:1: L1 tight: hit padding 8 pt is under the 12 pt an element with a bezel needs (M1)"])
    }

    @Test("--json: one object per finding")
    func jsonOutput() {
        let path = Self.write(Self.layout(#"{"id": "t\"q", "kind": "button", "bezel": true, "hitPadding": 8, "frame": [0, 0, 40, 40]}"#))
        let r = LintReport.run(arguments: [path, "--json"])
        #expect(r.status == 1)
        #expect(r.output == [#"{"rule": "L1", "element": "t\"q", "reason": "hit padding 8 pt is under the 12 pt an element with a bezel needs (M1)", "file": "\#(path)", "line": 2, "column": 1}"#])
    }

    @Test("Clean layout: no output, exit 0")
    func clean() {
        let r = LintReport.run(arguments: [repositoryRoot + "/Tests/Fixtures/layouts/example.json"])
        #expect(r == LintReport.Result(output: [], errors: [], status: 0))
    }

    @Test("Unreadable or invalid file: exit 2 with the line and column")
    func unreadable() {
        let path = Self.write("{\n  \"version\": 1,\n  \"size\": [1, 1],\n  \"elements\": [ {\"kind\": \"button\" \"frame\": [0,0,1,1]} ]\n}")
        let r = LintReport.run(arguments: [path])
        #expect(r.status == 2)
        #expect(r.errors == ["lodestone lint: \(path):4:35: unexpected '\"': expected ',' or '}'"])
        let missing = LintReport.run(arguments: ["/nonexistent/layout.json"])
        #expect(missing.status == 2)
        #expect(missing.errors.first?.contains("/nonexistent/layout.json: cannot read") == true)
        #expect(LintReport.run(arguments: ["a.json", "b.json"]).status == 2)
        #expect(LintReport.run(arguments: ["a.json", "--bogus"]).status == 2)
    }
}
