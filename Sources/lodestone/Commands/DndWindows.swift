// `lodestone dnd` live (issue 33; I2, G11): the source and the target window of one client, the
// steps one at a time, and both ends of wl_data_device recorded into a `DndCase` per step.
//
// The source: a press on the item, then 4 pt of motion with the button held, starts the drag
// (start_drag with the press's serial). It offers text/uri-list (a file holding the item's name,
// under $XDG_RUNTIME_DIR/lodestone-dnd-PID/) and text/plain;charset=utf-8 (the name), and the
// actions narrowed by the keys held at the press, as the showcase does (DragOutHandler): none
// held offers move, copy and ask; the copy key copy alone, the move key move alone, both ask.
// The target: over its zone it accepts text/uri-list (else text/plain), takes copy, move and
// ask, and prefers what the keys *the target window* sees ask for (none: move); outside the
// zone it takes nothing. A drop there is read, then finished when the action is copy or move
// (after ask the target picks copy first). Each window uses only the modifiers delivered while
// it has the keyboard focus, as a separate application would, and the case records them.
// Steps: copy-mid (the copy key pressed over the zone), escape (Escape over the zone: the
// source cancels its own drag if the compositor gives it Escape; the target, given it, takes
// nothing; it ends no run while a drag is under way), refuse (the zone takes nothing).
// A case ends when the source hears finished or cancelled, or `unansweredTimeout` after the
// drop without either; its result stays up for `--pause`, then the next step starts.
// Here: the steps and the input; the source's end in DndSourceSide.swift, the target's in
// DndTargetSide.swift, drawing and the state lines in DndDrawing.swift.
import Foundation
import GestureCheck
import InputProtocol
import PixmanRenderer
import PointerEngine
import Posix
import WaylandClient

final class DndWindows {
    static let stepTimeout = 120.0 // s
    static let resultPause = 1.5 // s
    /// After the drop, how long the source waits for finished or cancelled.
    static let unansweredTimeout = 10.0 // s
    /// into-target: how long after another application's drag left over the zone, without a
    /// drop, the case ends (its source ended the drag: it does not come back).
    static let leftOverZoneWait = 2.0 // s
    /// Pointer travel with the button held that makes a press on the item a drag (pt).
    static let dragSlop = 4.0
    static let firstFrameWait = 10.0 // s
    static let types = ["text/uri-list", "text/plain;charset=utf-8"]
    static let itemName = "lodestone-dnd-item"
    /// evdev codes of the keys the windows obey.
    enum Control: UInt32 { case esc = 1, enter = 28, s = 31, keypadEnter = 96 }

    let options: DndCommand.Options
    let convention: DragConvention
    let client: Client
    let stateLine: (String) -> Void
    var source: Window?
    var target: Window?
    let cache = RenderCache()
    /// Each window's title strip where the compositor draws no decorations (mutter): so a
    /// person can move a window that was placed over the other (issue 32.1, W1).
    var strips: (source: TitleStrip?, target: TitleStrip?) = (nil, nil)

    private(set) var cases: [DndCase] = []
    var index = -1
    /// The case of the step under way (nil between steps).
    var current: DndCase?
    var shown: DndCase?
    var caseStart = 0.0
    var done = false
    var started = false
    var frames = (source: 0, target: 0)

    /// Modifiers held (depressed or latched) by each window: what the newest modifiers event
    /// said while that window had the keyboard focus (a window without it holds none).
    var sourceKeys: Modifiers = []
    var targetKeys: Modifiers = []
    /// The press on the item happened: events of the case are timed from it.
    var pressedItem = false
    /// Escape reached the target while the drag was over it (escape step): it takes nothing.
    var targetEscaped = false
    var pointer: InputPoint?
    var press: (at: InputPoint, serial: UInt32)?
    var dataSource: DataSource?
    var icon: DragIcon?
    /// The drag's offer is over the target window / over its zone with a type accepted.
    var overTarget = false
    var accepted: (type: String?, actions: DragActions, preferred: DragAction?)?
    var reading: DataOffer?
    var lastRead: String?

    var stepTimer: LoopTimer?
    var pauseTimer: LoopTimer?
    var unansweredTimer: LoopTimer?
    var startTimer: LoopTimer?
    /// The private trace beside the report (DndTrace.swift), nil without --report.
    var trace: DndTrace?
    /// into-target: the other application's drag left the zone without a drop.
    var leftTimer: LoopTimer?

    init(client: Client, options: DndCommand.Options, convention: DragConvention, stateLine: @escaping (String) -> Void) {
        self.client = client
        self.options = options
        self.convention = convention
        self.stateLine = stateLine
    }

