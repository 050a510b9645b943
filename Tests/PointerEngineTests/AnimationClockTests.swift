// Animations on the display's frames (issue 8, event → commit latency; E5, P5, T2): with
// `AnimationClock.frames` an event between two frames changes what it changes and leaves
// animations where the last frame put them; the next frame moves them on. Nothing else may
// differ from the events clock: after rest, after a stall of frames, and once everything has
// settled, both clocks agree.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Animations follow the display's frames (issue 8; E5, P5, T2)")
struct AnimationClockTests {
    static let refresh: UInt64 = 16_667

    static func at(_ e: Engine, plus us: UInt64) -> Timestamp { Timestamp(rawValue: e.now.rawValue + us) }

    static func move(_ e: inout Engine, to p: Point, at t: Timestamp) {
        let d = p - e.logicalPosition
        e.handle(InputEvent(time: t, device: DeviceID(1), .motion(position: InputPoint(x: p.x, y: p.y),
                                                                   delta: InputVector(dx: d.dx, dy: d.dy), unaccelerated: .zero)),
                 now: t)
    }

    /// An engine whose pointer has just entered the icon (its lift starts) at `t0`, one frame
    /// drawn 16.7 ms later, with `clock`.
    static func lifting(_ clock: AnimationClock) -> (engine: Engine, t0: Timestamp, center: Point) {
        var e = PropertyTests.prototype()
        e.animationClock = clock
        let t0 = at(e, plus: 1_000_000)
        let icon = e.surfaceFrame(of: Fixtures.icon)!
        let center = Point(icon.midX, icon.midY)
        move(&e, to: center, at: t0)
        e.advance(to: Timestamp(rawValue: t0.rawValue + refresh))
        return (e, t0, center)
    }

    @Test("An event between two frames moves the pointer and leaves the lift where the last frame put it; the next frame moves it on")
    func inputBetweenFramesLeavesAnimations() throws {
        var (e, t0, center) = Self.lifting(.frames)
        let p1 = try #require(e.effect(on: Fixtures.icon)).progress
        #expect(p1 > 0 && p1 < 0.99, "the lift animates: \(p1)")
        let frameTime = e.animationTime
        let t = Timestamp(rawValue: t0.rawValue + 24_000)
        Self.move(&e, to: center + Vector(2, 1), at: t)
        #expect(e.logicalPosition == center + Vector(2, 1), "the input is taken at once")
        #expect(e.now == t)
        #expect(e.animationTime == frameTime, "animations stay at the last frame")
        #expect(e.effect(on: Fixtures.icon)?.progress == p1)
        #expect(!e.isSettled)
        // The same event with the events clock does move the lift (else this test shows nothing).
        var (ev, _, _) = Self.lifting(.events)
        Self.move(&ev, to: center + Vector(2, 1), at: t)
        let moved = try #require(ev.effect(on: Fixtures.icon)).progress
        #expect(moved > p1)
        // The next frame moves it on, to where the events clock has it then.
        let next = Timestamp(rawValue: t0.rawValue + 2 * Self.refresh)
        e.advance(to: next)
        ev.advance(to: next)
        let p2 = try #require(e.effect(on: Fixtures.icon)).progress
        #expect(p2 > moved)
        #expect(abs(p2 - ev.effect(on: Fixtures.icon)!.progress) < 1e-9)
        #expect(e.animationTime == next && e.now == next)
    }

    @Test("After rest, the animation an event starts begins at the event, not at the last frame seconds ago")
    func afterRestAnimationsStartAtTheEvent() throws {
        var a = PropertyTests.prototype(), b = a
        b.animationClock = .frames
        // Seconds with no frame (nothing animates, the window draws nothing).
        let t0 = Self.at(a, plus: 5_000_000)
        let icon = a.surfaceFrame(of: Fixtures.icon)!
        Self.move(&a, to: Point(icon.midX, icon.midY), at: t0)
        Self.move(&b, to: Point(icon.midX, icon.midY), at: t0)
        #expect(b.animationTime == t0, "the event ran time to itself first")
        let frame = Timestamp(rawValue: t0.rawValue + Self.refresh)
        let fa = a.frame(now: frame), fb = b.frame(now: frame)
        #expect(fa == fb)
        let p = try #require(b.effect(on: Fixtures.icon)).progress
        #expect(p > 0 && p < 0.99, "one frame into the lift, not its end: \(p)")
    }

