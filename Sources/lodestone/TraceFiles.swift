// File I/O for traces (record/replay): InputProtocol stays free of I/O, the program reads and
// writes with plain POSIX calls here.
import Posix
#if canImport(Glibc)
import Glibc
#endif

enum TraceFiles {
    struct IOError: Error, CustomStringConvertible {
        var path: String
        var call: String
        var code: Int32
        var description: String { "\(path): \(call): \(String(cString: strerror(code)))" }
    }

    /// The whole file ("-" = stdin).
    static func read(_ path: String) throws(IOError) -> [UInt8] {
        let fd = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw IOError(path: path, call: "open", code: errno) }
        defer { if fd != 0 { close(fd) } }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Posix.retryingEINTR { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { throw IOError(path: path, call: "read", code: errno) }
            if n == 0 { return out }
            out += chunk[0..<n]
        }
    }

    /// Opens `path` for writing ("-" = stdout). A new trace file is readable by its owner only:
    /// traces describe what someone did (SPEC T3).
    static func create(_ path: String) throws(IOError) -> Int32 {
        if path == "-" { return 1 }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 { throw IOError(path: path, call: "open", code: errno) }
        return fd
    }

    /// Writes all of `text`, retrying short writes and EINTR.
    static func write(_ text: String, to fd: Int32, path: String) throws(IOError) {
        var text = text
        let failure: Int32? = text.withUTF8 { buf -> Int32? in
            var off = 0
            while off < buf.count {
                let n = Posix.retryingEINTR { Glibc.write(fd, buf.baseAddress! + off, buf.count - off) }
                if n < 0 { return errno }
                off += n
            }
            return nil
        }
        if let failure { throw IOError(path: path, call: "write", code: failure) }
    }
}
