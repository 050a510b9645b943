// SPEC G1–G9: how the raw input stream becomes scroll, zoom, swipe and page intents.
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Gesture interpreter (G1–G9)")
struct GestureInterpreterTests {
    typealias G = GestureEvent

    /// Feeds events (time in ms) and returns every intent.
    static func run(_ gi: inout GestureInterpreter, _ events: [(Double, InputEventKind)], device: UInt32 = 1) -> [GestureIntent] {
        events.flatMap { gi.handle(.at($0.0, $0.1, device: device), now: ms($0.0)) }
    }

    static func touchpad() -> GestureInterpreter {
        var gi = GestureInterpreter()
        _ = gi.handle(.at(0, .deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture])), now: ms(0))
        _ = gi.handle(.at(0, .deviceAdded(name: "mouse", capabilities: [.pointer]), device: 2), now: ms(0))
        _ = gi.handle(.at(0, .pointerEnter(position: InputPoint(x: 200, y: 150))), now: ms(0))
        return gi
    }

    static func swipe(_ fingers: Int, _ dx: Double, _ dy: Double, steps: Int = 6, cancelled: Bool = false) -> [(Double, InputEventKind)] {
        var e: [(Double, InputEventKind)] = [(10, .gesture(G(kind: .swipe, phase: .begin, fingers: fingers)))]
        for i in 1...steps {
            e.append((10 + Double(i) * 10, .gesture(G(kind: .swipe, phase: .update, fingers: fingers,
                                                      delta: InputVector(dx: dx / Double(steps), dy: dy / Double(steps))))))
        }
        e.append((100, .gesture(G(kind: .swipe, phase: .end, fingers: fingers, cancelled: cancelled))))
        return e
    }

    @Test("G1: a value's sign moves content the same way whatever the source: nothing inverts it (issue 16.2)",
          arguments: [ScrollSource.finger, .continuous, .wheel])
    func sameSignSameDirection(source: ScrollSource) {
        var gi = Self.touchpad()
        let value120: Int32? = source == .wheel ? 120 : nil
        let out = Self.run(&gi, [(10, .scroll(source: source, axis: .vertical, value: 12, value120: value120, stop: false))],
                           device: source == .wheel ? 2 : 1)
        // A detent down grows the offset by one detent; a finger or continuous "down" by its value.
        #expect(out == [.scroll(Vector(0, source == .wheel ? GestureInterpreter.wheelDetent : 12), source)])
    }

    @Test("G1: wheel detents use value120: one detent = 48 pt, a hi-res quarter = 12 pt", arguments: [
        (Int32(120), 48.0), (Int32(-240), -96.0), (Int32(30), 12.0),
    ])
    func wheelDetents(_ c: (value120: Int32, points: Double)) {
        var gi = Self.touchpad()
        let out = Self.run(&gi, [(10, .scroll(source: .wheel, axis: .vertical, value: 15, value120: c.value120, stop: false))], device: 2)
        #expect(out == [.scroll(Vector(0, c.points), .wheel)])
        #expect(Self.run(&gi, [(20, .scroll(source: .wheel, axis: .horizontal, value: 15, value120: c.value120, stop: false))], device: 2)
                == [.scroll(Vector(c.points, 0), .wheel)])
    }

    @Test("G1: the explicit stop on both axes ends the finger scroll once")
    func explicitStop() {
        var gi = Self.touchpad()
        let out = Self.run(&gi, [
            (10, .scroll(source: .finger, axis: .vertical, value: 4, value120: nil, stop: false)),
            (10, .scroll(source: .finger, axis: .horizontal, value: 1, value120: nil, stop: false)),
            (20, .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true)),
            (20, .scroll(source: .finger, axis: .horizontal, value: 0, value120: nil, stop: true)),
        ])
        #expect(out.filter { $0 == .scrollEnded }.count == 1)
        #expect(out.last == .scrollEnded)
    }

    @Test("G6: a hold and a new touch stop momentum")
    func holdAndTouchStopMomentum() {
        var gi = Self.touchpad()
        #expect(Self.run(&gi, [(10, .gesture(G(kind: .hold, phase: .begin, fingers: 2)))]) == [.stopMomentum])
        #expect(Self.run(&gi, [(20, .touchDown(id: 0, position: InputPoint(x: 1, y: 1)))]) == [.stopMomentum])
    }

    @Test("G2/G3: pinch after a cancelled hold: the hold's cancel does nothing visible; scale is absolute, rotation accumulates")
    func pinchAfterCancelledHold() {
        var gi = Self.touchpad()
        let hold = Self.run(&gi, [(10, .gesture(G(kind: .hold, phase: .begin, fingers: 2))),
                                  (30, .gesture(G(kind: .hold, phase: .end, fingers: 2, cancelled: true)))])
        #expect(hold == [.stopMomentum])
        let out = Self.run(&gi, [
            (31, .gesture(G(kind: .pinch, phase: .begin, fingers: 2))),
            (40, .gesture(G(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 2, dy: 0), scale: 1.2, rotation: 5))),
            (50, .gesture(G(kind: .pinch, phase: .update, fingers: 2, delta: InputVector(dx: 1, dy: 1), scale: 1.5, rotation: 7.5))),
            (60, .gesture(G(kind: .pinch, phase: .end, fingers: 2))),
        ])
        #expect(out == [
            .pointerHidden(true), .stopMomentum, .zoomBegan(focus: Point(200, 150)),
            .zoomChanged(scale: 1.2, rotation: 5, pan: Vector(2, 0)),
            .zoomChanged(scale: 1.5, rotation: 12.5, pan: Vector(3, 1)),
            .zoomEnded,
        ])
        #expect(gi.state == .idle)
    }

    @Test("G7: a cancelled pinch or a removed touchpad reverts the zoom")
    func pinchCancel() {
        var gi = Self.touchpad()
        let begin: [(Double, InputEventKind)] = [(10, .gesture(G(kind: .pinch, phase: .begin, fingers: 2))),
                                                 (20, .gesture(G(kind: .pinch, phase: .update, fingers: 2, scale: 2)))]
        _ = Self.run(&gi, begin)
        #expect(Self.run(&gi, [(30, .gesture(G(kind: .pinch, phase: .end, fingers: 2, cancelled: true)))]) == [.zoomCancelled])
        _ = Self.run(&gi, begin)
        #expect(Self.run(&gi, [(30, .deviceRemoved)]) == [.zoomCancelled])
        #expect(gi.state == .idle)
        // Removing another device leaves a running gesture alone.
        _ = Self.run(&gi, begin)
        #expect(Self.run(&gi, [(30, .deviceRemoved)], device: 2) == [])
        #expect(gi.isGestureActive)
    }

    @Test("G7/G1: a touchpad removed mid-scroll ends the scroll without momentum")
    func scrollCutByRemoval() {
        var gi = Self.touchpad()
        _ = Self.run(&gi, [(10, .scroll(source: .finger, axis: .vertical, value: 12, value120: nil, stop: false))])
        #expect(Self.run(&gi, [(20, .deviceRemoved)]) == [.scrollEnded, .stopMomentum])
        // Once only: the scroll is over.
        #expect(Self.run(&gi, [(30, .scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true))]).isEmpty)
    }

    @Test("G8: the pointer hides during a gesture and reappears on the next motion")
    func pointerHidesDuringGestures() {
        var gi = Self.touchpad()
        let out = Self.run(&gi, Self.swipe(3, 0, 100) + [(200, .motion(position: nil, delta: InputVector(dx: 1, dy: 0), unaccelerated: .zero))])
        #expect(out.first == .pointerHidden(true))
        #expect(out.last == .pointerHidden(false))
        #expect(out.filter { $0 == .pointerHidden(true) }.count == 1)
        #expect(gi.pointer == Point(201, 150))
    }

    @Test("G5: reserved gestures (4fg any direction, 3fg vertical) are reported, never acted on",
          arguments: [(4, SwipeDirection.left), (4, .up), (4, .right), (4, .down), (3, .up), (3, .down)])
    func reservedSwipes(_ c: (fingers: Int, direction: SwipeDirection)) {
        var gi = Self.touchpad()
        let (dx, dy): (Double, Double) = switch c.direction {
        case .left: (-120, 0)
        case .right: (120, 0)
        case .up: (0, -120)
        case .down: (0, 120)
        }
        let out = Self.run(&gi, Self.swipe(c.fingers, dx, dy))
        let acted = out.filter {
            switch $0 {
            case .swipe, .pageSwipe, .scroll, .zoomBegan, .zoomChanged, .smartZoom: true
            default: false
            }
        }
        #expect(acted.isEmpty)
        guard case .reserved(let last)? = out.last else { Issue.record("no report"); return }
        #expect(last == SwipeReport(fingers: c.fingers, direction: c.direction, progress: 0.5, phase: .ended))
    }

    @Test("G5: the reserved set is configurable: with none reserved, a 4fg swipe down reaches the app")
    func reservedConfigurable() {
        var gi = Self.touchpad()
        gi.settings.reserved = []
        let out = Self.run(&gi, Self.swipe(4, 0, 240))
        #expect(out.contains(.swipe(SwipeReport(fingers: 4, direction: .down, progress: 1, phase: .ended))))
        #expect(!out.contains { if case .reserved = $0 { true } else { false } })
    }

    @Test("G5: a 3fg horizontal swipe is a page swipe: began after the 12 pt lock, deltas, ended")
    func pageSwipe() {
        var gi = Self.touchpad()
        let out = Self.run(&gi, Self.swipe(3, -60, 0))
        let pages = out.compactMap { if case .pageSwipe(let p) = $0 { p } else { nil } }
        #expect(pages.first == .began)
        #expect(pages.last == .ended)
        let moved = pages.reduce(0.0) { if case .changed(let dx) = $1 { $0 + dx } else { $0 } }
        #expect(near(moved, -60))
        #expect(out.contains(.swipe(SwipeReport(fingers: 3, direction: .left, progress: 0.25, phase: .ended))))
    }

    @Test("G7: a cancelled page swipe reports cancelled (the transition reverts)")
    func pageSwipeCancelled() {
        var gi = Self.touchpad()
        let out = Self.run(&gi, Self.swipe(3, 80, 0, cancelled: true))
        #expect(out.contains(.pageSwipe(.cancelled)))
        #expect(!out.contains(.pageSwipe(.ended)))
    }

    @Test("G5: before the direction lock a swipe has no direction and progress 0")
    func directionLock() {
        var gi = Self.touchpad()
        _ = Self.run(&gi, [(10, .gesture(G(kind: .swipe, phase: .begin, fingers: 3)))])
        let out = Self.run(&gi, [(20, .gesture(G(kind: .swipe, phase: .update, fingers: 3, delta: InputVector(dx: 0, dy: 11))))])
        #expect(out == [.swipe(SwipeReport(fingers: 3, direction: nil, progress: 0, phase: .changed))])
    }

    @Test("G4/G9: two touchpad right clicks within 350 ms are a smart zoom, not two menus")
    func smartZoomFromTapClicks() {
        var gi = Self.touchpad()
        let out = Self.run(&gi, [(100, .button(.right, pressed: true)), (150, .button(.right, pressed: false)),
                                 (300, .button(.right, pressed: true)), (350, .button(.right, pressed: false))])
        #expect(out == [.smartZoom(at: Point(200, 150))])
        #expect(gi.advance(to: ms(2_000)) == [])
    }

    @Test("G9: one touchpad right click opens the menu once no second tap can come; a mouse's at once")
    func secondaryClick() {
        var gi = Self.touchpad()
        #expect(Self.run(&gi, [(100, .button(.right, pressed: true))]) == [])
        let deadline = ms(100 + GestureInterpreter.doubleTapInterval * 1000)
        #expect(gi.pendingTapDeadline == deadline)
        #expect(gi.advance(to: ms(99 + GestureInterpreter.doubleTapInterval * 1000)) == [])
        #expect(gi.advance(to: deadline) == [.secondaryClick(at: Point(200, 150))])
        #expect(gi.pendingTapDeadline == nil)
        #expect(Self.run(&gi, [(1_000, .button(.right, pressed: true))], device: 2) == [.secondaryClick(at: Point(200, 150))])
    }

    @Test("G4/G9 (issue 16.3): a gesture-capable seat pointer a wheel moved last is a mouse: its right click is not held back")
    func wheelMouseRightClickAtOnce() {
        var gi = Self.touchpad()
        let detent: InputEventKind = .scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false)
        let finger: InputEventKind = .scroll(source: .finger, axis: .vertical, value: 3, value120: nil, stop: false)
        _ = Self.run(&gi, [(100, detent)])
        #expect(Self.run(&gi, [(200, .button(.right, pressed: true)), (250, .button(.right, pressed: false))])
                == [.secondaryClick(at: Point(200, 150))])
        #expect(gi.pendingTapDeadline == nil)
        // Two fingers on the touchpad again: its taps may be a double tap again.
        _ = Self.run(&gi, [(1_000, finger)])
        #expect(Self.run(&gi, [(1_100, .button(.right, pressed: true))]) == [])
        #expect(gi.pendingTapDeadline != nil)
    }

    @Test("G4: two short two-finger rests (holds) are a double tap; long or cancelled ones are not")
    func smartZoomFromHolds() {
        var gi = Self.touchpad()
        let tap: (Double) -> [(Double, InputEventKind)] = { t in
            [(t, .gesture(G(kind: .hold, phase: .begin, fingers: 2))), (t + 100, .gesture(G(kind: .hold, phase: .end, fingers: 2)))]
        }
        #expect(Self.run(&gi, tap(0) + tap(250)) == [.stopMomentum, .stopMomentum, .smartZoom(at: Point(200, 150))])
        // Cancelled holds (the start of a scroll) never count.
        let cancelled: [(Double, InputEventKind)] = [(1_000, .gesture(G(kind: .hold, phase: .begin, fingers: 2))),
                                                     (1_050, .gesture(G(kind: .hold, phase: .end, fingers: 2, cancelled: true)))]
        #expect(!Self.run(&gi, cancelled + cancelled.map { ($0.0 + 100, $0.1) }).contains(.smartZoom(at: Point(200, 150))))
        // A long rest is not a tap.
        let long: [(Double, InputEventKind)] = [(3_000, .gesture(G(kind: .hold, phase: .begin, fingers: 2))),
                                                (3_500, .gesture(G(kind: .hold, phase: .end, fingers: 2)))]
        #expect(!Self.run(&gi, long + tap(3_600)).contains(.smartZoom(at: Point(200, 150))))
    }

    @Test("G7: an update with no gesture running is ignored and logged")
    func anomaly() {
        var gi = Self.touchpad()
        #expect(Self.run(&gi, [(10, .gesture(G(kind: .pinch, phase: .update, fingers: 2, scale: 3)))]) == [])
        #expect(gi.lastAnomaly != nil)
        #expect(gi.state == .idle)
    }
}
