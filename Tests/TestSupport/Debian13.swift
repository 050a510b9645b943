// Debian 13's compositors for end-to-end tests (issue 31.3): each runs inside the Debian 13
// (trixie) root that scripts/debian13-root makes once and caches outside the clone, under
// bubblewrap: the root read-only as /, a fresh /tmp, /proc and /dev, and the compositor's runtime
// directory (and any other directory a test shares, e.g. the injection shim's socket) bound at
// the same path, so the host-built lodestone, grim and swaymsg connect to its sockets as they
// do to Debian 12's. The compositor runs in bubblewrap's pid namespace, which dies with bubblewrap
// (--die-with-parent, --unshare-pid), and bubblewrap with the shell that started it: stopping the
// ChildProcess (that shell) by its PID tears the whole thing down.
import Foundation

public struct Debian13Root: Sendable {
    /// The root's directory on the host.
    public let path: String

    /// The root when it is made (its stamp written), found where scripts/debian13-root keeps it.
    public static let made: Debian13Root? = {
        guard let dir = location, FileManager.default.fileExists(atPath: dir + "/.lodestone-root") else { return nil }
        return Debian13Root(path: dir)
    }()

    /// Where scripts/debian13-root keeps the root (`--path`), whether made or not.
    static let location: String? = {
        guard let p = try? ChildProcess([RepositoryRoot.path + "/scripts/debian13-root", "--path"],
                                        environment: ProcessInfo.processInfo.environment, name: "debian13-root"),
              (try? p.wait(timeout: 10)) == .exited(0) else { return nil }
        let line = p.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        return line.isEmpty ? nil : line
    }()

    /// .ci/run sets LODESTONE_REQUIRE_DEBIAN13=1: the Debian 13 suites then run (and fail naming
    /// the reason) where they would otherwise skip.
    public static var required: Bool { ProcessInfo.processInfo.environment["LODESTONE_REQUIRE_DEBIAN13"] == "1" }

    /// Why the Debian 13 suites cannot run here, one sentence, or nil when they can.
    public static let unavailable: String? = {
        if getuid() != 0 { return "the Debian 13 compositors run in a root under bubblewrap as uid 65534: needs root" }
        if !programOnPath("bwrap") { return "bubblewrap (bwrap) is not installed (scripts/setup test installs it)" }
        guard let dir = location else { return "scripts/debian13-root --path gave no location for the Debian 13 root" }
        if made != nil { return nil }
        if let why = try? String(contentsOfFile: dir + ".failed", encoding: .utf8) {
            return "the Debian 13 root could not be made: " + why.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return "the Debian 13 root is not made yet at \(dir) (make test makes it: scripts/debian13-root)"
    }()

    /// `.enabled(if:)` for the Debian 13 suites: they run where the root is, and under .ci/run.
    public static var runnable: Bool { unavailable == nil || required }

    /// The root, or the reason there is none as an error (a required suite fails with it).
    public static func require() throws -> Debian13Root {
        if let why = unavailable { throw HarnessError(why) }
        return made!
    }

    /// The package versions recorded when the root was made ("sway" → "1.10.1-1").
    public var versions: [String: String] {
        // The stamp's last field, "versions=NAME VERSION;NAME VERSION;…".
        guard let stamp = try? String(contentsOfFile: path + "/.lodestone-root", encoding: .utf8),
              let start = stamp.range(of: " versions=") else { return [:] }
        var out: [String: String] = [:]
        for entry in stamp[start.upperBound...].trimmingCharacters(in: .newlines).split(separator: ";") {
            let parts = entry.split(separator: " ")
            if parts.count == 2 { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    /// `argv` run inside the root with exactly `environment`, with `directories` (host paths)
    /// bound at the same paths, read-write: the command line for a ChildProcess, and the
    /// environment bubblewrap itself gets (the compositor's LD_PRELOAD must not reach the host's
    /// bwrap, which cannot load a library built for the root).
    /// `readOnly`: host directories bound read-only at the same paths (the Swift toolchain's
    /// runtime, for a host-built lodestone that a compositor starts itself, as cage does).
    public func command(_ argv: [String], environment: [String: String], sharing directories: [String],
                        readOnly: [String] = []) -> (argv: [String], environment: [String: String]) {
        // /dev/shm and /tmp writable by all, as on a host: wlroots shares keymaps and pixman
        // buffers in /dev/shm, and labwc exits when Xwayland cannot make /tmp/.X11-unix.
        var out = ["bwrap", "--ro-bind", path, "/", "--proc", "/proc", "--dev", "/dev", "--perms", "1777", "--tmpfs", "/dev/shm",
                   "--perms", "1777", "--tmpfs", "/tmp", "--tmpfs", "/run", "--tmpfs", "/var/tmp", "--die-with-parent",
                   // A pid namespace of its own: when bwrap dies its init does, and the kernel
                   // kills everything inside. --die-with-parent alone reaches only what keeps the
                   // parent-death signal, which a change of uid clears: sway, cage, labwc and
                   // weston under setpriv outlived their bwrap (192 processes after a few runs).
                   "--unshare-pid"]
        for d in directories { out += ["--bind", d, d] }
        for d in readOnly {
            // The root is read-only: a mount point under a directory it leaves empty (/opt in a
            // minbase root) needs a tmpfs there first.
            let parts = d.split(separator: "/").map(String.init)
            if let first = parts.first, (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + first))?.isEmpty == true,
               !out.contains("/" + first) {
                out += ["--tmpfs", "/" + first]
                // bwrap makes a mount point's missing parents mode 0700: the compositor's uid
                // (65534) could not reach the files. Made 0755 first.
                for k in 2..<max(2, parts.count) { out += ["--perms", "0755", "--dir", "/" + parts[..<k].joined(separator: "/")] }
            }
            out += ["--ro-bind", d, d]
        }
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // bwrap's --die-with-parent ties the sandbox to the *thread* that started bwrap (Linux's
        // parent-death signal): a test's thread that ends would kill a compositor its suite
        // still uses (seen: mutter 48 gone after the suite's first test). A shell in between is
        // that parent instead: stopping it by its PID (SIGTERM) ends bwrap and the compositor.
        let sandbox = out + ["--", "/usr/bin/env", "-i"] + assignments + argv
        return (["/bin/sh", "-c", "\"$@\" & wait $!", "sh"] + sandbox, ["PATH": Sway.path])
    }

    /// The directory holding the Swift runtime the host-built programs load (their RUNPATH, e.g.
    /// /opt/swift/usr/lib/swift/linux): a program run inside the root needs it bound there.
    public static let swiftRuntime: String? = {
        let exe = Lodestone.executable
        guard let p = try? ChildProcess(["ldd", exe], environment: ["PATH": Sway.path], name: "ldd"),
              (try? p.wait(timeout: 10)) == .exited(0),
              let line = p.stdout.split(separator: "\n").first(where: { $0.contains("libswiftCore.so => ") }),
              let path = line.split(separator: " ").dropFirst(2).first else { return nil }
        return (String(path) as NSString).deletingLastPathComponent
    }()

    /// The sway-inject shim built against the root's wlroots 0.18 by scripts/build-fixtures.
    public static func injectLibrary(repositoryRoot: String = RepositoryRoot.path) -> String? {
        let path = repositoryRoot + "/.build/fixtures/debian13/sway-inject.so"
        return access(path, R_OK) == 0 ? path : nil
    }
}
