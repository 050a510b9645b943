// Real compositors for end-to-end tests: sway 1.7 and weston 10, headless, each with its own
// XDG_RUNTIME_DIR, torn down by PID; sway 1.10 the same way inside the Debian 13 root
// (Debian13Root, issue 31).
import Foundation
import SwayHarness

/// A running compositor clients can connect to.
public protocol Compositor: AnyObject {
    /// The environment a client needs to connect (XDG_RUNTIME_DIR, WAYLAND_DISPLAY).
    var clientEnvironment: [String: String] { get }
    var process: ChildProcess { get }
}

extension Compositor {
    /// Simulates a crash: SIGKILL, no chance to say goodbye to clients.
    public func crash() {
        process.send(SIGKILL)
        _ = try? process.wait(timeout: 5)
    }

    /// Orderly shutdown (SIGTERM, then SIGKILL).
    public func stop() { process.stop() }
}

/// The uid sway runs as: sway refuses to run as root.
let unprivilegedUID: uid_t = SwaySetup.unprivilegedID
let unprivilegedGID: gid_t = SwaySetup.unprivilegedID

/// sway 1.7 with the headless wlroots backend and the pixman renderer; with a Debian 13 root,
/// that root's sway 1.10.
public final class Sway: Compositor {
    public struct Output: Sendable {
        /// Mode in physical pixels.
        public var width: Int
        public var height: Int
        public var scale: Double
        public init(width: Int = 640, height: Int = 480, scale: Double = 1) {
            self.width = width; self.height = height; self.scale = scale
        }
    }

    public let runtimeDirectory: TemporaryDirectory
    public let process: ChildProcess
    /// Absolute path of the Wayland socket.
    public let socket: String
    /// Absolute path of sway's IPC socket.
    public let ipcSocket: String
    /// The Debian 13 root this sway (1.10) runs in, or nil for the host's sway 1.7.
    public let root: Debian13Root?
    public static let outputName = SwaySetup.outputName

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "PATH": Sway.path]
    }

    static let path = SwaySetup.path

    /// Starts sway and waits until its Wayland and IPC sockets answer. Config, environment and
    /// command line come from SwayHarness.SwaySetup, the recipe the program's benches use too.
    /// - environment: extra variables for sway itself (merged over the defaults).
    /// - preload: shared objects for LD_PRELOAD (before the injection shim, if any).
    /// - config: extra sway config lines.
    /// - inject: the sway-inject shim, its control socket and its devices.
    /// - root: run the sway of this Debian 13 root instead of the host's (its runtime directory
    ///   and the shim's socket directory shared with it).
    public static func start(output: Output = Output(), environment: [String: String] = [:], preload: [String] = [],
                             config: [String] = [], inject: SwaySetup.Inject? = nil, root: Debian13Root? = nil,
                             timeout: Double = 10) throws -> Sway {
        try Sway(output: output, environment: environment, preload: preload, config: config, inject: inject, root: root, timeout: timeout)
    }

    private init(output: Output, environment: [String: String], preload: [String], config: [String],
                 inject: SwaySetup.Inject?, root: Debian13Root?, timeout: Double) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-sway")
        runtimeDirectory = dir
        self.root = root
        let setup = SwaySetup(width: output.width, height: output.height, scale: output.scale, inject: inject, extraConfig: config)
        // The config and a copy of every preload go into sway's own directory (issue 16.1): the
        // checkout may sit where sway's uid cannot read (a 0700 home directory).
        let asRoot = getuid() == 0
        let prepared: SwaySetup.Prepared
        do { prepared = try setup.prepare(runtimeDirectory: dir.path, preload: preload, asRoot: asRoot) } catch {
            throw HarnessError("\(error)")
        }
        var env = prepared.environment
        env.merge(environment) { _, new in new }
        // The child's output files go to a directory the test (root) owns, not the runtime dir.
        var argv = SwaySetup.commandLine(config: prepared.config, asRoot: asRoot)
        if let root {
            let shared = [dir.path] + (inject.map { [($0.socket as NSString).deletingLastPathComponent] } ?? [])
            (argv, env) = root.command(argv, environment: env, sharing: shared)
        }
        process = try ChildProcess(argv, environment: env, name: "sway")

        var wayland: String?
        var ipc: String?
        let process = self.process
        do {
            try waitUntil(timeout: timeout, "sway to create its sockets in \(dir.path)") {
                if let why = prepared.startupProblem(stderr: process.stderr, socketsUp: false) { throw HarnessError(why) }
                if let t = process.poll() { throw HarnessError("sway exited during startup (\(t))") }
                let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
                wayland = names.first { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }.map { dir.file($0) }
                ipc = names.first { $0.hasPrefix("sway-ipc.") && $0.hasSuffix(".sock") }.map { dir.file($0) }
                return wayland != nil && ipc != nil
            }
            if let why = prepared.startupProblem(stderr: process.stderr, socketsUp: true) { throw HarnessError(why) }
        } catch {
            process.stop()
            throw HarnessError("\(error)\n--- sway stderr:\n\(process.stderr)")
        }
        socket = wayland!
        ipcSocket = ipc!
        try waitUntil(timeout: timeout, "sway IPC to answer") { (try? self.message(["-t", "get_version"])) != nil }
    }

    deinit { process.stop() }

    /// Runs swaymsg against this sway; returns its stdout. Throws with sway's reply on failure.
    @discardableResult
    public func message(_ arguments: [String], timeout: Double = 5) throws -> String {
        let p = try ChildProcess(["swaymsg", "-s", ipcSocket] + arguments, environment: ["PATH": Sway.path], name: "swaymsg")
        let t = try p.wait(timeout: timeout)
        guard t == .exited(0) else { throw HarnessError("swaymsg \(arguments.joined(separator: " ")) failed (\(t)): \(p.stdout)\(p.stderr)") }
        return p.stdout
    }

    /// Runs a sway command (what you would put in a config file).
    public func command(_ command: String) throws {
        try message([command])
    }

    /// Changes the output's mode and scale.
    public func setOutput(_ output: Output) throws {
        try command(SwaySetup.outputCommand(width: output.width, height: output.height, scale: output.scale))
    }

    /// A mapped window as sway lays it out, in logical (layout) pixels of the output.
    public struct WindowInfo: Sendable {
        public var appID: String
        public var title: String
        /// The client's content area (excluding sway's title bar and borders).
        public var content: (x: Int, y: Int, width: Int, height: Int)
        public var visible: Bool
    }

    /// Every mapped xdg toplevel, from `swaymsg -t get_tree`.
    public func windows() throws -> [WindowInfo] {
        let json = try message(["-t", "get_tree"])
        guard let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw HarnessError("get_tree did not return an object")
        }
        var found: [WindowInfo] = []
        func rect(_ any: Any?) -> (Int, Int, Int, Int) {
            let d = any as? [String: Any] ?? [:]
            return (d["x"] as? Int ?? 0, d["y"] as? Int ?? 0, d["width"] as? Int ?? 0, d["height"] as? Int ?? 0)
        }
        func walk(_ node: [String: Any]) {
            if let appID = node["app_id"] as? String {
                let r = rect(node["rect"]), w = rect(node["window_rect"])
                found.append(WindowInfo(appID: appID, title: node["name"] as? String ?? "",
                                        content: (r.0 + w.0, r.1 + w.1, w.2, w.3),
                                        visible: node["visible"] as? Bool ?? false))
            }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { walk(child) }
            }
        }
        walk(root)
        return found
    }

    /// Waits until a window with `appID` is mapped and visible.
    @discardableResult
    public func waitForWindow(appID: String, timeout: Double = 10) throws -> WindowInfo {
        var info: WindowInfo?
        try waitUntil(timeout: timeout, "a visible window with app_id \(appID)") {
            info = try windows().first { $0.appID == appID && $0.visible && $0.content.width > 0 }
            return info != nil
        }
        return info!
    }

    /// A screenshot of the whole output (physical pixels) taken with grim; with `region`
    /// (layout coordinates, logical points) only that part, still in physical pixels.
    public func screenshot(region: (x: Int, y: Int, width: Int, height: Int)? = nil) throws -> Image {
        let dir = try TemporaryDirectory(prefix: "lodestone-shot")
        let path = dir.file("shot.png")
        // Compression level 1: these PNGs are read back at once, speed matters more than size.
        var args = ["grim", "-l", "1"]
        if let r = region { args += ["-g", "\(r.x),\(r.y) \(r.width)x\(r.height)"] }
        let p = try ChildProcess(args + [path], environment: clientEnvironment, name: "grim")
        let t = try p.wait(timeout: 10)
        guard t == .exited(0) else { throw HarnessError("grim failed (\(t)): \(p.stderr)") }
        return try Image(contentsOfPNG: path)
    }
}

