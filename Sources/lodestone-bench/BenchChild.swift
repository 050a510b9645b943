// A child process of a bench (the playground window):
// its stdout on a pipe the bench drains while it works, its own peak RSS and CPU time from
// /proc, and SIGTERM → SIGKILL teardown by pid.
#if canImport(Glibc)
import Glibc
#endif

/// A child process with its stdout on a pipe that the bench drains while it works.
final class BenchChild {
    let pid: pid_t
    private let out: Int32
    private var text: [UInt8] = []
    private var exited = false

    init(_ argv: [String]) throws(SpawnFailure) {
        switch Spawn.start(argv) {
        case .success(let child): (pid, out) = child
        case .failure(let why): throw why
        }
    }

    /// CPU time the child's main thread has run so far (/proc/PID/schedstat, ns precision).
    func cpuSeconds() -> Double? {
        guard let text = BenchFiles.readText("/proc/\(pid)/schedstat"),
              let ns = text.split(separator: " ").first.flatMap({ Double($0) }) else { return nil }
        return ns / 1e9
    }

    /// The child's own peak resident set (VmHWM of /proc/PID/status), in MiB, while it runs.
    func peakRSSMiB() -> Double? {
        guard let status = BenchFiles.readText("/proc/\(pid)/status") else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kib = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            return kib.map { $0 / 1024 }
        }
        return nil
    }

    /// Reads whatever the child printed for up to `seconds`; false once its stdout closed.
    @discardableResult
    func drain(for seconds: Double) -> Bool {
        var p = pollfd(fd: out, events: Int16(POLLIN), revents: 0)
        guard poll(&p, 1, Int32(max(0, seconds * 1000))) > 0 else { return true }
        var buf = [UInt8](repeating: 0, count: 4096)
        let n = read(out, &buf, buf.count)
        if n > 0 { text += buf[..<n]; if text.count > 1 << 16 { text.removeFirst(text.count - 4096) } }
        return n != 0
    }

    func waitForLine(containing marker: String, timeout: Double) -> Bool {
        let deadline = Spawn.now() + timeout
        while Spawn.now() < deadline {
            if String(decoding: text, as: UTF8.self).contains(marker) { return true }
            if !drain(for: 0.05) { return String(decoding: text, as: UTF8.self).contains(marker) }
        }
        return false
    }

    /// SIGTERM, then SIGKILL after 5 s; reaps it.
    func stop() {
        guard !exited else { return }
        exited = true
        Spawn.terminate(pid, grace: 5) { drain(for: 0.01) }
        close(out)
    }

    deinit { stop() }
}