    // MARK: layout

    /// The item in the source: `top` is where the content starts (under a title strip).
    static func itemFrame(_ size: (width: Int, height: Int), top: Double = 0) -> Rect {
        let w = Double(size.width), h = Double(size.height) - top
        return Rect(x: ((w - 140) / 2).rounded(), y: top + max(120, ((h - 90) / 2).rounded() + 40), width: 140, height: 90)
    }

    static func zoneFrame(_ size: (width: Int, height: Int), top: Double = 0) -> Rect {
        let w = Double(size.width), h = Double(size.height) - top
        let zw = max(120, min(320, w - 60)), zh = max(90, min(220, h - 180))
        return Rect(x: ((w - zw) / 2).rounded(), y: top + max(120, ((h - zh) / 2).rounded() + 40), width: zw, height: zh)
    }

    /// The item's frame in the source window as drawn now.
    var itemFrame: Rect? { source.map { Self.itemFrame($0.logicalSize, top: strips.source?.contentTop ?? 0) } }
    /// The zone's frame in the target window as drawn now.
    var zoneFrame: Rect? { target.map { Self.zoneFrame($0.logicalSize, top: strips.target?.contentTop ?? 0) } }

    // MARK: the loop

    func runLoop() -> ExitReason {
        let loop = client.loop
        let s = client.makeWindow(Window.Configuration(title: "Lodestone dnd: source", appID: "lodestone-dnd-source",
                                                       defaultSize: (480, 400), drawsOwnPointer: false))
        let t = client.makeWindow(Window.Configuration(title: "Lodestone dnd: target", appID: "lodestone-dnd-target",
                                                       defaultSize: (480, 400), drawsOwnPointer: false))
        source = s; target = t
        let ss = TitleStrip(window: s, title: "Lodestone dnd: source"), ts = TitleStrip(window: t, title: "Lodestone dnd: target")
        strips = (ss, ts)
        s.onStateChanged = { ss.update() }
        t.onStateChanged = { ts.update() }
        s.draw = { [unowned self] ctx in self.draw(ctx, isSource: true) }
        t.draw = { [unowned self] ctx in self.draw(ctx, isSource: false) }
        s.onClose = { [unowned self] in self.end() }
        t.onClose = { [unowned self] in self.end() }
        stepTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.finishCase(skip: "timeout after \(fmt(self.options.timeout, decimals: 0)) s") }
        pauseTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.nextStep() }
        unansweredTimer = try? LoopTimer(loop: loop) { [unowned self] _ in
            self.current?.gaveUpAfter = Self.unansweredTimeout
            self.finishCase(skip: nil)
        }
        startTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.begin() }
        leftTimer = try? LoopTimer(loop: loop) { [unowned self] _ in self.finishCase(skip: nil) }
        startTimer?.arm(after: Self.firstFrameWait)
        client.onInput = { [unowned self] raw in self.trace?.input(raw); self.input(raw) }
        client.onDataDevice = { [unowned self] e in self.trace?.dataDevice(e); self.dataDevice(e) }
        let reason = loop.run()
        client.onInput = nil
        client.onDataDevice = nil
        for timer in [stepTimer, pauseTimer, unansweredTimer, startTimer, leftTimer] { timer?.disarm() }
        if current != nil { finishCase(skip: "ended (\(reason))", advance: false) }
        for step in options.steps.dropFirst(cases.count) {
            var c = DndCase(step: step, convention: convention)
            c.skipped = "ended before this step"
            cases.append(c)
        }
        dataSource = nil; icon = nil; reading = nil
        source = nil; target = nil; strips = (nil, nil)
        return reason
    }

    func begin() {
        guard !started else { return }
        started = true
        startTimer?.disarm()
        writeLine("dnd: windows ready, \(plural(options.steps.count, "step"))")
        nextStep()
    }

    func nextStep() {
        pauseTimer?.disarm()
        shown = nil
        index += 1
        guard index < options.steps.count else {
            if done { client.loop.stop(.finished(code: CLI.Status.ok)); return }
            done = true
            redraw()
            pauseTimer?.arm(after: max(0.001, options.pause))
            return
        }
        startStep()
    }

    func startStep() {
        let step = options.steps[index]
        cancelDrag()
        unansweredTimer?.disarm()
        current = DndCase(step: step, convention: convention)
        press = nil
        pressedItem = false
        targetEscaped = false
        lastRead = nil
        writeLine("dnd: step \(step.rawValue): \(step.instruction(convention))")
        stepTimer?.arm(after: options.timeout)
        redraw()
    }

    /// Ends the case under way: recorded, shown, and the next step after the pause.
    func finishCase(skip: String?, always: Bool = false, advance: Bool = true) {
        guard var c = current else { return }
        current = nil
        stepTimer?.disarm()
        unansweredTimer?.disarm()
        leftTimer?.disarm()
        if let skip, always || c.events.isEmpty { c.skipped = skip }
        cancelDrag()
        cases.append(c)
        shown = c
        writeLine("dnd: case \(c.step.rawValue): \(c.summary)")
        redraw()
        if advance { pauseTimer?.arm(after: max(0.001, options.pause)) }
    }

    func end() { client.loop.stop(.finished(code: CLI.Status.ok)) }

    func now() -> Double { MonotonicClock.seconds() - caseStart }

    func record(_ side: DndSide, _ kind: DndEvent.Kind) {
        current?.events.append(DndEvent(t: now(), side, kind))
        if let c = current, let e = c.events.last { trace?.record(c.step, e) }
    }

    /// An event heard after its case ended (a send that failed after the cancel), added to
    /// that case when it is still the one at `index`.
    func recordLate(case index: Int, start: Double, _ side: DndSide, _ kind: DndEvent.Kind) {
        guard cases.indices.contains(index) else { return }
        cases[index].events.append(DndEvent(t: MonotonicClock.seconds() - start, side, kind))
    }

    // MARK: input

    func input(_ raw: InputEvent) {
        if let w = client.seat?.pointer?.focusedWindow {
            (w === source ? strips.source : w === target ? strips.target : nil)?.handle(raw)
        }
        switch raw.kind {
        case .modifiers(let m):
            let keys = m.depressed.union(m.latched).intersection([.control, .shift, .alt, .super])
            switch keyboardWindow {
            case .source?:
                sourceKeys = keys
                if pressedItem { record(.source, .keys(keys)) }
            case .target?:
                targetKeys = keys
                if pressedItem { record(.target, .keys(keys)) }
                if overTarget { answer(force: false) }
            case nil:
                // Focus left both windows (the leave's emptied modifiers): neither holds any.
                sourceKeys = []; targetKeys = []
            }
        case .key(let code, let pressed) where pressed:
            guard let control = Control(rawValue: code.rawValue) else { break }
            switch control {
            case .esc where dragUnderWay:
                escapeMidDrag()
            case .esc: end()
            case .s: if current != nil { finishCase(skip: "S pressed", always: true) } else if shown != nil { nextStep() }
            case .enter, .keypadEnter:
                if done { end() } else if current != nil { startStep() } else if shown != nil { nextStep() }
            }
        case .pointerEnter(let p):
            pointer = p
            client.seat?.pointer?.focusedWindow?.setNeedsDisplay()
        case .motion(let p?, _, _):
            pointer = p
            client.seat?.pointer?.focusedWindow?.setNeedsDisplay()
            if let press, dataSource == nil, current != nil, onSource,
               hypot(p.x - press.at.x, p.y - press.at.y) >= Self.dragSlop {
                startDrag(serial: press.serial)
            }
        case .button(.left, let pressed):
            if pressed, current != nil, current?.step != .intoTarget, dataSource == nil, onSource, let p = pointer,
               itemFrame?.contains(Point(x: p.x, y: p.y)) == true, let serial = client.seat?.pressSerial(touch: nil) {
                press = (p, serial)
                caseStart = MonotonicClock.seconds()
                pressedItem = true
                current?.keysAtPress = sourceKeys
            } else if !pressed {
                press = nil
            }
        default: break
        }
    }

    /// Which window has the keyboard focus.
    var keyboardWindow: DndSide? {
        guard let focused = client.seat?.keyboardFocusedWindow else { return nil }
        return focused === source ? .source : focused === target ? .target : nil
    }

    /// In the escape step, between the press and the end of the case: Escape is the step's
    /// key, not the end of the run.
    var dragUnderWay: Bool { current?.step == .escape && pressedItem }

    /// Escape mid-drag reached a window: the source cancels its own drag, the target (with the
    /// drag over it) takes nothing from now on, so the compositor cancels at the release.
    func escapeMidDrag() {
        guard let side = keyboardWindow else { return }
        record(side, .escape)
        switch side {
        case .source:
            guard dataSource != nil else { return }
            record(.source, .cancelledOwnDrag)
            finishCase(skip: nil)
        case .target:
            targetEscaped = true
            if overTarget { answer(force: true) }
        }
    }

    var onSource: Bool {
        guard let s = source, let focused = client.seat?.pointer?.focusedWindow else { return false }
        return focused === s
    }
}
