// xdg_surface.set_window_geometry (issue 32.1, SPEC W1): the window's visible extent in surface
// coordinates, by which the compositor places, tiles, snaps and sizes the window (a configure's
// size is the geometry's). Lodestone's window draws no shadow, margin or rounded corner outside
// its content, so the geometry is the whole surface, in logical points at every buffer scale;
// it is sent with the first buffer of each size and only then (it is double-buffered state:
// it applies at that commit, together with the buffer it describes).

/// A rectangle in surface-local logical points.
public struct WindowGeometry: Equatable, Sendable, CustomStringConvertible {
    public var x, y, width, height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The visible window in a surface `size` points: all of it.
    public static func visible(surface size: (width: Int, height: Int)) -> WindowGeometry {
        WindowGeometry(width: size.width, height: size.height)
    }

    /// What to send before the commit of a buffer for a surface `size` points, when `sent`
    /// was sent last: nil when it still holds.
    public static func toSend(surface size: (width: Int, height: Int), sent: WindowGeometry?) -> WindowGeometry? {
        let g = visible(surface: size)
        return g == sent ? nil : g
    }

    public var description: String { "\(x),\(y) \(width)x\(height)" }
}
