import Glibc
import WaylandClient

/// Creates `path` and any missing parents (like `mkdir -p`), so `--out out/demo` works on a
/// fresh clone where `out/` does not exist yet. On failure prints one error naming the
/// directory that could not be made and returns false.
func makeOutputDirectory(_ path: String) -> Bool {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
        prefix += (prefix.isEmpty || prefix.hasSuffix("/") ? "" : "/") + part
        if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
            Diagnostics.error("cannot create \(prefix): \(String(cString: strerror(errno)))")
            return false
        }
    }
    return true
}
