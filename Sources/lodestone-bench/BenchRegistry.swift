// The benches `lodestone bench` knows, in `all` order. One line per suite: the subject's
// engineer writes the body (a function returning figures) and adds or edits its line here.

enum BenchRegistry {
    static let suites: [BenchSuite] = [
        BenchSuite(name: "engine", summary: "ns/event and events/s at 100 … 100k elements (issue 5)",
                   run: EngineBench.run),
        BenchSuite(name: "render", summary: "pointer-move and full frames at 1080p/4K vs memcpy and cairo (issue 6)",
                   run: { quick in .figures(RenderBench.run(quick: quick)) }),
        BenchSuite(name: "latency", summary: "event → commit under headless sway, late frames (issue 8)",
                   run: LatencyBench.run, note: LatencyBench.definition),
        BenchSuite(name: "frames", summary: "the latency trace without a compositor: the client's CPU per commit, by phase (issue 8)",
                   run: FramesBench.run),
        BenchSuite(name: "startup", summary: "launch → first frame committed, peak RSS at 1080p (issue 8)",
                   run: StartupBench.run),
        BenchSuite(name: "feel", summary: "simulated target acquisition: misses, time, false snaps; magnetism off/on, bubble cursor (issue 5)",
                   run: FeelBench.run),
    ]

    static func suite(named name: String) -> BenchSuite? { suites.first { $0.name == name } }
}
