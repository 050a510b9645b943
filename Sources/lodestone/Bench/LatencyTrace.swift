// The input the latency bench replays (issue 8): a fixed, seeded trace of sway-inject commands
// (Tests/Fixtures/sway-inject/README.md) — pointer motion along a looping path, two-finger
// scrolls with their stop, pinches and three-finger swipes — each step paced like a touchpad
// (125 Hz). Each step makes one event at the client. Plus the shim's control connection.
#if canImport(Glibc)
import Glibc
#endif

enum LatencyTrace {
    /// A touchpad reports at about 125 Hz.
    static let interval = 0.008

    /// `count` steps; each step is the command lines of one wl_pointer (or gesture) frame.
    static func steps(count: Int) -> [[String]] {
        var out: [[String]] = []
        out.reserveCapacity(count + 8)
        var n = 0
        // Positions stay inside the middle of the output, over the window's content.
        func position(_ i: Int) -> String {
            let t = Double(i) * 0.021
            let x = 0.5 + 0.3 * sin(t), y = 0.5 + 0.25 * sin(2 * t + 0.4)
            return "absolute \(x) \(y)"
        }
        while out.count < count {
            // A phase of motion, then a scroll, a pinch, a swipe.
            for _ in 0..<60 { out.append([position(n)]); n += 1 }
            for k in 0..<12 { out.append(["axis finger vertical \(k < 6 ? 4.0 : -4.0) 0", "frame"]) }
            out.append(["axis finger vertical 0 0", "frame"])
            out.append(["pinch-begin 2"])
            for k in 1...10 { out.append(["pinch-update 2 0.5 0.3 \(1 + Double(k) * 0.03) 0.5"]) }
            out.append(["pinch-end"])
            out.append(["swipe-begin 3"])
            for _ in 0..<8 { out.append(["swipe-update 3 6 0"]) }
            out.append(["swipe-end"])
        }
        return Array(out.prefix(count))
    }
}

/// The shim's control socket: one command per line, each answered `ok …` or `error …` after
/// sway has handled it.
final class InjectConnection {
    private let fd: Int32
    private var pending: [UInt8] = []

    struct Failure: Error, CustomStringConvertible { var description: String }

    init(socket path: String, timeout: Double = 10) throws(Failure) {
        let deadline = Spawn.now() + timeout
        while true {
            let s = Self.connect(path)
            if s >= 0 { fd = s; break }
            if Spawn.now() > deadline { throw Failure(description: "no sway-inject control socket at \(path) after \(timeout) s") }
            usleep(20_000)
        }
    }

    deinit { close(fd) }

    func send(_ command: String) throws(Failure) {
        let line = Array((command + "\n").utf8)
        var off = 0
        while off < line.count {
            let n = line[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw Failure(description: "sway-inject: write failed (sway gone?)") }
            off += n
        }
        let answer = try readLine(timeout: 5, command: command)
        guard answer.hasPrefix("ok") else { throw Failure(description: "sway-inject refused '\(command)': \(answer)") }
    }

    private func readLine(timeout: Double, command: String) throws(Failure) -> String {
        let deadline = Spawn.now() + timeout
        while true {
            if let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...nl) }
                return String(decoding: pending[..<nl], as: UTF8.self)
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, (deadline - Spawn.now()) * 1000))
            guard left > 0 else { throw Failure(description: "sway-inject: no answer to '\(command)' within \(timeout) s") }
            let r = poll(&p, 1, left)
            if r <= 0 { continue }
            var buf = [UInt8](repeating: 0, count: 256)
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(description: "sway-inject: control socket closed during '\(command)'") }
            pending += buf[..<n]
        }
    }

    private static func connect(_ path: String) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { close(fd); return -1 }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if rc != 0 { close(fd); return -1 }
        return fd
    }
}
