// Command-line arguments read left to right: the one reader of every subcommand's flags and of
// the settings flags (issue 20.4). A flag's value, a number or whole number within a range,
// on/off, a value a command parses itself; an option nobody knows. Every error names the flag
// and the value it found ("--frames: wants a whole number between 1 and 1000000, found 'x'").
import PointerEngine

/// A mistake on the command line. Commands print it and exit with status 2.
public struct ArgumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The flag whose value is wrong; nil when the argument itself is (an unknown option).
    public var flag: String?
    public var message: String
    public init(_ message: String, flag: String? = nil) { self.message = message; self.flag = flag }
    public var description: String { flag.map { "\($0): \(message)" } ?? message }
}

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
    public mutating func value(_ flag: String) throws(ArgumentError) -> String {
        guard let v = next() else { throw ArgumentError("needs a value", flag: flag) }
        return v
    }

    /// The value that follows `flag`, made by `parse`; nil from `parse` is an error saying what
    /// the flag `wants` ("a number between 0 and 8", "wayland or libinput").
    public mutating func value<T>(_ flag: String, wants: String, _ parse: (String) -> T?) throws(ArgumentError) -> T {
        let v = try value(flag)
        guard let t = parse(v) else { throw ArgumentError("wants \(wants), found '\(v)'", flag: flag) }
        return t
    }

    /// The number that follows `flag`, within `range`.
    public mutating func number(_ flag: String, _ range: ClosedRange<Double>) throws(ArgumentError) -> Double {
        try value(flag, wants: "a number between \(Self.show(range.lowerBound)) and \(Self.show(range.upperBound))") { v in
            Double(v).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The whole number that follows `flag`, within `range`.
    public mutating func integer<I: FixedWidthInteger>(_ flag: String, _ range: ClosedRange<I>) throws(ArgumentError) -> I {
        try value(flag, wants: "a whole number between \(range.lowerBound) and \(range.upperBound)") { v in
            I(v).flatMap { range.contains($0) ? $0 : nil }
        }
    }

    /// The whole number that follows `flag`, at least `range.lowerBound`.
    public mutating func integer<I: FixedWidthInteger>(_ flag: String, _ range: PartialRangeFrom<I>) throws(ArgumentError) -> I {
        try value(flag, wants: "a whole number of at least \(range.lowerBound)") { v in I(v).flatMap { range.contains($0) ? $0 : nil } }
    }

    /// The number that follows `flag`, at least `range.lowerBound`.
    public mutating func number(_ flag: String, _ range: PartialRangeFrom<Double>) throws(ArgumentError) -> Double {
        try value(flag, wants: "a number of at least \(Self.show(range.lowerBound))") { v in
            Double(v).flatMap { range.contains($0) && $0.isFinite ? $0 : nil }
        }
    }

    /// on/off (also yes/no, true/false) after `flag`.
    public mutating func onOff(_ flag: String) throws(ArgumentError) -> Bool {
        try value(flag, wants: "on or off") { v in
            switch v {
            case "on", "true", "yes": return true
            case "off", "false", "no": return false
            default: return nil
            }
        }
    }

    /// Whether `argument` is an option rather than an operand ("-" alone names stdin or stdout).
    public static func isOption(_ argument: String) -> Bool { argument.hasPrefix("-") && argument != "-" }

    /// The error for an argument no case of a command's parser took.
    public static func unknown(_ argument: String) -> ArgumentError { ArgumentError("unknown option '\(argument)'") }

    /// 4 → "4", 0.25 → "0.25".
    static func show(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? "\(Int(v))" : "\(v)" }
}

extension SettingsError {
    /// A settings flag's argument error, as a settings error naming the flag.
    public init(_ e: ArgumentError) { self.init(e.message, file: e.flag) }
}
