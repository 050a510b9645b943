// Colours: PointerEngine's straight-alpha sRGB `Color` in the API, premultiplied 16-bit at the
// pixman seam.
import PointerEngine

extension Color {
    /// `Color(hex: 0x007AFF)`: 24-bit RGB.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `factor` (fades).
    public func fading(_ factor: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * Swift.min(Swift.max(factor, 0), 1))
    }

    /// Linear mix: t = 0 gives self, t = 1 gives `other`.
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    /// The system accent blue.
    public static let accent = Color(hex: 0x0A84FF)

    /// The 32-bit premultiplied ARGB word this colour writes into an ARGB8888 buffer.
    public var argb32: UInt32 {
        let p = premultiplied
        return UInt32(p.a >> 8) << 24 | UInt32(p.r >> 8) << 16 | UInt32(p.g >> 8) << 8 | UInt32(p.b >> 8)
    }

    var premultiplied: PremultipliedColor {
        let a = Swift.min(Swift.max(alpha, 0), 1)
        @inline(__always) func q(_ v: Double) -> UInt16 { UInt16((Swift.min(Swift.max(v, 0), 1) * a * 65535).rounded()) }
        return PremultipliedColor(r: q(red), g: q(green), b: q(blue), a: UInt16((a * 65535).rounded()))
    }

    /// 16-bit straight-alpha channels: pixman gradient stops are not premultiplied (its
    /// gradient walker premultiplies after interpolating).
    var straight16: PremultipliedColor {
        @inline(__always) func q(_ v: Double) -> UInt16 { UInt16((Swift.min(Swift.max(v, 0), 1) * 65535).rounded()) }
        return PremultipliedColor(r: q(red), g: q(green), b: q(blue), a: q(alpha))
    }
}

/// A premultiplied colour with 16-bit channels, as pixman takes it.
struct PremultipliedColor: Hashable {
    var r: UInt16, g: UInt16, b: UInt16, a: UInt16

    init(r: UInt16, g: UInt16, b: UInt16, a: UInt16) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// From a premultiplied ARGB8888 word (each 8-bit channel x becomes x × 257, which pixman
    /// turns back into exactly x).
    init(argb32 v: UInt32) {
        @inline(__always) func c(_ shift: UInt32) -> UInt16 { UInt16((v >> shift) & 0xFF) * 257 }
        self.init(r: c(16), g: c(8), b: c(0), a: c(24))
    }

    /// The ARGB8888 word pixman stores for this colour (its 16-bit channels' high bytes).
    var argb32: UInt32 {
        UInt32(a >> 8) << 24 | UInt32(r >> 8) << 16 | UInt32(g & 0xFF00) | UInt32(b >> 8)
    }
}
