// `lodestone bench …` (issue 8) runs the benchmarks, which are a program of their own,
// lodestone-bench, built and installed next to lodestone (issue 20.4: the shipping binary
// carries no bench code and links no cairo). The arguments, the output and the exit status are
// that program's: it replaces this process (execv).
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum BenchCommand {
    /// The bench program's file name; it sits in the directory of this program.
    static let program = "lodestone-bench"

    static let command = Command(name: "bench", usage: "[engine|render|latency|frames|startup|feel|all] [--json] [--quick] [--plot FILE.png]",
                                 summary: "run the benchmarks", run: run)

    /// `lodestone-bench` next to this program (/proc/self/exe), or nil when the path is unknown.
    static var programPath: String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let me = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = me.lastIndex(of: "/") else { return nil }
        return String(me[...slash]) + program
    }

    static func run(_ args: [String]) -> Int32 {
        guard let path = programPath else {
            Diagnostics.error("bench: cannot find this program's directory (/proc/self/exe) to run \(program)")
            return CLI.Status.failure
        }
        let argv = [path] + args
        let cArgs = argv.map { strdup($0) } + [nil]
        execv(path, cArgs)
        // Only on failure.
        let why = String(cString: strerror(errno))
        for p in cArgs { free(p) }
        Diagnostics.error("bench: cannot run \(path): \(why) (the benchmarks are the program \(program), "
                          + "built by swift build and installed by make install next to lodestone)")
        return CLI.Status.failure
    }
}
