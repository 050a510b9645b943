// `lodestone dnd --auto` (issue 33.6; I2, G11): Lodestone performs every window-to-window step
// itself through the compositor's virtual pointer and keyboard, with no seat injection at all:
// sway starts with no input device, and the only pointer and keyboard are the ones Lodestone
// makes. The report must say what the guided run driven like a person says
// (DndCommandUnderSwayTests.expectSwayRow and expectEscape, all seven window-to-window steps):
// plain decided by the destination (move), copy, move and link by the source, copy-mid and
// escape changing nothing (compositor-ignores-modifiers), the refusing zone cancelled. Under
// sway 1.7 and, in the Debian 13 root, sway 1.10 and labwc 0.8 (stacking: a window moved aside).
// Where the compositor offers no virtual input (weston, mutter) --auto names the missing
// globals and the compositor, and exits 2.
import Foundation
import Testing
import TestSupport

enum DndAutoRun {
    /// `lodestone dnd --auto ARGS` in `sway`: its exit, the report's JSON, its stdout and how long it took.
    static func run(on sway: Sway, _ args: [String] = [], whileRunning: (ChildProcess) throws -> Void = { _ in }) throws
        -> (json: [String: Any], markdown: String, stdout: String, seconds: Double) {
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-auto")
        let report = scratch.file("report.json")
        let started = Date()
        let app = try Lodestone.launch(["dnd", "--auto", "--report", report, "--state-out", scratch.file("state.jsonl")] + args, on: sway)
        defer { app.stop() }
        try whileRunning(app)
        let end = try app.wait(timeout: 150)
        let seconds = Date().timeIntervalSince(started)
        #expect(end == .exited(0), "stdout: \(app.stdout)\nstderr: \(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any],
                                "stdout: \(app.stdout)\nstderr: \(app.stderr)")
        print("lodestone dnd --auto \(args.joined(separator: " ")): \(String(format: "%.1f", seconds)) s\n\(app.stdout)")
        return (json, try String(contentsOfFile: scratch.file("report.md"), encoding: .utf8), app.stdout, seconds)
    }

    /// `--auto` over every step on `sway`: the report says what the guided run driven like a
    /// person says under sway for the seven window-to-window steps (the two that need another
    /// application skipped), within `limit` seconds.
    static func everyStep(on sway: Sway, limit: Double = 120) throws {
        let (json, markdown, stdout, seconds) = try run(on: sway)
        try expectWlrootsCases(json, stdout: stdout)
        let own = try windowToWindow(json)
        try DndCommandUnderSwayTests().expectSwayRow(own, markdown)
        try DndCommandUnderSwayTests().expectEscape(own, markdown)
        #expect(seconds < limit, "a compositor's conformance in about half a minute: \(seconds) s")
    }

    /// The report without the cases of the steps that need another application.
    static func windowToWindow(_ json: [String: Any]) throws -> [String: Any] {
        var own = json
        let cases = try #require(json["cases"] as? [[String: Any]])
        own["cases"] = cases.filter { !["other-app", "into-target"].contains($0["step"] as? String ?? "") }
        return own
    }

    /// What DndCommandUnderSwayTests.plainCopyMove asserts of the guided run, for the cases the
    /// auto run made; steps that need another application are skipped with the reason.
    static func expectWlrootsCases(_ json: [String: Any], stdout: String) throws {
        let name = (json["compositor"] as? [String: Any])?["name"] as? String ?? ""
        #expect(name.hasPrefix("sway") || name == "a wlroots compositor", "\(json["compositor"] ?? "none")")
        let cases = try #require(json["cases"] as? [[String: Any]])
        func named(_ step: String) throws -> [String: Any] { try #require(cases.first { $0["step"] as? String == step }, "no \(step) case: \(cases)") }
        let plain = try named("plain"), copy = try named("copy"), move = try named("move")
        #expect(plain["offered"] as? [String] == ["copy", "move", "ask"], "\(plain)")
        #expect(plain["target_preferred"] as? String == "move", "\(plain)")
        #expect(plain["chosen"] as? String == "move" && plain["decided_by"] as? String == "destination", "\(plain)")
        #expect(copy["keys"] as? [String] == ["Ctrl"], "\(copy)")
        #expect(copy["offered"] as? [String] == ["copy"], "the Ctrl Lodestone held before its own press narrowed the offer: \(copy)")
        #expect(copy["chosen"] as? String == "copy" && copy["decided_by"] as? String == "source", "\(copy)")
        // keys_reached: one flag, or one per window (the source's, where the keys went).
        let reached = copy["keys_reached"]
        #expect(reached as? Bool == true || (reached as? [String: Any])?["source"] as? Bool == true, "\(copy)")
        #expect(move["keys"] as? [String] == ["Shift"], "\(move)")
        #expect(move["offered"] as? [String] == ["move"], "\(move)")
        #expect(move["chosen"] as? String == "move" && move["decided_by"] as? String == "source", "\(move)")
        for c in [plain, copy, move] {
            #expect(c["result"] as? String == "finished", "\(c)")
            #expect(c["verdict"] as? String == "as-expected", "\(c)")
            let read = try #require(c["read"] as? [String: Any], "\(c)")
            #expect(read["type"] as? String == "text/uri-list")
            #expect((read["bytes"] as? Int ?? 0) > 10)
            #expect(c["action_before_enter"] as? Bool == false, "\(c)")
        }
        for c in cases {
            let step = c["step"] as? String ?? ""
            if ["other-app", "into-target"].contains(step) {
                #expect(c["verdict"] as? String == "skipped", "\(c)")
                #expect((c["skipped"] as? String ?? "").contains("needs another application"), "\(c)")
            } else {
                #expect(c["verdict"] as? String != "skipped", "--auto performed \(step): \(c)")
            }
        }
        #expect(stdout.contains("dnd: --auto: layout"), "the calibration said where it found the windows: \(stdout)")
    }
}

