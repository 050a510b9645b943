// `lodestone replay TRACE` (SPEC T2, T4): decodes the whole trace first — a malformed, truncated,
// unknown-version or out-of-range trace is refused with its line and exit status 2, nothing
// replayed — then replays it: live in a window (ReplayLive.swift), to PNG frames with --headless
// (ReplayHeadless.swift), or as printed events with --print / --json (here).
import InputProtocol
import InputPipeline
import LayoutKit
import Playground
import PointerEngine
import WaylandClient
import Posix
#if canImport(Glibc)
import Glibc
#endif

/// Where replayed events go: the seam for the engine and the headless renderer.
protocol ReplayTarget {
    /// One event; `now` is its own timestamp (virtual time, SPEC T2).
    mutating func consume(_ event: InputEvent, now: Timestamp)
    mutating func finish()
}

/// Prints each event: the inspector's readable line (as `lodestone events`), or one canonical
/// trace line each (--json).
struct PrintTarget: ReplayTarget {
    var json: Bool
    private var inspector = InspectorLine()

    init(json: Bool) { self.json = json }

    mutating func consume(_ event: InputEvent, now: Timestamp) {
        if json {
            // The event was validated when decoded, so it encodes.
            if let line = try? TraceEncoder.line(for: event) { writeLine(line) }
        } else if let line = inspector.line(for: event) {
            writeLine(line)
        }
    }
    mutating func finish() {}
}

/// Feeds the engine and prints its state after each event (--report-states, SPEC T2).
struct StateTarget: ReplayTarget {
    let reporter: StateReporter
    mutating func consume(_ event: InputEvent, now: Timestamp) {
        writeLine(reporter.handle(event).description)
    }
    mutating func finish() {}
}

/// The engine whose states `record --report-states` and `replay --report-states` print: the
/// showcase or a layout file, with the default settings (a settings file would make the states
/// depend on who runs the command).
enum StateReporting {
    static func reporter(layoutPath: String?) -> Result<StateReporter, ExitStatus> {
        guard let layoutPath else { return .success(StateReporter(layout: nil)) }
        do {
            return .success(StateReporter(layout: try LayoutFile.load(path: layoutPath).layout))
        } catch {
            Diagnostics.error("\(error)")
            return .failure(ExitStatus(code: CLI.Status.usage))
        }
    }
}

enum ReplayCommand {
    static let command = Command(name: "replay",
                                 usage: "TRACE [--layout FILE] [--speed X] | TRACE --headless --out DIR [--layout FILE] [--size WxH] [--scale S] [--fps N] [--every N] | TRACE --print|--json [--realtime] | TRACE --report-states [--layout FILE]",
                                 summary: "replay a trace live in a window, headless to PNG frames, or printed (errors name the line)", run: run)

    static func run(_ args: [String]) -> Int32 {
        if !args.contains(where: { ["--print", "--json", "--realtime", "--report-states"].contains($0) }) {
            let options: ReplayHeadless.Options
            do { options = try ReplayHeadless.parse(args) } catch {
                Diagnostics.error("replay: \(error)")
                return CLI.Status.usage
            }
            return options.headless ? ReplayHeadless.run(options) : ReplayLive.run(options)
        }
        var path: String?
        var json = false, realtime = false, states = false
        var layout: String?
        var reader = ArgumentReader(args)
        do throws(ArgumentError) {
            while let a = reader.next() {
                switch a {
                case "--print": break
                case "--json": json = true
                case "--realtime": realtime = true
                case "--report-states": states = true
                case "--layout": layout = try reader.value(a)
                case _ where ArgumentReader.isOption(a): throw ArgumentReader.unknown(a)
                default:
                    guard path == nil else { throw ArgumentError("takes one trace, got '\(path!)' and '\(a)'") }
                    path = a
                }
            }
        } catch {
            Diagnostics.error("replay: \(error) (usage: lodestone replay \(command.usage))")
            return CLI.Status.usage
        }
        guard let path else {
            Diagnostics.error("usage: lodestone replay \(command.usage)")
            return CLI.Status.usage
        }
        let trace: Trace
        do {
            trace = InputPipeline.replayed(try TraceDecoder.decode(try TraceFiles.read(path)))
        } catch let error as TraceError {
            Diagnostics.error("\(path): \(error)")
            return CLI.Status.usage
        } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        var target: any ReplayTarget = PrintTarget(json: json)
        if states {
            switch StateReporting.reporter(layoutPath: layout) {
            case .success(let r): target = StateTarget(reporter: r)
            case .failure(let status): return status.code
            }
        } else if json {
            writeLine(TraceEncoder.headerLine(trace.header))
        }
        let replayer = TraceReplayer(trace)
        if realtime {
            replayer.replay(tickInterval: 1_000_000, tick: { _ in }, wait: { sleepMicroseconds($0) }) { e, now in
                target.consume(e, now: now)
            }
        } else {
            replayer.replay { e, now in target.consume(e, now: now) }
        }
        target.finish()
        return CLI.Status.ok
    }

    static func sleepMicroseconds(_ us: UInt64) { Posix.sleep(microseconds: us) }
}
