// `lodestone bench [engine|render|latency|frames|startup|feel|all] [--json] [--quick] [--plot FILE.png]` (issue 8).
// Figures go to stdout (a table, or one JSON object per line with --json); suites that cannot
// run here say why on stderr. Exit 0 when every requested suite ran, 1 when some could not,
// 2 on a usage error. This is the lodestone-bench program (`lodestone bench` runs it): the
// benches and their cairo peer stay out of the lodestone binary (issue 20.4).

import Playground
import WaylandClient

/// Exit statuses, as `lodestone --help` documents them.
enum BenchStatus {
    static let ok: Int32 = 0
    /// Some requested suite could not run here.
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}

enum BenchCommand {
    static let usage = "[engine|render|latency|frames|startup|feel|all] [--json] [--quick] [--plot FILE.png]"

    static func run(_ args: [String]) -> Int32 {
        var json = false, quick = false
        var plot: String?
        var names: [String] = []
        var reader = ArgumentReader(args)
        do throws(ArgumentError) {
            while let a = reader.next() {
                switch a {
                case "--json": json = true
                case "--quick": quick = true
                case "--plot":
                    // The latency distribution as a PNG (the latency bench runs).
                    plot = try reader.value(a)
                    if !names.contains("latency") { names.append("latency") }
                case "all": names += BenchRegistry.suites.map(\.name)
                case _ where ArgumentReader.isOption(a): throw ArgumentReader.unknown(a)
                default:
                    guard BenchRegistry.suite(named: a) != nil else {
                        let known = (BenchRegistry.suites.map(\.name) + ["all"]).joined(separator: ", ")
                        throw ArgumentError("unknown bench '\(a)' (known: \(known))")
                    }
                    names.append(a)
                }
            }
        } catch {
            Diagnostics.error("bench: \(error) (usage: lodestone bench \(usage))")
            return BenchStatus.usage
        }
        if names.isEmpty { names = BenchRegistry.suites.map(\.name) }
        var seen = Set<String>()
        names = names.filter { seen.insert($0).inserted }

        var missing = 0
        for name in names {
            let suite = BenchRegistry.suite(named: name)!
            let outcome = name == "latency" && plot != nil ? LatencyBench.run(quick: quick, plot: plot) : suite.run(quick)
            switch outcome {
            case let .figures(figures):
                if json {
                    for f in figures { BenchFiles.writeLine(f.jsonLine) }
                } else {
                    BenchFiles.writeLine("\(suite.name): \(suite.summary)")
                    BenchFiles.writeLine(BenchTable.render(figures) + "\n")
                    if let note = suite.note { BenchFiles.writeLine(note + "\n") }
                }
            case let .unavailable(why):
                missing += 1
                Diagnostics.warning("bench \(name): not available: \(why)")
            }
        }
        return missing == 0 ? BenchStatus.ok : BenchStatus.failure
    }
}
