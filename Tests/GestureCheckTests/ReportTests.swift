// The check's report (issue 21.4): Markdown and JSON with machine, compositor, devices, steps,
// figures, diagnoses and the trace.
@testable import GestureCheck
import InputProtocol
import Testing

@Suite("Check report: Markdown and JSON (issue 21.4)")
struct ReportTests {
    func sample() -> CheckReport {
        var s = Stream(.libinput)
        s.add(.deviceAdded(name: "Synaptics TM3276-022", capabilities: touchpad))
        s.pinch(to: 1.6)
        s.hold(2, seconds: 0.7)
        return CheckReport.replay(s.events, steps: [.pinch, .hold, .touch], input: .wayland,
                                  machine: MachineInfo(kernel: "Linux 6.1.0", libinputVersion: "1.22.1"),
                                  compositor: sway17,
                                  configurations: ["Synaptics TM3276-022": DeviceConfiguration(
                                      tapToClick: false, naturalScroll: true, scrollMethod: "two-finger",
                                      clickMethod: "button-areas", disableWhileTyping: true)],
                                  tracePath: "/home/u/.local/state/lodestone/check.trace")
    }

    @Test("JSON reads back with every section, the globals with versions and each step's figures")
    func json() throws {
        let r = sample()
        let node = try JSONReader.parse(r.json)
        #expect(node["format"]?.plain == .string("lodestone-check"))
        #expect(node["machine"]?["kernel"]?.plain == .string("Linux 6.1.0"))
        #expect(node["machine"]?["libinput"]?.plain == .string("1.22.1"))
        #expect(node["compositor"]?["name"]?.plain == .string("sway 1.7"))
        #expect(node["compositor"]?["globals"]?["zwp_pointer_gestures_v1"]?.plain == .number("3"))
        guard case .array(let devices)? = node["devices"]?.value, case .array(let steps)? = node["steps"]?.value,
              case .array(let diagnoses)? = node["diagnoses"]?.value else {
            Issue.record("devices, steps, diagnoses are arrays"); return
        }
        #expect(devices.count == 1)
        #expect(devices[0]["configuration"]?["tap"]?.plain == .bool(false))
        #expect(devices[0]["configuration"]?["click_method"]?.plain == .string("button-areas"))
        #expect(steps.map { $0["step"]?.plain } == [.string("pinch"), .string("hold"), .string("touch")])
        // --input wayland with the events at libinput only: nothing counted, the step failed.
        #expect(steps[0]["result"]?.plain == .string("failed"))
        #expect(steps[0]["reason"]?.plain == .string("nothing counted: only libinput delivered (--input wayland)"))
        #expect(steps[2]["reason"]?.plain == .string("no touchscreen"))
        let diagnosisIds = diagnoses.compactMap { $0["id"]?.plain }
        #expect(diagnosisIds.contains(.string("hold-not-forwarded")))
        #expect(node["trace"]?.plain == .string("/home/u/.local/state/lodestone/check.trace"))
    }

    @Test("Markdown has the sections and a row per step")
    func markdown() {
        let md = sample().markdown
        for heading in ["# Lodestone trackpad check", "## Machine", "## Compositor", "## Devices", "## Steps", "## Diagnoses", "## Trace"] {
            #expect(md.contains(heading + "\n"), "\(heading)")
        }
        #expect(md.contains("- Kernel: Linux 6.1.0\n"))
        #expect(md.contains("  - `zwp_pointer_gestures_v1` v3\n"))
        #expect(md.contains("- Synaptics TM3276-022 (libinput, pointer, gesture): tap off; natural scroll on; scroll method two-finger; click method button-areas; disable-while-typing on; three-finger drag n/a\n"))
        #expect(md.contains("| touch | skipped | – | – | – | – | no touchscreen |\n"))
        #expect(md.contains("- **hold-not-forwarded** (hold): libinput saw a 2-finger hold"))
    }

    @Test("Figures with --input libinput: time to first event and rate; measured scale")
    func figures() {
        var s = Stream(.libinput)
        s.pinch(to: 1.6)
        let r = CheckReport.replay(s.events, steps: [.pinch], input: .libinput)
        let p = r.result(.pinch)!
        #expect(p.passed("zoom in") && !p.passed("zoom out"))
        #expect(p.figures.firstEvent == 0, "the replay starts at its first event")
        #expect(abs(p.figures.updateRate! - 100) < 1e-6)
        #expect(r.markdown.contains("| pinch | failed | 0 s | 100 Hz | – | scale × 1.6 | missing: zoom out |"))
    }
}
