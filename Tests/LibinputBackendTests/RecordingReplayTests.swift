// Real touchpad recordings (EVEMU, ../shared/recordings) replayed through real libinput and
// LibinputBackend; the expected figures are the ones that recordings' README lists for
// libinput 1.22 (counts per event type, scroll sums, final pinch scale, angle sums).
import Foundation
import InputProtocol
import Testing
import TestSupport

struct Recording: CustomStringConvertible, Sendable {
    var file: String
    var description: String { file }
    var desc: String? = nil
    var swipe: (Int, Int, Int) = (0, 0, 0)
    var pinch: (Int, Int, Int) = (0, 0, 0)
    var hold: (Int, Int) = (0, 0)
    var scrollEvents = 0
    var buttons = 0
    var motions = 0
    /// Extra checks on the run (scroll sums, scale, angle, cancelled flags).
    var check: @Sendable (EventsRun) -> Void = { _ in }

    /// `LODESTONE_RECORDINGS` if set (`.ci/run` sets it: its private clone has no ../shared),
    /// else ../shared/recordings beside the checkout.
    static let directory = ProcessInfo.processInfo.environment["LODESTONE_RECORDINGS"].map { URL(fileURLWithPath: $0) }
        ?? EmulatedInput.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/recordings")
    static var available: Bool { FileManager.default.fileExists(atPath: directory.path) }
    /// The recording suites run where the recordings are, and wherever `LODESTONE_RECORDINGS`
    /// names them (`.ci/run` sets it when it was given them): missing there, they fail instead
    /// of being skipped.
    static var runnable: Bool { available || ProcessInfo.processInfo.environment["LODESTONE_RECORDINGS"] != nil }
    static var absence: Comment { Comment(rawValue: "\(directory.path) is absent (LODESTONE_RECORDINGS names the recordings)") }
}

func scrollSum(_ run: EventsRun, _ axis: ScrollAxis) -> Double {
    run.scrolls.filter { $0.axis == axis }.map(\.value).reduce(0, +)
}

let t480 = "lenovo-t480-synaptics-tm3276/"
let recordings: [Recording] = [
    Recording(file: t480 + "swipe_down_2", hold: (1, 1), scrollEvents: 70) { run in
        #expect(abs(scrollSum(run, .vertical) - 448.8) < 0.1)
        #expect(abs(scrollSum(run, .horizontal)) < 0.001)
        #expect(run.gestures(.hold).last?.cancelled == true)
        #expect(run.scrolls.last?.stop == true)
    },
    Recording(file: t480 + "swipe_left_2", hold: (1, 1), scrollEvents: 72) { run in
        #expect(abs(scrollSum(run, .horizontal) - -725.9) < 0.1)
        #expect(abs(scrollSum(run, .vertical)) < 0.001)
    },
    Recording(file: t480 + "stroke_z_3", swipe: (1, 150, 1)) { run in
        #expect(run.gestures(.swipe).allSatisfy { $0.fingers == 3 })
        #expect(run.gestures(.swipe).last?.cancelled == false)
    },
    Recording(file: t480 + "pinch_out_2", pinch: (1, 60, 1), hold: (1, 1)) { run in
        let final = run.gestures(.pinch).last(where: { $0.phase == .update })?.scale ?? 0
        #expect(abs(final - 2.18) < 0.005, "final scale \(final)")
        #expect(abs(run.gestures(.pinch).map(\.rotation).reduce(0, +) - 4.7) < 0.1)
        #expect(run.gestures(.hold).last?.cancelled == true)
    },
    Recording(file: t480 + "rotate_clockwise_2", pinch: (1, 78, 1), hold: (1, 1)) { run in
        let final = run.gestures(.pinch).last(where: { $0.phase == .update })?.scale ?? 0
        #expect(abs(final - 1.23) < 0.005, "final scale \(final)")
        #expect(abs(run.gestures(.pinch).map(\.rotation).reduce(0, +) - 52.4) < 0.1)
    },
    Recording(file: t480 + "hold_4", hold: (1, 1)) { run in
        #expect(run.gestures(.hold).allSatisfy { $0.fingers == 4 })
        #expect(run.gestures(.hold).last?.cancelled == false)
    },
    Recording(file: "synaptics-ps2-clickpad/SynPS2 Synaptics TouchPad.two-finger-vert-scroll.events",
              desc: "synaptics-ps2-clickpad/SynPS2 Synaptics TouchPad.desc", hold: (1, 1), scrollEvents: 57) { run in
        #expect(abs(scrollSum(run, .vertical) - -47.0) < 0.1)
    },
    Recording(file: "cypress-ps2-trackpad/CyPS2 Cypress Trackpad.two_finger_tap.events", scrollEvents: 4, buttons: 2) { run in
        #expect(run.buttons.map(\.0) == [.right, .right])
    },
    Recording(file: "cypress-ps2-trackpad/CyPS2 Cypress Trackpad.three_finger_tap.events", buttons: 2) { run in
        #expect(run.buttons.map(\.0) == [.middle, .middle])
    },
    Recording(file: "cypress-ps2-trackpad/CyPS2 Cypress Trackpad.three_finger_press.events", scrollEvents: 10),
    Recording(file: "apple-bcm5974/bcm5974.three-finger-click.events", scrollEvents: 4, buttons: 10) { run in
        let presses = run.buttons.filter(\.1).map(\.0)
        #expect(presses.filter { $0 == .left }.count == 3)
        #expect(presses.filter { $0 == .right }.count == 1 && presses.filter { $0 == .middle }.count == 1)
    },
    Recording(file: "alps-glidepoint/AlpsPS2 ALPS GlidePoint.2-finger-tap.events", scrollEvents: 8),
]

@Suite("Real touchpad recordings through real libinput (G1, G2, G3, G5, G6, G9)",
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"),
       .enabled(if: Recording.runnable, Recording.absence))
struct RecordingReplayTests {
    @Test("A recording gives the events libinput 1.22 is known to emit for it", arguments: recordings)
    func replay(_ recording: Recording) throws {
        let dir = Recording.directory
        let rec = try EvemuRecording(path: dir.appendingPathComponent(recording.file).path,
                                     descriptionPath: recording.desc.map { dir.appendingPathComponent($0).path })
        let device = EmulatedDevice(rec.device, eventNumber: 5)
        var script = EmulatedScript()
        script.append(rec.frames, to: device.node)
        // The README's figures were taken with tapping enabled.
        let run = try Harness.run([device], script, options: ["--tap", "on"])
        #expect(run.count(.swipe, .begin) == recording.swipe.0)
        #expect(run.count(.swipe, .update) == recording.swipe.1)
        #expect(run.count(.swipe, .end) == recording.swipe.2)
        #expect(run.count(.pinch, .begin) == recording.pinch.0)
        #expect(run.count(.pinch, .update) == recording.pinch.1)
        #expect(run.count(.pinch, .end) == recording.pinch.2)
        #expect(run.count(.hold, .begin) == recording.hold.0)
        #expect(run.count(.hold, .end) == recording.hold.1)
        #expect(run.scrollEventCount == recording.scrollEvents)
        #expect(run.buttons.count == recording.buttons, "libinput said: \(run.stderr)")
        #expect(run.motions == recording.motions)
        recording.check(run)
    }
}
