// The one JSON reader and writer of the project: trace lines (Protocols/lodestone-input-v1.md)
// and the JSON files users write (layouts, settings). Written by hand so InputProtocol needs no
// Foundation; it is fed untrusted bytes, so it has limits (nesting depth), rejects what JSON
// rejects (NaN, Infinity, leading zeros, raw control characters, invalid UTF-8, lone surrogates,
// duplicate member names), and every value and every error carries its line and column.

/// A 1-based position in a text (columns count characters, not bytes).
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in characters, from 1.
    public var column: Int
    /// The position at `line`, `column`.
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
    public var description: String { "\(line):\(column)" }
}

/// A JSON value to write. Object members keep their order (the writer relies on it for a stable
/// layout). What the reader returns is a `JSONNode`: the same with positions.
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// A number exactly as written, kept as text so integers beyond 2^53 stay exact.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case let (.bool(x), .bool(y)): x == y
        case let (.number(x), .number(y)): x == y
        case let (.string(x), .string(y)): x == y
        case let (.array(x), .array(y)): x == y
        case let (.object(x), .object(y)): x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// The JSON type name, for error messages ("expected a number, found a string").
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A parsed JSON value and where it starts.
package struct JSONNode: Sendable, Equatable {
    package indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        /// A number exactly as written, kept as text so integers beyond 2^53 stay exact.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// Members in file order (names are unique: the reader refuses duplicates).
        case object([Member])
    }
    package struct Member: Sendable, Equatable {
        package var key: String
        package var keyPosition: SourcePosition
        package var value: JSONNode
    }
    package var value: Value
    package var position: SourcePosition

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value without positions (to compare, or to write back).
    package var plain: JSONValue {
        switch value {
        case .null: .null
        case .bool(let b): .bool(b)
        case .number(let n): .number(n)
        case .string(let s): .string(s)
        case .array(let items): .array(items.map(\.plain))
        case .object(let members): .object(members.map { ($0.key, $0.value.plain) })
        }
    }

    /// What kind of value this is, for error messages ("expected a number, found a string").
    package var typeName: String {
        switch value {
        case .array: "an array"
        case .object: "an object"
        default: plain.typeName // scalars: no copy worth avoiding
        }
    }
}

/// Malformed JSON: what and where.
package struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    package var message: String
    package var position: SourcePosition
    package var column: Int { position.column }
    package var description: String { "\(position): \(message)" }
}

