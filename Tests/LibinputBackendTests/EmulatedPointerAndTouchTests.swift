// Pointer motion, buttons, wheel scrolling and touchscreen touches from real libinput on
// emulated devices (SPEC T1, G1, G9, G11; issue 4).
import Foundation
import InputProtocol
import Testing
import TestSupport

@Suite("libinput backend: mouse and touchscreen (T1, G1, G9, G11)", .serialized,
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct EmulatedPointerAndTouchTests {
    static let mouse = EmulatedDevice(.mouse(), eventNumber: 4)

    func runMouse(_ m: MouseScript) throws -> EventsRun {
        var script = EmulatedScript()
        script.append(m.frames, to: Self.mouse.node)
        return try Harness.run([Self.mouse], script, settle: 0.2)
    }

    @Test("T1: mouse motion carries accelerated and unaccelerated deltas; buttons press and release")
    func motionAndButtons() throws {
        var m = MouseScript()
        m.move(dx: 3, dy: 0, count: 10)
        m.move(dx: 0, dy: -4, count: 10)
        m.button(EV.btnLeft, pressed: true)
        m.button(EV.btnLeft, pressed: false)
        m.button(EV.btnLeft + 1, pressed: true)
        m.button(EV.btnLeft + 1, pressed: false)
        let run = try runMouse(m)
        let motions = run.events.compactMap { e -> (InputVector, InputVector)? in
            if case .motion(nil, let d, let u) = e.kind { (d, u) } else { nil }
        }
        #expect(motions.count == 20)
        let raw = motions.reduce(InputVector.zero) { InputVector(dx: $0.dx + $1.1.dx, dy: $0.dy + $1.1.dy) }
        #expect(abs(raw.dx - 30) < 0.001 && abs(raw.dy - -40) < 0.001, "unaccelerated sum \(raw)")
        #expect(motions.allSatisfy { $0.0.dx * $0.1.dx >= 0 && $0.0.dy * $0.1.dy >= 0 }, "acceleration keeps the direction")
        #expect(run.buttons.map { "\($0.0) \($0.1)" } == ["left true", "left false", "right true", "right false"])
        // Every pointer event is closed by a frame (wl_pointer.frame semantics).
        let kinds = run.events.map(\.kind)
        for (i, k) in kinds.enumerated() {
            if case .button = k { #expect(kinds[i + 1] == .frame) }
        }
    }

    @Test("G1: a wheel detent is one scroll event with value120 120 — the legacy axis event is not counted too")
    func wheel() throws {
        var m = MouseScript()
        m.wheel(detents: 1)
        m.wheel(detents: 1)
        m.wheel(detents: -1)
        let run = try runMouse(m)
        let scrolls = run.scrolls
        #expect(scrolls.count == 3, "one per detent: \(scrolls)")
        #expect(scrolls.allSatisfy { $0.source == .wheel && $0.axis == .vertical && !$0.stop })
        #expect(scrolls.map(\.value120) == [120, 120, -120])
        #expect(scrolls[0].value > 0 && scrolls[2].value < 0)
    }

    @Test("G11: a touchscreen gives touch down, motion, up and frames in points")
    func touchscreen() throws {
        let screen = EmulatedDevice(.touchscreen(), eventNumber: 6)
        var t = TouchpadScript()
        t.down([MM(50, 40)])
        t.translate(by: MM(20, 10), duration: 0.1)
        t.up()
        var script = EmulatedScript()
        script.append(t.frames, to: screen.node)
        let run = try Harness.run([screen], script, settle: 0.2)
        let caps = run.events.compactMap { e -> DeviceCapabilities? in if case .deviceAdded(_, let c) = e.kind { c } else { nil } }
        #expect(caps == [.touch])
        let kinds = run.events.map(\.kind)
        guard case .touchDown(let id, let p)? = kinds.first(where: { if case .touchDown = $0 { true } else { false } }) else {
            Issue.record("no touch down: \(kinds)"); return
        }
        let pointsPerMM = 96.0 / 25.4
        #expect(abs(p.x - 50 * pointsPerMM) < 0.5 && abs(p.y - 40 * pointsPerMM) < 0.5, "down at \(p)")
        let last = kinds.compactMap { if case .touchMotion(id, let q) = $0 { q } else { nil } }.last
        #expect(abs((last?.x ?? 0) - 70 * pointsPerMM) < 0.5 && abs((last?.y ?? 0) - 50 * pointsPerMM) < 0.5)
        #expect(kinds.contains(.touchUp(id: id)))
        #expect(kinds.filter { $0 == .touchFrame }.count >= 3)
    }
}
