// The globals Lodestone binds, in one table: interface, versions, whether it is required and
// why, and what happens without it. A missing required global fails with a sentence; a
// missing optional one warns once, naming the fallback.
import CWayland
import CWaylandProtocols

/// One row of the globals table.
public struct GlobalSpec: Sendable {
    public var interface: String
    /// Lowest version we can work with.
    public var minimum: UInt32
    /// Highest version we know how to use (we bind min(advertised, preferred)).
    public var preferred: UInt32
    public var required: Bool
    /// What we need it for, and what the preferred version adds.
    public var why: String
    /// Optional globals: what Lodestone does without it (the warning names this).
    public var fallback: String?
    /// An optional global whose absence is no loss worth a warning (the fallback is the
    /// desktop's own way: cursor-shape's is the XCursor theme).
    public var quietWhenMissing = false
}

/// A required global is missing or too old: Lodestone cannot show a window.
public struct MissingGlobalError: Error, CustomStringConvertible {
    public var spec: GlobalSpec
    public var advertised: UInt32?
    public var description: String {
        if let advertised {
            return "the compositor offers \(spec.interface) version \(advertised), but Lodestone needs version \(spec.minimum) or later (\(spec.why))"
        }
        return "the compositor does not offer \(spec.interface), which Lodestone needs (\(spec.why))"
    }
    /// Exit status for "compositor lacks a required protocol".
    public static let exitCode: Int32 = 3
}

public final class Registry {
    /// Everything we bind. Keep `why` honest: it is printed when the global is missing.
    public static let table: [GlobalSpec] = [
        GlobalSpec(interface: "wl_compositor", minimum: 4, preferred: 6, required: true,
                   why: "surfaces; v4 adds damage_buffer, v6 the surface's preferred buffer scale and transform (where the loaded libwayland knows v6: 1.22+)"),
        GlobalSpec(interface: "wl_shm", minimum: 1, preferred: 1, required: true,
                   why: "shared-memory buffers for software rendering"),
        GlobalSpec(interface: "xdg_wm_base", minimum: 1, preferred: 6, required: true,
                   why: "a desktop window; v4 adds configure_bounds, v5 wm_capabilities, v6 the suspended state"),
        GlobalSpec(interface: "wl_output", minimum: 2, preferred: 4, required: false,
                   why: "output scale for the buffer scale; v4 adds names", fallback: "buffer scale 1"),
        GlobalSpec(interface: "wl_seat", minimum: 1, preferred: 9, required: false,
                   why: "pointer, keyboard and touch from the compositor; v5 adds axis frames, v8 axis_value120, v9 axis_relative_direction (where the loaded libwayland knows v9: 1.22+)",
                   fallback: "no pointer, keyboard or touch input from the compositor (no seat): the window only renders"),
        GlobalSpec(interface: "zxdg_decoration_manager_v1", minimum: 1, preferred: 1, required: false,
                   why: "server-side window decorations", fallback: "the compositor decides the decorations"),
        GlobalSpec(interface: "wp_viewporter", minimum: 1, preferred: 1, required: false,
                   why: "fractional scaling (buffer size ≠ surface size)", fallback: "integer buffer scale only"),
        GlobalSpec(interface: "wp_fractional_scale_manager_v1", minimum: 1, preferred: 1, required: false,
                   why: "the compositor's preferred fractional scale", fallback: "integer buffer scale from wl_output"),
        GlobalSpec(interface: "zwp_pointer_gestures_v1", minimum: 1, preferred: 3, required: false,
                   why: "touchpad swipe and pinch through the compositor; v3 adds hold",
                   fallback: "no pointer-gestures: pinch and swipe unavailable from the compositor"),
        GlobalSpec(interface: "zwp_relative_pointer_manager_v1", minimum: 1, preferred: 1, required: false,
                   why: "unaccelerated relative motion", fallback: "relative motion derived from absolute positions"),
        GlobalSpec(interface: "zwp_pointer_constraints_v1", minimum: 1, preferred: 1, required: false,
                   why: "locking the pointer during drags", fallback: "the pointer is never locked"),
        GlobalSpec(interface: "wp_presentation", minimum: 1, preferred: 1, required: false,
                   why: "presentation timestamps for latency measurements", fallback: "frame-callback timing only"),
        GlobalSpec(interface: "wl_data_device_manager", minimum: 3, preferred: 3, required: false,
                   why: "drag and drop between applications; v3 adds negotiated actions (copy, move, ask)",
                   fallback: "no drag and drop with other applications: drags stay inside the window and drops from other applications are not seen"),
        GlobalSpec(interface: "wp_cursor_shape_manager_v1", minimum: 1, preferred: 2, required: false,
                   why: "the desktop's own cursor by name where Lodestone draws none (P4, issue 32.2); v2 adds dnd_ask and all_resize",
                   fallback: "the XCursor theme (XCURSOR_THEME, XCURSOR_SIZE)", quietWhenMissing: true),
    ]
    /// Said once at run time when the Wayland glue was made without cursor-shape-v1
    /// (wayland-protocols before 1.32, scripts/gen-wayland-glue).
    public static let cursorShapeUnavailable = "cursor-shape is unavailable in this build (its Wayland glue was made from wayland-protocols before 1.32): the compositor's cursor comes from the XCursor theme"
    /// Whether this build's glue has cursor-shape-v1.
    public static var buildHasCursorShape: Bool { lodestone_cursor_shape_manager_interface() != nil }

