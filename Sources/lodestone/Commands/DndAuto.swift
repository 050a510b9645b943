// `lodestone dnd --auto` (issue 33.6; I2, G11): Lodestone performs the window-to-window steps
// itself, through the compositor's virtual pointer and keyboard (WaylandClient's VirtualInput:
// wlroots' zwlr_virtual_pointer_v1 and zwp_virtual_keyboard_v1), and writes the same report a
// person's run gives. Elsewhere --auto names the missing global and the compositor, and exits 2.
//
// The client does not know where its windows are on the output, so the driver works in a
// closed loop. Calibration: the pointer goes to points of the layout (absolute motion, as
// fractions of its box) until each window has reported two surface-local positions; two points
// in one window give the layout's size, one point each window's origin. A window never found
// may lie under the other (a stacking compositor opens both in the middle): that one is dragged
// aside once by a blank corner, short of the output's edge, and the search runs again; a window
// still not found ends the run with a sentence naming it (exit 1). Every later aim is
// checked against what the compositor reports back — the pointer's surface-local position on
// the item before the press, the drag's position over the target (wl_data_device motion)
// before the release — and the window's origin is corrected by the error, up to `aimTries`
// times. Each drag goes like a person's (DndCommandUnderSwayTests' pacing): a rest beside the
// item, then on it, the step's keys down before the press, a glide of about a second in small
// steps, a rest over the zone (where copy-mid presses the copy key and escape presses Escape),
// the release, the keys up, then the wait for the case to end. Each wait that answers
// "did it happen" waits for a wl_display.sync round trip first: the compositor has then
// handled the motion and sent what it caused.
//
// The steps: `script(for:)`, one row each; a step without a row needs another application
// (other-app, into-target) and is skipped with `needsAnotherApp`.
import GestureCheck
import InputProtocol
import PointerEngine
import Posix
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

final class DndAuto {
    /// What the driver does in one step.
    struct Script: Equatable {
        enum OverZone: Equatable {
            case nothing
            /// These keys go down over the zone, before the release.
            case keys(Modifiers)
            /// Escape pressed and released over the zone, before the release.
            case escape
        }
        /// Held before the press (and let go after the release).
        var before: Modifiers = []
        var overZone: OverZone = .nothing
    }

    /// The script of `step` under `convention`; nil for a step that needs another application.
    /// By name: the table holds the steps other changes add (link, copy-mid, escape, refuse).
    static func script(for step: DndStep, _ convention: DragConvention) -> Script? {
        switch step.rawValue {
        case "plain", "copy", "move", "link": Script(before: step.keys(convention))
        case "refuse": Script()
        case "copy-mid": Script(overZone: .keys(DndStep.copy.keys(convention)))
        case "escape": Script(overZone: .escape)
        default: nil
        }
    }

    static let needsAnotherApp = "needs another application: --auto performs only the drags between its own two windows"
    /// evdev codes of the keys it presses: the left modifier keys and Escape.
    static let modifierKeys: [(Modifiers, UInt32)] = [(.control, 29), (.shift, 42), (.alt, 56), (.super, 125)]
    static let escapeKey: UInt32 = 1
    static let glideSteps = 40
    static let glideStepPause = 0.025 // s: a glide of about a second
    static let aimTries = 3
    /// How far from its aim a reported position may be (pt).
    static let aimTolerance = 2.0
    /// The calibration's points (fractions of the layout): the middle row first, where sway
    /// tiles two windows side by side.
    static let probes: [(Double, Double)] = [
        (0.25, 0.5), (0.75, 0.5), (0.5, 0.5), (0.125, 0.5), (0.375, 0.5), (0.625, 0.5), (0.875, 0.5),
        (0.25, 0.3), (0.75, 0.3), (0.25, 0.7), (0.75, 0.7), (0.5, 0.3), (0.5, 0.7),
    ]
    /// The second point of a window, this far from the first (fraction of the layout).
    static let probeStep = 0.03

    /// Says why --auto cannot run here, or makes the virtual devices.
    static func virtualInput(_ client: Client, compositor: CompositorInfo) -> Result<VirtualInput, DndUsageError> {
        let name = compositor.name ?? "this compositor"
        do throws(VirtualInputUnavailable) { return .success(try VirtualInput(client: client)) } catch {
            if !error.missing.isEmpty {
                let lacks = error.missing.count == 1 ? "no \(error.missing[0])" : "neither " + error.missing.joined(separator: " nor ")
                return .failure(DndUsageError("--auto performs the drags through the compositor's virtual pointer and keyboard, and \(name) offers \(lacks) " +
                                "(wlroots compositors such as sway, labwc and cage offer both): run lodestone dnd without --auto and perform each drag yourself"))
            }
            return .failure(DndUsageError("--auto cannot make the virtual pointer and keyboard on \(name): \(error)"))
        }
    }

