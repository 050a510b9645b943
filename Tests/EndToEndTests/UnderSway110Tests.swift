// Issue 31: Debian 13's sway 1.10 (wlroots 0.18), run inside the Debian 13 root
// (scripts/debian13-root) with the sway-inject shim built against its wlroots 0.18, and the
// host-built Lodestone connecting across the runtime directory. The same checks as under
// Debian 12's sway 1.7 (the showcase's highlight, lift and copy drags, a finger scroll), plus
// what sway 1.10 adds: fractional scale 1.5 (wp_fractional_scale_v1) and holds forwarded
// from the device to the client (sway 1.8+), which `lodestone check --input wayland` passes.
import Foundation
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
