// The gesture HUD: what the trackpad, touch screen and keyboard are doing, live — finger count,
// gesture kind and phase, pinch scale, accumulated rotation, scroll velocity and momentum,
// swipe direction, held modifiers, and the last drag's operation and input (SPEC G1–G11, I2).
// Fed the engine's facts (`read(_:)`), its outputs and frames, and the stream's scroll events for
// the velocity and the wheel (`observe(_:)`); time is a parameter.
import PointerEngine
import PixmanRenderer

/// Live input facts for the HUD. A value type: same events → same HUD (T2).
public struct GestureHUD: Sendable, Equatable {
    /// The HUD's rows for ExternalDragFacts.keysNote (wlroots: keys mid-drag reach no one).
    public static let keysNoteRows = [("mid-drag keys", "ignored"), ("keys", "hold before the drag")]

    /// Fingers on the trackpad (gesture) or touch points down.
    public var fingers = 0
    public var touches = 0
    public var gestureKind: GestureKind?
    public var gesturePhase: String = "idle"
    public var pinchScale = 1.0
    /// Rotation accumulated over the current (or last) pinch, degrees.
    public var rotation = 0.0
    /// Scroll velocity, points per second (finger/continuous scrolling), and whether the
    /// content is still gliding on momentum after the fingers lifted (G1).
    public var scrollVelocity = Vector.zero
    public var isMomentum = false
    /// Who set the scroll direction and which it is (G1): the stream's last `scrollDirection`
    /// (libinput's option, or a wl_seat 9 compositor's axis_relative_direction; `compositor`
    /// when the seat applies the user's choice without saying which). nil: not said yet.
    public var scrolling: ScrollDirection?
    public var swipeDirection: String?
    public var swipeTravel = Vector.zero
    public var modifiers: Modifiers = []
    /// Names the keys: Shift, Ctrl, Alt, Super on the desktop, ⇧ ⌃ ⌥ ⌘ on the Mac (I2).
    public var conventions: Conventions = .desktop
    /// The last drop. Its input (pointer, trackpad, touch) is the engine's: a compositor's
    /// wl_pointer merges the seat's mice and touchpads, so a drag by it says "trackpad" only
    /// once the seat has shown a touchpad (finger scrolling or a gesture, newer than any wheel)
    /// — pointer-gestures being offered is no evidence; a libinput device with the gesture
    /// capability is a touchpad (Engine.inputKind(of:)).
    public var lastDrag: (operation: DragOperation, input: InputKind, target: String)? {
        get { dragOperation.map { ($0, dragInput ?? .pointer, dragTarget) } }
        set { dragOperation = newValue?.operation; dragInput = newValue?.input; dragTarget = newValue?.target ?? "" }
    }
    var dragOperation: DragOperation?
    var dragInput: InputKind?
    var dragTarget = ""
    /// The drag in progress (from the frame): its operation if dropped now.
    public var liveDrag: (operation: DragOperation?, input: InputKind)? {
        get { liveDragInput.map { (liveDragOperation, $0) } }
        set { liveDragOperation = newValue?.operation ?? nil; liveDragInput = newValue?.input }
    }
    var liveDragOperation: DragOperation?
    var liveDragInput: InputKind?
    public var lastInput: InputKind = .pointer
    public var wheelDetents = 0
    /// The drag between applications in progress or last (issue 18.4); nil once a drag inside
    /// the window starts.
    public var external: ExternalDragFacts?
    var lastScrollTime: Timestamp?
    var scrollStopped = true
    /// The finger scroll's velocity per axis, estimated as the engine's scroll views do (the
    /// velocity a lift would glide with, zero after a pause: G1).
    var scrollX = VelocityTracker(), scrollY = VelocityTracker()

    /// Scroll velocity below this counts as stopped, points per second.
    static let restingSpeed = 5.0

    public init() {}