    enum Side { case source, target }

    /// One beat of the driver's script.
    enum Beat {
        case run(() -> Void)
        case rest(Double)
        /// Waits for a wl_display.sync round trip.
        case settle
        /// Waits until the condition holds; after `timeout` s a hard one fails the step.
        case until(String, Double, hard: Bool, () -> Bool)
        /// Beats computed when reached.
        case then(() -> [Beat])
    }

    let windows: DndWindows
    let input: VirtualInput
    private var timer: LoopTimer?
    private var beats: [Beat] = []
    private var waiting: (what: String, deadline: Double, hard: Bool, condition: () -> Bool)?
    private var stopped = false
    /// The layout's size in points (what a fraction of 1 spans) and each window's origin in it.
    private var span: (x: Double, y: Double)?
    private var origin: [Side: (x: Double, y: Double)] = [:]
    private var hits: [Side: [(f: (Double, Double), p: InputPoint)]] = [:]
    /// Where the pointer was sent last (fractions).
    private var at = (x: 0.5, y: 0.5)
    private var glideFrom = (x: 0.5, y: 0.5)
    /// A window hidden under the other was looked for by moving that one aside (once).
    private var movedAside = false
    /// The step being driven (its index in --steps) and the next one to drive.
    private var stepIndex = -1
    /// Why the run could not go on (no windows found): the command then fails.
    private(set) var failure: String?
    private var started = 0.0

    init(windows: DndWindows, input: VirtualInput) {
        self.windows = windows
        self.input = input
    }

    func start() {
        started = MonotonicClock.seconds()
        timer = try? LoopTimer(loop: windows.client.loop) { [weak self] _ in self?.tick() }
        writeLine("dnd: --auto: performing the drags through the compositor's virtual pointer and keyboard; leave them alone until the report is written")
        beats = [
            .until("the compositor's pointer for the virtual device", 10, hard: true) { [unowned self] in self.windows.client.seat?.pointer != nil },
            .until("both windows drawn", 30, hard: true) { [unowned self] in self.windows.started },
            .rest(0.3),
            .then { [unowned self] in self.calibration() },
            .then { [unowned self] in self.nextStep() },
        ]
        advance()
    }

    func stop() {
        stopped = true
        timer?.disarm()
        input.releaseAll()
        let took = MonotonicClock.seconds() - started
        writeLine("dnd: --auto: \(plural(windows.cases.count, "case")) in \(fmt(took, decimals: 1)) s")
    }

    // MARK: the beats

    private func now() -> Double { MonotonicClock.seconds() }

    private func advance() {
        while !stopped, !beats.isEmpty {
            switch beats.removeFirst() {
            case .run(let body): body()
            case .then(let more): beats.insert(contentsOf: more(), at: 0)
            case .rest(let s):
                timer?.arm(after: max(0.001, s))
                return
            case .settle:
                input.sync { [weak self] in self?.advance() }
                return
            case .until(let what, let timeout, let hard, let condition):
                if condition() { continue }
                waiting = (what, now() + timeout, hard, condition)
                timer?.arm(after: 0.01)
                return
            }
        }
    }

    private func tick() {
        guard !stopped else { return }
        if let w = waiting {
            if w.condition() {
                waiting = nil
            } else if now() < w.deadline {
                timer?.arm(after: 0.01)
                return
            } else {
                waiting = nil
                if w.hard { return fail(w.what) }
            }
        }
        advance()
    }

    /// A wait that timed out: before the steps the run ends; in a step, the step is let go of.
    private func fail(_ what: String) {
        let reason = "--auto: waited in vain for \(what)"
        guard stepIndex >= 0 else { return end(failing: reason) }
        Diagnostics.warning("dnd: \(reason)")
        let i = stepIndex
        beats = [
            .run { [unowned self] in self.input.releaseAll() },
            .rest(0.3), .settle,
            .run { [unowned self] in
                if self.caseOpen(i), self.windows.dataSource == nil { self.windows.finishCase(skip: reason, always: true) }
            },
            .until("the case to end after letting go", DndWindows.unansweredTimeout + 5, hard: false) { [unowned self] in !self.caseOpen(i) },
            .run { [unowned self] in if self.caseOpen(i) { self.windows.finishCase(skip: reason) } },
            .then { [unowned self] in self.nextStep() },
        ]
        advance()
    }

