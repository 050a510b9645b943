// User settings that change how the pointer looks and behaves (SPEC P1, P5, P6, G1, G5, I1, I2).

/// The user's pointer settings (P6, G1, M3): what a settings panel offers. `Engine.settings` takes them live.
public struct PointerSettings: Equatable, Sendable {
    /// P1: `modern` (default) or `classic`.
    public var generation: PointerGeneration
    /// P6: pointer size multiplier, clamped to `sizeRange`.
    public var size: Double {
        get { _size }
        set { _size = clamp(newValue, PointerSettings.sizeRange.lowerBound, PointerSettings.sizeRange.upperBound) }
    }
    private var _size: Double
    /// P6: pointer fill colour.
    public var color: Color
    /// P6: draw a contrasting border around the pointer.
    public var contrastBorder: Bool
    /// P5/P6: seconds without motion before the pointer fades; nil never fades for idleness.
    public var autoHideDelay: Double?
    /// P6: springs become short cross-fades; parallax is off.
    public var reduceMotion: Bool
    /// P6/G1: momentum after a finger scroll.
    public var kineticScrolling: Bool
    /// G1, G4, G5, P6: scroll speed, reserved gestures, page swipes, smart
    /// zoom (see `GestureSettings`).
    public var gestures: GestureSettings
    /// M3/M4: magnetism (snapping and prediction). On by default; off for comparison.
    public var magnetism: Bool
    /// Seconds within which a second press counts as a double click.
    public var doubleClickInterval: Double
    /// I1, I2, G9: what modifier keys mean for clicks, bands and drops (desktop or Mac habits).
    public var conventions: Conventions
    /// Issue 18.3: what a drop from another application with no modifier held asks for.
    public var plainDrop = PlainDrop.move

    /// The accessibility size multipliers `size` may take (P6).
    public static let sizeRange: ClosedRange<Double> = 0.5...4

    /// Settings with the given values; every default is the shipped default.
    public init(generation: PointerGeneration = .modern, size: Double = 1, color: Color = .pointerGray,
                contrastBorder: Bool = false, autoHideDelay: Double? = 3, reduceMotion: Bool = false,
                kineticScrolling: Bool = true, gestures: GestureSettings = GestureSettings(),
                magnetism: Bool = true, doubleClickInterval: Double = 0.5, conventions: Conventions = .desktop) {
        self.generation = generation
        self._size = clamp(size, PointerSettings.sizeRange.lowerBound, PointerSettings.sizeRange.upperBound)
        self.color = color; self.contrastBorder = contrastBorder; self.autoHideDelay = autoHideDelay
        self.reduceMotion = reduceMotion
        self.kineticScrolling = kineticScrolling; self.gestures = gestures
        self.magnetism = magnetism; self.doubleClickInterval = doubleClickInterval
        self.conventions = conventions
    }
}