    /// Takes what the engine knows after it handled an event (issue 20.2): the latest gesture
    /// as its interpreter accepted it (kind, phase, fingers, pinch scale and rotation, swipe
    /// travel), the touches down, the modifiers and the kind of the last input. The HUD shows
    /// them; it does not read the stream's gestures, touches or keys again.
    public mutating func read(_ engine: Engine) {
        let g = engine.lastGesture
        if g.count != gesturesSeen {
            gesturesSeen = g.count
            if g.kind == .swipe { swipeDirection = nil }
            // A hold stops a glide (G6): the HUD's momentum too.
            if g.kind == .hold { isMomentum = false; scrollVelocity = .zero }
        }
        fingers = g.fingers
        gestureKind = g.kind
        gesturePhase = Self.phaseName(g.phase)
        pinchScale = g.scale
        rotation = g.rotation
        swipeTravel = g.travel
        if swipeTravel.length > Self.headingDistance {
            swipeDirection = abs(swipeTravel.dx) >= abs(swipeTravel.dy)
                ? (swipeTravel.dx > 0 ? "right" : "left") : (swipeTravel.dy > 0 ? "down" : "up")
        }
        touches = engine.touchCount
        modifiers = engine.modifiers
        lastInput = engine.lastInput
    }
    /// `GestureFacts.count` when the HUD last read it: a new gesture began when it differs.
    var gesturesSeen = 0
    /// The swipe row shows where the fingers head once they travelled this far, points (the
    /// engine's direction lock, `GestureInterpreter.directionLockDistance`, waits longer).
    static let headingDistance = 4.0

    /// The phase row's words.
    static func phaseName(_ phase: GesturePhaseReport?) -> String {
        switch phase {
        case nil: "idle"
        case .began?: "begin"
        case .changed?: "changed"
        case .ended?: "end"
        case .cancelled?: "cancelled"
        }
    }

    /// Takes one input event for what the engine keeps no fact of: the scroll velocity and
    /// momentum the HUD shows wherever the pointer is (the engine's scroll views each keep their
    /// own, with the same estimator), and the wheel's detents. The rest: `read(_:)`.
    public mutating func observe(_ ev: InputEvent) {
        if case .scrollDirection(let d) = ev.kind { scrolling = d }
        guard case .scroll(let source, let axis, let value, let v120, let stop) = ev.kind else { return }
        if source == .wheel {
            wheelDetents += Int((v120 ?? 0) / 120)
            return
        }
        lastScrollTime = ev.time
        if stop {
            scrollStopped = true
            scrollVelocity = Vector(scrollX.velocity(at: ev.time), scrollY.velocity(at: ev.time))
            isMomentum = scrollVelocity.length > GestureHUD.restingSpeed
            return
        }
        if scrollStopped { scrollX.reset(); scrollY.reset() } // a new scroll
        scrollStopped = false
        isMomentum = false
        if axis == .vertical { scrollY.add(value, at: ev.time) } else { scrollX.add(value, at: ev.time) }
        scrollVelocity = Vector(scrollX.velocity(at: ev.time), scrollY.velocity(at: ev.time))
    }

    /// The HUD's scroll-direction value: natural or traditional where the stream said which,
    /// "by compositor" where the compositor applies the user's choice without saying.
    static func scrollingText(_ d: ScrollDirection?) -> String {
        switch d {
        case .natural?: "natural"
        case .traditional?: "traditional"
        case .compositor?: "by compositor"
        case nil: "—"
        }
    }

    /// Lets momentum decay between events (the same time constant as the engine's, G1).
    public mutating func advance(to now: Timestamp) {
        guard scrollStopped, let last = lastScrollTime else { return }
        let t = max(0, now.seconds(since: last))
        let decay = Math.exp(-t / Momentum.timeConstant)
        if isMomentum {
            if scrollVelocity.length * decay < GestureHUD.restingSpeed { isMomentum = false; scrollVelocity = .zero }
        }
        _ = decay
    }

    /// Momentum velocity shown at `now`.
    func shownVelocity(at now: Timestamp) -> Vector {
        guard isMomentum, let last = lastScrollTime else { return scrollStopped ? .zero : scrollVelocity }
        let t = max(0, now.seconds(since: last))
        return scrollVelocity * Math.exp(-t / Momentum.timeConstant)
    }

    /// Takes the engine's outputs and frame (drops, live drag).
    public mutating func observe(_ output: EngineOutput, layout: Layout) {
        if case .dropped(_, let on, let op, let input) = output {
            lastDrag = (op, input, layout[on]?.label ?? "")
        }
    }

