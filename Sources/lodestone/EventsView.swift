// What the `lodestone events` window shows: six modifier lamps (shift, control, alt, super,
// caps, num; locked ones outlined), the last event lines, the pointer (filled while a button
// is down), each touch point, the swipe or pinch in progress, and a strip of recent events
// coloured by kind.
import InputProtocol
import PixmanRenderer
import PointerEngine
import WaylandClient

/// PointerEngine's colour, with the renderer's hex initialiser and accent.
private typealias Paint = PointerEngine.Color

final class EventsView {
    private var pointer: InputPoint?
    private var buttonsDown: Set<PointerButton> = []
    private var touches: [TouchID: InputPoint] = [:]
    private var gesture: GestureEvent?
    private var pinchScale = 1.0
    private var modifiers = ModifierState.none
    /// The stream's last scroll direction (G1): natural or traditional where libinput's option or
    /// the compositor's wl_seat 9 said which (issue 32.3).
    private var scrolling: ScrollDirection?
    /// Recent events' colours, newest last.
    private var recent: [Paint] = []
    static let recentCount = 24
    /// The last inspector lines, newest last.
    private var lines: [String] = []
    static let lineFont = Font.monospaced(11)
    static let lineHeight = 15.0
    static let maxLines = 64
    private let cache = RenderCache()

    func apply(_ event: InputEvent) {
        switch event.kind {
        case .pointerEnter(let p): pointer = p
        case .pointerLeave: pointer = nil
        case .motion(let p, _, _): if let p { pointer = p }
        case .button(let b, let pressed):
            if pressed { buttonsDown.insert(b) } else { buttonsDown.remove(b) }
        case .touchDown(let id, let p), .touchMotion(let id, let p): touches[id] = p
        case .touchUp(let id): touches[id] = nil
        case .touchCancel: touches.removeAll()
        case .gesture(let g):
            gesture = g.phase == .end ? nil : g
            if g.kind == .pinch { pinchScale = g.phase == .end ? 1 : g.scale }
        case .modifiers(let m): modifiers = m
        case .scrollDirection(let d): scrolling = d
        case .frame, .touchFrame, .deviceAdded, .deviceRemoved, .scroll, .key, .keyRepeat: break
        }
        if let c = Self.color(for: event.kind) {
            recent.append(c)
            if recent.count > Self.recentCount { recent.removeFirst(recent.count - Self.recentCount) }
        }
    }

    /// Keeps `line` for the text list.
    func show(_ line: String) {
        lines.append(line)
        if lines.count > Self.maxLines { lines.removeFirst(lines.count - Self.maxLines) }
    }

    /// Draws the view; `top`: where it starts (under the title strip where the window draws its
    /// own, issue 32.1), points. The pointer and touches stay where they are on the surface.
    func draw(_ ctx: DrawContext, top: Double = 0) {
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        let w = Double(ctx.logicalSize.width), h = Double(ctx.logicalSize.height)
        canvas.clear(Paint(hex: 0x1C1C1E))

        // Modifier lamps, top left.
        for (i, (mod, _)) in Modifiers.all.enumerated() {
            let r = Rect(x: 12 + Double(i) * 22, y: top + 12, width: 16, height: 16)
            let on = modifiers.effective.contains(mod)
            canvas.fill(.roundedRect(cornerRadius: 4), in: r, on ? Paint.accent : Paint(hex: 0x3A3A3C))
            if modifiers.locked.contains(mod) { canvas.stroke(.roundedRect(cornerRadius: 4), in: r, lineWidth: 2, .white) }
        }
        // Natural or traditional scrolling, right of the lamps, once the stream said which.
        if let d = scrolling {
            let text = d == .compositor ? "scrolling: set by the compositor" : "scrolling: \(d.rawValue)"
            canvas.draw(text, font: Self.lineFont, at: Point(x: 12 + Double(Modifiers.all.count) * 22 + 12, y: top + 14), Paint(hex: 0xFFD60A))
        }
        // The newest lines that fit between the lamps and the strip.
        let fitting = max(0, Int((h - top - 44 - 32) / Self.lineHeight))
        for (i, line) in lines.suffix(fitting).enumerated() {
            canvas.draw(line, font: Self.lineFont, at: Point(x: 12, y: top + 56 + Double(i) * Self.lineHeight), Paint(hex: 0xAEAEB2))
        }
        // Recent events strip, bottom.
        for (i, c) in recent.enumerated() {
            canvas.fill(.rect, in: Rect(x: 12 + Double(i) * 12, y: h - 22, width: 10, height: 10), c)
        }
        // Gesture in progress: a ring scaled by the pinch, or a bar for a swipe.
        if let g = gesture {
            let r = 40 * pinchScale
            switch g.kind {
            case .pinch: canvas.stroke(.ellipse, in: Rect(x: w / 2 - r, y: h / 2 - r, width: 2 * r, height: 2 * r), lineWidth: 3, Paint(hex: 0xFF9F0A))
            case .swipe: canvas.fill(.capsule, in: Rect(x: w / 2 - 60, y: h / 2 - 6, width: 120, height: 12), Paint(hex: 0x30D158))
            case .hold: canvas.fill(.ellipse, in: Rect(x: w / 2 - 10, y: h / 2 - 10, width: 20, height: 20), Paint(hex: 0x8E8E93))
            }
        }
        for (_, p) in touches {
            canvas.stroke(.ellipse, in: Rect(x: p.x - 18, y: p.y - 18, width: 36, height: 36), lineWidth: 3, Paint(hex: 0xFF375F))
        }
        if let p = pointer {
            let r = Rect(x: p.x - 6, y: p.y - 6, width: 12, height: 12)
            if buttonsDown.isEmpty { canvas.stroke(.ellipse, in: r, lineWidth: 2, .white) }
            else { canvas.fill(.ellipse, in: r, .white) }
        }
    }

    private static func color(for kind: InputEventKind) -> Paint? {
        switch kind {
        case .motion, .pointerEnter, .pointerLeave: Paint(hex: 0x8E8E93)
        case .button: .white
        case .scroll: Paint(hex: 0x64D2FF)
        case .gesture: Paint(hex: 0x30D158)
        case .touchDown, .touchMotion, .touchUp, .touchCancel: Paint(hex: 0xFF375F)
        case .key, .modifiers: .accent
        case .deviceAdded, .deviceRemoved, .keyRepeat, .scrollDirection: Paint(hex: 0xFFD60A)
        case .frame, .touchFrame: nil
        }
    }
}
