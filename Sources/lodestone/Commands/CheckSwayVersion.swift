// `lodestone check` (issue 21.4): sway's version, for the report's compositor name ("sway 1.7")
// and the forwarding diagnosis (sway before 1.8 never forwards holds). Asked once over sway's IPC
// socket ($SWAYSOCK; the i3 IPC protocol: "i3-ipc", payload length, message type, all native
// endian; GET_VERSION is 7) with a short deadline: a socket that does not answer leaves the name
// as the globals gave it.
import InputProtocol
#if canImport(Glibc)
import Glibc
#endif

enum SwayVersion {
    /// GET_VERSION's message type.
    static let getVersion: UInt32 = 7
    /// How long the check waits for sway's answer.
    static let deadline: Int32 = 500 // ms

    /// "1.7" from sway at `socket`, nil when it cannot be asked or does not say.
    static func ask(socket path: String) -> String? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { return nil }
        var request = Array("i3-ipc".utf8)
        withUnsafeBytes(of: UInt32(0)) { request += $0 }
        withUnsafeBytes(of: getVersion) { request += $0 }
        guard request.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == request.count else { return nil }
        guard let header = read(fd, count: 14), header.prefix(6).elementsEqual("i3-ipc".utf8) else { return nil }
        let length = header[6..<10].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        guard length < 1 << 16, let payload = read(fd, count: Int(length)),
              let reply = try? JSONReader.parse(String(decoding: payload, as: UTF8.self)),
              case .string(let version)? = reply["human_readable"]?.value else { return nil }
        // "1.7", or "1.8.1-a1b2c3 (Mar 1 2023, branch 'master')": the number only.
        let number = version.prefix { $0.isNumber || $0 == "." }
        return number.isEmpty ? nil : String(number)
    }

    /// Exactly `count` bytes, each read within the deadline.
    private static func read(_ fd: Int32, count: Int) -> [UInt8]? {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: max(count, 1))
        while out.count < count {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, deadline) == 1 else { return nil }
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count - out.count) }
            guard n > 0 else { return nil }
            out += chunk[..<n]
        }
        return out
    }
}
