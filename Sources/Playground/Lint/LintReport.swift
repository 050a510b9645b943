// `lodestone lint FILE [--json]`: runs the linter over a layout file and formats the findings,
// one per line. Exit status: 0 clean, 1 findings, 2 unreadable or invalid file (with line and
// column) or a usage error. Kept here (not in the program) so tests call it directly.
import PointerEngine

public enum LintReport {
    public struct Result: Sendable, Equatable {
        public var output: [String]
        public var errors: [String]
        public var status: Int32
    }

    public static let usage = "usage: lodestone lint FILE [--json]"

    public static func run(arguments: [String]) -> Result {
        var json = false
        var files: [String] = []
        for a in arguments {
            switch a {
            case "--json": json = true
            case "-h", "--help": return Result(output: [usage] + LintRule.allCases.map { "  \($0.rawValue)  \($0.summary)" }, errors: [], status: 0)
            default:
                if a.hasPrefix("-") { return Result(output: [], errors: ["lodestone lint: unknown option \(a)", usage], status: 2) }
                files.append(a)
            }
        }
        guard files.count == 1 else { return Result(output: [], errors: [usage], status: 2) }
        let doc: LayoutDocument
        do throws(LayoutFileError) { doc = try LayoutFile.load(path: files[0]) } catch {
            return Result(output: [], errors: ["lodestone lint: \(error)"], status: 2)
        }
        let findings = LayoutLinter.lint(doc)
        let lines = findings.map { json ? jsonLine($0, file: files[0]) : textLine($0, file: files[0]) }
        return Result(output: lines, errors: [], status: findings.isEmpty ? 0 : 1)
    }

    /// "layout.json:12:7: L1 share: hit padding 8 pt is under …"
    public static func textLine(_ f: LintFinding, file: String) -> String {
        let place = f.position.map { "\(file):\($0.line):\($0.column): " } ?? "\(file): "
        return "\(place)\(f.rule.rawValue) \(f.name): \(f.reason)"
    }

    /// {"rule":"L1","element":"share","reason":"…","file":"layout.json","line":12,"column":7}
    public static func jsonLine(_ f: LintFinding, file: String) -> String {
        var s = "{\"rule\":\(quote(f.rule.rawValue)),\"element\":\(quote(f.name)),\"reason\":\(quote(f.reason)),\"file\":\(quote(file))"
        if let p = f.position { s += ",\"line\":\(p.line),\"column\":\(p.column)" }
        return s + "}"
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