package struct JSONReader {
    /// What the text is: it sets the nesting limit and how the end of the input is called.
    package struct Input: Sendable {
        package var maximumDepth: Int
        /// "end of line", "end of the file".
        package var end: String
        /// Added to errors where the input stops early.
        package var truncated: String

        /// One line of a trace: it needs depth 3; the limit keeps recursion bounded.
        package static let traceLine = Input(maximumDepth: 16, end: "end of line", truncated: ": the line is truncated")
        /// A whole file (layouts, settings).
        package static let document = Input(maximumDepth: 256, end: "end of the file", truncated: "")
    }

    private let bytes: [UInt8]
    private let input: Input
    private var index = 0
    /// Line of `index`, and where that line starts.
    private var line = 1
    private var lineStart = 0
    /// Columns are counted forward from the last one asked for (positions are asked in order).
    private var counted = (index: 0, column: 1)

    private init(_ bytes: [UInt8], _ input: Input) { self.bytes = bytes; self.input = input }

    /// Parses exactly one JSON value spanning the whole of `bytes` (surrounding whitespace allowed).
    package static func parse(_ bytes: [UInt8], _ input: Input = .document) throws(JSONSyntaxError) -> JSONNode {
        var reader = JSONReader(bytes, input)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        if reader.index < bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the value")
        }
        return value
    }

    /// Parses a whole document.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8), .document)
    }

    // MARK: Values

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected \(input.end): expected a value\(input.truncated)") }
        let start = position(at: index)
        let v: JSONNode.Value
        switch bytes[index] {
        case UInt8(ascii: "{"): v = try object(depth: depth + 1)
        case UInt8(ascii: "["): v = try array(depth: depth + 1)
        case UInt8(ascii: "\""): v = .string(try string())
        case UInt8(ascii: "t"): try literal("true"); v = .bool(true)
        case UInt8(ascii: "f"): try literal("false"); v = .bool(false)
        case UInt8(ascii: "n"):
            if bytes[index...].starts(with: "nan".utf8) { throw error("NaN is not a JSON number; only finite numbers are allowed") }
            try literal("null"); v = .null
        case UInt8(ascii: "N"):
            throw error("NaN is not a JSON number; only finite numbers are allowed")
        case UInt8(ascii: "I"), UInt8(ascii: "i"):
            throw error("Infinity is not a JSON number; only finite numbers are allowed")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            v = .number(try number())
        default:
            throw error("unexpected \(describeCurrent()): expected a value")
        }
        return JSONNode(value: v, position: start)
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        if depth > input.maximumDepth { throw error("nesting deeper than \(input.maximumDepth) levels") }
        index += 1  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek(UInt8(ascii: "}")) { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected \(input.end) inside an object\(input.truncated)") }
            guard bytes[index] == UInt8(ascii: "\"") else { throw error("unexpected \(describeCurrent()): expected a member name in double quotes") }
            let namePosition = position(at: index)
            let name = try string()
            if members.contains(where: { $0.key == name }) {
                throw JSONSyntaxError(message: "duplicate member \"\(name)\"", position: namePosition)
            }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':' after the member name")
            skipWhitespace()
            members.append(JSONNode.Member(key: name, keyPosition: namePosition, value: try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected \(input.end) inside an object\(input.truncated)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("unexpected \(describeCurrent()): expected ',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
        if depth > input.maximumDepth { throw error("nesting deeper than \(input.maximumDepth) levels") }
        index += 1  // [
        var items: [JSONNode] = []
        skipWhitespace()
        if peek(UInt8(ascii: "]")) { index += 1; return .array(items) }
        while true {
            skipWhitespace()
            items.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected \(input.end) inside an array\(input.truncated)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("unexpected \(describeCurrent()): expected ',' or ']'")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes[index...].starts(with: w) else { throw error("unexpected \(describeCurrent()): expected a value") }
        index += w.count
    }

    /// Validates the JSON number grammar; the text is converted later by the field that needs it.
    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        if peek(UInt8(ascii: "-")) { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else {
            if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
                throw error("Infinity is not a JSON number; only finite numbers are allowed")
            }
            throw error("a number needs a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error("numbers must not have leading zeros") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number needs a digit in its exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        while true {
            guard index < bytes.count else { throw error("unterminated string\(input.truncated)") }
            let b = bytes[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape\(input.truncated)") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.append(try unicodeEscape())
                default:
                    index -= 1
                    throw error("invalid escape '\\\(describeByte(e))' in a string")
                }
            case 0..<0x20:
                throw error("raw control character U+\(hex(UInt32(b), width: 4)) in a string (escape it)")
            case 0..<0x80:
                scalars.append(Unicode.Scalar(b))
                index += 1
            default:
                scalars.append(try utf8Scalar())
            }
        }
    }

    /// Decodes the 4 hex digits after "\u" (and a following low surrogate when needed).
    private mutating func unicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapeStart = index - 2
        let high = try hex4()
        if (0xD800..<0xDC00).contains(high) {
            guard bytes[index...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                throw JSONSyntaxError(message: "lone high surrogate \\u\(hex(high, width: 4)) in a string", position: position(at: escapeStart))
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else {
                throw JSONSyntaxError(message: "high surrogate \\u\(hex(high, width: 4)) not followed by a low surrogate", position: position(at: escapeStart))
            }
            let value = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(value)!  // always valid: 0x10000...0x10FFFF
        }
        guard let scalar = Unicode.Scalar(high) else {
            throw JSONSyntaxError(message: "lone low surrogate \\u\(hex(high, width: 4)) in a string", position: position(at: escapeStart))
        }
        return scalar
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unterminated \\u escape\(input.truncated)") }
            let b = bytes[index]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("\\u escape needs 4 hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// One multi-byte UTF-8 sequence, strictly validated (no overlongs, no surrogates).
    private mutating func utf8Scalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let lead = bytes[index]
        let count: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: count = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: count = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: count = 4; value = UInt32(lead & 0x07)
        default: throw error("invalid UTF-8 byte 0x\(hex(UInt32(lead), width: 2))")
        }
        guard index + count <= bytes.count else { throw error("truncated UTF-8 sequence") }
        for k in 1..<count {
            let c = bytes[index + k]
            guard c & 0xC0 == 0x80 else { throw error("invalid UTF-8 sequence") }
            value = value << 6 | UInt32(c & 0x3F)
        }
        let minimum: UInt32 = count == 2 ? 0x80 : count == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error("invalid UTF-8 sequence") }
        index += count
        return scalar
    }

    // MARK: Helpers

    private func peek(_ b: UInt8) -> Bool { index < bytes.count && bytes[index] == b }

    private mutating func expect(_ b: UInt8, _ what: String) throws(JSONSyntaxError) {
        guard peek(b) else {
            if index >= bytes.count { throw error("unexpected \(input.end): expected \(what)\(input.truncated)") }
            throw error("unexpected \(describeCurrent()): expected \(what)")
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x0A: index += 1; line += 1; lineStart = index
            case 0x20, 0x09, 0x0D: index += 1
            default: return
            }
        }
    }

    private func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// Line and 1-based column (in characters: UTF-8 continuation bytes do not count) of
    /// `offset`, which lies on the current line. Newlines only occur between values, so the
    /// current line is the one of every value and error being reported.
    private mutating func position(at offset: Int) -> SourcePosition {
        let offset = min(offset, bytes.count)
        if counted.index < lineStart || counted.index > offset { counted = (lineStart, 1) }
        while counted.index < offset {
            if bytes[counted.index] & 0xC0 != 0x80 { counted.column += 1 }
            counted.index += 1
        }
        return SourcePosition(line: line, column: counted.column)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position(at: index))
    }

    private func describeCurrent() -> String {
        index < bytes.count ? "'\(describeByte(bytes[index]))'" : input.end
    }

    private func describeByte(_ b: UInt8) -> String {
        (0x21..<0x7F).contains(b) ? String(Unicode.Scalar(b)) : "0x\(hex(UInt32(b), width: 2))"
    }
}

