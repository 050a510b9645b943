// Issue 31: Debian 13's sway 1.10 (wlroots 0.18), run inside the Debian 13 root
// (scripts/debian13-root) with the sway-inject shim built against its wlroots 0.18, and the
// host-built Lodestone connecting across the runtime directory. The same checks as under
// Debian 12's sway 1.7 (the showcase's highlight, lift and copy drags, a finger scroll), plus
// what sway 1.10 adds: fractional scale 1.5 (wp_fractional_scale_v1) and holds forwarded
// from the device to the client (sway 1.8+), which `lodestone check --input wayland` passes.
import Foundation
import InputProtocol
import Testing
import TestSupport

@Suite("sway 1.10 (Debian 13): the showcase on screen and in state (issue 31)", .serialized, .debian13, SharedSway(debian13: true))
struct ShowcaseUnderSway110Tests {
    typealias Habit = ShowcaseUnderSwayTests.Habit

    @Test("the root's sway is 1.10, and Lodestone finds every global it uses (fractional scale too), hides sway's cursor and binds the data device at v3")
    func compositorFacts() throws {
        _ = try Debian13Root.require("sway", at: "1.10")
        let w = try ShowcaseWindow(scale: 1)
        let version = try w.sway.message(["-t", "get_version"])
        #expect(version.contains("1.10"), "swaymsg -t get_version: \(version)")
        try w.glide(to: ShowcaseWindow.probe)
        let s = try CompositorChecks.waitForOwnPointer(w.state)
        CompositorChecks.expectDataDevice(s)
        #expect(CompositorChecks.lacked(in: w.app.stderr).isEmpty, "\(w.output)")
        // cursor-shape at v1 (issue 32.2); the compositor's cursor stays hidden over the showcase.
        #expect(s.cursorShapeManager == 1, "\(s)")
    }

    @Test("E1 M1: near a bar button the highlight platter appears around it, a little larger, at scale 1, 1.5 (fractional) and 2",
          arguments: [1.0, 1.5, 2.0])
    func highlight(scale: Double) throws { try ShowcaseUnderSwayTests().highlight(scale: scale) }

    @Test("E2: near an app icon it lifts: scaled up, with a soft shadow below it", arguments: [1.0, 1.5])
    func lift(scale: Double) throws { try ShowcaseUnderSwayTests().lift(scale: scale) }

    @Test("I2: a pointer drag with the copy key held shows the copy accessory and drops a copy", arguments: [1.0, 1.5], Habit.both)
    func copyDragPointer(scale: Double, habit: Habit) throws { try ShowcaseUnderSwayTests().copyDragPointer(scale: scale, habit: habit) }

    @Test("I2 G11: a touch drag with the copy key held drops a copy", arguments: [1.0], [Habit.desktop])
    func copyDragTouch(scale: Double, habit: Habit) throws { try ShowcaseUnderSwayTests().copyDragTouch(scale: scale, habit: habit) }
}

@Suite("sway 1.10 (Debian 13): the window at fractional scale 1.5 (issue 31.5)", .debian13)
struct WindowUnderSway110Tests {
    @Test("at output scale 1.5 the buffer is the window's size × 1.5 (wp_fractional_scale_v1 with a viewport: no compositor scaling) and the controls are where the layout says")
    func fractionalScale() throws {
        let scale = 1.5, logical = WindowUnderSwayTests.logical
        let sway = try Sway.start(output: .init(width: Int(Double(logical.width) * scale), height: Int(Double(logical.height) * scale), scale: scale),
                                  config: SharedSway.config, root: try Debian13Root.require())
        defer { sway.stop() }
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: sway)
        defer { app.stop() }
        let window = try sway.waitForWindow(appID: "lodestone")
        let line = try app.waitForLine(containing: "size \(window.content.width)x\(window.content.height) scale 1.5")
        let w = Int((Double(window.content.width) * scale).rounded()), h = Int((Double(window.content.height) * scale).rounded())
        #expect(line.contains("buffer \(w)x\(h)"), "\(line)")
        let placed = try sway.waitForSettledWindow(appID: "lodestone")
        let shot = try sway.screenshot()
        #expect(shot.width == Int(Double(logical.width) * scale))
        let origin = (x: Int(Double(placed.content.x) * scale), y: Int(Double(placed.content.y) * scale))
        let wrong = FirstFrameLayout.mismatches(in: shot, origin: origin, scale: scale)
        #expect(wrong.isEmpty, "sampled points differ from the layout, e.g. \(wrong.prefix(5))")
        #expect(app.isRunning)
    }
}

