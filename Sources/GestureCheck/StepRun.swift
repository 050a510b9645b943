// One step of the check in progress: it takes the events of both sources, ticks off the step's
// parts by its pass rules (counting only the sources `--input` counts), keeps the figures, and
// what each source delivered (for the diagnosis). Pure; time is the events' time.
import InputProtocol

/// How a step ended.
public enum StepOutcome: Hashable, Sendable {
    case passed
    /// Some parts did not happen; the reason says what was missing or what went wrong.
    case failed(String)
    case skipped(SkipReason)

    public var name: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        }
    }
}

public enum SkipReason: Hashable, Sendable {
    /// The user pressed S.
    case key
    /// Nothing arrived within `CheckThresholds.stepTimeout`.
    case timeout(seconds: Double)
    /// Events arrived within the timeout, none of them what the step asks for (pointer motion
    /// but no drag, a finger resting but no pinch): the step was not tried.
    case nothingForIt(seconds: Double)
    /// A replayed trace holds nothing this step watches.
    case nothingRecorded
    /// The check was stopped (SIGINT/SIGTERM) before or during the step.
    case interrupted
    /// The user ended the check with Esc (or closed its window) before the step.
    case ended
    /// The compositor went away before the step.
    case compositorGone
    /// The step does not apply (no touchscreen for `touch`).
    case notApplicable(String)
    /// No input can reach the check at all (no seat, no device libinput reads): the step never ran.
    case noInput

    public var text: String {
        switch self {
        case .key: "skipped with S"
        case .timeout(let s): "nothing arrived within \(fmt(s)) s"
        case .nothingForIt(let s): "nothing meant for this step within \(fmt(s)) s"
        case .interrupted: "the check was stopped"
        case .ended: "the check was ended (Esc)"
        case .compositorGone: "the compositor went away before this step"
        case .nothingRecorded: "nothing in the trace for this step"
        case .notApplicable(let why): why
        case .noInput: "no input"
        }
    }
}

/// The figures a step records.
public struct StepFigures: Hashable, Sendable {
    /// Seconds from the step's start to its first relevant event (a counted source).
    public var firstEvent: Double?
    /// Relevant events per second within bursts (`CheckThresholds.burstGap`; a counted source), Hz.
    public var updateRate: Double?
    /// `--input both`: compositor's first relevant event minus libinput's, milliseconds
    /// (positive: the compositor is later).
    public var sourceOffset: Double?
    /// Measured values named by what they are, with units in the name ("scale ×", "rotation °").
    public var measured: [(String, Double)] = []

    public init() {}
    public static func == (a: StepFigures, b: StepFigures) -> Bool {
        a.firstEvent == b.firstEvent && a.updateRate == b.updateRate && a.sourceOffset == b.sourceOffset
            && a.measured.map(\.0) == b.measured.map(\.0) && a.measured.map(\.1) == b.measured.map(\.1)
    }
    public func hash(into h: inout Hasher) { h.combine(firstEvent); h.combine(updateRate); h.combine(sourceOffset) }
}

/// What one source delivered during a step, by kind (for the diagnosis).
public struct SourceTally: Hashable, Sendable {
    /// Gesture begins by kind and finger count ("hold 2", "swipe 3").
    public var gestureBegins: [String: Int] = [:]
    public var swipes: [(fingers: Int, travel: InputVector)] = []
    public var holdDurations: [Double] = []
    public var scrolls = 0
    public var wheelEvents = 0
    public var wheelWithValue120 = 0
    /// Wheel events whose value120 is not a whole detent (a high-resolution wheel).
    public var wheelFractional = 0
    public var buttons: [PointerButton] = []
    public var touches = 0
    public var keys = 0
    public var all = 0
    public var scrollDirection: ScrollDirection?

    public init() {}
    public func begins(_ kind: GestureKind, fingers: Int? = nil) -> Int {
        gestureBegins.filter { k, _ in
            fingers.map { k == "\(kind.rawValue) \($0)" } ?? k.hasPrefix(kind.rawValue + " ")
        }.values.reduce(0, +)
    }
    public static func == (a: SourceTally, b: SourceTally) -> Bool { a.all == b.all && a.gestureBegins == b.gestureBegins }
    public func hash(into h: inout Hasher) { h.combine(all) }
}

