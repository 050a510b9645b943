// Issue 16 items 2 and 8: scroll values move content in their own direction whatever the
// source (G1: the compositor or libinput chose it; the engine never inverts), and a held
// navigation key repeats at the keyboard's rate after its delay, as timer events (G10).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Scroll direction and key repeat (issue 16.2, 16.8; G1, G10)")
struct ScrollDirectionAndKeyRepeatTests {
    static let list = ElementID(1)
    static let over = Point(200, 250)
    static let down = KeyCode(rawValue: 108), up = KeyCode(rawValue: 103), leftShift = KeyCode(rawValue: 42)
    static let sway = KeyRepeat(rate: 25, delay: 600)

    /// A 400×300 list with 20 000 pt of content (room for every repeat), nothing else.
    static func scenario(kinetic: Bool = false) -> Scenario {
        var l = Layout(size: Size(400, 500))
        try! l.add(Element(id: list, kind: .scrollView, frame: Rect(x: 0, y: 100, width: 400, height: 300),
                           traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 20_000)))))
        var s = Scenario(l, settings: PointerSettings(autoHideDelay: nil, kineticScrolling: kinetic))
        s.enter(at: over)
        s.wait(0.1)
        return s
    }

    static func offset(_ s: inout Scenario) -> Double {
        s.frame().containers.first { $0.element == list }!.transform.offset.dy
    }

    // MARK: G1

    @Test("G1: a wheel detent and a finger or continuous scroll of the same sign move the content the same way",
          arguments: [ScrollSource.finger, .continuous], [12.0, -12.0])
    func sameSignSameWay(source: ScrollSource, value: Double) {
        var wheel = Self.scenario(), other = Self.scenario()
        let start = 1000.0
        for s in [0, 1] {
            var sc = s == 0 ? wheel : other
            sc.send(.scroll(source: .wheel, axis: .vertical, value: start / 4, value120: Int32(start / ScrollView.wheelDetent * 120),
                            stop: false))
            sc.wait(2) // away from the top, so both directions can move
            if s == 0 { wheel = sc } else { other = sc }
        }
        let before = Self.offset(&wheel)
        #expect(before == Self.offset(&other))
        wheel.send(.scroll(source: .wheel, axis: .vertical, value: value, value120: value > 0 ? 120 : -120, stop: false))
        wheel.wait(2)
        other.send(.scroll(source: source, axis: .vertical, value: value, value120: nil, stop: false), from: other.trackpad)
        if source == .finger { other.send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: other.trackpad) }
        other.wait(2)
        let byWheel = Self.offset(&wheel) - before, byOther = Self.offset(&other) - before
        #expect(byWheel != 0 && byOther != 0)
        #expect((byWheel > 0) == (byOther > 0), "wheel moved the offset by \(byWheel), \(source) by \(byOther)")
        // Positive = the view scrolls down (GTK): the offset grows by the value exactly.
        #expect(abs(byOther - value) < 1e-6)
    }

    // MARK: G10 key repeat

    /// Presses `key`, holds it `seconds` with no other input (time passes in `frame`-long steps,
    /// or in one jump), releases it, and lets the scroll finish.
    static func hold(_ key: KeyCode, _ seconds: Double, _ s: inout Scenario, frame: Double? = nil) {
        s.send(.key(key, pressed: true), from: s.keyboard)
        if let frame {
            var t = 0.0
            while t + frame < seconds { s.wait(frame); t += frame }
            s.wait(seconds - t)
        } else {
            s.wait(seconds)
        }
        s.send(.key(key, pressed: false), from: s.keyboard)
        s.wait(1)
    }

    /// Presses a held key makes: the press, then one per repeat interval from the delay on.
    static func presses(holding seconds: Double, _ r: KeyRepeat) -> Int {
        let delay = Double(r.delay) / 1000
        guard r.rate > 0, seconds >= delay else { return 1 }
        return 1 + 1 + Int(((seconds - delay) * Double(r.rate)).rounded(.down))
    }

    @Test("G10: holding Down 1.5 s with sway's repeat (25/s after 600 ms) scrolls 24 lines, not one", arguments: [nil, 1.0 / 60, 0.007])
    func holdRepeats(frame: Double?) {
        var s = Self.scenario()
        s.send(.keyRepeat(Self.sway), from: s.keyboard)
        Self.hold(Self.down, 1.5, &s, frame: frame)
        let lines = Self.presses(holding: 1.5, Self.sway)
        #expect(lines == 24)
        #expect(Self.offset(&s) == Double(lines) * ScrollView.lineStep)
    }

    @Test("G10: the repeat is the engine's next deadline: the delay, then each interval; none once released or idle")
    func repeatDeadline() {
        var s = Self.scenario()
        s.send(.keyRepeat(Self.sway), from: s.keyboard)
        s.wait(1)
        #expect(s.engine.nextDeadline == nil) // idle: nothing to wake for
        let pressed = s.clock
        s.send(.key(Self.down, pressed: true), from: s.keyboard)
        #expect(s.engine.nextDeadline == Timestamp(rawValue: pressed.rawValue + 600_000))
        s.wait(0.6)
        #expect(s.engine.nextDeadline == Timestamp(rawValue: pressed.rawValue + 640_000))
        s.send(.key(Self.down, pressed: false), from: s.keyboard)
        s.wait(2)
        #expect(s.engine.nextDeadline == nil)
        #expect(Self.offset(&s) == 2 * ScrollView.lineStep)
    }

    @Test("G10: no repeat without the keyboard's repeat info, with rate 0, or for keys that do not move through content")
    func noRepeat() {
        for setup in 0..<2 {
            var s = Self.scenario()
            if setup == 1 { s.send(.keyRepeat(KeyRepeat(rate: 0, delay: 600)), from: s.keyboard) }
            Self.hold(Self.down, 1.5, &s)
            #expect(Self.offset(&s) == ScrollView.lineStep, "setup \(setup)")
        }
        var s = Self.scenario()
        s.send(.keyRepeat(Self.sway), from: s.keyboard)
        s.send(.key(Self.leftShift, pressed: true), from: s.keyboard)
        #expect(s.engine.nextDeadline == nil)
        s.wait(1.5)
        #expect(s.engine.nextDeadline == nil)
        #expect(Self.offset(&s) == 0)
    }

    @Test("G10: another key's press, the keyboard going away, or the release stop the repeat; the other key repeats itself")
    func repeatStops() {
        // Down held 0.7 s (1 press + 3 repeats), then Up pressed while Down is still held: Up repeats.
        var s = Self.scenario()
        s.send(.keyRepeat(Self.sway), from: s.keyboard)
        s.send(.key(Self.down, pressed: true), from: s.keyboard)
        s.wait(0.7)
        let downLines = Self.presses(holding: 0.7, Self.sway)
        s.send(.key(Self.up, pressed: true), from: s.keyboard)
        s.wait(0.5) // less than the delay: Up has not repeated yet, and Down no longer does
        s.send(.key(Self.up, pressed: false), from: s.keyboard)
        s.wait(1)
        #expect(Self.offset(&s) == Double(downLines - 1) * ScrollView.lineStep)
        s.send(.key(Self.down, pressed: false), from: s.keyboard)
        // The keyboard removed while a key repeats: the press and two repeats, then nothing.
        s.send(.key(Self.down, pressed: true), from: s.keyboard)
        s.wait(0.65)
        s.send(.deviceRemoved, from: s.keyboard)
        #expect(s.engine.nextDeadline == nil)
        s.wait(1)
        #expect(Self.offset(&s) == Double(downLines - 1 + Self.presses(holding: 0.65, Self.sway)) * ScrollView.lineStep)
    }
}
