// `lodestone dnd` under headless sway 1.7 (issue 33; I2, G11), driven like a person: the
// pointer rests on the item, the copy key goes down before the press, the item glides slowly
// to the target's zone and rests there before the release. What the report says must be what
// docs/dnd.md's "who chose the action" table measured under sway 1.7: with no key the source offers
// move, copy and ask and the destination's preference (move) is taken; with Ctrl held before
// the press the source offers copy alone and decides; both finished, the file read.
import Foundation
import Testing
import TestSupport

@Suite("lodestone dnd under sway 1.7 (issue 33; I2, G11)", .serialized)
struct DndCommandUnderSwayTests {
    func pause(_ s: Double) { Thread.sleep(forTimeInterval: s) }

    /// The newest state line of `window` ("source" or "target").
    func latest(_ log: StateLog, _ window: String) -> [String: Any]? {
        log.states().last { $0.json["window"] as? String == window }?.json
    }

    func waitFor(_ log: StateLog, _ window: String, _ what: String, timeout: Double = 20,
                 _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        var found: [String: Any]?
        do {
            try waitUntil(timeout: timeout, what) {
                guard let s = latest(log, window), condition(s) else { return false }
                found = s
                return true
            }
        } catch {
            throw HarnessError("\(error)\n--- last \(window) state: \(latest(log, window) ?? [:])")
        }
        return found!
    }

    static func centre(_ any: Any?, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let f = try #require(any as? [Double])
        return (Double(w.content.x) + f[0] + f[2] / 2, Double(w.content.y) + f[1] + f[3] / 2)
    }

