// `lodestone replay TRACE [--layout FILE] [--headless --out DIR …]` (issue 7, SPEC T2): the
// headless part lives in ReplayHeadless.swift; live replay (a window) comes with the trace work.
import WaylandClient

enum ReplayCommand {
    static let command = Command(name: "replay", usage: "TRACE [--layout FILE] [--headless --out DIR] [--size WxH] [--scale S] [--fps N] [--every N]",
                                 summary: "replay a trace live or headless to PNG frames", run: run)

    static func run(_ args: [String]) -> Int32 {
        let options: ReplayHeadless.Options
        do { options = try ReplayHeadless.parse(args) } catch {
            Diagnostics.error("replay: \(error)")
            return CLI.Status.usage
        }
        guard options.headless else {
            Diagnostics.error("replay: live replay in a window is not available yet; use --headless --out DIR")
            return CLI.Status.usage
        }
        return ReplayHeadless.run(options)
    }
}
