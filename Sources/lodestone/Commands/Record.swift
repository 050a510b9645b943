// `lodestone record [--out FILE] [--keep-keys] [--display NAME]` (SPEC T2, T3; issues 4, 7):
// opens the playground window and writes every input event of the compositor's seat to a trace
// (Protocols/lodestone-input-v1.md) until SIGINT/SIGTERM. Private by default: text keys are
// recorded as the placeholder and the header says "redacted"; --keep-keys opts in.
// The libinput backend plugs in here as a second source when it lands (`--input libinput`).
import InputProtocol
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum RecordCommand {
    static let command = Command(name: "record", usage: "[--out FILE] [--keep-keys] [--display NAME]",
                                 summary: "record an input trace (private by default)", run: run)

    struct Options {
        var out = "-"
        var privacy = KeyPrivacy.redactText
        var display: String?
    }

    static func parse(_ args: [String]) -> Result<Options, UsageError> {
        var o = Options()
        var i = 0
        while i < args.count {
            let a = args[i]
            switch a {
            case "--keep-keys": o.privacy = .keepKeys
            case "--out", "-o", "--display":
                i += 1
                guard i < args.count else { return .failure(UsageError(message: "\(a) needs a value")) }
                if a == "--display" { o.display = args[i] } else { o.out = args[i] }
            default: return .failure(UsageError(message: "unknown option '\(a)' (usage: lodestone record \(command.usage))"))
            }
            i += 1
        }
        return .success(o)
    }

    struct UsageError: Error { var message: String }

    static func run(_ args: [String]) -> Int32 {
        if let i = args.firstIndex(of: "--input"), args.dropFirst(i + 1).first == "libinput" {
            return LibinputEventsCommand.record(args)   // issue 4: Commands/LibinputEvents.swift
        }
        let o: Options
        switch parse(args) {
        case .success(let v): o = v
        case .failure(let e): Diagnostics.error(e.message); return CLI.Status.usage
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
                                     meta: ["generator": "lodestone \(CLI.version) record", "backend": "wayland"]) { text in
            try TraceFiles.write(text, to: fd, path: o.out)
        }
        // Every event is written at once: a recording cut by a crash or SIGKILL loses nothing,
        // and a reader following the file sees events live. Input rates (≤ ~1 kHz) make this cheap.
        recorder.flushThreshold = 1
        var refused = 0
        var writeFailed = false
        // The seat redacts by default too; with --keep-keys both layers keep the keys.
        client.seat?.privacy = o.privacy
        client.onSeatChanged = { $0?.privacy = o.privacy }
        client.onInput = { event in
            do {
                try recorder.append(event)
            } catch let error as TraceError {
                // An event the format refuses is reported and left out; the file stays readable.
                refused += 1
                if refused <= 3 { Diagnostics.warning("record: event left out: \(error.reason) (\(event))") }
            } catch {
                if !writeFailed { Diagnostics.error("\(error)") }
                writeFailed = true
                loop.stop(.failure("cannot write the trace"))
            }
        }
        if o.out != "-" {
            Diagnostics.emit("lodestone: recording to \(o.out) (privacy: \(o.privacy.traceName)); stop with Ctrl-C\n")
        }
        let status = PlaygroundCommand.runWindow(client: client, options: PlaygroundCommand.Options())
        do { try recorder.flush() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        if refused > 0 { Diagnostics.warning("record: \(refused) events left out (see above)") }
        if o.out != "-" { Diagnostics.emit("lodestone: recorded \(recorder.eventCount) events to \(o.out)\n") }
        return writeFailed ? CLI.Status.failure : status
    }
}
