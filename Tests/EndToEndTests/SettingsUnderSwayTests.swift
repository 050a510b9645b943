// Issue 16.9, end to end: the showcase under headless sway reads settings.json as a user wrote
// it. "autoHideDelay": "never" (the --auto-hide grammar) is accepted; a bad value that a flag
// overrides prints a warning naming file:line:column and the program runs with the flag's value;
// a settings.json that is a directory says so. The auto-hide delay shows in --state-out as the
// pointer's opacity after a pause without any input (P5).
import Foundation
import Testing
import TestSupport
import PointerEngine

@Suite("settings.json under sway (issue 16.9, P5)", .serialized,
       .enabled(if: SwayInject.library() != nil, "needs the sway-inject fixture (scripts/build-fixtures)"))
struct SettingsUnderSwayTests {
    /// A pause without input longer than the default auto-hide delay plus its fade: a pointer
    /// that still shows after it was told never to hide.
    static let idlePause = (PointerSettings().autoHideDelay ?? 3) + 1.5 // s
    static let setupTimeout = 30.0

    /// The showcase in sway with `settings` as its settings.json (`nil`: a directory in its
    /// place) and `flags`; the pointer put inside the window, then left alone for `idlePause`.
    /// Returns the pointer's opacity after the pause and the program's stderr.
    static func pointerOpacityAfterPause(settings: String?, flags: [String]) throws -> (opacity: Double, stderr: String, file: String) {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 1000, height: 700))
        defer { sway.stop() }
        let config = try TemporaryDirectory(prefix: "lodestone-settings")
        let file = config.file("lodestone/settings.json")
        if let settings {
            try FileManager.default.createDirectory(atPath: config.file("lodestone"), withIntermediateDirectories: true)
            try settings.write(toFile: file, atomically: true, encoding: .utf8)
        } else {
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: true)
        }
        let state = StateLog(path: config.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path] + flags, on: sway, environment: ["XDG_CONFIG_HOME": config.path])
        defer { app.stop() }
        let window: Sway.WindowInfo
        do { window = try sway.waitForSettledWindow(appID: "lodestone", timeout: setupTimeout) } catch {
            throw HarnessError("\(error)\n--- lodestone stderr:\n\(app.stderr)")
        }
        try state.waitFor("a first frame", timeout: setupTimeout, settled: false) { $0.frame >= 1 }
        // Into the window with a slow, deliberate move, then hands off.
        let target = (x: Double(window.content.x + window.content.width / 2), y: Double(window.content.y + window.content.height / 2))
        for i in 1...10 {
            try seat.move(to: target.x - 50 + 5 * Double(i), target.y)
            usleep(16_000)
        }
        try state.waitFor("the pointer inside the window, shown", timeout: setupTimeout) { s in
            AppState.point((s.json["pointer"] as? [String: Any])?["at"]) != nil && opacity(s) > 0.99
        }
        usleep(useconds_t(idlePause * 1_000_000))
        let last = try #require(state.last)
        return (opacity(last), app.stderr, file)
    }

    static func opacity(_ s: AppState) -> Double {
        ((s.json["pointer"] as? [String: Any])?["opacity"] as? NSNumber)?.doubleValue ?? -1
    }

    @Test("\"autoHideDelay\": \"never\" in settings.json: the pointer stays after a long pause")
    func neverInFile() throws {
        let run = try Self.pointerOpacityAfterPause(settings: "{\n  \"autoHideDelay\": \"never\"\n}\n", flags: [])
        #expect(run.opacity > 0.99, "\(run.stderr)")
        #expect(!run.stderr.contains("settings.json"), "\(run.stderr)")
    }

    @Test("a bad autoHideDelay with --auto-hide never: a warning naming file:line:column, and the flag's value")
    func badValueOverriddenByFlag() throws {
        let run = try Self.pointerOpacityAfterPause(settings: "{\n  \"size\": 1.5,\n  \"autoHideDelay\": \"soon\"\n}\n",
                                                    flags: ["--auto-hide", "never"])
        #expect(run.opacity > 0.99, "\(run.stderr)")
        #expect(run.stderr.contains("lodestone: warning: \(run.file):3:20: autoHideDelay must be seconds (0 to 3600) or \"never\", "
                                    + "found \"soon\" (ignored: --auto-hide overrides it)"), "\(run.stderr)")
    }

    @Test("the control: a short autoHideDelay in the file hides the pointer within the same pause")
    func shortDelayHides() throws {
        let run = try Self.pointerOpacityAfterPause(settings: "{\"autoHideDelay\": 0.5}", flags: [])
        #expect(run.opacity < 0.01, "\(run.stderr)")
    }

    @Test("settings.json is a directory: says so, exit 2")
    func settingsDirectory() throws {
        let config = try TemporaryDirectory(prefix: "lodestone-settings")
        try FileManager.default.createDirectory(atPath: config.file("lodestone/settings.json"), withIntermediateDirectories: true)
        let app = try Lodestone.launch(["--headless", "--out", config.file("out")], on: nil, environment: ["XDG_CONFIG_HOME": config.path])
        #expect(try app.wait(timeout: 60) == .exited(2))
        #expect(app.stderr.contains("\(config.file("lodestone/settings.json")): cannot read the settings file: is a directory"), "\(app.stderr)")
    }

    @Test("settings.json unreadable to the user running the program: permission denied, exit 2",
          .enabled(if: getuid() == 0, "needs root to run the program as another user"))
    func settingsUnreadable() throws {
        // The program runs as uid 65534 (root reads every file); a copy of it sits where that
        // user may run it (the checkout may be private, issue 16.1).
        let dir = try TemporaryDirectory(prefix: "lodestone-settings")
        let program = try Lodestone.copy(runnableByOthersIn: dir)
        try FileManager.default.createDirectory(atPath: dir.file("lodestone-config/lodestone"), withIntermediateDirectories: true)
        let file = dir.file("lodestone-config/lodestone/settings.json")
        try "{}".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(dir.file("lodestone-config"), 0o755)
        chmod(dir.file("lodestone-config/lodestone"), 0o755)
        chmod(file, 0o600)
        let out = try TemporaryDirectory(prefix: "lodestone-out")
        try out.give(to: 65534, gid: 65534)
        let app = try ChildProcess(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", program, "--headless", "--out", out.file("o")],
                                   environment: ["PATH": "/usr/bin:/bin", "XDG_CONFIG_HOME": dir.file("lodestone-config")], name: "lodestone")
        #expect(try app.wait(timeout: 60) == .exited(2))
        #expect(app.stderr.contains("\(file): cannot read the settings file: permission denied"), "\(app.stderr)")
    }
}
