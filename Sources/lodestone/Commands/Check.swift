// `lodestone check` (issue 21): a guided check of the trackpad, libinput and the compositor that
// says which gesture works and, when one does not, why. The steps, pass rules, diagnoses and the
// report are GestureCheck's (pure); this file parses the command line and feeds them:
//   --replay TRACE              the steps over a recorded trace (each step sees the whole trace);
//   --input libinput --headless the devices read live through libinput, no window: one step at a
//                               time until it passes or its timeout, with each device's libinput
//                               configuration in the report and a private trace (T3) of it all.
//   (no --headless, no --replay)  the live window, one step at a time (CheckWindow.swift).
import GestureCheck
import InputPipeline
import InputProtocol
import LibinputBackend
import Playground
import PointerEngine
import WaylandClient
import Posix
#if canImport(Glibc)
import Glibc
#endif

enum CheckCommand {
    static let command = Command(name: "check",
                                 usage: "[--input wayland|libinput|both] [--steps LIST] [--report FILE] [--timeout S] [--pause S] [--replay TRACE] [--headless --out DIR] [--reduce-motion] [--conventions desktop|mac] [--device PATH]... [--tap on|off] [--decorations auto|client|server]",
                                 summary: "a guided trackpad and compositor check: which gestures arrive, and why not", run: run)

    static let help = """
    usage: lodestone check \(command.usage)
      Takes the steps one at a time and reports for each: passed, failed (with the diagnosis) or
      skipped, with its figures (time to the first event, update rate, libinput→compositor offset).
      --steps LIST   comma-separated, of: \(StepName.validNames) (default: all)
      --input        wayland: what the compositor's seat delivers (default; libinput is read beside
                     it, when it can be, only for the diagnosis); libinput: gestures and keys read
                     from the devices; both: either, and the offset between them
      --report FILE  the report: Markdown, or JSON when FILE ends in .json; the other format is
                     written next to it (FILE.json / FILE.md); the window's private trace
                     (text keys redacted, T3) goes to FILE.trace
      --timeout S    a step nobody performs is skipped after S seconds (default \(fmt(CheckThresholds.stepTimeout)))
      --pause S      the window shows each step's result this long before the next (default
                     \(fmt(CheckWindow.resultPause))), and the summary after the last step \(fmt(CheckWindow.summaryPauses)) times as long
      --replay TRACE run the steps over a recorded trace (`lodestone record`, `events --json`)
      --headless --out DIR  no window (with --input libinput: the devices live); the private trace
                     of the check (text keys redacted, T3) goes to DIR/check.trace, each step's
                     screen to DIR/step-NAME.png, all of them to DIR/contact-sheet.png
      --reduce-motion the screens show the fingers without their motion (also the settings
                     file's reduceMotion; its size, the pointer size, enlarges the window)
      --conventions desktop|mac  the drag step's modifiers: desktop Ctrl copies, Shift moves,
                     Ctrl+Shift links; mac Option copies, Option+Command links (default: the
                     settings file's conventions)
      Keys in the window: S or Tab skip the step, Enter starts it again (after a result: go
      on), Esc ends the check; the report is written however it ends.
      --device PATH, --tap on|off  with --input libinput: read these devices; set tap-to-click
      --decorations auto|client|server  who draws the window's title bar (default: the settings
                     file's; auto: the compositor's where it offers xdg-decoration, else its own strip)
    Exit status: 0 the report was written (whatever the results), 1 failure, 2 usage error.
    """

