// Issue 16 items 2 and 8, end to end: the `lodestone` program with a tall list under headless
// sway, driven through the injected seat at a person's pace (each action, then a pause with no
// input while the list settles). A finger scroll "down" moves the list the way a wheel detent
// down does, as in every GTK/Qt app (G1); holding Down keeps scrolling at sway's repeat rate
// after its delay, with no other input arriving (G10). Both read the list's offset from
// `--state-out`.
import Foundation
import InputProtocol
import Testing
import TestSupport

@Suite("Scroll direction and key repeat under sway (issue 16.2, 16.8; G1, G10)", .serialized)
struct ScrollDirectionAndRepeatUnderSwayTests {
    /// The output and the layout: one 800×600 list with 20 000 pt of content filling the window.
    static let size = (width: 800, height: 600)
    static let layout = """
        { "format": "lodestone-layout", "version": 1, "size": [800, 600], "elements": [
          { "id": "list", "kind": "scrollView", "frame": [0, 0, 800, 600],
            "scroll": { "contentSize": [800, 20000], "axes": "vertical" }, "children": [
            { "id": "first", "kind": "row", "label": "First", "frame": [0, 0, 800, 44] } ] } ] }
        """
    /// sway's own keyboard repeat for this test (not its 25/s, 600 ms default: the program must
    /// use what the compositor says).
    static let repeatRate = 20, repeatDelay = 400

    final class Session {
        let sway: Sway
        let seat: SeatInjector
        let app: ChildProcess
        let state: StateLog
        let dir: TemporaryDirectory

        /// `root`: Debian 13's sway 1.10 instead of the host's (issue 31).
        init(root: Debian13Root? = nil) throws {
            (sway, seat) = try Sway.startWithInjectedSeat(
                output: .init(width: size.width, height: size.height),
                config: ["default_border none", "default_floating_border none", "mouse_warping none",
                         "input type:keyboard repeat_rate \(repeatRate)", "input type:keyboard repeat_delay \(repeatDelay)"],
                root: root)
            dir = try TemporaryDirectory(prefix: "lodestone-scroll")
            try layout.write(toFile: dir.file("list.json"), atomically: true, encoding: .utf8)
            state = StateLog(path: dir.file("state.jsonl"))
            app = try Lodestone.launch(["--layout", dir.file("list.json"), "--state-out", state.path, "--auto-hide", "never",
                                        "--report-input"], on: sway)
            let sway = self.sway, app = self.app
            try waitUntil(timeout: 30, "the list window to fill the output") {
                if let t = app.poll() { throw HarnessError("lodestone exited (\(t))\n\(app.stderr)") }
                return try sway.windows().contains { $0.appID == "lodestone" && $0.visible && $0.content == (0, 0, size.width, size.height) }
            }
            try state.waitFor("a frame of the whole list", timeout: 30, settled: false) {
                $0.size.map { $0 == (Double(size.width), Double(size.height)) } ?? false
            }
            // Over the list, as a hand puts it there.
            try seat.move(to: 400, 300)
            try state.waitFor("the pointer over the list") { s in
                AppState.point((s.json["pointer"] as? [String: Any])?["at"]).map { abs($0.x - 400) < 0.5 && abs($0.y - 300) < 0.5 } ?? false
            }
        }

        deinit {
            app.stop()
            sway.stop()
        }

        /// The list's content offset (y) in the newest frame.
        static func offset(_ s: AppState) -> Double? {
            ((s.json["offsets"] as? [String: Any])?.values.first as? [NSNumber])?[1].doubleValue
        }

        /// Waits (no input) until the list has come to rest somewhere other than `from`.
        func settled(awayFrom from: Double?, _ what: String) throws -> Double {
            let s = try state.waitFor(what, timeout: 15) { s in Self.offset(s).map { $0 != from } ?? false }
            return Self.offset(s)!
        }

        /// The events lodestone got (`--report-input`), decoded.
        func input() throws -> [InputEvent] {
            var reader = TraceReader()
            _ = try reader.read(line: Array(TraceEncoder.headerLine(TraceHeader()).utf8))
            return try app.stdoutLines.filter { $0.hasPrefix("input ") }.compactMap { try reader.read(line: Array($0.dropFirst(6).utf8)) }
        }
    }

    @Test("G1: a finger scroll down moves the list the way a wheel detent down does (the compositor's direction, not inverted again)")
    func fingerScrollsLikeTheWheel() throws { try Self.fingerScrollsLikeTheWheel(root: nil) }

    /// The check, under the host's sway or (`root`) Debian 13's.
    static func fingerScrollsLikeTheWheel(root: Debian13Root?) throws {
        let s = try Session(root: root)
        // Room both ways first: three detents down.
        try s.seat.wheel(detents: 3)
        let start = try s.settled(awayFrom: 0, "the list after three detents")
        // One detent down, then a pause.
        try s.seat.wheel(detents: 1)
        let afterWheel = try s.settled(awayFrom: start, "the list after one more detent")
        // Two fingers "down" by about a detent (the values wl_pointer.axis gives: +12 four
        // times, 12 ms apart), the fingers lift, and the hand rests while momentum runs out.
        for _ in 0..<4 { try s.seat.scroll(dy: 12); usleep(12_000) }
        try s.seat.scrollStop()
        let afterFingers = try s.settled(awayFrom: afterWheel, "the list after the finger scroll")
        let byWheel = afterWheel - start, byFingers = afterFingers - afterWheel
        #expect(byWheel > 0, "a detent down moves the view down the content (offset grows): \(byWheel)")
        #expect(byFingers > 0, "the finger scroll moved the offset by \(byFingers), the wheel by \(byWheel): opposite ways\n\(s.app.stderr)")
        // The seat said who chose the direction: the compositor.
        #expect(try s.input().contains { $0.kind == .scrollDirection(.compositor) })
    }

    @Test("G10: holding Down 1.5 s, with no other input, keeps scrolling at sway's repeat rate after its delay")
    func holdingDownRepeats() throws {
        let s = try Session()
        let down = SeatInjector.Key(rawValue: 108)
        let before = try #require(Session.offset(try s.state.waitFor("the list at rest") { Session.offset($0) != nil }))
        try s.seat.press(key: down)
        usleep(1_500_000) // held, and nothing else happens
        try s.seat.release(key: down)
        let after = try s.settled(awayFrom: before, "the list after holding Down")
        // What the program was told and saw: sway's repeat_info, the press and the release.
        let events = try s.input()
        let repeats = events.compactMap { if case let .keyRepeat(r) = $0.kind { r } else { nil } }
        #expect(repeats.last == KeyRepeat(rate: Self.repeatRate, delay: Self.repeatDelay), "key_repeat events: \(repeats)")
        let keys = events.filter { $0.kind == .key(down.code, pressed: true) || $0.kind == .key(down.code, pressed: false) }
        let press = try #require(keys.first { $0.kind == .key(down.code, pressed: true) })
        let release = try #require(keys.last { $0.kind == .key(down.code, pressed: false) })
        let held = release.time.seconds - press.time.seconds
        let r = try #require(repeats.last)
        // The press, then one more at the delay and one per 1/rate after it while held.
        let delay = Double(r.delay) / 1000
        let expected = 1 + (held >= delay ? 1 + Int(((held - delay) * Double(r.rate)).rounded(.down)) : 0)
        let lines = (after - before) / 40 // ScrollView.lineStep
        #expect(expected >= 20, "held \(held) s")
        #expect(abs(lines - Double(expected)) <= 1, "held \(held) s at \(r): expected \(expected) lines, scrolled \(lines)")
    }
}
