// mutter 43 (GNOME's compositor) headless for end-to-end tests (issue 19): its own session bus
// (dbus-daemon), PipeWire when it can run (screen-cast streams: absolute motion and touch), and
// mutter itself, each started and stopped by PID. Input goes through mutter's RemoteDesktop
// D-Bus API, driven by Tests/Fixtures/mutter-input/remote-desktop.py over one connection.
import Foundation
import SwayHarness

/// Whether a program is on the test PATH (a compositor that is not installed is skipped, with
/// the reason, never passed).
public func programOnPath(_ name: String) -> Bool {
    Sway.path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(name)") }
}

/// A private session bus: `dbus-daemon --session` on a socket in `directory`, stopped by PID.
public final class SessionBus {
    public let process: ChildProcess
    public let address: String

    public init(in directory: TemporaryDirectory, timeout: Double = 10) throws {
        let socket = directory.file("bus")
        address = "unix:path=\(socket)"
        process = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--nopidfile", "--address=\(address)"],
                                   environment: ["PATH": Sway.path], name: "dbus-daemon")
        let process = self.process
        do {
            try waitUntil(timeout: timeout, "dbus-daemon to listen on \(socket)") {
                if let t = process.poll() { throw HarnessError("dbus-daemon exited during startup (\(t))") }
                return FileManager.default.fileExists(atPath: socket)
            }
        } catch {
            process.stop()
            throw HarnessError("\(error)\n--- dbus-daemon stderr:\n\(process.stderr)")
        }
    }

    deinit { process.stop() }

    /// Waits until `name` has an owner on this bus.
    public func waitForName(_ name: String, timeout: Double = 10) throws {
        try waitUntil(timeout: timeout, "\(name) on the session bus") {
            let p = try ChildProcess(["gdbus", "call", "--address", address, "--dest", "org.freedesktop.DBus",
                                      "--object-path", "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", name],
                                     environment: ["PATH": Sway.path], name: "gdbus")
            return try p.wait(timeout: 5) == .exited(0) && p.stdout.contains("true")
        }
    }
}