extension WindowUnderSway110Tests {
    @Test("issue 32.5: at output scale 2 sway 1.10 sends wl_surface.preferred_buffer_scale 2 to Lodestone on libwayland 1.23 (wl_compositor 6 bound) besides the fractional scale 2, and the buffer is twice the window")
    func preferredBufferScale() throws {
        let logical = WindowUnderSwayTests.logical
        let root = try Debian13Root.require()
        let sway = try Sway.start(output: .init(width: logical.width * 2, height: logical.height * 2, scale: 2),
                                  config: SharedSway.config, root: root)
        defer { sway.stop() }
        // Inside the root, on its libwayland 1.23 (the host's 1.21 knows wl_compositor 5 only).
        let scratch = try TemporaryDirectory(prefix: "lodestone-state")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--report-frames"], on: sway, inside: root, dir: scratch)
        defer { app.stop() }
        let s: AppState
        do {
            s = try state.waitFor("a frame at scale 2 with the preferred buffer scale", timeout: 30, settled: false) { s in
                s.scale == 2 && (s.json["preferred_buffer"] as? [String: Any])?["scale"] as? Int == 2
            }
        } catch {
            throw HarnessError("\(error); last: scale \(String(describing: state.last?.scale)) preferred_buffer \(String(describing: state.last?.json["preferred_buffer"]))")
        }
        let size = try #require(s.size)
        let (w, h) = (Int(size.width), Int(size.height))
        let line = try app.waitForLine(containing: "size \(w)x\(h) scale 2")
        #expect(line.contains("buffer \(w * 2)x\(h * 2)"), "\(line)")
        #expect(app.isRunning, "\(app.stderr)")
    }
}

@Suite("sway 1.10 (Debian 13): scrolling and gestures through the device (issue 31.4)", .serialized, .debian13)
struct GesturesUnderSway110Tests {
    @Test("G1: a finger scroll down moves the list the way a wheel detent down does")
    func fingerScroll() throws { try ScrollDirectionAndRepeatUnderSwayTests.fingerScrollsLikeTheWheel(root: try Debian13Root.require()) }

