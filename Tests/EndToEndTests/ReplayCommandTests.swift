// `lodestone replay … --headless` and the playground's file arguments as a user runs them
// (issue 7, SPEC T2, T4): frames and a contact sheet from the bundled demo; a malformed trace or
// layout or settings file names its location and exits 2, writing nothing.
import Foundation
import Testing
import TestSupport

@Suite("lodestone replay --headless (the program)")
struct ReplayProgramTests {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
    static let demo = root + "/Tests/Fixtures/traces/demo.trace"

    static func run(_ args: [String], environment: [String: String] = [:]) throws -> (ChildProcess, ChildProcess.Termination) {
        let app = try Lodestone.launch(args, on: nil, environment: environment)
        let end = try app.wait(timeout: 120)
        return (app, end)
    }

    @Test("the demo trace: frames and a contact sheet, byte-identical on a second run (T2)")
    func demoFrames() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        // A short, small replay keeps the test quick: 3 frames per second at scale 0.25.
        let a = try Self.run(["replay", Self.demo, "--headless", "--out", dir.path + "/a", "--fps", "3", "--scale", "0.25"])
        #expect(a.1 == .exited(0), "\(a.0.stderr)")
        // Missing parents are created, as `make demo`'s out/demo needs on a fresh clone.
        let b = try Self.run(["replay", Self.demo, "--headless", "--out", dir.path + "/new/b", "--fps", "3", "--scale", "0.25"])
        #expect(b.1 == .exited(0))
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path + "/a").sorted()
        #expect(files.contains("contact-sheet.png") && files.contains("frame-00001.png"))
        #expect(files.filter { $0.hasPrefix("frame-") }.count > 20)
        for f in files {
            let x = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/a/" + f))
            let y = try Data(contentsOf: URL(fileURLWithPath: dir.path + "/new/b/" + f))
            #expect(x == y, "\(f) differs between two replays of the same trace")
        }
        #expect(a.0.stdout.contains(dir.path + "/a/contact-sheet.png"))
    }

    @Test("a malformed trace: file:line and exit 2, no frames written (T4)", arguments: [
        ("bad json", 2), ("truncated", 3),
    ])
    func malformedTrace(kind: String, line: Int) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let header = #"{"format": "lodestone-input", "version": 1, "privacy": "redacted", "devices": [{"id": 1, "name": "m", "capabilities": ["pointer"]}], "meta": {}}"#
        let ok = #"{"time": 0, "device": 1, "type": "device_added", "name": "m", "capabilities": ["pointer"]}"#
        let text = kind == "bad json" ? header + "\n" + "{\"time\": 5, \"device\": 1, \n" : header + "\n" + ok + "\n" + ok
        let path = dir.path + "/bad.trace"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let (app, end) = try Self.run(["replay", path, "--headless", "--out", dir.path + "/out"])
        #expect(end == .exited(2))
        #expect(app.stderr.contains("\(path): line \(line)"), "\(app.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out/frame-00001.png"))
    }

    @Test("a header-only trace: \"no events: no frames written\", exit 0, nothing written (issue 17.7; T2, T4)")
    func headerOnlyTrace() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let header = #"{"format": "lodestone-input", "version": 1, "privacy": "redacted", "devices": [{"id": 1, "name": "m", "capabilities": ["pointer"]}], "meta": {}}"#
        let path = dir.path + "/empty.trace"
        try (header + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let (app, end) = try Self.run(["replay", path, "--headless", "--out", dir.path + "/out"])
        #expect(end == .exited(0), "\(app.stderr)")
        #expect(app.stdout.contains("\(path): no events: no frames written"), "\(app.stdout)")
        #expect(!app.stdout.contains("frame-"), "\(app.stdout)")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out"), "nothing is written for an empty trace")
    }

    @Test("a malformed layout: file:line:column and exit 2")
    func malformedLayout() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-replay")
        let path = dir.path + "/bad.json"
        try "{\n  \"version\": 1,\n  \"size\": [100, 100],\n  \"elements\": [ {\"id\": \"a\", } ]\n}\n".write(toFile: path, atomically: true, encoding: .utf8)
        for args in [["replay", Self.demo, "--layout", path, "--headless", "--out", dir.path + "/out"], ["--layout", path, "--headless", "--out", dir.path + "/o2"]] {
            let (app, end) = try Self.run(args)
            #expect(end == .exited(2))
            #expect(app.stderr.contains("\(path):4:"), "\(app.stderr)")
        }
    }

    @Test("a malformed settings file: file:line:column and exit 2")
    func malformedSettings() throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-settings")
        try FileManager.default.createDirectory(atPath: dir.path + "/lodestone", withIntermediateDirectories: true)
        try "{\n  \"pointerSize\": 2\n}\n".write(toFile: dir.path + "/lodestone/settings.json", atomically: true, encoding: .utf8)
        let (app, end) = try Self.run(["--headless", "--out", dir.path + "/o"], environment: ["XDG_CONFIG_HOME": dir.path])
        #expect(end == .exited(2))
        #expect(app.stderr.contains(dir.path + "/lodestone/settings.json:2:18: unknown setting \"pointerSize\""), "\(app.stderr)")
    }
}
