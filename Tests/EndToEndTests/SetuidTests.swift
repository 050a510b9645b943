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
        // O_CLOEXEC: a process another test forks meanwhile (sway, the umockdev driver) must not
        // inherit the write fd, or exec of the copy fails with ETXTBSY while that process lives.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Lodestone.executable))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        #expect(fd >= 0)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(written == bytes.count)
        #expect(chown(path, 0, 0) == 0)
        #expect(chmod(path, mode) == 0)  // after chown: chown clears the set-id bits
        return path
    }

    static func runUnprivileged(_ path: String) throws -> (ChildProcess.Termination, String) {
        // A fork elsewhere in this process can still hold the copy's fd for the instant between
        // its fork and exec (ETXTBSY): retry briefly.
        for attempt in 1...20 {
            let p = try ChildProcess(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", path, "--version"],
                                     environment: ["PATH": "/usr/bin:/bin"], name: "setuid")
            let status = try p.wait(timeout: 20)
            if attempt < 20, p.stderr.contains("Text file busy") { usleep(100_000); continue }
            return (status, p.stderr)
        }
        fatalError("unreachable")
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