/// mutter 43 with its headless backend and one virtual monitor; with a Debian 13 root, that
/// root's mutter 48 and PipeWire (the session bus stays the host's: only its socket is shared).
public final class Mutter: Compositor {
    public let runtimeDirectory: TemporaryDirectory
    public let bus: SessionBus
    /// PipeWire, when it started (nil: no screen-cast, so no absolute motion or touch).
    public let pipewire: ChildProcess?
    public let process: ChildProcess
    public let socket: String
    /// The virtual monitor, logical pixels (scale 1).
    public let size: (width: Int, height: Int)
    /// The Debian 13 root whose mutter 48 this is, or nil for the host's mutter 43.
    public let root: Debian13Root?

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "PATH": Sway.path]
    }

    /// Why mutter cannot run on this machine (nil when it can): the programs it needs.
    public static var unavailable: String? {
        for p in ["mutter", "dbus-daemon", "gdbus"] where !programOnPath(p) {
            return "\(p) is not installed (scripts/setup test installs mutter and dbus)"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") { return "/usr/bin/python3 (with gi) is missing" }
        return nil
    }

    /// Why touch and absolute motion cannot be driven (nil when they can): they need a
    /// screen-cast stream, which needs PipeWire.
    public var screencastUnavailable: String? {
        pipewire == nil ? "PipeWire is not installed or did not start: mutter's absolute motion and touch need a screen-cast stream" : nil
    }

    /// - scale: the virtual monitor's scale; other than 1 only with a root (mutter 48 scales by
    ///   fractions with its experimental scale-monitor-framebuffer; mutter 43 is not asked). The
    ///   mode must divide by it (1440×900 at 1.5: 960×600 points).
    public static func start(width: Int = 1440, height: Int = 900, scale: Double = 1, root: Debian13Root? = nil,
                             timeout: Double = 20) throws -> Mutter {
        try Mutter(width: width, height: height, scale: scale, root: root, timeout: timeout)
    }

    private init(width: Int, height: Int, scale: Double, root: Debian13Root?, timeout: Double) throws {
        if let why = Mutter.unavailable { throw HarnessError(why) }
        let dir = try TemporaryDirectory(prefix: "lodestone-mutter")
        guard chmod(dir.path, 0o700) == 0 else { throw HarnessError("cannot make \(dir.path) 0700") }
        runtimeDirectory = dir
        /// A program of the root's (sharing the runtime directory), or the host's.
        func spawn(_ argv: [String], _ env: [String: String], name: String) throws -> ChildProcess {
            guard let root else { return try ChildProcess(argv, environment: env, name: name) }
            let inside = root.command(argv, environment: env, sharing: [dir.path])
            return try ChildProcess(inside.argv, environment: inside.environment, name: name)
        }
        size = (width, height)
        self.root = root
        bus = try SessionBus(in: dir, timeout: timeout)
        var env = ["PATH": Sway.path, "HOME": dir.path, "XDG_RUNTIME_DIR": dir.path,
                   "DBUS_SESSION_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": dir.file("config"),
                   "GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "1"]
        if scale != 1 {
            // Settings from a key file instead of memory, holding the one experimental feature
            // that lets mutter offer fractional scales.
            let settings = dir.file("config/glib-2.0/settings")
            try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
            try "[org/gnome/mutter]\nexperimental-features=['scale-monitor-framebuffer']\n"
                .write(toFile: settings + "/keyfile", atomically: true, encoding: .utf8)
            env["GSETTINGS_BACKEND"] = "keyfile"
        }
        // PipeWire first: mutter's screen-cast streams connect to it.
        var pw: ChildProcess?
        if programOnPath("pipewire") {
            let p = try spawn(["pipewire"], env, name: "pipewire")
            if (try? waitUntil(timeout: 5, "PipeWire's socket", {
                p.poll() == nil && FileManager.default.fileExists(atPath: dir.file("pipewire-0"))
            })) != nil {
                pw = p
            } else {
                p.stop()
            }
        }
        pipewire = pw
        socket = dir.file("wayland-mutter")
        process = try spawn(["mutter", "--wayland", "--headless", "--no-x11", "--virtual-monitor", "\(width)x\(height)",
                             "--wayland-display", "wayland-mutter"], env, name: "mutter")
        let process = self.process, socket = self.socket
        do {
            try waitUntil(timeout: timeout, "mutter to create \(socket)") {
                if let t = process.poll() { throw HarnessError("mutter exited during startup (\(t))") }
                return FileManager.default.fileExists(atPath: socket)
            }
            try bus.waitForName("org.gnome.Mutter.RemoteDesktop", timeout: timeout)
            if scale != 1 { try Self.setScale(scale, mode: "\(width)x\(height)@60.000", bus: bus.address) }
        } catch {
            process.stop()
            pipewire?.stop()
            throw HarnessError("\(error)\n--- mutter stderr:\n\(process.stderr)")
        }
    }

    deinit {
        process.stop()
        pipewire?.stop()
    }

    /// Sets the virtual monitor's scale through org.gnome.Mutter.DisplayConfig, as GNOME Settings
    /// does: ApplyMonitorsConfig with the current state's serial, temporarily (method 1).
    static func setScale(_ scale: Double, mode: String, bus: String) throws {
        func call(_ method: String, _ args: [String]) throws -> String {
            let p = try ChildProcess(["gdbus", "call", "--address", bus, "--dest", "org.gnome.Mutter.DisplayConfig",
                                      "--object-path", "/org/gnome/Mutter/DisplayConfig",
                                      "--method", "org.gnome.Mutter.DisplayConfig." + method] + args,
                                     environment: ["PATH": Sway.path], name: "gdbus")
            guard try p.wait(timeout: 10) == .exited(0) else { throw HarnessError("mutter's DisplayConfig.\(method): \(p.stderr)") }
            return p.stdout
        }
        let state = try call("GetCurrentState", [])
        guard let serial = state.split(separator: ",").first?.split(separator: " ").last,
              state.contains("'\(mode)'") else { throw HarnessError("mutter's monitor state has no mode \(mode): \(state.prefix(400))") }
        _ = try call("ApplyMonitorsConfig", [String(serial), "1", "[(0, 0, \(scale), 0, true, [('Meta-0', '\(mode)', @a{sv} {})])]", "@a{sv} {}"])
    }

    /// A RemoteDesktop session (with a screen-cast stream when PipeWire runs) for the seat.
    public func remoteDesktop(timeout: Double = 10) throws -> MutterSeat {
        try MutterSeat(mutter: self, timeout: timeout)
    }
}

/// Input through mutter's RemoteDesktop session: pointer, buttons, smooth scroll with its
/// finger and stop flags, keys, and (with a screen-cast stream) absolute motion and touch.
public final class MutterSeat {
    public let helper: ChildProcess
    private let channel: LineChannel
    public let hasStream: Bool
    /// The RemoteDesktop session's object path.
    public let session: String
    private let bus: String
    private let scratch: TemporaryDirectory

    /// evdev codes (linux/input-event-codes.h).
    public enum Button: Int { case left = 272, right = 273 }
    public enum Key: Int, Sendable { case leftCtrl = 29, leftShift = 42, leftAlt = 56, leftSuper = 125, escape = 1 }
    /// mutter's NotifyPointerAxis flags (org.gnome.Mutter.RemoteDesktop.Session).
    public struct AxisFlags: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The scroll ends (axis_stop to the client).
        public static let finish = AxisFlags(rawValue: 1)
        public static let wheel = AxisFlags(rawValue: 2)
        public static let finger = AxisFlags(rawValue: 4)
        public static let continuous = AxisFlags(rawValue: 8)
    }

    init(mutter: Mutter, timeout: Double) throws {
        scratch = try TemporaryDirectory(prefix: "lodestone-rd")
        let socket = scratch.file("rd.sock")
        let script = "\(RepositoryRoot.path)/Tests/Fixtures/mutter-input/remote-desktop.py"
        var args = ["/usr/bin/python3", script, "--socket", socket]
        if mutter.pipewire != nil { args.append("--screencast") }
        helper = try ChildProcess(args, environment: ["PATH": Sway.path, "DBUS_SESSION_BUS_ADDRESS": mutter.bus.address],
                                  name: "remote-desktop")
        let ready: String
        do { ready = try helper.waitForLine(containing: "ready", timeout: timeout) } catch {
            helper.stop()
            throw HarnessError("mutter's RemoteDesktop session did not start: \(error)")
        }
        let words = ready.split(separator: " ")
        hasStream = words.count == 3
        session = words.count > 1 ? String(words[1]) : ""
        bus = mutter.bus.address
        do { channel = try LineChannel(socket: socket, peer: "mutter remote desktop", timeout: timeout) } catch {
            helper.stop()
            throw HarnessError("\(error)")
        }
    }

    deinit { helper.stop() }

    @discardableResult
    public func send(_ command: String) throws -> String {
        do { return try channel.send(command) } catch {
            throw HarnessError("\(error)\n--- helper stderr:\n\(helper.stderr)")
        }
    }

    /// The methods of the session's org.gnome.Mutter.RemoteDesktop.Session interface, as mutter
    /// itself describes them (D-Bus introspection).
    public func sessionMethods() throws -> [String] {
        let p = try ChildProcess(["gdbus", "introspect", "--address", bus, "--dest", "org.gnome.Mutter.RemoteDesktop",
                                  "--object-path", session], environment: ["PATH": Sway.path], name: "gdbus")
        guard try p.wait(timeout: 10) == .exited(0) else { throw HarnessError("gdbus introspect \(session): \(p.stderr)") }
        // "interface NAME {" … "};": the methods are the lines ending in "(…);" inside it.
        guard let body = p.stdout.components(separatedBy: "interface org.gnome.Mutter.RemoteDesktop.Session {").dropFirst().first?
            .components(separatedBy: "\n  };").first else { throw HarnessError("no Session interface in \(p.stdout)") }
        return body.split(separator: "\n").compactMap { line in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard let paren = t.firstIndex(of: "("), !t.hasPrefix("@"), !t.contains(" = ") else { return nil }
            return String(t[..<paren])
        }
    }

    /// Absolute motion to a point of the virtual monitor (logical pixels); needs the stream.
    public func move(to x: Double, _ y: Double) throws { try send("abs \(x) \(y)") }
    public func move(by dx: Double, _ dy: Double) throws { try send("rel \(dx) \(dy)") }
    public func press(_ b: Button = .left) throws { try send("button \(b.rawValue) 1") }
    public func release(_ b: Button = .left) throws { try send("button \(b.rawValue) 0") }
    public func press(key: Key) throws { try send("key \(key.rawValue) 1") }
    public func release(key: Key) throws { try send("key \(key.rawValue) 0") }
    /// One smooth-scroll step (logical pixels) with mutter's flags.
    public func scroll(dx: Double = 0, dy: Double, flags: AxisFlags) throws { try send("axis \(dx) \(dy) \(flags.rawValue)") }
    public func touchDown(slot: Int, _ x: Double, _ y: Double) throws { try send("touch down \(slot) \(x) \(y)") }
    public func touchMove(slot: Int, _ x: Double, _ y: Double) throws { try send("touch motion \(slot) \(x) \(y)") }
    public func touchUp(slot: Int) throws { try send("touch up \(slot)") }
}
