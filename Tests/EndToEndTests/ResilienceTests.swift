// Issue 2 "done when": degraded compositors and a dying compositor. weston headless has no
// seat (the client maps and keeps running, saying input is unavailable); a compositor killed
// mid-run makes the client exit 1 with "compositor connection lost" within a second; a
// compositor without xdg_wm_base gets a sentence and exit status 3.
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("Compositor failures and degraded modes", .serialized)
struct ResilienceTests {
    @Test("under weston headless (no seat) the window maps, keeps running and says input is unavailable")
    func westonWithoutSeat() throws {
        let weston = try Weston.start()
        let app = try Lodestone.launch(["--first-frame", "--report-frames"], on: weston)
        // desktop-shell lets the client choose (configure 0×0): our default size.
        try app.waitForLine(containing: "frame 1 size 720x480 ")
        #expect(app.stderr.contains("wl_seat"))
        #expect(app.stderr.contains("no seat"))
        // Keeps running without input: still alive a moment later, then ends cleanly on SIGTERM.
        usleep(300_000)
        #expect(app.isRunning)
        app.send(SIGTERM)
        #expect(try app.wait(timeout: 5) == .exited(0))
    }

    @Test("killing sway mid-run: exit status 1, 'compositor connection lost', within 1 s")
    func compositorKilled() throws {
        let sway = try Sway.start()
        let app = try Lodestone.launch(["--animate", "--report-frames"], on: sway)
        try app.waitForLine(containing: "frame 5 ")
        sway.process.send(SIGKILL)
        let killed = monotonicSeconds()
        let end = try app.wait(timeout: 1.0)
        let elapsed = monotonicSeconds() - killed
        #expect(end == .exited(1))
        #expect(app.stderr.contains("compositor connection lost"))
        #expect(elapsed < 1.0, "exited \(elapsed) s after the compositor died")
    }

    @Test("a compositor without xdg_wm_base: a sentence naming it and exit status 3")
    func missingRequiredGlobal() throws {
        // weston's fullscreen shell offers zwp_fullscreen_shell_v1 instead of xdg_wm_base.
        let weston = try Weston.start(shell: "fullscreen-shell.so")
        let app = try Lodestone.launch([], on: weston)
        #expect(try app.wait(timeout: 5) == .exited(3))
        #expect(app.stderr.contains("does not offer xdg_wm_base"))
    }

    @Test("the compositor closes the window (xdg_toplevel.close): status 0")
    func closedByCompositor() throws {
        let sway = try Sway.start()
        let app = try Lodestone.launch(["--report-frames"], on: sway)
        try app.waitForLine(containing: "frame 1 ")
        try sway.command("[app_id=\"lodestone\"] kill")
        #expect(try app.wait(timeout: 5) == .exited(0))
        #expect(!app.stderr.contains("connection lost"))
    }

    @Test("SIGINT ends the window cleanly with status 0")
    func interrupt() throws {
        let sway = try Sway.start()
        let app = try Lodestone.launch(["--report-frames"], on: sway)
        try app.waitForLine(containing: "frame 1 ")
        app.send(SIGINT)
        #expect(try app.wait(timeout: 5) == .exited(0))
    }
}
