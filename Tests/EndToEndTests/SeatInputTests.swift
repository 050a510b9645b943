// Real seat input end-to-end (issue 3 "Done when", SPEC T1, G1–G5, G10, G11, I2): headless
// sway with injected devices delivers each kind of input to a Lodestone window, and
// WaylandClient's seat backend turns it into the expected InputProtocol events.
import InputProtocol
import Testing
import TestSupport
import WaylandClient

/// Position tolerance: wl_fixed has 1/256 pt resolution, absolute motion goes through 0…1.
private let epsilon = 0.02

private func near(_ a: InputPoint?, _ x: Double, _ y: Double) -> Bool {
    guard let a else { return false }
    return abs(a.x - x) < epsilon && abs(a.y - y) < epsilon
}

private extension Array where Element == InputEvent {
    var kinds: [InputEventKind] { map(\.kind) }
    /// The events without frames (grouping only).
    var semantic: [InputEventKind] { kinds.filter { $0 != .frame && $0 != .touchFrame } }
    var motions: [(InputPoint?, InputVector, InputVector)] {
        compactMap { if case let .motion(p, d, u) = $0.kind { return (p, d, u) }; return nil }
    }
    var gestures: [GestureEvent] { compactMap { if case let .gesture(g) = $0.kind { return g }; return nil } }
    var modifierStates: [ModifierState] { compactMap { if case let .modifiers(m) = $0.kind { return m }; return nil } }
}

private func isButton(_ b: PointerButton, _ pressed: Bool) -> (InputEventKind) -> Bool {
    { $0 == .button(b, pressed: pressed) }
}

@Suite("Seat input under headless sway (issue 3, SPEC T1)", .serialized)
struct SeatInputTests {
    @Test("pointer positions arrive in surface coordinates (T1)", arguments: [1.0, 2.0])
    func positions(scale: Double) throws {
        let s = try SeatSession(scale: scale)
        try s.move(toSurface: 100.5, 60.25)
        // The pointer arrives over the window: an enter at that position, or a motion when
        // it was already inside.
        var events = try s.take(until: "the pointer at (100.5, 60.25)") {
            switch $0 {
            case let .pointerEnter(p): near(p, 100.5, 60.25)
            case let .motion(p, _, _): near(p, 100.5, 60.25)
            default: false
            }
        }
        #expect(!events.isEmpty)

        try s.seat.move(by: 7, -3)
        events = try s.take(until: "relative motion") { if case .motion = $0 { return true }; return false }
        let m = try #require(events.motions.last)
        #expect(near(m.0, 107.5, 57.25))
        #expect(m.1 == InputVector(dx: 7, dy: -3))
        #expect(m.2 == InputVector(dx: 7, dy: -3))
    }

