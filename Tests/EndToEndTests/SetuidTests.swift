// Issue 8 (security): the program refuses to run set-user-ID or set-group-ID. A copy of the built
// binary gets the mode bits and is run by an unprivileged user; a copy without them runs.
import Foundation
import Testing
import TestSupport

// Serialized: a copy being written while another test forks makes exec fail with ETXTBSY.
@Suite("lodestone refuses setuid/setgid (issue 8)", .serialized,
       .enabled(if: getuid() == 0, "needs root to make a setuid binary and switch users"))
struct SetuidTests {
    /// Copies the binary into a directory the unprivileged user can enter, with `mode`.
    static func copy(mode: mode_t, in dir: TemporaryDirectory) throws -> String {
        let path = dir.file("lodestone-\(String(mode, radix: 8))")
        // cp writes the copy, not this process: a write fd open here would leak into children
        // other tests fork meanwhile, and exec of the copy would then fail with ETXTBSY (126).
        let cp = try ChildProcess(["cp", Lodestone.executable, path], environment: ["PATH": "/usr/bin:/bin"], name: "cp")
        #expect(try cp.wait(timeout: 20) == .exited(0))
        #expect(chown(path, 0, 0) == 0)
        #expect(chmod(path, mode) == 0)  // after chown: chown clears the set-id bits
        return path
    }

    static func runUnprivileged(_ path: String) throws -> (ChildProcess.Termination, String) {
        let p = try ChildProcess(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", path, "--version"],
                                 environment: ["PATH": "/usr/bin:/bin"], name: "setuid")
        return (try p.wait(timeout: 20), p.stderr)
    }

    @Test("setuid root run by nobody: refused with a message naming setuid, exit 1; without the bit it runs", arguments: [
        (mode_t(0o4755), "set-user-ID"), (mode_t(0o2755), "set-group-ID"),
    ])
    func refused(mode: mode_t, words: String) throws {
        let dir = try TemporaryDirectory(prefix: "lodestone-setuid")
        chmod(dir.path, 0o755)
        let plain = try Self.copy(mode: 0o755, in: dir)
        let (ok, _) = try Self.runUnprivileged(plain)
        #expect(ok == .exited(0))
        let marked = try Self.copy(mode: mode, in: dir)
        let (status, stderr) = try Self.runUnprivileged(marked)
        #expect(status == .exited(1))
        #expect(stderr.contains("refusing to run \(words)"), "\(stderr)")
    }
}