    @Test("An event soon after an animation settled at a frame starts its own animation at the event, as the events clock does")
    func settledAtAFrameRunsTimeToTheEvent() throws {
        var (a, t0, center) = Self.lifting(.events)
        var (b, _, _) = Self.lifting(.frames)
        // Frames until the lift has settled.
        var t = Timestamp(rawValue: t0.rawValue + Self.refresh)
        while !b.isSettled {
            t = Timestamp(rawValue: t.rawValue + Self.refresh)
            a.advance(to: t); b.advance(to: t)
        }
        #expect(t.seconds(since: t0) < 2)
        // 30 ms later (within AnimationClock.lagLimit) the pointer leaves the icon: the lift
        // animates out from the event on.
        let icon = b.surfaceFrame(of: Fixtures.icon)!
        let out = Timestamp(rawValue: t.rawValue + 30_000)
        Self.move(&a, to: Point(icon.maxX + 40, center.y), at: out)
        Self.move(&b, to: Point(icon.maxX + 40, center.y), at: out)
        #expect(b.animationTime == out)
        let next = Timestamp(rawValue: out.rawValue + Self.refresh)
        #expect(a.frame(now: next) == b.frame(now: next))
        let p = try #require(b.effect(on: Fixtures.icon)).progress
        #expect(p > 0.01 && p < 0.99, "one frame into the fade: \(p)")
    }

    @Test("A deadline between the last frame and an event (P5 auto-hide) fires before the event, as with the events clock")
    func deadlinesFireBeforeTheEvent() {
        final class Lines: @unchecked Sendable { var lines: [String] = [] }
        var results: [[String]] = []
        for clock in [AnimationClock.events, .frames] {
            var e = PropertyTests.prototype()
            e.settings.autoHideDelay = 0.1
            e.animationClock = clock
            let log = Lines()
            let t0 = Self.at(e, plus: 1_000_000)
            let icon = e.surfaceFrame(of: Fixtures.icon)!
            Self.move(&e, to: Point(icon.midX, icon.midY), at: t0)
            e.log = { log.lines.append($0) }
            // Frames while the lift animates, up to just before the auto-hide deadline at 0.1 s.
            var f = t0.rawValue + Self.refresh
            while f < t0.rawValue + 100_000 { e.advance(to: Timestamp(rawValue: f)); f += Self.refresh }
            #expect(!e.isSettled)
            // A click 5 ms after the deadline, before the next frame.
            let click = Timestamp(rawValue: t0.rawValue + 105_000)
            e.handle(InputEvent(time: click, device: DeviceID(1), .button(.left, pressed: true)), now: click)
            results.append(log.lines)
        }
        #expect(results[0].contains { $0.contains("idle") }, "\(results[0])")
        #expect(results[0] == results[1])
    }

    @Test("When frames stop coming (more than AnimationClock.lagLimit), an event runs the animations itself")
    func stalledFramesDoNotFreezeAnimations() {
        var (e, t0, center) = Self.lifting(.frames)
        let frameTime = e.animationTime
        let soon = Timestamp(rawValue: frameTime.rawValue + UInt64(AnimationClock.lagLimit * 1e6) - 1_000)
        Self.move(&e, to: center + Vector(1, 0), at: soon)
        #expect(e.animationTime == frameTime)
        let late = Timestamp(rawValue: frameTime.rawValue + UInt64(AnimationClock.lagLimit * 1e6) + 1_000)
        Self.move(&e, to: center + Vector(2, 0), at: late)
        #expect(e.animationTime == late)
        #expect(e.now == late && t0 < late)
    }

