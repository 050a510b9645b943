// A touchpad unplugged in the middle of a pinch, a swipe or a scroll (issue 8, SPEC G7): real
// libinput 1.22 on umockdev sees the udev "remove", LibinputBackend marks its end and InputPipeline ends the gesture as
// cancelled, and the ENGINE (fed live by `lodestone record --report-states`) must revert every
// provisional change — zoom and rotation back where they were, the page transition back on its
// page, no momentum launched by a device that vanished — with no gesture, drag or capture left
// active. The keyboard stays plugged in: its Shift taps sample the engine after the removal.
import Foundation
import InputProtocol
import LayoutKit
import Playground
import PointerEngine
import Testing
import TestSupport

enum Cut: String, CaseIterable, CustomStringConvertible {
    case pinch, swipe, scroll
    var description: String { rawValue }
}

@Suite("Touchpad removed mid-gesture: the engine reverts (G7, G2, G3, G5, G1)", .serialized,
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct DeviceRemovalTests {
    /// Seconds after the unplug at which Shift is tapped (engine states after the removal); the
    /// last is long after every spring and momentum would have settled.
    static let samples = [0.05, 0.3, 0.8, 2.0]

    func run(_ cut: Cut) throws -> (StateRun, removed: Int) {
        var pad = TouchpadScript()
        switch cut {
        case .pinch:
            RoundTripScenario.pointerToCorner(&pad)
            RoundTripScenario.pointerCornerToCanvas(&pad)
            pad.down([MM(42, 35), MM(58, 35)])
            pad.pinch(to: 1.8, rotate: 30, duration: 0.4)
        case .swipe:
            // The pointer starts at the surface's centre, on the paged view: three fingers left
            // drag the next page in.
            pad.down(fingers(3, centre: MM(60, 35)))
            pad.translate(by: MM(-25, 0), duration: 0.3)
        case .scroll:
            RoundTripScenario.pointerToCorner(&pad)
            pad.down([MM(43, 55), MM(57, 55)])
            pad.translate(by: MM(0, -35), duration: 0.25)
        }
        // Fingers still on the pad (and moving a moment ago) when it goes away.
        let unplug = pad.time + 0.005
        var kbd = KeyboardScript()
        for t in Self.samples { kbd.key(Key.leftShift, pressed: true, after: unplug + t - kbd.time); kbd.key(Key.leftShift, pressed: false, after: 0.01) }
        var script = EmulatedScript()
        script.append(pad.frames, to: RoundTripScenario.touchpad.node)
        script.steps.append((RoundTripScenario.touchpad.node, .unplug(time: unplug)))
        script.append(kbd.frames, to: RoundTripScenario.keyboard.node)
        // udev backend: the removal arrives as a udev "remove" (the path backend has no hotplug).
        let run = try StateRun([RoundTripScenario.touchpad, RoundTripScenario.keyboard], script, backend: .udev)
        if let d = run.firstDifference { Issue.record("\(d)") }
        #expect(run.live == run.replayed, "the removal replays to the same states (T2)")
        let removed = try #require(run.events.firstIndex { $0.kind == .deviceRemoved })
        return (run, removed)
    }

    @Test("G7: after the removal no gesture, capture or drag is left, and the stream ended the gesture cancelled",
          arguments: Cut.allCases)
    func nothingLeftActive(_ cut: Cut) throws {
        let (run, removed) = try run(cut)
        let after = run.states[removed...]
        #expect(after.allSatisfy { $0.gesture == .idle && !$0.isActive && $0.drag == nil }, "\(after.first?.description ?? "")")
        #expect(after.count >= 2 * Self.samples.count, "the keyboard kept reporting after the touchpad went")
        if cut != .scroll {
            let ends = run.events[..<removed].compactMap { if case .gesture(let g) = $0.kind, g.phase == .end { g } else { nil } }
            #expect(ends.last?.cancelled == true, "the \(cut) ended cancelled before the removal")
        }
    }

    @Test("G7/G2/G3: a pinch cut by the removal puts zoom and rotation back where they were before it")
    func pinchReverts() throws {
        let (run, removed) = try run(.pinch)
        let (_, canvas) = try RoundTripScenario.ids()
        let first = try #require(run.states.firstIndex { if case .pinching = $0.gesture { true } else { false } })
        let before = try #require(StateRun.container(run.states[first - 1], canvas))
        let peak = try #require(run.states[first..<removed].compactMap { StateRun.container($0, canvas) }.max { $0.zoom < $1.zoom })
        #expect(peak.zoom > before.zoom * 1.3 && abs(peak.rotation) > 0.2, "the pinch zoomed and turned: \(before) → \(peak)")
        let settled = try #require(run.states.last.flatMap { StateRun.container($0, canvas) })
        #expect(abs(settled.zoom - before.zoom) < 1e-6 && abs(settled.rotation - before.rotation) < 1e-6
                && abs(settled.offset.dx - before.offset.dx) < 1e-3 && abs(settled.offset.dy - before.offset.dy) < 1e-3,
                "reverted: \(before) → \(settled)")
    }

    @Test("G7/G5: a page swipe cut by the removal returns to its page")
    func swipeReverts() throws {
        let (run, removed) = try run(.swipe)
        let pages = try #require(try LayoutFile.load(path: RoundTripScenario.layoutPath).layout.elements.first { $0.kind == .pagedView }?.id)
        let before = try #require(StateRun.container(run.states[0], pages)?.offset.dx)
        let moved = run.states[..<removed].compactMap { StateRun.container($0, pages)?.offset.dx }.max() ?? before
        #expect(moved > before + 20, "the swipe dragged the next page in: \(before) → \(moved)")
        let settled = try #require(run.states.last.flatMap { StateRun.container($0, pages)?.offset.dx })
        #expect(abs(settled - before) < 1e-3, "back on the first page: \(settled)")
    }

    @Test("G7/G1: a finger scroll cut by the removal keeps where the fingers took it but launches no momentum")
    func scrollStops() throws {
        let (run, removed) = try run(.scroll)
        let (list, _) = try RoundTripScenario.ids()
        let atRemoval = try #require(StateRun.container(run.states[removed], list)?.offset.dy)
        #expect(atRemoval > 50, "the fingers scrolled the list: \(atRemoval)")
        let later = run.states[removed...].compactMap { StateRun.container($0, list)?.offset.dy }
        #expect(later.allSatisfy { abs($0 - atRemoval) < 1e-6 }, "no coasting after the device vanished: \(later)")
    }
}
