// KWin 5.27 (KDE's compositor) for end-to-end tests (issue 19): its virtual backend with the
// offscreen Qt platform, its own session bus, a window rule that places and sizes Lodestone's
// window, and input through org_kde_kwin_fake_input (Tests/Fixtures/kwin-fake-input), which
// KWin grants to a client whose executable a .desktop file lists. Everything stopped by PID.
// With a Debian 13 root, that root's KWin 6.3 the same way (issue 31), its scale set through
// kwinoutputconfig.json: KWin 6 ignores --scale (measured: 1.5 gave 2400×1500 pixels at scale 1).
import Foundation
import SwayHarness

public final class KWin: Compositor {
    public let runtimeDirectory: TemporaryDirectory
    public let bus: SessionBus
    public let process: ChildProcess
    public let socket: String
    /// The output in points (KWin's --width/--height; the screen is that × scale in pixels) and its scale.
    public let output: (width: Int, height: Int, scale: Double)
    /// The copy of the fake-input client KWin's .desktop file names (nil: fixture not built).
    public let fakeInputClient: String?

    public var clientEnvironment: [String: String] {
        ["XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": socket, "PATH": Sway.path]
    }

    static let binary = "/usr/bin/kwin_wayland"
    /// The fake-input client scripts/build-fixtures builds, or nil.
    public static var fakeInputFixture: String? {
        let p = RepositoryRoot.path + "/.build/fixtures/kwin-fake-input"
        return FileManager.default.isExecutableFile(atPath: p) ? p : nil
    }

    /// Why KWin cannot run here (nil when it can).
    public static var unavailable: String? {
        if !FileManager.default.isExecutableFile(atPath: binary) { return "\(binary) is not installed (scripts/setup test installs kwin-wayland)" }
        for p in ["dbus-daemon", "gdbus"] where !programOnPath(p) { return "\(p) is not installed (scripts/setup test installs dbus)" }
        return nil
    }

    /// A window rule (kwinrulesrc) for app_id `lodestone`: forced position and size, points.
    public struct Placement: Sendable {
        public var x: Int, y: Int, width: Int, height: Int
        public init(x: Int, y: Int, width: Int, height: Int) { self.x = x; self.y = y; self.width = width; self.height = height }
    }

    /// - placementPolicy: kwinrc's [Windows] Placement for windows no rule places, e.g.
    ///   "Smart" (side by side while there is room); nil keeps KWin's default.
    /// - root: run the KWin of this Debian 13 root instead of the host's.
    public static func start(width: Int, height: Int, scale: Double, placement: Placement? = nil, placementPolicy: String? = nil,
                             root: Debian13Root? = nil, timeout: Double = 30) throws -> KWin {
        try KWin(width: width, height: height, scale: scale, placement: placement, placementPolicy: placementPolicy, root: root, timeout: timeout)
    }

