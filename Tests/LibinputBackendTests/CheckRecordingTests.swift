// `lodestone check` end to end on real touchpad recordings (issue 21): each EVEMU recording
// (../shared/recordings) is played on an emulated device through real libinput 1.22 into
// `lodestone events --backend libinput --json`; that trace is given to `lodestone check --replay`,
// whose JSON report is read back. A recording of a gesture passes its step with the figures
// libinput gave; an unrelated one fails it, with the diagnosis that names the cause.
import Foundation
import GestureCheck
import InputProtocol
import LibinputBackend
import Testing
import TestSupport

struct CheckRun {
    var report: JSONNode
    var markdown: String

    func step(_ name: String) -> JSONNode? {
        guard case .array(let steps)? = report["steps"]?.value else { return nil }
        return steps.first { $0["step"]?.plain == .string(name) }
    }
    func result(_ name: String) -> String? {
        if case .string(let s)? = step(name)?["result"]?.plain { return s }
        return nil
    }
    func part(_ name: String, _ part: String) -> Bool? {
        if case .bool(let b)? = step(name)?["parts"]?[part]?.plain { return b }
        return nil
    }
    func measured(_ name: String, _ what: String) -> Double? {
        if case .number(let n)? = step(name)?["measured"]?[what]?.plain { return Double(n) }
        return nil
    }
    func figure(_ name: String, _ what: String) -> Double? {
        if case .number(let n)? = step(name)?[what]?.plain { return Double(n) }
        return nil
    }
    var diagnoses: [String] {
        guard case .array(let d)? = report["diagnoses"]?.value else { return [] }
        return d.compactMap { if case .string(let s)? = $0["id"]?.plain { s } else { nil } }
    }
}

enum CheckHarness {
    /// The trace libinput gives for a recording (tapping as `tap` says).
    static func trace(_ file: String, desc: String? = nil, tap: Bool = true) throws -> URL {
        try trace([file], desc: desc, tap: tap)
    }

    /// Recordings played back to back, a second apart, each on an emulated device of its own
    /// (one device replaying several recordings carries one's finger state into the next).
    static func trace(_ files: [String], desc: String? = nil, tap: Bool = true) throws -> URL {
        let dir = Recording.directory
        let recs = try files.map {
            try EvemuRecording(path: dir.appendingPathComponent($0).path,
                               descriptionPath: desc.map { dir.appendingPathComponent($0).path })
        }
        var devices: [EmulatedDevice] = []
        var script = EmulatedScript()
        for (i, rec) in recs.enumerated() {
            var description = rec.device
            // One machine: the DMI node once.
            if i > 0 { description.dmi = nil }
            let device = EmulatedDevice(description, eventNumber: 5 + i)
            devices.append(device)
            let start = rec.frames.first?.time ?? 0
            script.append(rec.frames, to: device.node, offset: (script.steps.isEmpty ? 0 : script.duration + 1) - start)
        }
        let (lines, _, _) = try EmulatedInput.run(
            devices: devices, script: script,
            command: [Harness.lodestone, "events", "--backend", "libinput", "--json", "--tap", tap ? "on" : "off"]
                + devices.flatMap { ["--device", $0.node] },
            readyToken: "\"device_added\"", readyCount: devices.count)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("check-\(UUID().uuidString).trace")
        try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    static func check(_ trace: URL, steps: String, input: String = "libinput", options: [String] = []) throws -> CheckRun {
        let report = trace.deletingPathExtension().appendingPathExtension("json")
        defer {
            try? FileManager.default.removeItem(at: report)
            try? FileManager.default.removeItem(at: trace.deletingPathExtension().appendingPathExtension("md"))
        }
        let (_, status) = try Harness.capture([Harness.lodestone, "check", "--replay", trace.path, "--steps", steps,
                                               "--input", input, "--report", report.path] + options)
        #expect(status == 0)
        let json = try String(contentsOf: report, encoding: .utf8)
        let md = try String(contentsOf: trace.deletingPathExtension().appendingPathExtension("md"), encoding: .utf8)
        // LODESTONE_CHECK_SAMPLES=DIR keeps each report (to read by eye, or for the README).
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_CHECK_SAMPLES"] {
            try? md.write(toFile: keep + "/\(steps)-\(input).md", atomically: true, encoding: .utf8)
        }
        return CheckRun(report: try JSONReader.parse(json), markdown: md)
    }
}

@Suite("lodestone check on real touchpad recordings through real libinput (issue 21; G1–G6, G9)",
       .enabled(if: Recording.runnable, Recording.absence),
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"),
       .serialized)
