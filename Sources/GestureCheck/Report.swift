// The check's report (issue 21.4): machine, compositor, devices, each step's result and figures,
// the diagnoses and the private trace; written as Markdown and as JSON (InputProtocol's writer).
import InputProtocol

public struct MachineInfo: Hashable, Sendable {
    /// uname's sysname and release, e.g. "Linux 6.1.0-18-amd64".
    public var kernel: String?
    public var libinputVersion: String?
    public init(kernel: String? = nil, libinputVersion: String? = nil) { self.kernel = kernel; self.libinputVersion = libinputVersion }
}

public struct CheckReport: Sendable {
    public var machine: MachineInfo
    public var input: CheckInput
    public var compositor: CompositorInfo
    public var devices: [CheckDevice]
    public var results: [StepResult]
    public var diagnoses: [Diagnosis]
    /// The private trace of the whole check (SPEC T3: text keys redacted).
    public var tracePath: String?

    public init(machine: MachineInfo, input: CheckInput, compositor: CompositorInfo, devices: [CheckDevice],
                results: [StepResult], diagnoses: [Diagnosis], tracePath: String?) {
        self.machine = machine; self.input = input; self.compositor = compositor; self.devices = devices
        self.results = results; self.diagnoses = diagnoses; self.tracePath = tracePath
    }

    /// Runs the steps over a whole stream (a replay): each step sees every event, as if the user
    /// had performed the stream during that step; a step with nothing in it is skipped.
    public static func replay(_ events: [SourcedEvent], steps: [StepName], input: CheckInput,
                              machine: MachineInfo = MachineInfo(), compositor: CompositorInfo = CompositorInfo(),
                              configurations: [String: DeviceConfiguration] = [:], tracePath: String? = nil,
                              convention: DragConvention = .desktop) -> CheckReport {
        let start = events.first?.event.time ?? Timestamp(rawValue: 0)
        let end = events.last?.event.time ?? start
        let devices = CheckDevice.seen(in: events, configurations: configurations)
        var results: [StepResult] = []
        for step in steps {
            if step == .touch, !devices.contains(where: { $0.capabilities.contains(.touch) }) {
                results.append(StepRun(step, input: input, start: start, convention: convention)
                    .finish(at: end, skip: .notApplicable("no touchscreen")))
                continue
            }
            var run = StepRun(step, input: input, start: start, convention: convention)
            for e in events { run.feed(e) }
            results.append(run.finish(at: end, skip: .nothingRecorded))
        }
        let sources = Set(events.map(\.source))
        let findings = CheckFindings(input: input, compositor: compositor, devices: devices, results: results,
                                     libinputRead: sources.contains(.libinput) || input != .wayland,
                                     compositorRead: compositor.globals != nil || sources.contains(.compositor))
        return CheckReport(machine: machine, input: input, compositor: compositor, devices: devices,
                           results: results, diagnoses: Diagnoses.diagnose(findings), tracePath: tracePath)
    }

    public func result(_ step: StepName) -> StepResult? { results.first { $0.step == step } }

    // MARK: Markdown

    public var markdown: String {
        var md = "# Lodestone trackpad check\n\n"
        md += "## Machine\n\n"
        md += "- Kernel: \(machine.kernel ?? "unknown")\n"
        md += "- libinput: \(machine.libinputVersion ?? "unknown")\n"
        md += "- Input: `--input \(input.rawValue)`\n\n"
        md += "## Compositor\n\n"
        md += "- Name: \(compositor.name ?? "not knowable")\n"
        if let globals = compositor.globals {
            md += "- Globals:\n"
            for (name, version) in globals.sorted(by: { $0.key < $1.key }) { md += "  - `\(name)` v\(version)\n" }
        } else {
            md += "- Globals: not read (no compositor)\n"
        }
        md += "\n## Devices\n\n"
        if devices.isEmpty { md += "None seen.\n" }
        for d in devices {
            md += "- \(d.name) (\(d.source.rawValue), \(d.capabilities.names.joined(separator: ", ")))"
            if let c = d.configuration { md += ": " + Self.configurationText(c).joined(separator: "; ") }
            md += "\n"
        }
        md += "\n## Steps\n\n| step | result | first event | rate | libinput→compositor | measured | notes |\n|---|---|---|---|---|---|---|\n"
        for r in results {
            let f = r.figures
            let measured = f.measured.map { "\($0.0) \(fmt($0.1))" }.joined(separator: ", ")
            var note = ""
            switch r.outcome {
            case .passed: note = ""
            case .failed(let why): note = why
            case .skipped(let why): note = why.text
            }
            md += "| \(r.step.rawValue) | \(r.outcome.name) | \(f.firstEvent.map { fmt($0) + " s" } ?? "–") | "
            md += "\(f.updateRate.map { fmt($0, decimals: 0) + " Hz" } ?? "–") | \(f.sourceOffset.map { fmt($0, decimals: 1) + " ms" } ?? "–") | "
            md += "\(measured.isEmpty ? "–" : measured) | \(note) |\n"
        }
        md += "\n## Diagnoses\n\n"
        if diagnoses.isEmpty { md += "None.\n" }
        for d in diagnoses {
            md += "- **\(d.id)**\(d.step.map { " (\($0.rawValue))" } ?? ""): \(d.cause) Remedy: \(d.remedy)\n"
        }
        md += "\n## Trace\n\n"
        md += tracePath.map { "`\($0)` (private: text keys are redacted; attach it to a bug report)\n" } ?? "None written.\n"
        return md
    }

