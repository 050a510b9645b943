// An xdg_toplevel window with a software-rendered wl_shm surface: configure (including 0×0,
// where we choose our own size), close, server-side decorations when offered (else the window
// draws its own: states, wm_capabilities, move, resize, window menu; issue 32.1, W1), buffer scale
// from the outputs we are on (or fractional-scale-v1 + viewporter when offered), drawing
// driven by one outstanding frame callback, and damage_buffer with the changed rects. The
// window keeps no damage history: content that tracks its own damage (a SceneRenderer, whose
// history by buffer age is the only one) reports what changed; other content is repainted whole.
import CWayland
import CWaylandProtocols
import InputProtocol

/// What the draw handler gets: the buffer to paint and what must be painted.
public struct DrawContext {
    public let buffer: Buffer
    /// Buffer pixels per logical point (1, 2, or fractional such as 1.5).
    public let scale: Double
    /// The window's size in logical points.
    public let logicalSize: (width: Int, height: Int)
    /// Paint the whole buffer: always, unless the content tracks its own damage
    /// (`Configuration.tracksOwnDamage`); then only when the buffer's content is undefined
    /// (new buffer, size or scale change), and otherwise the content repaints from the
    /// buffer's age (`buffer.age`) itself.
    public let isFullRepaint: Bool
    /// 1 for the first frame.
    public let frameNumber: Int
    /// The buffer holding the newest committed frame (another buffer of the same size), for a
    /// handler that copies forward what an older `buffer` missed instead of repainting it.
    /// Read only: the compositor may still be reading it.
    public var newest: Buffer? = nil
    /// The frame is drawn ahead of the frame callback (input drawn at once) and shares the
    /// outstanding one: the compositor has not yet shown the previous frame, and the display
    /// will show at most one of the two. Animations that follow the display's frames need not
    /// move for it (`AnimationClock.frames`).
    public var sharesFrameCallback = false
}

/// A frame the compositor presented (its frame callback arrived).
public struct PresentedFrame: Sendable, CustomStringConvertible {
    public var number: Int
    public var logicalSize: (width: Int, height: Int)
    public var scale: Double
    public var bufferSize: PixelSize
    public var description: String {
        "frame \(number) size \(logicalSize.width)x\(logicalSize.height) scale \(scale) buffer \(bufferSize)"
    }
}

public final class Window {
    public struct Configuration: Sendable {
        public var title: String
        public var appID: String
        /// Used when the compositor lets us choose (configure 0×0).
        public var defaultSize: (width: Int, height: Int)
        /// Hide the compositor's cursor over this window (Lodestone draws its own pointer).
        public var drawsOwnPointer: Bool
        /// The draw handler knows what changed (a damage-tracking renderer): it repaints from
        /// the buffer's age and reports the changed rects with `reportDamage`, which become the
        /// frame's wl_surface.damage_buffer, so a pointer move costs what it changed. Without
        /// it every frame repaints and damages the whole buffer.
        public var tracksOwnDamage: Bool
        /// The smallest size the content lays out for (xdg_toplevel.set_min_size), points;
        /// nil: no minimum.
        public var minimumSize: (width: Int, height: Int)?
        /// Who should draw the window's decorations (issue 32.1, W1).
        public var decorations: DecorationRequest
        public init(title: String, appID: String = "lodestone", defaultSize: (width: Int, height: Int) = (720, 480),
                    drawsOwnPointer: Bool = true, minimumSize: (width: Int, height: Int)? = nil, tracksOwnDamage: Bool = false,
                    decorations: DecorationRequest = .auto) {
            self.title = title; self.appID = appID; self.defaultSize = defaultSize; self.drawsOwnPointer = drawsOwnPointer
            self.minimumSize = minimumSize; self.tracksOwnDamage = tracksOwnDamage; self.decorations = decorations
        }
    }

    /// Who draws the decorations: nobody, the window itself, or the compositor.
    public enum DecorationMode: String, Sendable { case none, clientSide = "client", serverSide = "server" }
    /// What the window asks for: the compositor's where offered (auto), or always one side.
    public enum DecorationRequest: Sendable { case auto, clientSide, serverSide }

