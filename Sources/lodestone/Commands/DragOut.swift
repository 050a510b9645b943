// Drags of playground items out to other applications (issue 18.2; I2, G11). When the
// pointer (or the finger) holding an engine drag goes past the window's edge, the drag is
// handed to the compositor: start_drag with the serial of the press (or touch-down) that
// began it, a data source and a drag icon. The source offers
// - text/uri-list: a real file per item, written when a destination asks for it, under
//   $XDG_RUNTIME_DIR/lodestone-drag-PID/;
// - text/plain;charset=utf-8: the item's name;
// - application/x-lodestone-item: the item's id and the window it came from.
// Its actions are what the item allows, narrowed by the keys held when the drag left: the
// source is the one window that sees them under wlroots (sway), which passes no modifier to
// the destination and applies none itself. A plain drag offers move, copy and ask and lets
// the destination prefer; Ctrl (desktop; Option on the mac) offers copy alone, Shift move
// alone, Ctrl+Shift (Option+Command) ask alone. What is shown and done is the negotiated
// action (wl_data_source.action): the icon's badge follows it, a finished move removes the
// item, a finished copy keeps it, and a cancel or refusal flies it back (PlaygroundSession).
import Foundation
import GestureCheck
import InputProtocol
import PixmanRenderer
import Playground
import PointerEngine
import WaylandClient

final class DragOutHandler {
    static let itemType = "application/x-lodestone-item"
    static let types = ["text/uri-list", "text/plain;charset=utf-8", itemType]

    private let session: PlaygroundSession
    private unowned let client: Client
    private unowned let window: Window
    private let changed: () -> Void
    private var source: DataSource?
    private var icon: DragIcon?
    /// Fires when a dropped drag has had no finish nor cancel for its time (issue 30.1).
    private var unanswered: LoopTimer?
    private let cache = RenderCache()

    /// How near the window's edge a touch drag goes to the compositor (pt): less than a
    /// finger's travel between two touch frames (≈ 8 pt at 0.5 m/s and 120 Hz) is too little to
    /// rely on, an item's width would hand over before the finger reached the edge.
    static let touchEdgeZone = 24.0

    init(session: PlaygroundSession, client: Client, window: Window, changed: @escaping () -> Void) {
        self.session = session
        self.client = client
        self.window = window
        self.changed = changed
    }

    /// After the engine took `e`: a drag carried past the window's edge goes to the compositor.
    func observe(_ e: InputEvent) {
        guard source == nil, session.outgoingDrag == nil, let held = session.engine.dragInProgress else { return }
        let p: InputPoint
        switch e.kind {
        case .motion(let position?, _, _) where held.touch == nil: p = position
        case .touchMotion(let id, let position) where held.touch == id: p = position
        default: return
        }
        let w = Double(window.logicalSize.width), h = Double(window.logicalSize.height)
        // A finger hands over at the edge: sway 1.7 gives a touch point's motion in the
        // coordinates of whatever surface is under it, so past our edge it would seem to jump
        // back inside (over the neighbouring window) instead of leaving.
        let zone = held.touch == nil ? 0 : Self.touchEdgeZone
        guard p.x < zone || p.y < zone || p.x >= w - zone || p.y >= h - zone else { return }
        start(held, exit: Point(min(max(p.x, 0), w), min(max(p.y, 0), h)))
    }

    /// What the item allows (every showcase item: move, copy and ask), narrowed by the keys.
    static func operations(for modifiers: Modifiers, conventions: Conventions) -> Set<DragOperation> {
        let keys = modifiers.intersection([.shift, .control, .alt, .super])
        guard !keys.isEmpty else { return Set(DragOperation.allCases) }
        return [conventions.dragOperation(for: modifiers)]
    }

    private func start(_ held: DragInProgress, exit: Point) {
        guard let seat = client.seat, let device = seat.dataDevice else { return }
        guard let serial = seat.pressSerial(touch: held.touch) else {
            Diagnostics.warning("drag out: no press serial for the \(held.input) drag of item \(held.item.rawValue): it stays in the window")
            return
        }
        let item = held.item
        let name = session.layout[item]?.label ?? "item \(item.rawValue)"
        let operations = Self.operations(for: session.engine.modifiers, conventions: session.engine.settings.conventions)
        let actions = ExternalDropHandler.actions(operations)
        let made = client.makeDataSource(mimeTypes: Self.types, actions: actions) { [weak self] type in
            guard let self, let bytes = self.data(type, item: item, name: name) else { return nil }
            self.session.dragOut(sent: SentData(mimeType: type, bytes: bytes))
            self.changed()
            return bytes
        }
        guard let source = made,
              session.beginDragOut(mimeTypes: Self.types, operations: operations, exit: exit) != nil else { return }
        self.source = source
        source.onEvent = { [weak self] in self?.handle($0) }
        // wlroots (zwlr_* globals: sway, labwc, cage) passes no key to either window while it
        // carries the drag (wlr_drag's keyboard grab): the HUD says to hold keys first.
        let compositor = CompositorInfo.guessName(globals: client.registry.advertised, environment: ProcessInfo.processInfo.environment)
        session.compositorIgnoresKeysMidDrag = compositor == "sway" || compositor == "a wlroots compositor"
        icon = client.makeDragIcon()
        drawIcon(first: false)
        device.startDrag(source: source, origin: window, icon: icon, serial: serial)
        // Moved once it is the drag's icon: sway 1.7 places the icon from the offsets of
        // commits made in that role, not from one made before start_drag.
        drawIcon(first: true)
        changed()
    }