    /// The run cannot go on: the report is written with the steps not taken, and the command fails.
    private func end(failing reason: String) {
        failure = reason
        beats = []
        windows.end()
    }

    private func caseOpen(_ i: Int) -> Bool { windows.cases.count <= i && windows.current != nil }

    // MARK: where the windows are

    private func window(_ side: Side) -> Window? { side == .source ? windows.source : windows.target }

    private func side(of w: Window?) -> Side? {
        guard let w else { return nil }
        return w === windows.source ? .source : w === windows.target ? .target : nil
    }

    private func moveTo(_ f: (x: Double, y: Double)) {
        at = f
        input.move(toFraction: f.x, f.y)
    }

    /// The fraction of the layout where `p` of `side`'s surface is.
    private func fraction(_ side: Side, _ p: Point) -> (x: Double, y: Double)? {
        guard let span, let o = origin[side] else { return nil }
        return ((o.x + p.x) / span.x, (o.y + p.y) / span.y)
    }

    private func calibration() -> [Beat] {
        var out: [Beat] = []
        for f in Self.probes {
            out.append(.then { [unowned self] in
                guard !self.located else { return [] }
                return self.probe(f)
            })
        }
        out.append(.then { [unowned self] in
            self.solve()
            if let s = self.span, let source = self.origin[.source], let target = self.origin[.target] {
                func at(_ o: (x: Double, y: Double)) -> String { "(\(fmt(o.x, decimals: 0)), \(fmt(o.y, decimals: 0)))" }
                writeLine("dnd: --auto: layout \(fmt(s.x, decimals: 0))×\(fmt(s.y, decimals: 0)), source at \(at(source)), target at \(at(target))")
                return []
            }
            // One window found: the other may be under it (a stacking compositor opens both in
            // the middle). Once, that one is moved aside as a person would, and the search runs again.
            if !self.movedAside, let found = [Side.source, .target].first(where: { self.origin[$0] != nil }) {
                self.movedAside = true
                return self.moveAside(found) + [.run { [unowned self] in self.hits = [:]; self.origin = [:]; self.span = nil }] + self.calibration()
            }
            self.end(failing: self.unlocated)
            return []
        })
        return out
    }

    /// Drags `side`'s window by a blank corner (xdg_toplevel.move from the press) its width and
    /// a margin, right when there is room, else left, else as far as there is room: never onto
    /// the output's edge, where a stacking compositor snaps the window into a tile (labwc 0.8
    /// makes it the left half, larger than its buffer, measured).
    private func moveAside(_ side: Side) -> [Beat] {
        guard let w = window(side), let span, let o = origin[side] else { return [] }
        let size = (width: Double(w.logicalSize.width), height: Double(w.logicalSize.height))
        let corner = Point(x: 30, y: size.height - 30)
        let margin = 8.0, want = size.width + 40
        let right = span.x - margin - (o.x + size.width), left = o.x - margin
        let dx = right >= want ? want : left >= want ? -want : right >= left ? max(0, right) : -max(0, left)
        writeLine("dnd: --auto: only the \(side) window found; moving it \(fmt(abs(dx), decimals: 0)) pt \(dx > 0 ? "right" : "left") to uncover the other")
        return aim(side, corner, what: "the pointer on a blank corner of the \(side) window") + [
            .run { [unowned self] in self.input.button(VirtualInput.leftButton, pressed: true) }, .settle,
            .run { _ = w.beginMove() }, .settle, .rest(0.1),
        ] + glide(steps: 20) { [unowned self] in
            (self.glideFrom.x + dx / span.x, self.glideFrom.y)
        } + [.rest(0.1), .run { [unowned self] in self.input.button(VirtualInput.leftButton, pressed: false) }, .settle, .rest(0.4)]
    }

    /// Why calibration found no layout: which window the pointer never reported in.
    private var unlocated: String {
        let lost = [(Side.source, "source"), (.target, "target")].filter { (hits[$0.0]?.count ?? 0) == 0 }.map(\.1)
        let tried = "\(Self.probes.count) points of the output tried"
        guard !lost.isEmpty else { return "--auto could not measure the output's layout (\(tried)): run lodestone dnd without --auto" }
        return "--auto never found the \(lost.joined(separator: " and the ")) window under the pointer (\(tried)): both windows must be " +
            "visible, apart (another window over one of them, a kiosk compositor showing one window at a time, or a window " +
            "on another workspace hides it); move them apart and run again, or run lodestone dnd without --auto"
    }