    /// What the compositor's window management offers (xdg_toplevel.wm_capabilities, v5;
    /// everything below v5, where the event does not exist).
    public struct Capabilities: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let windowMenu = Capabilities(rawValue: 1 << 1)
        public static let maximize = Capabilities(rawValue: 1 << 2)
        public static let fullscreen = Capabilities(rawValue: 1 << 3)
        public static let minimize = Capabilities(rawValue: 1 << 4)
        public static let all: Capabilities = [.windowMenu, .maximize, .fullscreen, .minimize]
    }

    /// An edge or corner a resize starts from (xdg_toplevel.resize_edge).
    public enum ResizeEdge: UInt32, Sendable {
        case top = 1, bottom = 2, left = 4, topLeft = 5, bottomLeft = 6, right = 8, topRight = 9, bottomRight = 10
    }

    public let configuration: Configuration
    /// Paints a frame. Called from the event loop when a frame is due.
    public var draw: ((DrawContext) -> Void)?
    /// The user asked to close the window. Default: stop the loop with exit status 0.
    public var onClose: (() -> Void)?
    /// A frame callback arrived for the frame described.
    public var onPresented: ((PresentedFrame) -> Void)?
    /// Size or scale changed (before the next draw).
    public var onResize: (() -> Void)?
    /// The P4 cursor the compositor shows over the window where it draws no pointer of its own
    /// (issue 32.2): set it as the pointer crosses regions (a resize edge, a link); the change
    /// reaches the compositor at once while the pointer is over the window.
    public var cursorShape: CursorShape = .default {
        didSet {
            guard cursorShape != oldValue, let pointer = client.seat?.pointer, pointer.focusedWindow === self else { return }
            pointer.showCursor()
        }
    }

    public private(set) var logicalSize: (width: Int, height: Int)
    /// Buffer pixels per logical point (`surfaceScale.factor`).
    public var scale: Double { surfaceScale.factor }
    /// Integer buffer scale, or fractional through the viewport.
    public private(set) var surfaceScale: SurfaceScale = .integer(1)
    public private(set) var isConfigured = false
    public private(set) var decorationMode: DecorationMode = .none
    /// The states of the last configure (xdg_toplevel), applied with its xdg_surface.configure.
    public private(set) var toplevelStates: [ToplevelState] = []
    /// The compositor does not repaint the window (xdg_wm_base 6 `suspended`): no frame is
    /// drawn until it ends (issue 32.4).
    public var isSuspended: Bool { toplevelStates.contains(.suspended) }
    /// `isSuspended` changed (after the configure that changed it).
    public var onSuspendedChanged: ((Bool) -> Void)?
    /// wl_surface.preferred_buffer_scale (wl_compositor 6), nil until told; used where
    /// fractional scale is absent instead of the outputs' scales (issue 32.5).
    public private(set) var preferredBufferScale: Int32?
    /// wl_surface.preferred_buffer_transform (wl_compositor 6), wl_output.transform's value, nil
    /// until told. Reported, not applied: buffers stay upright and the compositor rotates them.
    public private(set) var preferredBufferTransform: UInt32?
    /// What the compositor's window management offers (wm_capabilities).
    public private(set) var capabilities: Capabilities = .all
    /// The decorations, states or capabilities changed (called at the configure that brings
    /// them, before `onResize`).
    public var onStateChanged: (() -> Void)?
    public private(set) var scheduler = FrameScheduler()
    public let chain: BufferChain

    /// wl_surface*
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    /// The window geometry last sent (xdg_surface.set_window_geometry; issue 32.1, W1).
    public private(set) var windowGeometry: WindowGeometry?
    private let toplevel: OpaquePointer
    private var decoration: OpaquePointer?
    private var viewport: OpaquePointer?
    private var fractionalScale: OpaquePointer?
    private var frameCallback: OpaquePointer?
    private unowned let client: Client

    private var pendingSize: (width: Int32, height: Int32) = (0, 0)
    /// The newest configure's states, applied with its xdg_surface.configure.
    private var pendingToplevelStates: [ToplevelState] = []
    private var pendingCapabilities: Capabilities?
    private var pendingDecoration: DecorationMode?
    private var bounds: (width: Int32, height: Int32) = (0, 0)
    private var enteredOutputs: [OpaquePointer] = []
    /// 120ths, from wp_fractional_scale_v1.preferred_scale; nil until told.
    private var fractionalPreferred: UInt32?
    /// What the draw handler reported changed this frame (`tracksOwnDamage`).
    private var reportedDamage: [BufferRect]?
    private var lastBufferSize = PixelSize(width: 0, height: 0)
    private var inFlightFrame: PresentedFrame?
    private var idle: SourceID?

    /// Asks the compositor for the keyboard (xdg_activation_v1; issue 30.5): false where it
    /// offers none. Whether it gives it is its policy (Activation.swift).
    public func requestKeyboardFocus() -> Bool {
        guard let activation = client.registry.activation else { return false }
        activation.activate(surface)
        return true
    }

    init(client: Client, configuration: Configuration) {
        self.client = client
        self.configuration = configuration
        logicalSize = configuration.defaultSize
        let registry = client.registry
        surface = wl_compositor_create_surface(registry.compositor!)!
        xdgSurface = xdg_wm_base_get_xdg_surface(registry.wmBase!, surface)!
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        chain = BufferChain(allocator: ShmAllocator(shm: registry.shm!))

        lodestone_wl_surface_add_listener_v6(surface, Window.surfaceListener, userData(self))
        xdg_surface_add_listener(xdgSurface, Window.xdgSurfaceListener, userData(self))
        xdg_toplevel_add_listener(toplevel, Window.toplevelListener, userData(self))
        xdg_toplevel_set_title(toplevel, configuration.title)
        xdg_toplevel_set_app_id(toplevel, configuration.appID)
        if let min = configuration.minimumSize { xdg_toplevel_set_min_size(toplevel, Int32(min.width), Int32(min.height)) }
        // wm_capabilities comes before the first configure from v5 on; below, all is offered.
        capabilities = wl_proxy_get_version(toplevel) >= 5 ? [] : .all

        // W1: the compositor's decorations where it offers xdg-decoration (unless the window
        // asks to draw its own); without it, the window's own (or none, when asked for the
        // compositor's). The compositor's answer decides (decorationListener).
        if let manager = registry.decorationManager {
            decoration = zxdg_decoration_manager_v1_get_toplevel_decoration(manager, toplevel)
            zxdg_toplevel_decoration_v1_add_listener(decoration, Window.decorationListener, userData(self))
            let mode = configuration.decorations == .clientSide ? ZXDG_TOPLEVEL_DECORATION_V1_MODE_CLIENT_SIDE : ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE
            zxdg_toplevel_decoration_v1_set_mode(decoration, mode.rawValue)
        } else {
            pendingDecoration = configuration.decorations == .serverSide ? DecorationMode.none : .clientSide
        }
        if let manager = registry.fractionalScaleManager, let viewporter = registry.viewporter {
            viewport = wp_viewporter_get_viewport(viewporter, surface)
            fractionalScale = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
            wp_fractional_scale_v1_add_listener(fractionalScale, Window.fractionalListener, userData(self))
        }
        // Until the surface enters an output, the largest output scale is the guess, so the
        // first frame is already crisp on a single HiDPI output.
        surfaceScale = SurfaceScale.resolve(preferred120: nil, hasViewport: false, entered: [], all: registry.outputs.map(\.scale))

        chain.onBufferAvailable = { [unowned self] in self.setNeedsDisplay() }
        // The initial commit without a buffer asks for the first configure.
        wl_surface_commit(surface)
        idle = client.loop.addIdle { [unowned self] in self.drawIfDue() }
    }

    deinit {
        if let idle { client.loop.removeIdle(idle) }
        if let frameCallback { wl_callback_destroy(frameCallback) }
        if let fractionalScale { wp_fractional_scale_v1_destroy(fractionalScale) }
        if let viewport { wp_viewport_destroy(viewport) }
        if let decoration { zxdg_toplevel_decoration_v1_destroy(decoration) }
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    /// Size of the buffer for the current logical size and scale.
    public var bufferSize: PixelSize { surfaceScale.bufferSize(logical: logicalSize) }

    /// Ask for a frame drawn at once, even while a frame callback is outstanding (input that
    /// changed what is on screen): the compositor's next repaint then shows it, up to a refresh
    /// earlier than waiting for the callback would (FrameScheduler; issue 8, event → commit).
    /// Meant for windows that `tracksOwnDamage`, where a frame costs what changed.
    public func requestImmediateFrame() { scheduler.requestRedraw(immediate: true) }

    /// Ask for a new frame. Only sets a flag: the frame is drawn when the compositor is ready
    /// for it (what it repaints: `DrawContext.isFullRepaint`).
    public func setNeedsDisplay() {
        scheduler.requestRedraw()
    }

    /// Called by the draw handler of a window that `tracksOwnDamage`: these buffer-pixel rects
    /// changed since the previous frame (may be called several times per frame). Without a
    /// report the whole buffer is damaged.
    public func reportDamage(_ rects: [BufferRect]) {
        let full = BufferRect(size: bufferSize)
        reportedDamage = (reportedDamage ?? []) + rects.compactMap { $0.intersection(full) }
    }

    // MARK: Drawing

    private func drawIfDue() {
        guard !isSuspended, scheduler.shouldDraw(ready: isConfigured), let draw else { return }
        let size = bufferSize
        if size != lastBufferSize {
            chain.invalidateContents()
            lastBufferSize = size
        }
        let buffer: Buffer
        do {
            // A frame not drawn for input may bring a spare buffer up to date (spareRefreshAge).
            guard let b = try chain.nextBuffer(size: size, refreshingSpare: !scheduler.immediate) else { return }   // all held: wait for a release
            buffer = b
        } catch {
            client.loop.stop(.failure("cannot allocate a \(size) buffer: \(error)"))
            return
        }
        let full = BufferRect(size: size)
        var changed = [full]
        // Damage that tracks itself repaints from the buffer's age (its renderer's history).
        let isFull = !configuration.tracksOwnDamage || buffer.age == 0
        let number = scheduler.committedFrames + 1
        reportedDamage = nil
        let newest = buffer.age == 1 ? nil : chain.buffers.first { $0 !== buffer && $0.age == 1 && $0.size == size }
        // W1: the window is the whole surface (no shadow or margin), told with each new size
        // (pending state: it applies at this frame's commit, with the buffer drawn below).
        if let g = WindowGeometry.toSend(surface: logicalSize, sent: windowGeometry) {
            xdg_surface_set_window_geometry(xdgSurface, Int32(g.x), Int32(g.y), Int32(g.width), Int32(g.height))
            windowGeometry = g
        }
        draw(DrawContext(buffer: buffer, scale: scale, logicalSize: logicalSize,
                         isFullRepaint: isFull, frameNumber: number, newest: newest,
                         sharesFrameCallback: !scheduler.needsFrameCallback))
        if configuration.tracksOwnDamage {
            changed = reportedDamage ?? [full]
            // A commit without damage may get no frame callback (sway 1.7 schedules output
            // frames from damage), which would stall drawing: damage one pixel at least.
            if changed.isEmpty { changed = [BufferRect(x: 0, y: 0, width: 1, height: 1)] }
        }

        wl_surface_attach(surface, buffer.storage.wlBuffer, 0, 0)
        switch surfaceScale {
        case .fractional:
            wl_surface_set_buffer_scale(surface, 1)
            wp_viewport_set_destination(viewport, Int32(logicalSize.width), Int32(logicalSize.height))
        case .integer(let n):
            wl_surface_set_buffer_scale(surface, n)
            // Back from fractional: -1, -1 unsets the destination.
            if let viewport { wp_viewport_set_destination(viewport, -1, -1) }
        }
        for r in changed {
            wl_surface_damage_buffer(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
        }
        // One frame callback at most: an immediate frame shares the outstanding one.
        if scheduler.needsFrameCallback {
            frameCallback = wl_surface_frame(surface)
            wl_callback_add_listener(frameCallback, Window.frameListener, userData(self))
        }
        let probe = client.latencyProbe
        if let probe, let presentation = client.registry.presentation {
            probe.requestFeedback(presentation: presentation, surface: surface, commit: probe.commits.count)
        }
        wl_surface_commit(surface)
        _ = probe?.committed(at: Sys.monotonicNow(), damagedPixels: changed.reduce(0) { $0 + $1.width * $1.height },
                             bufferAge: buffer.age, bufferPixels: size.width * size.height)
        chain.submitted(buffer)
        scheduler.frameCommitted()
        inFlightFrame = PresentedFrame(number: number, logicalSize: logicalSize, scale: scale, bufferSize: size)
    }

    // MARK: Scale

    private func updateScale() {
        let outputs = client.registry.outputs
        let new = SurfaceScale.resolve(preferred120: fractionalPreferred, hasViewport: viewport != nil, preferredBufferScale: preferredBufferScale,
                                       entered: outputs.filter { enteredOutputs.contains($0.proxy) }.map(\.scale),
                                       all: outputs.map(\.scale))
        guard new != surfaceScale else { return }
        surfaceScale = new
        // A theme cursor over the window is an image at the old scale: load it at the new one
        // (cursor-shape's the compositor scales itself; issue 32.2).
        if let pointer = client.seat?.pointer, pointer.focusedWindow === self, pointer.cursorSource == "xcursor" { pointer.showCursor() }
        onResize?()
        setNeedsDisplay()
    }

    func outputsChanged() {
        enteredOutputs.removeAll { p in !client.registry.outputs.contains { $0.proxy == p } }
        updateScale()
    }

    // MARK: Listeners

    /// Every slot filled: the v6 events arrive only where wl_compositor was bound at 6 (Registry).
    nonisolated(unsafe) private static let surfaceListener = makeListener(lodestone_wl_surface_listener_v6(
        enter: { data, _, output in
            let w = object(data, as: Window.self)
            if let output { w.enteredOutputs.append(output) }
            w.updateScale()
        },
        leave: { data, _, output in
            let w = object(data, as: Window.self)
            w.enteredOutputs.removeAll { $0 == output }
            w.updateScale()
        },
        preferred_buffer_scale: { data, _, factor in
            let w = object(data, as: Window.self)
            w.preferredBufferScale = factor
            w.updateScale()
        },
        preferred_buffer_transform: { data, _, transform in
            object(data, as: Window.self).preferredBufferTransform = transform
        }))

    nonisolated(unsafe) private static let xdgSurfaceListener = makeListener(xdg_surface_listener(
        configure: { data, xdgSurface, serial in
            let w = object(data, as: Window.self)
            xdg_surface_ack_configure(xdgSurface, serial)
            var width = Int(w.pendingSize.width), height = Int(w.pendingSize.height)
            // 0 means "choose yourself": our default, within the compositor's bounds if given.
            if width <= 0 { width = w.bounds.width > 0 ? min(w.configuration.defaultSize.width, Int(w.bounds.width)) : w.configuration.defaultSize.width }
            if height <= 0 { height = w.bounds.height > 0 ? min(w.configuration.defaultSize.height, Int(w.bounds.height)) : w.configuration.defaultSize.height }
            let wasSuspended = w.isSuspended
            w.applyPendingState()
            let changed = (width, height) != w.logicalSize || !w.isConfigured
            w.logicalSize = (width, height)
            w.isConfigured = true
            if w.isSuspended != wasSuspended { w.onSuspendedChanged?(w.isSuspended) }
            if changed {
                w.onResize?()
                w.setNeedsDisplay()
            } else if w.scheduler.committedFrames == 0 {
                w.setNeedsDisplay()
            }
        }))

    /// The states, capabilities and decoration mode a configure brings, applied at its
    /// xdg_surface.configure; `onStateChanged` when any changed (or at the first configure).
    private func applyPendingState() {
        var changed = !isConfigured || toplevelStates != pendingToplevelStates
        toplevelStates = pendingToplevelStates
        if let c = pendingCapabilities, c != capabilities { capabilities = c; changed = true }
        pendingCapabilities = nil
        if let d = pendingDecoration, d != decorationMode { decorationMode = d; changed = true }
        pendingDecoration = nil
        if changed { onStateChanged?() }
    }

    /// The values of a wl_array of uint32 (xdg_toplevel's states, wm_capabilities).
    private static func values(_ array: UnsafeMutablePointer<wl_array>?) -> [UInt32] {
        guard let a = array?.pointee, let data = a.data, a.size > 0 else { return [] }
        let n = a.size / MemoryLayout<UInt32>.stride
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt32.self), count: n))
    }

    // MARK: Window management (issue 32.1, W1)

    /// The seat and the serial of the press on this window that move, resize and the window
    /// menu name: the pointer's newest press, or touch point `touch`'s down (nil: no such press).
    private func grab(touch: TouchID? = nil) -> (seat: OpaquePointer, serial: UInt32)? {
        guard let seat = client.seat, let serial = seat.pressSerial(touch: touch) else { return nil }
        return (seat.proxy, serial)
    }

    /// Asks the compositor to move the window with the pointer (the press still held), or with
    /// touch point `touch` (still down).
    @discardableResult
    public func beginMove(touch: TouchID? = nil) -> Bool {
        guard let g = grab(touch: touch) else { return false }
        xdg_toplevel_move(toplevel, g.seat, g.serial)
        return true
    }

    /// Asks the compositor to resize the window from `edge` with the pointer, or with touch
    /// point `touch`.
    @discardableResult
    public func beginResize(_ edge: ResizeEdge, touch: TouchID? = nil) -> Bool {
        guard let g = grab(touch: touch) else { return false }
        xdg_toplevel_resize(toplevel, g.seat, g.serial, edge.rawValue)
        return true
    }

    /// Opens the compositor's window menu at a surface point (where offered).
    @discardableResult
    public func showWindowMenu(x: Int, y: Int) -> Bool {
        guard capabilities.contains(.windowMenu), let g = grab() else { return false }
        xdg_toplevel_show_window_menu(toplevel, g.seat, g.serial, Int32(x), Int32(y))
        return true
    }

    /// Maximizes the window, or restores it when it is maximized.
    public func toggleMaximized() {
        guard capabilities.contains(.maximize) else { return }
        if toplevelStates.contains(.maximized) { xdg_toplevel_unset_maximized(toplevel) } else { xdg_toplevel_set_maximized(toplevel) }
    }

    public func minimize() {
        guard capabilities.contains(.minimize) else { return }
        xdg_toplevel_set_minimized(toplevel)
    }

    /// What the close button does: the same as the compositor's close.
    public func requestClose() {
        if let onClose { onClose() } else { client.loop.stop(.finished(code: 0)) }
    }

    nonisolated(unsafe) private static let toplevelListener = makeListener(xdg_toplevel_listener(
        configure: { data, _, width, height, states in
            let w = object(data, as: Window.self)
            w.pendingSize = (width, height)
            w.pendingToplevelStates = ToplevelState.decode(Window.values(states))
        },
        close: { data, _ in object(data, as: Window.self).requestClose() },
        configure_bounds: { data, _, width, height in
            object(data, as: Window.self).bounds = (width, height)
        },
        wm_capabilities: { data, _, capabilities in
            var c: Capabilities = []
            for v in Window.values(capabilities) where (1...4).contains(v) { c.insert(Capabilities(rawValue: 1 << v)) }
            object(data, as: Window.self).pendingCapabilities = c
        }))

    nonisolated(unsafe) private static let decorationListener = makeListener(zxdg_toplevel_decoration_v1_listener(
        configure: { data, _, mode in
            // The compositor's answer; asked for its decorations and told client-side, the
            // `server` setting gets none.
            let w = object(data, as: Window.self)
            let server = mode == ZXDG_TOPLEVEL_DECORATION_V1_MODE_SERVER_SIDE.rawValue
            w.pendingDecoration = server ? .serverSide : w.configuration.decorations == .serverSide ? DecorationMode.none : .clientSide
        }))

    nonisolated(unsafe) private static let fractionalListener = makeListener(wp_fractional_scale_v1_listener(
        preferred_scale: { data, _, scale120 in
            let w = object(data, as: Window.self)
            w.fractionalPreferred = scale120
            w.updateScale()
        }))

    nonisolated(unsafe) private static let frameListener = makeListener(wl_callback_listener(
        done: { data, callback, _ in
            let w = object(data, as: Window.self)
            wl_callback_destroy(callback)
            w.frameCallback = nil
            w.scheduler.frameDone()
            w.client.latencyProbe?.frameDone(at: Sys.monotonicNow())
            if let frame = w.inFlightFrame {
                w.inFlightFrame = nil
                w.onPresented?(frame)
            }
        }))
}
