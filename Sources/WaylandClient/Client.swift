// A connection to the compositor with everything bound: display, globals, outputs, seat,
// windows, all served by one EventLoop. The entry point of WaylandClient.
import CWayland
import InputProtocol

public enum ClientError: Error, CustomStringConvertible {
    case connect(ConnectError)
    case missingGlobal(MissingGlobalError)
    case setup(ExitReason)

    public var description: String {
        switch self {
        case .connect(let e): "\(e)"
        case .missingGlobal(let e): "\(e)"
        case .setup(let r): "\(r)"
        }
    }

    /// 1 when the compositor is unreachable or fails, 3 when it lacks a required protocol.
    public var exitCode: Int32 {
        if case .missingGlobal = self { return MissingGlobalError.exitCode }
        return 1
    }
}

public final class Client {
    public let display: Display
    public let registry: Registry
    public let loop: EventLoop
    /// The compositor's seat, nil when it has none (weston headless, for example).
    public private(set) var seat: Seat?
    /// Every input event from the compositor's seat, in order.
    public var onInput: ((InputEvent) -> Void)? {
        didSet { seat?.onEvent = onInput }
    }
    /// Every data-device event of the seat (drag and drop, selection; issue 18).
    public var onDataDevice: ((DataDeviceEvent) -> Void)? {
        didSet { seat?.onDataDevice = onDataDevice }
    }
    /// The keyboard focus came to this client's windows (true) or left them (false).
    public var onKeyboardFocus: ((Bool) -> Void)? {
        didSet { seat?.onKeyboardFocus = onKeyboardFocus }
    }
    /// Records event → commit → presentation times (issue 8, `lodestone bench latency`).
    /// nil (the default) costs one nil test per event and per frame.
    public var latencyProbe: LatencyProbe?
    /// The seat appeared or went away after startup.
    public var onSeatChanged: ((Seat?) -> Void)?

    /// wl_data_device_manager as offered and as bound (nil: not offered, or too old), and
    /// whether the seat has its data device (issue 19, `--state-out`).
    public var dataDeviceManager: (offered: UInt32?, bound: UInt32?, device: Bool) {
        (registry.advertised["wl_data_device_manager"], registry.boundVersions["wl_data_device_manager"], seat?.dataDevice != nil)
    }

    private var windows: [Weak] = []
    private struct Weak { weak var window: Window? }

    /// Connects to `displayName` (nil = $WAYLAND_DISPLAY), binds the globals of
    /// `Registry.table` and serves the connection from `loop`. Missing optional globals are
    /// reported once through `warn`.
    public init(displayName: String? = nil, loop: EventLoop, warn: (String) -> Void = Diagnostics.warning) throws(ClientError) {
        do { display = try Display(name: displayName) } catch { throw .connect(error) }
        self.loop = loop
        registry = Registry(display: display)
        if case .failure(let r) = display.roundtrip() { throw .setup(r) }
        do { try registry.checkGlobals(warn: warn) } catch { throw .missingGlobal(error) }
        loop.attach(display)
        registry.onOutputsChanged = { [unowned self] in
            for w in self.windows.compactMap(\.window) { w.outputsChanged() }
        }
        registry.onSeatChanged = { [unowned self] in self.seatChanged() }
        seatChanged()
        // Second roundtrip: output scales and seat capabilities are known before the first frame.
        if case .failure(let r) = display.roundtrip() { throw .setup(r) }
    }

    private func seatChanged() {
        if let global = registry.seatGlobal {
            guard seat?.proxy != global.proxy else { return }
            let s = Seat(client: self, proxy: global.proxy, version: registry.boundVersions["wl_seat"] ?? 1)
            s.onEvent = onInput
            s.onDataDevice = onDataDevice
            s.onKeyboardFocus = onKeyboardFocus
            seat = s
        } else {
            guard seat != nil else { return }
            seat?.globalRemoved()
            seat = nil
        }
        onSeatChanged?(seat)
    }

    /// Creates a toplevel window. It maps after the first configure and draws through `draw`.
    public func makeWindow(_ configuration: Window.Configuration) -> Window {
        let w = Window(client: self, configuration: configuration)
        windows.removeAll { $0.window == nil }
        windows.append(Weak(window: w))
        return w
    }

    /// The window whose wl_surface is `surface`.
    func window(for surface: OpaquePointer?) -> Window? {
        guard let surface else { return nil }
        return windows.lazy.compactMap(\.window).first { $0.surface == surface }
    }
}