    /// xdg_activation_v1, bound where offered and never reported missing: only the drop menu
    /// asks for the keyboard with it (issue 30.5), and most compositors mark the window
    /// urgent at most (Activation.swift).
    public static let activationSpec = GlobalSpec(interface: "xdg_activation_v1", minimum: 1, preferred: 1, required: false,
                                                  why: "asking for the keyboard when the drop menu opens", fallback: "the drop menu waits for a click")

    /// wl_registry*
    let handle: OpaquePointer
    let display: Display

    // Bound singletons (OpaquePointer = the generated proxy type). Optional ones may be nil.
    // Internal: the C proxies stay inside WaylandClient; other modules ask for versions (issue 20.6).
    private(set) var compositor: OpaquePointer?
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var decorationManager: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    /// zwp_pointer_gestures_v1, for the seat backend.
    private(set) var pointerGestures: OpaquePointer?
    /// zwp_relative_pointer_manager_v1, for the seat backend.
    private(set) var relativePointerManager: OpaquePointer?
    /// zwp_pointer_constraints_v1
    private(set) var pointerConstraints: OpaquePointer?
    /// wp_presentation
    private(set) var presentation: OpaquePointer?
    /// wl_data_device_manager (v3), for the seat's data device.
    private(set) var dataDeviceManager: OpaquePointer?
    /// xdg_activation_v1's requests (nil: not offered).
    private(set) var activation: Activation?
    /// wp_cursor_shape_manager_v1, where offered and this build has it (issue 32.2).
    private(set) var cursorShapeManager: OpaquePointer?
    /// wl_seat (the first one advertised) and its global name.
    private(set) var seatGlobal: (proxy: OpaquePointer, name: UInt32)?

    /// Version each interface was bound at.
    public private(set) var boundVersions: [String: UInt32] = [:]
    /// Everything the compositor advertised: interface → highest version.
    public private(set) var advertised: [String: UInt32] = [:]
    public private(set) var outputs: [Output] = []

    /// Called when an output appears or goes (the window recomputes its scale).
    var onOutputsChanged: (() -> Void)?
    /// Called when the seat global appears after startup (hot-plugged) or is removed.
    var onSeatChanged: (() -> Void)?

    private var tooOld: [String: UInt32] = [:]
    nonisolated(unsafe) private static let listener = makeListener(wl_registry_listener(
        global: { data, _, name, interface, version in
            object(data, as: Registry.self).global(name: name, interface: String(cString: interface!), version: version)
        },
        global_remove: { data, _, name in
            object(data, as: Registry.self).globalRemove(name: name)
        }))

    init(display: Display) {
        self.display = display
        handle = wl_display_get_registry(display.handle)
        wl_registry_add_listener(handle, Registry.listener, userData(self))
    }

