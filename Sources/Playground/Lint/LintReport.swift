// `lodestone lint [FILE] [--json]`: runs the linter over a layout file (without one: the built-in
// showcase) and formats the findings, one per line. Exit status: 0 clean, 1 findings, 2 unreadable or invalid file (with line and
// column) or a usage error. Kept here (not in the program) so tests call it directly.
import InputProtocol
import LayoutKit
import PointerEngine

public enum LintReport {
    public struct Result: Sendable, Equatable {
        public var output: [String]
        public var errors: [String]
        public var status: Int32
    }

    public static let usage = "usage: lodestone lint [FILE] [--json]   (no FILE: the built-in showcase)"
    /// How findings in the built-in showcase name their "file".
    public static let showcaseName = "showcase"

    public static func run(arguments: [String]) -> Result {
        var json = false
        var files: [String] = []
        var reader = ArgumentReader(arguments)
        while let a = reader.next() {
            switch a {
            case "--json": json = true
            case "-h", "--help": return Result(output: [usage] + LintRule.allCases.map { "  \($0.rawValue)  \($0.summary)" }, errors: [], status: 0)
            case _ where ArgumentReader.isOption(a): return Result(output: [], errors: ["lodestone lint: \(ArgumentReader.unknown(a))", usage], status: 2)
            default: files.append(a)
            }
        }
        guard files.count <= 1 else { return Result(output: [], errors: [usage], status: 2) }
        let doc: LayoutDocument
        if let path = files.first {
            do throws(LayoutFileError) { doc = try LayoutFile.load(path: path) } catch {
                return Result(output: [], errors: ["lodestone lint: \(error)"], status: 2)
            }
        } else {
            doc = LayoutDocument(layout: Showcase.layout(), file: showcaseName)
        }
        let file = files.first ?? showcaseName
        let findings = LayoutLinter.lint(doc)
        let lines = findings.map { json ? jsonLine($0, file: file) : textLine($0, file: file) }
        return Result(output: lines, errors: [], status: findings.isEmpty ? 0 : 1)
    }

    /// "layout.json:12:7: L1 share: hit padding 8 pt is under …"
    public static func textLine(_ f: LintFinding, file: String) -> String {
        let place = f.position.map { "\(file):\($0.line):\($0.column): " } ?? "\(file): "
        return "\(place)\(f.rule.rawValue) \(f.name): \(f.reason)"
    }

    /// {"rule": "L1", "element": "share", "reason": "…", "file": "layout.json", "line": 12, "column": 7}
    public static func jsonLine(_ f: LintFinding, file: String) -> String {
        var members: [(String, JSONValue)] = [("rule", .string(f.rule.rawValue)), ("element", .string(f.name)),
                                              ("reason", .string(f.reason)), ("file", .string(file))]
        if let p = f.position { members += [("line", JSONWriter.number(p.line)), ("column", JSONWriter.number(p.column))] }
        var w = JSONWriter()
        w.write(.object(members))
        return w.text
    }
}
