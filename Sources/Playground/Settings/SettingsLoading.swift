// The settings file read from disk and combined with the flags (issue 16.9): no file is no
// error, a file that cannot be read says why ("is a directory", "permission denied"), and a bad
// value in the file for a setting a flag also gives only warns (file:line:column): the flag wins.
import Posix
#if canImport(Glibc)
import Glibc
#endif

extension SettingsFile {
    /// The settings, the arguments no settings flag took, and warnings (bad file values that
    /// flags override), each naming file:line:column.
    public struct Loaded: Sendable {
        public var settings: AppSettings
        public var rest: [String]
        public var warnings: [SettingsError]
    }

    /// The file's text (`text`, nil: no file) under the flags in `args`. A bad flag is an error
    /// first; then the file, where only settings no flag gives must be valid.
    public static func load(_ text: String?, file: String?, flags args: [String]) throws(SettingsError) -> Loaded {
        var scratch = AppSettings()
        var given: [String: String] = [:]
        _ = try applyFlags(args, to: &scratch, keys: &given)
        var warnings: [SettingsError] = []
        var s = AppSettings()
        if let text { s = try parse(text, file: file, over: s, overriddenBy: given, warnings: &warnings) }
        let rest = try applyFlags(args, to: &s)
        return Loaded(settings: s, rest: rest, warnings: warnings)
    }

    /// The file at `path`, or nil when there is none (it, or a directory on its way, does not
    /// exist). Any other failure names the file and the reason.
    public static func read(path: String) throws(SettingsError) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw readError(path, errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = Posix.retryingEINTR { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            guard n >= 0 else { throw readError(path, errno) }
            if n == 0 { return String(decoding: bytes, as: UTF8.self) }
            bytes += chunk[..<n]
        }
    }

    /// "PATH: cannot read the settings file: permission denied".
    static func readError(_ path: String, _ code: Int32) -> SettingsError {
        let reason = String(cString: strerror(code))
        return SettingsError("cannot read the settings file: " + reason.prefix(1).lowercased() + reason.dropFirst(), file: path)
    }
}
