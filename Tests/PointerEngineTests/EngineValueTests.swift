// The engine is a value whose state sits behind one reference (issue 20.1): a copy must stay a
// snapshot. Copy on write makes that so; without it, a copy would share the live state and
// change along with the original.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("An engine copy is a snapshot (issue 20.1; T2)")
struct EngineValueTests {
    @Test("events handled by a copy leave the original as it was, and the original handling the same events reaches the same frames and outputs")
    func copiesAreIndependent() {
        for seq in 0..<50 {
            var original = PropertyTests.prototype()
            _ = original.drainOutputs()
            let frameBefore = original.describe(), nowBefore = original.now
            var copy = original
            var g = PropertyTests.Generator(rng: PointerEngine.SeededRandom(seed: UInt64(seq) &+ 77), time: original.now.rawValue,
                                            size: original.layout.size)
            let events = (0..<24).map { _ in g.next() }
            for ev in events { copy.handle(ev, now: ev.time) }
            #expect(original.describe() == frameBefore, "seq \(seq): the copy's events changed the original's frame")
            #expect(original.now == nowBefore && original.drainOutputs().isEmpty, "seq \(seq)")
            #expect(copy.now > nowBefore, "seq \(seq): the copy did not move on")
            // The original, given the same events, becomes what the copy became.
            let second = original
            for ev in events { original.handle(ev, now: ev.time) }
            #expect(original.describe() == copy.describe(), "seq \(seq)")
            #expect(original.drainOutputs() == copy.drainOutputs(), "seq \(seq)")
            #expect(second.describe() == frameBefore, "seq \(seq): a second copy moved with the original")
        }
    }
}
