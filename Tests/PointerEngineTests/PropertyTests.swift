import Testing
@testable import PointerEngine

/// Random event sequences against the engine (issue 5 "property test"): pointer, trackpad,
/// touch and keyboard interleaved, cancels, finger-count changes, device removal, modifier
/// changes mid-drag. Every sequence starts from the same engine (a value: copying is cheap) and
/// ends by finishing or cancelling everything it started.
@Suite("Property: random event sequences (G7, P5, M6, E5)")
struct PropertyTests {
    /// 100,000 in the plain run; a share of them under the sanitizers (`PropertyBudget`).
    static let sequences = PropertyBudget.sequences(100_000)

    struct Generator {
        var rng: PointerEngine.SeededRandom
        var time: UInt64
        var touchIDs: [TouchID] = []
        var buttonsDown: Set<UInt32> = []
        var gesture: (kind: GestureKind, fingers: Int)?
        var fingerAxes: Set<ScrollAxis> = []
        let devices = [DeviceID(1), DeviceID(2), DeviceID(3), DeviceID(4)]
        let size: Size

        mutating func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
        mutating func chance(_ p: Double) -> Bool { rng.unit() < p }

        mutating func point() -> InputPoint {
            // Mostly on the surface, sometimes off it or absurd.
            if chance(0.02) { return InputPoint(x: pick([-1e9, .infinity, .nan, 1e12]), y: rng.uniform(-100...700)) }
            return InputPoint(x: rng.uniform(-20...(size.width + 20)), y: rng.uniform(-20...(size.height + 20)))
        }

        mutating func next() -> InputEvent {
            time += UInt64(chance(0.05) ? rng.uniform(0...4_000_000) : rng.uniform(0...40_000))
            let t = Timestamp(rawValue: time)
            let r = rng.unit()
            let dev = pick(devices)
            let kind: InputEventKind
            switch r {
            case ..<0.30:
                let absolute = chance(0.5)
                kind = .motion(position: absolute ? point() : nil,
                               delta: InputVector(dx: rng.uniform(-80...80), dy: rng.uniform(-80...80)), unaccelerated: .zero)
            case ..<0.40:
                let b = pick([PointerButton.left, .right, .middle])
                let pressed = !buttonsDown.contains(b.rawValue) || chance(0.2)
                if pressed { buttonsDown.insert(b.rawValue) } else { buttonsDown.remove(b.rawValue) }
                kind = .button(b, pressed: pressed)
            case ..<0.50:
                let source = pick(ScrollSource.allCases)
                let axis = pick(ScrollAxis.allCases)
                let stop = chance(0.2)
                if source == .finger { if stop { fingerAxes.remove(axis) } else { fingerAxes.insert(axis) } }
                kind = .scroll(source: source, axis: axis, value: stop ? 0 : rng.uniform(-60...60),
                               value120: source == .wheel ? Int32(pick([-120, 120, 60, -30])) : nil, stop: stop)
            case ..<0.65:
                kind = .gesture(nextGesture())
            case ..<0.80:
                kind = nextTouch()
            case ..<0.86:
                kind = .modifiers(ModifierState(depressed: Modifiers(rawValue: UInt8(rng.next() % 64))))
            case ..<0.89:
                kind = .key(pick([KeyCode(rawValue: 103), KeyCode(rawValue: 108), KeyCode(rawValue: 57), .placeholder]), pressed: chance(0.5))
            case ..<0.91:
                kind = .deviceRemoved
            case ..<0.93:
                kind = .deviceAdded(name: "dev", capabilities: pick([.pointer, [.pointer, .gesture], .touch, .keyboard]))
            case ..<0.95:
                kind = chance(0.5) ? .pointerLeave : .pointerEnter(position: point())
            default:
                kind = pick([.frame, .touchFrame])
            }
            // Finger scrolls and gestures only come from the touchpad; touches from the touchscreen.
            switch kind {
            case .scroll(.finger, _, _, _, _), .gesture: return InputEvent(time: t, device: DeviceID(2), kind)
            case .touchDown, .touchMotion, .touchUp, .touchCancel: return InputEvent(time: t, device: DeviceID(3), kind)
            default: return InputEvent(time: t, device: dev, kind)
            }
        }

        mutating func nextGesture() -> GestureEvent {
            let kind = gesture?.kind ?? pick(GestureKind.allCases)
            if let g = gesture {
                if chance(0.2) {
                    gesture = nil
                    return GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers, cancelled: chance(0.4))
                }
                // A finger-count change mid-gesture shows up as an update with another count.
                let fingers = chance(0.1) ? Int(rng.next() % 5) + 1 : g.fingers
                return GestureEvent(kind: g.kind, phase: .update, fingers: fingers,
                                    delta: InputVector(dx: rng.uniform(-30...30), dy: rng.uniform(-30...30)),
                                    scale: rng.uniform(0.2...4), rotation: rng.uniform(-20...20))
            }
            let fingers = Int(rng.next() % 4) + 2
            gesture = (kind, fingers)
            return GestureEvent(kind: kind, phase: .begin, fingers: fingers)
        }