    /// The bytes of `type` for the item (the file behind the URI is written now).
    private func data(_ type: String, item: ElementID, name: String) -> [UInt8]? {
        switch type {
        case "text/plain;charset=utf-8":
            return Array(name.utf8)
        case Self.itemType:
            return Array("item \(item.rawValue) window lodestone:\(getpid())".utf8)
        case "text/uri-list":
            guard let url = writeFile(name: name) else { return nil }
            return Array((url.absoluteString + "\r\n").utf8)
        default:
            return nil
        }
    }

    /// The item as a file: $XDG_RUNTIME_DIR/lodestone-drag-PID/NAME.txt holding its name.
    private func writeFile(name: String) -> URL? {
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
            Diagnostics.warning("drag out: XDG_RUNTIME_DIR is not set: no file for text/uri-list")
            return nil
        }
        let dir = URL(fileURLWithPath: runtime).appendingPathComponent("lodestone-drag-\(getpid())", isDirectory: true)
        let safe = String(name.map { $0 == "/" || $0 == "\0" ? "-" : $0 })
        let file = dir.appendingPathComponent(safe + ".txt")
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Data((name + "\n").utf8).write(to: file)
            // Readable by the destination, whoever runs it.
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        } catch {
            Diagnostics.warning("drag out: cannot write \(file.path): \(error.localizedDescription)")
            return nil
        }
        return file
    }

    private func handle(_ event: DataSourceEvent) {
        switch event {
        case .target(let type):
            session.dragOut(target: type)
            drawIcon(first: false)
        case .action(let action):
            session.dragOut(action: action.map(ExternalDropHandler.operation), at: PlaygroundLive.now())
            drawIcon(first: false)
        case .dropPerformed:
            session.dragOutDropped()
            armUnanswered()
        case .finished:
            end(.finished)
        case .cancelled:
            end(.cancelled)
        case .sendFailed(let type, let reason):
            Diagnostics.warning("drag out: \(type): \(reason)")
        }
        changed()
    }

    /// A destination that never finishes nor cancels (issue 30.1) must not hold the item
    /// forever: after the drop it has `unansweredTimeout` (an ask menu, a person's time:
    /// `unansweredAskTimeout`), then Lodestone lets go of the drag and nothing happens here.
    private func armUnanswered() {
        let seconds = session.outgoingDrag?.negotiated == .link ? PlaygroundSession.unansweredAskTimeout : PlaygroundSession.unansweredTimeout
        do {
            let t = try LoopTimer(loop: client.loop) { [weak self] _ in
                guard let self, self.source != nil else { return }
                Diagnostics.warning("drag out: the destination neither finished nor cancelled the drop within \(Int(seconds)) s: the item stays")
                self.end(.unanswered)
                self.changed()
            }
            t.arm(after: seconds)
            unanswered = t
        } catch {
            Diagnostics.warning("drag out: no timer for an unanswered drop (\(error)): the drag waits for the destination")
        }
    }

    private func end(_ phase: OutgoingDrag.Phase) {
        session.endDragOut(phase)
        // Released on the loop's next turn: not inside the source's own event (or timer). A
        // write to a destination still under way goes on without the source (PipeWriter).
        let (s, i, t) = (source, icon, unanswered)
        source = nil; icon = nil; unanswered = nil
        t?.disarm()
        client.loop.soon { _ = s; _ = i; _ = t }
    }

    /// Paints the icon: the item, and the badge of the negotiated action (circle-slash while
    /// the destination takes no type or no action matches).
    private func drawIcon(first: Bool) {
        guard let icon, let d = session.outgoingDrag else { return }
        let scale = max(1, window.scale.rounded(.up))
        let measurer = Canvas(width: 1, height: 1, scale: scale, cache: cache)
        let measure: TextMeasure = { measurer.measure($0, font: $1) }
        let refused = d.acceptedType == nil
        guard let look = session.dragIcon(item: d.item, action: d.negotiated, refused: refused, measure: measure) else { return }
        let size = PixelSize(width: Int((look.size.width * scale).rounded(.up)), height: Int((look.size.height * scale).rounded(.up)))
        // The pointer holds the item where it was pressed: the icon's top left sits that far
        // up and left of the hotspot.
        let move: (dx: Int32, dy: Int32) = first ? (Int32(-(look.itemOrigin.x + d.grab.dx).rounded()),
                                                    Int32(-(look.itemOrigin.y + d.grab.dy).rounded())) : (0, 0)
        icon.show(size: size, scale: Int32(scale), move: move) { pixels, stride in
            memset(pixels, 0, stride * size.height)
            guard let canvas = Canvas(pixels: pixels, width: size.width, height: size.height, stride: stride, scale: scale, cache: cache) else { return }
            for op in look.ops { canvas.draw(op) }
        }
    }
}