    deinit {
        for o in outputs { o.destroy() }
        activation = nil
        for p in [decorationManager, viewporter, fractionalScaleManager, pointerGestures, relativePointerManager, pointerConstraints, presentation, dataDeviceManager, seatGlobal?.proxy] {
            if let p { wl_proxy_destroy(p) }
        }
        if let cursorShapeManager { lodestone_cursor_shape_manager_destroy(cursorShapeManager) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_proxy_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wl_registry_destroy(handle)
    }

    /// The version `spec` is bound at when the compositor advertises `advertised`: the lower of
    /// that, what Lodestone knows (`preferred`) and what the loaded libwayland-client can
    /// dispatch (`library`, its interface descriptor's version, read at run time: wl_seat 8 on
    /// libwayland 1.21, 9 on 1.22+), so one binary works with either library (issue 32.3, 32.5).
    static func bindVersion(_ spec: GlobalSpec, advertised: UInt32, library: UInt32) -> UInt32 {
        min(advertised, spec.preferred, max(library, spec.minimum))
    }

    private func bind(_ name: UInt32, _ spec: GlobalSpec, _ advertisedVersion: UInt32, _ interface: UnsafePointer<wl_interface>) -> OpaquePointer? {
        guard advertisedVersion >= spec.minimum else {
            tooOld[spec.interface] = advertisedVersion
            return nil
        }
        // libwayland's own interfaces (wl_*) carry the loaded library's version; a generated
        // protocol's descriptor is as old as the XML it came from, and a newer version of it adds
        // no event Lodestone does not handle (xdg_wm_base 6 adds a state value only).
        // cursor-shape's too: its shapes past the glue's version would be unknown to it.
        let library = spec.interface.hasPrefix("wl_") || spec.interface == "wp_cursor_shape_manager_v1"
            ? lodestone_library_version(interface) : spec.preferred
        let version = Registry.bindVersion(spec, advertised: advertisedVersion, library: library)
        boundVersions[spec.interface] = version
        return OpaquePointer(wl_registry_bind(handle, name, interface, version))
    }

    private func global(name: UInt32, interface: String, version: UInt32) {
        advertised[interface] = max(advertised[interface] ?? 0, version)
        if interface == Registry.activationSpec.interface, activation == nil,
           let p = bind(name, Registry.activationSpec, version, lodestone_xdg_activation_v1_interface()) {
            activation = Activation(manager: p)
            return
        }
        guard let spec = Registry.table.first(where: { $0.interface == interface }) else { return }
        switch interface {
        case "wl_compositor": compositor = compositor ?? bind(name, spec, version, lodestone_wl_compositor_interface())
        case "wl_shm": shm = shm ?? bind(name, spec, version, lodestone_wl_shm_interface())
        case "xdg_wm_base":
            guard wmBase == nil, let p = bind(name, spec, version, lodestone_xdg_wm_base_interface()) else { return }
            wmBase = p
            xdg_wm_base_add_listener(p, Registry.wmBaseListener, nil)
        case "wl_output":
            guard let p = bind(name, spec, version, lodestone_wl_output_interface()) else { return }
            outputs.append(Output(proxy: p, globalName: name, version: min(version, spec.preferred)) { [weak self] in
                self?.onOutputsChanged?()
            })
        case "wl_seat":
            guard seatGlobal == nil, let p = bind(name, spec, version, lodestone_wl_seat_interface()) else { return }
            seatGlobal = (p, name)
            onSeatChanged?()
        case "zxdg_decoration_manager_v1": decorationManager = decorationManager ?? bind(name, spec, version, lodestone_zxdg_decoration_manager_v1_interface())
        case "wp_viewporter": viewporter = viewporter ?? bind(name, spec, version, lodestone_wp_viewporter_interface())
        case "wp_fractional_scale_manager_v1": fractionalScaleManager = fractionalScaleManager ?? bind(name, spec, version, lodestone_wp_fractional_scale_manager_v1_interface())
        case "zwp_pointer_gestures_v1": pointerGestures = pointerGestures ?? bind(name, spec, version, lodestone_zwp_pointer_gestures_v1_interface())
        case "zwp_relative_pointer_manager_v1": relativePointerManager = relativePointerManager ?? bind(name, spec, version, lodestone_zwp_relative_pointer_manager_v1_interface())
        case "zwp_pointer_constraints_v1": pointerConstraints = pointerConstraints ?? bind(name, spec, version, lodestone_zwp_pointer_constraints_v1_interface())
        case "wp_presentation": presentation = presentation ?? bind(name, spec, version, lodestone_wp_presentation_interface())
        case "wl_data_device_manager": dataDeviceManager = dataDeviceManager ?? bind(name, spec, version, lodestone_wl_data_device_manager_interface())
        case "wp_cursor_shape_manager_v1":
            guard cursorShapeManager == nil, let i = lodestone_cursor_shape_manager_interface() else { return }
            cursorShapeManager = bind(name, spec, version, i)
        default: break
        }
    }

    private func globalRemove(name: UInt32) {
        if let i = outputs.firstIndex(where: { $0.globalName == name }) {
            outputs.remove(at: i).destroy()
            onOutputsChanged?()
        } else if let seat = seatGlobal, seat.name == name {
            // The seat object is released by its owner (Seat) through onSeatChanged.
            seatGlobal = nil
            onSeatChanged?()
        }
    }

    /// The outcome of the initial roundtrip: a required global missing → error; optional
    /// ones missing → one warning each, naming the fallback.
    func checkGlobals(warn: (String) -> Void) throws(MissingGlobalError) {
        for spec in Registry.table where spec.required && boundVersions[spec.interface] == nil {
            throw MissingGlobalError(spec: spec, advertised: tooOld[spec.interface])
        }
        if !Registry.buildHasCursorShape { warn(Registry.cursorShapeUnavailable) }
        for spec in Registry.table where !spec.required && !spec.quietWhenMissing && boundVersions[spec.interface] == nil {
            let fallback = spec.fallback ?? "disabled"
            if let old = tooOld[spec.interface] {
                warn("\(spec.interface) version \(old) is too old (need \(spec.minimum)): \(fallback)")
            } else {
                warn("compositor lacks \(spec.interface): \(fallback)")
            }
        }
    }

    /// xdg_wm_base.ping → pong, or the compositor considers us unresponsive.
    nonisolated(unsafe) private static let wmBaseListener = makeListener(xdg_wm_base_listener(
        ping: { _, base, serial in xdg_wm_base_pong(base, serial) }))
}
