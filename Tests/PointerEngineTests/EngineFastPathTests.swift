// The engine's fast paths (issue 5 item 8: ≤ 1 µs per event) must change no behaviour:
// interactions skipped through their interest masks, spring exponentials reused between
// equal steps, and rect queries that visit each element once without a set. Each test
// compares the fast path with the plain computation it replaces, value for value.
import InputProtocol
import Testing
@testable import PointerEngine
import EngineBench

@Suite("Engine fast paths change nothing (issue 5 item 8; G7, I1–I6, M3, M4, E5)")
struct EngineFastPathTests {
    @Test("Interest masks and advancing only the active or animating interactions: 5,000 random sequences give the same frames and outputs as offering every event to everyone and advancing everyone")
    func interestMasksAreInvisible() {
        let masked = PropertyTests.prototype()
        var plain = PropertyTests.prototype(interactions: StandardInteractions.make().map { Forwarding(base: $0, everyEvent: true) })
        plain.advancesEveryInteraction = true
        #expect(plain.core.interactionCache.allSatisfy { $0 & InteractionInterests.all.rawValue == InteractionInterests.all.rawValue })
        // The standard interactions do leave things out on this layout (else nothing is tested).
        #expect(masked.core.interactionCache.contains { $0 & InteractionInterests.pointerMoved.rawValue == 0 })
        var mismatches: [String] = []
        for seq in 0..<5_000 where mismatches.count < 5 {
            var g = PropertyTests.Generator(rng: SeededRandom(seed: UInt64(seq) &* 0x2545_F491 &+ 11), time: masked.now.rawValue,
                                            size: masked.layout.size)
            var a = masked, b = plain
            for step in 0..<(4 + Int(g.rng.next() % 16)) {
                let ev = g.next()
                a.handle(ev, now: ev.time)
                b.handle(ev, now: ev.time)
                // Frames every other step (they cost most of the test's time).
                let framesDiffer = step % 2 == 0 && a.describe() != b.describe()
                let oa = a.drainOutputs(), ob = b.drainOutputs()
                if framesDiffer || oa != ob || a.hovered != b.hovered || a.isActive != b.isActive {
                    mismatches.append("seq \(seq) step \(step) after \(ev): outputs \(oa) vs \(ob), hovered \(String(describing: a.hovered)) vs \(String(describing: b.hovered))")
                    break
                }
            }
            // Time passes: animations, timers (long press, auto-hide) and settling.
            let later = Timestamp(rawValue: g.time + 700_000)
            if a.frame(now: later) != b.frame(now: later) { mismatches.append("seq \(seq): frames differ after 0.7 s") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test("Springs: reused exponentials give bit-identical values to a fresh computation (ζ < 1, = 1, > 1)",
          arguments: [0.5, 0.78, 1.0, 1.6])
    func springMemoIsExact(damping: Double) {
        var memo = DampedSpring(value: 0, target: 100, response: 0.22, dampingRatio: damping)
        var fresh = memo
        // Steady steps (memo hits), an odd one, then steady again.
        let steps = Array(repeating: 1.0 / 120, count: 20) + [0.0137] + Array(repeating: 1.0 / 120, count: 20)
        for (i, dt) in steps.enumerated() {
            memo.step(by: dt)
            // A new spring with the same state has no memo: it computes everything.
            var f = DampedSpring(value: fresh.value, target: fresh.target, response: fresh.response, dampingRatio: fresh.dampingRatio)
            f.velocity = fresh.velocity
            f.step(by: dt)
            fresh = f
            #expect(memo.value.bitPattern == fresh.value.bitPattern && memo.velocity.bitPattern == fresh.velocity.bitPattern,
                    "step \(i): \(memo.value) vs \(fresh.value)")
        }
        #expect(abs(memo.value - 100) < 5) // it did move toward the target
    }

    @Test("Velocity (M4): the reused smoothing factor gives the exact estimate")
    func velocityMemoIsExact() {
        var v = VelocityEstimator()
        var rng = SeededRandom(seed: 5)
        var t: UInt64 = 1_000_000
        var expected = Vector.zero
        v.add(delta: .zero, at: Timestamp(rawValue: t))
        for _ in 0..<200 {
            let dtMicros: UInt64 = rng.next() % 7 == 0 ? 4_000 : 8_333
            t += dtMicros
            let d = Vector(rng.uniform(-20...20), rng.uniform(-20...20))
            v.add(delta: d, at: Timestamp(rawValue: t))
            let dt = Double(dtMicros) / 1_000_000
            let a = 1 - Math.exp(-dt / MagnetismTuning.velocitySmoothing)
            expected = expected + (d / dt - expected) * a
            #expect(v.velocity == expected)
        }
    }

    @Test("Hit index: a rect query visits every element whose region meets the rect, each exactly once")
    func rectQueryVisitsOnce() {
        let layout = EngineWorkload.layout(elements: 3_000)
        let index = HitIndex(layout: layout)
        var rng = SeededRandom(seed: 9)
        for _ in 0..<300 {
            let w = rng.uniform(1...300), h = rng.uniform(1...300)
            let box = Rect(x: rng.uniform(-50...layout.size.width), y: rng.uniform(-50...layout.size.height), width: w, height: h)
            var visits = [Int32: Int]()
            index.forEachOnce(space: 0, in: box) { visits[$0, default: 0] += 1 }
            #expect(visits.values.allSatisfy { $0 == 1 })
            for (slot, e) in index.entries.enumerated() where e.space == 0 && e.region.intersects(box) {
                #expect(visits[Int32(slot)] == 1, "element \(e.id) with region \(e.region) missed by \(box)")
            }
        }
    }

    @Test("Hit index: ids far apart (no dense table) find the same slots as compact ids")
    func sparseIDs() throws {
        var layout = Layout(size: Size(400, 400))
        let ids: [Int32] = [7, 1_000_000, -5, 2_000_000_000]
        for (i, id) in ids.enumerated() {
            try layout.add(Element(id: ElementID(id), kind: .button, frame: Rect(x: Double(i) * 90 + 10, y: 10, width: 60, height: 40)))
        }
        let index = HitIndex(layout: layout)
        #expect(index.slotTable.isEmpty)
        for (i, id) in ids.enumerated() {
            #expect(index.slot(of: ElementID(id)) == i)
            #expect(index.element(at: Point(Double(i) * 90 + 40, 30), scene: SceneState(), padded: true) == ElementID(id))
        }
        #expect(index.slot(of: ElementID(8)) == nil)
        let dense = HitIndex(layout: Fixtures.layout())
        #expect(!dense.slotTable.isEmpty)
        #expect(dense.slot(of: Fixtures.scrubber).map { dense.entries[$0].id } == Fixtures.scrubber)
        #expect(dense.slot(of: ElementID(9_999)) == nil && dense.slot(of: ElementID(-1)) == nil)
    }
}
