// The gesture HUD's scroll velocity is the engine's estimate (issue 20.3: one velocity
// estimator for momentum, `VelocityTracker`): a steady finger scroll reads its speed, a lift
// while moving glides (G1), and a finger that paused before lifting shows no momentum, as the
// scroll views start none.
import Testing
import PointerEngine
@testable import Playground

@Suite("Gesture HUD scroll velocity (issue 20.3, G1)")
struct HUDVelocityTests {
    /// A finger scroll of `step` points every 8 ms on `axis` for `frames` frames from `start` ms.
    static func scroll(_ hud: inout GestureHUD, axis: ScrollAxis, step: Double, frames: Int, from start: Double) -> Double {
        var t = start
        for _ in 0..<frames {
            t += 8
            hud.observe(InputEvent(time: .milliseconds(t), device: DeviceID(1),
                                   .scroll(source: .finger, axis: axis, value: step, value120: nil, stop: false)))
        }
        return t
    }

    static func stop(_ hud: inout GestureHUD, axis: ScrollAxis, at t: Double) {
        hud.observe(InputEvent(time: .milliseconds(t), device: DeviceID(1),
                               .scroll(source: .finger, axis: axis, value: 0, value120: nil, stop: true)))
    }

    @Test("8 pt every 8 ms reads 1000 pt/s, the tracker's estimate, and a lift while moving glides")
    func steadyScroll() {
        var hud = GestureHUD()
        let end = Self.scroll(&hud, axis: .vertical, step: 8, frames: 20, from: 0)
        var tracker = VelocityTracker()
        for k in 1...20 { tracker.add(8, at: .milliseconds(Double(k) * 8)) }
        #expect(hud.scrollVelocity == Vector(0, tracker.velocity(at: .milliseconds(end))))
        #expect(abs(hud.scrollVelocity.dy - 1000) < 1, "\(hud.scrollVelocity)")
        Self.stop(&hud, axis: .vertical, at: end + 4)
        #expect(hud.isMomentum)
        #expect(hud.shownVelocity(at: .milliseconds(end + 4)).dy > 900)
    }

    @Test("a finger that pauses before lifting shows no momentum (the scroll view starts none either)")
    func pauseThenLift() {
        var hud = GestureHUD()
        let end = Self.scroll(&hud, axis: .horizontal, step: -8, frames: 20, from: 0)
        #expect(hud.scrollVelocity.dx < -900)
        Self.stop(&hud, axis: .horizontal, at: end + VelocityTracker.stillness * 1000 + 20)
        #expect(!hud.isMomentum)
        #expect(hud.shownVelocity(at: .milliseconds(end + 100)) == .zero)
    }

    /// The value of the HUD's row `name`.
    static func row(_ hud: GestureHUD, _ name: String) -> String? {
        for p in hud.gestureParts(in: Rect(x: 0, y: 0, width: 280, height: 900)).0 {
            if case .value(let v, let label, _, _) = p, label == name { return v }
        }
        return nil
    }

    @Test("G1 (issue 32.3): the Scroll section's direction row adds natural or traditional as the stream says (libinput's option or a wl_seat 9 compositor), 'by compositor' before it is said")
    func scrollingRow() {
        var hud = GestureHUD()
        #expect(Self.row(hud, "direction") == "—")
        hud.observe(InputEvent(time: .milliseconds(1), device: DeviceID(1), .scrollDirection(.compositor)))
        #expect(Self.row(hud, "direction") == "— · by compositor")
        hud.observe(InputEvent(time: .milliseconds(2), device: DeviceID(1), .scrollDirection(.natural)))
        #expect(Self.row(hud, "direction") == "— · natural" && hud.scrolling == .natural)
        hud.observe(InputEvent(time: .milliseconds(3), device: DeviceID(1), .scrollDirection(.traditional)))
        #expect(Self.row(hud, "direction") == "— · traditional")
    }
}
