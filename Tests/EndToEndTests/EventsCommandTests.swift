// `lodestone events` as a user runs it (issue 3): under headless sway with injected input it
// prints one line per semantic event with modifiers and finger counts; under weston headless
// (no seat) it keeps running and says input is unavailable.
import Glibc
import InputProtocol
import Testing
import TestSupport

@Suite("lodestone events (issue 3, SPEC T1, T3)", .serialized)
struct EventsCommandTests {
    @Test("one line per semantic event, with held modifiers and finger counts")
    func linesUnderSway() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["events"], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "device-added   keyboard")
        let placed = try sway.waitForSettledWindow(appID: "lodestone")
        try seat.move(to: Double(placed.content.x) + 40, Double(placed.content.y) + 30)
        try app.waitForLine(containing: "(40.00, 30.00)")

        try seat.hold(.leftAlt, .leftSuper) { try seat.click(.left) }
        try app.waitForLine(containing: "button         left pressed  [alt+super]")
        try seat.swipe(fingers: 4, deltas: [(5, 0)])
        try app.waitForLine(containing: "swipe-update   4 fingers Δ(5.00, 0.00)")
        try seat.pinch(scale: 1.5, rotation: 12, steps: 2)
        try app.waitForLine(containing: "pinch-update   2 fingers Δ(0.00, 0.00) scale 1.500 rotation 6.0°")
        try seat.type(.a)
        try app.waitForLine(containing: "key            private pressed")
        try seat.type(.capsLock)
        try app.waitForLine(containing: "locked caps")
        // Frames only group events: no line of their own.
        #expect(!app.stdout.contains("frame"))
        #expect(app.isRunning)
        #expect(app.stop() == .exited(0), "SIGTERM ends it cleanly; stderr: \(app.stderr)")
    }

    @Test("its window shows held modifiers as lamps, the event lines, and touch points as rings")
    func windowShowsState() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["events"], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "device-added   keyboard")
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        let origin = (x: w.content.x, y: w.content.y)
        // EventsView: lamps 16 pt wide every 22 pt from (12, 12) in Modifiers.all order.
        func lamp(_ index: Int) -> (Int, Int) { (origin.x + 20 + 22 * index, origin.y + 20) }
        let lit = RGBA(hex: 0x0A84FF), dark = RGBA(hex: 0x3A3A3C), ring = RGBA(hex: 0xFF375F)
        let touch = (x: origin.x + 200, y: origin.y + 150)

        try seat.press(key: .leftAlt)
        try seat.touchDown(.init(id: 0, x: Double(touch.x), y: Double(touch.y)))
        try app.waitForLine(containing: "touch-down")
        var shot = try sway.screenshot()
        try waitUntil(timeout: 5, "the window to show the Alt lamp lit and the touch ring") {
            shot = try sway.screenshot()
            return shot.pixel(x: lamp(2).0, y: lamp(2).1).matches(lit, tolerance: 8)
                && shot.count(of: ring, x: touch.x - 20, y: touch.y - 20, width: 41, height: 41, tolerance: 8) > 20
        }
        // The event lines are drawn below the lamps.
        #expect(shot.count(of: RGBA(hex: 0xAEAEB2), x: origin.x + 12, y: origin.y + 44, width: 400, height: 120, tolerance: 12) > 50)
        #expect(shot.pixel(x: lamp(0).0, y: lamp(0).1).matches(dark, tolerance: 8), "shift lamp stays dark")
        #expect(shot.pixel(x: lamp(3).0, y: lamp(3).1).matches(dark, tolerance: 8), "super lamp stays dark")
        // A ring, not a disc: its centre shows the background.
        #expect(!shot.pixel(x: touch.x, y: touch.y).matches(ring, tolerance: 8))

        try seat.release(key: .leftAlt)
        try seat.touchUp(0)
        try waitUntil(timeout: 5, "the lamp and the ring to go") {
            shot = try sway.screenshot()
            return shot.pixel(x: lamp(2).0, y: lamp(2).1).matches(dark, tolerance: 8)
                && shot.count(of: ring, x: touch.x - 20, y: touch.y - 20, width: 41, height: 41, tolerance: 8) == 0
        }
    }

    @Test("--json writes a trace that decodes to the injected input (T1, T3)")
    func jsonTrace() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["events", "--json"], on: sway)
        defer { app.stop() }
        try app.waitForLine(containing: "\"device_added\"")
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        try seat.move(to: Double(w.content.x) + 40, Double(w.content.y) + 30)
        try seat.hold(.leftAlt, .leftSuper) { try seat.drag(.left) { try seat.move(by: 6, 2) } }
        try seat.scroll(dy: 3)
        try seat.scrollStop()
        try seat.swipe(fingers: 3, deltas: [(4, 1)])
        try seat.type(.a)
        try seat.type(.capsLock)

        func trace() throws -> Trace { try TraceDecoder.decode(app.stdout) }
        try waitUntil(timeout: 10, "Caps Lock locked in the trace") {
            guard let t = try? trace() else { return false }
            return t.events.contains { if case let .modifiers(m) = $0.kind { return m.locked == [.capsLock] && m.depressed.isEmpty }; return false }
        }
        let t = try trace()
        #expect(t.header.privacy == .redactText)
        let kinds = t.events.map(\.kind)
        // The pointer reaches (40, 30): an enter there, or a motion when it was already inside.
        #expect(kinds.contains {
            switch $0 {
            case let .pointerEnter(p): p == InputPoint(x: 40, y: 30)
            case let .motion(p, _, _): p == InputPoint(x: 40, y: 30)
            default: false
            }
        })
        #expect(kinds.contains(.button(.left, pressed: true)))
        #expect(kinds.contains(.scroll(source: .finger, axis: .vertical, value: 3, value120: nil, stop: false)))
        #expect(kinds.contains(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true)))
        #expect(kinds.contains(.gesture(GestureEvent(kind: .swipe, phase: .update, fingers: 3, delta: InputVector(dx: 4, dy: 1)))))
        #expect(kinds.contains(.key(.placeholder, pressed: true)))
        #expect(!kinds.contains(.key(KeyCode(rawValue: 30), pressed: true)), "text keys stay private")
        // The modifiers in effect when the button went down: Alt and Super.
        let press = try #require(kinds.firstIndex(of: .button(.left, pressed: true)))
        let held = kinds[..<press].compactMap { if case let .modifiers(m) = $0 { return m.effective }; return nil }.last
        #expect(held == [.alt, .super])
        #expect(zip(t.events, t.events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("--keep-keys keeps text keys' identity (T3 opt-in)")
    func keepKeys() throws {
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["events", "--keep-keys"], on: sway)
        defer { app.stop() }
        try sway.waitForWindow(appID: "lodestone")
        try app.waitForLine(containing: "device-added   keyboard")
        try waitUntil(timeout: 5, "keyboard focus") {
            try seat.type(.a)
            return app.stdout.contains("key            key30 pressed")
        }
        #expect(!app.stdout.contains("private"))
    }

    @Test("under weston headless (no seat) it keeps running and says input is unavailable")
    func westonWithoutSeat() throws {
        let weston = try Weston.start()
        let app = try Lodestone.launch(["events"], on: weston)
        defer { app.stop() }
        try waitUntil(timeout: 10, "the warning on stderr") { app.stderr.contains("input is unavailable") }
        usleep(300_000)
        #expect(app.isRunning, "stderr: \(app.stderr)")
        #expect(app.stop() == .exited(0))
    }

    @Test("usage errors exit 2 with the usage")
    func usage() throws {
        let app = try Lodestone.launch(["events", "--bogus"], on: nil)
        #expect(try app.wait(timeout: 10) == .exited(2))
        #expect(app.stderr.contains("unknown option '--bogus'"))
        #expect(app.stderr.contains("usage: lodestone events"))
    }
}