    public mutating func observe(_ frame: Frame) {
        now = frame.time
        pointer = frame.pointer.logicalPosition
        drawn = frame.pointer.position
        liveDrag = frame.drag.map { ($0.operation, $0.input) }
    }
    var now = Timestamp(rawValue: 0)
    /// Logical and drawn pointer (M6), the element whose region it is in and its effect.
    public var pointer = Point.zero
    public var drawn = Point.zero
    public var hovered = "—"
    public var effect = "—"

    /// A one-line summary (logs, tests, equality).
    public var summary: String {
        "fingers \(fingers) touches \(touches) \(gestureKind?.rawValue ?? "-") \(gesturePhase) scale \(fmt(pinchScale, 2)) rot \(fmt(rotation, 1)) "
            + "v \(fmt(scrollVelocity.dx, 0)),\(fmt(scrollVelocity.dy, 0)) momentum \(isMomentum) swipe \(swipeDirection ?? "-") "
            + "mods \(modifiers.names.joined(separator: "+")) drag \(dragOperation.map { "\($0)" } ?? "-")/\(dragInput?.rawValue ?? "-") input \(lastInput)"
    }

    // MARK: drawing

    /// The HUD panel's operations in `r`, built from scratch (the reference the display-list
    /// cache's HUD must equal).
    func ops(in r: Rect, ink: Ink) -> [DrawOp] {
        let (head, y) = gestureParts(in: r)
        return (head + pointerParts(in: r, from: y)).flatMap { $0.ops(in: r, ink: ink) }
    }

    /// The height the HUD's rows need (its last row's bottom and the panel's bottom padding),
    /// points: every HUD has the same rows.
    public static let panelHeight: Double = {
        let r = Rect(x: 0, y: 0, width: ShowcaseGeometry.hudWidth, height: 0)
        let hud = GestureHUD()
        let (_, top) = hud.gestureParts(in: r)
        guard case .value(_, _, let y, _) = hud.pointerParts(in: r, from: top).last else { return top }
        return y + rowHeight + bottomPadding
    }()
    /// One name/value row, points (HUDPart.row).
    static let rowHeight = 21.0
    /// Below the HUD's last row, points.
    static let bottomPadding = 12.0
    /// The panel's header (its title and the input kind), which stays put while the rows
    /// scroll under it (issue 30.11), points: the rows start 44 pt down.
    public static let headerHeight = 40.0

    /// Where the HUD draws in its panel: the panel's frame when the rows fit, else (a panel
    /// shorter than `panelHeight`, a scroll view: G1, I5) the rows laid out rows-tall, moved
    /// up by the scroll offset and clipped to the panel below its header; the background and
    /// the header (title, input kind) stay put.
    public struct Placement: Hashable, Sendable {
        /// The panel's frame on the surface.
        public var viewport: Rect
        /// The rect the HUD's parts are laid out in, surface points.
        public var rows: Rect
        /// What every scrolling part is clipped to: the panel below its header (nil while the
        /// rows fit).
        public var clip: Rect?

        /// The placement in the panel `viewport` scrolled down by `offset` points.
        public init(viewport: Rect, offset: Double = 0) {
            self.viewport = viewport
            if viewport.height >= GestureHUD.panelHeight {
                rows = viewport; clip = nil
            } else {
                rows = Rect(x: viewport.minX, y: viewport.minY - offset, width: viewport.width, height: GestureHUD.panelHeight)
                let header = min(GestureHUD.headerHeight, viewport.height)
                clip = Rect(x: viewport.minX, y: viewport.minY + header, width: viewport.width, height: viewport.height - header)
            }
        }

        /// The rect part `p` is drawn in: the panel and its header in the panel, the rest in the rows.
        func rect(_ p: HUDPart) -> Rect { p.isHeader ? viewport : rows }

        /// The display item of operation `op`, the `k`th of the HUD, drawn by part `p`.
        func item(_ k: Int, _ op: DrawOp, of p: HUDPart) -> DisplayItem {
            DisplayItem(ItemID("hud", k), [op], clip: p.isHeader ? nil : clip)
        }
    }

