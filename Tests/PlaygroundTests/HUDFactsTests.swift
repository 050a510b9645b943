// The gesture HUD shows the engine's facts (issue 20.2): the latest gesture as the engine's
// interpreter accepted it, the touches, the modifiers and the input kind, read from the engine
// after each event rather than interpreted again from the stream.
import InputProtocol
import Testing
import PointerEngine
@testable import Playground

@Suite("Gesture HUD reads the engine's facts (issue 20.2; G2–G8, G11, I2)")
struct HUDFactsTests {
    static let touchpad = DeviceID(2), screen = DeviceID(3), trackpoint = DeviceID(4)

    static func session() -> PlaygroundSession {
        let s = PlaygroundSession(layout: Layout(size: Size(400, 300)))
        s.handle(InputEvent(time: .milliseconds(0), device: touchpad, .deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture])))
        s.handle(InputEvent(time: .milliseconds(0), device: screen, .deviceAdded(name: "screen", capabilities: [.touch])))
        s.handle(InputEvent(time: .milliseconds(0), device: trackpoint, .deviceAdded(name: "trackpoint", capabilities: [.pointer])))
        return s
    }

    static func pinch(_ phase: GesturePhase, at ms: Double, scale: Double = 1, rotation: Double = 0) -> InputEvent {
        InputEvent(time: .milliseconds(ms), device: touchpad,
                   .gesture(GestureEvent(kind: .pinch, phase: phase, fingers: 2, scale: scale, rotation: rotation)))
    }

    /// What the HUD's gesture sections draw: each row's value by its label, the input kind in the
    /// title bar and the finger count.
    static func shown(_ hud: GestureHUD) -> [String: String] {
        var out: [String: String] = [:]
        for part in hud.gestureParts(in: Rect(x: 0, y: 0, width: ShowcaseGeometry.hudWidth, height: GestureHUD.panelHeight)).0 {
            switch part {
            case .value(let v, let label, _, _): out[label] = v
            case .inputKind(let k): out["input"] = k
            case .fingerCount(let text, _): out["fingers"] = text
            default: break
            }
        }
        return out
    }

    @Test("a pinch: the HUD's kind, phase, fingers, scale and rotation are the engine's")
    func pinch() {
        let s = Self.session()
        s.handle(Self.pinch(.begin, at: 10))
        s.handle(Self.pinch(.update, at: 20, scale: 1.5, rotation: 12))
        s.handle(Self.pinch(.update, at: 30, scale: 1.75, rotation: 3))
        let facts = s.engine.lastGesture
        #expect(facts.scale == 1.75 && facts.rotation == 15)
        #expect(s.hud.pinchScale == facts.scale && s.hud.rotation == facts.rotation && s.hud.fingers == facts.fingers)
        let rows = Self.shown(s.hud)
        #expect(rows["kind"] == "pinch" && rows["phase"] == "changed" && rows["pinch scale"] == "× 1.75" && rows["rotation"] == "15.0°")
        #expect(rows["fingers"] == "2 on pad" && rows["input"] == "trackpad")
        s.handle(Self.pinch(.end, at: 40))
        #expect(Self.shown(s.hud)["phase"] == "end" && s.hud.fingers == 0)
    }

    @Test("G7: a gesture the engine cancels reads cancelled; a step it refuses changes nothing")
    func cancelAndRefuse() {
        let s = Self.session()
        // An update with no pinch running: the interpreter ignores it, and so does the HUD.
        s.handle(Self.pinch(.update, at: 10, scale: 3))
        #expect(Self.shown(s.hud)["phase"] == "idle" && s.hud.pinchScale == 1)
        s.handle(Self.pinch(.begin, at: 20))
        s.handle(Self.pinch(.update, at: 30, scale: 1.2))
        // The touchpad goes away with its fingers down and no end.
        s.handle(InputEvent(time: .milliseconds(40), device: Self.touchpad, .deviceRemoved))
        #expect(Self.shown(s.hud)["phase"] == "cancelled" && s.hud.fingers == 0)
    }

    @Test("a swipe: the HUD heads where the engine's travel goes")
    func swipe() {
        let s = Self.session()
        s.handle(InputEvent(time: .milliseconds(10), device: Self.touchpad, .gesture(GestureEvent(kind: .swipe, phase: .begin, fingers: 3))))
        for k in 1...4 {
            s.handle(InputEvent(time: .milliseconds(10 + Double(k) * 10), device: Self.touchpad,
                                .gesture(GestureEvent(kind: .swipe, phase: .update, fingers: 3, delta: InputVector(dx: -1, dy: 10)))))
        }
        #expect(s.hud.swipeTravel == s.engine.lastGesture.travel)
        #expect(Self.shown(s.hud)["swipe"] == "↓ down" && s.hud.fingers == 3)
    }

    @Test("touches and modifiers are the engine's; touch is the input while a finger is down")
    func touchesAndKeys() {
        let s = Self.session()
        s.handle(InputEvent(time: .milliseconds(10), device: Self.screen, .touchDown(id: 1, position: InputPoint(x: 50, y: 50))))
        s.handle(InputEvent(time: .milliseconds(11), device: Self.screen, .touchDown(id: 2, position: InputPoint(x: 90, y: 50))))
        #expect(s.hud.touches == 2 && s.engine.touchCount == 2)
        #expect(Self.shown(s.hud)["fingers"] == "2 touch" && Self.shown(s.hud)["input"] == "touch")
        s.handle(InputEvent(time: .milliseconds(20), device: Self.screen, .touchUp(id: 1)))
        #expect(s.hud.touches == 1)
        s.handle(InputEvent(time: .milliseconds(30), device: Self.touchpad, .modifiers(ModifierState(depressed: [.alt]))))
        #expect(s.hud.modifiers == [.alt] && s.hud.modifiers == s.engine.modifiers)
    }

    @Test("I2: the input kind is the engine's: a touchpad's motion is the trackpad, a trackpoint's scrolling the pointer")
    func inputKind() {
        let s = Self.session()
        s.handle(InputEvent(time: .milliseconds(10), device: Self.touchpad,
                            .motion(position: nil, delta: InputVector(dx: 5, dy: 0), unaccelerated: InputVector(dx: 5, dy: 0))))
        #expect(s.hud.lastInput == .trackpad && Self.shown(s.hud)["input"] == "trackpad")
        s.handle(InputEvent(time: .milliseconds(20), device: Self.trackpoint,
                            .scroll(source: .continuous, axis: .vertical, value: 6, value120: nil, stop: false)))
        #expect(s.hud.lastInput == .pointer && s.hud.lastInput == s.engine.lastInput)
    }

    @Test("G6: a hold stops the HUD's glide, as it stops the scroll views'")
    func holdStopsMomentum() {
        let s = Self.session()
        for k in 1...10 {
            s.handle(InputEvent(time: .milliseconds(Double(k) * 8), device: Self.touchpad,
                                .scroll(source: .finger, axis: .vertical, value: 8, value120: nil, stop: false)))
        }
        s.handle(InputEvent(time: .milliseconds(84), device: Self.touchpad, .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true)))
        #expect(s.hud.isMomentum)
        s.handle(InputEvent(time: .milliseconds(90), device: Self.touchpad, .gesture(GestureEvent(kind: .hold, phase: .begin, fingers: 2))))
        #expect(!s.hud.isMomentum && s.hud.scrollVelocity == .zero)
        #expect(Self.shown(s.hud)["kind"] == "hold" && Self.shown(s.hud)["momentum"] == "—")
    }
}
