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

    /// Where sway tiled the source and the target window, once both show.
    static func windows(_ sway: Sway) throws -> (source: Sway.WindowInfo, target: Sway.WindowInfo) {
        var windows: [String: Sway.WindowInfo] = [:]
        try waitUntil(timeout: 20, "the source and the target window side by side") {
            for w in try sway.windows() where w.visible && w.content.width > 0 { windows[w.appID] = w }
            return windows["lodestone-dnd-source"] != nil && windows["lodestone-dnd-target"] != nil
        }
        return (try #require(windows["lodestone-dnd-source"]), try #require(windows["lodestone-dnd-target"]))
    }

    static func centre(_ any: Any?, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let f = try #require(any as? [Double])
        return (Double(w.content.x) + f[0] + f[2] / 2, Double(w.content.y) + f[1] + f[3] / 2)
    }

    /// One step as a person does it: rest on the item, keys down, press, a slow glide to the
    /// zone, a rest over it, the mid-drag keys down (and a rest with them held), release, keys up.
    func drag(_ seat: SeatInjector, from: (Double, Double), to: (Double, Double), keys: [SeatInjector.Key],
              mid: [SeatInjector.Key] = []) throws {
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
        if !mid.isEmpty {
            for k in mid { try seat.press(key: k) }
            pause(0.3)
            // A small wiggle with the keys held: a compositor that applies keys on motion sees it.
            try seat.move(to: to.0 + 6, to.1 + 4)
            pause(0.2)
            try seat.move(to: to.0, to.1)
            pause(0.5)
        }
        try seat.release(.left)
        pause(0.4)
        for k in (keys + mid).reversed() { try seat.release(key: k) }
    }

    /// A sway of its own and `lodestone dnd ARGS` in it, its state in the log and its report
    /// in the scratch directory's report.json (and .md).
    func start(_ args: [String], root: Debian13Root? = nil) throws -> (Sway, SeatInjector, TemporaryDirectory, StateLog, ChildProcess) {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1600, height: 900),
                                                          config: ["default_border none", "mouse_warping none"], root: root)
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd")
        let log = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["dnd", "--state-out", log.path, "--report", scratch.file("report.json")] + args, on: sway)
        return (sway, seat, scratch, log, app)
    }

    /// One drag of a run: the step, the keys held before the press, the keys pressed over the zone.
    typealias Planned = (step: String, keys: [SeatInjector.Key], mid: [SeatInjector.Key])

    /// `lodestone dnd` with `plan`'s steps (or `steps` as --steps, with --repeat in `args`), each
    /// performed like a person: the report's JSON and its Markdown once the run ends.
    /// `look` sees each step before its drag: its index, the source's and the target's newest
    /// state, both windows and the sway.
    func run(_ plan: [Planned], _ args: [String] = [], root: Debian13Root? = nil, steps: String? = nil,
             look: (Int, [String: Any], [String: Any], Sway.WindowInfo, Sway.WindowInfo, Sway) throws -> Void = { _, _, _, _, _, _ in })
        throws -> (json: [String: Any], markdown: String) {
        let list = steps ?? plan.map(\.step).joined(separator: ",")
        let (sway, seat, scratch, log, app) = try start(["--steps", list, "--pause", "1", "--timeout", "90"] + args, root: root)
        defer { app.stop(); _ = scratch }
        let (from, into) = try Self.windows(sway)
        for (name, w) in [("source", from), ("target", into)] {
            _ = try waitFor(log, name, "the \(name) window at its tiled size") { $0["size"] as? [Int] == [w.content.width, w.content.height] }
        }
        for (index, p) in plan.enumerated() {
            let s = try waitFor(log, "source", "step \(p.step) ready") { $0["step"] as? String == p.step && $0["phase"] as? String == "ready" && $0["cases"] as? Int == index }
            let t = try waitFor(log, "target", "the target on step \(p.step)") { $0["step"] as? String == p.step }
            try look(index, s, t, from, into, sway)
            try drag(seat, from: try Self.centre(s["item"], in: from), to: try Self.centre(t["zone"], in: into), keys: p.keys, mid: p.mid)
            do { _ = try waitFor(log, "source", "case \(index + 1) recorded", timeout: 30) { $0["cases"] as? Int == index + 1 } } catch {
                throw HarnessError("\(error)\n--- lodestone dnd: \(app.stdout)\n\(app.stderr)")
            }
            pause(0.3)
        }
        let end = try app.wait(timeout: 20)
        #expect(end == .exited(0), "stderr: \(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("report.json")))) as? [String: Any])
        let markdown = try String(contentsOfFile: scratch.file("report.md"), encoding: .utf8)
        // A sample report to read: LODESTONE_DND_REPORT=DIR keeps each run's report, pictures and
        // trace in DIR/STEPS (-debian13 under sway 1.10).
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_DND_REPORT"] {
            let dir = "\(keep)/\(list)\(root == nil ? "" : "-debian13")"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for f in try FileManager.default.contentsOfDirectory(atPath: scratch.path) where f.hasPrefix("report") {
                try? FileManager.default.removeItem(atPath: "\(dir)/\(f)")
                try FileManager.default.copyItem(atPath: scratch.file(f), toPath: "\(dir)/\(f)")
            }
        }
        return (json, markdown)
    }

    static let sevenSteps: [Planned] = [("plain", [], []), ("copy", [.leftCtrl], []), ("move", [.leftShift], []),
                                        ("link", [.leftCtrl, .leftShift], []), ("copy-mid", [], [.leftCtrl]),
                                        ("escape", [], [.escape]), ("refuse", [], [])]

    /// What README's "who chose the action" row for sway measured, as the report must say it:
    /// keys held before the press narrow the source's offer and reach only the source; keys
    /// pressed mid-drag reach neither window and change nothing (compositor-ignores-modifiers).
    func expectSwayRow(_ json: [String: Any], _ markdown: String) throws {
        let cases = try #require(json["cases"] as? [[String: Any]])
        try #require(cases.count == 7, "\(cases)")
        func c(_ step: String) -> [String: Any] { cases.first { $0["step"] as? String == step } ?? [:] }
        func reached(_ c: [String: Any]) -> [String: Any] { c["keys_reached"] as? [String: Any] ?? [:] }
        for step in ["plain", "copy", "move"] {
            #expect(c(step)["result"] as? String == "finished", "\(step): \(c(step))")
        }
        for step in ["plain", "copy", "move", "link"] {
            #expect(c(step)["verdict"] as? String == "as-expected", "\(step): \(c(step))")
        }
        #expect(c("plain")["decided_by"] as? String == "destination" && c("plain")["chosen"] as? String == "move", "\(c("plain"))")
        for (step, only) in [("copy", "copy"), ("move", "move"), ("link", "ask")] {
            #expect(c(step)["offered"] as? [String] == [only] && c(step)["decided_by"] as? String == "source", "\(step): \(c(step))")
            #expect(reached(c(step))["source"] as? Bool == true, "\(step): \(c(step))")
            #expect(reached(c(step))["target"] as? Bool == false, "sway gives keys to the focused source only: \(c(step))")
            // Each window keeps only its own keys: the target, never focused, prefers its default
            // (with the keys the whole client saw it preferred \(only)).
            #expect(c(step)["target_preferred"] as? String == "move", "\(step): \(c(step))")
        }
        let link = c("link"), events = (link["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        // Ask alone offered: nothing for the target to pick (wlroots refuses finish with ask), so
        // it keeps the link it read and lets the offer go; the source hears cancelled.
        #expect(link["chosen"] as? String == "ask" && link["result"] as? String == "cancelled", "\(link)")
        #expect(events.contains("let the offer go (ask alone: nothing to pick)") && link["read"] is [String: Any], "\(link)")
        // copy-mid: Ctrl over the zone reached neither window; wlroots kept the destination's move.
        let mid = c("copy-mid")
        #expect(mid["chosen"] as? String == "move" && mid["result"] as? String == "finished" && mid["verdict"] as? String == "differs", "\(mid)")
        #expect(reached(mid)["source"] as? Bool == false && reached(mid)["target"] as? Bool == false, "\(mid)")
        let refuse = c("refuse")
        #expect(refuse["result"] as? String == "cancelled" && refuse["cancelled_by"] as? String == "compositor", "\(refuse)")
        #expect(refuse["read"] is NSNull && refuse["verdict"] as? String == "as-expected", "\(refuse)")
        #expect(!((refuse["events"] as? [[String: Any]] ?? []).contains { $0["event"] as? String == "dnd_drop_performed" }), "\(refuse)")
        let diagnoses = try #require(json["diagnoses"] as? [[String: Any]])
        let ids = diagnoses.map { "\($0["id"] as? String ?? "?") \($0["step"] as? String ?? "?")" }
        #expect(ids.contains("compositor-ignores-modifiers copy-mid"), "\(diagnoses)")
        #expect(markdown.contains("- **compositor-ignores-modifiers** (copy-mid): Ctrl pressed over the destination reached neither window"), "\(markdown)")
        for c in cases {
            #expect(c["action_before_enter"] as? Bool == false, "sway sends the action after enter: \(c)")
        }
    }

    @Test("usage errors exit 2 naming what is wrong, before any window opens")
    func usage() throws {
        for (args, message) in [(["--steps", "plain,drop"], "--steps: unknown step “drop” (the steps: plain, copy, move, link, copy-mid, escape, refuse"),
                                (["--steps", "copy,,move"], "--steps: empty step name in “copy,,move”"),
                                (["--repeat", "0"], "--repeat wants a count from 1 to 10, not “0”"),
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
        let (json, markdown) = try run([("plain", [], []), ("copy", [.leftCtrl], []), ("move", [.leftShift], [])]) { index, s, t, from, into, sway in
            guard index == 0 else { return }
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
        #expect((plain["keys_reached"] as? [String: Any])?["source"] is NSNull)
        #expect(copy["step"] as? String == "copy")
        #expect(copy["keys"] as? [String] == ["Ctrl"])
        #expect(copy["offered"] as? [String] == ["copy"], "the source narrowed its offer by the Ctrl held at the press: \(copy)")
        #expect(copy["chosen"] as? String == "copy", "\(copy)")
        #expect(copy["decided_by"] as? String == "source", "\(copy)")
        #expect((copy["keys_reached"] as? [String: Any])?["source"] as? Bool == true, "\(copy)")
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
        #expect(markdown.contains("| copy | Ctrl | copy |"), "\(markdown)")
    }

    @Test("all seven window-to-window steps, driven like a person: the report matches README's sway row — keys before the press decide at the source, Ctrl over the target changes nothing (compositor-ignores-modifiers), Escape as measured, the refusing zone cancels")
    func sevenSteps() throws {
        let (json, markdown) = try run(Self.sevenSteps) { index, _, t, _, into, sway in
            guard Self.sevenSteps[index].step == "refuse" else { return }
            // The refusing zone is drawn red.
            let shot = try sway.screenshot()
            if let keep = ProcessInfo.processInfo.environment["LODESTONE_DND_SHOT"] { try shot.writePNG(to: keep + ".refuse.png") }
            let zone = try #require(t["zone"] as? [Double])
            let onZone = shot.pixel(x: into.content.x + Int(zone[0]) + 12, y: into.content.y + Int(zone[1] + zone[3] / 2))
            #expect(Int(onZone.r) > Int(onZone.g) + 60, "the refusing zone is red: \(onZone)")
        }
        try expectSwayRow(json, markdown)
        try expectEscape(json, markdown)
    }

    /// Escape over the zone under sway (1.7 and 1.10, measured for issue 33): wlroots' drag
    /// grab drops the key, so neither window hears it, nothing cancels, and the drop goes
    /// ahead as the destination's move: compositor-ignores-modifiers.
    func expectEscape(_ json: [String: Any], _ markdown: String) throws {
        let cases = try #require(json["cases"] as? [[String: Any]])
        let esc = try #require(cases.first { $0["step"] as? String == "escape" })
        let reached = esc["keys_reached"] as? [String: Any] ?? [:]
        #expect(reached["source"] as? Bool == false && reached["target"] as? Bool == false, "\(esc)")
        #expect(esc["result"] as? String == "finished" && esc["chosen"] as? String == "move", "\(esc)")
        #expect(esc["verdict"] as? String == "differs" && esc["expected_result"] as? String == "cancelled", "\(esc)")
        let diagnoses = json["diagnoses"] as? [[String: Any]] ?? []
        #expect(diagnoses.contains { $0["id"] as? String == "compositor-ignores-modifiers" && $0["step"] as? String == "escape" }, "\(diagnoses)")
        #expect(markdown.contains("Escape pressed mid-drag reached neither window"), "\(markdown)")
    }

    @Test("--conventions mac: Option copies, Command moves, Option+Command links, each held before the press and narrowing the source's offer; Option pressed over the zone changes nothing under sway, diagnosed in the Mac's key names")
    func macConventions() throws {
        let (json, markdown) = try run([("copy", [.leftAlt], []), ("move", [.leftSuper], []), ("link", [.leftAlt, .leftSuper], []),
                                        ("copy-mid", [], [.leftAlt])], ["--conventions", "mac"])
        #expect(json["conventions"] as? String == "mac")
        let cases = try #require(json["cases"] as? [[String: Any]])
        try #require(cases.count == 4, "\(cases)")
        for (c, (keys, only)) in zip(cases, [(["Option"], "copy"), (["Command"], "move"), (["Option", "Command"], "ask")]) {
            #expect(c["keys"] as? [String] == keys, "\(c)")
            #expect(c["offered"] as? [String] == [only] && c["chosen"] as? String == only, "\(c)")
            #expect(c["verdict"] as? String == "as-expected" && c["result"] as? String == (only == "ask" ? "cancelled" : "finished"), "\(c)")
        }
        #expect(cases[3]["keys_mid_drag"] as? [String] == ["Option"] && cases[3]["chosen"] as? String == "move", "\(cases[3])")
        #expect(markdown.contains("- **compositor-ignores-modifiers** (copy-mid): Option pressed over the destination reached neither window"), "\(markdown)")
    }

    @Test("--repeat 2 of copy-mid then copy: four cases in order; sway answers the mid-drag Ctrl the same after a plain drag and after a Ctrl drag, so no order-dependent diagnosis, and compositor-ignores-modifiers once")
    func repeatedSteps() throws {
        let pair: [Planned] = [("copy-mid", [], [.leftCtrl]), ("copy", [.leftCtrl], [])]
        let (json, _) = try run(pair + pair, ["--repeat", "2"], steps: "copy-mid,copy")
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { $0["step"] as? String } == ["copy-mid", "copy", "copy-mid", "copy"], "\(cases)")
        #expect(cases.map { $0["chosen"] as? String } == ["move", "copy", "move", "copy"], "\(cases)")
        let ids = (json["diagnoses"] as? [[String: Any]] ?? []).map { "\($0["id"] as? String ?? "?") \($0["step"] as? String ?? "?")" }
        #expect(ids == ["compositor-ignores-modifiers copy-mid"], "\(json["diagnoses"] ?? "")")
    }
}
