// `lodestone check` on the command line (issue 21.1): clear usage errors with exit status 2,
// the help, and the report written with "skipped" for a user who did nothing.
import Foundation
import InputProtocol
import Testing
import TestSupport

/// Runs lodestone to its end (TestSupport's child process); its stdout, stderr and status.
func lodestone(_ args: [String]) throws -> (out: String, err: String, status: Int32) {
    let app = try Lodestone.launch(args, on: nil)
    let end = try app.wait(timeout: 30)
    guard case .exited(let status) = end else { return (app.stdout, app.stderr, -1) }
    return (app.stdout, app.stderr, status)
}

@Suite("lodestone check: command line (issue 21.1)",
       .enabled(if: FileManager.default.isExecutableFile(atPath: Lodestone.executable), "lodestone not built"))
struct CheckCommandTests {
    @Test("Malformed --steps: exit 2 naming the bad step and listing the valid ones")
    func badSteps() throws {
        let r = try lodestone(["check", "--steps", "pinch,swipe5", "--replay", "/nonexistent"])
        #expect(r.status == 2)
        #expect(r.err.contains("--steps: unknown step “swipe5”; valid steps: scroll, wheel, pinch, rotate, smart-zoom, swipe3, swipe4, hold, tap, click, drag, touch, keys"))
        // The live window's form: refused before any window or device is opened.
        let live = try lodestone(["check", "--steps", "hold,,tap"])
        #expect(live.status == 2 && live.err.contains("--steps: empty step name in “hold,,tap”"), "\(live.err)")
        let twice = try lodestone(["check", "--steps", "tap,tap", "--input", "both"])
        #expect(twice.status == 2 && twice.err.contains("--steps: “tap” is named twice"), "\(twice.err)")
        let unknown = try lodestone(["check", "--steps", "pinch,zoom"])
        #expect(unknown.status == 2 && unknown.err.contains("valid steps: scroll, wheel, pinch, rotate, smart-zoom, swipe3, swipe4, hold, tap, click, drag, touch, keys"))
        let empty = try lodestone(["check", "--steps", ""])
        #expect(empty.status == 2 && empty.err.contains("--steps: empty step name"))
    }

    @Test("Other usage errors: exit 2 with what is wrong")
    func usage() throws {
        for (args, message) in [(["--input", "x11"], "--input wants wayland, libinput or both, not “x11”"),
                                (["--bogus"], "unknown option “--bogus”"),
                                (["--report"], "--report: needs a value"),
                                (["--headless"], "--headless needs --out DIR"),
                                (["--timeout", "0"], "--timeout wants seconds in (0, 3600], not “0”"),
                                (["--pause", "-1"], "--pause wants seconds in [0, 60], not “-1”"),
                                (["--conventions", "windows"], "--conventions wants desktop or mac, not “windows”"),
                                (["--tap", "on"], "--device and --tap read devices through libinput")] {
            let r = try lodestone(["check"] + args)
            #expect(r.status == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
        // No compositor for the window: exit 1, and the way to check without one.
        let alone = try lodestone(["check", "--steps", "pinch"])
        #expect(alone.status == 1 && alone.err.contains("cannot connect to the Wayland compositor")
                && alone.err.contains("without a compositor: lodestone check --input libinput --headless --out DIR"), "\(alone.err)")
        let help = try lodestone(["check", "--help"])
        #expect(help.status == 0 && help.out.contains("--steps LIST"))
        #expect(try lodestone(["--help"]).out.contains("lodestone check [--input wayland|libinput|both]"))
    }

    @Test("A trace where the user does nothing: every step is skipped and the report is still written")
    func nothingHappens() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-idle-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("idle.trace")
        try """
        {"format": "lodestone-input", "version": 2, "privacy": "redacted", "devices": [], "meta": {"backend": "libinput"}}
        {"time": 1000, "device": 1, "type": "device_added", "name": "Pad", "capabilities": ["pointer", "gesture"]}
        {"time": 31000000, "device": 1, "type": "device_removed"}

        """.write(to: trace, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("report.md")
        let r = try lodestone(["check", "--replay", trace.path, "--input", "libinput", "--report", report.path])
        #expect(r.status == 0, "\(r.err)")
        let md = try String(contentsOf: report, encoding: .utf8)
        let json = try String(contentsOf: dir.appendingPathComponent("report.json"), encoding: .utf8)
        for step in ["scroll", "wheel", "pinch", "rotate", "smart-zoom", "swipe3", "swipe4", "hold", "tap", "click", "drag", "keys"] {
            #expect(md.contains("| \(step) | skipped |"), "\(step)")
        }
        #expect(md.contains("| touch | skipped | – | – | – | – | no touchscreen |"))
        #expect(json.contains("\"result\": \"skipped\""))
        #expect(!json.contains("\"result\": \"failed\""))
    }

