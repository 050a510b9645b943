// `lodestone dnd` (issue 33, first slice; I2, G11): a guided check of how the desktop negotiates
// a drag's action between two windows. It opens a source window (app_id lodestone-dnd-source:
// one item offering text/uri-list and text/plain) and a target window (lodestone-dnd-target: a
// drop zone that takes what the conventions say), takes the steps one at a time (S skips,
// Enter starts the step again, Esc ends), records what both ends of wl_data_device hear, and
// writes the report (GestureCheck's DndReport: Markdown and JSON). The windows: DndWindows.swift.
import GestureCheck
import Playground
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum DndCommand {
    static let command = Command(name: "dnd",
                                 usage: "[--steps LIST] [--repeat N] [--report FILE] [--state-out FILE] [--timeout S] [--pause S] [--conventions desktop|mac] [--auto]",
                                 summary: "a guided drag-and-drop check: who chooses the action on this desktop", run: run)

    static let help = """
    usage: lodestone dnd \(command.usage)
      Opens a source window (app_id lodestone-dnd-source) with an item to drag and a target
      window (lodestone-dnd-target) with a drop zone, then asks for one drag at a time and
      records what both ends of the protocol hear: the actions offered and preferred, every
      action event with its time, drop, finish or cancel, the bytes read, and which window the
      keys reached (each window hears only the keys sent while it has the keyboard focus, as a
      separate application would). Each case gets a verdict against the conventions (desktop:
      Ctrl copies, Shift moves, Ctrl+Shift asks), and the report diagnoses what went wrong
      (compositor-ignores-modifiers, action-before-enter, keys-frozen-at-drag-start,
      destination-ignores-preference, source-never-told, destination-cancelled, text-moved,
      order-dependent) with where to report it.
      --steps LIST   comma-separated, in the order given, of: \(DndStep.validNames) (default: all)
                     plain: no key; copy: the copy key held before the press; move: the move
                     key; link: copy and move keys (the source offers ask alone; after the drop
                     the target picks copy if offered, else keeps the link it read and lets go:
                     the source hears cancelled); copy-mid: no key at the press, the copy key
                     pressed over the zone; escape: Esc pressed over the zone (expected:
                     cancelled; once the item is pressed Esc ends no run); refuse: the zone takes
                     nothing (expected: cancelled). A step listed again runs again, and steps
                     whose results differ are diagnosed order-dependent (copy-mid,copy,copy-mid);
                     other-app: the item carried into another application (what it and the
                     compositor did); into-target: another application's drag onto the zone
      --repeat N     run the whole list N times, 1 to 10 (default 1); order-dependent as above
      --report FILE  the report: Markdown, or JSON when FILE ends in .json; the other format is
                     written next to it (FILE.json / FILE.md). Without it the Markdown goes to stdout.
                     Next to it too (BASE: FILE without .md or .json): a picture of each case,
                     BASE-STEP.png (a sequence diagram: source, compositor, target), and the
                     private trace BASE.trace (input and data-device events; no typed text, no
                     dropped data)
      --state-out FILE  one JSON line per frame of either window: "window" (source or target),
                     the step, the item's or the zone's frame, the pointer in it, "content_top"
                     (under the title strip drawn where the compositor draws none; surface points)
      --timeout S    a step nobody performs is skipped after S seconds (default \(fmt(DndWindows.stepTimeout)))
      --pause S      each case's result stays up this long before the next step (default \(fmt(DndWindows.resultPause)))
      --conventions desktop|mac  the keys: desktop Ctrl copy, Shift move, Ctrl+Shift link; mac
                     Option copy, Command move, Option+Command link (default: the settings file's)
      --auto         Lodestone performs the window-to-window steps itself through the
                     compositor's virtual pointer and keyboard (wlroots compositors such as
                     sway and labwc), in about half a minute, and skips the steps that need
                     another application; elsewhere it says which global is missing and
                     exits 2. Leave the pointer and the keyboard alone meanwhile
      Keys in either window: S skips the step, Enter starts it again, Esc ends; the report is
      written however it ends.
    Exit status: 0 the report was written (whatever the verdicts), 1 failure, 2 usage error.
    """

    struct Options {
        var steps = DndStep.allCases
        var report: String?
        var stateOut: String?
        var timeout = DndWindows.stepTimeout
        var pause = DndWindows.resultPause
        var conventions: DragConvention?
        /// Performed by Lodestone through virtual input (DndAuto.swift).
        var auto = false
        var repeats = 1
    }

    static func parse(_ args: [String]) throws(DndUsageError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        func value(_ name: String) throws(DndUsageError) -> String {
            do { return try reader.value(name) } catch { throw DndUsageError("\(error)") }
        }
        func seconds(_ name: String, _ range: ClosedRange<Double>) throws(DndUsageError) -> Double {
            let v = try value(name)
            guard let s = Double(v), range.contains(s), s > 0 || range.lowerBound == 0 else {
                throw DndUsageError("\(name) wants seconds in [\(fmt(range.lowerBound)), \(fmt(range.upperBound))], not “\(v)”")
            }
            return s
        }
        while let a = reader.next() {
            switch a {
            case "--steps": o.steps = try DndStep.parseList(try value(a))
            case "--repeat":
                let v = try value(a)
                guard let n = Int(v), (1...10).contains(n) else { throw DndUsageError("--repeat wants a count from 1 to 10, not “\(v)”") }
                o.repeats = n
            case "--report": o.report = try value(a)
            case "--state-out": o.stateOut = try value(a)
            case "--timeout": o.timeout = try seconds(a, 1...3600)
            case "--pause": o.pause = try seconds(a, 0...60)
            case "--auto": o.auto = true
            case "--conventions":
                let v = try value(a)
                guard let c = DragConvention(rawValue: v) else { throw DndUsageError("--conventions wants desktop or mac, not “\(v)”") }
                o.conventions = c
            default:
                throw DndUsageError("unknown option “\(a)”")
            }
        }
        o.steps = Array(Array(repeating: o.steps, count: o.repeats).joined())
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        let (parsed, status) = CLI.options(args, command: "dnd", help: help, parse: parse)
        guard let options = parsed else { return status }
        let settings: AppSettings
        do { settings = try PlaygroundSetup.settings([]).0 } catch {
            Diagnostics.error("dnd: \(error)")
            return CLI.Status.usage
        }
        let convention = options.conventions ?? (settings.pointer.conventions == .mac ? .mac : .desktop)
        let compositor = CheckCommand.compositorInfo()
        let loop = EventLoop()
        let client: Client
        do { client = try Client(loop: loop) } catch {
            Diagnostics.error("dnd: \(error)")
            return error.exitCode
        }
        var virtualInput: VirtualInput?
        if options.auto {
            switch DndAuto.virtualInput(client, compositor: compositor) {
            case .success(let v): virtualInput = v
            case .failure(let message):
                Diagnostics.error("dnd: \(message)")
                return CLI.Status.usage
            }
        }
        guard client.dataDeviceManager.bound != nil, client.seat?.dataDevice != nil else {
            Diagnostics.error("dnd: the compositor offers no wl_data_device_manager v3 (or no seat): no drag and drop to check")
            return CLI.Status.missingProtocol
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("dnd: \(error)")
            return CLI.Status.failure
        }
        var stateFD: Int32 = -1
        if let path = options.stateOut {
            do { stateFD = try TraceFiles.create(path) } catch {
                Diagnostics.error("dnd: \(error)")
                return CLI.Status.failure
            }
        }
        defer { if stateFD > 2 { close(stateFD) } }
        let windows = DndWindows(client: client, options: options, convention: convention) { line in
            guard stateFD >= 0, let path = options.stateOut else { return }
            try? TraceFiles.write(line + "\n", to: stateFD, path: path)
        }
        if let path = options.report {
            do { windows.trace = try DndTrace(path: DndTrace.path(forReport: path), convention: convention) } catch {
                Diagnostics.error("dnd: \(error)")
                return CLI.Status.failure
            }
        }
        let driver = virtualInput.map { DndAuto(windows: windows, input: $0) }
        driver?.start()
        let reason = windows.runLoop()
        driver?.stop()
        var report = DndReport(compositor: compositor, convention: convention, cases: windows.cases)
        if let trace = windows.trace {
            trace.close()
            report.trace = String(trace.path.split(separator: "/").last ?? "")
        }
        let written = write(report, to: options.report)
        if let failure = driver?.failure {
            Diagnostics.error("dnd: \(failure)")
            return CLI.Status.failure
        }
        switch reason {
        case .connectionLost, .protocolError:
            Diagnostics.error("dnd: \(reason)")
            return CLI.Status.failure
        default:
            return written
        }
    }

    static func write(_ report: DndReport, to path: String?) -> Int32 {
        guard let path else {
            writeLine(report.markdown)
            return CLI.Status.ok
        }
        var report = report
        let pictures = DndPicture.write(report, base: DndTrace.reportBase(path))
        for error in pictures.errors { Diagnostics.error("dnd: \(error)") }
        report.pictures = pictures.names
        guard let files = CheckCommand.writeReport(to: path, markdown: report.markdown, json: report.json, command: "dnd") else {
            return CLI.Status.failure
        }
        let differ = report.cases.filter { $0.verdict == .differs }.count
        Diagnostics.emit("lodestone dnd: \(plural(report.cases.count, "case")), \(differ) not as expected; report in \(files.joined(separator: " and "))"
                         + (report.pictures.isEmpty ? "" : ", \(plural(report.pictures.count, "picture")) beside it")
                         + (report.trace.map { ", private trace \($0)" } ?? "") + "\n")
        return CLI.Status.ok
    }
}