/// The result of one step, as the report lists it.
public struct StepResult: Hashable, Sendable {
    public var step: StepName
    public var outcome: StepOutcome
    /// Each part and whether it happened.
    public var parts: [(String, Bool)]
    public var figures: StepFigures
    public var tally: [CheckSource: SourceTally]

    public static func == (a: StepResult, b: StepResult) -> Bool {
        a.step == b.step && a.outcome == b.outcome && a.parts.map(\.0) == b.parts.map(\.0)
            && a.parts.map(\.1) == b.parts.map(\.1) && a.figures == b.figures
    }
    public func hash(into h: inout Hasher) { h.combine(step); h.combine(outcome) }
    public func passed(_ part: String) -> Bool { parts.first { $0.0 == part }?.1 ?? false }
}

public struct StepRun {
    public let step: StepName
    public let input: CheckInput
    public let start: Timestamp
    /// Whose modifiers the drag step asks for.
    public let convention: DragConvention
    private(set) var done: Set<String> = []
    private(set) var tally: [CheckSource: SourceTally] = [:]
    private var firstRelevant: [CheckSource: Timestamp] = [:]
    private var lastRelevant: [CheckSource: Timestamp] = [:]
    private var relevantCount: [CheckSource: Int] = [:]
    /// Intervals between relevant events within a burst (gaps past `burstGap` left out): count, seconds.
    private var intervals: [CheckSource: (count: Int, seconds: Double)] = [:]
    private var measured: [(String, Double)] = []
    private var endedBy: String?
    /// The sources that delivered anything this step watches (counted or not).
    private var seen: Set<CheckSource> = []
    /// A counted event was an attempt at the step (a pinch in the pinch step, motion with a
    /// button held in the drag step), not only context it watches (a resting finger's hold,
    /// plain motion): a step never attempted is skipped, not failed (issue 30.10).
    private var attempted = false

    // Per-source gesture and pointer state.
    private var pinch: [CheckSource: (scale: Double, rotation: Double)] = [:]
    private var swipe: [CheckSource: (fingers: Int, travel: InputVector)] = [:]
    private var hold: [CheckSource: (fingers: Int, since: Timestamp)] = [:]
    private var scrollTravel: [CheckSource: [ScrollAxis: Double]] = [:]
    private var recentScroll: [CheckSource: [(Timestamp, Double)]] = [:]
    private var lastTwoFingerTap: [CheckSource: Timestamp] = [:]
    private var modifiers: [CheckSource: Modifiers] = [:]
    private var pressed: [CheckSource: (mods: Modifiers, travel: Double)] = [:]
    private var touchDown: [CheckSource: [TouchID: (since: Timestamp, at: InputPoint, moved: Double)]] = [:]
    private var stepDevices: Set<DeviceID> = []
    /// Device names from their device_added, per source (for messages).
    private var deviceNames: [CheckSource: [DeviceID: String]] = [:]

    public init(_ step: StepName, input: CheckInput, start: Timestamp, convention: DragConvention = .desktop) {
        self.step = step; self.input = input; self.start = start; self.convention = convention
    }

    /// The parts this run needs (the drag step's follow the convention).
    public var parts: [String] { step.parts(convention) }
    /// Every part happened.
    public var complete: Bool { endedBy == nil && parts.allSatisfy(done.contains) }
    /// Whether `part` happened so far (the live window ticks it off).
    public func happened(_ part: String) -> Bool { done.contains(part) }

    /// Ends the step now for `reason` (the compositor went away, a device vanished without a
    /// device_removed): it fails with that reason unless it already passed.
    public mutating func end(because reason: String) {
        if endedBy == nil, !complete { endedBy = reason }
    }
    /// The step cannot go on (its device went away).
    public var ended: Bool { endedBy != nil }