@Suite("lodestone dnd --auto under sway 1.7 (issue 33.6; I2, G11)", .serialized)
struct DndAutoUnderSwayTests {
    @Test("with no seat injection at all, --auto performs every window-to-window step through sway's virtual pointer and keyboard, and the report says what the guided run says: plain decided by the destination, copy, move and link by the source, copy-mid and Escape ignored, the refusing zone cancelled")
    func everyStep() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: ["default_border none"])
        defer { sway.stop() }
        try DndAutoRun.everyStep(on: sway)
    }

    @Test("the windows floating wherever sway puts them, with borders and title bars: the calibration finds them from where the pointer reports, and plain and copy come out as tiled")
    func floatingApart() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: [
            "for_window [app_id=\"lodestone-dnd-source\"] floating enable, move position 90 130",
            "for_window [app_id=\"lodestone-dnd-target\"] floating enable, move position 870 420",
        ])
        defer { sway.stop() }
        var placed: [String: Sway.WindowInfo] = [:]
        let (json, _, stdout, _) = try DndAutoRun.run(on: sway, ["--steps", "copy,plain", "--pause", "0.5"]) { app in
            _ = try app.waitForLine(containing: "dnd: --auto: layout", timeout: 60)
            for w in try sway.windows() { placed[w.appID] = w }
        }
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { $0["step"] as? String } == ["copy", "plain"], "\(cases)")
        #expect(cases.first?["chosen"] as? String == "copy" && cases.first?["decided_by"] as? String == "source", "\(cases)")
        #expect(cases.last?["chosen"] as? String == "move" && cases.last?["decided_by"] as? String == "destination", "\(cases)")
        for c in cases { #expect(c["result"] as? String == "finished" && c["verdict"] as? String == "as-expected", "\(c)") }
        let source = try #require(placed["lodestone-dnd-source"]), target = try #require(placed["lodestone-dnd-target"])
        #expect(stdout.contains("source at (\(source.content.x), \(source.content.y)), target at (\(target.content.x), \(target.content.y))"),
                "the calibration found the windows where sway placed them: \(source.content), \(target.content)\n\(stdout)")
    }

    @Test("--conventions mac: Option (Alt) and Command (Super) go down through the virtual keyboard before the press, and the source offers copy alone and move alone")
    func macConventions() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: ["default_border none"])
        defer { sway.stop() }
        let (json, markdown, _, _) = try DndAutoRun.run(on: sway, ["--steps", "copy,move", "--conventions", "mac", "--pause", "0.5"])
        let cases = try #require(json["cases"] as? [[String: Any]])
        try #require(cases.count == 2, "\(cases)")
        for (c, key, only) in [(cases[0], "Option", "copy"), (cases[1], "Command", "move")] {
            #expect(c["keys"] as? [String] == [key], "\(c)")
            #expect(c["offered"] as? [String] == [only] && c["chosen"] as? String == only && c["decided_by"] as? String == "source", "\(c)")
            #expect(c["result"] as? String == "finished" && c["verdict"] as? String == "as-expected", "\(c)")
        }
        #expect(markdown.contains("| copy | Option | copy |"), "\(markdown)")
    }

    @Test("both windows floating in one place, the target over the source (as a stacking compositor opens them): --auto drags the target aside by a blank corner, finds the source, and performs the step")
    func overlapping() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: ["for_window [app_id=\"lodestone-dnd-.*\"] floating enable, move position 500 200"])
        defer { sway.stop() }
        let (json, _, stdout, _) = try DndAutoRun.run(on: sway, ["--steps", "copy", "--pause", "0.5"])
        #expect(stdout.contains("dnd: --auto: only the target window found; moving it 520 pt right to uncover the other"), "\(stdout)")
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.first?["chosen"] as? String == "copy" && cases.first?["result"] as? String == "finished", "\(cases)")
    }

    @Test("the target fullscreen hides the source for good: --auto says it never found the source window and why, writes the report with the steps not taken, exits 1")
    func hiddenWindow() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: ["for_window [app_id=\"lodestone-dnd-target\"] fullscreen enable"])
        defer { sway.stop() }
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-auto")
        let app = try Lodestone.launch(["dnd", "--auto", "--steps", "plain", "--report", scratch.file("report.json")], on: sway)
        defer { app.stop() }
        let end = try app.wait(timeout: 90)
        #expect(end == .exited(1), "stdout: \(app.stdout)\nstderr: \(app.stderr)")
        #expect(app.stderr.contains("--auto never found the source window under the pointer"), "\(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("report.json")))) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { $0["verdict"] as? String } == ["skipped"], "\(cases)")
    }

    /// `lodestone dnd --auto` on a compositor without virtual input: exit 2, the missing globals
    /// and the compositor named.
    func expectRefused(on compositor: Compositor, named name: String) throws {
        let app = try Lodestone.launch(["dnd", "--auto"], on: compositor)
        defer { app.stop() }
        let end = try app.wait(timeout: 30)
        #expect(end == .exited(2), "stderr: \(app.stderr)")
        #expect(app.stderr.contains("\(name) offers neither zwlr_virtual_pointer_manager_v1 nor zwp_virtual_keyboard_manager_v1"), "\(app.stderr)")
        #expect(app.stderr.contains("run lodestone dnd without --auto"), "\(app.stderr)")
        print("lodestone dnd --auto under \(name): \(app.stderr)")
    }

    @Test("where the compositor offers no virtual input (weston 10), --auto says which globals are missing on which compositor, and exits 2 before any window opens")
    func refusedUnderWeston() throws {
        let weston = try Weston.start()
        defer { weston.stop() }
        try expectRefused(on: weston, named: "weston")
    }

    @Test("under mutter 43 (no virtual input globals) --auto says so, naming Mutter, and exits 2", .enabled(if: Mutter.unavailable == nil))
    func refusedUnderMutter() throws {
        let mutter = try Mutter.start()
        defer { mutter.stop() }
        try expectRefused(on: mutter, named: "Mutter (GNOME)")
    }
}

