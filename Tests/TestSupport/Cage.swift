// cage 0.1.4 (a wlroots 0.15 kiosk compositor), and wayfire 0.7 where it can run, for
// end-to-end tests (issue 19): headless
// backend, pixman renderer, run as uid 65534 (cage refuses root) in its own runtime directory,
// with the sway-inject shim preloaded (it wraps wlr_backend_autocreate, which cage calls too)
// for real pointer and keyboard input. cage runs the program it shows itself: the test's
// lodestone is its child. Stopped by PID. With a Debian 13 root, that root's cage 0.2 (wlroots
// 0.18) with the shim built for it, and the program it shows run inside the root as well
// (the Swift runtime bound in read-only): a Debian 13 user's libraries under a host-built binary.
import Foundation
import SwayHarness

public final class Cage: Compositor {
    public let runtimeDirectory: TemporaryDirectory
    public let process: ChildProcess
    public let socket: String
    /// Injected devices (nil without the shim).
    public let seat: SeatInjector?
    /// The headless output, points (wlroots' default mode, scale 1).
    public static let outputSize = (width: 1280, height: 720)

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "PATH": Sway.path]
    }

    /// Why cage cannot run here (nil when it can).
    public static var unavailable: String? {
        if !programOnPath("cage") { return "cage is not installed (scripts/setup test installs it)" }
        if getuid() != 0 { return "cage refuses root and the harness runs it as uid 65534: needs root to switch users" }
        return nil
    }

    /// Starts cage showing `program arguments` (a path runnable by uid 65534). With `root`, the
    /// root's cage; `sharing` then lists the host directories the program needs inside it.
    public static func start(showing program: [String], inject: Bool = true, root: Debian13Root? = nil, sharing: [String] = [],
                             timeout: Double = 20) throws -> Cage {
        if root == nil, let why = Cage.unavailable { throw HarnessError(why) }
        return try Cage(name: "cage", command: { _ in ["cage", "--"] + program }, inject: inject, root: root, sharing: sharing, timeout: timeout)
    }

    /// Starts the Debian 13 root's labwc 0.8 (wlroots 0.18, a stacking compositor) showing
    /// `program arguments` as cage does: labwc starts it (-s), and a window rule maximizes it
    /// without a title bar, so it fills the 1280×720 output at (0, 0) (issue 31).
    public static func startLabwc(showing program: [String], root: Debian13Root, sharing: [String] = [], timeout: Double = 20) throws -> Cage {
        try Cage(name: "labwc", command: { dir in
            let config = dir.file("labwc")
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            let rules = """
                <?xml version="1.0"?>
                <labwc_config>
                  <windowRules>
                    <windowRule identifier="lodestone" serverDecoration="no"><action name="Maximize"/></windowRule>
                  </windowRules>
                </labwc_config>

                """
            try rules.write(toFile: config + "/rc.xml", atomically: true, encoding: .utf8)
            // labwc runs the command through sh -c: each argument single-quoted.
            let line = program.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            return ["labwc", "-C", config, "-s", line]
        }, inject: true, root: root, sharing: sharing, timeout: timeout)
    }

    /// Why wayfire cannot run here (nil when it can): wayfire 0.7 renders with GLES only and
    /// exits at start without a DRM render node ("Failed to get DRM file descriptor!", measured).
    public static var wayfireUnavailable: String? {
        if !programOnPath("wayfire") { return "wayfire is not installed (scripts/setup test installs it)" }
        if getuid() != 0 { return "the harness runs wayfire as uid 65534: needs root to switch users" }
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        if !nodes.contains(where: { $0.hasPrefix("renderD") }) {
            // Measured (wayfire 0.7.4, WLR_BACKENDS=headless WLR_RENDERER=pixman): "Failed to get
            // DRM file descriptor!", exit status 1, before any output.
            return "no DRM render node (/dev/dri/renderD*): wayfire 0.7 has no pixman renderer and exits at start without one (\"Failed to get DRM file descriptor!\")"
        }
        return nil
    }

    /// Starts wayfire 0.7 (no plugins: no decorations, no animations) with the same shim;
    /// clients are started by the test on its socket.
    public static func startWayfire(inject: Bool = true, timeout: Double = 20) throws -> Cage {
        if let why = Cage.wayfireUnavailable { throw HarnessError(why) }
        return try Cage(name: "wayfire", command: { dir in
            let config = dir.file("wayfire.ini")
            try "[core]\nplugins = \nxwayland = false\n".write(toFile: config, atomically: true, encoding: .utf8)
            return ["wayfire", "-c", config]
        }, inject: inject, root: nil, sharing: [], timeout: timeout)
    }

    private init(name: String, command: (TemporaryDirectory) throws -> [String], inject: Bool, root: Debian13Root?, sharing: [String],
                 timeout: Double) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-\(name)")
        runtimeDirectory = dir
        var env = ["PATH": Sway.path, "HOME": dir.path, "XDG_RUNTIME_DIR": dir.path, "XDG_CACHE_HOME": dir.path,
                   "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "1"]
        var control: String?
        if inject {
            guard let library = root == nil ? SwayInject.library() : Debian13Root.injectLibrary() else {
                throw HarnessError("the sway-inject fixture\(root == nil ? "" : " for wlroots 0.18") is not built: run scripts/build-fixtures (make test does)")
            }
            // A copy cage's uid can read, in its own directory (the checkout may be private).
            let copy = dir.file("sway-inject.so")
            try FileManager.default.copyItem(atPath: library, toPath: copy)
            chmod(copy, 0o644)
            control = dir.file("inject.sock")
            env["LD_PRELOAD"] = copy
            env["LODESTONE_INJECT_SOCKET"] = control
            env["LODESTONE_INJECT_DEVICES"] = "keyboard,pointer,touch"
        }
        let argv = try command(dir)
        for f in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] { chown(dir.file(f), unprivilegedUID, unprivilegedGID) }
        try dir.give(to: unprivilegedUID, gid: unprivilegedGID)
        let id = SwaySetup.unprivilegedID
        let full = ["/usr/bin/setpriv", "--reuid=\(id)", "--regid=\(id)", "--clear-groups"] + argv
        if let root {
            // The program cage starts finds the host's Swift runtime where it is bound.
            let runtime = Debian13Root.swiftRuntime
            if let runtime { env["LD_LIBRARY_PATH"] = runtime }
            let inside = root.command(full, environment: env, sharing: [dir.path] + sharing, readOnly: runtime.map { [$0] } ?? [])
            process = try ChildProcess(inside.argv, environment: inside.environment, name: name)
        } else {
            process = try ChildProcess(full, environment: env, name: name)
        }
        var found: String?
        let process = self.process
        do {
            try waitUntil(timeout: timeout, "\(name) to create its socket in \(dir.path)") {
                if let t = process.poll() { throw HarnessError("\(name) exited during startup (\(t))") }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                found = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.map { dir.file($0) }
                return found != nil
            }
            seat = try control.map {
                try SeatInjector(socket: $0, layoutSize: (Double(Cage.outputSize.width), Double(Cage.outputSize.height)), timeout: timeout)
            }
        } catch {
            process.stop()
            throw HarnessError("\(error)\n--- \(name) stderr:\n\(process.stderr)")
        }
        socket = found!
    }

    deinit { process.stop() }

    /// A screenshot of the output with grim (wlr-screencopy), physical pixels.
    public func screenshot() throws -> Image {
        let dir = try TemporaryDirectory(prefix: "lodestone-shot")
        let path = dir.file("shot.png")
        let p = try ChildProcess(["grim", "-l", "1", path], environment: clientEnvironment, name: "grim")
        let t = try p.wait(timeout: 10)
        guard t == .exited(0) else { throw HarnessError("grim failed (\(t)): \(p.stderr)") }
        return try Image(contentsOfPNG: path)
    }
}