    private var located: Bool { (hits[.source]?.count ?? 0) >= 1 && (hits[.target]?.count ?? 0) >= 1 && hits.values.contains { $0.count >= 2 } }

    /// The pointer to `f`; what the compositor reports there is one hit. A window's first hit
    /// gets a second point next to it (either way), for the layout's size.
    private func probe(_ f: (Double, Double), second: Bool = false) -> [Beat] {
        [.run { [unowned self] in self.moveTo(f) }, .settle, .then { [unowned self] in
            guard let pointer = self.windows.client.seat?.pointer, let side = self.side(of: pointer.focusedWindow),
                  let p = pointer.position else { return [] }
            let count = self.hits[side]?.count ?? 0
            guard count < 2 else { return [] }
            if count == 1, let first = self.hits[side]?.first, first.f == f { return [] }
            self.hits[side, default: []].append((f, p))
            guard count == 0, !second else { return [] }
            let d = Self.probeStep
            return self.probe((f.0 + d, f.1 + d), second: true) + [.then { [unowned self] in
                (self.hits[side]?.count ?? 0) >= 2 ? [] : self.probe((f.0 - d, f.1 - d), second: true)
            }]
        }]
    }

    private func solve() {
        var spans: [(Double, Double)] = []
        for list in hits.values where list.count >= 2 {
            let a = list[0], b = list[1]
            let dx = b.f.0 - a.f.0, dy = b.f.1 - a.f.1
            guard abs(dx) > 0, abs(dy) > 0 else { continue }
            spans.append(((b.p.x - a.p.x) / dx, (b.p.y - a.p.y) / dy))
        }
        guard !spans.isEmpty else { return }
        let s = (spans.map(\.0).reduce(0, +) / Double(spans.count), spans.map(\.1).reduce(0, +) / Double(spans.count))
        guard s.0 > 50, s.1 > 50, s.0.isFinite, s.1.isFinite else { return }
        span = (s.0, s.1)
        for (side, list) in hits {
            guard let a = list.first else { continue }
            origin[side] = (a.f.0 * s.0 - a.p.x, a.f.1 * s.1 - a.p.y)
        }
    }

    /// Moves onto `p` of `side` and checks it there by the pointer's report, correcting the
    /// window's origin by the error.
    private func aim(_ side: Side, _ p: Point, what: String, tries: Int = DndAuto.aimTries) -> [Beat] {
        [.then { [unowned self] in
            guard let f = self.fraction(side, p) else { return [] }
            self.moveTo(f)
            return []
        }, .settle, .then { [unowned self] in
            guard let pointer = self.windows.client.seat?.pointer else { return [] }
            let on = self.side(of: pointer.focusedWindow) == side
            if on, let q = pointer.position, abs(q.x - p.x) <= Self.aimTolerance, abs(q.y - p.y) <= Self.aimTolerance { return [] }
            guard tries > 0 else {
                let got = self.side(of: pointer.focusedWindow).map { s in
                    "in the \(s) window at \(pointer.position.map { "(\(fmt($0.x, decimals: 0)), \(fmt($0.y, decimals: 0)))" } ?? "?")"
                } ?? "outside both windows"
                let aimed = "(\(fmt(p.x, decimals: 0)), \(fmt(p.y, decimals: 0))) of the \(side) window"
                return [.until("\(what): aimed at \(aimed), the compositor reported the pointer \(got)", 0, hard: true) { false }]
            }
            if on, let q = pointer.position, let o = self.origin[side] { self.origin[side] = (o.x - (q.x - p.x), o.y - (q.y - p.y)) }
            return [.rest(0.05)] + self.aim(side, p, what: what, tries: tries - 1)
        }]
    }

    /// A glide of `steps` small moves from where the pointer is to `p` of `side`, on a slight arc.
    private func glide(_ side: Side, _ p: Point, steps: Int) -> [Beat] {
        glide(steps: steps) { [unowned self] in self.fraction(side, p) }
    }

    /// A glide from where the pointer is to where `destination` says (fractions; asked at
    /// each step, so a corrected origin counts at once).
    private func glide(steps: Int, to destination: @escaping () -> (x: Double, y: Double)?) -> [Beat] {
        var out: [Beat] = [.run { [unowned self] in self.glideFrom = self.at }]
        for i in 1...steps {
            out.append(.then { [unowned self] in
                guard let to = destination() else { return [] }
                let from = self.glideFrom, t = Double(i) / Double(steps)
                // 12 pt off the straight line at the middle of a long glide, as a hand drifts.
                let arc = steps > 10 ? 12 * sin(t * .pi) / (self.span?.y ?? 1000) : 0
                self.moveTo((from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t + arc))
                return []
            })
            out.append(.rest(Self.glideStepPause))
        }
        return out
    }

