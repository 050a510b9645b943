// The soak's drag-and-drop episodes (issue 18, property and soak; G7, I2): seeded runs in
// which another application's offers enter, move over the drop targets, drop, leave or are
// cancelled, and our items are handed out and finished or cancelled, all amid ordinary input.
// Every answer keeps the rules and nothing stays active after an episode.
import Testing
import PointerEngine
@testable import Playground

@Suite("Soak: drags from and to other applications amid input (issue 18; G7, I2)")
struct SoakDragAndDropTests {
    @Test("seeded runs: offers answered within the rules, drops read, drags out ended, nothing left active", arguments: [5, 18, 99] as [UInt64])
    func seeded(seed: UInt64) {
        var o = Soak.Options()
        o.events = 10_000
        o.seed = seed
        o.renderEvery = 40
        o.repaintChecks = 1
        o.scale = 0.5
        let report = Soak(options: o).run()
        #expect(report.episodes["external drag", default: 0] >= 3, "\(report.episodes)")
        #expect(report.dragsOut >= 2, "items handed out: \(report.dragsOut) of \(report.episodes["drag out", default: 0]) drag-out episodes")
        #expect(report.externalDrops >= 1)
        #expect(report.dndViolations == 0, "\(report.problems.joined(separator: "\n"))")
        #expect(report.stuck == 0, "\(report.problems.joined(separator: "\n"))")
        #expect(report.ok, "\(report.problems.joined(separator: "\n"))")
    }
}
