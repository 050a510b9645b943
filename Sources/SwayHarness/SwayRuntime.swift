// sway's runtime directory, laid out before launch (issue 16.1): the config file and a copy of
// every LD_PRELOAD library, owned by the uid sway runs as. A root caller runs sway as uid 65534,
// which cannot read a checkout inside a private (0700) directory such as /root or a home
// directory; the copies in sway's own directory can be read wherever the checkout lives. A
// preload sway still cannot load fails at once with a sentence naming the file and the reason
// (checked before launch, and from ld.so's complaint on sway's stderr), not after a timeout.
import Posix
#if canImport(Glibc)
import Glibc
#endif

public struct SwayStartFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension SwaySetup {
    /// What `prepare` laid out: the config file, sway's environment and the staged preloads.
    public struct Prepared: Sendable {
        public var config: String
        public var environment: [String: String]
        /// Each staged copy with the file it was copied from, in LD_PRELOAD order.
        public var preloads: [(copy: String, source: String)]
        /// The shim's control socket, when injecting.
        public var injectSocket: String?

        /// Why sway's start failed so far, or nil: a preload ld.so refused (its complaint on
        /// `stderr`), or, once sway's sockets are up (`socketsUp`), the shim's control socket
        /// missing. ld.so complains before sway's main, and the shim opens its socket while sway
        /// creates its backend, before the Wayland socket: neither needs a wait.
        public func startupProblem(stderr: String, socketsUp: Bool) -> String? {
            if let refused = SwaySetup.refusedPreload(in: stderr) {
                let source = preloads.first { $0.copy == refused.file }?.source
                return "sway cannot preload \(source ?? refused.file)"
                    + (source.map { $0 == refused.file ? "" : " (staged as \(refused.file))" } ?? "") + ": \(refused.reason)"
            }
            if socketsUp, let injectSocket, access(injectSocket, F_OK) != 0 {
                return "sway is up but the sway-inject shim opened no control socket at \(injectSocket)"
            }
            return nil
        }
    }

    /// Lays out `directory` (made by the caller, empty) as sway's runtime directory: mode 0700,
    /// owned by `unprivilegedID` when `asRoot`; the config file; a copy of each of `preload`,
    /// then of the shim. Checks that sway's uid can reach and read every copy.
    public func prepare(runtimeDirectory directory: String, preload: [String] = [], asRoot: Bool) throws(SwayStartFailure) -> Prepared {
        let owner: UInt32? = asRoot ? Self.unprivilegedID : nil
        guard chmod(directory, 0o700) == 0, owner.map({ chown(directory, $0, $0) == 0 }) ?? true else {
            throw SwayStartFailure("cannot hand \(directory) to sway: \(String(cString: strerror(errno)))")
        }
        let config = directory + "/config"
        try Self.write(Array(configText.utf8), to: config, mode: 0o600, owner: owner)
        var env = environment(runtimeDirectory: directory)
        var staged: [(copy: String, source: String)] = []
        for (i, source) in (preload + (inject.map { [$0.library] } ?? [])).enumerated() {
            let name = source.split(separator: "/").last.map(String.init) ?? "preload.so"
            let copy = "\(directory)/preload-\(i)-\(name)"
            let bytes: [UInt8]
            do { bytes = try Self.read(source) } catch { throw SwayStartFailure("cannot stage the preload \(source) for sway: \(error)") }
            try Self.write(bytes, to: copy, mode: 0o500, owner: owner)
            staged.append((copy, source))
        }
        let uid = owner ?? getuid(), gid = owner ?? getgid()
        for (copy, source) in staged {
            if let why = Self.unreadable(copy, uid: uid, gid: gid) {
                throw SwayStartFailure("sway (uid \(uid)) cannot read its preload \(copy), the copy of \(source): \(why)")
            }
        }
        if staged.isEmpty { env["LD_PRELOAD"] = nil } else { env["LD_PRELOAD"] = staged.map(\.copy).joined(separator: ":") }
        return Prepared(config: config, environment: env, preloads: staged, injectSocket: inject?.socket)
    }

    /// The preload ld.so refused, from its line on stderr:
    /// `ERROR: ld.so: object 'FILE' from LD_PRELOAD cannot be preloaded (REASON): ignored.`
    public static func refusedPreload(in stderr: String) -> (file: String, reason: String)? {
        let head = "ERROR: ld.so: object '", middle = "' from LD_PRELOAD cannot be preloaded (", tail = "): ignored."
        for line in stderr.split(separator: "\n") {
            guard let h = find(head, in: line), let m = find(middle, in: line[h.upperBound...]) else { continue }
            let rest = line[m.upperBound...]
            let reason = find(tail, in: rest).map { rest[..<$0.lowerBound] } ?? rest
            return (String(line[h.upperBound..<m.lowerBound]), String(reason))
        }
        return nil
    }

    /// Where `needle` first occurs in `text` (no Foundation here).
    static func find(_ needle: String, in text: Substring) -> Range<String.Index>? {
        var i = text.startIndex
        while i < text.endIndex {
            if text[i...].hasPrefix(needle) { return i..<text.index(i, offsetBy: needle.count) }
            i = text.index(after: i)
        }
        return nil
    }

    /// Why `uid` (in group `gid` only, as setpriv --clear-groups leaves it) cannot read `path`,
    /// or nil when it can: the first directory on the way it may not enter, or the file's own
    /// mode. Mode bits only (no ACLs): ld.so's complaint on stderr catches whatever this misses.
    public static func unreadable(_ path: String, uid: UInt32, gid: UInt32) -> String? {
        func lacks(_ p: String, _ want: mode_t, _ verb: String) -> String? {
            var st = stat()
            guard stat(p, &st) == 0 else { return "\(p): \(String(cString: strerror(errno)))" }
            if uid == 0 { return nil }
            let mode = st.st_mode & 0o777
            let bits = st.st_uid == uid ? mode >> 6 : st.st_gid == gid ? (mode >> 3) & 7 : mode & 7
            guard bits & want == 0 else { return nil }
            return "\(p) is mode \(String(mode, radix: 8)) owned by uid \(st.st_uid), so uid \(uid) cannot \(verb) it"
        }
        var dir = ""
        for part in path.split(separator: "/").dropLast() {
            if let why = lacks(dir.isEmpty ? "/" : dir, 0o1, "enter") { return why }
            dir += "/" + part
        }
        if !dir.isEmpty, let why = lacks(dir, 0o1, "enter") { return why }
        return lacks(path, 0o4, "read")
    }

    static func read(_ path: String) throws(SwayStartFailure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw SwayStartFailure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Posix.retryingEINTR { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            guard n >= 0 else { throw SwayStartFailure(String(cString: strerror(errno))) }
            if n == 0 { return out }
            out += chunk[..<n]
        }
    }

    static func write(_ bytes: [UInt8], to path: String, mode: mode_t, owner: UInt32?) throws(SwayStartFailure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw SwayStartFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var off = 0
        while off < bytes.count {
            let n = Posix.retryingEINTR { bytes[off...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } }
            guard n > 0 else { throw SwayStartFailure("cannot write \(path): \(String(cString: strerror(errno)))") }
            off += n
        }
        guard fchmod(fd, mode) == 0, owner.map({ fchown(fd, $0, $0) == 0 }) ?? true else {
            throw SwayStartFailure("cannot hand \(path) to sway: \(String(cString: strerror(errno)))")
        }
    }
}
