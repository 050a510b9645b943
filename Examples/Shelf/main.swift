// `shelf-example` (issue 34.4): the adaptive pointer in an app of your own. A Wayland window
// (WaylandClient) whose input goes to the engine (Shelf.swift), whose frames the renderer's
// FrameComposer turns into a retained scene, and SceneRenderer paints into the window's buffer,
// repainting only what changed. The app supplies one thing: the look of each element.
import Glibc
import PixmanRenderer
import PointerEngine
import WaylandClient

func now() -> Timestamp {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Timestamp(microseconds: UInt64(t.tv_sec) * 1_000_000 + UInt64(t.tv_nsec / 1000))
}
func say(_ lines: [String]) { for l in lines { print(l) }; fflush(nil) }

/// Each element's look at `r` (state: pressed, selected, dragged). The engine's effects
/// (highlight, lift, hover), the pointer and the drag preview are drawn by the composer.
func look(_ e: Element, in r: Rect, state: ElementState?, measure: TextMeasure) -> [DrawOp]? {
    let font = Font.system(14, bold: e.kind == .button)
    func text(_ s: String, _ color: Color) -> DrawOp { Painter.label(s, in: r, font: font, color: color, metrics: measure(s, font))[0] }
    switch e.kind {
    case .button:
        let fill = state?.isPressed == true ? Color(hex: 0x0060DF) : Color.accent
        return Painter.control(r, cornerRadius: e.cornerRadius, fill: fill, shadow: true) + [text(e.label, .white)]
    case .row:
        let line = DrawOp.fill(.rect, Rect(x: r.minX + 12, y: r.maxY - 1, width: r.width - 12, height: 1), Color(hex: 0xE0E0E5))
        let name = DrawOp.text(e.label, font, baseline: Point(r.minX + 14, r.midY + 5), Color(hex: 0x1C1C1E))
        // Opaque (inside the list's border), so that its drag preview is a row lifted off the list.
        return [.fill(.rect, Rect(x: r.minX + 1, y: r.minY, width: r.width - 2, height: r.height - 1), .white), line, name]
    case .scrollView:
        return Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, border: Color(hex: 0xC7C7CC))
    case .dropTarget:
        // The basket's label holds what is in it (Shelf.layout): a look reads only its element.
        let basket = e.label.split(separator: ":").dropFirst().first?.split(separator: ",").map { $0.trimmingPrefix(" ") } ?? []
        let title = "Basket (\(basket.count))"
        return Painter.control(r, cornerRadius: e.cornerRadius, fill: Color(hex: 0xE8F0FE), border: Color(hex: 0x8AB4F8))
            + [DrawOp.text(title, .system(15, bold: true), baseline: Point(r.minX + 14, r.minY + 26), Color(hex: 0x174EA6))]
            + basket.suffix(8).enumerated().map { k, name in
                DrawOp.text(String(name), font, baseline: Point(r.minX + 14, r.minY + 52 + Double(k) * 22), Color(hex: 0x1C1C1E))
            }
    default:
        return nil
    }
}

/// The window, the engine and the draw side, wired together.
final class ShelfWindow {
    var shelf = Shelf(size: Size(width: 560, height: 420))
    let loop = EventLoop()
    let client: Client
    let window: Window
    let cache = RenderCache()
    lazy var renderer = SceneRenderer(background: Color(hex: 0xF2F2F7), cache: cache)
    let composer = FrameComposer()
    var deadline: LoopTimer?

    init() throws {
        client = try Client(loop: loop)
        window = client.makeWindow(Window.Configuration(title: "Shelf", appID: "lodestone-shelf", defaultSize: (560, 420),
                                                        drawsOwnPointer: true, tracksOwnDamage: true))
    }

    func run() -> Int32 {
        deadline = try? LoopTimer(loop: loop) { [unowned self] _ in window.setNeedsDisplay() }
        client.onInput = { [unowned self] event in
            say(shelf.handle(event))
            window.setNeedsDisplay()
        }
        window.onResize = { [unowned self] in
            shelf.resize(to: Size(width: Double(window.logicalSize.width), height: Double(window.logicalSize.height)))
        }
        window.draw = { [unowned self] ctx in draw(ctx) }
        // Keep drawing while something animates (a hover fading in after the pointer stopped);
        // wake for the engine's next deadline (the pointer hiding after a rest) when nothing does.
        window.onPresented = { [unowned self] _ in
            if !shelf.engine.isSettled {
                window.setNeedsDisplay()
            } else if let d = shelf.engine.nextDeadline {
                let t = now()
                deadline?.arm(after: d > t ? d.seconds(since: t) : 0)
            }
        }
        window.onClose = { [unowned self] in loop.stop(.finished(code: 0)) }
        return loop.run().exitCode
    }

    func draw(_ ctx: DrawContext) {
        // A commit for input between two frames leaves animations where the last frame put them.
        if !ctx.sharesFrameCallback { say(shelf.advance(to: now())) }
        let b = ctx.buffer
        guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                  scale: ctx.scale, cache: cache) else { return }
        composer.use(scale: ctx.scale)  // text positions depend on it: a new scale composes afresh
        let engine = shelf.engine
        let measure: TextMeasure = { canvas.measure($0, font: $1) }
        composer.compose(engine.describe(), layout: engine.layout, surfaceFrame: { engine.surfaceFrame(of: $0) }, measure: measure,
                         look: { look($0, in: $1, state: $2, measure: measure) })
        renderer.render(composer.scene, into: canvas, bufferAge: ctx.isFullRepaint ? 0 : b.age)
        window.reportDamage(renderer.lastFrameDamage.map { BufferRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
    }
}

do {
    exit(try ShelfWindow().run())
} catch {
    let text = "shelf-example: \(error)\n"
    _ = write(2, text, text.utf8.count)
    exit(1)
}
