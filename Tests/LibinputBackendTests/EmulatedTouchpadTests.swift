// Real libinput 1.22 on an emulated multitouch touchpad (umockdev), through LibinputBackend and
// `lodestone events`; assertions are on InputProtocol events (SPEC G1–G7, T1; issue 4).
import Foundation
import InputProtocol
import Testing
import TestSupport

/// Swipe directions in touchpad millimetres (y grows downward, as on the pad).
enum Direction: String, CaseIterable, CustomStringConvertible {
    case left, right, up, down
    var offset: MM {
        switch self {
        case .left: MM(-30, 0)
        case .right: MM(30, 0)
        case .up: MM(0, -25)
        case .down: MM(0, 25)
        }
    }
    var description: String { rawValue }
}

/// Where fingers rest: a row across the middle of the 100 × 70 mm pad, 14 mm apart.
func fingers(_ n: Int, centre: MM = MM(50, 32)) -> [MM] {
    let spacing = 14.0
    return (0..<n).map { MM(centre.x + (Double($0) - Double(n - 1) / 2) * spacing, centre.y) }
}

@Suite("libinput backend on an emulated touchpad (G5, G2, G3, G6, G1, G7)", .serialized,
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct EmulatedTouchpadTests {
    @Test("G5: three- and four-finger swipes report finger count and direction",
          arguments: [3, 4], Direction.allCases)
    func swipe(fingerCount: Int, direction: Direction) throws {
        var pad = TouchpadScript()
        pad.down(fingers(fingerCount))
        pad.translate(by: direction.offset, duration: 0.3)
        pad.up()
        let run = try Harness.touchpad(pad)
        #expect(run.count(.swipe, .begin) == 1)
        #expect(run.count(.swipe, .end) == 1)
        #expect(run.gestures(.swipe).allSatisfy { $0.fingers == fingerCount })
        #expect(run.gestures(.swipe).last?.cancelled == false)
        #expect(run.count(.pinch, .begin) == 0)
        let travel = run.travel(.swipe)
        let (along, across) = switch direction {
        case .left: (-travel.dx, travel.dy)
        case .right: (travel.dx, travel.dy)
        case .up: (-travel.dy, travel.dx)
        case .down: (travel.dy, travel.dx)
        }
        #expect(along > 20, "swipe \(direction) travelled \(travel)")
        #expect(abs(across) < along / 4, "swipe \(direction) drifted: \(travel)")
    }

    @Test("G2: pinch out raises the absolute scale above 1.5, pinch in drops it below 0.7",
          arguments: [(2.2, true), (0.35, false)])
    func pinch(target: Double, outward: Bool) throws {
        var pad = TouchpadScript()
        pad.down(outward ? [MM(42, 35), MM(58, 35)] : [MM(30, 35), MM(70, 35)])
        pad.pinch(to: target, duration: 0.5)
        pad.up()
        let run = try Harness.touchpad(pad)
        #expect(run.count(.pinch, .begin) == 1)
        #expect(run.count(.pinch, .end) == 1)
        let final = try #require(run.gestures(.pinch).last(where: { $0.phase == .update })?.scale)
        if outward { #expect(final > 1.5) } else { #expect(final < 0.7) }
        #expect(run.gestures(.pinch).first?.scale == 1, "scale is absolute: 1 at begin")
        #expect(run.gestures(.pinch).last?.cancelled == false)
    }

    @Test("G3: a scripted 90° clockwise rotation accumulates to 90° ± 10°")
    func rotate() throws {
        var pad = TouchpadScript()
        pad.down([MM(35, 35), MM(65, 35)])
        pad.pinch(to: 1, rotate: 90, duration: 0.8)
        pad.up()
        let run = try Harness.touchpad(pad)
        #expect(run.count(.pinch, .begin) == 1)
        let total = run.gestures(.pinch).map(\.rotation).reduce(0, +)
        #expect(abs(total - 90) < 10, "accumulated rotation \(total)°")
    }

    @Test("G6: fingers resting give hold begin and end (not cancelled)", arguments: [2, 3, 4])
    func hold(fingerCount: Int) throws {
        var pad = TouchpadScript()
        pad.down(fingers(fingerCount))
        pad.rest(0.5)
        pad.up()
        let run = try Harness.touchpad(pad)
        #expect(run.count(.hold, .begin) == 1)
        #expect(run.count(.hold, .end) == 1)
        #expect(run.gestures(.hold).allSatisfy { $0.fingers == fingerCount })
        #expect(run.gestures(.hold).last?.cancelled == false)
        #expect(run.gestures.count == 2, "nothing but the hold: \(run.gestures); libinput said: \(run.stderr)")
    }

    @Test("G7: a hold that turns into a pinch ends cancelled before the pinch begins")
    func holdThenPinch() throws {
        var pad = TouchpadScript()
        pad.down([MM(42, 35), MM(58, 35)])
        // Resting fingers become a hold at once; a longer rest makes libinput read the motion
        // that follows as a two-finger scroll, not a pinch.
        pad.rest(0.1)
        pad.pinch(to: 2, duration: 0.4)
        pad.up()
        let run = try Harness.touchpad(pad)
        let sequence = run.gestures.filter { $0.phase != .update }.map { "\($0.kind) \($0.phase)\($0.cancelled ? " cancelled" : "")" }
        #expect(sequence == ["hold begin", "hold end cancelled", "pinch begin", "pinch end"])
        #expect(run.count(.swipe, .begin) == 0)
        #expect(run.scrolls.isEmpty && run.buttons.isEmpty, "a cancelled hold causes nothing else")
    }

    @Test("G1: two-finger scroll is finger-sourced, continuous, and ends with a stop")
    func twoFingerScroll() throws {
        var pad = TouchpadScript()
        pad.down([MM(43, 20), MM(57, 20)])
        pad.translate(by: MM(0, 30), duration: 0.4)
        pad.up()
        let run = try Harness.touchpad(pad)
        let vertical = run.scrolls.filter { $0.axis == .vertical }
        #expect(vertical.count > 5)
        #expect(run.scrolls.allSatisfy { $0.source == .finger && $0.value120 == nil })
        #expect(vertical.map(\.value).reduce(0, +) > 30, "fingers moved down: content scrolls down")
        let last = try #require(vertical.last)
        #expect(last.stop && last.value == 0, "the last vertical scroll is the zero-valued stop")
        #expect(vertical.dropLast().allSatisfy { !$0.stop })
        #expect(run.count(.pinch, .begin) == 0 && run.count(.swipe, .begin) == 0)
    }

    @Test("G7: a finger added mid-swipe cancels the swipe")
    func fingerAddedMidSwipe() throws {
        var pad = TouchpadScript()
        pad.down(fingers(3))
        pad.translate(by: MM(20, 0), duration: 0.25)
        pad.down([MM(50, 50)])
        pad.translate(by: MM(10, 0), duration: 0.15)
        pad.up()
        let run = try Harness.touchpad(pad)
        let swipes = run.gestures(.swipe)
        let firstEnd = try #require(swipes.first(where: { $0.phase == .end }))
        #expect(swipes.first?.fingers == 3)
        #expect(firstEnd.fingers == 3 && firstEnd.cancelled, "the three-finger swipe ended cancelled")
    }

    @Test("G7: a device removed mid-pinch ends the pinch as cancelled, then reports the removal")
    func removedMidPinch() throws {
        var pad = TouchpadScript()
        pad.down([MM(42, 35), MM(58, 35)])
        pad.pinch(to: 1.8, duration: 0.4)
        let device = EmulatedDevice(.touchpad(), eventNumber: 7)
        var script = EmulatedScript()
        script.append(pad.frames, to: device.node)
        script.steps.append((device.node, .unplug(time: pad.time + 0.05)))
        let run = try Harness.run([device], script, backend: .udev)
        #expect(run.count(.pinch, .begin) == 1)
        let end = try #require(run.gestures(.pinch).last)
        #expect(end.phase == .end && end.cancelled)
        let kinds = run.events.map(\.kind)
        let endIndex = try #require(kinds.lastIndex(where: { if case .gesture(let g) = $0 { g.phase == .end } else { false } }))
        let removedIndex = try #require(kinds.firstIndex(of: .deviceRemoved))
        #expect(endIndex < removedIndex)
    }
}
