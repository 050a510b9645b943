// The showcase in a window of a compositor under test whose surface origin on the output is
// known (sway, mutter, KWin, cage): element frames come from the showcase model, and the pointer
// is moved in surface points through that compositor's own input route.
import Testing
import TestSupport
import PointerEngine
import Playground

protocol AimedShowcase: AnyObject {
    var model: PlaygroundSession { get }
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