struct CheckRecordingTests {
    @Test("The T480 spread passes zoom in at scale 2.18 (past 1.3×), not zoom out; the scroll step it fails")
    func pinch() throws {
        let trace = try CheckHarness.trace(t480 + "pinch_out_2")
        defer { try? FileManager.default.removeItem(at: trace) }
        let run = try CheckHarness.check(trace, steps: "pinch,rotate,scroll")
        #expect(run.part("pinch", "zoom in") == true)
        #expect(run.part("pinch", "zoom out") == false)
        #expect(abs((run.measured("pinch", "scale ×") ?? 0) - 2.18) < 0.005)
        #expect(run.result("pinch") == "failed")
        // 4.7° of drift is no rotation.
        #expect(run.part("rotate", "clockwise") == false)
        // A cancelled 2-finger hold is all there was before the pinch: nothing scrolled.
        #expect(run.result("scroll") == "skipped")
        #expect(run.part("scroll", "vertical") == false)
        // libinput's pinch: 61 events over the gesture, a real device's rate.
        #expect((run.figure("pinch", "update_rate_hz") ?? 0) > 30)
        #expect(run.markdown.contains("| pinch | failed |"))
    }

    @Test("The T480 clockwise rotation passes clockwise (52.4° ≥ 30°)")
    func rotate() throws {
        let trace = try CheckHarness.trace(t480 + "rotate_clockwise_2")
        defer { try? FileManager.default.removeItem(at: trace) }
        let run = try CheckHarness.check(trace, steps: "rotate,pinch")
        #expect(run.part("rotate", "clockwise") == true)
        #expect(run.part("rotate", "counterclockwise") == false)
        #expect(abs((run.measured("rotate", "rotation °") ?? 0) - 52.4) < 0.1)
        // Scale 1.23 is not a zoom in.
        #expect(run.part("pinch", "zoom in") == false)
    }

    @Test("Two-finger scrolls pass vertical (T480 down, Synaptics PS/2) and horizontal (T480 left) with their stop")
    func scroll() throws {
        let down = try CheckHarness.trace(t480 + "swipe_down_2")
        defer { try? FileManager.default.removeItem(at: down) }
        var run = try CheckHarness.check(down, steps: "scroll")
        #expect(run.part("scroll", "vertical") == true)
        #expect(run.part("scroll", "horizontal") == false)
        #expect(run.part("scroll", "stop") == true)
        let left = try CheckHarness.trace(t480 + "swipe_left_2")
        defer { try? FileManager.default.removeItem(at: left) }
        run = try CheckHarness.check(left, steps: "scroll")
        #expect(run.part("scroll", "horizontal") == true && run.part("scroll", "vertical") == false)
        let ps2 = try CheckHarness.trace("synaptics-ps2-clickpad/SynPS2 Synaptics TouchPad.two-finger-vert-scroll.events",
                                         desc: "synaptics-ps2-clickpad/SynPS2 Synaptics TouchPad.desc")
        defer { try? FileManager.default.removeItem(at: ps2) }
        run = try CheckHarness.check(ps2, steps: "scroll")
        #expect(run.part("scroll", "vertical") == true, "47 pt ≥ 40 pt")
    }

    @Test("The T480 4-finger rest passes hold; the 3-finger Z fails swipe4 with wrong-finger-count")
    func holdAndSwipes() throws {
        let hold = try CheckHarness.trace(t480 + "hold_4")
        defer { try? FileManager.default.removeItem(at: hold) }
        var run = try CheckHarness.check(hold, steps: "hold")
        #expect(run.result("hold") == "passed")
        #expect((run.measured("hold", "held s") ?? 0) >= 0.5)
        let z = try CheckHarness.trace(t480 + "stroke_z_3")
        defer { try? FileManager.default.removeItem(at: z) }
        run = try CheckHarness.check(z, steps: "swipe3,swipe4")
        #expect(run.result("swipe4") == "failed")
        #expect(run.diagnoses.contains("wrong-finger-count"))
        #expect(run.step("swipe3") != nil)
    }

    @Test("Cypress taps: 2 and 3 fingers pass with tapping on; a scroll recording fails the tap step")
    func taps() throws {
        let two = try CheckHarness.trace("cypress-ps2-trackpad/CyPS2 Cypress Trackpad.two_finger_tap.events")
        defer { try? FileManager.default.removeItem(at: two) }
        let run = try CheckHarness.check(two, steps: "tap")
        #expect(run.part("tap", "two fingers") == true && run.part("tap", "one finger") == false)
        let three = try CheckHarness.trace("cypress-ps2-trackpad/CyPS2 Cypress Trackpad.three_finger_tap.events", tap: false)
        defer { try? FileManager.default.removeItem(at: three) }
        let off = try CheckHarness.check(three, steps: "tap")
        #expect(off.result("tap") == "skipped", "tapping off: no button at all")
    }

