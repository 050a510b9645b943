// `--state-out` lines are JSON whatever the strings in them (issue 20.3: StateReport writes
// through JSONWriter, the project's one JSON writer). Names and values with a quote, a
// backslash or a newline are escaped, and the line reads back with the project's JSON reader
// to the same strings.
import Testing
import InputProtocol
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("State lines are valid JSON (issue 20.3, T3)")
struct StateReportJSONTests {
    static let hostile = "say \"hi\" \\ back\nslash"

    static func string(_ node: JSONNode?) -> String? {
        if case .string(let s)? = node?.value { s } else { nil }
    }

    @Test("a member name and a string value with a quote, a backslash and a newline read back unchanged")
    func memberNamesAndValues() throws {
        var o = JSONLine()
        o.string(Self.hostile, Self.hostile)
        o.int("plain", 3)
        let node = try JSONReader.parse(o.text)
        #expect(Self.string(node[Self.hostile]) == Self.hostile, "\(o.text)")
        #expect(node["plain"]?.plain == .number("3"))
        #expect(!o.text.contains("\n"), "one line: \(o.text)")
    }

    @Test("a frame's line with another application's hostile MIME types and error text parses, and they read back")
    func wholeLine() throws {
        let s = PlaygroundSession(size: Size(1024, 768))
        s.handle(InputEvent(time: .milliseconds(16), device: DeviceID(1), .deviceAdded(name: "mouse", capabilities: .pointer)))
        let types = [Self.hostile, "text/plain", "a\\\"b"]
        s.externalDrag = ExternalDrag(offer: 7, mimeTypes: types, sourceOperations: [.copy, .move], position: Point(10, 20),
                                      answer: ExternalDropAnswer(target: nil, mimeType: Self.hostile, operations: [.copy], preferred: .copy))
        s.lastExternalDrop = ExternalDropResult(target: nil, mimeType: Self.hostile, operation: .copy,
                                                outcome: .failure(ExternalDropFailure("read \"x\": \\ failed\n")))
        let canvas = Canvas(width: 1024, height: 768, scale: 1)
        _ = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
        let line = StateReport.line(s, frame: s.lastFrame!, number: 1, scale: 1, size: s.layout.size)
        #expect(!line.contains("\n"), "one line")
        let node = try JSONReader.parse(line)
        guard case .array(let read)? = node["external_drag"]?["mime_types"]?.value else {
            Issue.record("no mime_types in \(line)"); return
        }
        #expect(read.map { Self.string($0) } == types)
        #expect(Self.string(node["external_drag"]?["accepted_type"]) == Self.hostile)
        #expect(Self.string(node["external_drop"]?["mime_type"]) == Self.hostile)
        #expect(Self.string(node["external_drop"]?["error"]) == "read \"x\": \\ failed\n")
        #expect(Self.string(node["conventions"]) == "desktop")
    }
}
