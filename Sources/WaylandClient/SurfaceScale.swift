// How a surface's buffer pixels map to logical points, kept free of Wayland so it can be
// tested alone (sway 1.7 and weston 10 offer no fractional-scale-v1 to test against).
//
// With wp_fractional_scale_v1 and a wp_viewport the compositor's preferred scale (in 120ths)
// is used as is: the buffer is logical size × scale rounded half away from zero, its buffer
// scale is 1 and the viewport's destination is the logical size. Otherwise the buffer scale
// is an integer: wl_surface.preferred_buffer_scale where the compositor sends it (wl_compositor
// 6: cage 0.2, weston 14), else the largest scale of the outputs the surface is on (foot does
// the same), or of all outputs before the surface entered any (a good guess for the first frame).

public enum SurfaceScale: Equatable, Sendable, CustomStringConvertible {
    /// wl_surface.set_buffer_scale(n); buffer = logical × n.
    case integer(Int32)
    /// Viewport destination = logical size; buffer = round(logical × scale); buffer scale 1.
    case fractional(Double)

    /// Decides the scale from what the compositor said.
    /// - preferred120: wp_fractional_scale_v1.preferred_scale, nil until it arrives.
    /// - hasViewport: a wp_viewport exists for the surface.
    /// - preferredBufferScale: wl_surface.preferred_buffer_scale (wl_compositor 6), nil until it
    ///   arrives: the compositor's word, not a guess from outputs.
    /// - entered: integer scales of the outputs the surface is on.
    /// - all: integer scales of every output.
    public static func resolve(preferred120: UInt32?, hasViewport: Bool, preferredBufferScale: Int32? = nil,
                               entered: [Int32], all: [Int32]) -> SurfaceScale {
        if let preferred120, preferred120 > 0, hasViewport {
            return .fractional(Double(preferred120) / 120)
        }
        if let preferredBufferScale, preferredBufferScale > 0 { return .integer(preferredBufferScale) }
        return .integer(max(1, (entered.isEmpty ? all : entered).max() ?? 1))
    }

    /// Buffer pixels per logical point.
    public var factor: Double {
        switch self {
        case .integer(let n): Double(n)
        case .fractional(let s): s
        }
    }

    /// The buffer size for a surface of `logical` points.
    public func bufferSize(logical: (width: Int, height: Int)) -> PixelSize {
        switch self {
        case .integer(let n):
            return PixelSize(width: logical.width * Int(n), height: logical.height * Int(n))
        case .fractional(let s):
            // fractional-scale-v1: "rounded half away from zero" (Swift's default rounding).
            return PixelSize(width: Int((Double(logical.width) * s).rounded()), height: Int((Double(logical.height) * s).rounded()))
        }
    }

    public var description: String {
        switch self {
        case .integer(let n): "buffer scale \(n)"
        case .fractional(let s): "fractional scale \(s) (viewport)"
        }
    }
}
