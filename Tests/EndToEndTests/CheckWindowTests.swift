// `lodestone check` in its window (issue 21.1, 21.2, 21.5) as a user runs it: under headless sway
// with input injected into sway's seat (sway-inject), every step sway can deliver passes and the
// report lists sway's globals with their versions; a user who does nothing sees every step time
// out and the report still written; under weston headless (no seat) the report says no input
// came from the compositor and how to read the devices instead. The hold step against libinput
// is in LibinputBackendTests/CheckWindowMergedTests (it needs an emulated touchpad).
import Foundation
import Glibc
import InputProtocol
import Testing
import TestSupport

/// A report file's directory, removed at the end.
final class CheckReportDirectory {
    let url: URL
    init(_ name: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        // The program runs as the test's user; sway as nobody never writes here.
    }
    deinit { try? FileManager.default.removeItem(at: url) }
    var report: String { url.appendingPathComponent("report.md").path }
    func read(_ name: String) throws -> String { try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8) }
}

/// The check window under headless sway with an injected seat: started with ARGUMENTS (and
/// `--report` into its own directory), the settings file `settings` when given, the pointer moved
/// into the window (`pointer`: where, from the window's content) and the first step under way.
final class CheckUnderSway {
    let dir: CheckReportDirectory
    let sway: Sway
    let seat: SeatInjector
    let app: ChildProcess
    let window: Sway.WindowInfo

    init(_ name: String, _ arguments: [String], settings: String? = nil, output: Sway.Output = .init(), report: Bool = true,
         environment extra: [String: String] = [:],
         pointer: ((Sway.WindowInfo) -> (Double, Double))? = { (Double($0.content.x + 100), Double($0.content.y + 100)) },
         firstStep: String) throws {
        dir = try CheckReportDirectory(name)
        var environment: [String: String] = [:]
        if let settings {
            try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("lodestone"), withIntermediateDirectories: true)
            try settings.write(to: dir.url.appendingPathComponent("lodestone/settings.json"), atomically: true, encoding: .utf8)
            environment["XDG_CONFIG_HOME"] = dir.url.path
        }
        (sway, seat) = try Sway.startWithInjectedSeat(output: output)
        environment["SWAYSOCK"] = sway.ipcSocket
        environment.merge(extra) { _, new in new }
        app = try Lodestone.launch(["check"] + arguments + (report ? ["--report", dir.report] : []), on: sway, environment: environment)
        window = try sway.waitForSettledWindow(appID: "lodestone")
        if let pointer { let (x, y) = pointer(window); try seat.move(to: x, y) }
        try app.waitForLine(containing: "check: step \(firstStep): ")
    }

    deinit { app.stop() }
}

@Suite("lodestone check in its window (issue 21.1, 21.5; G1–G11)", .serialized,
       .enabled(if: SwayInject.library() != nil, "needs the sway-inject fixture (scripts/build-fixtures)"))
struct CheckWindowTests {
    /// Every step sway 1.7 can deliver through its seat (all but hold), in the check's order.
    static let deliverable = ["scroll", "wheel", "pinch", "rotate", "smart-zoom", "swipe3", "swipe4", "tap", "click", "drag", "touch", "keys"]

