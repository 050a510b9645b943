// Styles: how the pointer and an element look while the pointer is in the element's region.

/// A colour in sRGB, components 0…1, straight (not premultiplied) alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double
    /// The colour with these components, each 0…1 (not premultiplied).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// The default pointer fill: a neutral mid grey that reads on light and dark content.
    public static let pointerGray = Color(red: 0.45, green: 0.45, blue: 0.47, alpha: 0.85)
    /// The same colour with opacity `a`.
    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }
    public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
}

/// What an element's region does to the pointer and the element (UIPointerStyle).
public struct PointerStyle: Hashable, Sendable {
    /// The content effect the element shows under the pointer.
    public var effect: PointerEffect
    /// The pointer's shape inside the region; nil: the effect's default (the element's rounded
    /// rect for highlight in the classic generation, unchanged otherwise).
    public var shape: PointerShape?
    /// Glyphs shown around the pointer over the element (A1, A2).
    public var accessories: [PointerAccessory]
    /// Static annotations (live ones, e.g. graph X/Y, come from the engine and interactions).
    public var annotations: [PointerAnnotation]

    /// A style with an effect, a pointer shape and accessories; every part defaults to automatic.
    public init(effect: PointerEffect = .automatic, shape: PointerShape? = nil,
                accessories: [PointerAccessory] = [], annotations: [PointerAnnotation] = []) {
        self.effect = effect; self.shape = shape; self.accessories = accessories; self.annotations = annotations
    }

    /// The kind's defaults for everything.
    public static let automatic = PointerStyle()
    /// The kind's defaults except for the effect `e`.
    public static func effect(_ e: PointerEffect) -> PointerStyle { PointerStyle(effect: e) }
    /// The pointer `s` over the element, with `accessories`.
    public static func shape(_ s: PointerShape, accessories: [PointerAccessory] = []) -> PointerStyle {
        PointerStyle(effect: .none, shape: s, accessories: accessories)
    }
}

/// The content effect (SPEC E1–E4).
public enum PointerEffect: Hashable, Sendable {
    /// E1: translucent platter slightly larger than the element, parallax.
    case highlight
    /// E2: scale up, soft shadow, specular highlight following the pointer; the pointer fades.
    case lift
    /// E3: custom scale / tint / shadow; never changes the pointer's shape, never snaps (M3).
    case hover(HoverEffect)
    /// E4: chosen from the element's kind and size.
    case automatic
    /// No effect on the element (custom shapes, text).
    case none

    /// The resolved kind (automatic resolved separately by `EffectChooser`).
    public var kind: EffectKind? {
        switch self {
        case .highlight: .highlight
        case .lift: .lift
        case .hover: .hover
        case .automatic, .none: nil
        }
    }
}

/// The content effect on the element under the pointer (E1–E5).
public enum EffectKind: String, Hashable, Sendable, CaseIterable {
    /// The pointer becomes a platter behind the control (E1).
    case highlight
    /// The control lifts, scaled with a shadow and a specular highlight, the pointer fading under it (E2).
    case lift
    /// The pointer keeps its shape and the control tilts, scales or tints (E3).
    case hover
}

/// Where a hover tint goes (SPEC E3).
public enum TintMode: String, Hashable, Sendable, CaseIterable {
    /// Above the content.
    case overlay
    /// Behind the content.
    case underlay
    /// No tint.
    case none
}

/// Parameters of the hover effect (SPEC E3).
public struct HoverEffect: Hashable, Sendable {
    /// Content scale at full effect (1 = no scale). The linter flags scales that overlap
    /// neighbours (L4).
    public var scale: Double
    /// How the element is tinted (E3).
    public var tint: TintMode
    /// Tint colour; nil: the default (black 6 % on light content).
    public var tintColor: Color?
    /// Draw a soft shadow. The linter flags shadow without scale (L3).
    public var hasShadow: Bool
    /// A hover effect: scale factor, tint and whether a shadow shows.
    public init(scale: Double = 1, tint: TintMode = .overlay, tintColor: Color? = nil, hasShadow: Bool = false) {
        self.scale = scale; self.tint = tint; self.tintColor = tintColor; self.hasShadow = hasShadow
    }
    /// Rows: tint only (SPEC E3).
    public static let tintOnly = HoverEffect(scale: 1, tint: .overlay, hasShadow: false)
    /// Cards: a gentle scale with shadow and underlay tint.
    public static let card = HoverEffect(scale: 1.03, tint: .underlay, hasShadow: true)
}