    struct Options {
        /// Who draws the window's controls (issue 32.1, W1; nil: the settings file's).
        var decorations: DecorationSetting?
        var input = CheckInput.wayland
        var steps = StepName.allCases
        var report: String?
        var timeout = CheckThresholds.stepTimeout
        /// The live window: how long a step's result stays up before the next step.
        var pause = CheckWindow.resultPause
        var replay: String?
        var headless = false
        var out: String?
        var devices: [String] = []
        var settings = DeviceSettings()
        /// The screens show the fingers at rest, without motion ghosts (P6).
        var reduceMotion = false
        /// The drag step's modifiers (nil: the settings file's `conventions`).
        var conventions: DragConvention?
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    static func parse(_ args: [String]) throws(UsageError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        func value(_ name: String) throws(UsageError) -> String {
            do { return try reader.value(name) } catch { throw UsageError("\(error)") }
        }
        while let a = reader.next() {
            switch a {
            case "--input":
                let v = try value(a)
                guard let p = CheckInput(rawValue: v) else { throw UsageError("--input wants wayland, libinput or both, not “\(v)”") }
                o.input = p
            case "--steps":
                do { o.steps = try StepName.parseList(try value(a)) } catch let e as StepListError {
                    throw UsageError(e.message)
                } catch { throw UsageError("\(error)") }
            case "--report": o.report = try value(a)
            case "--timeout":
                let v = try value(a)
                guard let s = Double(v), s > 0, s <= 3600 else { throw UsageError("--timeout wants seconds in (0, 3600], not “\(v)”") }
                o.timeout = s
            case "--pause":
                let v = try value(a)
                guard let s = Double(v), s >= 0, s <= 60 else { throw UsageError("--pause wants seconds in [0, 60], not “\(v)”") }
                o.pause = s
            case "--replay": o.replay = try value(a)
            case "--headless": o.headless = true
            case "--reduce-motion": o.reduceMotion = true
            case "--conventions":
                let v = try value(a)
                guard let c = DragConvention(rawValue: v) else { throw UsageError("--conventions wants desktop or mac, not “\(v)”") }
                o.conventions = c
            case "--out": o.out = try value(a)
            case "--decorations":
                let v = try value(a)
                guard let d = DecorationSetting(rawValue: v) else { throw UsageError("--decorations wants auto, client or server, not “\(v)”") }
                o.decorations = d
            case "--device": o.devices.append(try value(a))
            case "--tap":
                let v = try value(a)
                guard v == "on" || v == "off" else { throw UsageError("--tap wants on or off, not “\(v)”") }
                o.settings.tapToClick = v == "on"
            default:
                throw UsageError("unknown option “\(a)”")
            }
        }
        if o.headless && o.out == nil && o.replay == nil { throw UsageError("--headless needs --out DIR") }
        if o.out != nil && !o.headless { throw UsageError("--out goes with --headless") }
        if (!o.devices.isEmpty || o.settings.tapToClick != nil) && o.input == .wayland {
            throw UsageError("--device and --tap read devices through libinput: add --input libinput or both")
        }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        let (parsed, status) = CLI.options(args, command: "check", help: help, parse: parse)
        guard let options = parsed else { return status }
        if let path = options.replay { return replay(path, options) }
        if options.headless && options.input == .libinput { return liveLibinput(options) }
        if options.headless {
            Diagnostics.error("check: --headless reads the devices through libinput: add --input libinput (or use --replay TRACE)")
            return CLI.Status.usage
        }
        return liveWindow(options)
    }

    // MARK: replay

    /// Which source an event of a trace came from, by the header's backend.
    static func source(of e: InputEvent, backend: String?) -> CheckSource {
        switch backend {
        case "libinput": .libinput
        case "wayland+libinput": e.device.rawValue >= InputPipeline.libinputDeviceOffset ? .libinput : .compositor
        default: .compositor
        }
    }

    static func replay(_ path: String, _ o: Options) -> Int32 {
        let trace: Trace
        do {
            trace = InputPipeline.replayed(try TraceDecoder.decode(try TraceFiles.read(path)))
        } catch let error as TraceError {
            Diagnostics.error("check: \(path): \(error)")
            return CLI.Status.usage
        } catch {
            Diagnostics.error("check: \(error)")
            return CLI.Status.failure
        }
        let backend = trace.header.meta["backend"]
        let events = trace.events.map { SourcedEvent(source(of: $0, backend: backend), $0) }
        let report = CheckReport.replay(events, steps: o.steps, input: o.input, machine: machine(), tracePath: path,
                                        convention: o.conventions ?? .desktop)
        return finish(report, o)
    }

