// `lodestone check` live (issue 21.1, 21.5): a window that takes one step at a time — its title,
// the fingers' illustration animated by Lodestone's renderer (CheckScreens), the parts ticked off
// as the events arrive, the newest event and the time left. Keyboard only: S or Tab skips the
// step, Enter starts it again (or goes on from a result), Esc ends the check. A step nobody
// performs times out (`--timeout`). The report is written however the check ends: all steps
// done, Esc, the window closed, SIGINT/SIGTERM, or the compositor gone (that step fails with the
// reason, the rest are skipped).
//
// Where the events come from (`--input`):
//   wayland   the compositor's seat counts; libinput is also read when it can be (the `input`
//             group, or an emulated seat), only to compare for the diagnosis (sway 1.7 never
//             forwards holds: libinput saw one, the seat did not);
//   libinput  InputPipeline's merge, policy libinput: gestures, keys and modifiers from libinput;
//   both      InputPipeline's merge, policy both; the report gives the libinput→compositor offset.
// libinput's devices are moved past InputPipeline.libinputDeviceOffset in every case, so a trace of
// the check reads back with each event's source (backend "wayland+libinput").
import GestureCheck
import InputPipeline
import InputProtocol
import LibinputBackend
import PixmanRenderer
import PointerEngine
import Playground
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

final class CheckWindow {
    /// How long a step's result stays up before the next step, by default (`--pause`).
    static let resultPause = 1.2 // s
    /// The illustration's motion: one pass of the fingers, seconds.
    static let motionPeriod = 1.6 // s
    /// Animation frames per second while a step runs (reduce motion: the time left, once a second).
    static let animationRate = 30.0 // Hz
    /// The summary stays up this many `--pause`s.
    static let summaryPauses = 4.0
    /// The longest wait for the window's first frame before the steps start anyway.
    static let firstFrameWait = 10.0 // s
    /// evdev codes of the keys the window obeys (linux/input-event-codes.h).
    enum Control: UInt32 { case esc = 1, tab = 15, enter = 28, s = 31, keypadEnter = 96 }

    let options: CheckCommand.Options
    let convention: DragConvention
    let reduceMotion: Bool
    /// The screen's size factor: the pointer size (P6), from 1 to 2.
    let uiScale: Double
    let client: Client
    private var window: Window?
    /// Its own title strip where the compositor draws none (issue 32.1, W1).
    private var strip: TitleStrip?
    private var pipeline: InputPipeline
    /// `--input wayland`: libinput read beside the seat, for the diagnosis only.
    private var watchPipeline = InputPipeline.libinputAlone()
    private var libinput: LibinputBackend?
    /// Why libinput is not read (nil: it is, or was not asked for).
    private(set) var libinputProblem: String?
    /// The nodes libinput was denied (`--input wayland`: it is read beside the seat when it can be).
    private(set) var libinputDenied: [String]?
    /// The compositor as the check found it (for the diagnoses the summary shows).
    let compositor: CompositorInfo
    /// Why no input can reach the check (no seat, no device libinput reads): every step is
    /// skipped at once (issue 30.10). nil: some route exists.
    private(set) var noInput: String?
    /// The diagnoses the summary shows, once every step has its result.
    private var diagnoses: [Diagnosis] = []
    private var recorder: TraceRecorder?
    private var traceTime = Timestamp(rawValue: 0)

    private var index = -1
    private var run: StepRun?
    private var runStart = Timestamp(rawValue: 0)
    private(set) var results: [StepResult] = []
    /// The result on screen, until the next step.
    private var shown: StepResult?
    private(set) var all: [SourcedEvent] = []
    private var feedback: String?
    /// The modifiers held and locks on, as the newest modifiers event said.
    private var held: Modifiers = []
    private var started = false
    /// Every step has its result: the summary is on screen.
    private var done = false
    private var stepTimer: LoopTimer?
    private var pauseTimer: LoopTimer?
    private var animationTimer: LoopTimer?
    private var startTimer: LoopTimer?
    private let cache = RenderCache()

    /// Who draws the window's controls, and where its buttons go (the settings file; W1).
    let decorations: DecorationSetting
    let windowButtons: WindowButtonLayout

    init(client: Client, options: CheckCommand.Options, compositor: CompositorInfo, convention: DragConvention,
         reduceMotion: Bool, uiScale: Double, decorations: DecorationSetting = .auto, windowButtons: WindowButtonLayout = .standard) {
        self.client = client
        self.decorations = decorations; self.windowButtons = windowButtons
        self.compositor = compositor
        self.options = options
        self.convention = convention
        self.reduceMotion = reduceMotion
        self.uiScale = uiScale
        pipeline = InputPipeline(policy: InputPolicy(rawValue: options.input.rawValue) ?? .wayland)
    }

    var steps: [StepName] { options.steps }

