// Drag and drop from another application into Lodestone (issue 18.1, 18.5), under headless
// sway with the injected pointer: the dnd-source fixture (Tests/Fixtures/dnd-source) sits
// beside `lodestone events` and starts a real drag on a button press; the pointer carries it
// into Lodestone's window. The inspector notes enter (the offered types and source actions),
// motion, drop and leave, in text and in --json, and never the dragged data (SPEC T3).
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport
import WaylandClient

@Suite("Data device under sway (issue 18.1, 18.5; T3)", .serialized)
struct DataDeviceUnderSwayTests {
    static let types = ["text/plain;charset=utf-8", "application/x-lodestone-test"]
    /// A secret the source sends when asked: it must never show in the inspector (T3).
    static let payload = "secret-dragged-text-7f3a"

    /// The drag source fixture, beside `app`'s window; returns both windows' content areas.
    private func startSource(on sway: Sway, actions: Int, types: [String] = DataDeviceUnderSwayTests.types) throws -> (source: ChildProcess, from: Sway.WindowInfo, into: Sway.WindowInfo) {
        let binary = RepositoryRoot.path + "/.build/fixtures/dnd-source"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw HarnessError("the dnd-source fixture is not built: run scripts/build-fixtures (make test does)")
        }
        let source = try ChildProcess([binary, String(actions), Self.payload] + types,
                                      environment: sway.clientEnvironment, name: "dnd-source")
        try source.waitForLine(containing: "ready")
        let from = try sway.waitForSettledWindow(appID: "lodestone-dnd-source")
        let into = try sway.waitForSettledWindow(appID: "lodestone")
        return (source, from, into)
    }

    /// Presses in the source's window and carries the drag to (x, y) in Lodestone's content
    /// in steps (the compositor sees a drag moving, as a hand makes it), then to (x+dx, y+dy).
    private func drag(_ seat: SeatInjector, from: Sway.WindowInfo, into: Sway.WindowInfo,
                      to point: (x: Double, y: Double), then offset: (dx: Double, dy: Double),
                      source: ChildProcess, app: ChildProcess, entered: String, moved: String) throws {
        // The centre: sway centres the fixture's 200×200 surface in its (larger) tile.
        let start = (Double(from.content.x) + Double(from.content.width) / 2, Double(from.content.y) + Double(from.content.height) / 2)
        let end = (Double(into.content.x) + point.x, Double(into.content.y) + point.y)
        try seat.enter(source, at: start)
        try seat.press(.left)
        try source.waitForLine(containing: "drag-started")
        let steps = 8
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try seat.move(to: start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t)
        }
        try app.waitForLine(containing: entered)
        // Where Lodestone's content really is: sway's tree can say where a window will be before
        // the pointer finds it there (seen once in make test: every motion 25 pt above the
        // tree's content, so the drag never reached its point). Lodestone reports the pointer at
        // the last step, `end`; if not where the tree says, take its origin from that report.
        var origin = (x: Double(into.content.x), y: Double(into.content.y))
        func atPoint(_ p: (x: Double, y: Double)) -> Bool { abs(p.x - point.x) < 0.01 && abs(p.y - point.y) < 0.01 }
        let deadline = monotonicSeconds() + 2
        var seen = dndMotions(app).last
        while seen.map(atPoint) != true, monotonicSeconds() < deadline {
            usleep(20_000)
            seen = dndMotions(app).last
        }
        if let seen, !atPoint(seen) {
            origin = (end.0 - seen.x, end.1 - seen.y)
            print("DataDeviceUnderSwayTests: Lodestone saw the pointer at (\(seen.x), \(seen.y)), not \(point); its content is at \(origin), the tree said (\(into.content.x), \(into.content.y))")
        }
        try seat.move(to: origin.x + point.x + offset.dx, origin.y + point.y + offset.dy)
        try app.waitForLine(containing: moved)
        try seat.release(.left)
    }

    /// The positions of `app`'s drag-and-drop motion notes so far, text or --json.
    private func dndMotions(_ app: ChildProcess) -> [(x: Double, y: Double)] {
        let json = notes(app).compactMap { note -> (x: Double, y: Double)? in
            guard note["event"] as? String == "motion", let x = note["x"] as? Double, let y = note["y"] as? Double else { return nil }
            return (x, y)
        }
        let text = app.stdoutLines.compactMap { line -> (x: Double, y: Double)? in
            guard let r = line.range(of: "dnd-motion"), let open = line[r.upperBound...].firstIndex(of: "("),
                  let close = line[open...].firstIndex(of: ")") else { return nil }
            let parts = line[line.index(after: open)..<close].split(separator: ",")
            guard parts.count == 2, let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
                  let y = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            return (x, y)
        }
        return json + text // one of them is empty: the inspector writes text or --json
    }

    /// A sway with `lodestone events ARGUMENTS` and the drag source beside it, ready to drag.
    private func inspector(_ arguments: [String], actions: Int, types: [String] = DataDeviceUnderSwayTests.types) throws
        -> (sway: Sway, seat: SeatInjector, app: ChildProcess, source: ChildProcess, from: Sway.WindowInfo, into: Sway.WindowInfo) {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["events"] + arguments, on: sway)
        do {
            try app.waitForLine(containing: arguments.contains("--json") ? "\"device_added\"" : "device-added   keyboard")
            let (source, from, into) = try startSource(on: sway, actions: actions, types: types)
            return (sway, seat, app, source, from, into)
        } catch {
            app.stop()
            throw error
        }
    }

    /// The data-device notes of `app`'s --json output, parsed.
    private func notes(_ app: ChildProcess) -> [[String: Any]] {
        app.stdoutLines.filter { $0.contains("\"data_device\"") }.compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    @Test("--json: enter with the offered types and source actions, motion at the pointer, leave; refused, the source hears cancelled; the trace still decodes")
    func jsonNotes() throws {
        let (sway, seat, app, source, from, into) = try inspector(["--json"], actions: 3)
        defer { source.stop(); app.stop(); _ = sway }
        try drag(seat, from: from, into: into, to: (60, 50), then: (dx: 7, dy: 9), source: source, app: app,
                 entered: "\"event\": \"enter\"", moved: "\"x\": 67, \"y\": 59")
        // The inspector is no drop target unless asked: it accepts nothing, so the compositor
        // sends no drop, only leave, and the source hears "cancelled".
        try app.waitForLine(containing: "\"event\": \"leave\"")
        try source.waitForLine(containing: "cancelled")

        let notes = notes(app)
        let events = notes.compactMap { $0["event"] as? String }
        let enter = try #require(notes.first { $0["event"] as? String == "enter" })
        #expect(enter["mime_types"] as? [String] == Self.types)
        #expect(enter["source_actions"] as? [String] == ["copy", "move"])
        #expect(enter["modifiers"] as? [String] != nil, "every note says the modifiers in effect")
        // Entered where the pointer crossed into the content, inside it.
        let ex = try #require(enter["x"] as? Double), ey = try #require(enter["y"] as? Double)
        #expect(ex >= 0 && ex <= Double(into.content.width) && ey >= 0 && ey <= Double(into.content.height), "enter at (\(ex), \(ey))")
        #expect(notes.contains { $0["event"] as? String == "motion" && $0["x"] as? Double == 67 && $0["y"] as? Double == 59 })
        let firstEnter = try #require(events.firstIndex(of: "enter"))
        let lastMotion = try #require(events.lastIndex(of: "motion"))
        let leave = try #require(events.lastIndex(of: "leave"))
        #expect(firstEnter < lastMotion && lastMotion < leave)
        #expect(!events.contains("drop"), "a refused drag is not dropped: \(events)")
        #expect(!events.contains("error"), "no bad input in a well-formed drag: \(notes)")
        #expect(!app.stdout.contains(Self.payload), "the dragged data is never printed (T3)")
        // The notes sit in the trace without breaking it: it decodes, with the seat's devices.
        let trace = try TraceDecoder.decode(app.stdout)
        #expect(trace.events.contains { if case .deviceAdded = $0.kind { return true }; return false })
        #expect(!app.stderr.contains("wl_data_device_manager"), "sway has wl_data_device_manager v3: \(app.stderr)")
    }

    @Test("--accept-drops: copy negotiated, drop, the data read through the pipe (its size, not its text), the source finished")
    func acceptDrops() throws {
        let (sway, seat, app, source, from, into) = try inspector(["--accept-drops"], actions: 7)
        defer { source.stop(); app.stop(); _ = sway }
        try drag(seat, from: from, into: into, to: (80, 40), then: (dx: 5, dy: 0), source: source, app: app,
                 entered: "dnd-enter", moved: "dnd-motion     (85.00, 40.00)")
        let enter = try app.waitForLine(containing: "dnd-enter")
        #expect(enter.contains("types text/plain;charset=utf-8,application/x-lodestone-test actions copy|move|ask"), "\(enter)")
        #expect(enter.contains("data-device"))
        // The inspector takes every action and prefers copy: the compositor chooses copy.
        try app.waitForLine(containing: "dnd-action     copy")
        try source.waitForLine(containing: "action 1")
        try source.waitForLine(containing: "target text/plain;charset=utf-8")
        try app.waitForLine(containing: "dnd-drop")
        try source.waitForLine(containing: "send text/plain;charset=utf-8")
        let data = try app.waitForLine(containing: "dnd-data")
        #expect(data.contains("text/plain;charset=utf-8 \(Self.payload.utf8.count) bytes"), "\(data)")
        try source.waitForLine(containing: "drop-performed")
        try source.waitForLine(containing: "finished")
        #expect(!app.stdout.contains(Self.payload), "the dropped text is not printed without --keep-keys (T3)")
        #expect(!app.stdout.contains("dnd-error"), "\(app.stdout)")
        #expect(app.isRunning)
    }

    @Test("--accept-drops --keep-keys --json: a move-only source gets move; the dropped text is shown, byte-identical")
    func moveOnlyWithText() throws {
        let (sway, seat, app, source, from, into) = try inspector(["--json", "--accept-drops", "--keep-keys"], actions: 2)
        defer { source.stop(); app.stop(); _ = sway }
        try drag(seat, from: from, into: into, to: (100, 60), then: (dx: 0, dy: 6), source: source, app: app,
                 entered: "\"event\": \"enter\"", moved: "\"x\": 100, \"y\": 66")
        try app.waitForLine(containing: "\"event\": \"data\"")
        try source.waitForLine(containing: "finished")
        let notes = notes(app)
        #expect(notes.first { $0["event"] as? String == "enter" }?["source_actions"] as? [String] == ["move"])
        // Copy is preferred but not offered: the compositor settles on move.
        #expect(notes.contains { $0["event"] as? String == "action" && $0["action"] as? String == "move" }, "\(notes)")
        let data = try #require(notes.first { $0["event"] as? String == "data" })
        #expect(data["mime_type"] as? String == Self.types[0])
        #expect(data["bytes"] as? Int == Self.payload.utf8.count)
        #expect(data["text"] as? String == Self.payload)
        #expect(try source.waitForLine(containing: "action ").contains("action 2"))
    }

    @Test("the playground lists an entering offer and its drop targets answer: best type, the target's operations, the modifiers' preference; the drop is read and finished (18.3)")
    func playgroundDropTargets() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1800),
                                                          config: ["default_border none", "mouse_warping none"])
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd-state")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never"], on: sway)
        defer { app.stop() }
        _ = try sway.waitForSettledWindow(appID: "lodestone")
        // The best type is chosen, not the first offered.
        let (source, from, into) = try startSource(on: sway, actions: 3, types: ["application/x-lodestone-test", "text/plain;charset=utf-8"])
        defer { source.stop() }
        let size = (Double(into.content.width), Double(into.content.height))
        try state.waitFor("a frame at the tiled size \(size)", timeout: 20, settled: false) { $0.size.map { $0 == size } ?? false }
        let model = PlaygroundSession(size: Size(width: size.0, height: size.1))
        func centre(_ id: ElementID) throws -> (Double, Double) {
            let f = try #require(model.engine.surfaceFrame(of: id))
            #expect(f.maxX <= size.0 && f.maxY <= size.1, "drop target \(id) on screen at this size: \(f)")
            return (Double(into.content.x) + f.midX, Double(into.content.y) + f.midY)
        }
        let folder = Showcase.ID.dropTargets[0], copiesOnly = Showcase.ID.dropTargets[1]
        let start = (Double(from.content.x) + Double(from.content.width) / 2, Double(from.content.y) + Double(from.content.height) / 2)
        try seat.enter(source, at: start)
        try seat.press(.left)
        try source.waitForLine(containing: "drag-started")
        func glide(to p: (Double, Double), from q: (Double, Double)) throws {
            for i in 1...10 { let t = Double(i) / 10; try seat.move(to: q.0 + (p.0 - q.0) * t, q.1 + (p.1 - q.1) * t) }
        }
        func drag(_ s: AppState) -> [String: Any]? { s.json["external_drag"] as? [String: Any] }
        // Over "Copies only": the target takes copy alone, and prefers it: no key is held here
        // (the source has the keyboard focus) and a plain drop of text prefers copy (issue 30.7).
        let c = try centre(copiesOnly)
        try glide(to: c, from: start)
        let over = try state.waitFor("the offer over Copies only, copy negotiated", settled: false) { s in
            guard let d = drag(s) else { return false }
            return d["target"] as? Int == Int(copiesOnly.rawValue) && d["negotiated"] as? String == "copy"
        }
        let d = try #require(drag(over))
        #expect(d["mime_types"] as? [String] == ["application/x-lodestone-test", "text/plain;charset=utf-8"])
        #expect(d["source_operations"] as? [String] == ["move", "copy"])
        #expect(d["accepted_type"] as? String == "text/plain;charset=utf-8")
        #expect(d["operations"] as? [String] == ["copy"])
        #expect(d["preferred"] as? String == "copy", "a plain drop of text prefers copy, which this target takes (issue 30.7)")
        try source.waitForLine(containing: "target text/plain;charset=utf-8")
        // Over "Folder": every operation is taken, and a plain drag of text (no file list)
        // prefers copy, so the source keeps its text (issue 30.7).
        let f = try centre(folder)
        try glide(to: f, from: c)
        let overFolder = try state.waitFor("the offer over Folder, copy negotiated", settled: false) { s in
            guard let d = drag(s) else { return false }
            return d["target"] as? Int == Int(folder.rawValue) && d["negotiated"] as? String == "copy"
        }
        #expect(drag(overFolder)?["operations"] as? [String] == ["move", "copy"])
        #expect(drag(overFolder)?["preferred"] as? String == "copy")
        try seat.release(.left)
        let dropped = try state.waitFor("the drop read", settled: false) { $0.json["external_drop"] is [String: Any] }
        let drop = try #require(dropped.json["external_drop"] as? [String: Any])
        #expect(drop["target"] as? Int == Int(folder.rawValue))
        #expect(drop["mime_type"] as? String == "text/plain;charset=utf-8")
        #expect(drop["operation"] as? String == "copy")
        #expect(drop["bytes"] as? Int == Self.payload.utf8.count)
        try source.waitForLine(containing: "finished")
        _ = try state.waitFor("the offer gone after the drop", settled: false) { $0.json["external_drag"] is NSNull }
    }

    @Test("bad input: an offer with no types, and one with hundreds of types and an absurd name, are named errors; the inspector keeps running")
    func badOffers() throws {
        do {
            let (sway, seat, app, source, from, into) = try inspector([], actions: 1, types: [])
            defer { source.stop(); app.stop(); _ = sway }
            try drag(seat, from: from, into: into, to: (60, 50), then: (dx: 3, dy: 0), source: source, app: app,
                     entered: "dnd-enter", moved: "dnd-motion     (63.00, 50.00)")
            #expect(try app.waitForLine(containing: "dnd-enter").contains("types none actions copy"))
            try app.waitForLine(containing: "announces no MIME types: nothing can be dropped from it")
            try seat.release(.left)
            try app.waitForLine(containing: "dnd-leave")
            #expect(app.isRunning)
        }
        // 300 types (the limit is 256), one of them 400 bytes long (the limit is 255).
        let absurd = "application/x-" + String(repeating: "a", count: 386)
        let many = [absurd] + (0..<299).map { "application/x-lodestone-\($0)" }
        let (sway, seat, app, source, from, into) = try inspector(["--json"], actions: 3, types: many)
        defer { source.stop(); app.stop(); _ = sway }
        try drag(seat, from: from, into: into, to: (60, 50), then: (dx: 3, dy: 0), source: source, app: app,
                 entered: "\"event\": \"enter\"", moved: "\"x\": 63, \"y\": 50")
        try seat.release(.left)
        try app.waitForLine(containing: "\"event\": \"leave\"")
        let notes = notes(app)
        let enter = try #require(notes.first { $0["event"] as? String == "enter" })
        let types = try #require(enter["mime_types"] as? [String])
        #expect(types.count == DataOffer.maximumTypes)
        #expect(!types.contains(absurd))
        #expect(types.first == "application/x-lodestone-0")
        let errors = notes.filter { $0["event"] as? String == "error" }.compactMap { $0["message"] as? String }
        #expect(errors.contains { $0.contains("MIME type of 400 bytes (limit 255)") }, "\(errors)")
        #expect(errors.contains { $0.contains("more than 256 MIME types") }, "\(errors)")
        #expect(app.isRunning)
    }
}
