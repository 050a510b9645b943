// `lodestone dnd`'s steps with another application at one end, under headless sway 1.7 (issue
// 33; I2, G11), driven like a person (rests, slow glides: DndCommandUnderSwayTests' drag):
// - other-app: the item carried into the dnd-source fixture as a destination that finishes,
//   never finishes, reads then cancels, or dies mid-transfer; into weston-dnd (it takes only
//   its flower type); into gtk4-demo's clipboard entry (it accepts text/uri-list, reads the
//   text, copies). The report says what the source end heard: the type the peer accepted,
//   what it asked for and took, finished or cancelled or neither (the step ends by itself: a
//   timeout, never a hang), and the run goes on to the next step.
// - into-target: the fixture as a source (well-behaved, then one that quits mid-drag over the
//   zone) and a weston-dnd flower dropped on the zone: the offer's types and actions, the
//   target's choice, the bytes read (sizes only), finished.
import Foundation
import Testing
import TestSupport

@Suite("lodestone dnd with other applications under sway 1.7 (issue 33; I2, G11)", .serialized)
struct DndOtherAppUnderSwayTests {
    let person = DndCommandUnderSwayTests()
    static let fixture = RepositoryRoot.path + "/.build/fixtures/dnd-source"
    static let peerID = "lodestone-peer"
    static let text = "text/plain;charset=utf-8"

    func pause(_ s: Double) { Thread.sleep(forTimeInterval: s) }

    /// A sway of its own, once the peer program (`needs`: its path and the package that has
    /// it; nil: the fixture) is there.
    func sway(needs peer: (path: String, package: String)? = nil) throws -> (Sway, SeatInjector) {
        guard FileManager.default.isExecutableFile(atPath: peer?.path ?? Self.fixture) else {
            throw HarnessError(peer.map { "\($0.path) is missing: install the \($0.package) package (scripts/setup test does)" }
                ?? "the dnd-source fixture is not built: run scripts/build-fixtures (make test does)")
        }
        return try Sway.startWithInjectedSeat(output: .init(width: 1800, height: 900),
                                              config: ["default_border none", "mouse_warping none"])
    }