    @Test("G7: a hold on the injected device reaches Lodestone through sway 1.10, and lodestone check --input wayland passes its pinch, swipe and hold steps")
    func holdPassesCheck() throws {
        let root = try Debian13Root.require()
        let dir = try CheckReportDirectory("check-sway110")
        let (sway, seat) = try Sway.startWithInjectedSeat(root: root)
        defer { sway.stop() }
        let app = try Lodestone.launch(["check", "--input", "wayland", "--steps", "pinch,swipe3,hold", "--timeout", "20",
                                        "--pause", "0.05", "--report", dir.report], on: sway, environment: ["SWAYSOCK": sway.ipcSocket])
        defer { app.stop() }
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        try seat.move(to: Double(w.content.x + w.content.width / 2), Double(w.content.y + w.content.height / 2))
        func step(_ name: String, _ act: () throws -> Void) throws {
            try app.waitForLine(containing: "check: step \(name): ", timeout: 30)
            try act()
            try app.waitForLine(containing: "check: step \(name): passed", timeout: 30)
        }
        try step("pinch") { try seat.pinch(scale: 1.5); try seat.pinch(scale: 0.6) }
        try step("swipe3") {
            for (dx, dy) in [(0.0, -12.0), (0, 12), (-12, 0), (12, 0)] {
                try seat.swipe(fingers: 3, deltas: Array(repeating: (dx: dx, dy: dy), count: 6))
            }
        }
        // Two fingers resting 0.8 s (the step asks ≥ 0.5 s, CheckThresholds.holdDuration), then
        // lifting: sway 1.10 forwards the device's hold (zwp_pointer_gesture_hold_v1); 1.7 never did.
        try step("hold") { try seat.holdGesture(fingers: 2, lasting: 0.8) }
        #expect(try app.wait(timeout: 15) == .exited(0), "stderr: \(app.stderr)")
        let md = try dir.read("report.md")
        for name in ["pinch", "swipe3", "hold"] { #expect(md.contains("| \(name) | passed |"), "\(name):\n\(md)") }
        #expect(md.contains("- Name: sway 1.10"), "the compositor named, its version from sway's IPC:\n\(md)")
    }
}

@Suite("sway 1.10 (Debian 13): wl_seat 9 and the scroll direction (issue 32.3)", .serialized, .debian13)
struct SeatVersion9UnderSway110Tests {
    typealias Scroll = ScrollDirectionAndRepeatUnderSwayTests

    @Test("G1: Lodestone on Debian 13's libwayland binds wl_seat at 9 under sway 1.10; a natural finger scroll (the shim's device marks it inverted) reaches the stream as scroll_direction natural before its scrolls, and the state says natural")
    func naturalScrollingSaid() throws {
        let root = try Debian13Root.require("sway", at: "1.10")
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: Scroll.size.width, height: Scroll.size.height),
                                                          config: ["default_border none", "mouse_warping none"], root: root)
        defer { sway.stop() }
        let dir = try TemporaryDirectory(prefix: "lodestone-seat9")
        try Scroll.layout.write(toFile: dir.file("list.json"), atomically: true, encoding: .utf8)
        let state = StateLog(path: dir.file("state.jsonl"))
        let app = try Lodestone.launch(["--layout", dir.file("list.json"), "--state-out", state.path, "--auto-hide", "never", "--report-input"],
                                       on: sway, inside: root, dir: dir)
        defer { app.stop() }
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        try seat.move(to: Double(w.content.x + w.content.width / 2), Double(w.content.y + w.content.height / 2))
        let first = try state.waitFor("a frame with the seat", timeout: 30) { ($0.json["seat"] as? [String: Any])?["version"] is NSNumber }
        #expect(((first.json["seat"] as? [String: Any])?["version"] as? NSNumber)?.intValue == 9, "\(first.json["seat"] ?? "none")\n\(app.stderr)")
        // Two fingers moving down with natural scrolling: the values come inverted (content follows the fingers).
        for _ in 0..<4 { try seat.scroll(dy: -12, natural: true); usleep(12_000) }
        try seat.scrollStop()
        let s = try state.waitFor("the state saying natural", timeout: 15) {
            ($0.json["seat"] as? [String: Any])?["scroll_direction"] as? String == "natural"
        }
        #expect(s.json["toplevel"] != nil)
        var reader = TraceReader()
        _ = try reader.read(line: Array(TraceEncoder.headerLine(TraceHeader()).utf8))
        let events = try app.stdoutLines.filter { $0.hasPrefix("input ") }.compactMap { try reader.read(line: Array($0.dropFirst(6).utf8)) }
        let said = try #require(events.firstIndex { $0.kind == .scrollDirection(.natural) }, "\(events.suffix(20))")
        let firstFinger = try #require(events.firstIndex { if case .scroll(.finger, _, _, _, false) = $0.kind { true } else { false } })
        #expect(said < firstFinger, "scroll_direction natural comes before the first finger scroll")
    }
}
