// `lodestone record --input both` records what the window's engine received after merging the
// compositor's seat with libinput's devices (SPEC T2, T3; issues 4, 7): the real program in a
// window under headless sway (seat input injected by the sway-inject shim) and reading emulated
// libinput devices (real libinput 1.22 on umockdev). Its trace must hold both sources' events as
// merged (libinput's hold, the seat's motion, pinch and keys; none of libinput's raw motion),
// replay to the very states the recording engine went through, and keep typed text out.
import Foundation
import InputProtocol
import LibinputBackend
import InputPipeline
import Testing
import TestSupport

@Suite("record --input both: the merged stream, replayed to the same states, private (T2, T3, G6, G10)", .serialized,
       .enabled(if: Harness.unavailable == nil && SwayInject.library() != nil,
                "needs the umockdev and sway-inject fixtures (scripts/build-fixtures)"))
struct RecordMergedTests {
    @Test("T2/T3: record --input both writes the merged stream; replay --report-states reproduces the live states; letters and digits are placeholders")
    func recordBoth() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestone-record-both-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("both.trace").path
        let layout = RoundTripScenario.layoutPath

        var pad = TouchpadScript(start: 0.3)
        var kbd = KeyboardScript(start: 0.1)
        kbd.tap(Key.a)                                        // libinput's keys are not used with both
        // A two-finger rest: a hold, which sway 1.7 never forwards, so it comes from libinput.
        pad.down(fingers(2)); pad.rest(0.6); pad.up()
        pad.rest(0.3)
        // One finger moving: libinput motion, never used (the pointer moves with wl_pointer).
        pad.down([MM(40, 35)]); pad.translate(by: MM(10, 5), duration: 0.2); pad.up()
        // The program stops after the script: a late libinput key (not used with both) keeps it
        // running while the test gives the seat's input (room for a busy machine).
        kbd.key(Key.leftShift, pressed: true, after: pad.time + 8 - kbd.time)
        kbd.key(Key.leftShift, pressed: false)
        let s = try MergedSession(command: ["record", "--input", "both", "--out", trace, "--report-states", "--layout", layout],
                                  readyToken: "state pointer_enter", pad: pad, keyboard: kbd)
        let p = s.program
        // The libinput hold reached the engine (the only gesture so far): now the seat's input.
        let hold = try p.waitForLine(timeout: 15, "the libinput hold") { $0.hasPrefix("state gesture") }
        try s.seat.move(by: 6, 4)
        // Keys reach the window once sway gave it keyboard focus: type 'a' until one arrives.
        var typed = false
        for _ in 0..<10 where !typed {
            try s.seat.type(.a)
            typed = (try? p.waitForLine(after: hold, timeout: 0.5, "a key") { $0.hasPrefix("state key") }) != nil
        }
        #expect(typed, "the seat's keys reach the window")
        try s.seat.hold(.leftShift) { try s.seat.type(SeatInjector.Key(rawValue: 2)) } // "!"
        try s.seat.pinch(scale: 1.5, rotation: 20)
        try s.seat.move(by: -3, 2)
        try p.waitForLine(after: hold, "the seat's pinch") { $0.hasPrefix("state gesture") && $0.contains("pinching") }
        let (lines, stderr, status) = p.finish()
        #expect(status == 0, "\(stderr)")
        #expect(!stderr.contains("left out"), "every event the engine got is in the trace: \(stderr)")
        let live = lines.filter { $0.hasPrefix("state ") }

        let decoded = try TraceDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: trace))))
        let events = decoded.events
        let stream = MergedStream(events: events)
        // Merged: libinput's hold and devices, the seat's pointer, pinch and keys — and nothing
        // the merger dropped (libinput's motion and keys).
        #expect(stream.gestureOutline.contains("libinput hold begin") && stream.gestureOutline.contains("libinput hold end"),
                "\(stream.gestureOutline)")
        #expect(stream.gestureOutline.contains("seat pinch begin") && stream.gestureOutline.contains("seat pinch end"))
        #expect(!stream.motions(libinput: false).isEmpty)
        #expect(stream.motions(libinput: true).isEmpty, "libinput's raw motion is not what the engine got")
        #expect(events.allSatisfy { e in
            guard MergedStream.isLibinput(e) else { return true }
            switch e.kind { case .gesture, .deviceAdded, .deviceRemoved: return true; default: return false }
        }, "from libinput only what the merger passes on with both")
        // T3: the a and Shift-1 the seat typed are placeholders; Shift keeps its identity.
        let keys = events.compactMap { e -> KeyCode? in if case .key(let k, true) = e.kind { k } else { nil } }
        #expect(keys.filter { $0 == .placeholder }.count >= 2, "\(keys)")
        #expect(keys.contains(KeyCode(rawValue: 42)), "\(keys)")
        #expect(keys.allSatisfy { $0 == .placeholder || KeyPrivacy.isPublic($0) }, "\(keys)")
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: trace)), as: UTF8.self).contains(#""key": 30"#))
        #expect(decoded.header.privacy == .redactText)

        // T2: one live state per recorded event, and a fresh engine replaying the file agrees.
        #expect(live.count == events.count, "one state line per recorded event")
        let replay = try Harness.capture([Harness.lodestone, "replay", trace, "--report-states", "--layout", layout])
        #expect(replay.status == 0)
        let replayed = replay.stdout.split(separator: "\n").map(String.init)
        if let i = zip(live, replayed).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("first difference at event \(i + 1):\n live:   \(live[i])\n replay: \(replayed[i])")
        }
        #expect(live == replayed)
        // The states say something: the seat's pinch zoomed the canvas or the pointer moved in them.
        #expect(Set(live).count > 10)
    }
}