    /// `lodestone dnd ARGS` and a peer (`peer` command line, its window `peerID`) in `sway`,
    /// every window settled and drawn at its tiled size.
    func launch(_ args: [String], peer: [String], peerID: String = peerID, env: [String: String] = [:], on sway: Sway)
        throws -> (app: ChildProcess, peer: ChildProcess, log: StateLog, scratch: TemporaryDirectory, windows: [String: Sway.WindowInfo]) {
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-peer")
        let log = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["dnd", "--state-out", log.path, "--report", scratch.file("report.json"), "--pause", "0.5"] + args, on: sway)
        let other: ChildProcess
        do {
            _ = try sway.waitForSettledWindow(appID: "lodestone-dnd-target", timeout: 20)
            other = try ChildProcess(peer, environment: sway.clientEnvironment.merging(env) { _, new in new }, name: peerID)
        } catch { app.stop(); throw error }
        do {
            var windows: [String: Sway.WindowInfo] = [:]
            for id in [peerID, "lodestone-dnd-source", "lodestone-dnd-target"] { windows[id] = try sway.waitForSettledWindow(appID: id, timeout: 20) }
            for (name, id) in [("source", "lodestone-dnd-source"), ("target", "lodestone-dnd-target")] {
                let w = try #require(windows[id])
                _ = try person.waitFor(log, name, "the \(name) window at its tiled size beside the peer") { s in
                    s["size"] as? [Int] == [w.content.width, w.content.height] && s["phase"] as? String != "waiting"
                }
            }
            return (app, other, log, scratch, windows)
        } catch { other.stop(); app.stop(); throw error }
    }

    static func centre(_ w: Sway.WindowInfo) -> (Double, Double) {
        (Double(w.content.x + w.content.width / 2), Double(w.content.y + w.content.height / 2))
    }

    /// The run's report once it ended by itself (the last step's case, then done).
    func report(_ app: ChildProcess, _ scratch: TemporaryDirectory, timeout: Double = 40) throws -> [[String: Any]] {
        let end = try app.wait(timeout: timeout)
        #expect(end == .exited(0), "stderr: \(app.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("report.json")))) as? [String: Any])
        let diagnoses = json["diagnoses"] as? [[String: Any]] ?? []
        // Each case with the ids of its step's diagnoses ("diagnosed").
        return try #require(json["cases"] as? [[String: Any]]).map { c in
            var c = c
            c["diagnosed"] = diagnoses.filter { $0["step"] as? String == c["step"] as? String }.compactMap { $0["id"] as? String }
            return c
        }
    }

    /// One other-app case: the item carried from the source window into the peer's window.
    /// `thenSkip`: a step after it, skipped with S once it is up (the run goes on).
    func otherApp(_ sway: Sway, _ seat: SeatInjector, peer: [String], peerID: String = peerID, env: [String: String] = [:],
                  thenSkip: String? = nil, into: ((Sway.WindowInfo) throws -> (Double, Double))? = nil) throws -> [String: Any] {
        let r = try launch(["--steps", (["other-app"] + (thenSkip.map { [$0] } ?? [])).joined(separator: ",")], peer: peer, peerID: peerID, env: env, on: sway)
        defer { r.peer.stop(); r.app.stop() }
        let s = try person.waitFor(r.log, "source", "step other-app ready") { $0["step"] as? String == "other-app" && $0["phase"] as? String == "ready" }
        let from = try DndCommandUnderSwayTests.centre(s["item"], in: try #require(r.windows["lodestone-dnd-source"]))
        let w = try #require(r.windows[peerID])
        try person.drag(seat, from: from, to: try into?(w) ?? Self.centre(w), keys: [])
        if let next = thenSkip {
            _ = try person.waitFor(r.log, "source", "step \(next) after the other-app case", timeout: 40) {
                $0["step"] as? String == next && $0["phase"] as? String == "ready"
            }
            let source = try #require(r.windows["lodestone-dnd-source"])
            try seat.move(to: Double(source.content.x + 40), Double(source.content.y + 200))
            pause(0.3)
            try seat.type(SeatInjector.Key(rawValue: 31))
        }
        let cases = try report(r.app, r.scratch)
        try #require(cases.count == (thenSkip == nil ? 1 : 2), "\(cases)")
        if thenSkip != nil { #expect(cases[1]["skipped"] as? String == "S pressed", "the run went on: \(cases)") }
        // What the peer did, for the log: the Markdown's summary line.
        let md = try String(contentsOfFile: r.scratch.file("report.md"), encoding: .utf8)
        let summary = md.components(separatedBy: "## other-app\n\n").dropFirst().first?.split(separator: "\n").first.map(String.init) ?? ""
        print("other-app into \(peer.dropFirst().joined(separator: " ")): \(summary)")
        return cases[0]
    }

    func sends(_ c: [String: Any]) -> [(String, Int, Bool)] {
        (c["sends"] as? [[String: Any]] ?? []).map { ($0["type"] as? String ?? "", $0["bytes"] as? Int ?? -1, $0["complete"] as? Bool ?? false) }
    }

    @Test("other-app into peers that finish, never finish, read then cancel, die: each case ends by itself with what the source heard")
    func misbehavingDestinations() throws {
        let (sway, seat) = try sway()
        func peer(_ mode: String) -> [String] { [Self.fixture, "--target", mode, "--app-id", Self.peerID, "3", "unused", Self.text] }

        let good = try otherApp(sway, seat, peer: peer("finish"))
        #expect(good["step"] as? String == "other-app")
        #expect(good["offered"] as? [String] == ["copy", "move", "ask"], "\(good)")
        #expect(good["peer_accepted_type"] as? String == Self.text, "\(good)")
        #expect(good["chosen"] as? String == "move", "the peer prefers move: \(good)")
        #expect(good["decided_by"] as? String == "unknown", "the peer's preference is not the source's to see: \(good)")
        #expect(good["result"] as? String == "finished", "\(good)")
        #expect(good["drop_to_finished_ms"] is NSNumber, "\(good)")
        #expect(good["expected"] is NSNull && good["verdict"] as? String == "as-expected", "\(good)")
        let sent = sends(good)
        #expect(sent.count == 1 && sent.first?.0 == Self.text && sent.first?.1 == 18 && sent.first?.2 == true,
                "the peer asked for its type once and took the item's name (18 bytes): \(sent)")

        let never = try otherApp(sway, seat, peer: peer("never-finish"), thenSkip: "plain")
        #expect(never["result"] as? String == "none", "\(never)")
        #expect(never["gave_up_after_s"] as? Double == 10, "the step ended by itself 10 s after the drop: \(never)")
        #expect(never["chosen"] as? String == "move" && never["verdict"] as? String == "differs", "\(never)")
        #expect(sends(never).first?.2 == true, "it read everything, then never finished: \(never)")
        let events = (never["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(events.contains("dnd_drop_performed") && !events.contains("dnd_finished") && !events.contains("cancelled"), "\(events)")
        #expect((never["diagnosed"] as? [String] ?? []).contains("source-never-told"), "\(never)")

        let cancelled = try otherApp(sway, seat, peer: peer("read-then-cancel"))
        #expect(cancelled["result"] as? String == "cancelled", "sway cancels the source when the offer goes unfinished: \(cancelled)")
        #expect(sends(cancelled).first?.2 == true, "read first: \(cancelled)")
        #expect(cancelled["verdict"] as? String == "differs", "\(cancelled)")
        #expect((cancelled["diagnosed"] as? [String] ?? []).contains("destination-cancelled"), "\(cancelled)")

        let died = try otherApp(sway, seat, peer: peer("die"))
        #expect(died["result"] as? String != "finished" && died["verdict"] as? String == "differs", "\(died)")
        #expect(died["peer_accepted_type"] as? String == Self.text, "\(died)")
        #expect(sends(died).count <= 1, "\(died)")
        #expect((died["diagnosed"] as? [String] ?? []).contains("destination-cancelled"), "\(died)")
    }

    @Test("into-target from the fixture as a source: a well-behaved drag is read and finished; one whose source quits over the zone ends by itself")
    func sourcesIntoTarget() throws {
        let (sway, seat) = try sway()
        for quits in [false, true] {
            let r = try launch(["--steps", "into-target"], peer: [Self.fixture] + (quits ? ["--quit-on-target"] : []) + ["--app-id", Self.peerID, "3", "hello, target", Self.text, "text/plain"], on: sway)
            defer { r.peer.stop(); r.app.stop() }
            let t = try person.waitFor(r.log, "target", "step into-target") { $0["step"] as? String == "into-target" && $0["phase"] as? String == "ready" }
            let zone = try DndCommandUnderSwayTests.centre(t["zone"], in: try #require(r.windows["lodestone-dnd-target"]))
            try person.drag(seat, from: Self.centre(try #require(r.windows[Self.peerID])), to: zone, keys: [])
            let cases = try report(r.app, r.scratch)
            try #require(cases.count == 1, "\(cases)")
            let c = cases[0]
            #expect(c["peer_types"] as? [String] == [Self.text, "text/plain"], "\(c)")
            #expect(c["offered"] as? [String] == ["copy", "move"], "\(c)")
            #expect(c["accepted_type"] as? String == Self.text, "\(c)")
            if quits {
                #expect(c["left_over_zone"] as? Bool == true && c["left_without_drop_s"] as? Double == 2, "\(c)")
                #expect(c["read"] is NSNull && c["result"] as? String == "none" && c["verdict"] as? String == "differs", "\(c)")
                #expect(!r.peer.isRunning, "the fixture quit mid-drag")
            } else {
                #expect(c["target_preferred"] as? String == "move" && c["chosen"] as? String == "move", "\(c)")
                #expect(c["decided_by"] as? String == "destination", "\(c)")
                #expect((c["read"] as? [String: Any])?["bytes"] as? Int == 13, "\(c)")
                #expect(c["target_finished"] as? Bool == true && c["result"] as? String == "finished", "\(c)")
                #expect(c["verdict"] as? String == "as-expected", "\(c)")
            }
            let md = try String(contentsOfFile: r.scratch.file("report.md"), encoding: .utf8)
            #expect(!md.contains("hello, target"), "sizes and types only, never the contents (T3)")
        }
    }

    @Test("weston-dnd: the item carried into it is refused (it takes only its flower type: cancelled, nothing asked for); a flower dropped on the zone is read as text and finished")
    func westonDnd() throws {
        let weston = "/usr/bin/weston-dnd", id = "org.freedesktop.weston.wayland-drag-and-drop-demo"
        let (sway, seat) = try sway(needs: (weston, "weston"))
        let r = try launch(["--steps", "other-app,into-target"], peer: [weston], peerID: id, on: sway)
        defer { r.peer.stop(); r.app.stop() }
        let w = try #require(r.windows[id])
        let s = try person.waitFor(r.log, "source", "step other-app ready") { $0["step"] as? String == "other-app" && $0["phase"] as? String == "ready" }
        let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"]
        if let keep { try sway.screenshot().writePNG(to: keep + "/dnd-other-app.png") }
        try person.drag(seat, from: try DndCommandUnderSwayTests.centre(s["item"], in: try #require(r.windows["lodestone-dnd-source"])),
                        to: (Double(w.content.x + w.content.width - 120), Double(w.content.y + w.content.height - 120)), keys: [])
        let t = try person.waitFor(r.log, "target", "step into-target ready") { $0["step"] as? String == "into-target" && $0["phase"] as? String == "ready" }
        pause(0.3)
        if let keep { try sway.screenshot().writePNG(to: keep + "/dnd-into-target.png") }
        // weston-dnd's flowers lie on an 80 px grid from its top left (WestonDndUnderSwayTests):
        // the second of the second row.
        let flower = (Double(w.content.x + 213), Double(w.content.y + 153))
        let lit = try sway.screenshot(region: (Int(flower.0) - 4, Int(flower.1) - 4, 8, 8))
        #expect(lit.pixels(x: 0, y: 0, width: lit.width, height: lit.height).contains { Int($0.r) + Int($0.g) + Int($0.b) > 150 }, "a flower at \(flower)")
        try person.drag(seat, from: flower, to: try DndCommandUnderSwayTests.centre(t["zone"], in: try #require(r.windows["lodestone-dnd-target"])), keys: [])
        let cases = try report(r.app, r.scratch)
        try #require(cases.count == 2, "\(cases)")
        let out = cases[0], into = cases[1]
        #expect(out["peer_accepted_type"] is NSNull, "weston-dnd takes none of our types: \(out)")
        #expect(out["result"] as? String == "cancelled" && out["verdict"] as? String == "differs", "\(out)")
        #expect((out["sends"] as? [Any])?.isEmpty == true, "nothing asked for: \(out)")
        let events = (out["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
        #expect(!events.contains("dnd_drop_performed"), "sway cancels a drop nobody accepted: \(events)")
        #expect((into["peer_types"] as? [String] ?? []).contains("application/x-wayland-dnd-flower"), "\(into)")
        #expect(into["accepted_type"] as? String == Self.text, "\(into)")
        #expect(into["offered"] as? [String] == ["copy", "move"], "\(into)")
        #expect(into["chosen"] as? String == "move" && into["decided_by"] as? String == "destination", "\(into)")
        #expect(((into["read"] as? [String: Any])?["bytes"] as? Int ?? 0) > 0, "\(into)")
        #expect(into["result"] as? String == "finished" && into["verdict"] as? String == "as-expected", "\(into)")
    }

    /// gtk4-demo's clipboard demo: its text entry (white, the only white field: the label and
    /// the buttons sit on the window's grey) by a screenshot, once GTK drew it.
    static func entry(in w: Sway.WindowInfo, sway: Sway) throws -> (Double, Double) {
        let (centre, _) = try entryFrame(in: w, sway: sway)
        return centre
    }

    /// The entry's centre and its left edge (screen px).
    static func entryFrame(in w: Sway.WindowInfo, sway: Sway) throws -> ((Double, Double), Double) {
        var found: ((Double, Double), Double)?
        var white = 0
        try waitUntil(timeout: 15, "gtk4-demo's text entry drawn") {
            let shot = try sway.screenshot(region: (w.content.x, w.content.y, w.content.width, w.content.height))
            if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try shot.writePNG(to: keep + "/gtk4-demo-clipboard.png") }
            var xs: [Int] = [], ys: [Int] = []
            for y in stride(from: 0, to: shot.height, by: 2) {
                for x in stride(from: 0, to: shot.width, by: 2) {
                    let p = shot.pixel(x: x, y: y)
                    if p.r == 255, p.g == 255, p.b == 255 { xs.append(x); ys.append(y) }
                }
            }
            white = xs.count
            guard white > 300 else { return false }
            found = ((Double(w.content.x + xs.reduce(0, +) / xs.count), Double(w.content.y + ys.reduce(0, +) / ys.count)),
                     Double(w.content.x + (xs.min() ?? 0)))
            return true
        }
        return try #require(found, "white pixels: \(white)")
    }

    @Test("gtk4-demo's clipboard entry as the other application: it accepts text/uri-list yet asks for text/plain;charset=utf-8, takes the item's name, chooses copy and finishes")
    func gtkEntry() throws {
        let demo = "/usr/bin/gtk4-demo", id = "gtk4-demo"
        let (sway, seat) = try sway(needs: (demo, "gtk-4-examples"))
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-gtk")
        let c = try otherApp(sway, seat, peer: [demo, "--run=clipboard"], peerID: id, env: Self.gtkEnvironment(scratch)) { try Self.entry(in: $0, sway: sway) }
        // GTK 4.8 accepts the offer's first type (text/uri-list) yet reads the text: what a
        // destination says it takes and what it asks for differ.
        #expect(c["peer_accepted_type"] as? String == "text/uri-list", "\(c)")
        #expect(sends(c).map(\.0) == [Self.text] && sends(c).first?.1 == 18 && sends(c).first?.2 == true, "\(c)")
        #expect(c["chosen"] as? String == "copy", "a drop from another widget copies into a GtkText: \(c)")
        #expect(c["result"] as? String == "finished" && c["verdict"] as? String == "as-expected", "\(c)")
    }

    static func gtkEnvironment(_ scratch: TemporaryDirectory) -> [String: String] {
        ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
         "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.file("config"), "XDG_DATA_HOME": scratch.file("data")]
    }

    @Test("into-target from gtk4-demo's entry: a word selected and dragged onto the zone; GTK offers text with copy|move, the zone's move is taken, 4 bytes read, finished")
    func gtkIntoTarget() throws {
        let demo = "/usr/bin/gtk4-demo", id = "gtk4-demo"
        let (sway, seat) = try sway(needs: (demo, "gtk-4-examples"))
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-gtk")
        let r = try launch(["--steps", "into-target"], peer: [demo, "--run=clipboard"], peerID: id, env: Self.gtkEnvironment(scratch), on: sway)
        defer { r.peer.stop(); r.app.stop() }
        let t = try person.waitFor(r.log, "target", "step into-target ready") { $0["step"] as? String == "into-target" && $0["phase"] as? String == "ready" }
        let ((_, y), left) = try Self.entryFrame(in: try #require(r.windows[id]), sway: sway)
        // "Copy this!": a double-click on its first word selects "Copy", then, past GTK's
        // double-click time, the selection is pressed and carried.
        let word = (left + 22, y)
        let field = (Int(left), Int(y) - 12, 160, 24)
        let before = try sway.screenshot(region: field)
        try seat.move(to: word.0, word.1)
        pause(0.4)
        try seat.click()
        pause(0.08)
        try seat.click()
        pause(0.8)
        try person.drag(seat, from: word, to: try DndCommandUnderSwayTests.centre(t["zone"], in: try #require(r.windows["lodestone-dnd-target"])), keys: [])
        let cases = try report(r.app, r.scratch)
        try #require(cases.count == 1, "\(cases)")
        let c = cases[0]
        #expect((c["peer_types"] as? [String] ?? []).contains(Self.text), "\(c)")
        #expect(c["accepted_type"] as? String == Self.text, "\(c)")
        #expect(c["offered"] as? [String] == ["copy", "move"], "an editable entry offers move too: \(c)")
        #expect(c["chosen"] as? String == "move" && c["decided_by"] as? String == "destination", "\(c)")
        #expect((c["read"] as? [String: Any])?["bytes"] as? Int == 4, "the word, by its size only: \(c)")
        #expect(c["result"] as? String == "finished" && c["verdict"] as? String == "as-expected", "\(c)")
        print("gtk4-demo into-target: offered \(c["peer_types"] ?? "?") with \(c["offered"] ?? "?")")
        // A finished move: GTK deletes the word from its entry (what text-moved is about).
        let after = try sway.screenshot(region: field)
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            try before.writePNG(to: keep + "/gtk-entry-before.png")
            try after.writePNG(to: keep + "/gtk-entry-after.png")
        }
        let changed = zip(before.pixels(x: 0, y: 0, width: before.width, height: before.height),
                          after.pixels(x: 0, y: 0, width: after.width, height: after.height)).filter { !$0.matches($1, tolerance: 24) }.count
        #expect(changed > 50, "the moved word left GTK's entry: \(changed) pixels changed")
    }
}
