// A wl_output: its integer scale (for the buffer scale when fractional-scale-v1 is absent),
// its name and current mode, applied atomically on `done`.
import CWayland

public final class Output {
    let proxy: OpaquePointer
    let globalName: UInt32
    let version: UInt32
    /// Integer scale of the output (wl_output.scale), 1 until told otherwise.
    public private(set) var scale: Int32 = 1
    public private(set) var name: String?
    public private(set) var modeSize: (width: Int32, height: Int32) = (0, 0)
    private var pendingScale: Int32 = 1
    private let changed: () -> Void

    init(proxy: OpaquePointer, globalName: UInt32, version: UInt32, changed: @escaping () -> Void) {
        self.proxy = proxy
        self.globalName = globalName
        self.version = version
        self.changed = changed
        wl_output_add_listener(proxy, Output.listener, userData(self))
    }

    func destroy() {
        if version >= 3 { wl_output_release(proxy) } else { wl_output_destroy(proxy) }
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, _, flags, w, h, _ in
            if flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 { object(data, as: Output.self).modeSize = (w, h) }
        },
        done: { data, _ in
            let o = object(data, as: Output.self)
            o.scale = o.pendingScale
            o.changed()
        },
        scale: { data, _, factor in
            let o = object(data, as: Output.self)
            o.pendingScale = max(1, factor)
            // wl_output v1 has no done event: apply at once.
            if o.version < 2 { o.scale = o.pendingScale; o.changed() }
        },
        name: { data, _, name in object(data, as: Output.self).name = name.map { String(cString: $0) } },
        description: { _, _, _ in }))
}
