import Testing
@testable import PointerEngine

/// Random sequences around a drag handed to the compositor (issue 18, property tests; G7, I2):
/// a press on a collection item and a drag with ordinary input interleaved (PropertyTests'
/// generator: pointer, trackpad, touch, keys, modifier changes, device removal, cancels); at a
/// random point the drag leaves the window (`handOffDrag`, as lodestone's drag out does at the
/// edge), then more input arrives while another application holds it, then the sequence ends
/// or cancels everything. The engine holds no drag and no press after the hand-off, nothing
/// stays active after the ends, and every animation settles.
@Suite("Property: drags handed to the compositor amid random input (issue 18; G7)")
struct DragHandOffPropertyTests {
    static let sequences = PropertyBudget.sequences(4_000)

    @Test("random sequences with a hand-off: no drag or press kept after it, nothing active after the ends, animations settle")
    func handOffAmidInput() {
        let proto = PropertyTests.prototype()
        let size = proto.layout.size
        var handedOff = 0
        for seq in 0..<Self.sequences {
            var g = PropertyTests.Generator(rng: PointerEngine.SeededRandom(seed: UInt64(seq) &* 0x2545_F491 &+ 18), time: proto.now.rawValue, size: size)
            var e = proto
            func feed(_ kind: InputEventKind, device: DeviceID = DeviceID(1)) {
                g.time += 8_000
                e.handle(InputEvent(time: Timestamp(rawValue: g.time), device: device, kind), now: Timestamp(rawValue: g.time))
            }
            let item = g.pick(Fixtures.items)
            guard let f = e.surfaceFrame(of: item) else { Issue.record("no frame for \(item)"); return }
            feed(.motion(position: InputPoint(x: f.midX, y: f.midY), delta: .zero, unaccelerated: .zero))
            feed(.button(.left, pressed: true))
            let steps = 4 + Int(g.rng.next() % 12)
            let handOffAt = Int(g.rng.next() % UInt64(steps))
            var tookIt = false
            for k in 0..<steps {
                // Towards the window's right edge, with random input between.
                let t = Double(k + 1) / Double(steps)
                feed(.motion(position: InputPoint(x: f.midX + (size.width - f.midX) * t, y: f.midY), delta: .zero, unaccelerated: .zero))
                if g.chance(0.4) { let ev = g.next(); e.handle(ev, now: ev.time) }
                if k == handOffAt, e.dragInProgress != nil, let taken = e.handOffDrag() {
                    tookIt = true
                    handedOff += 1
                    if taken.item != item, e.layout[taken.item]?.traits.isDraggable != true {
                        Issue.record("seq \(seq): handed off \(taken.item), not a draggable item")
                    }
                    if e.dragInProgress != nil { Issue.record("seq \(seq): a drag is still in progress after the hand-off") }
                    if taken.touch == nil, e.core.input.buttons[.left] != nil { Issue.record("seq \(seq): the left button is still held after the hand-off") }
                    // The compositor has the pointer now: leave, then input from elsewhere.
                    feed(.pointerLeave)
                }
            }
            if tookIt {
                for _ in 0..<Int(g.rng.next() % 8) { let ev = g.next(); e.handle(ev, now: ev.time) }
                feed(.pointerEnter(position: InputPoint(x: g.rng.uniform(0...size.width), y: g.rng.uniform(0...size.height))))
            }
            let end = g.time + 1000
            for k in g.finish() {
                if case .deviceRemoved = k {
                    for d in g.devices { e.handle(InputEvent(time: Timestamp(rawValue: end), device: d, .deviceRemoved)) }
                    continue
                }
                switch k {
                case .scroll, .gesture: e.handle(InputEvent(time: Timestamp(rawValue: end), device: DeviceID(2), k))
                case .touchUp, .touchCancel: e.handle(InputEvent(time: Timestamp(rawValue: end), device: DeviceID(3), k))
                default: e.handle(InputEvent(time: Timestamp(rawValue: end), device: DeviceID(1), k))
                }
            }
            if e.isActive {
                Issue.record("seq \(seq): still active after the ends: \(e.interactions.filter(\.isActive).map(\.name)) buttons \(e.core.input.buttons.count) touches \(e.core.input.touches.count)")
            }
            e.advance(to: Timestamp(rawValue: end + 8_000_000))
            if !e.isSettled || e.describe().isAnimating {
                Issue.record("seq \(seq): animations did not settle: \(e.interactions.filter(\.isAnimating).map(\.name))")
            }
        }
        // The sequences really hand drags off (the check would be empty otherwise).
        #expect(handedOff >= Self.sequences / 4, "\(handedOff) of \(Self.sequences) sequences handed a drag off")
    }
}