    private init(width: Int, height: Int, scale: Double, placement: Placement?, placementPolicy: String?, root: Debian13Root?,
                 timeout: Double) throws {
        if root == nil, let why = KWin.unavailable { throw HarnessError(why) }
        let dir = try TemporaryDirectory(prefix: "lodestone-kwin")
        guard chmod(dir.path, 0o700) == 0 else { throw HarnessError("cannot make \(dir.path) 0700") }
        runtimeDirectory = dir
        output = (width, height, scale)
        // The packaged binary carries file capabilities a container cannot grant (exec fails with
        // EPERM); a copy has none.
        let kwin = dir.file("kwin_wayland")
        try Lodestone.copyExecutable((root?.path ?? "") + KWin.binary, to: kwin)
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir.file("data/applications"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir.file("config"), withIntermediateDirectories: true)
        if let fixture = KWin.fakeInputFixture {
            let copy = dir.file("kwin-fake-input")
            try Lodestone.copyExecutable(fixture, to: copy)
            let entry = """
                [Desktop Entry]
                Type=Application
                Name=Lodestone test input
                Exec=\(copy)
                NoDisplay=true
                X-KDE-Wayland-Interfaces=org_kde_kwin_fake_input

                """
            try entry.write(toFile: dir.file("data/applications/lodestone-kwin-fake-input.desktop"), atomically: true, encoding: .utf8)
            fakeInputClient = copy
        } else {
            fakeInputClient = nil
        }
        if let p = placement {
            let rules = """
                [General]
                count=1
                rules=1

                [1]
                Description=Lodestone under test
                wmclass=lodestone
                wmclassmatch=1
                position=\(p.x),\(p.y)
                positionrule=2
                size=\(p.width),\(p.height)
                sizerule=2
                noborder=true
                noborderrule=2

                """
            try rules.write(toFile: dir.file("config/kwinrulesrc"), atomically: true, encoding: .utf8)
        }
        if let placementPolicy {
            try "[Windows]\nPlacement=\(placementPolicy)\n".write(toFile: dir.file("config/kwinrc"), atomically: true, encoding: .utf8)
        }
        if root != nil {
            // KWin 6's output settings: the virtual output's mode in pixels and its scale. It
            // matches a stored output by EDID identifier, which is empty for a virtual one.
            let mode = (Int((Double(width) * scale).rounded()), Int((Double(height) * scale).rounded()))
            let outputs = """
                [{"name": "outputs", "data": [{"edidIdentifier": "", "connectorName": "Virtual-0",
                   "mode": {"width": \(mode.0), "height": \(mode.1), "refreshRate": 60000}, "scale": \(scale)}]},
                 {"name": "setups", "data": [{"lidClosed": false,
                   "outputs": [{"enabled": true, "outputIndex": 0, "position": {"x": 0, "y": 0}, "priority": 0}]}]}]

                """
            try outputs.write(toFile: dir.file("config/kwinoutputconfig.json"), atomically: true, encoding: .utf8)
        }
        bus = try SessionBus(in: dir, timeout: timeout)
        socket = dir.file("wayland-kwin")
        var env = ["PATH": Sway.path, "HOME": dir.path, "XDG_RUNTIME_DIR": dir.path, "DBUS_SESSION_BUS_ADDRESS": bus.address,
                   "XDG_CONFIG_HOME": dir.file("config"), "XDG_DATA_DIRS": dir.file("data") + ":/usr/local/share:/usr/share",
                   "QT_QPA_PLATFORM": "offscreen", "KDE_DEBUG": "0",
                   // ScreenShot2 otherwise answers only a caller a .desktop file lists under
                   // X-KDE-DBUS-Restricted-Interfaces: a test's Python was refused that way (measured).
                   "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1"]
        // KWin 6.3 advertises fake input only to a client it grants it, and the .desktop file
        // that grants it to KWin 5.27 is not honoured (measured: the global never appears; KWin
        // finds no applications menu to read it from): the permission checks go for the test.
        if root != nil { env["KWIN_WAYLAND_NO_PERMISSION_CHECKS"] = "1" }
        let argv = [kwin, "--virtual", "--width", "\(width)", "--height", "\(height)", "--scale", "\(scale)", "-s", "wayland-kwin"]
        if let root {
            let inside = root.command(argv, environment: env, sharing: [dir.path])
            process = try ChildProcess(inside.argv, environment: inside.environment, name: "kwin")
        } else {
            process = try ChildProcess(argv, environment: env, name: "kwin")
        }
        let process = self.process, socket = self.socket
        do {
            try waitUntil(timeout: timeout, "KWin to create \(socket)") {
                if let t = process.poll() { throw HarnessError("KWin exited during startup (\(t))") }
                return FileManager.default.fileExists(atPath: socket)
            }
        } catch {
            process.stop()
            throw HarnessError("\(error)\n--- KWin stderr:\n\(process.stderr)")
        }
    }

    deinit { process.stop() }

