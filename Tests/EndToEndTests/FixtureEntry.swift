// The drag-source fixture (Tests/Fixtures/dnd-source) starts a drag on a press only once the
// pointer is on its surface. In a full `make test` the first motion sometimes came before sway had
// the fixture's surface under it: the fixture printed only "ready" and the press started no drag
// (issue 18.1). Every test that presses in the fixture goes through `enter` first.
import TestSupport

extension SeatInjector {
    /// Puts the pointer at `p` (layout points) on `fixture` and waits until it says the pointer
    /// entered, nudging by a point while it has not (at most 20 tries, half a second each).
    func enter(_ fixture: ChildProcess, at p: (Double, Double)) throws {
        for attempt in 0..<20 {
            try move(to: p.0 + Double(attempt % 2), p.1)
            if (try? fixture.waitForLine(containing: "pointer-enter", timeout: 0.5)) != nil { return }
        }
        _ = try fixture.waitForLine(containing: "pointer-enter", timeout: 0.1)
    }
}
