// `lodestone dnd`'s pictures and private trace under headless sway 1.7 (issue 33.4; I2, G11,
// T3), driven like a person (DndCommandUnderSwayTests' pacing): letters typed into the source
// window, a copy drag with Ctrl held before the press, a plain drag, then S skips the move step
// (LODESTONE_DND_SAMPLE=DIR: Shift-drags it instead and keeps the report and pictures in DIR,
// docs/dnd-sample/ comes from here). Each case's
// picture sits next to the report, is named by the JSON and embedded by the Markdown, and its
// pixels are where GestureCheck's DndDiagram puts them (the lanes' heads and lifelines, an
// arrow per recorded event in the colour of the end that heard it, the verdict's badge). The
// trace decodes and replays, holds the clicks and the Ctrl but no letter's key code and none of
// the dropped data, and its notes are the report's events.
import Foundation
import GestureCheck
import InputProtocol
import PixmanRenderer
import Playground
import Testing
import TestSupport

@Suite("lodestone dnd's pictures and private trace under sway 1.7 (issue 33.4; I2, G11, T3)", .serialized)
struct DndPictureUnderSwayTests {
    let run = DndCommandUnderSwayTests()

    /// A report's case read back into a `DndCase`: what its picture was drawn from.
    static func readCase(_ j: [String: Any]) throws -> DndCase {
        var c = DndCase(step: try #require(DndStep(rawValue: j["step"] as? String ?? "")))
        c.offered = (j["offered"] as? [String] ?? []).compactMap(DndAction.init(rawValue:))
        c.acceptedType = j["accepted_type"] as? String
        c.targetActions = (j["target_actions"] as? [String] ?? []).compactMap(DndAction.init(rawValue:))
        c.targetPreferred = (j["target_preferred"] as? String).flatMap(DndAction.init(rawValue:))
        let names: [String: Modifiers] = ["Ctrl": .control, "Shift": .shift, "Alt": .alt, "Super": .super]
        for k in j["keys_at_press"] as? [String] ?? [] { c.keysAtPress.insert(names[k] ?? []) }
        c.skipped = j["skipped"] as? String
        for e in j["events"] as? [[String: Any]] ?? [] {
            let kind = try #require(DndEvent.Kind(name: e["event"] as? String ?? ""), "\(e)")
            c.events.append(DndEvent(t: (e["t"] as? Double) ?? 0, DndSide(rawValue: e["side"] as? String ?? "") ?? .source, kind))
        }
        return c
    }

    @Test("a picture per case next to the report, named and embedded, drawn where the layout says; a private trace with the clicks and the keys but no letter nor data, its notes the report's events")
    func picturesAndTrace() throws {
        let (sway, seat, scratch, log, app) = try run.start(["--steps", "copy,plain,move", "--pause", "1", "--timeout", "90"])
        defer { app.stop(); _ = scratch }
        let (from, into) = try DndCommandUnderSwayTests.windows(sway)
        let s = try run.waitFor(log, "source", "the source at its tiled size, step copy ready") { s in
            s["size"] as? [Int] == [from.content.width, from.content.height] && s["step"] as? String == "copy" && s["phase"] as? String == "ready"
        }
        let t = try run.waitFor(log, "target", "the target at its tiled size on step copy") { s in
            s["size"] as? [Int] == [into.content.width, into.content.height] && s["step"] as? String == "copy"
        }
        // Letters typed into the source window (focus follows the mouse): text the trace must not hold.
        try seat.move(to: Double(from.content.x + 40), Double(from.content.y + 60))
        run.pause(0.3)
        for k: UInt32 in [35, 18, 38, 38, 24] { try seat.type(SeatInjector.Key(rawValue: k)); run.pause(0.08) } // h e l l o
        run.pause(0.3)
        try run.drag(seat, from: try DndCommandUnderSwayTests.centre(s["item"], in: from),
                     to: try DndCommandUnderSwayTests.centre(t["zone"], in: into), keys: [.leftCtrl])
        _ = try run.waitFor(log, "source", "the copy case recorded") { $0["cases"] as? Int == 1 }
        let sample = ProcessInfo.processInfo.environment["LODESTONE_DND_SAMPLE"]
        for (step, keys, index) in [("plain", [SeatInjector.Key](), 2), ("move", [.leftShift], 3)] {
            let s = try run.waitFor(log, "source", "step \(step) ready") { $0["step"] as? String == step && $0["phase"] as? String == "ready" }
            if step == "move" && sample == nil {
                try seat.move(to: Double(from.content.x + 40), Double(from.content.y + 60))
                run.pause(0.3)
                try seat.type(SeatInjector.Key(rawValue: 31)) // S skips the move step
                break
            }
            try run.drag(seat, from: try DndCommandUnderSwayTests.centre(s["item"], in: from),
                         to: try DndCommandUnderSwayTests.centre(t["zone"], in: into), keys: keys)
            _ = try run.waitFor(log, "source", "the \(step) case recorded") { $0["cases"] as? Int == index }
        }
        let end = try app.wait(timeout: 30)
        #expect(end == .exited(0), "stderr: \(app.stderr)")
        #expect(app.stderr.contains("3 pictures beside it, private trace report.trace"), "\(app.stderr)")

        // The pictures.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: scratch.file("report.json")))) as? [String: Any])
        let cases = try #require(json["cases"] as? [[String: Any]])
        try #require(cases.count == 3, "\(cases)")
        #expect(cases.map { $0["picture"] as? String } == ["report-copy.png", "report-plain.png", "report-move.png"], "\(cases)")
        let markdown = try String(contentsOfFile: scratch.file("report.md"), encoding: .utf8)
        let compositor = (json["compositor"] as? [String: Any])?["name"] as? String
        for j in cases {
            let c = try Self.readCase(j)
            let file = try #require(j["picture"] as? String)
            #expect(markdown.contains("](\(file))"), "the Markdown embeds \(file)")
            let d = DndDiagram(c, compositor: compositor)
            #expect(d.verdict.rawValue == j["verdict"] as? String)
            #expect(d.rows.compactMap(\.event).count == c.events.count)
            // The pixels where the layout says: the lanes, an arrow per event, the badge.
            let picture = try Canvas(contentsOfPNG: scratch.file(file))
            #expect(picture.width == Int(DndDiagram.width) && picture.height == Int(d.height.rounded()), "\(file)")
            #expect(DndPicture.misplaced(in: picture, d) == [], "\(file)")
        }
        if let keep = sample {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            for name in cases.compactMap({ $0["picture"] as? String }) + ["report.md", "report.json", "report.trace"] {
                try? FileManager.default.removeItem(atPath: keep + "/" + name)
                try FileManager.default.copyItem(atPath: scratch.file(name), toPath: keep + "/" + name)
            }
        }
        #expect(cases.map { $0["verdict"] as? String } == ["as-expected", "as-expected", sample == nil ? "skipped" : "as-expected"], "\(cases)")

        // The trace (T3).
        #expect(json["trace"] as? String == "report.trace")
        #expect(markdown.contains("`report.trace`"))
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scratch.file("report.trace"))))
        let text = String(decoding: bytes, as: UTF8.self)
        let trace = try TraceDecoder.decode(bytes)
        #expect(trace.header.privacy == .redactText)
        var replayed = 0, presses = 0, ctrl = 0, privateKeys = 0
        for (e, _) in TraceReplayer(trace) {
            replayed += 1
            switch e.kind {
            case .button(.left, true): presses += 1
            case .key(let code, true):
                if code == .placeholder { privateKeys += 1 } else { #expect(KeyPrivacy.isPublic(code), "\(code) kept in the trace") }
                if code.rawValue == 29 { ctrl += 1 }
            default: break
            }
        }
        #expect(replayed > 20 && presses >= 1 && ctrl >= 1, "\(replayed) events, \(presses) presses, \(ctrl) Ctrl")
        let replay = try Lodestone.launch(["replay", scratch.file("report.trace"), "--print"], on: nil)
        #expect(try replay.wait(timeout: 30) == .exited(0), "lodestone replay --print: \(replay.stderr)")
        #expect(replay.stdout.contains("left pressed"), "the press replays: \(replay.stdout)")
        #expect(privateKeys >= (sample == nil ? 6 : 5), "hello (and S) as private keys: \(privateKeys)")
        let lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(lines.count == text.split(separator: "\n").count, "every line of the trace is JSON")
        for line in lines where line["type"] as? String == "key" {
            let key = line["key"]
            #expect(key as? String == "private" || (key as? Int).map { KeyPrivacy.isPublic(KeyCode(rawValue: UInt32($0))) } == true, "\(line)")
        }
        #expect(!text.contains("lodestone-dnd-item") && !text.contains("file://"), "the dropped data is not in the trace")
        // Its notes: the data device's enter with the offer's types, and each case event as the report has it.
        #expect(text.contains("\"event\": \"enter\"") && text.contains("text/uri-list"))
        let notes = lines.filter { $0["event"] as? String == "dnd_case" }
        let reported = (cases[0]["events"] as? [[String: Any]] ?? []).map { "\($0["side"] ?? "") \($0["event"] ?? "")" }
        let copyNotes = notes.filter { $0["step"] as? String == "copy" }
        #expect(copyNotes.map { "\($0["side"] ?? "") \($0["what"] ?? "")" } == reported)
        #expect(Set(notes.compactMap { $0["step"] as? String }) == (sample == nil ? ["copy", "plain"] : ["copy", "plain", "move"]))
    }
}
