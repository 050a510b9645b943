// The showcase in a window of a compositor under test whose surface origin on the output is
// known (sway, mutter, KWin, cage): element frames come from the showcase model, and the pointer
// is moved in surface points through that compositor's own input route.
import Testing
import TestSupport
import PointerEngine
import Playground

protocol AimedShowcase: AnyObject {
    var model: PlaygroundSession { get }
    /// The program's `--state-out` lines.
    var state: StateLog { get }
    /// The surface's top-left corner in output (layout) points.
    var origin: (x: Double, y: Double) { get }
    /// Where the last move put the pointer, surface points.
    var pointer: Point { get set }
    /// One absolute motion to an output (layout) point, through the compositor's input route.
    func aim(_ x: Double, _ y: Double) throws
}

extension AimedShowcase {
    func frame(_ id: ElementID) -> Rect { model.engine.surfaceFrame(of: id)! }
    /// The surface's size, points: the size the compositor gave the window.
    var size: Size { model.layout.size }

    /// Moves the pointer to a surface point in one absolute motion.
    func move(to p: Point) throws {
        try aim(origin.x + p.x, origin.y + p.y)
        pointer = p
    }

    /// The last step of every window's setup: the pointer put at output point origin + `probe`
    /// must be reported at surface point `probe` (a probe over no element, at fractions of a
    /// point no earlier position shares where the compositor passes fractions). A mismatch
    /// throws naming both points and `context` (the program's stderr, the compositor's view).
    func verifyOrigin(probe: Point, timeout: Double, context: @autoclosure () -> String) throws {
        // A motion sent before the compositor has the surface under the pointer (the window just
        // mapped, or still moving into place) reaches no one, and the same position sent again is
        // no motion at all: each round steps off by a point and comes back, so the probe is sent
        // anew until it is reported or the time is up.
        let deadline = monotonicSeconds() + timeout
        let round = 1.0
        var first = true
        while true {
            if !first { try move(to: Point(x: probe.x + 1, y: probe.y + 1)) }
            first = false
            try move(to: probe)
            let left = deadline - monotonicSeconds()
            do {
                try state.waitFor("the probe at \(probe)", timeout: max(0.1, min(round, left)), settled: false) { s in
                    s.pointerAt.map { abs($0.x - probe.x) < 0.01 && abs($0.y - probe.y) < 0.01 } ?? false
                }
                return
            } catch where monotonicSeconds() < deadline {
                continue
            } catch {
                let reported = state.last?.pointerAt.map { "(\($0.x), \($0.y))" } ?? "no pointer position"
                throw HarnessError("window origin probe: the pointer moved to output (\(origin.x + probe.x), \(origin.y + probe.y)) "
                                   + "should be at surface point (\(probe.x), \(probe.y)) but the program reports \(reported) "
                                   + "after \(Int(timeout)) s of probes\n\(context())")
            }
        }
    }

    /// Moves the pointer to `p` in `steps` motions, as a hand would.
    func glide(to p: Point, steps: Int = 8) throws {
        let from = pointer
        for k in 1...steps { try move(to: from.lerp(to: p, Double(k) / Double(steps))) }
    }
}

/// The compositor matrix (issue 19): mutter, KWin, cage and wayfire one suite at a time. Each
/// starts its own compositor and session bus; run side by side they starved each other's
/// startup on 2 cores (a cage window that never drew while mutter and KWin started).
@Suite("The compositor matrix (issue 19)", .serialized)
struct CompositorMatrix {}