    @Test("Under sway with injected input: every step sway delivers passes, and the report lists sway's globals with versions")
    func everyStepUnderSway() throws {
        let dir = try CheckReportDirectory("check-sway")
        let (sway, seat) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["check", "--steps", Self.deliverable.joined(separator: ","), "--timeout", "10", "--pause", "0.05",
                                        "--report", dir.report], on: sway, environment: ["SWAYSOCK": sway.ipcSocket])
        defer { app.stop() }
        let w = try sway.waitForSettledWindow(appID: "lodestone")
        let (cx, cy) = (Double(w.content.x + w.content.width / 2), Double(w.content.y + w.content.height / 2))
        try seat.move(to: cx, cy)
        func step(_ name: String, _ act: () throws -> Void) throws {
            try app.waitForLine(containing: "check: step \(name): ")
            try act()
            try app.waitForLine(containing: "check: step \(name): passed")
        }
        try step("scroll") {
            for _ in 0..<5 { try seat.scroll(dy: 12) }          // 60 pt down, fast: a flick at the stop
            try seat.scrollStop()
            for _ in 0..<5 { try seat.scroll(dx: 12) }
            try seat.scrollStop(vertical: false, horizontal: true)
        }
        try step("wheel") { try seat.wheel(detents: 1) }
        try step("pinch") { try seat.pinch(scale: 1.5); try seat.pinch(scale: 0.6) }
        try step("rotate") { try seat.pinch(scale: 1, rotation: 40); try seat.pinch(scale: 1, rotation: -40) }
        // Two two-finger taps (right button) 0.35 s apart at most.
        try step("smart-zoom") { try seat.click(.right); try seat.click(.right) }
        for n in [3, 4] {
            try step("swipe\(n)") {
                for (dx, dy) in [(0.0, -12.0), (0, 12), (-12, 0), (12, 0)] {
                    try seat.swipe(fingers: n, deltas: Array(repeating: (dx: dx, dy: dy), count: 6))
                }
            }
        }
        try step("tap") { try seat.click(.left); try seat.click(.right); try seat.click(.middle) }
        try step("click") { try seat.click(.left); try seat.click(.right) }
        // Plain, then each modifier of the desktop convention: Ctrl copy, Shift move, Ctrl+Shift link.
        try step("drag") {
            var right = true
            for keys in [[], [SeatInjector.Key.leftCtrl], [.leftShift], [.leftCtrl, .leftShift]] {
                try seat.hold(keys) { try seat.drag(.left) { for _ in 0..<5 { try seat.move(by: right ? 12 : -12, 0) } } }
                right.toggle()
            }
        }
        try step("touch") {
            let at = (x: cx - 100, y: cy)
            try seat.touchDown(.init(id: 0, x: at.x, y: at.y)); try seat.touchUp(0)               // tap
            try seat.touchDown(.init(id: 1, x: at.x, y: at.y))
            usleep(650_000)                                                                       // a long press: still for 0.65 s
            try seat.touchUp(1)
            try seat.touch(id: 2, from: (at.x, at.y), to: (at.x + 80, at.y), steps: 4)            // drag
        }
        try step("keys") {
            for key in [SeatInjector.Key.leftShift, .leftCtrl, .leftAlt, .leftSuper, .capsLock, .numLock] { try seat.type(key) }
        }
        #expect(try app.wait(timeout: 10) == .exited(0), "stderr: \(app.stderr)")

