// `lodestone events --backend libinput [--device PATH]... [--seat NAME] [--json]`: prints the
// semantic event stream of the libinput backend without any compositor, like
// `libinput debug-events` but in Lodestone's terms (SPEC T1). --json writes a trace
// (Protocols/lodestone-input-v1.md: header line, then one event per line) that `lodestone
// replay` reads. Private by default (SPEC T3).
import Foundation
import InputProtocol
import LibinputBackend
import InputPipeline
import Playground
import PointerEngine
import WaylandClient

enum LibinputEventsCommand {
    static let usage = """
    usage: lodestone events --backend libinput [--device PATH]... [--seat NAME] [--json] [--keep-keys]
                            [--tap on|off] [--natural-scroll on|off] [--natural-scrolling on|off]
                            [--scroll-method none|two-finger|edge|on-button-down]
                            [--accel-profile flat|adaptive] [--accel-speed -1…1] [--dwt on|off] [--verbose]
           lodestone record --input libinput [--device PATH]... --out FILE [--report-states [--layout FILE]] …
      Without --device, every input device of the seat (default seat0) is read through udev.
      --natural-scroll sets libinput's natural scrolling on every device; --natural-scrolling, as
      the playground's setting, on touchpads only (G1). Each device's scroll_direction says which applied.
      --report-states feeds the events to the engine (the showcase or --layout) as they are
      recorded and prints its state after each; `lodestone replay FILE --report-states` prints
      the same lines for a faithful trace (SPEC T2).
    """

    struct Options {
        var paths: [String] = []
        var seat = "seat0"
        var json = false
        var privacy = KeyPrivacy.redactText
        var settings = DeviceSettings()
        var verbose = false
        /// `record --input libinput`: the trace file ("-" is stdout).
        var out: String?
        /// `record --report-states`: feed the events to the engine too and print its state
        /// after each (SPEC T2; `lodestone replay --report-states` prints the same lines).
        var reportStates = false
        /// The layout the reported engine runs (nil: the showcase).
        var layout: String?
    }

    static func parse(_ args: [String]) throws(ArgumentError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        while let a = reader.next() {
            switch a {
            case "--backend":
                _ = try reader.value(a, wants: "libinput here (--backend wayland is the seat's events)") { $0 == "libinput" ? $0 : nil }
            case "--device": o.paths.append(try reader.value(a))
            case "--seat": o.seat = try reader.value(a)
            case "--json": o.json = true
            case "--out", "-o": o.out = try reader.value(a)
            case "--input": _ = try reader.value(a, wants: "libinput here") { $0 == "libinput" ? $0 : nil }
            case "--keep-keys": o.privacy = .keepKeys
            case "--report-states": o.reportStates = true
            case "--layout": o.layout = try reader.value(a)
            case "--verbose": o.verbose = true
            case "--tap": o.settings.tapToClick = try reader.onOff(a)
            case "--natural-scroll": o.settings.naturalScroll = try reader.onOff(a)
            case "--natural-scrolling": o.settings.touchpadNaturalScroll = try reader.onOff(a)
            case "--dwt": o.settings.disableWhileTyping = try reader.onOff(a)
            case "--scroll-method":
                o.settings.scrollMethod = try reader.value(a, wants: Self.choices(DeviceSettings.ScrollMethod.self)) { .init(rawValue: $0) }
            case "--accel-profile":
                o.settings.accelProfile = try reader.value(a, wants: Self.choices(DeviceSettings.AccelProfile.self)) { .init(rawValue: $0) }
            case "--accel-speed": o.settings.accelSpeed = try reader.value(a, wants: "a number") { Double($0) }
            default: throw ArgumentReader.unknown(a)
            }
        }
        return o
    }

    /// "none, two-finger, …": the raw values of an option's cases.
    static func choices<T: CaseIterable & RawRepresentable<String>>(_: T.Type) -> String {
        T.allCases.map(\.rawValue).joined(separator: ", ")
    }