    /// Opens libinput: required for `--input libinput|both`, tried for `wayland`.
    func openLibinput() -> Bool {
        do {
            libinput = try LibinputBackend(options.devices.isEmpty ? .defaultSeat : .paths(options.devices),
                                           settings: options.settings) { line in
                if self.options.input != .wayland { Diagnostics.warning("libinput: \(line)") }
            }
            return true
        } catch {
            libinputProblem = "\(error)"
            if case .permissionDenied(let paths) = error { libinputDenied = paths }
            if options.input != .wayland {
                Diagnostics.error("check: \(error)")
                return false
            }
            Diagnostics.warning("check: libinput is not read (\(error)); the diagnosis has the compositor's seat alone")
            return true
        }
    }

    /// The private trace of the check (T3): text keys redacted; libinput's devices past 1000.
    func startTrace(fd: Int32, path: String) {
        let r = TraceRecorder(privacy: .redactText, meta: ["generator": "lodestone \(CLI.version) check",
                                                             "backend": libinput != nil ? "wayland+libinput" : "wayland"]) { text in
            try TraceFiles.write(text, to: fd, path: path)
        }
        r.flushThreshold = 1
        recorder = r
    }

    /// Runs the window until the check ends; the reason the loop stopped.
    func runLoop() -> ExitReason {
        let loop = client.loop
        let base = CheckScreens.size
        let w = client.makeWindow(Window.Configuration(title: "Lodestone check",
                                                       defaultSize: (Int((base.width * uiScale).rounded()), Int((base.height * uiScale).rounded())),
                                                       drawsOwnPointer: false, decorations: Window.DecorationRequest(decorations)))
        window = w
        let strip = TitleStrip(window: w, title: "Lodestone check", layout: windowButtons)
        self.strip = strip
        w.onStateChanged = { strip.update() }
        w.draw = { [unowned self] ctx in
            self.draw(ctx)
            strip.draw(ctx)
        }
        w.onClose = { [unowned self] in self.end() }
        stepTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.finishStep(skip: .timeout(seconds: self.options.timeout)) }
        pauseTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.nextStep() }
        animationTimer = try? LoopTimer(loop: loop) { [weak w] _ in w?.setNeedsDisplay() }
        startTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.begin() }
        // The first step starts at the first frame; a compositor that never shows the window
        // (no configure) gets the steps all the same after this long, and they time out.
        startTimer?.arm(after: Self.firstFrameWait)
        client.onInput = { [unowned self] raw in self.seatEvent(raw) }
        client.onSeatChanged = { seat in
            if seat == nil { Diagnostics.warning("check: the compositor's seat went away") }
        }
        if client.seat == nil { Diagnostics.warning("check: the compositor has no seat: no input reaches this window") }
        if let backend = libinput {
            func drain() {
                let t = PlaygroundLive.now()
                for raw in backend.drain() { self.libinputEvent(raw, now: t) }
            }
            _ = loop.addSource(fd: backend.fileDescriptor, events: .readable) { _ in drain() }
            // The devices libinput found as it opened are queued already: its fd may not turn
            // readable for them until something else happens.
            drain()
        }
        let reason = loop.run()
        client.onInput = nil
        client.onSeatChanged = nil
        for t in [stepTimer, pauseTimer, animationTimer, startTimer] { t?.disarm() }
        // However it ended, every step has a result.
        let now = PlaygroundLive.now()
        let rest: SkipReason
        switch reason {
        case .connectionLost, .protocolError:
            rest = .compositorGone
            if var r = run {
                r.end(because: "the compositor went away during the step (\(reason))")
                record(r.finish(at: now))
                run = nil
            }
        case .signal: rest = .interrupted
        default: rest = .ended
        }
        if let r = run { record(r.finish(at: now, skip: rest)); run = nil }
        for step in steps.dropFirst(results.count) {
            record(StepRun(step, input: options.input, start: now, convention: convention).finish(at: now, skip: rest))
        }
        try? recorder?.flush()
        self.strip = nil
        window = nil
        return reason
    }

    /// The libinput configuration of each device libinput reads, by name.
    var configurations: [String: DeviceConfiguration] {
        Dictionary((libinput?.deviceConfigurations ?? []).map { ($0.1.name, CheckCommand.configuration($0.1)) }) { a, _ in a }
    }
    var libinputRead: Bool { libinput != nil }

    /// The report of the check so far (the summary's diagnoses; the report file at the end).
    func report(tracePath: String?) -> CheckReport {
        CheckCommand.makeReport(all, results: results, configurations: configurations, compositor: compositor, input: options.input,
                                libinputRead: libinputRead, compositorRead: true, tracePath: tracePath, libinputDenied: libinputDenied)
    }

    /// Why no input at all can reach the check, or nil: the compositor offers no seat and
    /// libinput is not read or has no device (weston's headless backend, a container).
    private var inputRoute: String? {
        guard client.seat == nil else { return nil }
        let libinputDevices = all.contains { e in
            if e.source == .libinput, case .deviceAdded = e.event.kind { true } else { false }
        }
        guard !libinputDevices else { return nil }
        let who = compositor.name.map { "the compositor (\($0))" } ?? "the compositor"
        let direct = libinputDenied != nil ? "libinput is denied the devices (the `input` group)"
            : libinput == nil ? "libinput is not read" : "libinput reads no device"
        return "\(who) offers no seat and \(direct)"
    }

    // MARK: events

    /// The pointer has entered the window once (said on stdout: libinput's gestures count from then).
    private var entered = false

    private func seatEvent(_ raw: InputEvent) {
        if case .pointerEnter = raw.kind, !entered {
            entered = true
            writeLine("check: the pointer is in the window")
        }
        if case .key(let code, let pressed) = raw.kind, pressed, let control = Control(rawValue: code.rawValue) {
            obey(control)
        }
        for e in pipeline.seat(raw, now: PlaygroundLive.now()) {
            strip?.handle(e)
            take(e)
        }
    }

    private func libinputEvent(_ raw: InputEvent, now: Timestamp) {
        if options.input == .wayland {
            for var e in watchPipeline.libinput(raw, now: now) {
                e.device = DeviceID(e.device.rawValue + InputPipeline.libinputDeviceOffset)
                take(e)
            }
        } else {
            for e in pipeline.libinput(raw, now: now) { take(e) }
        }
    }

    private func take(_ event: InputEvent) {
        var e = event
        // One stream for the trace: the watched libinput stream and the seat's interleave.
        if e.time < traceTime { e.time = traceTime }
        traceTime = e.time
        try? recorder?.append(e)
        let source: CheckSource = e.device.rawValue >= InputPipeline.libinputDeviceOffset ? .libinput : .compositor
        let s = SourcedEvent(source, e)
        all.append(s)
        if case .deviceAdded(let name, let caps) = e.kind {
            writeLine("check: device \(name) (\(caps.names.joined(separator: ", "))) from \(source.rawValue)")
        }
        if case .modifiers(let m) = e.kind, options.input.counts(source, e.kind) { held = m.effective.union(m.locked) }
        guard var r = run else { return }
        r.feed(s)
        run = r
        if let line = Self.feedback(e, source: source) { feedback = line }
        window?.setNeedsDisplay()
        if r.complete || r.ended { finishStep(skip: nil) }
    }

    // MARK: steps

    private func obey(_ control: Control) {
        switch control {
        case .esc: end()
        case .s, .tab:
            if run != nil { finishStep(skip: .key) } else if shown != nil { nextStep() }
        case .enter, .keypadEnter:
            if done { end() } else if run != nil { startStep() } else if shown != nil { nextStep() }
        }
    }

    private func begin() {
        guard !started else { return }
        started = true
        writeLine("check: window ready, \(plural(steps.count, "step"))")
        if let why = inputRoute {
            // Nothing can arrive: no step is worth its timeout (issue 30.10). Said at once; the
            // summary and the report say it too.
            noInput = why
            writeLine("check: no input can reach the check: \(why); every step is skipped")
            let now = PlaygroundLive.now()
            for step in steps {
                record(StepRun(step, input: options.input, start: now, convention: convention).finish(at: now, skip: .noInput))
            }
            index = steps.count - 1
        }
        nextStep()
    }

    private func nextStep() {
        pauseTimer?.disarm()
        shown = nil
        index += 1
        guard index < steps.count else {
            // The summary stays up a while (Enter or Esc close it at once), then the check ends.
            if !done {
                diagnoses = report(tracePath: nil).diagnoses
                for d in diagnoses { writeLine("check: diagnosis \(d.id): \(d.cause) Remedy: \(d.remedy)") }
            }
            done = true
            window?.setNeedsDisplay()
            pauseTimer?.arm(after: max(0.001, options.pause * Self.summaryPauses))
            if index > steps.count { client.loop.stop(.finished(code: CLI.Status.ok)) }
            return
        }
        let step = steps[index]
        if step == .touch, !all.contains(where: {
            if case .deviceAdded(_, let caps) = $0.event.kind { caps.contains(.touch) } else { false }
        }) {
            let now = PlaygroundLive.now()
            record(StepRun(step, input: options.input, start: now, convention: convention).finish(at: now, skip: .notApplicable("no touchscreen")))
            nextStep()
            return
        }
        startStep()
    }

    /// Starts (or starts again) the step at `index`.
    private func startStep() {
        let step = steps[index]
        runStart = PlaygroundLive.now()
        var r = StepRun(step, input: options.input, start: runStart, convention: convention)
        // The devices present so far (their names, for the step's messages).
        for e in all { if case .deviceAdded = e.event.kind { r.feed(e) } }
        run = r
        feedback = nil
        writeLine("check: step \(step.rawValue): \(step.instruction)")
        stepTimer?.arm(after: options.timeout)
        animationTimer?.arm(after: 0.01, interval: reduceMotion ? 1 : 1 / Self.animationRate)
        window?.setNeedsDisplay()
    }

    private func finishStep(skip: SkipReason?) {
        guard let r = run else { return }
        run = nil
        stepTimer?.disarm()
        animationTimer?.disarm()
        let result = r.finish(at: PlaygroundLive.now(), skip: skip)
        record(result)
        shown = result
        window?.setNeedsDisplay()
        pauseTimer?.arm(after: max(0.001, options.pause))
    }

    private func record(_ result: StepResult) {
        var line = "check: step \(result.step.rawValue): \(result.outcome.name)"
        switch result.outcome {
        case .passed: break
        case .failed(let why): line += " (\(why))"
        case .skipped(let why): line += " (\(why.text))"
        }
        writeLine(line)
        results.append(result)
    }

    /// Ends the check now (Esc, the window closed): the step in progress and the rest are
    /// skipped, and the report is written.
    private func end() {
        client.loop.stop(.finished(code: CLI.Status.ok))
    }

    // MARK: drawing

    private func draw(_ ctx: DrawContext) {
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        canvas.clear(CheckScreens.background)
        let top = strip?.contentTop ?? 0
        let w = Double(ctx.logicalSize.width), h = Double(ctx.logicalSize.height) - top
        let base = CheckScreens.size
        // The screen at the pointer size, as large as fits, centred (under the title strip).
        let k = max(0.25, min(uiScale, w / base.width, h / base.height))
        let place = Point(((w - base.width * k) / 2).rounded(), top + ((h - base.height * k) / 2).rounded())
        if done {
            canvas.draw(CheckScreens.summary(results, report: options.report, diagnoses: diagnoses.map(\.id), noInput: noInput,
                                             scale: ctx.scale * k), at: place)
            return
        }
        let shownIndex = max(0, min(index, steps.count - 1))
        if let step = steps.indices.contains(shownIndex) ? steps[shownIndex] : nil {
            var live: CheckScreens.Live?
            if let r = run {
                let elapsed = (PlaygroundLive.now().seconds - runStart.seconds)
                live = CheckScreens.Live(phase: reduceMotion ? nil : elapsed.truncatingRemainder(dividingBy: Self.motionPeriod) / Self.motionPeriod,
                                         parts: r.parts.map { ($0, r.happened($0)) }, feedback: feedback,
                                         secondsLeft: max(0, options.timeout - elapsed), held: held)
            }
            let screen = CheckScreens.render(step, result: run == nil ? shown : nil, index: shownIndex + 1, of: steps.count,
                                             scale: ctx.scale * k, reduceMotion: reduceMotion,
                                             live: live ?? (shown == nil ? CheckScreens.Live(parts: []) : nil))
            canvas.draw(screen, at: place)
        }
        // The first step starts once its screen is up (its timeout runs from when it is seen).
        if ctx.frameNumber == 1, !started { startTimer?.arm(after: 0.001) }
    }

    /// One line of live feedback for an event the step may care about (motion and frames: none).
    static func feedback(_ e: InputEvent, source: CheckSource) -> String? {
        let from = source == .libinput ? " (libinput)" : ""
        switch e.kind {
        case .scroll(let src, let axis, let value, let v120, let stop):
            if stop { return "\(src.rawValue) scroll stop\(from)" }
            return "\(src.rawValue) scroll \(axis.rawValue) \(fmt(value, decimals: 1))\(v120.map { " (value120 \($0))" } ?? "")\(from)"
        case .gesture(let g):
            var s = "\(g.fingers)-finger \(g.kind.rawValue) \(g.phase.rawValue)"
            if g.kind == .pinch, g.phase == .update { s += " ×\(fmt(g.scale)) \(fmt(g.rotation, decimals: 1))°" }
            if g.kind == .swipe, g.phase == .update { s += " Δ(\(fmt(g.delta.dx, decimals: 1)), \(fmt(g.delta.dy, decimals: 1)))" }
            if g.cancelled { s += " cancelled" }
            return s + from
        case .button(let b, let pressed): return "\(b.rawValue) button \(pressed ? "pressed" : "released")\(from)"
        case .touchDown: return "touch down\(from)"
        case .touchUp: return "touch up\(from)"
        case .modifiers(let m):
            let held = m.effective.names
            return (held.isEmpty ? "no modifiers" : "held: " + held.joined(separator: "+")) + from
        case .deviceRemoved: return "a device was removed\(from)"
        default: return nil
        }
    }
}