/// The orientation of an I-beam pointer (P2).
public enum BeamAxis: String, Hashable, Sendable, CaseIterable {
    /// A vertical I-beam (horizontal text).
    case vertical
    /// A horizontal beam (vertical text).
    case horizontal
}

/// The pointer's shape (SPEC P2, P3). Sizes in points.
public enum PointerShape: Hashable, Sendable {
    /// A rounded rectangle of the given size centred on the pointer (nil size: the element's
    /// frame grown by the effect's padding — the classic highlight morph).
    case roundedRect(size: Size?, cornerRadius: Double)
    /// An ellipse of `size` centred on the pointer (the resting pointer is a circle).
    case ellipse(size: Size)
    /// An I-beam `length` points long (line height) along `axis`.
    case beam(length: Double, axis: BeamAxis)
    /// An arbitrary path, in points relative to the hot spot (e.g. a crosshair).
    case path(PointerPath)
    /// A standard system cursor (P4), for desktop-style views.
    case system(SystemCursor)
}

/// One command of a vector path: SVG's vocabulary and argument order (control points first,
/// then the end point), as in the layout files' "d" strings. The project's one path
/// vocabulary: pointer shapes and glyphs here, and the renderer's `Path` (icons, accessories)
/// holds the same commands.
public enum PathCommand: Hashable, Sendable {
    /// Starts a subpath at a point.
    case move(Point)
    /// A straight line to a point.
    case line(Point)
    /// A quadratic Bézier curve.
    case quad(control: Point, to: Point)
    /// A cubic Bézier curve.
    case cubic(control1: Point, control2: Point, to: Point)
    /// Closes the subpath.
    case close
}

/// A vector path in points, relative to the pointer's hot spot (0, 0).
public struct PointerPath: Hashable, Sendable {
    /// The commands, in points about the hot spot.
    public var commands: [PathCommand]
    /// Stroke width, points; 0 fills only.
    public var lineWidth: Double
    /// Whether the path is filled (else stroked with `lineWidth`).
    public var isFilled: Bool
    /// A path from `commands`.
    public init(commands: [PathCommand], lineWidth: Double = 0, isFilled: Bool = true) {
        self.commands = commands; self.lineWidth = lineWidth; self.isFilled = isFilled
    }

