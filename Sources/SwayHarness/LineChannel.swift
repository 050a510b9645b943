// The sway-inject shim's control channel (Tests/Fixtures/sway-inject/README.md): a unix stream
// socket carrying one command per line, each answered `ok …` or `error …` once sway's own event
// loop has handled it. Shared by the latency bench and the tests' SeatInjector.
import Posix
#if canImport(Glibc)
import Glibc
#endif

public struct ChannelFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public final class LineChannel {
    private let fd: Int32
    private var pending: [UInt8] = []
    /// What the far end is, for messages ("sway-inject").
    public let peer: String

    /// Connects to `path`, waiting up to `timeout` seconds for the socket to appear.
    public init(socket path: String, peer: String = "sway-inject", timeout: Double = 10) throws(ChannelFailure) {
        self.peer = peer
        let deadline = monotonicSeconds() + timeout
        while true {
            let s = connectUnixSocket(path)
            if s >= 0 { fd = s; break }
            if monotonicSeconds() > deadline { throw ChannelFailure("\(peer): no control socket at \(path) after \(timeout) s") }
            usleep(20_000)
        }
    }

    deinit { close(fd) }

    /// Sends one command line and waits for its answer line; returns the answer. Only an answer
    /// starting with "ok" is success.
    @discardableResult
    public func send(_ command: String, timeout: Double = 10) throws(ChannelFailure) -> String {
        let bytes = Array((command + "\n").utf8)
        var off = 0
        while off < bytes.count {
            let n = Posix.retryingEINTR { bytes[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { throw ChannelFailure("\(peer): write failed (sway gone?) for '\(command)'") }
            off += n
        }
        let answer = try readLine(timeout: timeout, command: command)
        guard answer.hasPrefix("ok") else { throw ChannelFailure("\(peer): '\(command)' → \(answer)") }
        return answer
    }

    private func readLine(timeout: Double, command: String) throws(ChannelFailure) -> String {
        let deadline = monotonicSeconds() + timeout
        while true {
            if let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...nl) }
                return String(decoding: pending[..<nl], as: UTF8.self)
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, (deadline - monotonicSeconds()) * 1000))
            guard left > 0 else { throw ChannelFailure("\(peer): no answer to '\(command)' within \(timeout) s") }
            let r = poll(&p, 1, left)
            if r <= 0 { continue }
            var buf = [UInt8](repeating: 0, count: 512)
            let n = Posix.retryingEINTR { buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { throw ChannelFailure("\(peer): control socket closed (sway gone?) during '\(command)'") }
            pending += buf[..<n]
        }
    }
}

/// Connects a unix stream socket (close-on-exec); returns the fd, or -1 with errno set.
public func connectUnixSocket(_ path: String) -> Int32 {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard fd >= 0 else { return -1 }
    var addr = sockaddr_un()
    addr.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: addr.sun_path) else { close(fd); errno = ENAMETOOLONG; return -1 }
    withUnsafeMutableBytes(of: &addr.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    let rc = withUnsafePointer(to: &addr) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    if rc != 0 { let e = errno; close(fd); errno = e; return -1 }
    return fd
}

func monotonicSeconds() -> Double { MonotonicClock.seconds() }