    @Test("The six T480 recordings back to back: every gesture they hold passes its part, the rest are missing")
    func t480Session() throws {
        let files = ["swipe_down_2", "swipe_left_2", "pinch_out_2", "rotate_clockwise_2", "hold_4", "stroke_z_3"].map { t480 + $0 }
        let trace = try CheckHarness.trace(files)
        defer { try? FileManager.default.removeItem(at: trace) }
        // LODESTONE_CHECK_SAMPLES=DIR keeps the screens (docs/check-contact-sheet.png comes from here).
        let keep = ProcessInfo.processInfo.environment["LODESTONE_CHECK_SAMPLES"]
        let out = keep.map { URL(fileURLWithPath: $0).appendingPathComponent("t480") }
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("check-t480-\(UUID().uuidString)")
        defer { if keep == nil { try? FileManager.default.removeItem(at: out) } }
        let run = try CheckHarness.check(trace, steps: "all", options: ["--headless", "--out", out.path])
        #expect(run.part("scroll", "vertical") == true && run.part("scroll", "horizontal") == true)
        #expect(run.part("scroll", "stop") == true)
        #expect(run.part("pinch", "zoom in") == true && run.part("pinch", "zoom out") == false)
        #expect(run.part("rotate", "clockwise") == true && run.part("rotate", "counterclockwise") == false)
        #expect(run.result("hold") == "passed")
        #expect(run.result("wheel") == "skipped" && run.result("tap") == "skipped")
        #expect(run.result("touch") == "skipped")
        #expect(run.step("touch")?["reason"]?.plain == .string("no touchscreen"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("contact-sheet.png").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("step-pinch.png").path))
    }

    @Test("Under --input wayland a libinput-only trace counts nothing: the steps fail, saying only libinput delivered")
    func waylandCountsNothing() throws {
        let trace = try CheckHarness.trace(t480 + "pinch_out_2")
        defer { try? FileManager.default.removeItem(at: trace) }
        let run = try CheckHarness.check(trace, steps: "pinch", input: "wayland")
        #expect(run.result("pinch") == "failed")
        #expect(run.step("pinch")?["reason"]?.plain == .string("nothing counted: only libinput delivered (--input wayland)"))
    }
}

/// `lodestone check --input libinput --headless` on an emulated device playing a recording: the
/// live route, one step at a time, with the device's libinput configuration in the report.
func liveCheck(_ file: String, steps: String, timeout: Double, options: [String] = [], settle: Double? = nil,
               unplugAfter: Int? = nil, environment: [String: String] = [:]) throws -> CheckRun {
    let dir = Recording.directory
    let rec = try EvemuRecording(path: dir.appendingPathComponent(file).path)
    let device = EmulatedDevice(rec.device, eventNumber: 5)
    var script = EmulatedScript()
    // unplugAfter: the first N frames, then the device is unplugged (udev backend: hotplug).
    let frames = unplugAfter.map { Array(rec.frames.prefix($0)) } ?? rec.frames
    script.append(frames, to: device.node)
    if unplugAfter != nil { script.steps.append((device.node, .unplug(time: (frames.last?.time ?? 0) + 0.005))) }
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("check-live-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let (lines, stderr, _) = try EmulatedInput.run(
        devices: [device], script: script,
        command: [Harness.lodestone, "check", "--input", "libinput", "--headless", "--out", out.path]
            + (unplugAfter == nil ? ["--device", device.node] : []) + ["--steps", steps, "--timeout", String(timeout)] + options,
        readyToken: "check: device", readyCount: 1, settle: settle ?? timeout + 5, environment: environment)
    #expect(lines.contains { $0.hasPrefix("check: step ") }, "\(lines) \(stderr)")
    let json = try String(contentsOf: out.appendingPathComponent("report.json"), encoding: .utf8)
    let md = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
    if let keep = ProcessInfo.processInfo.environment["LODESTONE_CHECK_SAMPLES"] {
        try? md.write(toFile: keep + "/live-\(steps)\(options.joined()).md", atomically: true, encoding: .utf8)
    }
    // The private trace of the check (T3) is there and is a trace.
    let trace = try String(contentsOf: out.appendingPathComponent("check.trace"), encoding: .utf8)
    #expect(trace.hasPrefix("{\"format\": \"lodestone-input\""))
    #expect(trace.contains("\"privacy\": \"redacted\""))
    return CheckRun(report: try JSONReader.parse(json), markdown: md)
}

