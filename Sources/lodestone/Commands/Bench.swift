// `lodestone bench` (issue 8): not built yet. Replace this file's body when it is.
enum BenchCommand {
    static let command = Command(name: "bench", usage: "[engine|render|latency|startup|feel|all] [--json]", summary: "run the benchmarks",
                                 run: CLI.notYetAvailable("bench", issue: 8))
}
