// The one seam between WaylandClient and the C library for file descriptors, memory and
// signals. Everything above this file sees `Result`/`throws` and Swift names: no errno, and
// EINTR is retried in exactly one place, the package's `Posix.retryingEINTR`.
import CShim
import Posix
#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: which call, and errno's name for why.
public struct SystemError: Error, Equatable, CustomStringConvertible {
    /// The errno value (EPIPE, EAGAIN, ...).
    public var code: Int32
    /// The C function that failed, e.g. "memfd_create".
    public var call: String
    public init(code: Int32, call: String) { self.code = code; self.call = call }
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
    /// The peer is gone (EPIPE, ECONNRESET): for the display this means the compositor died.
    public var isDisconnect: Bool { code == EPIPE || code == ECONNRESET }
    public var isWouldBlock: Bool { code == EAGAIN || code == EWOULDBLOCK }
}

enum Sys {
    /// Runs `body` until it does not fail with EINTR (`Posix.retryingEINTR`); a failure names `call`.
    @inline(__always)
    static func retryingEINTR<T: BinaryInteger>(_ call: String, _ body: () -> T) -> Result<T, SystemError> {
        let r = Posix.retryingEINTR(body)
        return r >= 0 ? .success(r) : .failure(SystemError(code: errno, call: call))
    }

    static func close(_ fd: Int32) { if fd >= 0 { _ = Glibc.close(fd) } }

    /// A sealed-size anonymous file for shared memory (memfd_create + F_SEAL_GROW/SHRINK/SEAL).
    /// Sealing guarantees the compositor that we cannot shrink the file under its mapping.
    static func sealedMemfd(name: String, size: Int) -> Result<Int32, SystemError> {
        let fd = memfd_create(name, UInt32(MFD_CLOEXEC | MFD_ALLOW_SEALING))
        if fd < 0 { return .failure(SystemError(code: errno, call: "memfd_create")) }
        switch retryingEINTR("ftruncate", { ftruncate(fd, off_t(size)) }) {
        case .failure(let e): close(fd); return .failure(e)
        case .success: break
        }
        if fcntl(fd, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) < 0 {
            let e = errno
            close(fd)
            return .failure(SystemError(code: e, call: "fcntl(F_ADD_SEALS)"))
        }
        return .success(fd)
    }

    static func mapShared(fd: Int32, size: Int) -> Result<UnsafeMutableRawPointer, SystemError> {
        guard let p = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), p != MAP_FAILED else {
            return .failure(SystemError(code: errno, call: "mmap"))
        }
        return .success(p)
    }

    static func unmap(_ p: UnsafeMutableRawPointer, size: Int) { _ = munmap(p, size) }

    /// poll(2) over `fds`; timeout in milliseconds, -1 = forever.
    static func poll(_ fds: inout [pollfd], timeout: Int32) -> Result<Int32, SystemError> {
        let n = nfds_t(fds.count)
        return fds.withUnsafeMutableBufferPointer { buf in
            retryingEINTR("poll") { Glibc.poll(buf.baseAddress, n, timeout) }
        }
    }

    /// Reads one 8-byte counter (timerfd expirations).
    static func readCounter(_ fd: Int32) -> Result<UInt64, SystemError> {
        var value: UInt64 = 0
        return retryingEINTR("read") { withUnsafeMutableBytes(of: &value) { read(fd, $0.baseAddress, 8) } }.map { _ in value }
    }

    static func monotonicNow() -> Double { MonotonicClock.seconds() }
}

/// Diagnostics on stderr, prefixed with the program name. Written with write(2) so a message
/// is not lost in a buffer when the process exits right after (compositor gone).
public enum Diagnostics {
    public static func error(_ message: String) { emit("lodestone: \(message)\n") }
    public static func warning(_ message: String) { emit("lodestone: warning: \(message)\n") }
    public static func emit(_ text: String) { write(text, to: 2) }

    /// Writes all of `text` to `fd` unbuffered (stdout lines that tests wait for on a pipe).
    public static func write(_ text: String, to fd: Int32) {
        var text = text
        text.withUTF8 { buf in
            var off = 0
            while off < buf.count {
                let n = Posix.retryingEINTR { Glibc.write(fd, buf.baseAddress! + off, buf.count - off) }
                if n < 0 { return }
                off += n
            }
        }
    }
}
