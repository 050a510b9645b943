// `lodestone dnd` live (issue 33; I2, G11): the source and the target window of one client, the
// steps one at a time, and both ends of wl_data_device recorded into a `DndCase` per step.
//
// The source: a press on the item, then 4 pt of motion with the button held, starts the drag
// (start_drag with the press's serial). It offers text/uri-list (a file holding the item's name,
// under $XDG_RUNTIME_DIR/lodestone-dnd-PID/) and text/plain;charset=utf-8 (the name), and the
// actions narrowed by the keys held at the press, as the showcase does (DragOutHandler): none
// held offers move, copy and ask; the copy key copy alone, the move key move alone, both ask.
// The target: over its zone it accepts text/uri-list (else text/plain), takes copy, move and
// ask, and prefers what the keys Lodestone sees ask for (none: move); outside the zone it takes
// nothing. A drop there is read, then finished when the action is copy or move.
// A case ends when the source hears finished or cancelled, or `unansweredTimeout` after the
// drop without either; its result stays up for `--pause`, then the next step starts.
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
    private let stateLine: (String) -> Void
    private var source: Window?
    private var target: Window?
    private let cache = RenderCache()

    private(set) var cases: [DndCase] = []
    private var index = -1
    /// The case of the step under way (nil between steps).
    private var current: DndCase?
    private var shown: DndCase?
    private var caseStart = 0.0
    private var done = false
    private var started = false
    private var frames = (source: 0, target: 0)

    /// Modifiers held (depressed or latched), as the newest modifiers event said.
    private var held: Modifiers = []
    private var pointer: InputPoint?
    private var press: (at: InputPoint, serial: UInt32)?
    private var dataSource: DataSource?
    private var icon: DragIcon?
    /// The drag's offer is over the target window / over its zone with a type accepted.
    private var overTarget = false
    private var accepted: (type: String?, actions: DragActions, preferred: DragAction?)?
    private var reading: DataOffer?
    private var lastRead: String?

    private var stepTimer: LoopTimer?
    private var pauseTimer: LoopTimer?
    private var unansweredTimer: LoopTimer?
    private var startTimer: LoopTimer?

    init(client: Client, options: DndCommand.Options, convention: DragConvention, stateLine: @escaping (String) -> Void) {
        self.client = client
        self.options = options
        self.convention = convention
        self.stateLine = stateLine
    }

    // MARK: layout

    static func itemFrame(_ size: (width: Int, height: Int)) -> Rect {
        let w = Double(size.width), h = Double(size.height)
        return Rect(x: ((w - 140) / 2).rounded(), y: max(120, ((h - 90) / 2).rounded() + 40), width: 140, height: 90)
    }

    static func zoneFrame(_ size: (width: Int, height: Int)) -> Rect {
        let w = Double(size.width), h = Double(size.height)
        let zw = max(120, min(320, w - 60)), zh = max(90, min(220, h - 180))
        return Rect(x: ((w - zw) / 2).rounded(), y: max(120, ((h - zh) / 2).rounded() + 40), width: zw, height: zh)
    }

    // MARK: the loop

    func runLoop() -> ExitReason {
        let loop = client.loop
        let s = client.makeWindow(Window.Configuration(title: "Lodestone dnd: source", appID: "lodestone-dnd-source",
                                                       defaultSize: (480, 400), drawsOwnPointer: false))
        let t = client.makeWindow(Window.Configuration(title: "Lodestone dnd: target", appID: "lodestone-dnd-target",
                                                       defaultSize: (480, 400), drawsOwnPointer: false))
        source = s; target = t
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
        startTimer?.arm(after: Self.firstFrameWait)
        client.onInput = { [unowned self] raw in self.input(raw) }
        client.onDataDevice = { [unowned self] e in self.dataDevice(e) }
        let reason = loop.run()
        client.onInput = nil
        client.onDataDevice = nil
        for timer in [stepTimer, pauseTimer, unansweredTimer, startTimer] { timer?.disarm() }
        if current != nil { finishCase(skip: "ended (\(reason))", advance: false) }
        for step in options.steps.dropFirst(cases.count) {
            var c = DndCase(step: step, convention: convention)
            c.skipped = "ended before this step"
            cases.append(c)
        }
        dataSource = nil; icon = nil; reading = nil
        source = nil; target = nil
        return reason
    }

    private func begin() {
        guard !started else { return }
        started = true
        startTimer?.disarm()
        writeLine("dnd: windows ready, \(plural(options.steps.count, "step"))")
        nextStep()
    }

    private func nextStep() {
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

    private func startStep() {
        let step = options.steps[index]
        cancelDrag()
        unansweredTimer?.disarm()
        current = DndCase(step: step, convention: convention)
        press = nil
        writeLine("dnd: step \(step.rawValue): \(step.instruction(convention))")
        stepTimer?.arm(after: options.timeout)
        redraw()
    }

    /// Ends the case under way: recorded, shown, and the next step after the pause.
    private func finishCase(skip: String?, always: Bool = false, advance: Bool = true) {
        guard var c = current else { return }
        current = nil
        stepTimer?.disarm()
        unansweredTimer?.disarm()
        if let skip, always || c.events.isEmpty { c.skipped = skip }
        cancelDrag()
        cases.append(c)
        shown = c
        writeLine("dnd: case \(c.step.rawValue): \(c.summary)")
        redraw()
        if advance { pauseTimer?.arm(after: max(0.001, options.pause)) }
    }

    private func end() { client.loop.stop(.finished(code: CLI.Status.ok)) }

    private func now() -> Double { MonotonicClock.seconds() - caseStart }

    private func record(_ side: DndSide, _ kind: DndEvent.Kind) {
        current?.events.append(DndEvent(t: now(), side, kind))
    }

    // MARK: input

    private func input(_ raw: InputEvent) {
        switch raw.kind {
        case .modifiers(let m):
            held = m.depressed.union(m.latched).intersection([.control, .shift, .alt, .super])
            if overTarget { answer(force: false) }
        case .key(let code, let pressed) where pressed:
            guard let control = Control(rawValue: code.rawValue) else { break }
            switch control {
            case .esc: end()
            case .s: if current != nil { finishCase(skip: "S pressed", always: true) } else if shown != nil { nextStep() }
            case .enter, .keypadEnter:
                if done { end() } else if current != nil { startStep() } else if shown != nil { nextStep() }
            }
        case .pointerEnter(let p): pointer = p
        case .motion(let p?, _, _):
            pointer = p
            if let press, dataSource == nil, current != nil, onSource,
               hypot(p.x - press.at.x, p.y - press.at.y) >= Self.dragSlop {
                startDrag(serial: press.serial)
            }
        case .button(.left, let pressed):
            if pressed, current != nil, dataSource == nil, onSource, let p = pointer, let s = source,
               Self.itemFrame(s.logicalSize).contains(Point(x: p.x, y: p.y)), let serial = client.seat?.pressSerial(touch: nil) {
                press = (p, serial)
                caseStart = MonotonicClock.seconds()
                current?.keysAtPress = held
            } else if !pressed {
                press = nil
            }
        default: break
        }
    }

    private var onSource: Bool {
        guard let s = source, let focused = client.seat?.pointer?.focusedWindow else { return false }
        return focused === s
    }

    // MARK: the source

    private func startDrag(serial: UInt32) {
        guard let device = client.seat?.dataDevice, let s = source else { return }
        press = nil
        let keys = current?.keysAtPress ?? []
        let copyKey = DndStep.copy.keys(convention), moveKey = DndStep.move.keys(convention)
        var actions: DragActions = [.copy, .move, .ask]
        if keys.isSuperset(of: copyKey.union(moveKey)) { actions = .ask }
        else if keys.isSuperset(of: copyKey) { actions = .copy }
        else if keys.isSuperset(of: moveKey) { actions = .move }
        guard let made = client.makeDataSource(mimeTypes: Self.types, actions: actions, provide: { [weak self] type in self?.data(type) }) else { return }
        made.onEvent = { [weak self] e in self?.sourceEvent(e) }
        dataSource = made
        current?.offered = Self.dndActions(actions)
        icon = client.makeDragIcon()
        drawIcon(moved: false)
        device.startDrag(source: made, origin: s, icon: icon, serial: serial)
        // Moved once it is the drag's icon (sway 1.7 places the icon from the offsets of
        // commits made in that role, as DragOutHandler found): the pointer holds its centre.
        drawIcon(moved: true)
        redraw()
    }

    private func data(_ type: String) -> [UInt8]? {
        switch type {
        case "text/plain;charset=utf-8": return Array(Self.itemName.utf8)
        case "text/uri-list":
            guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else { return nil }
            let dir = URL(fileURLWithPath: runtime).appendingPathComponent("lodestone-dnd-\(getpid())", isDirectory: true)
            let file = dir.appendingPathComponent(Self.itemName + ".txt")
            do {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data((Self.itemName + "\n").utf8).write(to: file)
            } catch {
                Diagnostics.warning("dnd: cannot write \(file.path): \(error.localizedDescription)")
                return nil
            }
            return Array((file.absoluteString + "\r\n").utf8)
        default: return nil
        }
    }

    private func sourceEvent(_ e: DataSourceEvent) {
        switch e {
        case .target: return
        case .action(let a): record(.source, .action(a.map(Self.dndAction)))
        case .dropPerformed:
            record(.source, .dropPerformed)
            current?.keysAtDrop = held
            unansweredTimer?.arm(after: Self.unansweredTimeout)
        case .finished:
            record(.source, .finished)
            finishCase(skip: nil)
        case .cancelled:
            record(.source, .cancelled)
            finishCase(skip: nil)
        case .sendFailed(let type, let reason):
            Diagnostics.warning("dnd: sending \(type): \(reason)")
        }
        redraw()
    }

    /// Lets go of the drag under way (a retry, a skip, the end): the compositor cancels it.
    private func cancelDrag() {
        let (s, i) = (dataSource, icon)
        dataSource = nil; icon = nil; press = nil
        overTarget = false; accepted = nil
        s?.onEvent = nil
        client.loop.soon { _ = s; _ = i }
    }

    private func drawIcon(moved: Bool) {
        guard let icon else { return }
        let scale = max(1, (source?.scale ?? 1).rounded(.up))
        let size = PixelSize(width: Int(100 * scale), height: Int(64 * scale))
        icon.show(size: size, scale: Int32(scale), move: moved ? (-50, -32) : (0, 0)) { pixels, stride in
            memset(pixels, 0, stride * size.height)
            guard let canvas = Canvas(pixels: pixels, width: size.width, height: size.height, stride: stride, scale: scale, cache: cache) else { return }
            canvas.fill(.roundedRect(cornerRadius: 10), in: Rect(x: 0, y: 0, width: 100, height: 64), Color(hex: 0x0A84FF, alpha: 0.85))
            canvas.draw("item", font: .system(14, bold: true), at: Point(x: 34, y: 38), Color(hex: 0xFFFFFF))
        }
    }

    // MARK: the target

    private func dataDevice(_ e: DataDeviceEvent) {
        guard let device = client.seat?.dataDevice, let t = target else { return }
        switch e.kind {
        case .enter(let offer, _):
            overTarget = device.isOver(t)
            if overTarget, offer != nil {
                record(.target, .enter)
                answer(force: true)
            } else {
                device.drag?.accept(nil)
                device.drag?.setActions([], preferred: nil)
            }
        case .motion:
            if overTarget { answer(force: false) }
        case .leave:
            if overTarget { record(.target, .leave) }
            overTarget = false; accepted = nil
        case .action(let a):
            if overTarget { record(.target, .action(a.map(Self.dndAction))) }
        case .drop:
            guard overTarget else { break }
            record(.target, .drop)
            overTarget = false
            if let offer = device.takeDropped(), let type = accepted?.type { read(offer, type: type) }
        case .sourceActions:
            if overTarget { answer(force: true) }
        case .error(let err): Diagnostics.warning("dnd: \(err)")
        case .selection: return
        }
        redraw()
    }

    /// Tells the offer over the target what the target takes where the drag is now.
    private func answer(force: Bool) {
        guard let device = client.seat?.dataDevice, let offer = device.drag, let t = target, let p = device.position else { return }
        var new: (type: String?, actions: DragActions, preferred: DragAction?) = (nil, [], nil)
        if Self.zoneFrame(t.logicalSize).contains(Point(x: p.x, y: p.y)) {
            let type = offer.mimeTypes.first { $0 == "text/uri-list" }
                ?? offer.mimeTypes.first { $0.hasPrefix("text/plain") }
            if let type {
                let copyKey = DndStep.copy.keys(convention), moveKey = DndStep.move.keys(convention)
                let preferred: DragAction = held.isSuperset(of: copyKey.union(moveKey)) ? .ask
                    : held.isSuperset(of: copyKey) ? .copy : .move
                new = (type, [.copy, .move, .ask], preferred)
            }
        }
        if !force, let old = accepted, old.type == new.type, old.actions == new.actions, old.preferred == new.preferred { return }
        accepted = new
        offer.accept(new.type)
        offer.setActions(new.actions, preferred: new.preferred)
        if new.type != nil {
            current?.acceptedType = new.type
            current?.targetActions = Self.dndActions(new.actions)
            current?.targetPreferred = new.preferred.map(Self.dndAction)
        }
    }

    private func read(_ offer: DataOffer, type: String) {
        reading = offer
        offer.receive(type) { [weak self] result in
            guard let self else { return }
            self.reading = nil
            switch result {
            case .success(let bytes):
                self.record(.target, .read(bytes: bytes.count))
                self.lastRead = "\(bytes.count) bytes of \(type)"
                if offer.action == .copy || offer.action == .move { offer.finish() }
            case .failure(let e):
                Diagnostics.warning("dnd: reading the drop: \(e)")
                self.lastRead = "reading failed: \(e)"
            }
            self.redraw()
        }
    }

    static func dndAction(_ a: DragAction) -> DndAction {
        switch a {
        case .copy: .copy
        case .move: .move
        case .ask: .ask
        }
    }

    static func dndActions(_ set: DragActions) -> [DndAction] {
        DragAction.allCases.filter { set.contains($0.set) }.map(dndAction)
    }

    // MARK: drawing and state

    private func redraw() {
        source?.setNeedsDisplay()
        target?.setNeedsDisplay()
    }

    private var stepName: String? { options.steps.indices.contains(index) ? options.steps[index].rawValue : nil }

    /// The hint: what to do now (or the case's result, or the end).
    private func hint(isSource: Bool) -> [String] {
        if done { return ["Done: \(plural(cases.count, "case")).", "Enter or Esc closes; the report is written."] }
        guard let step = stepName.flatMap(DndStep.init(rawValue:)) else { return ["Waiting for both windows…"] }
        var lines = ["Step \(index + 1) of \(options.steps.count): \(step.rawValue)"]
        if let shown { lines += Self.wrap("Result: " + shown.summary, width: 52) } else {
            lines += Self.wrap(step.instruction(convention), width: 52)
            lines.append(isSource ? "S skips, Enter starts again, Esc ends." : "Drop on the zone below.")
        }
        return lines
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + word.count + 1 > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    private func draw(_ ctx: DrawContext, isSource: Bool) {
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        canvas.clear(Color(hex: isSource ? 0xF2F2F7 : 0xEEF6EE))
        var y = 28.0
        canvas.draw(isSource ? "Source" : "Target", font: .system(17, bold: true), at: Point(x: 16, y: y), Color(hex: 0x1C1C1E))
        for line in hint(isSource: isSource) {
            y += 20
            canvas.draw(line, font: .system(13), at: Point(x: 16, y: y), Color(hex: 0x3A3A3C))
        }
        let frame: Rect
        if isSource {
            frame = Self.itemFrame(ctx.logicalSize)
            let dragging = dataSource != nil
            canvas.fill(.roundedRect(cornerRadius: 12), in: frame, Color(hex: 0x0A84FF, alpha: dragging ? 0.35 : 1))
            canvas.draw("item", font: .system(15, bold: true), at: Point(x: frame.midX - 16, y: frame.midY + 5), Color(hex: 0xFFFFFF))
        } else {
            frame = Self.zoneFrame(ctx.logicalSize)
            let lit = overTarget && accepted?.type != nil
            canvas.fill(.roundedRect(cornerRadius: 14), in: frame, Color(hex: lit ? 0x34C759 : 0xD1D1D6, alpha: lit ? 0.5 : 0.6))
            canvas.stroke(.roundedRect(cornerRadius: 14), in: frame, lineWidth: 2, Color(hex: lit ? 0x248A3D : 0x8E8E93))
            canvas.draw("drop zone", font: .system(15, bold: true), at: Point(x: frame.midX - 36, y: frame.midY + 5), Color(hex: 0x1C1C1E))
            if let lastRead {
                canvas.draw("Read: " + lastRead, font: .system(12), at: Point(x: frame.minX, y: frame.maxY + 20), Color(hex: 0x3A3A3C))
            }
        }
        if isSource { frames.source += 1 } else { frames.target += 1 }
        writeState(isSource: isSource, frame: frame, size: ctx.logicalSize)
        if !started, frames.source > 0, frames.target > 0 { startTimer?.arm(after: 0.001) }
    }

    private func writeState(isSource: Bool, frame f: Rect, size: (width: Int, height: Int)) {
        func num(_ v: Double) -> String { fmt(v, decimals: 1) }
        let rect = "[\(num(f.minX)),\(num(f.minY)),\(num(f.width)),\(num(f.height))]"
        var line = "{\"window\":\"\(isSource ? "source" : "target")\",\"frame\":\(isSource ? frames.source : frames.target)"
        line += ",\"size\":[\(size.width),\(size.height)],\"\(isSource ? "item" : "zone")\":\(rect)"
        line += ",\"step\":\(stepName.map(JSONWriter.quoted) ?? "null"),\"step_index\":\(index),\"cases\":\(cases.count)"
        line += ",\"phase\":\"\(done ? "done" : current == nil ? (shown == nil ? "waiting" : "result") : dataSource == nil ? "ready" : "dragging")\""
        // The type is the peer's own name for it (any bytes): quoted as JSON.
        if !isSource { line += ",\"over\":\(overTarget),\"accepted_type\":\(accepted?.type.map(JSONWriter.quoted) ?? "null")" }
        stateLine(line + "}")
    }
}
