// Issue 16 item 4 (M3, M6), end to end: the showcase under headless sway, default (modern)
// generation. Rest on a toolbar button with no input, then move slowly down 34 pt in 1 pt steps
// at about 100 pt/s, as a careful hand does: the drawn arrow (--state-out "drawn") follows the
// logical pointer ("at") within 6 pt on every committed frame and never jumps more than 4 pt
// in one frame, also when the hit region is left. Old main parked the arrow at y 27.5 while the
// pointer went 31 → 65, then jumped 38 pt.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground
import EngineBench

@Suite("Magnetism under headless sway: a bias, not a lock (issue 16.4)", .serialized, SharedSway())
struct MagnetismUnderSwayTests {
    typealias ID = Showcase.ID

    @Test("M6: rest on a toolbar button, then move slowly down 34 pt: the drawn arrow follows within 6 pt and never jumps")
    func slowMoveOffButton() throws {
        let w = try ShowcaseWindow(scale: 1)
        let b = w.frame(ID.back)
        let start = Point(b.midX, b.midY + 5)
        try w.glide(to: start)
        // Rest without any input until the arrow has settled on the button.
        let rested = try w.state.waitFor("the arrow settled on Back") { s in
            s.hovered == Int(ID.back.rawValue) && !s.isAnimating
        }
        let firstFrame = rested.frame
        // 34 pt down in 1 pt steps, 10 ms apart (≈ 100 pt/s).
        for k in 1...34 {
            try w.move(to: Point(start.x, start.y + Double(k)))
            usleep(10_000)
        }
        let end = start.y + 34
        try w.state.waitFor("the pointer at rest at y \(end)") { s in
            AppState.point((s.json["pointer"] as? [String: Any])?["at"]).map { abs($0.y - end) < 0.01 } ?? false
        }
        let states = w.state.states().filter { $0.frame >= firstFrame }
        var lag = 0.0, jump = 0.0, moving = 0
        var last: (x: Double, y: Double)? = nil
        for s in states {
            guard let at = AppState.point((s.json["pointer"] as? [String: Any])?["at"]), let d = s.drawnPointer else { continue }
            let off = (x: d.x - at.x, y: d.y - at.y)
            if let l = last { jump = max(jump, ((off.x - l.x) * (off.x - l.x) + (off.y - l.y) * (off.y - l.y)).squareRoot()) }
            last = off
            if at.y > start.y, at.y < end { // frames while moving
                moving += 1
                lag = max(lag, (off.x * off.x + off.y * off.y).squareRoot())
            }
        }
        #expect(moving >= 5, "only \(moving) frames while moving: \(states.count) states")
        #expect(lag <= FeelBenchmark.slowLagGoal, "lag \(lag) pt while moving\n\(w.output)")
        #expect(jump <= FeelBenchmark.slowJumpGoal, "jump \(jump) pt in one frame")
    }
}