    /// The whole output in device pixels, through org.kde.KWin.ScreenShot2.
    public func screenshot(screen: String = "Virtual-0") throws -> Image {
        let dir = try TemporaryDirectory(prefix: "lodestone-shot")
        let raw = dir.file("shot.raw")
        let script = "\(RepositoryRoot.path)/Tests/Fixtures/kwin-screenshot/screenshot.py"
        let p = try ChildProcess(["/usr/bin/python3", script, screen, raw],
                                 environment: ["PATH": Sway.path, "DBUS_SESSION_BUS_ADDRESS": bus.address], name: "kwin-screenshot")
        let t = try p.wait(timeout: 20)
        let fields = p.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard t == .exited(0), fields.count == 4 else { throw HarnessError("KWin screenshot failed (\(t)): \(p.stdout)\(p.stderr)") }
        let (width, height, stride, format) = (fields[0], fields[1], fields[2], fields[3])
        // QImage::Format_RGB32 (4), ARGB32 (5), ARGB32_Premultiplied (6): B, G, R, A bytes.
        guard [4, 5, 6].contains(format) else { throw HarnessError("KWin screenshot in QImage format \(format), not 32-bit (A)RGB") }
        guard let data = FileManager.default.contents(atPath: raw), data.count >= stride * height else {
            throw HarnessError("KWin screenshot: expected \(stride * height) bytes")
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        data.withUnsafeBytes { (src: UnsafeRawBufferPointer) in
            for y in 0..<height {
                for x in 0..<width {
                    let i = y * stride + x * 4, o = (y * width + x) * 4
                    rgba[o] = src[i + 2]; rgba[o + 1] = src[i + 1]; rgba[o + 2] = src[i]
                }
            }
        }
        return Image(width: width, height: height, pixels: rgba)
    }

    /// Input through org_kde_kwin_fake_input.
    public func fakeInput(timeout: Double = 10) throws -> KWinSeat { try KWinSeat(kwin: self, timeout: timeout) }
}

/// org_kde_kwin_fake_input: absolute and relative motion, buttons, wheel axis (no finger
/// source, no stop), keys, touch; no gestures (its protocol has no gesture requests).
public final class KWinSeat {
    public let client: ChildProcess
    private let channel: LineChannel
    private let scratch: TemporaryDirectory
    public enum Button: Int { case left = 272, right = 273 }
    public enum Key: Int, Sendable { case leftCtrl = 29, leftShift = 42, leftAlt = 56, leftSuper = 125 }

    init(kwin: KWin, timeout: Double) throws {
        guard let program = kwin.fakeInputClient else {
            throw HarnessError("the kwin-fake-input fixture is not built: run scripts/build-fixtures (needs plasma-wayland-protocols)")
        }
        scratch = try TemporaryDirectory(prefix: "lodestone-fi")
        let socket = scratch.file("fi.sock")
        client = try ChildProcess([program, socket], environment: kwin.clientEnvironment, name: "kwin-fake-input")
        do { try client.waitForLine(containing: "ready", timeout: timeout) } catch {
            client.stop()
            throw HarnessError("KWin's fake input did not come up: \(error)")
        }
        do { channel = try LineChannel(socket: socket, peer: "kwin-fake-input", timeout: timeout) } catch {
            client.stop()
            throw HarnessError("\(error)")
        }
    }

    deinit { client.stop() }

    @discardableResult
    public func send(_ command: String) throws -> String {
        do { return try channel.send(command) } catch { throw HarnessError("\(error)\n--- client stderr:\n\(client.stderr)") }
    }

    /// Absolute motion, logical pixels of the output.
    public func move(to x: Double, _ y: Double) throws { try send("abs \(x) \(y)") }
    public func press(_ b: Button = .left) throws { try send("button \(b.rawValue) 1") }
    public func release(_ b: Button = .left) throws { try send("button \(b.rawValue) 0") }
    public func press(key: Key) throws { try send("key \(key.rawValue) 1") }
    public func release(key: Key) throws { try send("key \(key.rawValue) 0") }
    /// One touch point (fake input version 2), output points; each request is followed by a
    /// touch_frame.
    public func touchDown(id: Int, _ x: Double, _ y: Double) throws { try send("touch down \(id) \(x) \(y)") }
    public func touchMove(id: Int, _ x: Double, _ y: Double) throws { try send("touch motion \(id) \(x) \(y)") }
    public func touchUp(id: Int) throws { try send("touch up \(id)") }
}
