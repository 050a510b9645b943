// `lodestone record`, `lodestone replay` and `lodestone bench --json` as a user runs them
// (SPEC T2–T4, issues 4, 7, 8).
import Foundation
import InputProtocol
import Testing
import TestSupport

@Suite("lodestone record / replay (SPEC T2, T3, T4)", .serialized)
struct TraceCommandTests {
    static func write(_ text: String, in dir: TemporaryDirectory, name: String = "trace.jsonl") throws -> String {
        let path = dir.file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let valid = """
        {"format": "lodestone-input", "version": 1, "privacy": "redacted"}
        {"time": 1000, "device": 1, "type": "device_added", "name": "touchpad", "capabilities": ["pointer", "gesture"]}
        {"time": 2000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "begin", "fingers": 2}
        {"time": 9000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "scale": 1.5, "rotation": 2.5}
        {"time": 9500, "device": 2, "type": "key", "key": "private", "pressed": true}

        """

    @Test("replay --print prints every event; --json re-emits a trace that decodes to the same events")
    func replayValid() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let path = try Self.write(Self.valid, in: dir)
        let app = try Lodestone.launch(["replay", path, "--print"], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(0), "\(app.stderr)")
        #expect(app.stdoutLines.count == 4)
        #expect(app.stdout.contains("pinch-update   2 fingers"))
        let json = try Lodestone.launch(["replay", "--json", path], on: nil)
        #expect(try json.wait(timeout: 20) == .exited(0))
        #expect(try TraceDecoder.decode(json.stdout) == TraceDecoder.decode(Self.valid))
    }

    @Test("a faulty trace: exit 2, the file and line on stderr, nothing replayed", arguments: [
        ("{\"time\": 9600, \"device\": 1, \"type\": \"gesture\", \"kind\": \"swipe\", \"phase\": \"update\", \"fingers\": -3}\n", "line 6: fingers -3 is out of range"),
        ("{\"time\": 10, \"device\": 1, \"type\": \"frame\"}\n", "line 6: time went backwards: 10 µs after 9500 µs"),
        ("{\"time\": 9600, \"device\": 1, \"type\": \"frame\",}\n", "line 6, column 45: unexpected '}': expected a member name"),
        ("{\"time\": 9600, \"device\": 1, \"type\": \"fra", "line 6, column 41: unterminated string: the line is truncated"),
    ])
    func replayRefuses(lastLine: String, message: String) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let path = try Self.write(Self.valid + lastLine, in: dir)
        let app = try Lodestone.launch(["replay", path], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(2))
        #expect(app.stderr.contains("\(path): \(message)"), "\(app.stderr)")
        #expect(app.stdout.isEmpty, "nothing is replayed half-way")
    }

    @Test("an unknown version is refused")
    func replayUnknownVersion() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let path = try Self.write(#"{"format": "lodestone-input", "version": 3, "privacy": "redacted"}"# + "\n", in: dir)
        let app = try Lodestone.launch(["replay", path], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(2))
        #expect(app.stderr.contains("line 1: unsupported trace version 3"))
    }

    /// Records under sway with an injected keyboard: types 'a', then Alt; stops with SIGINT.
    static func record(_ extra: [String]) throws -> (Trace, String) {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let dir = try TemporaryDirectory(prefix: "lodestone-record")
        let out = dir.file("rec.jsonl")
        let app = try Lodestone.launch(["record", "--out", out] + extra, on: sway)
        defer { app.stop() }
        try sway.waitForWindow(appID: "lodestone")
        func text() -> String { (try? String(contentsOfFile: out, encoding: .utf8)) ?? "" }
        // Keys reach the window once it has keyboard focus; each event is written at once.
        try waitUntil(timeout: 10, "a key in the trace") {
            try seat.type(.a)
            return text().contains(#""type": "key""#)
        }
        try seat.type(.leftAlt)
        try waitUntil(timeout: 5, "alt in the trace") { text().contains(#""key": 56"#) }
        app.send(SIGINT)
        #expect(try app.wait(timeout: 10) == .exited(0), "\(app.stderr)")
        return (try TraceDecoder.decode(text()), text())
    }

    static func keys(_ trace: Trace) -> [KeyCode] {
        trace.events.compactMap { if case let .key(code, _) = $0.kind { code } else { nil } }
    }

    @Test("record is private by default: letters become the placeholder, modifiers keep identity, the header says redacted")
    func recordPrivate() throws {
        let (trace, text) = try Self.record([])
        #expect(trace.header.privacy == .redactText)
        let keys = Self.keys(trace)
        #expect(keys.contains(.placeholder))
        #expect(keys.contains(KeyCode(rawValue: 56)))
        #expect(!keys.contains(KeyCode(rawValue: 30)))
        #expect(!text.contains(#""key": 30"#))
        #expect(trace.events.contains { if case .deviceAdded = $0.kind { true } else { false } })
    }

    @Test("record --keep-keys keeps letters and says so in the header")
    func recordKeepKeys() throws {
        let (trace, _) = try Self.record(["--keep-keys"])
        #expect(trace.header.privacy == .keepKeys)
        #expect(Self.keys(trace).contains(KeyCode(rawValue: 30)))
        #expect(!Self.keys(trace).contains(.placeholder))
    }
}

@Suite("lodestone bench (issue 8)")
struct BenchCommandTests {
    @Test("--json prints one object per figure per line with name, value, unit (and reference, goal) in order")
    func jsonLines() throws {
        let app = try Lodestone.launch(["bench", "startup", "--quick", "--json"], on: nil)
        #expect(try app.wait(timeout: 120) == .exited(0), "\(app.stderr)")
        let lines = app.stdoutLines
        #expect(lines.count == 4)
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["name"] is String && object["value"] is NSNumber && object["unit"] is String)
            #expect(line.hasPrefix(#"{"name": ""#))
        }
        #expect(lines[0].hasPrefix(#"{"name": "startup.first_frame", "value": "#))
        #expect(lines[0].contains(#", "unit": "ms", "reference": "spawn of /bin/true", "reference_value": "#))
        #expect(lines[0].hasSuffix(#", "goal": "<= 150"}"#))
        #expect(lines[2].hasPrefix(#"{"name": "startup.peak_rss_1080p", "value": "#))
        #expect(lines[3].hasPrefix(#"{"name": "startup.first_frame_cpu", "value": "#))
    }

    @Test("an unknown bench or option is a usage error")
    func usage() throws {
        let app = try Lodestone.launch(["bench", "warp"], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(2))
        #expect(app.stderr.contains("unknown bench 'warp'"))
    }
}