        let md = try dir.read("report.md")
        let json = try dir.read("report.json")
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_CHECK_SHOTS"] {   // README's sample report
            try? md.write(toFile: keep + "/sway-report.md", atomically: true, encoding: .utf8)
        }
        for name in Self.deliverable { #expect(md.contains("| \(name) | passed |"), "\(name):\n\(md)") }
        #expect(!json.contains("\"result\": \"failed\"") && !json.contains("\"result\": \"skipped\""))
        // sway's globals, each with its version (sway 1.7: wl_seat 7, pointer-gestures 3).
        #expect(md.contains("- `wl_seat` v7"), "\(md)")
        #expect(md.contains("- `zwp_pointer_gestures_v1` v3"))
        #expect(md.contains("- `xdg_wm_base` v"))
        #expect(json.contains("\"zwp_pointer_gestures_v1\": 3"))
        #expect(md.contains("- Name: sway 1.7"), "the compositor named, its version from sway's IPC")
        // The figures: a first-event time for each step, an update rate for the streaming ones.
        let pinch = try #require(md.split(separator: "\n").first { $0.hasPrefix("| pinch |") })
        // (The update rate is the injector's pace: none when sway stamps them all in one millisecond.)
        let cells = pinch.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[2].hasSuffix(" s") && Double(cells[2].dropLast(2)).map { $0 >= 0 && $0 < 10 } == true, "\(pinch)")
        #expect(cells[5] == "scale × 1.5", "\(pinch)")
        // The private trace beside the report (T3): no text key in it.
        let trace = try TraceDecoder.decode(try dir.read("report.trace"))
        #expect(trace.header.privacy == .redactText)
        #expect(trace.events.contains { if case .gesture(let g) = $0.kind { g.kind == .pinch } else { false } })
    }

    /// Where the step's screen (CheckScreens' 560×340 pt, its white card at (12, 12) 536 pt wide)
    /// is on the output, found in a screenshot (sway's window geometry can be read before its
    /// title bar is laid out), at `k` output pixels per screen point; and the card's width.
    static func screenOrigin(_ sway: Sway, k: Double = 1, timeout: Double = 5) throws -> (x: Int, y: Int, cardWidth: Int) {
        let white = RGBA(hex: 0xFFFFFF)
        var found: (x: Int, y: Int, cardWidth: Int)?
        try waitUntil(timeout: timeout, "the check's screen") {
            let shot = try sway.screenshot()
            // The widest row of white is the card's (a row clear of its text and corners).
            var best = (y: 0, count: 0)
            for y in stride(from: 0, to: shot.height, by: 2) {
                let n = shot.count(of: white, x: 0, y: y, width: shot.width, height: 1, tolerance: 2)
                if n > best.count { best = (y, n) }
            }
            guard best.count > Int(400 * k) else { return false }
            let left = (0..<shot.width).first { shot.pixel(x: $0, y: best.y).matches(white, tolerance: 2) }!
            // Its top edge: down a column 40 pt inside it, clear of the rounded corner.
            let column = left + Int(40 * k)
            guard let top = (0..<shot.height).first(where: { shot.pixel(x: column, y: $0).matches(white, tolerance: 2) }) else { return false }
            found = (left - Int((12 * k).rounded()), top - Int((12 * k).rounded()), best.count)
            return true
        }
        return found!
    }

    /// A screenshot to look at by eye, when LODESTONE_CHECK_SHOTS names a directory.
    static func keepShot(_ sway: Sway, _ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["LODESTONE_CHECK_SHOTS"] else { return }
        _ = try? ChildProcess(["grim", dir + "/" + name + ".png"], environment: sway.clientEnvironment, name: "grim").wait(timeout: 10)
    }

    @Test("The window ticks a part off as it happens, and its fingers move unless reduce motion is on (P6)", arguments: [false, true])
    func liveFeedback(reduceMotion: Bool) throws {
        let run = try CheckUnderSway("check-live", ["--steps", "pinch", "--timeout", "20", "--pause", "0.3"] + (reduceMotion ? ["--reduce-motion"] : []),
                                     report: false, pointer: { (Double($0.content.x + 40), Double($0.content.y + 40)) }, firstStep: "pinch")
        let (sway, seat, app) = (run.sway, run.seat, run.app)
        let o = try Self.screenOrigin(sway)
        // CheckScreens: the part dots are 14 pt circles at (290, 117 + 22 i): a grey ring, empty
        // (the card's white in its centre) until done, then green with a white tick (green left
        // of the tick); the pad 230×160 at (32, 110).
        let zoomIn = (x: o.x + 297, y: o.y + 124), zoomOut = (x: o.x + 297, y: o.y + 146), zoomInGreen = (x: o.x + 292, y: o.y + 124)
        let pass = RGBA(hex: 0x34C759), card = RGBA(hex: 0xFFFFFF)
        let pad = (x: o.x + 32, y: o.y + 110, width: 230, height: 160)
        var shot = try sway.screenshot()
        try waitUntil(timeout: 5, "the pinch step's screen") {
            shot = try sway.screenshot()
            return shot.pixel(x: zoomIn.x, y: zoomIn.y).matches(card, tolerance: 4) && shot.pixel(x: o.x + 40, y: o.y + 200).matches(RGBA(hex: 0xE5E5EA), tolerance: 4)
        }
        Self.keepShot(sway, "pinch-\(reduceMotion ? "still" : "moving")")
        // The fingers: two screenshots 0.3 s apart differ in the pad unless motion is reduced.
        let before = shot.pixels(x: pad.x, y: pad.y, width: pad.width, height: pad.height)
        usleep(300_000)
        let after = try sway.screenshot().pixels(x: pad.x, y: pad.y, width: pad.width, height: pad.height)
        if reduceMotion { #expect(before == after, "reduce motion: the fingers stay at rest") }
        else { #expect(before != after, "the fingers move in the illustration") }
        // Live: the zoom in is ticked off at once, the zoom out not yet.
        try seat.pinch(scale: 1.5)
        try waitUntil(timeout: 5, "the zoom in ticked off") { try sway.screenshot().pixel(x: zoomInGreen.x, y: zoomInGreen.y).matches(pass, tolerance: 8) }
        shot = try sway.screenshot()
        #expect(shot.pixel(x: zoomOut.x, y: zoomOut.y).matches(card, tolerance: 4))
        #expect(!app.stdout.contains("check: step pinch: passed"))
        Self.keepShot(sway, "pinch-half-\(reduceMotion ? "still" : "moving")")
        try seat.pinch(scale: 0.6)
        try app.waitForLine(containing: "check: step pinch: passed")
        Self.keepShot(sway, "pinch-passed-\(reduceMotion ? "still" : "moving")")
        #expect(try app.wait(timeout: 5) == .exited(0))
        // No --report: the Markdown report on stdout.
        #expect(app.stdout.contains("| pinch | passed |"))
    }

    @Test("The settings file's pointer size enlarges the step's screen (P6): size 2 draws it twice as large", arguments: [1.0, 2.0])
    func pointerSize(size: Double) throws {
        let run = try CheckUnderSway("check-size", ["--steps", "pinch", "--timeout", "20"], settings: "{\"size\": \(size)}",
                                     output: .init(width: 1280, height: 800), report: false, pointer: nil, firstStep: "pinch")
        let (sway, w) = (run.sway, run.window)
        // The card is 536 pt wide: 536 px at size 1, 1072 at size 2.
        let card = try Self.screenOrigin(sway, k: size).cardWidth
        Self.keepShot(sway, "size-\(Int(size))")
        #expect(abs(Double(card) - 536 * size) <= 2 * size, "card \(card) px wide at size \(size), window \(w.content)")
    }

    @Test("The drag step asks for the active conventions' modifiers: the Mac's Option copy and Option+Command link (I2, G9)")
    func macConventions() throws {
        let run = try CheckUnderSway("check-mac", ["--steps", "drag", "--timeout", "20", "--pause", "0"], settings: "{\"conventions\": \"mac\"}",
                                     pointer: { (Double($0.content.x + $0.content.width / 2), Double($0.content.y + $0.content.height / 2)) },
                                     firstStep: "drag")
        let (seat, app, dir) = (run.seat, run.app, run.dir)
        func drag(_ keys: [SeatInjector.Key], _ dx: Double) throws {
            try seat.hold(keys) { try seat.drag(.left) { for _ in 0..<5 { try seat.move(by: dx / 5, 0) } } }
        }
        // The desktop's Ctrl copy means nothing here: the step still wants Option's.
        try drag([], 60); try drag([.leftCtrl], -60)
        try seat.send("ping")
        usleep(200_000)
        #expect(!app.stdout.contains("check: step drag: passed"))
        try drag([.leftAlt], 60); try drag([.leftAlt, .leftSuper], -60)
        try app.waitForLine(containing: "check: step drag: passed")
        #expect(try app.wait(timeout: 5) == .exited(0))
        let json = try dir.read("report.json")
        #expect(json.contains("\"parts\": {\"plain\": true, \"copy (Option)\": true, \"link (Option+Command)\": true}"), "\(json)")
    }

    @Test("A user who does nothing: every step times out as skipped, and the report is still written")
    func nobodyThere() throws {
        let dir = try CheckReportDirectory("check-idle")
        let (sway, _) = try Sway.startWithInjectedSeat()
        let app = try Lodestone.launch(["check", "--timeout", "0.25", "--pause", "0.02", "--report", dir.report], on: sway)
        defer { app.stop() }
        // 13 steps of 0.25 s: no input at all, the timeouts alone end them.
        #expect(try app.wait(timeout: 20) == .exited(0), "stderr: \(app.stderr)")
        let md = try dir.read("report.md")
        for name in ["scroll", "wheel", "pinch", "rotate", "smart-zoom", "swipe3", "swipe4", "hold", "tap", "click", "drag", "touch", "keys"] {
            #expect(md.contains("| \(name) | skipped |") && md.contains("nothing arrived within 0.25 s"), "\(name):\n\(md)")
        }
        #expect(!md.contains("| failed |"))
        #expect(app.stdoutLines.filter { $0.hasSuffix(": skipped (nothing arrived within 0.25 s)") }.count == 13, "\(app.stdout)")
    }

    @Test("Keyboard only: S skips the step, Enter starts it again, Esc ends the check and the report is written")
    func keys() throws {
        let run = try CheckUnderSway("check-keys", ["--steps", "pinch,rotate,swipe3", "--timeout", "20"], firstStep: "pinch")
        let (seat, app, dir) = (run.seat, run.app, run.dir)
        // Half the pinch step, then Enter: it starts again, the zoom in is forgotten.
        try seat.pinch(scale: 1.5)
        try seat.type(SeatInjector.Key(rawValue: 28))           // Enter
        try waitUntil(timeout: 5, "the pinch step started again") { app.stdoutLines.filter { $0.hasPrefix("check: step pinch: Spread") }.count == 2 }
        try seat.pinch(scale: 0.6)
        try seat.type(SeatInjector.Key(rawValue: 31))           // S
        try app.waitForLine(containing: "check: step pinch: skipped (skipped with S)")
        try app.waitForLine(containing: "check: step rotate: ")
        try seat.type(.escape)
        #expect(try app.wait(timeout: 5) == .exited(0), "stderr: \(app.stderr)")
        let md = try dir.read("report.md")
        #expect(md.contains("| pinch | skipped |") && md.contains("skipped with S"))
        #expect(md.contains("| rotate | skipped |") && md.contains("the check was ended (Esc)"))
        #expect(md.contains("| swipe3 | skipped |"))
        // The private trace (T3): the S typed is there, as a private key; Enter and Esc keep their names.
        let trace = try TraceDecoder.decode(try dir.read("report.trace"))
        let keys = trace.events.compactMap { if case .key(let code, true) = $0.kind { code } else { nil } }
        #expect(keys.contains(.placeholder) && !keys.contains(KeyCode(rawValue: 31)), "\(keys)")
        #expect(keys.contains(KeyCode(rawValue: 28)) && keys.contains(KeyCode(rawValue: 1)))
    }

    @Test("A device removed mid-step ends that step with the reason; the check goes on (its held keys lit) and the report is written (G7)")
    func deviceRemoved() throws {
        let run = try CheckUnderSway("check-unplug", ["--steps", "pinch,keys", "--timeout", "20", "--pause", "0"], firstStep: "pinch")
        let (seat, app, dir) = (run.seat, run.app, run.dir)
        try seat.pinch(scale: 1.5)
        try seat.remove(.pointer)
        try app.waitForLine(containing: "check: step pinch: failed (the device “seat0 pointer” was removed during the step)")
        // The next step runs on the keyboard, which is still there.
        try app.waitForLine(containing: "check: step keys: ")
        // Live: the held Shift lights its keycap (CheckScreens: 64×44 pt at (42, 140) in the screen).
        let o = try Self.screenOrigin(run.sway)
        let shiftCap = (x: o.x + 48, y: o.y + 146), ctrlCap = (x: o.x + 120, y: o.y + 146)
        try seat.press(key: .leftShift)
        try waitUntil(timeout: 5, "the Shift keycap lit") {
            try run.sway.screenshot().pixel(x: shiftCap.x, y: shiftCap.y).matches(RGBA(hex: 0x0A84FF), tolerance: 8)
        }
        #expect(try run.sway.screenshot().pixel(x: ctrlCap.x, y: ctrlCap.y).matches(RGBA(hex: 0xE5E5EA), tolerance: 4), "Ctrl is not held")
        try seat.release(key: .leftShift)
        for key in [SeatInjector.Key.leftShift, .leftCtrl, .leftAlt, .leftSuper, .capsLock, .numLock] { try seat.type(key) }
        #expect(try app.wait(timeout: 10) == .exited(0), "stderr: \(app.stderr)")
        let md = try dir.read("report.md")
        #expect(md.contains("| pinch | failed |") && md.contains("was removed during the step"), "\(md)")
        #expect(md.contains("| keys | passed |"))
    }

    @Test("The compositor going away mid-step ends that step with the reason, skips the rest, and the report is still written")
    func compositorGone() throws {
        let run = try CheckUnderSway("check-gone", ["--steps", "pinch,rotate,hold", "--timeout", "20"], firstStep: "pinch")
        let (sway, seat, app, dir) = (run.sway, run.seat, run.app, run.dir)
        try seat.pinch(scale: 1.5)
        try seat.send("ping")
        sway.crash()
        #expect(try app.wait(timeout: 10) == .exited(0), "the report was written; stderr: \(app.stderr)")
        #expect(app.stderr.contains("check: the compositor went away"))
        let md = try dir.read("report.md")
        #expect(md.contains("| pinch | failed |") && md.contains("the compositor went away during the step"), "\(md)")
        #expect(md.contains("| rotate | skipped |") && md.contains("| hold | skipped |") && md.contains("the compositor went away before this step"))
        // The globals were read when the check started.
        #expect(md.contains("`zwp_pointer_gestures_v1` v3"))
    }

    @Test("After the last step the window shows the summary, each step with its result's colour; Enter closes it")
    func summary() throws {
        let run = try CheckUnderSway("check-summary", ["--steps", "wheel,click", "--timeout", "20", "--pause", "2"], firstStep: "wheel")
        let (sway, seat, app) = (run.sway, run.seat, run.app)
        try seat.wheel(detents: 1)
        try app.waitForLine(containing: "check: step wheel: passed")
        try seat.type(SeatInjector.Key(rawValue: 28))           // Enter: on at once from the result
        try app.waitForLine(containing: "check: step click: ")
        try seat.type(SeatInjector.Key(rawValue: 31))           // S
        try app.waitForLine(containing: "check: step click: skipped")
        // CheckScreens.summary: a 12 pt dot per step at (32, 96 + 26 i), the second half of the
        // steps in a column at x 290 (one step each here).
        let o = try Self.screenOrigin(run.sway)
        let wheelDot = (x: o.x + 38, y: o.y + 102), clickDot = (x: o.x + 296, y: o.y + 102)
        try waitUntil(timeout: 6, "the summary") {
            let shot = try sway.screenshot()
            return shot.pixel(x: wheelDot.x, y: wheelDot.y).matches(RGBA(hex: 0x34C759), tolerance: 8)
                && shot.pixel(x: clickDot.x, y: clickDot.y).matches(RGBA(hex: 0x8E8E93), tolerance: 8)
        }
        #expect(app.isRunning, "the summary stays up (4 × --pause)")
        try seat.type(SeatInjector.Key(rawValue: 28))
        #expect(try app.wait(timeout: 2) == .exited(0))
        #expect(try run.dir.read("report.md").contains("| wheel | passed |"))
    }

    @Test("Under weston headless (no seat, no device libinput reads): the check says at once that no input can reach it and ends, every step skipped: no input (issue 30.10)")
    func westonHasNoSeat() throws {
        let dir = try CheckReportDirectory("check-weston")
        let weston = try Weston.start()
        // The default 30 s timeout: 13 steps would take 6.5 minutes if the check waited them out.
        let app = try Lodestone.launch(["check", "--pause", "0.1", "--report", dir.report], on: weston)
        defer { app.stop() }
        try app.waitForLine(containing: "check: no input can reach the check: the compositor (weston) offers no seat and ")
        #expect(try app.wait(timeout: 15) == .exited(0), "stderr: \(app.stderr)")
        #expect(app.stderr.contains("the compositor has no seat"))
        #expect(!app.stdout.contains("check: step pinch: Spread"), "no step asks the user to do anything")
        #expect(app.stdoutLines.filter { $0.hasSuffix(": skipped (no input)") }.count == 13, "\(app.stdout)")
        let md = try dir.read("report.md")
        #expect(md.contains("**no-compositor-input**"), "\(md)")
        #expect(md.contains("No input from the compositor") && md.contains("it offers no seat (no wl_seat global)"))
        #expect(md.contains("Use `--input libinput`"))
        for name in Self.deliverable + ["hold"] { #expect(md.contains("| \(name) | skipped | – | – | – | – | no input |"), "\(name):\n\(md)") }
        #expect(!md.contains("`wl_seat`"), "weston headless advertises no wl_seat")
        #expect(app.stderr.contains("lodestone check: 13 steps, 0 failed"))
    }

    /// Whether this machine has no input device nodes at all (libinput reads none, even as root).
    static var noInputDevices: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []).allSatisfy { !$0.hasPrefix("event") }
    }

    @Test("--input libinput in the window with no touchpad libinput can read: the window says no-touchpad as the headless route does (issue 30.10)",
          .enabled(if: noInputDevices, "this machine has input devices: libinput may read a touchpad"))
    func windowSaysNoTouchpad() throws {
        let run = try CheckUnderSway("check-no-pad", ["--input", "libinput", "--steps", "pinch,click", "--timeout", "2", "--pause", "1"],
                                     firstStep: "pinch")
        let (sway, seat, app, dir) = (run.sway, run.seat, run.app, run.dir)
        // The user clicks (the compositor's pointer counts for the click step), then rests.
        try app.waitForLine(containing: "check: step click: ")
        try seat.click(.left); usleep(300_000); try seat.click(.right)
        try app.waitForLine(containing: "check: step click: passed")
        try app.waitForLine(containing: "check: diagnosis no-touchpad: No touchpad found")
        // The summary shows the diagnosis (its line above the report's path).
        usleep(400_000)
        Self.keepShot(sway, "no-touchpad-summary")
        #expect(try app.wait(timeout: 10) == .exited(0), "stderr: \(app.stderr)")
        let md = try dir.read("report.md")
        #expect(md.contains("- **no-touchpad**: No touchpad found"), "\(md)")
        #expect(md.contains("- seat0 pointer (compositor, pointer, gesture)"), "the seat's devices are listed, and are not taken for a touchpad")
    }

    @Test("--steps drag,click takes drag first; a drag step that got only a plain move and a click is skipped, not failed (issue 30.10)")
    func stepsInTheOrderGiven() throws {
        let run = try CheckUnderSway("check-order", ["--steps", "drag,click", "--timeout", "3", "--pause", "0.2"],
                                     pointer: { (Double($0.content.x + 200), Double($0.content.y + 150)) }, firstStep: "drag")
        let (seat, app, dir) = (run.seat, run.app, run.dir)
        // A slow glide with no button, a rest, a click in place, a rest: nothing that is a drag.
        for _ in 0..<20 { try seat.move(by: 2, 1); usleep(25_000) }
        usleep(500_000)
        try seat.click(.left)
        try app.waitForLine(containing: "check: step drag: skipped (nothing meant for this step within 3 s)", timeout: 10)
        try app.waitForLine(containing: "check: step click: ")
        try seat.click(.left); usleep(400_000); try seat.click(.right)
        try app.waitForLine(containing: "check: step click: passed")
        #expect(try app.wait(timeout: 10) == .exited(0), "stderr: \(app.stderr)")
        let lines = app.stdoutLines
        let drag = try #require(lines.firstIndex { $0.hasPrefix("check: step drag: ") })
        let click = try #require(lines.firstIndex { $0.hasPrefix("check: step click: ") })
        #expect(drag < click, "\(lines)")
        #expect(app.stdout.contains("check: window ready, 2 steps"))
        let md = try dir.read("report.md")
        #expect(md.contains("| drag | skipped |") && !md.contains("| failed |"), "\(md)")
        #expect(md.range(of: "| drag |")!.lowerBound < md.range(of: "| click |")!.lowerBound, "the report in the order taken")
    }

    @Test("Under sway 1.7, --input wayland, a hold on the touchpad (dropped by sway) and no libinput evidence: hold-not-forwarded with the --input libinput remedy; \"1 step\" (issue 30.10)")
    func holdUnderSway17() throws {
        let run = try CheckUnderSway("check-hold", ["--steps", "hold", "--timeout", "2", "--pause", "0.1"], firstStep: "hold")
        let (seat, app, dir) = (run.seat, run.app, run.dir)
        usleep(300_000)
        try seat.holdGesture(fingers: 2)             // sway 1.7 drops it
        usleep(800_000)
        try seat.holdGesture(fingers: 3)
        try app.waitForLine(containing: "check: step hold: skipped", timeout: 10)
        try app.waitForLine(containing: "check: diagnosis hold-not-forwarded: ")
        #expect(try app.wait(timeout: 10) == .exited(0), "stderr: \(app.stderr)")
        #expect(app.stdout.contains("check: window ready, 1 step\n"), "\(app.stdout)")
        #expect(app.stderr.contains("lodestone check: 1 step, 0 failed;"), "\(app.stderr)")
        let md = try dir.read("report.md")
        #expect(md.contains("- Name: sway 1.7"))
        #expect(md.contains("- **hold-not-forwarded** (hold): The compositor (sway 1.7) delivered no hold: sway before 1.8 does not forward holds, the likely cause. Remedy: Use `--input libinput`"), "\(md)")
    }
}