    public mutating func feed(_ s: SourcedEvent) {
        guard endedBy == nil else { return }
        let e = s.event
        let counted = input.counts(s.source, e.kind)
        tally[s.source, default: SourceTally()].all += 1
        if case .deviceAdded(let name, _) = e.kind { deviceNames[s.source, default: [:]][e.device] = name }
        if case .deviceRemoved = e.kind, stepDevices.contains(e.device), !complete {
            let name = deviceNames[s.source]?[e.device].map { "“\($0)”" } ?? "\(e.device)"
            endedBy = "the device \(name) was removed during the step"
            return
        }
        if case .scrollDirection(let d) = e.kind { tally[s.source, default: SourceTally()].scrollDirection = d }
        // A button in a swipe step is no attempt at it, but is what three-finger drag makes of
        // the fingers (issue 32.6): the tally keeps it for the diagnosis.
        if case .button(let b, pressed: true) = e.kind, step == .swipe3 || step == .swipe4 {
            tally[s.source, default: SourceTally()].buttons.append(b)
        }
        if case .modifiers(let m) = e.kind {
            modifiers[s.source] = m.effective
            if counted, step == .keys {
                for (mod, name) in CheckModifiers.keys where m.depressed.contains(mod) { done.insert(name) }
                if m.locked.contains(.capsLock) { done.insert("caps lock") }
                if m.locked.contains(.numLock) { done.insert("num lock") }
            }
        }
        guard relevant(e.kind) else { return }
        stepDevices.insert(e.device)
        seen.insert(s.source)
        if counted {
            if firstRelevant[s.source] == nil { firstRelevant[s.source] = e.time }
            if let last = lastRelevant[s.source] {
                let gap = e.time.seconds - last.seconds
                if gap > 0, gap <= CheckThresholds.burstGap {
                    intervals[s.source, default: (0, 0)].count += 1
                    intervals[s.source]!.seconds += gap
                }
            }
            lastRelevant[s.source] = e.time
            relevantCount[s.source, default: 0] += 1
            if attempt(e.kind, from: s.source) { attempted = true }
        }
        take(e, from: s.source, counted: counted)
    }

    /// Whether an event kind is what this step watches (for the figures).
    private func relevant(_ k: InputEventKind) -> Bool {
        switch (step, k) {
        case (.scroll, .scroll(let src, _, _, _, _)): src == .finger || src == .continuous
        case (.wheel, .scroll(let src, _, _, _, _)): src == .wheel || src == .tilt
        case (.pinch, .gesture(let g)), (.rotate, .gesture(let g)): g.kind == .pinch || g.kind == .hold
        case (.smartZoom, .gesture(let g)): g.kind == .hold
        case (.smartZoom, .button): true
        case (.swipe3, .gesture(let g)), (.swipe4, .gesture(let g)): g.kind == .swipe || g.kind == .hold
        case (.hold, .gesture(let g)): g.kind == .hold
        case (.tap, .button), (.click, .button): true
        case (.drag, .button), (.drag, .motion): true
        case (.touch, .touchDown), (.touch, .touchUp), (.touch, .touchMotion), (.touch, .touchCancel): true
        case (.keys, .key), (.keys, .modifiers): true
        default: false
        }
    }

    /// Whether a relevant event is an attempt at the step rather than context it watches.
    private func attempt(_ k: InputEventKind, from src: CheckSource) -> Bool {
        switch (step, k) {
        case (.pinch, .gesture(let g)), (.rotate, .gesture(let g)): g.kind == .pinch
        case (.swipe3, .gesture(let g)), (.swipe4, .gesture(let g)): g.kind == .swipe
        case (.drag, .motion): pressed[src] != nil
        case (.drag, .button): false
        default: true
        }
    }

