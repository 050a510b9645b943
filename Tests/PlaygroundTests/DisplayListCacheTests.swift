// Issue 8 (latency): the display list kept between frames (DisplayListCache) must always equal
// one built from scratch. A property test over seeded sequences: the soak's generator (drags
// with modifiers, band selections, scrolls with momentum, pinches, swipes, touch taps on hidden
// controls, device removal mid-gesture, chaos) drives the showcase, and at every 60 Hz frame
// the kept list is compared with a fresh one (Soak.Options.checkDisplayList).
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Display list cache: kept items equal a fresh build (issue 8; E1–E5, I1–I5, H1–H4)")
struct DisplayListCacheTests {
    func soak(seed: UInt64, events: Int) -> Soak.Report {
        var o = Soak.Options()
        o.events = events
        o.seed = seed
        o.renderEvery = 1
        o.repaintChecks = 0
        o.scale = 0.5
        o.checkDisplayList = true
        return Soak(options: o).run()
    }

    @Test("after every frame of a seeded random sequence, the kept display list equals a fresh one", arguments: [1, 7, 23] as [UInt64])
    func keptEqualsFresh(seed: UInt64) {
        let report = soak(seed: seed, events: 800)
        #expect(report.displayListChecks > 200)
        #expect(report.displayListMismatches == 0, "\(report.problems.joined(separator: "\n"))")
    }

    @Test("the check has teeth: a key that leaves out the frame facts a look reads goes stale and is caught")
    func staleKeyIsCaught() {
        // The scrubber's hover time and the playback controls' fade are frame facts: hover them.
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        session.displayCache.keyIgnoresContentFacts = true
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        let scrubber = session.engine.surfaceFrame(of: Showcase.ID.scrubber)!
        var t: UInt64 = 0
        var differed = false
        for k in 0..<40 {
            t += 16_000
            let x = scrubber.minX + scrubber.width * Double(k) / 40
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1),
                                      .motion(position: InputPoint(x: x, y: scrubber.midY), delta: .zero, unaccelerated: .zero)))
            session.advance(to: Timestamp(rawValue: t))
            let kept = session.displayItems(on: canvas)
            let fresh = session.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
            if kept != fresh { differed = true; break }
        }
        #expect(differed, "a cache keyed without the scrubber's hover facts was never caught stale")
    }

    @Test("a pointer move rebuilds only the items that changed")
    func pointerMoveReusesItems() {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        var t: UInt64 = 0
        func move(_ p: Point) {
            t += 16_000
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1),
                                      .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            session.advance(to: Timestamp(rawValue: t))
            _ = session.displayItems(on: canvas)
        }
        // A spot of the window background (nothing hovered, no effect), once everything settled.
        var spot: Point?
        search: for y in stride(from: 60.0, to: Showcase.size.height, by: 37) {
            for x in stride(from: 200.0, to: Showcase.size.width, by: 41) {
                for _ in 0..<40 { move(Point(x, y)) }
                if session.engine.hovered == nil, session.engine.describe().effects.isEmpty, !session.engine.describe().isAnimating {
                    spot = Point(x, y)
                    break search
                }
            }
        }
        guard let spot else { Issue.record("no spot of bare background found"); return }
        let before = session.displayCache.misses
        move(Point(spot.x - 2, spot.y - 1))
        #expect(session.displayCache.misses == before, "a move over the background rebuilt \(session.displayCache.misses - before) elements")
        #expect(session.displayCache.hits > 100)
    }
}