    /// One step as a person does it: rest on the item, keys down, press, a slow glide to the
    /// zone, a rest over it, release, keys up.
    func drag(_ seat: SeatInjector, from: (Double, Double), to: (Double, Double), keys: [SeatInjector.Key]) throws {
        try seat.move(to: from.0 + 25, from.1 + 20)
        pause(0.2)
        try seat.move(to: from.0, from.1)
        pause(0.4)
        for k in keys { try seat.press(key: k) }
        pause(0.3)
        try seat.press(.left)
        pause(0.15)
        let steps = 40
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try seat.move(to: from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t + 12 * sin(t * .pi))
            pause(0.025)
        }
        pause(0.5)
        try seat.release(.left)
        pause(0.4)
        for k in keys.reversed() { try seat.release(key: k) }
    }

    /// A sway of its own and `lodestone dnd ARGS` in it, its state in the log and its report
    /// in the scratch directory's report.json (and .md).
    func start(_ args: [String]) throws -> (Sway, SeatInjector, TemporaryDirectory, StateLog, ChildProcess) {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1600, height: 900),
                                                          config: ["default_border none", "mouse_warping none"])
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd")
        let log = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["dnd", "--state-out", log.path, "--report", scratch.file("report.json")] + args, on: sway)
        return (sway, seat, scratch, log, app)
    }

    @Test("usage errors exit 2 naming what is wrong, before any window opens")
    func usage() throws {
        for (args, message) in [(["--steps", "plain,drop"], "--steps: unknown step “drop” (the steps: plain, copy, move)"),
                                (["--steps", "copy,copy"], "--steps: “copy” is listed twice"),
                                (["--timeout", "0"], "--timeout wants seconds in [1, 3600], not “0”"),
                                (["--conventions", "amiga"], "--conventions wants desktop or mac, not “amiga”")] {
            let app = try Lodestone.launch(["dnd"] + args, on: nil)
            let end = try app.wait(timeout: 30)
            #expect(end == .exited(2), "\(args)")
            #expect(app.stderr.contains(message), "\(args): \(app.stderr)")
        }
    }

    @Test("S skips each step, Esc ends: the report says skipped for each, exit 0")
    func skipAndEnd() throws {
        let (sway, seat, scratch, log, app) = try start(["--steps", "move,plain,copy", "--pause", "0.5"])
        defer { app.stop(); _ = scratch }
        let report = scratch.file("report.json")
        _ = try waitFor(log, "source", "step move ready") { $0["step"] as? String == "move" && $0["phase"] as? String == "ready" }
        // Into the source window: it has the keyboard focus (focus follows the mouse).
        let w = try #require(try sway.windows().first { $0.appID == "lodestone-dnd-source" })
        try seat.move(to: Double(w.content.x + 40), Double(w.content.y + 200))
        pause(0.3)
        try seat.type(SeatInjector.Key(rawValue: 31))
        _ = try waitFor(log, "source", "step plain ready after S") { $0["step"] as? String == "plain" && $0["phase"] as? String == "ready" }
        pause(0.3)
        try seat.type(.escape)
        let end = try app.wait(timeout: 20)
        #expect(end == .exited(0), "stderr: \(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { $0["step"] as? String } == ["move", "plain", "copy"], "the order --steps gave: \(cases)")
        #expect(cases.allSatisfy { $0["verdict"] as? String == "skipped" }, "\(cases)")
        #expect(cases.first?["skipped"] as? String == "S pressed", "\(cases)")
    }

    @Test("the plain, copy and move steps, driven like a person: the report's cases say who chose (destination, then source twice), finished, read, as expected; the item and the zone drawn")
    func plainCopyMove() throws {
        let (sway, seat, scratch, log, app) = try start(["--steps", "plain,copy,move", "--pause", "1", "--timeout", "90"])
        defer { app.stop(); _ = scratch }
        let report = scratch.file("report.json")
        var windows: [String: Sway.WindowInfo] = [:]
        try waitUntil(timeout: 20, "the source and the target window side by side") {
            for w in try sway.windows() where w.visible && w.content.width > 0 { windows[w.appID] = w }
            return windows["lodestone-dnd-source"] != nil && windows["lodestone-dnd-target"] != nil
        }
        let from = try #require(windows["lodestone-dnd-source"]), into = try #require(windows["lodestone-dnd-target"])
        for (name, w) in [("source", from), ("target", into)] {
            _ = try waitFor(log, name, "the \(name) window at its tiled size, step plain ready") { s in
                s["size"] as? [Int] == [w.content.width, w.content.height] && s["step"] as? String == "plain"
            }
        }
        let plan: [(String, [SeatInjector.Key], Int)] = [("plain", [], 1), ("copy", [.leftCtrl], 2), ("move", [.leftShift], 3)]
        for (step, keys, index) in plan {
            let s = try waitFor(log, "source", "step \(step) ready") { $0["step"] as? String == step && $0["phase"] as? String == "ready" }
            let t = try waitFor(log, "target", "the target on step \(step)") { $0["step"] as? String == step }
            if index == 1 {
                // Drawn with the renderer: the item in the source, the zone in the target.
                let shot = try sway.screenshot()
                if let keep = ProcessInfo.processInfo.environment["LODESTONE_DND_SHOT"] { try shot.writePNG(to: keep) }
                let item = try #require(s["item"] as? [Double]), zone = try #require(t["zone"] as? [Double])
                let onItem = shot.pixel(x: from.content.x + Int(item[0]) + 8, y: from.content.y + Int(item[1] + item[3]) - 8)
                #expect(onItem.matches(RGBA(hex: 0x0A84FF), tolerance: 12), "the item: \(onItem)")
                let onZone = shot.pixel(x: into.content.x + Int(zone[0]) + 12, y: into.content.y + Int(zone[1] + zone[3] / 2))
                let outside = shot.pixel(x: into.content.x + Int(zone[0]) - 12, y: into.content.y + Int(zone[1] + zone[3] / 2))
                #expect(!onZone.matches(outside, tolerance: 12), "the zone stands out: \(onZone) beside \(outside)")
            }
            try drag(seat, from: try Self.centre(s["item"], in: from), to: try Self.centre(t["zone"], in: into), keys: keys)
            _ = try waitFor(log, "source", "case \(index) recorded") { $0["cases"] as? Int == index }
            pause(0.3)
        }
        let end = try app.wait(timeout: 20)
        #expect(end == .exited(0), "stderr: \(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report))) as? [String: Any])
        // wlroots by its globals (sway by name where $SWAYSOCK is set: not in this harness).
        let name = (json["compositor"] as? [String: Any])?["name"] as? String ?? ""
        #expect(name.hasPrefix("sway") || name == "a wlroots compositor", "\(json["compositor"] ?? "none")")
        #expect((json["compositor"] as? [String: Any])?["data_device_manager"] as? Int == 3)
        let cases = try #require(json["cases"] as? [[String: Any]])
        try #require(cases.count == 3, "\(cases)")
        let plain = cases[0], copy = cases[1], move = cases[2]
        #expect(move["keys"] as? [String] == ["Shift"])
        #expect(move["offered"] as? [String] == ["move"], "\(move)")
        #expect(move["chosen"] as? String == "move" && move["decided_by"] as? String == "source", "\(move)")
        #expect(move["verdict"] as? String == "as-expected", "\(move)")
        #expect(plain["step"] as? String == "plain")
        #expect(plain["offered"] as? [String] == ["copy", "move", "ask"], "\(plain)")
        #expect(plain["target_preferred"] as? String == "move", "\(plain)")
        #expect(plain["chosen"] as? String == "move", "\(plain)")
        #expect(plain["decided_by"] as? String == "destination", "\(plain)")
        #expect(plain["result"] as? String == "finished", "\(plain)")
        #expect(plain["verdict"] as? String == "as-expected", "\(plain)")
        #expect(plain["keys_reached"] is NSNull)
        #expect(copy["step"] as? String == "copy")
        #expect(copy["keys"] as? [String] == ["Ctrl"])
        #expect(copy["offered"] as? [String] == ["copy"], "the source narrowed its offer by the Ctrl held at the press: \(copy)")
        #expect(copy["chosen"] as? String == "copy", "\(copy)")
        #expect(copy["decided_by"] as? String == "source", "\(copy)")
        #expect(copy["keys_reached"] as? Bool == true, "\(copy)")
        #expect(copy["result"] as? String == "finished", "\(copy)")
        #expect(copy["expected"] as? String == "copy")
        #expect(copy["verdict"] as? String == "as-expected", "\(copy)")
        for c in cases {
            let read = try #require(c["read"] as? [String: Any], "\(c)")
            #expect(read["type"] as? String == "text/uri-list")
            #expect((read["bytes"] as? Int ?? 0) > 10)
            #expect(c["action_before_enter"] as? Bool == false, "sway sends the action after enter: \(c)")
            #expect(c["drop_to_finished_ms"] is NSNumber, "\(c)")
            let events = (c["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
            #expect(events.contains("dnd_drop_performed") && events.contains("dnd_finished"), "\(events)")
        }
        let markdown = try String(contentsOfFile: scratch.file("report.md"), encoding: .utf8)
        #expect(markdown.contains("| copy | Ctrl | copy |"), "\(markdown)")
    }
}
