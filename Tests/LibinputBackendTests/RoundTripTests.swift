// Record → replay round trip with engine states (SPEC T2; issue 4's last Done-when): real
// libinput 1.22 on an emulated touchpad and keyboard feeds `lodestone record --input libinput
// --report-states`, which writes the trace AND drives a live engine, printing its state after
// every event. The trace is then replayed by `lodestone replay --report-states` (a fresh engine)
// and decoded here and run through a third engine in this process. All three state sequences
// must be equal, and the scenario must really have exercised what it claims (kinetic scroll,
// pinch zoom + rotation, a swipe, Alt held), so equality is not vacuous.
import Foundation
import InputProtocol
import LayoutKit
import Playground
import PointerEngine
import Testing
import TestSupport

enum RoundTripScenario {
    static let layoutPath = EmulatedInput.packageRoot.appendingPathComponent("Tests/Fixtures/layouts/roundtrip.json").path
    static let touchpad = EmulatedDevice(.touchpad(), eventNumber: 7)
    static let keyboard = EmulatedDevice(.keyboard(), eventNumber: 3)

    /// The layout's scroll view (top left) and canvas (bottom), by layout-file id.
    static func ids() throws -> (list: ElementID, canvas: ElementID) {
        let doc = try LayoutFile.load(path: layoutPath)
        let list = try #require(doc.layout.elements.first { $0.kind == .scrollView }?.id)
        let canvas = try #require(doc.layout.elements.first { $0.kind == .canvas }?.id)
        return (list, canvas)
    }

    /// Up and left until the pointer stops at the surface's top-left corner (in the list),
    /// whatever the acceleration: three strokes of 70 mm.
    static func pointerToCorner(_ pad: inout TouchpadScript) {
        for _ in 0..<3 {
            pad.down([MM(85, 62)])
            pad.translate(by: MM(-70, -50), duration: 0.25)
            pad.up()
            pad.rest(0.05)
        }
    }

    /// From the corner down into the canvas (the layout's bottom half; ~330 pt with libinput's
    /// default acceleration, whose figures depend only on the frames' timestamps).
    static func pointerCornerToCanvas(_ pad: inout TouchpadScript) {
        pad.down([MM(50, 4)])
        pad.translate(by: MM(0, 32), duration: 0.3)
        pad.up()
        pad.rest(0.1)
    }

    /// What the emulated devices play.
    static func script() -> EmulatedScript {
        var pad = TouchpadScript()
        var kbd = KeyboardScript()
        func key(_ code: Int, _ pressed: Bool, at t: Double) { kbd.key(code, pressed: pressed, after: t - kbd.time) }

        key(Key.leftAlt, true, at: 0.06)               // Alt held through everything below
        pointerToCorner(&pad)
        // Two-finger scroll, fingers moving up fast (natural scrolling: the content follows them):
        // the list scrolls and coasts on (G1).
        pad.down([MM(43, 55), MM(57, 55)])
        pad.translate(by: MM(0, -35), duration: 0.25)
        pad.up()
        let lift = pad.time
        // Shift taps while the list coasts: states mid-momentum, which depend on the timestamps.
        key(Key.leftShift, true, at: lift + 0.06)
        key(Key.leftShift, false, at: lift + 0.16)
        key(Key.leftShift, true, at: lift + 0.30)
        key(Key.leftShift, false, at: lift + 0.45)
        pad.rest(0.6)
        pointerCornerToCanvas(&pad)
        // Pinch out and rotate on the canvas (G2, G3).
        pad.down([MM(42, 35), MM(58, 35)])
        pad.pinch(to: 1.8, rotate: 40, duration: 0.5)
        pad.up()
        pad.rest(0.1)
        // A three-finger swipe to the right (G5).
        pad.down(fingers(3))
        pad.translate(by: MM(30, 0), duration: 0.3)
        pad.up()
        key(Key.leftAlt, false, at: pad.time + 0.1)

        var script = EmulatedScript()
        script.append(pad.frames, to: touchpad.node)
        script.append(kbd.frames, to: keyboard.node)
        return script
    }
}

/// One `lodestone record --input libinput --report-states` run and the replays of its trace.
struct StateRun {
    /// The live engine's state lines, one per recorded event.
    var live: [String]
    /// `lodestone replay --report-states` on the trace.
    var replayed: [String]
    /// The decoded trace, and the states of an in-process replay of it.
    var events: [InputEvent]
    var states: [EngineStateDigest]
    var stderr: String

