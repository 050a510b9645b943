// wl_touch → InputProtocol touch events (SPEC G11, H1): ids as the compositor gives them,
// positions in surface coordinates, frames closing each group, cancel dropping every point.
import CWayland
import InputProtocol

final class TouchInput {
    /// wl_touch*
    let proxy: OpaquePointer
    let version: UInt32
    private let emit: (InputEventKind, EventTime) -> Void
    /// Touch points down now (a cancel or the device going ends them all).
    private(set) var active: Set<TouchID> = []
    /// The serial of each touch point's down, while it is down (a drag out of the window names
    /// the touch that began it, issue 18.2).
    private(set) var downSerials: [TouchID: UInt32] = [:]

    init(proxy: OpaquePointer, emit: @escaping (InputEventKind, EventTime) -> Void) {
        self.proxy = proxy
        self.emit = emit
        version = wl_proxy_get_version(proxy)
        wl_touch_add_listener(proxy, TouchInput.listener, userData(self))
    }

    func destroy() {
        if !active.isEmpty { cancel() }
        if version >= 3 { wl_touch_release(proxy) } else { wl_touch_destroy(proxy) }
    }

    private func down(serial: UInt32, time: UInt32, id: Int32, x: Double, y: Double) {
        active.insert(id)
        downSerials[id] = serial
        emit(.touchDown(id: id, position: InputPoint(x: x, y: y)), .milliseconds(time))
    }

    private func up(time: UInt32, id: Int32) {
        // An up for a point that went down outside our surface is not ours to report.
        downSerials[id] = nil
        guard active.remove(id) != nil else { return }
        emit(.touchUp(id: id), .milliseconds(time))
    }

    private func motion(time: UInt32, id: Int32, x: Double, y: Double) {
        guard active.contains(id) else { return }
        emit(.touchMotion(id: id, position: InputPoint(x: x, y: y)), .milliseconds(time))
    }

    private func frame() { emit(.touchFrame, .none) }

    private func cancel() {
        active.removeAll()
        downSerials.removeAll()
        emit(.touchCancel, .none)
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_touch_listener(
        down: { data, _, serial, time, _, id, x, y in
            object(data, as: TouchInput.self).down(serial: serial, time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        up: { data, _, _, time, id in object(data, as: TouchInput.self).up(time: time, id: id) },
        motion: { data, _, time, id, x, y in
            object(data, as: TouchInput.self).motion(time: time, id: id, x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        frame: { data, _ in object(data, as: TouchInput.self).frame() },
        cancel: { data, _ in object(data, as: TouchInput.self).cancel() },
        // v6 shape and orientation: the engine does not use contact ellipses yet.
        shape: { _, _, _, _, _ in },
        orientation: { _, _, _, _ in }))
}
