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
        do {
            try FileManager.default.copyItem(atPath: program, toPath: copy)
        } catch {
            throw HarnessError("cannot copy \(program) to \(copy): \(error)")
        }
        guard chmod(copy, 0o755) == 0 else {
            throw HarnessError("cannot make \(copy) executable: \(String(cString: strerror(errno)))")
        }
        return copy
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