    /// The pointer section, from `top` down: the only part that changes on every pointer move.
    func pointerParts(in r: Rect, from top: Double) -> [HUDPart] {
        var parts: [HUDPart] = []
        var y = top
        HUDPart.section("Pointer", &y, &parts)
        HUDPart.row("logical", fmt(pointer.x, 0) + ", " + fmt(pointer.y, 0), false, &y, &parts)
        HUDPart.row("drawn", fmt(drawn.x, 0) + ", " + fmt(drawn.y, 0), drawn.distance(to: pointer) > 0.5, &y, &parts)
        HUDPart.row("over", hovered, false, &y, &parts)
        HUDPart.row("effect", effect, false, &y, &parts)
        return parts
    }

    /// Everything above the pointer section, and where that section starts.
    func gestureParts(in r: Rect) -> ([HUDPart], Double) {
        var parts: [HUDPart] = [.panel, .inputKind(lastInput.rawValue)]
        parts.reserveCapacity(64)
        var y = r.minY + 44
        func section(_ title: String) { HUDPart.section(title, &y, &parts) }
        func row(_ name: String, _ v: String, highlight: Bool = false) { HUDPart.row(name, v, highlight, &y, &parts) }
        // Finger dots: one per finger on the pad (or touch point).
        section("Fingers")
        let n = max(fingers, touches)
        for k in 0..<5 { parts.append(.fingerDot(k, y: y, on: k < n)) }
        parts.append(.fingerCount(touches > 0 ? "\(touches) touch" : "\(fingers) on pad", y: y))
        y += 26
        section("Gesture")
        row("kind", gestureKind.map { "\($0.rawValue)" } ?? "—", highlight: gesturePhase != "idle" && gesturePhase != "end")
        row("phase", gesturePhase)
        row("pinch scale", "× " + fmt(pinchScale, 2))
        row("rotation", fmt(rotation, 1) + "°")
        row("swipe", swipeDirection.map { arrow($0) + " " + $0 } ?? "—")
        // A small dial for the rotation and a bar for the scale.
        parts.append(.dial(y: y))
        parts.append(.dialHand(degrees: rotation, y: y))
        parts.append(.scaleTrack(y: y))
        parts.append(.scaleFill(min(max((pinchScale - 0.25) / 3.75, 0), 1), y: y))
        y += 54
        section("Scroll")
        let v = shownVelocity(at: now)
        row("velocity", fmt(v.length, 0) + " pt/s")
        // The direction now, and the seat's scrolling direction where the stream said it (a
        // row of its own would push the docked HUD past a 768 pt window: one row, issue 32.3).
        let now = v.length < 1 ? "—" : (abs(v.dy) >= abs(v.dx) ? (v.dy > 0 ? "↓" : "↑") : (v.dx > 0 ? "→" : "←"))
        row("direction", scrolling == nil ? now : now + " · " + GestureHUD.scrollingText(scrolling), highlight: scrolling == .natural)
        row("momentum", isMomentum ? "gliding" : "—", highlight: isMomentum)
        row("wheel detents", "\(wheelDetents)")
        section("Keyboard")
        var x = r.minX + 16
        for m in [Modifiers.shift, .control, .alt, .super] {
            parts.append(.modifierKey(conventions.name(of: m), x: x, y: y, on: modifiers.contains(m)))
            x += 48
        }
        y += 40
        section("Drag")
        if let x = external {
            // A drag between applications (issue 18.4, 30.9), each row saying whose it is:
            // whose drag, what its source offers, what the destination prefers (ours when we
            // are it), what the compositor chose and when it last changed, the type taken, the
            // input with whether a key change reached this window, and once over its result.
            row("drag", x.outgoing ? "ours → another app" : "another app's → here")
            row("offers", x.sourceActions.isEmpty ? "none" : x.sourceActions.joined(separator: "|"))
            row(x.outgoing ? "they prefer" : "we prefer", x.outgoing ? "not told" : (x.preferred ?? "none"))
            row("chose", (x.negotiated ?? "none") + (x.changedAt.map { " @ " + fmt($0, 2) + " s" } ?? ""), highlight: x.negotiated != nil)
            if let who = x.chooserText { row("chosen by", who) }
            row("type", x.accepted ?? "none")
            row("by", x.input + " · keys " + (x.keysReached ? "reached" : "not seen"))
            // The note in two rows that fit the panel whole (issue 30.6: one row cut it to "hold
            // them before the…"): keys pressed mid-drag are ignored, hold them before the drag.
            if x.keysNote != nil, !x.keysReached {
                for (label, value) in GestureHUD.keysNoteRows { row(label, value, highlight: true) }
            }
            if let result = x.result { row("result", result, highlight: true) }
            return (parts, y)
        }
        if let live = liveDragInput {
            row("now", (liveDragOperation.map { "\($0)" } ?? "none") + " · " + live.rawValue, highlight: true)
        } else {
            row("now", "—")
        }
        row("last drop", dragOperation.map { "\($0)" } ?? "—", highlight: dragOperation != nil)
        row("by", dragInput?.rawValue ?? "—")
        row("onto", dragTarget.isEmpty ? "—" : dragTarget)
        return (parts, y)
    }