    // MARK: live, libinput, no window

    static func liveLibinput(_ o: Options) -> Int32 {
        guard let out = o.out, makeOutputDirectory(out) else { return CLI.Status.failure }
        let backend: LibinputBackend
        do {
            backend = try LibinputBackend(o.devices.isEmpty ? .defaultSeat : .paths(o.devices), settings: o.settings) { line in
                Diagnostics.warning(line)
            }
        } catch {
            Diagnostics.error("check: \(error)")
            return CLI.Status.failure
        }
        let tracePath = out + "/check.trace"
        let fd: Int32
        do { fd = try TraceFiles.create(tracePath) } catch {
            Diagnostics.error("check: \(error)")
            return CLI.Status.failure
        }
        defer { close(fd) }
        let recorder = TraceRecorder(privacy: .redactText,
                                     meta: ["generator": "lodestone \(CLI.version) check", "backend": "libinput"]) { text in
            try TraceFiles.write(text, to: fd, path: tracePath)
        }
        recorder.flushThreshold = 1
        var pipeline = InputPipeline.libinputAlone()
        var all: [SourcedEvent] = []
        var results: [StepResult] = []
        func take() -> [SourcedEvent] {
            let events = backend.drain().flatMap { pipeline.libinput($0) }
            for e in events { try? recorder.append(e) }
            let sourced = events.map { SourcedEvent(.libinput, $0) }
            all += sourced
            return sourced
        }
        // SIGINT/SIGTERM end the check early: the step in progress and the rest are skipped and
        // the report is still written.
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGINT)
        sigaddset(&mask, SIGTERM)
        sigprocmask(SIG_BLOCK, &mask, nil)
        var interrupted = false
        func signalled() -> Bool {
            guard !interrupted else { return true }
            var now = timespec(tv_sec: 0, tv_nsec: 0)
            if sigtimedwait(&mask, nil, &now) > 0 { interrupted = true }
            return interrupted
        }
        // The devices libinput has at start (one stdout line each: a harness waits for them).
        backend.wait(timeoutMS: 200)
        for e in take() {
            if case .deviceAdded(let name, let caps) = e.event.kind {
                writeLine("check: device \(name) (\(caps.names.joined(separator: ", ")))")
            }
        }
        for step in o.steps {
            let start = Timestamp(microseconds: monotonicNow())
            if signalled() {
                results.append(StepRun(step, input: o.input, start: start, convention: o.conventions ?? .desktop).finish(at: start, skip: .interrupted))
                continue
            }
            if step == .touch, !all.contains(where: {
                if case .deviceAdded(_, let caps) = $0.event.kind { caps.contains(.touch) } else { false }
            }) {
                results.append(StepRun(step, input: o.input, start: start, convention: o.conventions ?? .desktop).finish(at: start, skip: .notApplicable("no touchscreen")))
                continue
            }
            writeLine("check: step \(step.rawValue): \(step.instruction)")
            var run = StepRun(step, input: o.input, start: start, convention: o.conventions ?? .desktop)
            // The devices present so far (their names, for the step's messages).
            for e in all { if case .deviceAdded = e.event.kind { run.feed(e) } }
            let deadline = start.seconds + o.timeout
            while !run.complete, !run.ended, !signalled(), Double(monotonicNow()) / 1e6 < deadline {
                let left = deadline - Double(monotonicNow()) / 1e6
                backend.wait(timeoutMS: Int32(max(1, min(100, left * 1000))))
                for e in take() { run.feed(e) }
            }
            let result = run.finish(at: Timestamp(microseconds: monotonicNow()),
                                    skip: interrupted ? .interrupted : .timeout(seconds: o.timeout))
            writeLine("check: step \(step.rawValue): \(result.outcome.name)")
            results.append(result)
        }
        try? recorder.flush()
        let configs = Dictionary(backend.deviceConfigurations.map { ($0.1.name, configuration($0.1)) }) { a, _ in a }
        let report = makeReport(all, results: results, configurations: configs, compositor: compositorInfo(), input: o.input,
                                libinputRead: true, compositorRead: false, tracePath: tracePath)
        return finish(report, o)
    }

