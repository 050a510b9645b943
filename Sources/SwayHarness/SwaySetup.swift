// What a headless sway needs to run for Lodestone's own use — the benches of the program
// (`lodestone bench latency|startup`) and the end-to-end tests: its config text, its
// environment and its command line. sway 1.7 refuses to run as root, so a root caller runs it
// as an unprivileged uid with its own runtime directory. Launching and waiting stay with the
// callers (the program spawns with posix_spawn, the tests with their ChildProcess), so this
// module has no Foundation and no process handling of its own.

/// The recipe for one headless sway with one output.
public struct SwaySetup: Sendable {
    /// uid and gid sway runs as when the caller is root.
    public static let unprivilegedID: UInt32 = 65534
    /// The name wlroots gives the first headless output.
    public static let outputName = "HEADLESS-1"
    public static let path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

    /// The output's mode in physical pixels, its scale, and (optionally) its refresh rate.
    public var width: Int
    public var height: Int
    public var scale: Double
    public var refreshHz: Int?
    /// The sway-inject shim (Tests/Fixtures/sway-inject) to preload, with its control socket
    /// and the devices present at start.
    public var inject: Inject?
    /// More config lines, after the defaults.
    public var extraConfig: [String]

    public struct Inject: Sendable {
        public var library: String
        public var socket: String
        public var devices: [String]
        /// The shim answers wp_presentation feedback itself (wlroots 0.15's headless output
        /// never presents): the latency bench needs it.
        public var present: Bool
        public init(library: String, socket: String, devices: [String] = ["keyboard", "pointer", "touch"], present: Bool = false) {
            self.library = library; self.socket = socket; self.devices = devices; self.present = present
        }
    }

    public init(width: Int = 640, height: Int = 480, scale: Double = 1, refreshHz: Int? = nil,
                inject: Inject? = nil, extraConfig: [String] = []) {
        self.width = width; self.height = height; self.scale = scale; self.refreshHz = refreshHz
        self.inject = inject; self.extraConfig = extraConfig
    }

    /// The sway command that sets the output's mode and scale (also usable at runtime).
    public static func outputCommand(width: Int, height: Int, scale: Double, refreshHz: Int? = nil) -> String {
        let mode = refreshHz.map { "\(width)x\(height)@\($0)Hz" } ?? "\(width)x\(height)"
        return "output \(outputName) resolution \(mode) position 0 0 scale \(scale)"
    }

    /// The config file's text. With injected devices the cursor never auto-hides (hiding sends
    /// leave/enter between commands); without, it is hidden (a software cursor would show in
    /// every screenshot and no device ever moves it).
    public var configText: String {
        let lines = ["xwayland disable",
                     Self.outputCommand(width: width, height: height, scale: scale, refreshHz: refreshHz),
                     "seat seat0 hide_cursor \(inject == nil ? 1 : 0)",
                     "focus_follows_mouse no"] + extraConfig
        return lines.joined(separator: "\n") + "\n"
    }

    /// sway's environment (nothing inherited): headless backend, pixman renderer, no libinput
    /// devices, its runtime directory; the shim's variables when injecting.
    public func environment(runtimeDirectory dir: String) -> [String: String] {
        var env = ["PATH": Self.path, "HOME": dir, "XDG_RUNTIME_DIR": dir, "XDG_CACHE_HOME": dir,
                   "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
                   "WLR_HEADLESS_OUTPUTS": "1"]
        if let inject {
            env["LD_PRELOAD"] = inject.library
            env["LODESTONE_INJECT_SOCKET"] = inject.socket
            env["LODESTONE_INJECT_DEVICES"] = inject.devices.sorted().joined(separator: ",")
            if inject.present { env["LODESTONE_INJECT_PRESENT"] = "1" }
        }
        return env
    }

    /// The command line; `asRoot` puts sway under setpriv as the unprivileged uid.
    public static func commandLine(config: String, asRoot: Bool) -> [String] {
        let id = unprivilegedID
        return (asRoot ? ["/usr/bin/setpriv", "--reuid=\(id)", "--regid=\(id)", "--clear-groups"] : []) + ["/usr/bin/sway", "-c", config]
    }
}
