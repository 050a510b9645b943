// `lodestone dnd` (issue 33; I2, G11): the source window's end of wl_data_device — the drag it
// starts from the item, the data it sends, and what its wl_data_source hears.
import Foundation
import GestureCheck
import PixmanRenderer
import PointerEngine
import Posix
import WaylandClient

extension DndWindows {
    // MARK: the source

    func startDrag(serial: UInt32) {
        guard let device = client.seat?.dataDevice, let s = source else { return }
        press = nil
        let actions: DragActions = switch DndStep.asked(by: current?.keysAtPress ?? [], convention) {
        case .ask?: .ask
        case .copy?: .copy
        case .move?: .move
        case nil: [.copy, .move, .ask]
        }
        guard let made = client.makeDataSource(mimeTypes: Self.types, actions: actions, provide: { [weak self] type in self?.data(type) }) else { return }
        made.onEvent = { [weak self] e in self?.sourceEvent(e) }
        // Which types the peer asked for and how many bytes it took (never the bytes).
        let index = cases.count, start = caseStart
        made.onSent = { [weak self, weak made] type, n, complete in
            guard let self else { return }
            if let made, self.dataSource === made { self.record(.source, .sent(type: type, bytes: n, complete: complete)) }
            else { self.recordLate(case: index, start: start, .source, .sent(type: type, bytes: n, complete: complete)) }
        }
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

    func data(_ type: String) -> [UInt8]? {
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

    func sourceEvent(_ e: DataSourceEvent) {
        switch e {
        case .target(let type):
            // The peer's accepted type, once per change.
            let last = current?.events.last { $0.side == .source && { if case .peerAccepted = $0 { true } else { false } }($0.kind) }
            if let last, last.kind == .peerAccepted(type) { return }
            record(.source, .peerAccepted(type))
        case .action(let a): record(.source, .action(a.map(Self.dndAction)))
        case .dropPerformed:
            record(.source, .dropPerformed)
            current?.keysAtDrop = sourceKeys
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
    func cancelDrag() {
        let (s, i) = (dataSource, icon)
        dataSource = nil; icon = nil; press = nil
        overTarget = false; accepted = nil
        s?.onEvent = nil
        client.loop.soon { _ = s; _ = i }
    }

    func drawIcon(moved: Bool) {
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
}