    /// After the glide: the drag's position over the target (wl_data_device) inside the zone,
    /// else the target's origin corrected by the error and a short glide again.
    private func aimDrag(_ zone: Point, tries: Int = DndAuto.aimTries) -> [Beat] {
        [.settle, .then { [unowned self] in
            guard let device = self.windows.client.seat?.dataDevice, let t = self.windows.target, let frame = self.windows.zoneFrame else { return [] }
            let over = device.isOver(t)
            if over, let q = device.position, frame.insetBy(8).contains(Point(x: q.x, y: q.y)) { return [] }
            guard tries > 0 else { return [.until("the drag over the target's zone", 0, hard: true) { false }] }
            if over, let q = device.position, let o = self.origin[.target] {
                self.origin[.target] = (o.x - (q.x - zone.x), o.y - (q.y - zone.y))
            }
            return self.glide(.target, zone, steps: 8) + self.aimDrag(zone, tries: tries - 1)
        }]
    }

    // MARK: the steps

    private func press(_ keys: Modifiers, _ down: Bool) {
        let codes = Self.modifierKeys.filter { keys.contains($0.0) }.map(\.1)
        for code in down ? codes : codes.reversed() { input.key(code, pressed: down) }
    }

    private func nextStep() -> [Beat] {
        let i = stepIndex + 1
        guard i < windows.options.steps.count else { return [] }
        stepIndex = i
        let step = windows.options.steps[i]
        var out: [Beat] = [.until("step \(step.rawValue) to start", 30, hard: true) { [unowned self] in
            self.windows.index == i && self.windows.current != nil && self.windows.dataSource == nil
        }]
        if let script = Self.script(for: step, windows.convention) {
            out += drag(script, step: step)
        } else {
            out.append(.run { [unowned self] in self.windows.finishCase(skip: Self.needsAnotherApp, always: true) })
        }
        out.append(.until("step \(step.rawValue)'s case to end", DndWindows.unansweredTimeout + 5, hard: true) { [unowned self] in
            self.windows.cases.count > i
        })
        out.append(.then { [unowned self] in self.nextStep() })
        return out
    }

    private func drag(_ script: Script, step: DndStep) -> [Beat] {
        guard let item = windows.itemFrame, let zoneFrame = windows.zoneFrame else { return [] }
        let onItem = Point(x: item.midX, y: item.midY), zone = Point(x: zoneFrame.midX, y: zoneFrame.midY)
        var out: [Beat] = []
        out += aim(.source, Point(x: onItem.x + 25, y: onItem.y + 20), what: "the pointer beside the item")
        out.append(.rest(0.2))
        out += aim(.source, onItem, what: "the pointer on the item")
        out.append(.rest(0.3))
        if !script.before.isEmpty {
            // After the round trip the compositor has sent the modifiers to the focused window;
            // whether they reached it is the report's to say (keys_reached).
            out.append(.run { [unowned self] in self.press(script.before, true) })
            out.append(.settle)
            out.append(.rest(0.3))
        }
        out.append(.run { [unowned self] in self.input.button(VirtualInput.leftButton, pressed: true) })
        out.append(.settle)
        out.append(.until("the press on the item", 1, hard: true) { [unowned self] in self.windows.press != nil })
        out.append(.rest(0.15))
        out += glide(.target, zone, steps: Self.glideSteps)
        out.append(.until("the drag to start", 2, hard: true) { [unowned self] in self.windows.dataSource != nil })
        out += aimDrag(zone)
        out.append(.rest(0.3))
        switch script.overZone {
        case .nothing: break
        case .keys(let keys):
            out.append(.run { [unowned self] in self.press(keys, true) })
            out.append(.rest(0.5))
        case .escape:
            out.append(.run { [unowned self] in self.input.key(Self.escapeKey, pressed: true) })
            out.append(.rest(0.1))
            out.append(.run { [unowned self] in self.input.key(Self.escapeKey, pressed: false) })
            out.append(.rest(0.5))
        }
        out.append(.run { [unowned self] in self.input.button(VirtualInput.leftButton, pressed: false) })
        out.append(.settle)
        out.append(.rest(0.3))
        out.append(.run { [unowned self] in self.input.releaseAll() })
        return out
    }
}