        mutating func nextTouch() -> InputEventKind {
            if touchIDs.isEmpty || chance(0.3) {
                let id = TouchID(rng.next() % 5)
                if !touchIDs.contains(id) { touchIDs.append(id) }
                return .touchDown(id: id, position: point())
            }
            if chance(0.05) { touchIDs.removeAll(); return .touchCancel }
            let id = pick(touchIDs)
            if chance(0.3) { touchIDs.removeAll { $0 == id }; return .touchUp(id: id) }
            return .touchMotion(id: id, position: point())
        }

        /// Events that finish or cancel everything still in progress.
        mutating func finish() -> [InputEventKind] {
            var out: [InputEventKind] = []
            switch rng.next() % 3 {
            case 0: // proper ends
                for b in buttonsDown.sorted() { out.append(.button(PointerButton(rawValue: b), pressed: false)) }
                for id in touchIDs { out.append(.touchUp(id: id)) }
                if let g = gesture { out.append(.gesture(GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers))) }
                for a in fingerAxes.sorted(by: { $0.rawValue < $1.rawValue }) {
                    out.append(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true))
                }
                out.append(.button(.left, pressed: false))
            case 1: // cancels
                out.append(.touchCancel)
                if let g = gesture { out.append(.gesture(GestureEvent(kind: g.kind, phase: .end, fingers: g.fingers, cancelled: true))) }
                for a in fingerAxes.sorted(by: { $0.rawValue < $1.rawValue }) {
                    out.append(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true))
                }
                for b in buttonsDown.sorted() { out.append(.button(PointerButton(rawValue: b), pressed: false)) }
                out.append(.button(.left, pressed: false))
            default: // every device goes away
                out.append(.deviceRemoved)
            }
            buttonsDown.removeAll(); touchIDs.removeAll(); gesture = nil; fingerAxes.removeAll()
            return out
        }
    }

    static func prototype(interactions: [any Interaction] = StandardInteractions.make()) -> Engine {
        var e = Engine(layout: Fixtures.layout(), interactions: interactions, now: Timestamp(rawValue: 1_000_000))
        for (i, caps) in [DeviceCapabilities.pointer, [.pointer, .gesture], .touch, .keyboard].enumerated() {
            e.handle(InputEvent(time: e.now, device: DeviceID(UInt32(i + 1)), .deviceAdded(name: "d\(i)", capabilities: caps)))
        }
        // Let the interactions build their per-element state once, not in every copy.
        e.advance(to: Timestamp(rawValue: e.now.rawValue + 1))
        return e
    }

    static let chunks = 4

    @Test("100,000 random sequences (a share of them under the sanitizers): no crash, nothing left active, drawn pointer in bounds, animations settle",
          arguments: 0..<PropertyTests.chunks)
    func randomSequences(chunk: Int) {
        let proto = PropertyTests.prototype()
        let size = proto.layout.size
        var failures = 0
        let per = PropertyTests.sequences / PropertyTests.chunks
        for seq in (chunk * per)..<((chunk + 1) * per) {
            var g = Generator(rng: PointerEngine.SeededRandom(seed: UInt64(seq) &* 0x9E37_79B9 &+ 7), time: proto.now.rawValue, size: size)
            var e = proto
            let n = 4 + Int(g.rng.next() % 12)
            for _ in 0..<n {
                let ev = g.next()
                e.handle(ev, now: ev.time)
                let d = e.drawnPosition
                if !(d.x >= 0 && d.x <= size.width && d.y >= 0 && d.y <= size.height) {
                    failures += 1
                    Issue.record("seq \(seq): drawn pointer \(d) off the surface after \(ev)")
                }
            }
            let endTime = g.time + 1000
            for k in g.finish() {
                let dev: DeviceID
                if case .deviceRemoved = k { dev = DeviceID(0) } else { dev = DeviceID(1) }
                if case .deviceRemoved = k {
                    for d in g.devices { e.handle(InputEvent(time: Timestamp(rawValue: endTime), device: d, .deviceRemoved)) }
                } else {
                    switch k {
                    case .scroll, .gesture: e.handle(InputEvent(time: Timestamp(rawValue: endTime), device: DeviceID(2), k))
                    case .touchUp, .touchCancel: e.handle(InputEvent(time: Timestamp(rawValue: endTime), device: DeviceID(3), k))
                    default: e.handle(InputEvent(time: Timestamp(rawValue: endTime), device: dev, k))
                    }
                }
            }
            if e.isActive {
                failures += 1
                let who = e.interactions.filter(\.isActive).map(\.name)
                Issue.record("seq \(seq): still active after finishing everything: \(who) captor \(String(describing: e.captor)) buttons \(e.buttons.count) touches \(e.touches.count) text \(e.isSelectingText)")
            }
            // Long enough for every animation and the auto-hide fade.
            e.advance(to: Timestamp(rawValue: endTime + 8_000_000))
            let f = e.describe()
            if !e.isSettled || f.isAnimating {
                failures += 1
                let who = e.interactions.filter(\.isAnimating).map(\.name)
                Issue.record("seq \(seq): animations did not settle: \(who)")
            }
            if !(f.pointer.opacity >= 0 && f.pointer.opacity <= 1) || f.effects.contains(where: { !$0.progress.isFinite }) {
                failures += 1
                Issue.record("seq \(seq): non-finite or out-of-range frame values")
            }
            if failures > 20 { break }
        }
        #expect(failures == 0)
    }
}