    static func run(_ args: [String]) -> Int32 {
        if args.contains("--help") || args.contains("-h") { print(usage); return CLI.Status.ok }
        let options: Options
        do { options = try parse(args) } catch {
            Diagnostics.error("events: \(error)\n\(usage)")
            return CLI.Status.usage
        }
        let source: LibinputBackend.Source = options.paths.isEmpty ? .seat(options.seat) : .paths(options.paths)
        let backend: LibinputBackend
        do {
            backend = try LibinputBackend(source, settings: options.settings,
                                          verbose: options.verbose) { line in Diagnostics.error(line) }
        } catch {
            Diagnostics.error(error.description)
            return CLI.Status.failure
        }
        if let out = options.out {
            var reporter: StateReporter?
            if options.reportStates {
                guard out != "-" else {
                    Diagnostics.error("record: --report-states prints on stdout; write the trace with --out FILE")
                    return CLI.Status.usage
                }
                switch StateReporting.reporter(layoutPath: options.layout) {
                case .success(let r): reporter = r
                case .failure(let status): return status.code
                }
            }
            return record(backend, to: out, privacy: options.privacy, reporter: reporter)
        }
        var inspector = InspectorLine()
        if options.json {
            let header = TraceHeader(privacy: options.privacy,
                                     meta: ["generator": "lodestone \(CLI.version) events", "backend": "libinput"])
            Diagnostics.write(TraceEncoder.headerLine(header) + "\n", to: 1)
        }
        var refused = 0
        // The devices' events through the one input stage (issue 20.2): time, the gesture
        // lifecycle, privacy (T1, G7, T3).
        var pipeline = InputPipeline.libinputAlone(privacy: options.privacy)
        while true {
            // One write per drain: lines reach a pipe as they happen (tests and tools read live).
            var text = ""
            for event in backend.drain().flatMap({ pipeline.libinput($0) }) {
                if options.json {
                    do throws(TraceError.Reason) {
                        text += try TraceEncoder.line(for: event, privacy: options.privacy) + "\n"
                    } catch {
                        refused += 1
                        if refused <= 3 { Diagnostics.warning("events: event left out: \(error) (\(event))") }
                    }
                } else if let line = inspector.line(for: event) {
                    text += line + "\n"
                }
            }
            if !text.isEmpty { Diagnostics.write(text, to: 1) }
            backend.wait(timeoutMS: -1)
        }
    }

    /// `lodestone record --input libinput [--device PATH]... [--out FILE] [--keep-keys]` (SPEC T2,
    /// T3): the libinput stream written as a trace until SIGINT/SIGTERM. Every event is written at
    /// once, so a recording stopped by a signal loses nothing.
    static func record(_ args: [String]) -> Int32 {
        var args = args
        if !args.contains("--out") && !args.contains("-o") { args += ["--out", "-"] }
        return run(args)
    }

    private static func record(_ backend: LibinputBackend, to out: String, privacy: KeyPrivacy, reporter: StateReporter?) -> Int32 {
        let fd: Int32
        do { fd = try TraceFiles.create(out) } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        let recorder = TraceRecorder(privacy: privacy,
                                     meta: ["generator": "lodestone \(CLI.version) record", "backend": "libinput"]) { text in
            try TraceFiles.write(text, to: fd, path: out)
        }
        recorder.flushThreshold = 1
        if out != "-" {
            Diagnostics.emit("lodestone: recording libinput devices to \(out) (privacy: \(privacy.traceName)); stop with Ctrl-C\n")
        }
        do { try recorder.flush() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        var refused = 0
        var pipeline = InputPipeline.libinputAlone(privacy: privacy)
        while true {
            var states = ""
            for event in backend.drain().flatMap({ pipeline.libinput($0) }) {
                do {
                    try recorder.append(event)
                } catch let error as TraceError {
                    refused += 1
                    if refused <= 3 { Diagnostics.warning("record: event left out: \(error.reason) (\(event))") }
                    continue
                } catch {
                    Diagnostics.error("\(error)")
                    return CLI.Status.failure
                }
                // The live engine gets exactly what was written (an event left out of the trace
                // is left out here too), straight from the pipeline, not from the file.
                if let reporter { states += reporter.handle(event).description + "\n" }
            }
            if !states.isEmpty { Diagnostics.write(states, to: 1) }
            backend.wait(timeoutMS: -1)
        }
    }
}
