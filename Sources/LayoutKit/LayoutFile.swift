// The layout file (JSON; docs/layout-format.md): reads a user's pointer layout into the engine's
// model (`Layout`), keeping every element's name and position in the file so errors and lint
// findings can name them. Bad input never crashes: every problem is an error naming the line
// and column.
import Foundation
import InputProtocol
import PointerEngine

/// A loaded layout: the model plus what the file said about each element.
public struct LayoutDocument: Sendable {
    public var layout: Layout
    /// The element's "id" in the file (or kind + number when it had none).
    public var names: [ElementID: String]
    /// Where the element's object starts in the file.
    public var positions: [ElementID: SourcePosition]
    /// "behavesLike": the standard kind a custom element imitates (lint L6).
    var behavesLike: [ElementID: ElementKind]
    /// The file's path as given (for messages), nil for in-memory text.
    var file: String?

    func name(of id: ElementID) -> String { names[id] ?? id.description }

    init(layout: Layout, names: [ElementID: String], positions: [ElementID: SourcePosition],
                behavesLike: [ElementID: ElementKind], file: String?) {
        self.layout = layout; self.names = names; self.positions = positions; self.behavesLike = behavesLike; self.file = file
    }

    /// A layout built in code (the showcase): elements are named by their label and id
    /// ("Share #121"), and have no place in a file.
    public init(layout: Layout, file: String? = nil) {
        var names: [ElementID: String] = [:]
        for e in layout.elements { names[e.id] = e.label.isEmpty ? e.id.description : "\(e.label) #\(e.id.rawValue)" }
        self.init(layout: layout, names: names, positions: [:], behavesLike: [:], file: file)
    }
}

/// Why a layout file could not be loaded, and where.
public struct LayoutFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// nil when the file could not be read at all.
    public var position: SourcePosition?
    var file: String?

    public init(_ message: String, at position: SourcePosition?, file: String? = nil) {
        self.message = message; self.position = position; self.file = file
    }
    /// "layout.json:12:7: unknown kind 'buton' (did you mean 'button'?)"
    public var description: String {
        let place = [file, position.map { "\($0.line):\($0.column)" }].compactMap { $0 }.joined(separator: ":")
        return place.isEmpty ? message : "\(place): \(message)"
    }
}

public enum LayoutFile {
    static let formatName = "lodestone-layout"
    static let version = 1

    /// Reads and loads the file at `path`.
    public static func load(path: String) throws(LayoutFileError) -> LayoutDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LayoutFileError("cannot read the file (missing or not readable)", at: nil, file: path)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw LayoutFileError("the file is not UTF-8 text", at: SourcePosition(line: 1, column: 1), file: path)
        }
        return try parse(text, file: path)
    }

    /// Loads layout JSON text.
    public static func parse(_ text: String, file: String? = nil) throws(LayoutFileError) -> LayoutDocument {
        let root: JSONNode
        do throws(JSONSyntaxError) { root = try JSONReader.parse(text) } catch { throw LayoutFileError(error.message, at: error.position, file: file) }
        var reader = LayoutReader(file: file)
        do throws(LayoutSchemaError) { return try reader.document(root) } catch {
            throw LayoutFileError(error.message, at: error.position, file: file)
        }
    }
}

/// A problem in a well-formed JSON document that is not a valid layout.
struct LayoutSchemaError: Error {
    var message: String
    var position: SourcePosition
    init(_ message: String, _ position: SourcePosition) { self.message = message; self.position = position }
}

/// Reads one JSON object's members, refusing unknown ones (typos should not pass silently).
struct ObjectReader {
    let node: JSONNode
    let members: [JSONNode.Member]
    let what: String

    init(_ node: JSONNode, _ what: String, allowed: [String]) throws(LayoutSchemaError) {
        guard case .object(let members) = node.value else {
            throw LayoutSchemaError("\(what) must be an object, found \(node.typeName)", node.position)
        }
        self.node = node; self.members = members; self.what = what
        for m in members where !allowed.contains(m.key) {
            let hint = Spelling.closest(to: m.key, in: allowed).map { " (did you mean \"\($0)\"?)" } ?? ""
            throw LayoutSchemaError("unknown member \"\(m.key)\" in \(what)\(hint)", m.keyPosition)
        }
    }

    subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }

    func required(_ key: String) throws(LayoutSchemaError) -> JSONNode {
        guard let v = self[key] else { throw LayoutSchemaError("\(what) needs \"\(key)\"", node.position) }
        return v
    }

    func number(_ key: String, default d: Double, range: ClosedRange<Double> = -1e9...1e9) throws(LayoutSchemaError) -> Double {
        guard let v = self[key] else { return d }
        return try Values.number(v, "\"\(key)\"", range: range)
    }
    func bool(_ key: String, default d: Bool) throws(LayoutSchemaError) -> Bool {
        guard let v = self[key] else { return d }
        guard case .bool(let b) = v.value else { throw LayoutSchemaError("\"\(key)\" must be true or false, found \(v.typeName)", v.position) }
        return b
    }
    func string(_ key: String) throws(LayoutSchemaError) -> String? {
        guard let v = self[key] else { return nil }
        return try Values.string(v, "\"\(key)\"")
    }
    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, _: E.Type) throws(LayoutSchemaError) -> E? where E.RawValue == String {
        guard let v = self[key] else { return nil }
        return try Values.enumeration(v, "\"\(key)\"", E.self)
    }
}

/// Conversions of single JSON values with errors that say what was expected.
enum Values {
    static func number(_ v: JSONNode, _ what: String, range: ClosedRange<Double> = -1e9...1e9) throws(LayoutSchemaError) -> Double {
        guard case .number(let text) = v.value else { throw LayoutSchemaError("\(what) must be a number, found \(v.typeName)", v.position) }
        let n = Double(text) ?? .infinity // beyond a Double: out of every range
        guard range.contains(n) else {
            throw LayoutSchemaError("\(what) = \(n) is out of range \(range.lowerBound)…\(range.upperBound)", v.position)
        }
        return n
    }
    static func string(_ v: JSONNode, _ what: String) throws(LayoutSchemaError) -> String {
        guard case .string(let s) = v.value else { throw LayoutSchemaError("\(what) must be a string, found \(v.typeName)", v.position) }
        return s
    }
    static func array(_ v: JSONNode, _ what: String) throws(LayoutSchemaError) -> [JSONNode] {
        guard case .array(let a) = v.value else { throw LayoutSchemaError("\(what) must be an array, found \(v.typeName)", v.position) }
        return a
    }
    /// `count` numbers, e.g. a frame [x, y, width, height].
    static func numbers(_ v: JSONNode, _ what: String, count: Int, range: ClosedRange<Double> = -1e9...1e9) throws(LayoutSchemaError) -> [Double] {
        let a = try array(v, what)
        guard a.count == count else { throw LayoutSchemaError("\(what) must have \(count) numbers, found \(a.count)", v.position) }
        var out: [Double] = []
        for (i, n) in a.enumerated() { out.append(try number(n, "\(what)[\(i)]", range: range)) }
        return out
    }
    static func enumeration<E: RawRepresentable & CaseIterable>(_ v: JSONNode, _ what: String, _: E.Type) throws(LayoutSchemaError) -> E where E.RawValue == String {
        let s = try string(v, what)
        if let e = E(rawValue: s) { return e }
        let names = E.allCases.map(\.rawValue)
        let hint = Spelling.closest(to: s, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
        throw LayoutSchemaError("\(what): unknown value \"\(s)\"\(hint); one of \(names.joined(separator: ", "))", v.position)
    }
    /// "#RRGGBB" or "#RRGGBBAA".
    static func color(_ v: JSONNode, _ what: String) throws(LayoutSchemaError) -> Color {
        let s = try string(v, what)
        let hex = Array(s.utf8.dropFirst())
        guard s.hasPrefix("#"), hex.count == 6 || hex.count == 8,
              let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else {
            throw LayoutSchemaError("\(what) must be a colour \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(s)\"", v.position)
        }
        let rgba = hex.count == 6 ? value << 8 | 0xFF : value
        func c(_ shift: UInt32) -> Double { Double((rgba >> shift) & 0xFF) / 255 }
        return Color(red: c(24), green: c(16), blue: c(8), alpha: c(0))
    }
}

/// "Did you mean …?" for misspelt names: the closest by edit distance, if close enough.
enum Spelling {
    static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        var best: (String, Int)?
        for c in candidates {
            let d = distance(w, Array(c.lowercased()))
            if d <= max(2, w.count / 3), d < (best?.1 ?? .max) { best = (c, d) }
        }
        return best?.0
    }
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var prev = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[b.count]
    }
}
