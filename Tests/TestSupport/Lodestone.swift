// The lodestone program as a child process of a test, connected to a test compositor.
import Foundation

public enum Lodestone {
    /// The lodestone binary built next to the test bundle (same configuration).
    public static var executable: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var dir = (exe as NSString).deletingLastPathComponent
        // Inside an .xctest bundle directory on some layouts: step out of it.
        while dir.hasSuffix(".xctest") || dir.contains(".xctest/") { dir = (dir as NSString).deletingLastPathComponent }
        return "\(dir)/lodestone"
    }

    /// A copy of `program` (default: the lodestone binary) in `dir`, made mode 0755 with the
    /// binary 0755, for tests that run it as another user (uid 65534): the checkout may sit in
    /// a private (0700) directory that user cannot enter (issue 16.1). Returns the copy's path.
    public static func copy(_ program: String = executable, runnableByOthersIn dir: TemporaryDirectory) throws -> String {
        let copy = dir.file((program as NSString).lastPathComponent)
        guard chmod(dir.path, 0o755) == 0 else {
            throw HarnessError("cannot open \(dir.path) to other users: \(String(cString: strerror(errno)))")
        }
        try copyExecutable(program, to: copy)
        return copy
    }

    /// Copies the program at `source` to `destination` (mode 0755) through descriptors opened
    /// close-on-exec: a child spawned by another test thread while the copy is written must not
    /// keep the copy open for writing, or exec of the copy fails with ETXTBSY while that child
    /// lives (seen in .ci/run with sway's and KWin's copies).
    public static func copyExecutable(_ source: String, to destination: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw HarnessError("cannot read \(source): \(String(cString: strerror(errno)))") }
        defer { close(input) }
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard output >= 0 else { throw HarnessError("cannot create \(destination): \(String(cString: strerror(errno)))") }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { close(output); throw HarnessError("cannot read \(source): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, n - done) }
                if w < 0, errno == EINTR { continue }
                guard w > 0 else { close(output); throw HarnessError("cannot write \(destination): \(String(cString: strerror(errno)))") }
                done += w
            }
        }
        guard close(output) == 0 else { throw HarnessError("cannot write \(destination): \(String(cString: strerror(errno)))") }
        guard chmod(destination, 0o755) == 0 else {
            throw HarnessError("cannot make \(destination) executable: \(String(cString: strerror(errno)))")
        }
    }

    /// Starts `lodestone arguments` inside the Debian 13 root, on its libraries (libwayland 1.23:
    /// wl_seat 9, wl_compositor 6), against `compositor` (one of the root's, whose runtime
    /// directory is shared at the same path). A copy of the binary goes into `dir` (shared too,
    /// with the Swift runtime read-only): the checkout's path does not exist in the root. Files
    /// the program writes (`--state-out`) belong in `dir`. Stopped by PID like any child.
    public static func launch(_ arguments: [String], on compositor: Compositor, inside root: Debian13Root, dir: TemporaryDirectory,
                              environment: [String: String] = [:]) throws -> ChildProcess {
        let copy = try Lodestone.copy(runnableByOthersIn: dir)
        var env = compositor.clientEnvironment
        env.merge(environment) { _, new in new }
        let runtime = Debian13Root.swiftRuntime
        if let runtime { env["LD_LIBRARY_PATH"] = runtime }
        var shared = [dir.path]
        if let r = env["XDG_RUNTIME_DIR"] { shared.append(r) }
        let inside = root.command([copy] + arguments, environment: env, sharing: shared, readOnly: runtime.map { [$0] } ?? [])
        return try ChildProcess(inside.argv, environment: inside.environment, name: "lodestone")
    }

    /// Starts `lodestone arguments` against `compositor` (or with no compositor at all when nil).
    public static func launch(_ arguments: [String], on compositor: Compositor?, environment: [String: String] = [:]) throws -> ChildProcess {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw HarnessError("\(executable) is missing: build the lodestone product first (swift build)")
        }
        var env = compositor?.clientEnvironment ?? ["PATH": "/usr/bin:/bin"]
        env.merge(environment) { _, new in new }
        return try ChildProcess([executable] + arguments, environment: env, name: "lodestone")
    }
}
