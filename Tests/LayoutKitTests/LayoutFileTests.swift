// The layout file format (docs/layout-format.md): loading, and errors that name line and column.
import InputProtocol
import Testing
import LayoutKit
import PointerEngine

/// The repository's Tests/Fixtures/layouts directory.
let layoutFixtures: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(2) // LayoutKitTests/<file>
    return parts.joined(separator: "/") + "/Fixtures/layouts"
}()

/// A one-element layout around `element` (a JSON object text).
func layoutJSON(_ elements: String...) -> String {
    """
    {"format": "lodestone-layout", "version": 1, "size": [800, 600], "elements": [
    \(elements.joined(separator: ",\n"))
    ]}
    """
}

@Suite("Layout file")
struct LayoutFileTests {
    @Test("The example layout loads with names, kinds, frames, traits and styles")
    func example() throws {
        let doc = try LayoutFile.load(path: layoutFixtures + "/example.json")
        #expect(doc.layout.size == Size(1280, 800))
        let byName = Dictionary(uniqueKeysWithValues: doc.names.map { ($1, $0) })
        let share = try #require(byName["share"].flatMap { doc.layout[$0] })
        #expect(share.kind == .barButton)
        #expect(share.frame == Rect(x: 1184, y: 8, width: 36, height: 36))
        #expect(doc.layout.bar(of: share.id) == byName["toolbar"])
        let canvas = try #require(byName["canvas"].flatMap { doc.layout[$0] })
        #expect(canvas.traits.scroll?.maximumZoom == 4)
        #expect(canvas.traits.scroll?.axes == .both)
        let trash = try #require(byName["trash"].flatMap { doc.layout[$0] })
        #expect(trash.traits.drop?.accepts == [.move])
        let chart = try #require(byName["chart"].flatMap { doc.layout[$0] })
        guard case .path(let path)? = chart.style?.shape else { Issue.record("no path"); return }
        #expect(path.commands.count == 4 && path.lineWidth == 1.5 && !path.isFilled)
        #expect(doc.positions[share.id] == SourcePosition(line: 9, column: 7))
    }

    @Test("Malformed JSON: the error names line and column", arguments: [
        ("{\"version\": 1,\n  \"size\": [1, 2,]\n}", 2, 17, "expected a value"),
        ("{\"version\": 1\n\"size\": 2}", 2, 1, "expected ',' or '}'"),
        ("{\"a\": \"unterminated", 1, 20, "unterminated string"),
        ("{\"a\": 1, \"a\": 2}", 1, 10, "duplicate member \"a\""),
        ("[01]", 1, 3, "leading zeros"),
        ("{} x", 1, 4, "after the end"),
        ("", 1, 1, "end of the file"),
    ])
    func syntaxErrors(_ c: (text: String, line: Int, column: Int, message: String)) {
        #expect {
            try LayoutFile.parse(c.text, file: "bad.json")
        } throws: { error in
            guard let e = error as? LayoutFileError else { return false }
            return e.position == SourcePosition(line: c.line, column: c.column) && e.message.contains(c.message)
                && e.description.hasPrefix("bad.json:\(c.line):\(c.column): ")
        }
    }

    @Test("Schema errors name the member and where it is, with a spelling hint", arguments: [
        (layoutJSON(#"{"kind": "buton", "frame": [0, 0, 10, 10]}"#), 2, 10, "did you mean \"button\""),
        (layoutJSON(#"{"kind": "button", "frame": [0, 0, 10]}"#), 2, 29, "must have 4 numbers"),
        (layoutJSON(#"{"kind": "button", "frame": [0, 0, 10, 10], "hitpadding": 3}"#), 2, 45, "did you mean \"hitPadding\""),
        (layoutJSON(#"{"kind": "button", "frame": [0, 0, 10, -1]}"#), 2, 29, "negative size"),
        (layoutJSON(#"{"id": "a", "kind": "button", "frame": [0, 0, 1, 1]}"#, #"{"id": "a", "kind": "button", "frame": [0, 0, 1, 1]}"#), 3, 8, "used twice"),
        (layoutJSON(#"{"kind": "button", "frame": [0, 0, 1, 1], "style": {"effect": "lfit"}}"#), 2, 63, "did you mean \"lift\""),
        (layoutJSON(#"{"kind": "graph", "frame": [0, 0, 1, 1], "style": {"shape": {"path": {"d": "L 1 1"}}}}"#), 2, 76, "must start with \"M\""),
        ("{\"format\": \"lodestone-layout\", \"version\": 7, \"size\": [1, 1], \"elements\": []}", 1, 43, "unsupported version 7;"),
        ("{\"version\": 1, \"size\": [1, 1]}", 1, 1, "needs \"elements\""),
    ])
    func schemaErrors(_ c: (text: String, line: Int, column: Int, message: String)) {
        #expect {
            try LayoutFile.parse(c.text)
        } throws: { error in
            guard let e = error as? LayoutFileError else { return false }
            return e.position == SourcePosition(line: c.line, column: c.column) && e.message.contains(c.message)
        }
    }

    @Test("A missing file is an error without a position")
    func missingFile() {
        #expect(throws: LayoutFileError("cannot read the file (missing or not readable)", at: nil, file: "/nonexistent.json")) {
            try LayoutFile.load(path: "/nonexistent.json")
        }
    }

    @Test("Strings with escapes and non-ASCII text keep their columns")
    func unicode() throws {
        let doc = try LayoutFile.parse(layoutJSON(#"{"id": "é\u00e9\ud83d\ude00", "kind": "button", "label": "Ça va", "frame": [0, 0, 1, 1]}"#,
                                                  #"{"kind": "button", "frame": [0, 0, 1, 1]}"#))
        #expect(doc.names.values.contains("éé😀"))
        #expect(doc.layout.elements.first?.label == "Ça va")
    }

    @Test("Hostile nesting is refused, not a crash")
    func deepNesting() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: LayoutFileError.self) { try LayoutFile.parse(text) }
    }

    @Test("Truncated or corrupted layouts never crash: a document or an error inside the text")
    func corruptedNeverCrash() throws {
        let text = try String(contentsOfFile: layoutFixtures + "/example.json", encoding: .utf8)
        let bytes = Array(text.utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let junk = Array("{}[],:\"\\0-e.9xtnu ".utf8)
        var errors = 0
        for i in 0..<600 {
            var b = Array(bytes.prefix(i % 2 == 0 ? next(bytes.count) : bytes.count))
            for _ in 0..<(i % 2 == 0 ? 0 : 1 + next(3)) where !b.isEmpty { b[next(b.count)] = junk[next(junk.count)] }
            do {
                _ = try LayoutFile.parse(String(decoding: b, as: UTF8.self), file: "x.json")
            } catch {
                errors += 1
                if let p = error.position { #expect(p.line >= 1 && p.line <= lines && p.column >= 1) }
            }
        }
        #expect(errors > 300) // truncations always fail; most corruptions too
    }
}