    /// Bounds of the path's points (control points included), points.
    public var bounds: Rect {
        var r: Rect? = nil
        func add(_ p: Point) {
            let pr = Rect(x: p.x, y: p.y, width: 0, height: 0)
            r = r.map { Rect(corner: Point(min($0.minX, pr.minX), min($0.minY, pr.minY)),
                             Point(max($0.maxX, pr.maxX), max($0.maxY, pr.maxY))) } ?? pr
        }
        for c in commands {
            switch c {
            case .move(let p), .line(let p): add(p)
            case .quad(let c1, let p): add(c1); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return (r ?? .zero).outsetBy(lineWidth / 2)
    }

    /// A crosshair of `size` points with a `lineWidth` stroke.
    public static func crosshair(size: Double = 20, lineWidth: Double = 2) -> PointerPath {
        let h = size / 2
        return PointerPath(commands: [.move(Point(-h, 0)), .line(Point(h, 0)),
                                      .move(Point(0, -h)), .line(Point(0, h))],
                           lineWidth: lineWidth, isFilled: false)
    }
}

/// The standard system-cursor set (SPEC P4). Raw values are the CSS / cursor-shape-v1 names.
public enum SystemCursor: String, Hashable, Sendable, CaseIterable {
    /// The ordinary arrow.
    case `default` = "default"
    /// A hand over a link.
    case pointer = "pointer"
    /// An open hand: something can be dragged.
    case grab = "grab"
    /// A closed hand: something is being dragged.
    case grabbing = "grabbing"
    /// A horizontal-text I-beam.
    case text = "text"
    /// A vertical-text I-beam.
    case verticalText = "vertical-text"
    /// A crosshair.
    case crosshair = "crosshair"
    /// An arrow with a menu.
    case contextMenu = "context-menu"
    /// An arrow with a plus: a drop copies.
    case copy = "copy"
    /// An arrow with a link badge: a drop links.
    case alias = "alias"
    /// A circle-slash: the action is not allowed.
    case notAllowed = "not-allowed"
    /// The drop is refused here.
    case noDrop = "no-drop"
    /// A magnifier with a plus.
    case zoomIn = "zoom-in"
    /// A magnifier with a minus.
    case zoomOut = "zoom-out"
    /// Resize the top edge.
    case nResize = "n-resize"
    /// Resize the bottom edge.
    case sResize = "s-resize"
    /// Resize the right edge.
    case eResize = "e-resize"
    /// Resize the left edge.
    case wResize = "w-resize"
    /// Resize the top-right corner.
    case neResize = "ne-resize"
    /// Resize the top-left corner.
    case nwResize = "nw-resize"
    /// Resize the bottom-right corner.
    case seResize = "se-resize"
    /// Resize the bottom-left corner.
    case swResize = "sw-resize"
    /// Resize up and down.
    case nsResize = "ns-resize"
    /// Resize left and right.
    case ewResize = "ew-resize"
    /// Resize along the anti-diagonal.
    case neswResize = "nesw-resize"
    /// Resize along the diagonal.
    case nwseResize = "nwse-resize"
    /// Resize a column.
    case colResize = "col-resize"
    /// Resize a row.
    case rowResize = "row-resize"
    /// Scroll in any direction.
    case allScroll = "all-scroll"
    /// Move something.
    case move = "move"
    /// An arrow with a question mark.
    case help = "help"
    /// An arrow with a busy indicator.
    case progress = "progress"
    /// Busy: wait.
    case wait = "wait"
    /// Select cells.
    case cell = "cell"
}

/// The glyph of an accessory (SPEC A1).
public enum AccessoryGlyph: Hashable, Sendable {
    /// A small triangle pointing away from the pointer (resize handles: one per direction).
    case arrow
    /// A plus badge (copy).
    case plus
    /// A circle-slash badge (refused).
    case circleSlash
    /// A curved link arrow (alias drags, I2).
    case link
    /// Any glyph, as a path.
    case path(PointerPath)
}

/// Where an accessory sits around the pointer: an angle and a distance from the pointer's
/// edge. Angles in radians, 0 = right, π/2 = down (surface y grows downward).
public struct AccessoryPosition: Hashable, Sendable {
    /// The direction from the pointer, radians (0: right, π/2: below).
    public var angle: Double
    /// Gap between the pointer's edge and the glyph, points.
    public var offset: Double
    /// The position at `angle` radians, `offset` points beyond the pointer's edge.
    public init(angle: Double, offset: Double = 4) { self.angle = angle; self.offset = offset }
    /// Right of the pointer.
    public static let right = AccessoryPosition(angle: 0)
    /// Below the pointer.
    public static let bottom = AccessoryPosition(angle: Double.pi / 2)
    /// Left of the pointer.
    public static let left = AccessoryPosition(angle: Double.pi)
    /// Above the pointer.
    public static let top = AccessoryPosition(angle: -Double.pi / 2)
    /// Above and right of the pointer.
    public static let topRight = AccessoryPosition(angle: -Double.pi / 4)
    /// Below and right of the pointer.
    public static let bottomRight = AccessoryPosition(angle: Double.pi / 4)
}

/// A glyph attached to the pointer (UIPointerAccessory).
public struct PointerAccessory: Hashable, Sendable {
    /// The glyph.
    public var glyph: AccessoryGlyph
    /// Where it sits around the pointer.
    public var position: AccessoryPosition
    /// Arrow glyphs point along the position's angle unless `orientsToPosition` is false.
    public var orientsToPosition: Bool
    /// The accessory `glyph` at `position`, turned to point along it when `orientsToPosition`.
    public init(_ glyph: AccessoryGlyph, at position: AccessoryPosition, orientsToPosition: Bool = true) {
        self.glyph = glyph; self.position = position; self.orientsToPosition = orientsToPosition
    }
    /// An arrow at `position` pointing away from the pointer.
    public static func arrow(_ position: AccessoryPosition) -> PointerAccessory { PointerAccessory(.arrow, at: position) }
    /// The two arrows of a resize handle along `axis` (A1).
    public static func resizeArrows(_ axis: ResizeAxis) -> [PointerAccessory] {
        let a: Double
        switch axis {
        case .horizontal: a = 0
        case .vertical: a = Double.pi / 2
        case .diagonal: a = Double.pi / 4
        case .antiDiagonal: a = -Double.pi / 4
        }
        return [.arrow(AccessoryPosition(angle: a)), .arrow(AccessoryPosition(angle: a + Double.pi))]
    }
}

/// A small live label next to the pointer (SPEC A3). Never instructional text.
public struct PointerAnnotation: Hashable, Sendable {
    /// The label's text.
    public var text: String
    /// Where the label sits around the pointer.
    public var position: AccessoryPosition
    /// A label with `text` at `position`.
    public init(_ text: String, at position: AccessoryPosition = .bottomRight) {
        self.text = text; self.position = position
    }
}