@Suite("lodestone dnd --auto under the Debian 13 root's wlroots compositors: sway 1.10, labwc 0.8 (issue 33.6; I2, G11)", .serialized, .debian13)
struct DndAutoUnderSway110Tests {
    @Test("sway 1.10 offers both virtual input globals: --auto performs every window-to-window step, and the report says what the guided run says under sway")
    func everyStep() throws {
        let sway = try Sway.start(output: .init(width: 1600, height: 900), config: ["default_border none"], root: try Debian13Root.require("sway", at: "1.10"))
        defer { sway.stop() }
        try DndAutoRun.everyStep(on: sway)
    }

    @Test("at output scale 1.5 (fractional: surface points are not pixels) the calibration measures the layout in points and the drags come out as at scale 1")
    func fractionalScale() throws {
        let sway = try Sway.start(output: .init(width: 2400, height: 1350, scale: 1.5), config: ["default_border none"],
                                  root: try Debian13Root.require("sway", at: "1.10"))
        defer { sway.stop() }
        let (json, _, stdout, _) = try DndAutoRun.run(on: sway, ["--steps", "plain,copy", "--pause", "0.5"])
        #expect(stdout.contains("dnd: --auto: layout 1600×900,"), "\(stdout)")
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { "\($0["chosen"] ?? "-") \($0["decided_by"] ?? "-") \($0["result"] ?? "-")" } == ["move destination finished", "copy source finished"], "\(cases)")
    }

    @Test("labwc 0.8, a stacking wlroots compositor, opens both windows in the middle, one over the other: --auto moves the top one aside, then plain and copy come out as under sway")
    func labwc() throws {
        let root = try Debian13Root.require("labwc", at: "0.8")
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-auto-labwc")
        let program = try Lodestone.copy(runnableByOthersIn: scratch)
        let out = scratch.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        guard chown(out, SwayUID.id, SwayUID.id) == 0 else { throw HarnessError("cannot hand \(out) to uid 65534") }
        let report = out + "/report.json"
        let labwc = try Cage.startLabwc(showing: [program, "dnd", "--auto", "--steps", "plain,copy", "--pause", "0.5", "--report", report],
                                        root: root, sharing: [scratch.path])
        defer { labwc.stop() }
        // lodestone is labwc's child: its lines are on labwc's stdout, its report in `out`.
        try waitUntil(timeout: 120, "lodestone dnd --auto's report under labwc") {
            labwc.process.stdoutLines.contains { $0.hasPrefix("dnd: --auto: ") && $0.contains(" cases in ") }
                && FileManager.default.fileExists(atPath: report)
        }
        Thread.sleep(forTimeInterval: 0.5)
        let stdout = labwc.process.stdoutLines.joined(separator: "\n")
        print("lodestone dnd --auto under labwc 0.8:\n\(stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any], "\(stdout)")
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { "\($0["chosen"] ?? "-") \($0["decided_by"] ?? "-") \($0["result"] ?? "-")" } == ["move destination finished", "copy source finished"], "\(cases)\n\(stdout)")
    }
}