    private mutating func take(_ e: InputEvent, from src: CheckSource, counted: Bool) {
        typealias T = CheckThresholds
        var t = tally[src, default: SourceTally()]
        defer { tally[src] = t }
        func tick(_ part: String) { if counted { done.insert(part) } }
        switch e.kind {
        case .gesture(let g):
            switch (g.kind, g.phase) {
            case (_, .begin):
                t.gestureBegins["\(g.kind.rawValue) \(g.fingers)", default: 0] += 1
                switch g.kind {
                case .pinch: pinch[src] = (1, 0)
                case .swipe: swipe[src] = (g.fingers, .zero)
                case .hold: hold[src] = (g.fingers, e.time)
                }
            case (.pinch, .update):
                guard var p = pinch[src] else { break }
                p.scale = g.scale; p.rotation += g.rotation
                pinch[src] = p
                if step == .pinch {
                    if p.scale > T.zoomInScale { tick("zoom in") }
                    if p.scale < T.zoomOutScale { tick("zoom out") }
                }
                if step == .rotate {
                    if p.rotation >= T.rotation { tick("clockwise") }
                    if p.rotation <= -T.rotation { tick("counterclockwise") }
                }
            case (.pinch, .end):
                if let p = pinch.removeValue(forKey: src), counted {
                    if step == .pinch { note("scale ×", p.scale) }
                    if step == .rotate { note("rotation °", p.rotation) }
                }
            case (.swipe, .update):
                swipe[src]?.travel.dx += g.delta.dx
                swipe[src]?.travel.dy += g.delta.dy
            case (.swipe, .end):
                guard let sw = swipe.removeValue(forKey: src) else { break }
                t.swipes.append(sw)
                let wanted = step == .swipe3 ? 3 : 4
                guard step == .swipe3 || step == .swipe4, sw.fingers == wanted, !g.cancelled else { break }
                let (dx, dy) = (sw.travel.dx, sw.travel.dy)
                if counted { note("travel pt", max(abs(dx), abs(dy))) }
                if abs(dx) >= abs(dy) {
                    if dx >= T.swipeDistance { tick("right") }
                    if dx <= -T.swipeDistance { tick("left") }
                } else {
                    if dy >= T.swipeDistance { tick("down") }
                    if dy <= -T.swipeDistance { tick("up") }
                }
            case (.hold, .end):
                guard let h = hold.removeValue(forKey: src) else { break }
                let held = e.time.seconds - h.since.seconds
                t.holdDurations.append(held)
                if step == .hold, held >= T.holdDuration {
                    tick("hold")
                    if counted { note("held s", held) }
                }
                if step == .smartZoom, h.fingers == 2, !g.cancelled, held <= T.tapMaxDuration {
                    twoFingerTap(at: e.time, from: src, counted: counted)
                }
            default:
                break
            }
        case .scroll(let source, let axis, let value, let v120, let stop):
            if source == .wheel || source == .tilt {
                t.wheelEvents += 1
                if let v = v120 {
                    t.wheelWithValue120 += 1
                    if v % T.detent != 0 { t.wheelFractional += 1 }
                }
                tick("detent")
                break
            }
            t.scrolls += 1
            guard step == .scroll else { break }
            if stop {
                // The fingers lifted: momentum when they were still moving fast.
                tick("stop")
                let recent = recentScroll[src, default: []].filter { e.time.seconds - $0.0.seconds <= T.flickWindow }
                let speed = recent.map { abs($0.1) }.reduce(0, +) / T.flickWindow
                if counted { note("speed at stop pt/s", speed) }
                if speed >= T.flickSpeed { tick("momentum") }
                recentScroll[src] = []
                break
            }
            scrollTravel[src, default: [:]][axis, default: 0] += value
            recentScroll[src, default: []].append((e.time, value))
            recentScroll[src]!.removeAll { e.time.seconds - $0.0.seconds > T.flickWindow }
            if abs(scrollTravel[src]![axis]!) >= T.scrollDistance { tick(axis.rawValue) }
        case .button(let b, let down):
            guard down else {
                if step == .drag, let p = pressed.removeValue(forKey: src), p.travel >= T.dragDistance {
                    if let part = convention.part(for: p.mods) { tick(part) }
                    if counted { note("drag pt", p.travel) }
                }
                break
            }
            t.buttons.append(b)
            switch step {
            case .tap:
                if b == .left { tick("one finger") }
                if b == .right { tick("two fingers") }
                if b == .middle { tick("three fingers") }
            case .click:
                if b == .left { tick("click") }
                if b == .right { tick("right-click") }
            case .smartZoom where b == .right:
                twoFingerTap(at: e.time, from: src, counted: counted)
            case .drag where b == .left:
                pressed[src] = (modifiers[src] ?? [], 0)
            default:
                break
            }
        case .motion(_, let d, _):
            if pressed[src] != nil { pressed[src]!.travel += (d.dx * d.dx + d.dy * d.dy).squareRoot() }
        case .touchDown(let id, let p):
            t.touches += 1
            touchDown[src, default: [:]][id] = (e.time, p, 0)
        case .touchMotion(let id, let p):
            guard let d = touchDown[src]?[id] else { break }
            let moved = max(d.moved, ((p.x - d.at.x) * (p.x - d.at.x) + (p.y - d.at.y) * (p.y - d.at.y)).squareRoot())
            touchDown[src]![id] = (d.since, d.at, moved)
            if moved >= T.dragDistance { tick("drag") }
        case .touchUp(let id):
            guard let d = touchDown[src]?.removeValue(forKey: id) else { break }
            let held = e.time.seconds - d.since.seconds
            if d.moved < T.touchSlop {
                if held >= T.longPress { tick("long press") } else { tick("tap") }
            }
        case .touchCancel:
            touchDown[src] = [:]
        case .key:
            t.keys += 1
        default:
            break
        }
    }

