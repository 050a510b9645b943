// The user's XCursor theme (XCURSOR_THEME, XCURSOR_SIZE) through wayland-cursor, for the
// places where Lodestone does not draw its own pointer.
import CWayland
import CWaylandCursor
#if canImport(Glibc)
import Glibc
#endif

final class CursorTheme {
    private let registry: Registry
    private let name: String?
    private let size: Int32
    /// Themes per buffer scale (a scale-2 output needs the cursor at twice the size).
    private var themes: [Int32: OpaquePointer] = [:]
    private var surface: OpaquePointer?

    init(registry: Registry, name: String?, size: Int32) {
        self.registry = registry
        self.name = name
        self.size = size
    }

    /// XCURSOR_THEME (default theme when unset) and XCURSOR_SIZE (24 when unset or invalid).
    static func fromEnvironment(registry: Registry) -> CursorTheme {
        let name = getenv("XCURSOR_THEME").map { String(cString: $0) }
        let size = getenv("XCURSOR_SIZE").flatMap { Int32(String(cString: $0)) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        return CursorTheme(registry: registry, name: name, size: size)
    }

    deinit {
        if let surface { wl_surface_destroy(surface) }
        for t in themes.values { wl_cursor_theme_destroy(t) }
    }

    /// Shows cursor `cursorName` for `pointer`, rendered for `scale`. False when the theme
    /// (and libwayland-cursor's built-in fallback) has no such cursor.
    @discardableResult
    func show(_ cursorName: String, on pointer: OpaquePointer, serial: UInt32, scale: Int32) -> Bool {
        guard let shm = registry.shm, let compositor = registry.compositor else { return false }
        let scale = max(1, scale)
        let theme: OpaquePointer
        if let t = themes[scale] {
            theme = t
        } else {
            guard let t = wl_cursor_theme_load(name, size * scale, shm) else { return false }
            themes[scale] = t
            theme = t
        }
        guard let cursor = wl_cursor_theme_get_cursor(theme, cursorName),
              cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
              let buffer = wl_cursor_image_get_buffer(image) else { return false }
        if surface == nil { surface = wl_compositor_create_surface(compositor) }
        guard let surface else { return false }
        wl_surface_set_buffer_scale(surface, scale)
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(image.pointee.width), Int32(image.pointee.height))
        wl_surface_commit(surface)
        wl_pointer_set_cursor(pointer, serial, surface, Int32(image.pointee.hotspot_x) / scale, Int32(image.pointee.hotspot_y) / scale)
        return true
    }
}