    @Test("button presses and releases, each closed by a frame (T1, G9)")
    func buttons() throws {
        let s = try SeatSession()
        try s.move(toSurface: 50, 50)
        try s.reset()
        try s.seat.click(.left)
        try s.seat.click(.right)
        let events = try s.take(until: "right release", isButton(.right, false))
        #expect(events.kinds == [.button(.left, pressed: true), .frame, .button(.left, pressed: false), .frame,
                                 .button(.right, pressed: true), .frame, .button(.right, pressed: false), .frame])
        #expect(events.map(\.device).allSatisfy { $0 == SeatDevice.pointer })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.time <= $1.time })
    }

    @Test("a finger scroll is continuous and ends with an explicit stop (G1)")
    func fingerScroll() throws {
        let s = try SeatSession()
        try s.move(toSurface: 50, 50)
        try s.reset()
        try s.seat.scroll(dy: 4)
        try s.seat.scroll(dx: -2, dy: 6)
        try s.seat.scrollStop(vertical: true, horizontal: true)
        let events = try s.take(until: "horizontal stop") { $0 == .scroll(source: .finger, axis: .horizontal, value: 0, value120: nil, stop: true) }
        #expect(events.semantic == [
            .scroll(source: .finger, axis: .vertical, value: 4, value120: nil, stop: false),
            .scroll(source: .finger, axis: .vertical, value: 6, value120: nil, stop: false),
            .scroll(source: .finger, axis: .horizontal, value: -2, value120: nil, stop: false),
            .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true),
            .scroll(source: .finger, axis: .horizontal, value: 0, value120: nil, stop: true),
        ])
    }

    @Test("a wheel scrolls in detents with 120-unit values (G1)")
    func wheel() throws {
        let s = try SeatSession()
        try s.move(toSurface: 50, 50)
        try s.reset()
        try s.seat.wheel(detents: 2)
        try s.seat.wheel(detents: -1, horizontal: true)
        let events = try s.take(until: "horizontal wheel") { if case .scroll(_, .horizontal, _, _, _) = $0 { return true }; return false }
        #expect(events.semantic == [
            .scroll(source: .wheel, axis: .vertical, value: 30, value120: 240, stop: false),
            .scroll(source: .wheel, axis: .horizontal, value: -15, value120: -120, stop: false),
        ])
    }

    @Test("swipes report finger count and deltas (G5)", arguments: [3, 4])
    func swipe(fingers: Int) throws {
        let s = try SeatSession()
        try s.move(toSurface: 50, 50)
        try s.reset()
        try s.seat.swipe(fingers: fingers, deltas: [(12, 0), (20, -1.5)])
        try s.seat.swipe(fingers: fingers, deltas: [(0, 8)], cancelled: true)
        let events = try s.take(until: "cancelled swipe end") { if case let .gesture(g) = $0 { return g.phase == .end && g.cancelled }; return false }
        #expect(events.gestures == [
            GestureEvent(kind: .swipe, phase: .begin, fingers: fingers),
            GestureEvent(kind: .swipe, phase: .update, fingers: fingers, delta: InputVector(dx: 12, dy: 0)),
            GestureEvent(kind: .swipe, phase: .update, fingers: fingers, delta: InputVector(dx: 20, dy: -1.5)),
            GestureEvent(kind: .swipe, phase: .end, fingers: fingers),
            GestureEvent(kind: .swipe, phase: .begin, fingers: fingers),
            GestureEvent(kind: .swipe, phase: .update, fingers: fingers, delta: InputVector(dx: 0, dy: 8)),
            GestureEvent(kind: .swipe, phase: .end, fingers: fingers, cancelled: true),
        ])
    }

    @Test("a pinch reports absolute scale and rotation deltas (G2, G3)")
    func pinch() throws {
        let s = try SeatSession()
        try s.move(toSurface: 50, 50)
        try s.reset()
        try s.seat.pinch(fingers: 2, steps: [(1.25, 5), (1.5, 7.5), (0.75, -20)], delta: (1, -1))
        let events = try s.take(until: "pinch end") { if case let .gesture(g) = $0 { return g.phase == .end }; return false }
        #expect(events.gestures == [
            GestureEvent(kind: .pinch, phase: .begin, fingers: 2),
            GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 1, dy: -1), scale: 1.25, rotation: 5),
            GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 1, dy: -1), scale: 1.5, rotation: 7.5),
            GestureEvent(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 1, dy: -1), scale: 0.75, rotation: -20),
            GestureEvent(kind: .pinch, phase: .end, fingers: 2),
        ])
    }

    @Test("touch points keep their ids and order, in surface coordinates (G11)", arguments: [1.0, 2.0])
    func touch(scale: Double) throws {
        let s = try SeatSession(scale: scale)
        try s.reset()
        let a = s.layout(40, 30), b = s.layout(120, 90), b2 = s.layout(130, 100)
        try s.seat.touchDown(.init(id: 3, x: a.0, y: a.1), .init(id: 7, x: b.0, y: b.1))
        try s.seat.touchMove(.init(id: 7, x: b2.0, y: b2.1))
        try s.seat.touchUp(3)
        try s.seat.touchUp(7)
        let events = try s.take(until: "touch 7 up") { $0 == .touchUp(id: 7) }
        let touch = events.filter { $0.device == SeatDevice.touch }.kinds
        #expect(touch.count == 9, "\(touch)")
        guard touch.count == 9 else { return }
        guard case let .touchDown(3, p3) = touch[0], case let .touchDown(7, p7) = touch[1],
              case let .touchMotion(7, p7b) = touch[3] else {
            Issue.record("unexpected touch sequence \(touch)"); return
        }
        #expect(near(p3, 40, 30) && near(p7, 120, 90) && near(p7b, 130, 100))
        #expect(touch[2] == .touchFrame && touch[4] == .touchFrame)
        let ups: [InputEventKind] = [.touchUp(id: 3), .touchFrame, .touchUp(id: 7), .touchFrame]
        #expect(Array(touch[5...]) == ups)
    }

    @Test("modifiers stay correct while a drag is in progress (G10, I2)", arguments: [
        [SeatInjector.Key.leftAlt], [SeatInjector.Key.leftAlt, .leftSuper],
    ])
    func modifiersDuringDrag(keys: [SeatInjector.Key]) throws {
        let expected: Modifiers = keys.contains(.leftSuper) ? [.alt, .super] : [.alt]
        let s = try SeatSession()
        try s.move(toSurface: 60, 60)
        try s.reset()
        try s.seat.drag(.left) {
            try s.seat.move(by: 5, 0)
            try s.seat.hold(keys) {
                try s.seat.move(by: 10, 5)
                try s.seat.move(by: 10, 5)
            }
            try s.seat.move(by: 5, 0)
        }
        let events = try s.take(until: "release") { $0 == .button(.left, pressed: false) }
        // Replay the stream: the modifier state in effect at each motion while keys were held.
        var current = ModifierState.none
        var held: [Modifiers] = []
        for e in events {
            switch e.kind {
            case .modifiers(let m): current = m
            case .motion: held.append(current.effective)
            default: break
            }
        }
        #expect(held == [[], expected, expected, []])
        #expect(events.modifierStates.map(\.depressed).contains(expected))
        #expect(events.kinds.filter { if case .button = $0 { return true }; return false }.count == 2)
    }

    @Test("Caps Lock locks and unlocks (G10)")
    func capsLock() throws {
        let s = try SeatSession()
        try s.reset()
        try s.seat.type(.capsLock)
        var events = try s.take(until: "caps locked and released") {
            if case let .modifiers(m) = $0 { return m.locked == [.capsLock] && m.depressed.isEmpty }; return false
        }
        #expect(events.modifierStates.last?.locked == [.capsLock])
        #expect(events.modifierStates.last?.effective == [.capsLock])
        try s.reset()
        try s.seat.type(.capsLock)
        events = try s.take(until: "caps unlocked") { if case let .modifiers(m) = $0 { return m.locked.isEmpty }; return false }
        #expect(events.modifierStates.last == ModifierState.none)
    }

    @Test("text keys leave the seat private, modifier keys keep their identity (T3)")
    func keyPrivacy() throws {
        let s = try SeatSession()
        try s.reset()
        try s.seat.type(.a)
        try s.seat.type(.leftShift)
        let events = try s.take(until: "shift release") { $0 == .key(KeyCode(rawValue: 42), pressed: false) }
        let keys = events.kinds.filter { if case .key = $0 { return true }; return false }
        #expect(keys == [.key(.placeholder, pressed: true), .key(.placeholder, pressed: false),
                         .key(KeyCode(rawValue: 42), pressed: true), .key(KeyCode(rawValue: 42), pressed: false)])
    }

    @Test("devices added and removed at runtime change the seat's capabilities (T1)")
    func capabilitiesAtRuntime() throws {
        let s = try SeatSession(devices: [.pointer, .keyboard])
        #expect(s.client.seat?.capabilities == [.pointer, .keyboard])
        try s.reset()
        try s.seat.add(.touch)
        var events = try s.take(until: "touch added") { if case .deviceAdded(_, .touch) = $0 { return true }; return false }
        #expect(events.last?.device == SeatDevice.touch)
        #expect(s.client.seat?.capabilities == [.pointer, .keyboard, .touch])
        try s.seat.remove(.pointer)
        events = try s.take(until: "pointer removed") { $0 == .deviceRemoved }
        #expect(events.last?.device == SeatDevice.pointer)
        #expect(s.client.seat?.capabilities == [.keyboard, .touch])
    }

    @Test("a device removed mid-use leaves nothing half-applied (G7)")
    func removalMidUse() throws {
        let s = try SeatSession()
        try s.move(toSurface: 80, 80)
        try s.reset()
        // Keyboard with Alt held and Caps Lock on: released, no modifier left in effect.
        try s.seat.type(.capsLock)
        try s.seat.press(key: .leftAlt)
        try s.seat.remove(.keyboard)
        var events = try s.take(until: "keyboard removed") { $0 == .deviceRemoved }
        let keyboard = events.filter { $0.device == SeatDevice.keyboard }.kinds
        #expect(keyboard.contains(.key(KeyCode(rawValue: 56), pressed: false)), "\(keyboard)")
        #expect(events.modifierStates.last == ModifierState.none)
        #expect(keyboard.last == .deviceRemoved)

        // Touch with a point down: cancelled.
        let p = s.layout(100, 100)
        try s.seat.touchDown(.init(id: 1, x: p.0, y: p.1))
        try s.seat.remove(.touch)
        events = try s.take(until: "touch removed") { $0 == .deviceRemoved }
        let touch = events.filter { $0.device == SeatDevice.touch }.kinds
        #expect(touch.contains(.touchCancel), "\(touch)")
        #expect(touch.last == .deviceRemoved)

        // Pointer mid-drag and mid-swipe: the swipe ends cancelled; the button is not released
        // (that would complete the drag): the removal itself cancels it in the engine.
        try s.seat.press(.left)
        try s.seat.send("swipe-begin 3")
        try s.seat.send("swipe-update 3 5 0")
        try s.seat.remove(.pointer)
        events = try s.take(until: "pointer removed") { $0 == .deviceRemoved }
        #expect(events.gestures.last == GestureEvent(kind: .swipe, phase: .end, fingers: 3, cancelled: true), "\(events.kinds)")
        #expect(events.kinds.filter { if case .button = $0 { return true }; return false } == [.button(.left, pressed: true)])
        #expect(events.last?.kind == .deviceRemoved)
    }
}