    /// The HUD with what only the pointer section shows taken out: equal for two HUDs whose
    /// upper sections draw the same (the momentum velocity is drawn as of `now`, so it is
    /// kept as drawn and `now` taken out).
    var gestureSectionsKey: GestureHUD {
        var k = self
        k.scrollVelocity = shownVelocity(at: now)
        k.now = Timestamp(rawValue: 0)
        k.lastScrollTime = nil
        k.scrollX.reset(); k.scrollY.reset()
        k.gesturesSeen = 0
        k.pointer = .zero; k.drawn = .zero; k.hovered = ""; k.effect = ""
        return k
    }

    /// What the pointer section shows (pointerParts reads nothing else).
    struct PointerSectionKey: Equatable {
        var pointer: Point, drawn: Point, hovered: String, effect: String
    }
    var pointerSectionKey: PointerSectionKey { PointerSectionKey(pointer: pointer, drawn: drawn, hovered: hovered, effect: effect) }

    func arrow(_ dir: String) -> String {
        switch dir { case "left": "←"; case "right": "→"; case "up": "↑"; default: "↓" }
    }
}

/// One thing the HUD draws, described by value. `ops(in:ink:)` draws it from the part and
/// the panel's rect alone, so two equal parts draw the same: the display-list cache keeps a
/// part's items while it stays equal and rebuilds only the parts that changed (issue 8). The
/// number of operations of a part depends only on its case.
enum HUDPart: Hashable {
    /// Shadow, background, border and title.
    case panel
    case inputKind(String)
    case section(String, y: Double)
    case label(String, y: Double)
    /// A row's value, after its label (`label`): ellipsized to the room the label leaves.
    case value(String, label: String, y: Double, highlight: Bool)
    case fingerDot(Int, y: Double, on: Bool)
    case fingerCount(String, y: Double)
    case dial(y: Double)
    case dialHand(degrees: Double, y: Double)
    case scaleTrack(y: Double)
    /// The scale bar's filled fraction (0…1).
    case scaleFill(Double, y: Double)
    /// Key cap and glyph.
    case modifierKey(String, x: Double, y: Double, on: Bool)


    /// A section title at the running `y`.
    static func section(_ title: String, _ y: inout Double, _ parts: inout [HUDPart]) {
        y += 6
        parts.append(.section(title, y: y))
        y += 18
    }

    /// A name/value row at the running `y`.
    static func row(_ name: String, _ v: String, _ highlight: Bool, _ y: inout Double, _ parts: inout [HUDPart]) {
        parts.append(.label(name, y: y))
        parts.append(.value(v, label: name, y: y, highlight: highlight))
        y += GestureHUD.rowHeight
    }

    /// The panel and its header: drawn in the panel, never scrolled.
    var isHeader: Bool {
        switch self {
        case .panel, .inputKind: true
        default: false
        }
    }

