// Plain file I/O for the benches: /proc files, the latency record, lines on stdout.
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum BenchFiles {
    /// The whole file, or nil when it does not exist / is unreadable.
    static func readText(_ path: String) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A line on stdout, unbuffered (tests read the figures from a pipe).
    static func writeLine(_ text: String) { Diagnostics.write(text + "\n", to: 1) }

    /// Writes `text` to `path` (created or truncated); false on failure.
    static func writeFile(_ path: String, _ text: String) -> Bool {
        guard let f = fopen(path, "w") else { return false }
        let ok = fputs(text, f) >= 0
        return fclose(f) == 0 && ok
    }
}