    static func configurationText(_ c: DeviceConfiguration) -> [String] {
        func onOff(_ b: Bool?) -> String { b.map { $0 ? "on" : "off" } ?? "n/a" }
        return ["tap \(onOff(c.tapToClick))", "natural scroll \(onOff(c.naturalScroll))",
                "scroll method \(c.scrollMethod ?? "n/a")", "click method \(c.clickMethod ?? "n/a")",
                "disable-while-typing \(onOff(c.disableWhileTyping))", "three-finger drag \(c.threeFingerDrag ?? "n/a")"]
    }

    // MARK: JSON

    package var jsonValue: JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        func opt(_ b: Bool?) -> JSONValue { b.map { .bool($0) } ?? .null }
        func opt(_ d: Double?) -> JSONValue { d.map { JSONWriter.number(($0 * 1000).rounded() / 1000) } ?? .null }
        let devs: [JSONValue] = devices.map { d in
            var m: [(String, JSONValue)] = [("name", .string(d.name)), ("source", .string(d.source.rawValue)),
                                            ("capabilities", .array(d.capabilities.names.map { .string($0) }))]
            if let c = d.configuration {
                m.append(("configuration", .object([
                    ("tap", opt(c.tapToClick)), ("natural_scroll", opt(c.naturalScroll)),
                    ("scroll_method", opt(c.scrollMethod)), ("click_method", opt(c.clickMethod)),
                    ("disable_while_typing", opt(c.disableWhileTyping)), ("three_finger_drag", opt(c.threeFingerDrag)),
                ])))
            } else {
                m.append(("configuration", .null))
            }
            return .object(m)
        }
        let steps: [JSONValue] = results.map { r in
            var reason: JSONValue = .null
            if case .failed(let why) = r.outcome { reason = .string(why) }
            if case .skipped(let why) = r.outcome { reason = .string(why.text) }
            return .object([
                ("step", .string(r.step.rawValue)), ("title", .string(r.step.title)), ("rule", .string(r.step.rule)),
                ("result", .string(r.outcome.name)), ("reason", reason),
                ("parts", .object(r.parts.map { ($0.0, .bool($0.1)) })),
                ("first_event_s", opt(r.figures.firstEvent)), ("update_rate_hz", opt(r.figures.updateRate)),
                ("source_offset_ms", opt(r.figures.sourceOffset)),
                ("measured", .object(r.figures.measured.map { ($0.0, opt($0.1)) })),
            ])
        }
        let diags: [JSONValue] = diagnoses.map { d in
            .object([("id", .string(d.id)), ("step", opt(d.step?.rawValue)), ("severity", .string(d.severity.rawValue)),
                     ("cause", .string(d.cause)), ("remedy", .string(d.remedy))])
        }
        let globals: JSONValue = compositor.globals.map { g in
            .object(g.sorted { $0.key < $1.key }.map { ($0.key, JSONWriter.number($0.value)) })
        } ?? .null
        return .object([
            ("format", .string("lodestone-check")), ("version", .number("1")),
            ("machine", .object([("kernel", opt(machine.kernel)), ("libinput", opt(machine.libinputVersion))])),
            ("input", .string(input.rawValue)),
            ("compositor", .object([("name", opt(compositor.name)), ("globals", globals)])),
            ("devices", .array(devs)), ("steps", .array(steps)), ("diagnoses", .array(diags)),
            ("trace", opt(tracePath)),
        ])
    }

    public var json: String {
        var w = JSONWriter()
        w.write(jsonValue)
        return w.text + "\n"
    }
}