    /// The part's operations on the panel `r`.
    func ops(in r: Rect, ink: Ink) -> [DrawOp] {
        switch self {
        case .panel:
            return [
                .shadow(.roundedRect(cornerRadius: 16), r, blur: 10, offset: Vector(0, 6), Paint.black.withAlpha(0.25)),
                .gradient(.roundedRect(cornerRadius: 16), r, .vertical(Paint(hex: 0x2A2A30), Paint(hex: 0x18181C)), opacity: 1),
                .stroke(.roundedRect(cornerRadius: 16), r, lineWidth: 0.5, Paint.white.withAlpha(0.12)),
                .text("Gesture HUD", .system(13, bold: true), baseline: Point(r.minX + 16, r.minY + 26), .white),
            ]
        case .inputKind(let kind):
            return [ink.trailing(kind, x: r.maxX - 16, in: Rect(x: r.minX, y: r.minY + 12, width: r.width, height: 18),
                                 font: .system(10, bold: true), Palette.accent)]
        case .section(let title, let y):
            return [.text(title.uppercased(), .system(9, bold: true), baseline: Point(r.minX + 16, y + 10), Palette.accent.mixed(with: .white, 0.3))]
        case .label(let name, let y):
            return [ink.leading(name, x: r.minX + 16, in: Rect(x: r.minX, y: y, width: r.width, height: 20), font: HUDPart.labelFont,
                                Paint.white.withAlpha(0.55))]
        case .value(let v, let label, let y, let highlight):
            // The value's column: from the label's end (and a gap) to the right margin; a longer
            // value ends in "…" rather than running over its label (issue 17.7).
            let font = Font.monospaced(11, bold: highlight)
            let column = HUDPart.valueColumn(r, label: label, ink: ink)
            return [ink.trailing(ink.ellipsized(v, toWidth: column.width, font: font), x: column.maxX,
                                 in: Rect(x: r.minX, y: y, width: r.width, height: 20), font: font, highlight ? Palette.yellow : Paint.white)]
        case .fingerDot(let k, let y, let on):
            return [.fill(.ellipse, Rect(x: r.minX + 16 + Double(k) * 22, y: y, width: 16, height: 16),
                          on ? Palette.accent : Paint.white.withAlpha(0.12))]
        case .fingerCount(let text, let y):
            return [ink.trailing(text, x: r.maxX - 16, in: Rect(x: r.minX, y: y, width: r.width, height: 16), font: .monospaced(11), Paint.white)]
        case .dial(let y):
            return [.stroke(.ellipse, HUDPart.dialRect(r, y), lineWidth: 1.5, Paint.white.withAlpha(0.25))]
        case .dialHand(let degrees, let y):
            let dial = HUDPart.dialRect(r, y)
            let a = degrees * Double.pi / 180 - Double.pi / 2
            let tip = Point(dial.midX + 18 * Math.cos(a), dial.midY + 18 * Math.sin(a))
            return [ShowcaseContent.line(dial.center, tip, width: 2, Palette.orange)]
        case .scaleTrack(let y):
            return [.fill(.capsule, HUDPart.barRect(r, y), Paint.white.withAlpha(0.12))]
        case .scaleFill(let fraction, let y):
            let bar = HUDPart.barRect(r, y)
            return [.fill(.capsule, Rect(x: bar.minX, y: bar.minY, width: max(bar.width * fraction, 8), height: 8), Palette.green)]
        case .modifierKey(let glyph, let x, let y, let on):
            let key = Rect(x: x, y: y, width: 40, height: 30)
            // A glyph (⌘) reads at 15 pt; a name (Super) must fit the 40 pt key.
            let size = glyph.count > 1 ? 11.0 : 15.0
            return [.fill(.roundedRect(cornerRadius: 7), key, on ? Palette.accent : Paint.white.withAlpha(0.08)),
                    ink.centered(glyph, in: key, font: .system(size, bold: on), on ? .white : Paint.white.withAlpha(0.45))]
        }
    }

    /// The room between a row's label and a value's right margin (the panel's 16 pt margins).
    static let labelFont = Font.system(11)
    /// Between a row's label and the widest value, points.
    static let valueGap = 8.0
    static func valueColumn(_ r: Rect, label: String, ink: Ink) -> Rect {
        let left = r.minX + 16 + ink.width(label, labelFont) + valueGap
        let right = r.maxX - 16
        return Rect(x: left, y: r.minY, width: max(0, right - left), height: r.height)
    }

    static func dialRect(_ r: Rect, _ y: Double) -> Rect { Rect(x: r.minX + 16, y: y + 2, width: 44, height: 44) }
    static func barRect(_ r: Rect, _ y: Double) -> Rect {
        let dial = dialRect(r, y)
        return Rect(x: dial.maxX + 14, y: dial.midY - 4, width: r.maxX - 16 - dial.maxX - 14, height: 8)
    }
}