    @Test("--headless --out DIR: a screen per step (its parts ticked by the result) and a contact sheet")
    func headlessScreens() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-screens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent("spread.trace")
        try """
        {"format": "lodestone-input", "version": 2, "privacy": "redacted", "meta": {"backend": "libinput"}}
        {"time": 1000, "device": 1, "type": "device_added", "name": "Pad", "capabilities": ["pointer", "gesture"]}
        {"time": 2000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "begin", "fingers": 2, "dx": 0, "dy": 0, "scale": 1, "rotation": 0}
        {"time": 12000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.2, "rotation": 0}
        {"time": 22000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "update", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.6, "rotation": 0}
        {"time": 32000, "device": 1, "type": "gesture", "kind": "pinch", "phase": "end", "fingers": 2, "dx": 0, "dy": 0, "scale": 1.6, "rotation": 0}

        """.write(to: trace, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let r = try lodestone(["check", "--replay", trace.path, "--input", "libinput", "--steps", "pinch,hold", "--headless", "--out", out.path])
        #expect(r.status == 0, "\(r.err)")
        let pinch = try Image(contentsOfPNG: out.appendingPathComponent("step-pinch.png").path)
        #expect(pinch.width == 560 && pinch.height == 340)
        // The first part's dot (zoom in) is filled green; the second's (zoom out) is an empty ring.
        #expect(pinch.pixel(x: 293, y: 121).matches(RGBA(hex: 0x34C759), tolerance: 12), "\(pinch.pixel(x: 293, y: 121))")
        #expect(pinch.pixel(x: 297, y: 146).matches(RGBA(hex: 0xFFFFFF), tolerance: 12), "\(pinch.pixel(x: 297, y: 146))")
        let sheet = try Image(contentsOfPNG: out.appendingPathComponent("contact-sheet.png").path)
        #expect(sheet.width == 560 && sheet.height == 170, "two half-size tiles side by side")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("step-hold.png").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
        // Reduce motion: the pinch's ghost fingers (faint blue along the spread) are gone.
        let still = dir.appendingPathComponent("still")
        #expect(try lodestone(["check", "--replay", trace.path, "--input", "libinput", "--steps", "pinch", "--headless",
                               "--reduce-motion", "--out", still.path]).status == 0)
        let calm = try Image(contentsOfPNG: still.appendingPathComponent("step-pinch.png").path)
        func ghosts(_ image: Image) -> Int {
            var n = 0
            for x in 32..<262 {
                for y in 110..<270 {
                    let p = image.pixel(x: x, y: y)
                    if p.b > 230, p.r > 120, p.r < 200 { n += 1 }
                }
            }
            return n
        }
        #expect(ghosts(pinch) > 200, "faint blue ghosts with motion: \(ghosts(pinch))")
        #expect(ghosts(calm) < ghosts(pinch) / 4, "reduce motion: \(ghosts(calm)) vs \(ghosts(pinch))")
    }

    @Test("A merged trace (record --input both): libinput's devices by id, the seat's; --input both gives the offset")
    func mergedTrace() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("check-both-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The same hold from libinput (device 1001) and, 6 ms later, from the seat (device 1).
        let trace = dir.appendingPathComponent("both.trace")
        try """
        {"format": "lodestone-input", "version": 2, "privacy": "redacted", "meta": {"backend": "wayland+libinput"}}
        {"time": 1000, "device": 1, "type": "device_added", "name": "seat0", "capabilities": ["pointer", "gesture"]}
        {"time": 1000, "device": 1001, "type": "device_added", "name": "Pad", "capabilities": ["pointer", "gesture"]}
        {"time": 2000, "device": 1001, "type": "gesture", "kind": "hold", "phase": "begin", "fingers": 3}
        {"time": 8000, "device": 1, "type": "gesture", "kind": "hold", "phase": "begin", "fingers": 3}
        {"time": 802000, "device": 1001, "type": "gesture", "kind": "hold", "phase": "end", "fingers": 3}
        {"time": 808000, "device": 1, "type": "gesture", "kind": "hold", "phase": "end", "fingers": 3}

        """.write(to: trace, atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.json")
        let r = try lodestone(["check", "--replay", trace.path, "--input", "both", "--steps", "hold", "--report", report.path])
        #expect(r.status == 0, "\(r.err)")
        let node = try JSONReader.parse(try String(contentsOf: report, encoding: .utf8))
        guard case .array(let steps)? = node["steps"]?.value, case .array(let devices)? = node["devices"]?.value else {
            Issue.record("no steps"); return
        }
        #expect(steps.first?["result"]?.plain == .string("passed"))
        #expect(steps.first?["source_offset_ms"]?.plain == .number("6"))
        #expect(devices.map { $0["source"]?.plain } == [.string("compositor"), .string("libinput")])
    }
}
