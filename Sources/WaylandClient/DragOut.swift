// Drags out of the window (issue 18.2): wl_data_device.start_drag with a data source, the
// window's surface as the origin, the serial of the press (or touch) that began the drag, and
// a drag icon: a wl_surface of our own whose pixels the caller paints (the item and the
// current action's badge) and may paint again while the drag goes on.
import CWayland
import InputProtocol

/// The drag icon: a surface the compositor moves with the pointer or finger during a drag.
public final class DragIcon {
    /// wl_surface*
    let surface: OpaquePointer
    private let allocator: ShmAllocator
    /// Buffers the compositor still holds (released ones are dropped).
    private var held: [ObjectIdentifier: BufferStorage] = [:]
    /// The icon's top left starts at the pointer's hotspot (where the protocol places it).
    init(compositor: OpaquePointer, shm: OpaquePointer) {
        surface = wl_compositor_create_surface(compositor)!
        allocator = ShmAllocator(shm: shm)
    }

    deinit {
        wl_surface_destroy(surface)
        held.removeAll()
    }

    /// Paints the icon: `draw` fills premultiplied ARGB8888 pixels (`size` buffer pixels,
    /// `stride` bytes a row) at buffer scale `scale`, its top left moved by `move` points from
    /// where it was (the first time: from the hotspot). A failed allocation keeps the old icon.
    public func show(size: PixelSize, scale: Int32, move: (dx: Int32, dy: Int32) = (0, 0),
                     draw: (UnsafeMutableRawPointer, Int) -> Void) {
        guard size.width > 0, size.height > 0 else { return }
        var key: ObjectIdentifier?
        let storage: BufferStorage
        do {
            storage = try allocator.makeStorage(size: size) { [weak self] in
                if let self, let key { self.held[key] = nil }
            }
        } catch {
            Diagnostics.warning("drag icon: no buffer of \(size): \(error)")
            return
        }
        key = ObjectIdentifier(storage)
        draw(storage.pixels, storage.stride)
        held[key!] = storage
        wl_surface_set_buffer_scale(surface, scale)
        // wl_surface 5 (wl_compositor 5 and up, bound where offered) forbids attach's offset:
        // it moves with wl_surface.offset instead (KWin and mutter raise invalid_offset).
        if wl_proxy_get_version(surface) >= 5 {
            if move.dx != 0 || move.dy != 0 { wl_surface_offset(surface, move.dx, move.dy) }
            wl_surface_attach(surface, storage.wlBuffer, 0, 0)
        } else {
            wl_surface_attach(surface, storage.wlBuffer, move.dx, move.dy)
        }
        wl_surface_damage_buffer(surface, 0, 0, Int32(size.width), Int32(size.height))
        wl_surface_commit(surface)
    }
}

extension Client {
    /// A surface for a drag icon, nil without a compositor's wl_compositor and wl_shm.
    public func makeDragIcon() -> DragIcon? {
        guard let compositor = registry.compositor, let shm = registry.shm else { return nil }
        return DragIcon(compositor: compositor, shm: shm)
    }
}

extension Seat {
    /// The serial of the press that holds the drag now: the pointer's newest button press, or
    /// the touch point `touch`'s down (nil: that touch is not down on our surface).
    public func pressSerial(touch id: TouchID?) -> UInt32? {
        if let id { return touch?.downSerials[id] }
        return pointer?.lastPressSerial
    }
}

extension DataDevice {
    /// Hands a drag to the compositor (wl_data_device.start_drag): `source` offers the data,
    /// `origin` is the window the drag began in, `serial` the press that began it. The icon's
    /// first buffer must be attached before this (`DragIcon.show`): the compositor takes the
    /// icon's state at start.
    public func startDrag(source: DataSource, origin: Window, icon: DragIcon?, serial: UInt32) {
        wl_data_device_start_drag(proxy, source.proxy, origin.surface, icon?.surface, serial)
    }
}