/// A number with `decimals` places (deterministic, no locale).
func fmt(_ v: Double, _ decimals: Int) -> String {
    guard v.isFinite else { return "—" }
    var p = 1.0
    for _ in 0..<decimals { p *= 10 }
    let r = (abs(v) * p).rounded() / p
    let neg = v < 0 && r != 0
    let whole = Int(r.rounded(.down))
    // String(_:) rather than interpolation: the HUD formats numbers on every pointer move.
    guard decimals > 0 else { return (neg ? "-" : "") + String(whole) }
    let frac = Int(((r - Double(whole)) * p).rounded())
    var fs = String(frac)
    while fs.count < decimals { fs = "0" + fs }
    return (neg ? "-" : "") + "\(whole).\(fs)"
}

extension ShowcaseContent {
    /// A thick line between two points.
    static func line(_ a: Point, _ b: Point, width: Double, _ c: Paint) -> DrawOp {
        let d = b - a, len = max(d.length, 0.001)
        let n = Vector(-d.dy / len * width / 2, d.dx / len * width / 2)
        let pts = [a + n, b + n, b - n, a - n]
        let box = pts.dropFirst().reduce(Rect(corner: pts[0], pts[0])) { $0.union(Rect(corner: $1, $1)) }
        return .fill(.path(.polygon(pts)), box, c)
    }
}

/// What the HUD shows of a drag between applications (issue 18.4).
public struct ExternalDragFacts: Sendable, Equatable {
    /// Whose drag: one of this window's items out to another application (true), or another
    /// application's over this window (false).
    public var outgoing = false
    /// This window's preference as the destination (wl_data_offer.set_actions), by name; nil:
    /// none, or not ours to give (our own drag out: the destination prefers).
    public var preferred: String?
    /// The type the destination takes: for our drag out wl_data_source.target, for another's
    /// the one this window accepted, then the one it read. Nil: none (yet).
    public var accepted: String?
    public var mimeTypes: [String]
    /// The source's actions by name (ask is link).
    public var sourceActions: [String]
    /// wl_data_offer.action / wl_data_source.action, by name; nil: none.
    public var negotiated: String?
    /// When it last changed, seconds on the event clock.
    public var changedAt: Double?
    /// pointer, trackpad or touch: known for our own drags; another application's by the
    /// pointer unless a touch is down here.
    public var input: String
    /// A modifier change reached this window while the drag went on.
    public var keysReached: Bool
    /// Once it ended: what became of it (OutgoingDrag.result), nil while it goes on.
    public var result: String?
    /// What the user must know of the keys during this drag (issue 30.6): under wlroots no
    /// key pressed once the compositor has the drag reaches anyone. Nil: nothing to say.
    public var keysNote: String?
    /// Who chose the negotiated action (issue 30.6; I2): "source" when it offered only that
    /// one (the keys held as the drag began narrowed its offer), "destination" when it is the
    /// destination's preference, "compositor" when the compositor chose another (mutter, keys
    /// pressed over the target). The source is not told the destination's preference: from
    /// its side, "destination or compositor". Nil: no action.
    public var chooser: String? {
        guard let n = negotiated else { return nil }
        if sourceActions == [n] { return "source" }
        if outgoing { return "destination or compositor" }
        return preferred == n ? "destination" : "compositor"
    }
    /// `chooser` as the HUD says it, from this window's side (we, they).
    public var chooserText: String? {
        switch (chooser, outgoing) {
        case ("source", true): "us (keys held)"
        case ("source", false): "source (keys held)"
        case ("destination", _): "us"
        case ("compositor", _): "compositor"
        case (let who?, _): who == "destination or compositor" ? "them or compositor" : who
        case (nil, _): nil
        }
    }
    public init(mimeTypes: [String], sourceActions: [String], negotiated: String?, changedAt: Double?, input: String, keysReached: Bool) {
        self.mimeTypes = mimeTypes; self.sourceActions = sourceActions; self.negotiated = negotiated
        self.changedAt = changedAt; self.input = input; self.keysReached = keysReached
    }
}