@Suite("lodestone check live through libinput on emulated touchpads (issue 21; G6, G9)",
       .enabled(if: Recording.runnable, Recording.absence),
       .enabled(if: Harness.unavailable == nil, "emulated-device route unavailable: \(Harness.unavailable ?? "")"),
       .serialized)
struct CheckLiveLibinputTests {
    @Test("Hold passes live: the T480's 4-finger rest, with its figures")
    func hold() throws {
        let run = try liveCheck(t480 + "hold_4", steps: "hold", timeout: 10)
        #expect(run.result("hold") == "passed")
        #expect((run.figure("hold", "first_event_s") ?? -1) >= 0)
        #expect(run.markdown.contains("- Synaptics TM3276-022 (libinput, pointer, gesture): tap "))
    }

    @Test("Tap-to-click on or off is reported from the device's configuration; off gives the tap-disabled diagnosis")
    func tapConfiguration() throws {
        let file = "cypress-ps2-trackpad/CyPS2 Cypress Trackpad.two_finger_tap.events"
        let on = try liveCheck(file, steps: "tap", timeout: 3, options: ["--tap", "on"])
        guard case .array(let devices)? = on.report["devices"]?.value, let pad = devices.first else {
            Issue.record("no device in the report"); return
        }
        #expect(pad["configuration"]?["tap"]?.plain == .bool(true))
        // Three-finger drag (issue 32.6), looked up in the loaded libinput: Debian 12's 1.22 has
        // none, and the report says so rather than "n/a".
        let unknown = JSONValue.string(DeviceConfiguration.threeFingerDragUnknown)
        #expect((pad["configuration"]?["three_finger_drag"]?.plain == unknown) == !ThreeFingerDrag.isAvailable,
                "three_finger_drag \(String(describing: pad["configuration"]?["three_finger_drag"]?.plain)) with libinput \(LibinputBuild.version ?? "?")")
        #expect(on.part("tap", "two fingers") == true)
        #expect(!on.diagnoses.contains("tap-disabled"))
        let off = try liveCheck(file, steps: "tap", timeout: 3, options: ["--tap", "off"])
        guard case .array(let offDevices)? = off.report["devices"]?.value, let offPad = offDevices.first else {
            Issue.record("no device in the report"); return
        }
        #expect(offPad["configuration"]?["tap"]?.plain == .bool(false))
        #expect(off.result("tap") != "passed")
        #expect(off.diagnoses.contains("tap-disabled"))
        #expect(off.markdown.contains("Tap-to-click is off for “CyPS/2 Cypress Trackpad”"))
    }

    @Test("SIGTERM mid-check: the step in progress and the rest are skipped, and the report is still written")
    func interrupted() throws {
        // The hold passes; 1 s after the recording ends the driver sends SIGTERM, during tap.
        let run = try liveCheck(t480 + "hold_4", steps: "hold,tap,click", timeout: 30, settle: 1)
        #expect(run.result("hold") == "passed")
        #expect(run.result("tap") == "skipped" && run.result("click") == "skipped")
        #expect(run.step("tap")?["reason"]?.plain == .string("the check was stopped"))
        #expect(run.step("click")?["reason"]?.plain == .string("the check was stopped"))
    }

    @Test("The touchpad unplugged mid-pinch ends the step with the reason (G7), and the report is written")
    func removedMidStep() throws {
        // pinch_out_2's first 40 frames: the hold, then the pinch under way (its scale below 1.3).
        let run = try liveCheck(t480 + "pinch_out_2", steps: "pinch", timeout: 10, unplugAfter: 40)
        #expect(run.result("pinch") == "failed")
        guard case .string(let reason)? = run.step("pinch")?["reason"]?.plain else { Issue.record("no reason"); return }
        #expect(reason == "the device “Synaptics TM3276-022” was removed during the step", "\(reason)")
    }

    @Test("Under weston the report names it and lists its globals with versions; the hold still passes through libinput")
    func underWeston() throws {
        let weston = try Weston.start()
        defer { weston.stop() }
        let run = try liveCheck(t480 + "hold_4", steps: "hold", timeout: 10, environment: weston.clientEnvironment)
        #expect(run.report["compositor"]?["name"]?.plain == .string("weston"))
        #expect(run.report["compositor"]?["globals"]?["wl_compositor"] != nil)
        #expect(run.markdown.contains("- Name: weston\n"))
        #expect(run.markdown.contains("  - `wl_compositor` v"))
        #expect(run.result("hold") == "passed")
    }
}
