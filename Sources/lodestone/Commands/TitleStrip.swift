// The title strip of Lodestone's plain windows (`check`, `events`) where the compositor draws no
// decorations (issue 32.1, SPEC W1): GNOME's mutter offers no xdg-decoration, and without it
// these windows could be neither closed nor moved with the pointer. A strip across the top with
// the window's title and its buttons (as the `windowButtons` layout places them, those the
// compositor offers), the showcase's gestures on its empty part (WindowChromeInput: a press-drag
// or a finger's drag moves, a double-click toggles maximize, a secondary click opens the window
// menu), and a button acting when released over it; along every edge and corner the resize band
// (xdg_toplevel.resize), the compositor's cursor taking the matching P4 resize shape there.
// Nothing where the compositor decorates.
import InputProtocol
import PixmanRenderer
import PointerEngine
import Playground
import WaylandClient

final class TitleStrip {
    /// The strip's height, points.
    static let height = 40.0
    static let background = PointerEngine.Color(hex: 0x2C2C2E)
    static let ink = PointerEngine.Color(hex: 0xE5E5EA)
    static let glyphFont = Font.system(17)

    /// The window the strip belongs to (which holds the strip through its handlers).
    unowned let window: Window
    let title: String
    let layout: WindowButtonLayout
    /// The buttons shown (none: the compositor decorates), and the resize edges unless the
    /// window is maximized, fullscreen or tiled.
    private(set) var chrome = WindowChrome.none
    private var input = WindowChromeInput()
    private var pointer: Point?
    /// The button the primary press went down on: it acts if released over it.
    private var pressed: WindowControlKind?
    private let cache = RenderCache()

    init(window: Window, title: String, layout: WindowButtonLayout = .standard) {
        self.window = window; self.title = title; self.layout = layout
    }

    /// Where the window's content starts: under the strip when it shows, points.
    var contentTop: Double { chrome.buttons.isEmpty ? 0 : Self.height }

    /// Takes the compositor's decorations, states and capabilities (`Window.onStateChanged`).
    func update() {
        let c = WindowControls.chrome(decorations: window.decorationMode, states: window.toplevelStates,
                                      capabilities: window.capabilities, layout: layout)
        guard c != chrome else { return }
        chrome = c
        window.setNeedsDisplay()
    }

    private var width: Double { Double(window.logicalSize.width) }

    func buttonFrames() -> [(WindowControlKind, Rect)] {
        chrome.buttonFrames(width: width, top: (Self.height - WindowChrome.buttonSize) / 2, rowHeight: WindowChrome.buttonSize)
    }

    private func button(at p: Point) -> WindowControlKind? {
        buttonFrames().first { $0.1.contains(p) }?.0
    }

    /// The resize edge or corner under `p`, if any.
    func edge(at p: Point) -> WindowEdge? {
        chrome.edgeFrames(size: Size(width, Double(window.logicalSize.height))).first { $0.1.contains(p) }?.0
    }

    private func target(_ p: Point) -> ChromeTarget {
        if let e = edge(at: p) { return .edge(e) }
        return p.y >= 0 && p.y < contentTop && button(at: p) == nil ? .titleBar : .other
    }

    /// Sees every input event of the window (in surface points); carries out what the strip's
    /// gestures and buttons ask of the compositor.
    func handle(_ event: InputEvent) {
        guard !chrome.buttons.isEmpty else { return }
        let hovered = pointer.flatMap(button(at:))
        switch event.kind {
        case .pointerEnter(let p): pointer = Point(p.x, p.y)
        case .motion(let p?, _, _): pointer = Point(p.x, p.y)
        case .pointerLeave: pointer = nil
        default: break
        }
        if hovered != pointer.flatMap(button(at:)) { window.setNeedsDisplay() }
        // The compositor's cursor over the resize band: its P4 resize shape (issue 32.1, 32.2).
        let shape = pointer.flatMap(edge(at:)).flatMap { CursorShape(cssName: $0.cursor.rawValue) } ?? .default
        if window.cursorShape != shape { window.cursorShape = shape }
        let at = pointer ?? Point(-1, -1)
        switch event.kind {
        case .button(.left, pressed: true): pressed = button(at: at)
        case .button(.left, pressed: false):
            if let kind = pressed, button(at: at) == kind {
                WindowControls.perform(kind == .close ? .close : kind == .minimize ? .minimize : .toggleMaximize, on: window)
            }
            pressed = nil
        default: break
        }
        if let action = input.handle(event, position: at, target: target) { WindowControls.perform(action, on: window) }
    }

    /// Paints the strip over the top of the frame `ctx` (after the window's own content).
    func draw(_ ctx: DrawContext) {
        guard !chrome.buttons.isEmpty else { return }
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        let w = Double(ctx.logicalSize.width)
        canvas.fill(.rect, in: Rect(x: 0, y: 0, width: w, height: Self.height), Self.background)
        // The title centred, else centred between the buttons, else left out.
        let font = Font.system(13, bold: true), t = canvas.measure(title, font: font)
        let from = chrome.leadingWidth, to = w - chrome.trailingWidth
        var x = ((w - t.width) / 2).rounded()
        if x < from || x + t.width > to { x = ((from + to - t.width) / 2).rounded() }
        if x >= from, x + t.width <= to {
            canvas.draw(title, font: font, at: Point(x, (Self.height / 2 + 5).rounded()), Self.ink)
        }
        let hovered = pointer.flatMap(button(at:))
        for (kind, r) in buttonFrames() {
            let disc = r.insetBy(5)
            canvas.fill(.ellipse, in: disc, Self.ink.withAlpha(kind == hovered ? 0.22 : 0.1))
            let c = Point(r.midX, r.midY)
            switch kind {
            case .close:
                let x = canvas.measure("×", font: Self.glyphFont)
                canvas.draw("×", font: Self.glyphFont, at: Point(c.x - x.width / 2, c.y + (x.ascent - x.descent) / 2), Self.ink)
            case .minimize: canvas.fill(.rect, in: Rect(x: c.x - 4.5, y: c.y + 2, width: 9, height: 1.5), Self.ink)
            case .maximize: canvas.stroke(.rect, in: Rect(x: c.x - 4.5, y: c.y - 4.5, width: 9, height: 9), lineWidth: 1.5, Self.ink)
            }
        }
    }
}
