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