/// weston 10 with the headless backend: no wl_seat, no pointer-gestures. For degraded-mode tests.
public final class Weston: Compositor {
    public let runtimeDirectory: TemporaryDirectory
    public let process: ChildProcess
    public let socket: String

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "PATH": Sway.path]
    }

    /// - shell: weston's shell module. desktop-shell maps windows without a seat (kiosk-shell
    ///   does not); fullscreen-shell.so offers no xdg_wm_base (for "missing required global" tests).
    /// - root: run the weston of this Debian 13 root (weston 14) instead of the host's weston 10.
    /// - scale: the headless output's integer scale (`--scale`).
    public static func start(width: Int = 640, height: Int = 480, scale: Int = 1, shell: String = "desktop-shell.so",
                             root: Debian13Root? = nil, timeout: Double = 10) throws -> Weston {
        try Weston(width: width, height: height, scale: scale, shell: shell, root: root, timeout: timeout)
    }

    private init(width: Int, height: Int, scale: Int, shell: String, root: Debian13Root?, timeout: Double) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-weston")
        try dir.give(to: unprivilegedUID, gid: unprivilegedGID)
        runtimeDirectory = dir
        socket = dir.file("wayland-test")
        let env = ["PATH": Sway.path, "HOME": dir.path, "XDG_RUNTIME_DIR": dir.path]
        let argv = ["setpriv", "--reuid=\(unprivilegedUID)", "--regid=\(unprivilegedGID)", "--clear-groups",
                    "weston", "--backend=headless-backend.so", "--shell=\(shell)", "--socket=wayland-test",
                    "--width=\(width)", "--height=\(height)", "--scale=\(scale)", "--idle-time=0", "--no-config"]
        if let root {
            let inside = root.command(argv, environment: env, sharing: [dir.path])
            process = try ChildProcess(inside.argv, environment: inside.environment, name: "weston")
        } else {
            process = try ChildProcess(argv, environment: env, name: "weston")
        }
        let process = self.process
        let socket = self.socket
        do {
            try waitUntil(timeout: timeout, "weston to create \(socket)") {
                if let t = process.poll() { throw HarnessError("weston exited during startup (\(t))") }
                return FileManager.default.fileExists(atPath: socket)
            }
        } catch {
            process.stop()
            throw HarnessError("\(error)\n--- weston stderr:\n\(process.stderr)")
        }
    }

    deinit { process.stop() }
}