    private mutating func twoFingerTap(at time: Timestamp, from src: CheckSource, counted: Bool) {
        if let first = lastTwoFingerTap[src], time.seconds - first.seconds <= CheckThresholds.doubleTapInterval {
            if counted { done.insert("double tap"); note("tap interval s", time.seconds - first.seconds) }
            lastTwoFingerTap[src] = nil
        } else {
            lastTwoFingerTap[src] = time
        }
    }

    private mutating func note(_ name: String, _ value: Double) {
        // The best value of the step: the largest magnitude.
        if let i = measured.firstIndex(where: { $0.0 == name }) {
            if abs(value) > abs(measured[i].1) { measured[i].1 = value }
        } else {
            measured.append((name, value))
        }
    }

    /// The step's result: `skip` when the user skipped it or it timed out, at `now`.
    public func finish(at now: Timestamp, skip: SkipReason? = nil) -> StepResult {
        var figures = StepFigures()
        let counted = CheckSource.allCases.filter { firstRelevant[$0] != nil }
        if let first = counted.compactMap({ firstRelevant[$0] }).min() {
            figures.firstEvent = max(0, first.seconds - start.seconds)
        }
        // The rate of the source with the most events (a tie: the compositor's, first in order).
        if step.hasUpdateRate, let src = counted.max(by: { relevantCount[$0, default: 0] < relevantCount[$1, default: 0] }),
           let span = intervals[src], span.count + 1 >= CheckThresholds.eventsForRate, span.seconds > 0 {
            figures.updateRate = Double(span.count) / span.seconds
        }
        if input == .both, let l = firstRelevant[.libinput], let c = firstRelevant[.compositor] {
            figures.sourceOffset = (c.seconds - l.seconds) * 1000
        }
        figures.measured = measured
        let parts = self.parts.map { ($0, done.contains($0)) }
        let outcome: StepOutcome
        if let why = endedBy {
            outcome = .failed(why)
        } else if parts.allSatisfy(\.1) {
            outcome = .passed
        } else if let skip, [.key, .interrupted, .ended, .compositorGone, .noInput].contains(skip) || seen.isEmpty {
            outcome = .skipped(skip)
        } else if firstRelevant.isEmpty, let other = seen.first {
            outcome = .failed("nothing counted: only \(other.rawValue) delivered (--input \(input.rawValue))")
        } else if let skip, !attempted {
            // Issue 30.10: what arrived was not meant for this step (motion in the drag step, a
            // finger resting in the pinch step): none of its parts happened, so it was not tried.
            if case .timeout(let s) = skip { outcome = .skipped(.nothingForIt(seconds: s)) } else { outcome = .skipped(skip) }
        } else {
            outcome = .failed("missing: " + parts.filter { !$0.1 }.map(\.0).joined(separator: ", "))
        }
        return StepResult(step: step, outcome: outcome, parts: parts, figures: figures, tally: tally)
    }
}
