// A persistent connection to sway's IPC socket (the i3 IPC protocol: "i3-ipc", payload length,
// message type, payload), for tests that send many commands quickly — a storm of 1,000
// resizes would spend most of its time starting swaymsg processes.
import Foundation
import SwayHarness

public final class SwayIPC {
    private let fd: Int32

    public init(socket path: String) throws {
        fd = connectUnixSocket(path)
        guard fd >= 0 else { throw HarnessError("sway IPC: cannot connect to \(path): errno \(errno)") }
        // A sway that stops answering fails the test instead of hanging it.
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Runs sway commands (RUN_COMMAND); throws when sway reports a failure.
    @discardableResult
    public func command(_ text: String) throws -> String {
        let reply = try message(type: 0, Array(text.utf8))
        if reply.contains("\"success\": false") || reply.contains("\"success\":false") {
            throw HarnessError("sway IPC: '\(text)' failed: \(reply)")
        }
        return reply
    }

    private func message(type: UInt32, _ payload: [UInt8]) throws -> String {
        var out = Array("i3-ipc".utf8)
        withUnsafeBytes(of: UInt32(payload.count)) { out += $0 }
        withUnsafeBytes(of: type) { out += $0 }
        out += payload
        try writeAll(out)
        let header = try readExactly(14)
        guard header.prefix(6).elementsEqual("i3-ipc".utf8) else { throw HarnessError("sway IPC: bad reply header") }
        let length = header[6..<10].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        return String(decoding: try readExactly(Int(length)), as: UTF8.self)
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        var off = 0
        while off < bytes.count {
            let n = bytes[off...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HarnessError("sway IPC: write failed (sway gone?)") }
            off += n
        }
    }

    private func readExactly(_ count: Int) throws -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: count)
        var off = 0
        while off < count {
            let n = buf[off...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw HarnessError(n == 0 ? "sway IPC: connection closed (sway gone?)" : "sway IPC: no answer within 10 s (errno \(errno))") }
            off += n
        }
        return buf
    }
}

extension Sway {
    /// A persistent IPC connection to this sway.
    public func ipc() throws -> SwayIPC { try SwayIPC(socket: ipcSocket) }
}

/// Resident set size of a process, KB (/proc/PID/statm), or nil when it is gone.
public func residentKilobytes(of pid: pid_t) -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}
