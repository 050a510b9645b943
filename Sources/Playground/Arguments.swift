// Command-line arguments read left to right, for the settings flags and the program's own
// parsers: a flag's value, a number within a range. Errors name the flag.
import PointerEngine

public struct ArgumentReader {
    public let arguments: [String]
    /// Index of the next argument to read.
    public private(set) var index = 0

    public init(_ arguments: [String]) { self.arguments = arguments }

    /// The next argument; nil after the last.
    public mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        index += 1
        return arguments[index - 1]
    }

    /// The value that follows `flag`.
    public mutating func value(_ flag: String) throws(SettingsError) -> String {
        guard let v = next() else { throw SettingsError("needs a value", file: flag) }
        return v
    }

    /// The number that follows `flag`, within `range`.
    public mutating func number(_ flag: String, _ range: ClosedRange<Double>) throws(SettingsError) -> Double {
        let v = try value(flag)
        guard let d = Double(v), range.contains(d) else {
            throw SettingsError("wants a number between \(Self.show(range.lowerBound)) and \(Self.show(range.upperBound)), found '\(v)'", file: flag)
        }
        return d
    }

    /// 4 → "4", 0.25 → "0.25".
    static func show(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)" }
}