    @Test("2,000 random sequences drawn at 60 Hz: the input state after each event is the events clock's, no interaction sees time go back, nothing is left animating or active, and 8 s later both clocks draw the same frame unless input interrupted a content animation between frames")
    func framesClockAgreesWithEventsClock() {
        let witnessed = StandardInteractions.make().map { Forwarding(base: $0) as any Interaction }
        let plain = PropertyTests.prototype(interactions: witnessed)
        var framed = plain
        framed.animationClock = .frames
        var mismatches: [String] = []
        var deferred = 0, held = 0, parted = 0
        for seq in 0..<2_000 where mismatches.count < 5 {
            var g = PropertyTests.Generator(rng: SeededRandom(seed: UInt64(seq) &* 0x9E37_79B9 &+ 3), time: plain.now.rawValue,
                                            size: plain.layout.size)
            var a = plain, b = framed
            var nextFrame = (b.now.rawValue / Self.refresh + 1) * Self.refresh
            // An event met a scroll, zoom or page animation between frames: it acts on the
            // content where the last frame showed it, so the two clocks may part (by a fraction
            // of a point, or a row hovered at a boundary).
            var interrupts = false
            let origin = g.time
            // The generator's gaps (0–40 ms, sometimes seconds) shrunk to a quarter: input as
            // dense as a trackpad's, several events between two frames.
            func retimed(_ t: UInt64) -> Timestamp { Timestamp(rawValue: origin + (t - origin) / 4) }
            func send(_ ev: InputEvent) {
                // The frames the display shows while something animates (both windows draw them).
                while nextFrame <= ev.time.rawValue {
                    let frame = Timestamp(rawValue: nextFrame)
                    if !a.isSettled { a.advance(to: frame) }
                    if !b.isSettled { b.advance(to: frame) }
                    nextFrame += Self.refresh
                }
                let contentMoving = b.core.interactionUnion & InteractionCache.animating != 0
                a.handle(ev, now: ev.time)
                b.handle(ev, now: ev.time)
                if b.animationTime < b.now {
                    deferred += 1
                    if contentMoving { interrupts = true }
                }
            }
            for step in 0..<(4 + Int(g.rng.next() % 16)) {
                let generated = g.next()
                let ev = InputEvent(time: retimed(generated.time.rawValue), device: generated.device, generated.kind)
                send(ev)
                if !interrupts, a.hovered != b.hovered || a.logicalPosition != b.logicalPosition || a.isActive != b.isActive
                    || a.modifiers != b.modifiers {
                    mismatches.append("seq \(seq) step \(step) after \(ev): hovered \(String(describing: a.hovered)) vs \(String(describing: b.hovered)), active \(a.isActive) vs \(b.isActive)")
                    break
                }
            }
            // Everything still down is let go (as PropertyTests does), then time passes.
            let end = retimed(g.time).rawValue + 1_000
            for k in g.finish() {
                if case .deviceRemoved = k {
                    for d in g.devices { send(InputEvent(time: Timestamp(rawValue: end), device: d, .deviceRemoved)) }
                    continue
                }
                let dev: DeviceID
                switch k {
                case .scroll, .gesture: dev = DeviceID(2)
                case .touchUp, .touchCancel: dev = DeviceID(3)
                default: dev = DeviceID(1)
                }
                send(InputEvent(time: Timestamp(rawValue: end), device: dev, k))
            }
            let later = Timestamp(rawValue: end + 8_000_000)
            let fa = a.frame(now: later), fb = b.frame(now: later)
            if !interrupts {
                held += 1
                if fa != fb { mismatches.append("seq \(seq): frames differ after 8 s") }
            } else if fa != fb {
                parted += 1
            }
            if !b.isSettled || b.isActive || fb.isAnimating { mismatches.append("seq \(seq): still animating or active after 8 s") }
            let back = b.interactions.compactMap { ($0 as? Forwarding).flatMap { $0.wentBack ? $0.name : nil } }
            if !back.isEmpty { mismatches.append("seq \(seq): time went back for \(back)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Events did arrive between frames with animations left behind (else nothing is tested),
        // hundreds of sequences were held to the same end, and of those where input met a
        // content animation between frames, at most 1% end elsewhere (measured: none).
        #expect(deferred > 1_000, "\(deferred)")
        #expect(held > 300, "\(held)")
        #expect(parted <= 20, "\(parted)")
    }
}
