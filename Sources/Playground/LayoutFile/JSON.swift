// A small JSON reader that remembers where every value is (line and column), so layout errors
// and lint findings can point into the file. RFC 8259 grammar; no Foundation needed.

/// A 1-based position in a text file (columns count characters, not bytes).
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public static func < (a: SourcePosition, b: SourcePosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
    public var description: String { "\(line):\(column)" }
}

/// A JSON value and where it starts.
public struct JSONNode: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order (keys are unique; the reader rejects duplicates).
        case object([Member])
    }
    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
    }
    public var value: Value
    public var position: SourcePosition

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// What kind of value this is, for error messages ("expected a number, found a string").
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// Malformed JSON: what and where.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var position: SourcePosition
    public var description: String { "\(position): \(message)" }
}

public enum JSONReader {
    /// Deeper nesting is refused (a hostile file must not exhaust the stack).
    public static let maximumDepth = 256

    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var p = Parser(bytes: Array(text.utf8))
        p.skipSpace()
        let node = try p.value(depth: 0)
        p.skipSpace()
        if p.index < p.bytes.count { throw p.error("unexpected \(p.describeCurrent()) after the end of the document") }
        return node
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var column = 1

        init(bytes: [UInt8]) { self.bytes = bytes }

        var position: SourcePosition { SourcePosition(line: line, column: column) }
        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, position: position) }

        func describeCurrent() -> String {
            guard index < bytes.count else { return "end of file" }
            let b = bytes[index]
            return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
        }

        mutating func advance() {
            let b = bytes[index]
            index += 1
            if b == UInt8(ascii: "\n") { line += 1; column = 1 }
            else if b & 0xC0 != 0x80 { column += 1 } // continuation bytes do not start a character
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: advance()
                default: return
                }
            }
        }

        mutating func expect(_ literal: String) throws(JSONSyntaxError) {
            for b in literal.utf8 {
                guard index < bytes.count, bytes[index] == b else { throw error("expected '\(literal)'") }
                advance()
            }
        }

        mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
            guard depth < JSONReader.maximumDepth else { throw error("nested deeper than \(JSONReader.maximumDepth) levels") }
            guard index < bytes.count else { throw error("expected a value, found the end of the file") }
            let start = position
            switch bytes[index] {
            case UInt8(ascii: "{"): return JSONNode(value: try object(depth: depth), position: start)
            case UInt8(ascii: "["): return JSONNode(value: try array(depth: depth), position: start)
            case UInt8(ascii: "\""): return JSONNode(value: .string(try string()), position: start)
            case UInt8(ascii: "t"): try expect("true"); return JSONNode(value: .bool(true), position: start)
            case UInt8(ascii: "f"): try expect("false"); return JSONNode(value: .bool(false), position: start)
            case UInt8(ascii: "n"): try expect("null"); return JSONNode(value: .null, position: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: .number(try number()), position: start)
            default: throw error("expected a value, found \(describeCurrent())")
            }
        }

        mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
            advance() // {
            var members: [JSONNode.Member] = []
            var seen = Set<String>()
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { advance(); return .object([]) }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a member name in double quotes, found \(describeCurrent())")
                }
                let keyPosition = position
                let key = try string()
                guard seen.insert(key).inserted else {
                    throw JSONSyntaxError(message: "member \"\(key)\" appears twice", position: keyPosition)
                }
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after \"\(key)\", found \(describeCurrent())") }
                advance()
                skipSpace()
                members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: try value(depth: depth + 1)))
                skipSpace()
                guard index < bytes.count else { throw error("unterminated object: expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { advance(); continue }
                if bytes[index] == UInt8(ascii: "}") { advance(); return .object(members) }
                throw error("expected ',' or '}' in an object, found \(describeCurrent())")
            }
        }

        mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONNode.Value {
            advance() // [
            var items: [JSONNode] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { advance(); return .array([]) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard index < bytes.count else { throw error("unterminated array: expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { advance(); continue }
                if bytes[index] == UInt8(ascii: "]") { advance(); return .array(items) }
                throw error("expected ',' or ']' in an array, found \(describeCurrent())")
            }
        }

        mutating func string() throws(JSONSyntaxError) -> String {
            advance() // "
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() { if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars); raw.removeAll() } }
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let b = bytes[index]
                if b == UInt8(ascii: "\"") { advance(); flush(); return String(scalars) }
                if b < 0x20 { throw error("control character in a string (escape it)") }
                if b != UInt8(ascii: "\\") { raw.append(b); advance(); continue }
                flush()
                advance()
                guard index < bytes.count else { throw error("unterminated escape") }
                let e = bytes[index]
                advance()
                switch e {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        try expect("\\u")
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired UTF-16 surrogate") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let s = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(s)
                default:
                    throw error("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            }
        }

        mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
            var v: UInt32 = 0
            for _ in 0..<4 {
                guard index < bytes.count, let d = Self.hexDigit(bytes[index]) else { throw error("expected 4 hex digits after \\u") }
                v = v * 16 + d
                advance()
            }
            return v
        }

        static func hexDigit(_ b: UInt8) -> UInt32? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        mutating func number() throws(JSONSyntaxError) -> Double {
            let start = index, startPosition = position
            func digits() -> Int {
                var n = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { advance(); n += 1 }
                return n
            }
            if bytes[index] == UInt8(ascii: "-") { advance() }
            guard index < bytes.count else { throw error("expected digits") }
            if bytes[index] == UInt8(ascii: "0") {
                advance()
                if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    throw error("numbers must not have leading zeros")
                }
            } else if digits() == 0 { throw error("expected digits, found \(describeCurrent())") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                advance()
                if digits() == 0 { throw error("expected digits after the decimal point") }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                advance()
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { advance() }
                if digits() == 0 { throw error("expected digits in the exponent") }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            guard let v = Double(text), v.isFinite else {
                throw JSONSyntaxError(message: "number \(text) is out of range", position: startPosition)
            }
            return v
        }
    }
}