func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Writes JSON text. Numbers must be finite (the trace encoder validates before writing).
package struct JSONWriter {
    package private(set) var text = ""

    package init() {}

    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: text += "null"
        case let .bool(b): text += b ? "true" : "false"
        case let .number(n): text += n
        case let .string(s): writeString(s)
        case let .array(items):
            text += "["
            for (i, item) in items.enumerated() {
                if i > 0 { text += ", " }
                write(item)
            }
            text += "]"
        case let .object(members):
            text += "{"
            for (i, (name, item)) in members.enumerated() {
                if i > 0 { text += ", " }
                writeString(name)
                text += ": "
                write(item)
            }
            text += "}"
        }
    }

    private mutating func writeString(_ s: String) {
        Self.appendQuoted(s, to: &text)
    }

    /// `s` as a JSON string, quotes included: what `write(.string(s))` writes.
    package static func quoted(_ s: String) -> String {
        var text = ""
        appendQuoted(s, to: &text)
        return text
    }

    private static func appendQuoted(_ s: String, to text: inout String) {
        text += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}": text += "\\u" + hex(scalar.value, width: 4)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Shortest text that reads back as exactly `value` (Swift's description round-trips).
    /// Integral values are written without a fraction ("3" not "3.0") when exactly representable.
    package static func number(_ value: Double) -> JSONValue {
        precondition(value.isFinite, "JSONWriter.number: \(value) is not finite")
        if value == value.rounded(), abs(value) < 1e15 {
            if value == 0 { return .number(value.sign == .minus ? "-0" : "0") }
            return .number(String(Int64(value)))
        }
        return .number(value.description)
    }

    package static func number<I: BinaryInteger>(_ value: I) -> JSONValue { .number(String(value)) }
}