    /// The report of a live check: the devices as their device_added named them (with libinput's
    /// configuration where libinput read them), the results, and the diagnoses.
    static func makeReport(_ all: [SourcedEvent], results: [StepResult], configurations configs: [String: DeviceConfiguration],
                           compositor: CompositorInfo, input: CheckInput, libinputRead: Bool, compositorRead: Bool,
                           tracePath: String?, libinputDenied: [String]? = nil) -> CheckReport {
        let devices = CheckDevice.seen(in: all, configurations: configs)
        let findings = CheckFindings(input: input, compositor: compositor, devices: devices, results: results,
                                     libinputRead: libinputRead, compositorRead: compositorRead, libinputDenied: libinputDenied)
        return CheckReport(machine: machine(), input: input, compositor: compositor, devices: devices,
                           results: results, diagnoses: Diagnoses.diagnose(findings), tracePath: tracePath)
    }

    // MARK: live, in a window

    static func liveWindow(_ o: Options) -> Int32 {
        // The settings file: reduce motion, the pointer size (P6) and the conventions (I2, G9).
        let settings: AppSettings
        do { settings = try PlaygroundSetup.settings([]).0 } catch {
            Diagnostics.error("check: \(error)")
            return CLI.Status.usage
        }
        let convention = o.conventions ?? (settings.pointer.conventions == .mac ? .mac : .desktop)
        let size = settings.pointer.size
        if size > 1 {
            // The compositor's cursor over the window, at the pointer size.
            let base = getenv("XCURSOR_SIZE").flatMap { Double(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
            setenv("XCURSOR_SIZE", "\(Int((base * size).rounded()))", 1)
        }
        let compositor = compositorInfo()
        let loop = EventLoop()
        let client: Client
        do { client = try Client(loop: loop) } catch {
            var hint = ""
            if case .connect = error { hint = "; without a compositor: lodestone check --input libinput --headless --out DIR" }
            Diagnostics.error("check: \(error)\(hint)")
            return error.exitCode
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("check: \(error)")
            return CLI.Status.failure
        }
        let check = CheckWindow(client: client, options: o, compositor: compositor, convention: convention,
                                reduceMotion: o.reduceMotion || settings.pointer.reduceMotion, uiScale: min(2, max(1, size)),
                                decorations: o.decorations ?? settings.decorations, windowButtons: settings.windowButtons)
        guard check.openLibinput() else { return CLI.Status.failure }
        // The private trace (T3) beside the report.
        var tracePath: String?
        var fd: Int32 = -1
        if let report = o.report {
            let base = report.hasSuffix(".json") ? String(report.dropLast(5)) : report.hasSuffix(".md") ? String(report.dropLast(3)) : report
            do {
                fd = try TraceFiles.create(base + ".trace")
                tracePath = base + ".trace"
                check.startTrace(fd: fd, path: base + ".trace")
            } catch {
                Diagnostics.error("check: \(error)")
                return CLI.Status.failure
            }
        }
        defer { if fd > 2 { close(fd) } }
        let reason = check.runLoop()
        switch reason {
        case .connectionLost, .protocolError:
            Diagnostics.error("check: the compositor went away (\(reason)); the report has the steps done before")
        case .failure(let why):
            Diagnostics.error("check: \(why)")
        default: break
        }
        let report = check.report(tracePath: tracePath)
        return finish(report, o)
    }

    /// The compositor this session runs under, when one answers ($WAYLAND_DISPLAY).
    /// Writes a report to `path`: Markdown, or JSON when it ends in .json, the other format
    /// next to it (FILE.json / FILE.md). The files written, nil after saying why not.
    static func writeReport(to path: String, markdown: String, json: String, command: String) -> [String]? {
        let isJSON = path.hasSuffix(".json")
        let base = isJSON || path.hasSuffix(".md") ? String(path.dropLast(path.hasSuffix(".md") ? 3 : 5)) : path
        let files = isJSON ? [(path, json), (base + ".md", markdown)] : [(path, markdown), (base + ".json", json)]
        for (file, text) in files {
            do {
                let fd = try TraceFiles.create(file)
                defer { if fd > 2 { close(fd) } }
                try TraceFiles.write(text, to: fd, path: file)
            } catch {
                Diagnostics.error("\(command): \(error)")
                return nil
            }
        }
        return files.map(\.0)
    }

    static func compositorInfo() -> CompositorInfo {
        guard getenv("WAYLAND_DISPLAY") != nil || getenv("WAYLAND_SOCKET") != nil,
              let globals = try? CompositorGlobals.read() else { return CompositorInfo() }
        var env: [String: String] = [:]
        for key in ["SWAYSOCK", "XDG_CURRENT_DESKTOP"] { if let v = getenv(key) { env[key] = String(cString: v) } }
        var name = CompositorInfo.guessName(globals: globals, environment: env)
        if name == "sway", let socket = env["SWAYSOCK"], let version = SwayVersion.ask(socket: socket) { name = "sway \(version)" }
        return CompositorInfo(name: name, globals: globals)
    }

    static func configuration(_ c: LibinputDeviceConfiguration) -> DeviceConfiguration {
        DeviceConfiguration(tapToClick: c.tapToClick, naturalScroll: c.naturalScroll, scrollMethod: c.scrollMethod,
                            clickMethod: c.clickMethod, disableWhileTyping: c.disableWhileTyping,
                            threeFingerDrag: c.threeFingerDrag ?? (ThreeFingerDrag.isAvailable ? nil : DeviceConfiguration.threeFingerDragUnknown))
    }

    static func monotonicNow() -> UInt64 { MonotonicClock.microseconds() }

    // MARK: report

    static func machine() -> MachineInfo {
        var u = utsname()
        let kernel: String? = uname(&u) == 0 ? withUnsafeBytes(of: &u.sysname) { sys in
            withUnsafeBytes(of: &u.release) { rel in
                String(decoding: sys.prefix { $0 != 0 }, as: UTF8.self) + " " + String(decoding: rel.prefix { $0 != 0 }, as: UTF8.self)
            }
        } : nil
        return MachineInfo(kernel: kernel, libinputVersion: LibinputBuild.version)
    }

    /// Writes the report where --report says (both formats; headless: DIR/report.md and .json
    /// by default), prints the Markdown otherwise.
    static func finish(_ report: CheckReport, _ o: Options) -> Int32 {
        if o.headless, let out = o.out {
            guard makeOutputDirectory(out) else { return CLI.Status.failure }
            do {
                let files = try CheckScreens.write(report.results, to: out, reduceMotion: o.reduceMotion)
                Diagnostics.emit("lodestone check: \(plural(files.count - 1, "step screen")) and \(files.last!)\n")
            } catch {
                Diagnostics.error("check: cannot write \(error)")
                return CLI.Status.failure
            }
        }
        guard let path = o.report ?? o.out.map({ $0 + "/report.md" }) else {
            writeLine(report.markdown)
            return CLI.Status.ok
        }
        guard let files = writeReport(to: path, markdown: report.markdown, json: report.json, command: "check") else { return CLI.Status.failure }
        let failed = report.results.filter { if case .failed = $0.outcome { true } else { false } }.count
        Diagnostics.emit("lodestone check: \(plural(report.results.count, "step")), \(failed) failed; report in \(files.joined(separator: " and "))\n")
        return CLI.Status.ok
    }
}

/// "1 step", "2 steps" (issue 30.10).
func plural(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
