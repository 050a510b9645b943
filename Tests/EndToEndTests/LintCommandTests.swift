// `lodestone lint [FILE] [--json]` as a user runs it (SPEC L1–L8; issue 7: a malformed layout gives
// its location and exit status 2).
import Foundation
import Testing
import TestSupport

@Suite("lodestone lint (the program)")
struct LintProgramTests {
    static let example: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fixtures/layouts/example.json"
    }()

    static func lint(_ args: [String]) throws -> ChildProcess {
        let app = try Lodestone.launch(["lint"] + args, on: nil)
        _ = try app.wait(timeout: 20)
        return app
    }

    @Test("the example layout: no findings, exit 0")
    func clean() throws {
        let app = try Self.lint([Self.example])
        #expect(try app.wait(timeout: 1) == .exited(0))
        #expect(app.stdoutLines.isEmpty)
    }

    @Test("without a file it lints the built-in showcase: no findings, exit 0 (L1–L8)")
    func showcase() throws {
        let app = try Self.lint([])
        #expect(try app.wait(timeout: 1) == .exited(0))
        #expect(app.stdoutLines.isEmpty)
        #expect(app.stderr.isEmpty)
    }

    @Test("a finding: one line with file:line:col, rule, element, reason; exit 1; --json alike")
    func finding() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-lint")
        let path = dir.path + "/tight.json"
        try #"{"version": 1, "size": [100, 100], "elements": [{"id": "tight", "kind": "button", "bezel": true, "hitPadding": 8, "frame": [0, 0, 40, 40]}]}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let app = try Self.lint([path])
        #expect(try app.wait(timeout: 1) == .exited(1))
        #expect(app.stdoutLines == ["\(path):1:49: L1 tight: hit padding 8 pt is under the 12 pt an element with a bezel needs (M1)"])
        let json = try Self.lint([path, "--json"])
        #expect(try json.wait(timeout: 1) == .exited(1))
        #expect(json.stdoutLines.count == 1 && json.stdoutLines[0].hasPrefix(#"{"rule": "L1", "element": "tight", "#))
    }

    @Test("a malformed file: exit 2 and the line and column on stderr")
    func malformed() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-lint")
        let path = dir.path + "/bad.json"
        try "{\"version\": 1,\n  \"size\": [10, 10] \"elements\": []}".write(toFile: path, atomically: true, encoding: .utf8)
        let app = try Self.lint([path])
        #expect(try app.wait(timeout: 1) == .exited(2))
        #expect(app.stderr.contains("\(path):2:20: unexpected '\"': expected ',' or '}'"))
        #expect(app.stdoutLines.isEmpty)
    }
}