    init(_ devices: [EmulatedDevice], _ script: EmulatedScript, backend: Backend = .path,
         layout: String = RoundTripScenario.layoutPath) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lodestone-states-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("session.trace").path

        // Live: record while the engine runs on the same events.
        // Natural scrolling as the playground sets it (libinput's touchpad option, G1).
        let command = [Harness.lodestone, "record", "--input", "libinput", "--natural-scrolling", "on", "--out", trace,
                       "--report-states", "--layout", layout]
            + (backend == .path ? devices.flatMap { ["--device", $0.node] } : [])
        let (lines, stderr, _) = try EmulatedInput.run(devices: devices, script: script, command: command,
                                                       readyToken: "state device_added", readyCount: devices.count)
        live = lines.filter { $0.hasPrefix("state ") }
        self.stderr = stderr

        // `lodestone replay --report-states`: a fresh engine in a new process.
        let replay = try Harness.capture([Harness.lodestone, "replay", trace, "--report-states", "--layout", layout])
        replayed = replay.status == 0 ? replay.stdout.split(separator: "\n").map(String.init) : ["replay exited \(replay.status)"]

        // The same trace decoded here and replayed through a third engine (typed states).
        events = try TraceDecoder.decode(Array(try Data(contentsOf: URL(fileURLWithPath: trace)))).events
        let reporter = StateReporter(layout: try LayoutFile.load(path: layout).layout)
        var states: [EngineStateDigest] = []
        TraceReplayer(Trace(header: TraceHeader(), events: events)).replay { e, _ in states.append(reporter.handle(e)) }
        self.states = states
    }

    /// The first line where live and replayed states differ, as a message.
    var firstDifference: String? {
        guard let i = zip(live, replayed).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return nil }
        return "first difference at event \(i + 1):\n live:   \(live[i])\n replay: \(replayed[i])"
    }

    static func container(_ s: EngineStateDigest, _ id: ElementID) -> ContainerTransform? {
        s.containers.first { $0.element == id }?.transform
    }
}

@Suite("Record → replay round trip reproduces the engine states (T2, G1, G2, G3, G5, G10)",
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"))
struct RoundTripTests {
    @Test("T2: the live engine fed by real libinput while recording and a fresh engine replaying the trace go through identical states")
    func recordReplayStates() throws {
        let run = try StateRun([RoundTripScenario.touchpad, RoundTripScenario.keyboard], RoundTripScenario.script())
        let (live, events, states) = (run.live, run.events, run.states)
        #expect(!run.stderr.contains("left out"), "every event made it into the trace: \(run.stderr)")
        #expect(live.count == events.count, "one live state per recorded event")
        #expect(live.count > 200)
        if let d = run.firstDifference { Issue.record("\(d)") }
        #expect(live == run.replayed, "lodestone replay reproduces the live states")
        #expect(live == states.map(\.description), "so does an in-process replay of the decoded trace")

        // The scenario did what it claims, so the equality above says something.
        let (list, canvas) = try RoundTripScenario.ids()
        let container = StateRun.container
        // G1: the list coasted — its offset still changed between the Shift taps after the stop.
        let stop = try #require(events.lastIndex { if case .scroll(.finger, _, _, _, true) = $0.kind { true } else { false } })
        let shiftStates = states.indices.filter { i in
            i > stop && { if case .modifiers = events[i].kind { true } else { false } }()
        }.prefix(4).map { states[$0] }
        #expect(shiftStates.count == 4)
        let offsets = shiftStates.compactMap { container($0, list)?.offset.dy }
        #expect(offsets.count == 4 && offsets.first.map { $0 > 0 } == true, "the list scrolled: \(offsets)")
        #expect(Set(offsets).count == 4, "kinetic momentum moves the list between events after the stop: \(offsets)")
        // G2/G3: the canvas zoomed in (from its fitted scale) and turned.
        let pinchBegin = try #require(states.firstIndex { if case .pinching = $0.gesture { true } else { false } })
        let fitted = try #require(container(states[pinchBegin], canvas))
        let final = try #require(states.last.flatMap { container($0, canvas) })
        #expect(final.zoom > fitted.zoom * 1.4 && abs(final.rotation) > 0.3, "canvas \(fitted) → \(final)")
        // G5: the swipe ran through the gesture interpreter.
        #expect(states.contains { if case .swiping(_, 3, _, _, _) = $0.gesture { true } else { false } })
        // G10: Alt was held during the gestures.
        #expect(states.filter { if case .pinching = $0.gesture { true } else { false } }.allSatisfy { $0.modifiers.contains(.alt) })
        #expect(states.last?.modifiers == [])
    }
}
