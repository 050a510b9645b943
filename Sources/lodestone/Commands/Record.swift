// `lodestone record [--input wayland|libinput|both] [--out FILE] [--keep-keys] [--display NAME]
// [--layout FILE] [--report-states]` (SPEC T2, T3; issues 4, 7): writes a trace
// (Protocols/lodestone-input-v1.md) until SIGINT/SIGTERM. Private by default: text keys are
// recorded as the placeholder and the header says "redacted"; --keep-keys opts in.
//
// With the compositor (`--input wayland`, the default, or `both`) it opens the playground window
// on the showcase (or --layout) and records exactly what that window's engine receives: the
// stream after `InputPipeline` has merged the compositor's seat with libinput's devices — one
// event per thing the engine saw, never a source's raw events beside it. `--input libinput`
// records the devices alone, without a window (Commands/LibinputEvents.swift).
//
// --report-states feeds the recorded events to a second engine with the default settings (the
// showcase or --layout) and prints its state after each on stdout: `lodestone replay TRACE
// --report-states` prints the same lines for a faithful trace.
import InputProtocol
import PointerEngine
import Playground
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum RecordCommand {
    static let command = Command(name: "record",
                                 usage: "[--input wayland|libinput|both] [--out FILE] [--keep-keys] [--display NAME] [--layout FILE] [--report-states]",
                                 summary: "record an input trace (private by default)", run: run)

    struct Options {
        var out = "-"
        var privacy = KeyPrivacy.redactText
        var display: String?
        var layout: String?
        var reportStates = false
    }

    static func parse(_ args: [String]) throws(ArgumentError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        while let a = reader.next() {
            switch a {
            case "--keep-keys": o.privacy = .keepKeys
            case "--report-states": o.reportStates = true
            case "--out", "-o": o.out = try reader.value(a)
            case "--display": o.display = try reader.value(a)
            case "--layout": o.layout = try reader.value(a)
            default: throw ArgumentReader.unknown(a)
            }
        }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        if let i = args.firstIndex(of: "--input"), args.dropFirst(i + 1).first == "libinput" {
            return LibinputEventsCommand.record(args)   // issue 4: Commands/LibinputEvents.swift
        }
        // Settings (file + flags, --input among them) as the playground takes them: the window
        // merges its sources the way `lodestone --input X` would.
        let settings: AppSettings
        let o: Options
        do {
            let (s, rest) = try PlaygroundSetup.settings(args)
            settings = s
            do throws(ArgumentError) { o = try parse(rest) } catch {
                Diagnostics.error("record: \(error) (usage: lodestone record \(command.usage))")
                return CLI.Status.usage
            }
        } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.usage
        }
        var reporter: StateReporter?
        if o.reportStates {
            guard o.out != "-" else {
                Diagnostics.error("record: --report-states prints on stdout; write the trace with --out FILE")
                return CLI.Status.usage
            }
            switch StateReporting.reporter(layoutPath: o.layout) {
            case .success(let r): reporter = r
            case .failure(let status): return status.code
            }
        }
        let session: PlaygroundSession
        switch PlaygroundSetup.session(layoutPath: o.layout, settings: settings) {
        case .success(let s): session = s
        case .failure(let status): return status.code
        }
        let fd: Int32
        do { fd = try TraceFiles.create(o.out) } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        defer { if fd > 2 { _ = close(fd) } }

        let loop = EventLoop()
        let client: Client
        do { client = try Client(displayName: o.display, loop: loop) } catch {
            Diagnostics.error("\(error)")
            return error.exitCode
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }

        let recorder = TraceRecorder(privacy: o.privacy,
                                     meta: ["generator": "lodestone \(CLI.version) record",
                                            "backend": settings.inputBackend == .wayland ? "wayland" : "wayland+libinput"]) { text in
            try TraceFiles.write(text, to: fd, path: o.out)
        }
        // Every event is written at once: a recording cut by a crash or SIGKILL loses nothing,
        // and a reader following the file sees events live. Input rates (≤ ~1 kHz) make this cheap.
        recorder.flushThreshold = 1
        do { try recorder.flush() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        var refused = 0
        var writeFailed = false
        // The window's InputPipeline redacts as the recorder does (PlaygroundLive.Options.privacy).
        // Each event the window's engine receives, after the merge, before the engine sees it.
        let tap: (InputEvent) -> Void = { event in
            guard !writeFailed else { return }
            do {
                try recorder.append(event)
            } catch let error as TraceError {
                // An event the format refuses is reported and left out; the file stays readable.
                refused += 1
                if refused <= 3 { Diagnostics.warning("record: event left out: \(error.reason) (\(event))") }
                return
            } catch {
                Diagnostics.error("\(error)")
                writeFailed = true
                loop.stop(.failure("cannot write the trace"))
                return
            }
            // The reporting engine gets exactly what was written (the pipeline redacted it).
            if let reporter { writeLine(reporter.handle(event).description) }
        }
        if o.out != "-" {
            Diagnostics.emit("lodestone: recording to \(o.out) (input: \(settings.inputBackend.rawValue), privacy: \(o.privacy.traceName)); stop with Ctrl-C\n")
        }
        let status = PlaygroundLive.run(client: client, session: session, options: PlaygroundLive.Options(
            input: settings.inputBackend, naturalScrolling: settings.naturalScrolling, privacy: o.privacy, tap: tap))
        do { try recorder.flush() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        if refused > 0 { Diagnostics.warning("record: \(refused) events left out (see above)") }
        if o.out != "-" { Diagnostics.emit("lodestone: recorded \(recorder.eventCount) events to \(o.out)\n") }
        return writeFailed ? CLI.Status.failure : status
    }
}
