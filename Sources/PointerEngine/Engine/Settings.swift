// User settings that change how the pointer looks and behaves (SPEC P1, P5, P6, G1, G5).

/// A touchpad gesture the desktop may reserve for itself (SPEC G5).
public struct GesturePattern: Hashable, Sendable, CustomStringConvertible {
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case horizontal
        case vertical
        /// Either direction.
        case any
    }
    public var kind: GestureKind
    public var fingers: Int
    public var direction: Direction
    public init(_ kind: GestureKind, fingers: Int, direction: Direction = .any) {
        self.kind = kind; self.fingers = fingers; self.direction = direction
    }
    public var description: String { "\(fingers)fg \(kind) \(direction)" }
}

public struct PointerSettings: Hashable, Sendable {
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
    /// G1: invert scroll direction (content follows the fingers). Off by default because a
    /// compositor already applies its own natural-scroll setting to wl_pointer axis values;
    /// the libinput backend reads raw devices and wants it on.
    public var naturalScrolling: Bool
    /// P6: scroll distance multiplier.
    public var scrollSpeed: Double
    /// P6/G1: momentum after a finger scroll.
    public var kineticScrolling: Bool
    /// G5: gestures the desktop keeps; shown in the inspector, never redefined by the app.
    public var reservedGestures: Set<GesturePattern>
    /// M3/M4: magnetism (snapping and prediction). On by default; off for comparison.
    public var magnetism: Bool
    /// Seconds within which a second press counts as a double click.
    public var doubleClickInterval: Double

    public static let sizeRange: ClosedRange<Double> = 0.5...4
    /// Four-finger swipes and three-finger vertical swipes (SPEC G5 default).
    public static let defaultReservedGestures: Set<GesturePattern> = [
        GesturePattern(.swipe, fingers: 4, direction: .any),
        GesturePattern(.swipe, fingers: 3, direction: .vertical),
    ]

    public init(generation: PointerGeneration = .modern, size: Double = 1, color: Color = .pointerGray,
                contrastBorder: Bool = false, autoHideDelay: Double? = 3, reduceMotion: Bool = false,
                naturalScrolling: Bool = false, scrollSpeed: Double = 1, kineticScrolling: Bool = true,
                reservedGestures: Set<GesturePattern> = PointerSettings.defaultReservedGestures,
                magnetism: Bool = true, doubleClickInterval: Double = 0.5) {
        self.generation = generation
        self._size = clamp(size, PointerSettings.sizeRange.lowerBound, PointerSettings.sizeRange.upperBound)
        self.color = color; self.contrastBorder = contrastBorder; self.autoHideDelay = autoHideDelay
        self.reduceMotion = reduceMotion; self.naturalScrolling = naturalScrolling; self.scrollSpeed = scrollSpeed
        self.kineticScrolling = kineticScrolling; self.reservedGestures = reservedGestures
        self.magnetism = magnetism; self.doubleClickInterval = doubleClickInterval
    }

    /// Whether `pattern`'s gesture is reserved (G5).
    public func isReserved(_ kind: GestureKind, fingers: Int, horizontal: Bool?) -> Bool {
        reservedGestures.contains { r in
            guard r.kind == kind, r.fingers == fingers else { return false }
            switch r.direction {
            case .any: return true
            case .horizontal: return horizontal == true
            case .vertical: return horizontal == false
            }
        }
    }
}
