// `lodestone bench` (issue 8): the figure type, the registry each subject plugs its benches into,
// and the two outputs — a readable table, or with --json one object per figure per line:
// {"name": "render.pointer_move_1080p", "value": 0.19, "unit": "ms", "reference": "memcpy_1080p",
//  "reference_value": 0.8, "goal": "<= 0.25"}
// Every figure is printed beside the reference it is compared against, measured in the same run.
import InputProtocol

/// One measured figure.
struct BenchFigure: Sendable {
    var name: String
    var value: Double
    var unit: String
    /// What the value is compared against (memcpy of the frame, cairo, …), measured in the same run.
    var reference: String?
    var referenceValue: Double?
    /// The reference value's unit when it differs from `unit` (a ratio beside the times it relates).
    var referenceUnit: String?
    /// The target, as text ("<= 0.25", "≥ 2× faster than cairo").
    var goal: String?
    /// Whether the goal is met, when it can be decided.
    var met: Bool?

    init(name: String, value: Double, unit: String, reference: String? = nil, referenceValue: Double? = nil,
         goal: String? = nil, met: Bool? = nil, referenceUnit: String? = nil) {
        self.name = name; self.value = value; self.unit = unit; self.reference = reference
        self.referenceValue = referenceValue; self.goal = goal; self.met = met; self.referenceUnit = referenceUnit
    }

    /// The --json line: members in a fixed order, reference fields only where a reference exists.
    var jsonLine: String {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)),
            ("value", BenchFigure.number(value)),
            ("unit", .string(unit)),
        ]
        if let reference { members.append(("reference", .string(reference))) }
        if let referenceValue { members.append(("reference_value", BenchFigure.number(referenceValue))) }
        if let referenceUnit, referenceValue != nil { members.append(("reference_unit", .string(referenceUnit))) }
        if let goal { members.append(("goal", .string(goal))) }
        var w = JSONWriter()
        w.write(.object(members))
        return w.text
    }

    /// Five significant digits are more than any timing here can claim; non-finite values
    /// (a bench that could not measure) become null.
    static func number(_ v: Double) -> JSONValue {
        guard v.isFinite else { return .null }
        return JSONWriter.number(rounded(v, significantDigits: 5))
    }

    static func rounded(_ v: Double, significantDigits n: Int) -> Double {
        guard v != 0, v.isFinite else { return v }
        var magnitude = 0
        var a = abs(v)
        while a >= 10 { a /= 10; magnitude += 1 }
        while a < 1 { a *= 10; magnitude -= 1 }
        let shift = n - 1 - magnitude
        var p = 1.0
        for _ in 0..<abs(shift) { p *= 10 }
        return shift >= 0 ? (v * p).rounded() / p : (v / p).rounded() * p
    }

    /// Readable value: 4 significant digits.
    static func text(_ v: Double) -> String {
        guard v.isFinite else { return "n/a" }
        let r = rounded(v, significantDigits: 4)
        if r == r.rounded(), abs(r) < 1e15 { return String(Int64(r)) }
        return "\(r)"
    }
}

/// What a suite's run returns: figures, or why it cannot run here.
enum BenchOutcome: Sendable {
    case figures([BenchFigure])
    /// Not built yet, or needs something absent (a compositor): says what.
    case unavailable(String)
}

/// One group of benches (`lodestone bench NAME`). The subject's engineer writes `run`.
struct BenchSuite: Sendable {
    var name: String
    var summary: String
    /// `quick` shortens runs (for tests of the command and for CI smoke runs).
    var run: @Sendable (_ quick: Bool) -> BenchOutcome
    /// How the figures are defined where a reader could take them otherwise; printed under the
    /// table (not in --json, whose lines are figures only).
    var note: String? = nil
}

/// Prints figures as an aligned table.
enum BenchTable {
    static func render(_ figures: [BenchFigure]) -> String {
        let header = ["figure", "value", "reference", "goal", ""]
        var rows: [[String]] = [header]
        for f in figures {
            let ref: String = switch (f.reference, f.referenceValue) {
            case let (r?, v?): "\(r): \(BenchFigure.text(v)) \(referenceUnit(f))"
            case let (r?, nil): r
            case let (nil, v?): BenchFigure.text(v)
            case (nil, nil): ""
            }
            let verdict = f.met.map { $0 ? "ok" : "MISSED" } ?? ""
            rows.append([f.name, "\(BenchFigure.text(f.value)) \(f.unit)", ref, f.goal ?? "", verdict])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
        return rows.map { row in
            row.enumerated().map { i, c in
                i == row.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }

    /// Reference values share the figure's unit unless the figure says otherwise.
    private static func referenceUnit(_ f: BenchFigure) -> String { f.referenceUnit ?? f.unit }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.last == " " { s.removeLast() }
        return s
    }
}
