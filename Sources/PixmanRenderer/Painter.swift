// The drawing library: the look of every pointer, effect, accessory and annotation, as display
// operations in points. Pure functions of their parameters — the engine animates the
// parameters (springs, cross-fades); this file only says how a given state looks.
import PointerEngine

/// Visual constants, named with their units.
public enum Look {
    /// Platter: how far it grows past the control on each side (pt) — SPEC E1 "a little larger".
    public static let platterOutset = 4.0
    /// Lift shadow: σ (pt) and drop (pt) — soft and below (SPEC E2).
    public static let liftShadowBlur = 9.0
    public static let liftShadowDrop = 7.0
    /// Pointer drop shadow σ (pt).
    public static let pointerShadowBlur = 1.6
    /// Pointer border (pt) around the dark fill, for contrast on any background.
    public static let pointerBorder = 1.25
    /// Accessory glyph size (pt) and their distance from the pointer centre (pt).
    public static let accessorySize = 9.0
    public static let badgeSize = 15.0
    /// A badge's contrast border (P6): a dark hairline (pt) outside a white ring (pt), at
    /// `badgeSize`; the hairline's colour.
    public static let badgeHairline = 0.75
    public static let badgeRing = 1.25
    public static let badgeOutline = Color(hex: 0x000000, alpha: 0.55)
    /// Annotation text size (pt) and padding (pt).
    public static let annotationFont = Font.system(12, bold: true)
    /// The I-beam's contrast halo is at most this wide on each side, points (P2, P6): with
    /// `PointerTuning.maximumBeamWidth` the beam is at most 5 pt across at any size (the
    /// default halo, 0.8 × `pointerBorder`, is just this).
    public static let maximumBeamBorder = 1.0
    public static let annotationPadding = Vector(7, 4)
    /// Scroll edge effect depth (pt).
    public static let edgeEffectDepth = 28.0

    public static let pointerFill = Color(hex: 0x1C1C1E, alpha: 0.92)
    public static let classicFill = Color(hex: 0x3A3A3C, alpha: 0.42)
    public static let shadow = Color(red: 0, green: 0, blue: 0, alpha: 0.28)
}

/// The drawing library (namespace). Each function returns operations to draw back to front.
public enum Painter {
    // MARK: Controls

    /// A plain control body: optional soft shadow, fill, hairline border.
    public static func control(_ rect: Rect, cornerRadius: Double, fill: Color, border: Color? = nil,
                               shadow: Bool = false) -> [DrawOp] {
        var ops: [DrawOp] = []
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        if shadow { ops.append(.shadow(shape, rect, blur: 3, offset: Vector(0, 1.5), Color.black.withAlpha(0.16))) }
        ops.append(.fill(shape, rect, fill))
        if let border { ops.append(.stroke(shape, rect, lineWidth: 0.5, border)) }
        return ops
    }

    /// An app icon: a rounded square with a vertical gradient and a centred glyph path.
    public static func appIcon(_ rect: Rect, top: Color, bottom: Color, glyph: Path?) -> [DrawOp] {
        let r = rect.width * 0.225
        var ops: [DrawOp] = [.gradient(.roundedRect(cornerRadius: r), rect, .vertical(top, bottom), opacity: 1)]
        if let glyph {
            let g = rect.insetBy(rect.width * 0.27)
            ops.append(.fill(.path(glyph), g, Color.white.withAlpha(0.95)))
        }
        ops.append(.stroke(.roundedRect(cornerRadius: r), rect, lineWidth: 0.5, Color.black.withAlpha(0.08)))
        return ops
    }

    /// Text centred in a rectangle.
    public static func label(_ text: String, in rect: Rect, font: Font, color: Color, metrics: TextExtents) -> [DrawOp] {
        let x = rect.midX - metrics.width / 2
        let y = rect.midY + (metrics.ascent - metrics.descent) / 2
        return [.text(text, font, baseline: Point(x, y), color)]
    }

    // MARK: Effects (SPEC E1–E3)

    /// The highlight platter (SPEC E1): a translucent, softly edged rounded platter with a
    /// subtle rim, slightly larger than the control, drifting by `parallax`. `presence` 0…1
    /// fades it in and out.
    public static func platter(around control: Rect, cornerRadius: Double, parallax: Vector = .zero,
                               presence: Double = 1, tint: Color = .white) -> [DrawOp] {
        platter(rect: control.outsetBy(Look.platterOutset).offsetBy(parallax), cornerRadius: cornerRadius + Look.platterOutset,
                presence: presence, tint: tint)
    }

    /// The platter filling exactly `rect` (the engine already grew and moved it).
    public static func platter(rect: Rect, cornerRadius: Double, presence: Double = 1, tint: Color = .white) -> [DrawOp] {
        guard presence > 0 else { return [] }
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        // Glass: a light, slightly cool body, brighter at the top, over a faint soft shadow.
        let body = Gradient(.linear(from: Point(0.5, 0), to: Point(0.5, 1)),
                            stops: [.init(0, tint.withAlpha(0.55)), .init(1, tint.withAlpha(0.40))])
        let ops: [DrawOp] = [
            // Soft edge: a wide faint shadow plus a tight contact shadow.
            .shadow(shape, rect, blur: 5, offset: Vector(0, 1.5), Color.black.withAlpha(0.07)),
            .fill(shape, rect, Color(hex: 0x8E8E93, alpha: 0.22)),
            .gradient(shape, rect, body, opacity: 1),
            // Rim: a bright inner edge, then a faint dark outer line for definition on white.
            .stroke(shape, rect.insetBy(0.5), lineWidth: 1, Color.white.withAlpha(0.9)),
            .stroke(shape, rect, lineWidth: 0.5, Color.black.withAlpha(0.08)),
        ]
        return ops.map { $0.fading(presence) }
    }

    /// Lift (SPEC E2): the element's own operations scaled about its centre, a soft shadow
    /// below, and a specular light following the pointer. `progress` 0…1 animates it in.
    public static func lift(_ element: [DrawOp], bounds: Rect, shape: Shape, scale: Double = 1.08,
                            pointer: Point?, parallax: Vector = .zero, progress: Double = 1) -> [DrawOp] {
        let p = min(max(progress, 0), 1)
        let s = 1 + (scale - 1) * p
        let c = bounds.center
        let lifted = bounds.scaled(by: s).offsetBy(parallax * p)
        let liftedShape: Shape = { if case .roundedRect(let r) = shape { return .roundedRect(cornerRadius: r * s) }; return shape }()
        var ops: [DrawOp] = []
        if p > 0 {
            ops.append(.shadow(liftedShape, lifted, blur: Look.liftShadowBlur, offset: Vector(0, Look.liftShadowDrop),
                               Look.shadow.fading(p)))
        }
        ops += element.map { $0.transformed(scale: s, about: c, offset: parallax * p) }
        if p > 0, let pointer {
            let at = lifted.clamp(pointer)
            ops.append(.spotlight(liftedShape, lifted, center: at, radius: max(lifted.width, lifted.height) * 0.75,
                                  Color.white.withAlpha(0.38 * p)))
        }
        return ops
    }

    public enum Tint: Hashable, Sendable {
        case none
        /// Drawn over the element.
        case overlay(Color)
        /// Drawn under the element (rows).
        case underlay(Color)
    }

    /// Hover (SPEC E3): optional scale, tint and shadow; never touches the pointer.
    public static func hover(_ element: [DrawOp], bounds: Rect, shape: Shape, scale: Double = 1, tint: Tint = .none,
                             shadow: Bool = false, progress: Double = 1) -> [DrawOp] {
        let p = min(max(progress, 0), 1)
        let s = 1 + (scale - 1) * p
        let rect = bounds.scaled(by: s)
        var ops: [DrawOp] = []
        if shadow && p > 0 {
            ops.append(.shadow(shape, rect, blur: 8, offset: Vector(0, 5), Color.black.withAlpha(0.22 * p)))
        }
        if case .underlay(let c) = tint, p > 0 { ops.append(.fill(shape, rect, c.fading(p))) }
        ops += s == 1 ? element : element.map { $0.transformed(scale: s, about: bounds.center) }
        if case .overlay(let c) = tint, p > 0 { ops.append(.fill(shape, rect, c.fading(p))) }
        return ops
    }

    // MARK: Pointer (SPEC P1–P6)

    /// Accessibility look of the pointer (SPEC P6).
    public struct PointerLook: Hashable, Sendable {
        public var fill: Color
        /// Contrast border colour; thicker when `increasedContrast`.
        public var border: Color
        public var increasedContrast: Bool
        /// An explicit border width (points), overriding the default and contrast widths.
        public var explicitBorderWidth: Double?
        public init(fill: Color = Look.pointerFill, border: Color = .white, increasedContrast: Bool = false,
                    borderWidth: Double? = nil) {
            self.fill = fill; self.border = border; self.increasedContrast = increasedContrast
            explicitBorderWidth = borderWidth
        }
        var borderWidth: Double { explicitBorderWidth ?? (increasedContrast ? 2.5 : Look.pointerBorder) }
    }

    /// The modern arrow (tip at `tip`), `size` × the 19 pt base size.
    public static func arrowPointer(tip: Point, size: Double = 1, look: PointerLook = .init(), opacity: Double = 1) -> [DrawOp] {
        let h = 19.0 * size
        let w = h * 0.72
        let rect = Rect(x: tip.x - look.borderWidth, y: tip.y - look.borderWidth, width: w + 2 * look.borderWidth,
                        height: h + 2 * look.borderWidth)
        return bordered(.path(arrowPath), rect, look: look).map { $0.fading(opacity) }
    }

    /// The classic circle (SPEC P1), or the rounded shape it has morphed into: the engine
    /// animates `rect` and `cornerRadius` between the 19 pt circle and the control's shape.
    public static func classicPointer(_ rect: Rect, cornerRadius: Double, look: PointerLook = .init(), opacity: Double = 1) -> [DrawOp] {
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        var fill = Look.classicFill
        if look.fill != Look.pointerFill { fill = look.fill.withAlpha(max(look.fill.alpha * 0.5, 0.35)) }
        var ops: [DrawOp] = [
            .shadow(shape, rect, blur: 2, offset: Vector(0, 0.5), Color.black.withAlpha(0.12)),
            .fill(shape, rect, fill),
        ]
        if look.increasedContrast {
            ops.append(.stroke(shape, rect, lineWidth: 1.5, look.border))
        } else {
            ops.append(.stroke(shape, rect, lineWidth: 0.5, Color.white.withAlpha(0.35)))
        }
        return ops.map { $0.fading(opacity) }
    }

    /// The I-beam over text (SPEC P2), `lineHeight` tall; horizontal for vertical text.
    public static func beam(center: Point, lineHeight: Double, vertical: Bool = true, size: Double = 1,
                            look: PointerLook = .init(), opacity: Double = 1) -> [DrawOp] {
        let thick = 2.0 * size
        let len = max(lineHeight, 8)
        let rect = vertical ? Rect(x: center.x - thick / 2, y: center.y - len / 2, width: thick, height: len)
                            : Rect(x: center.x - len / 2, y: center.y - thick / 2, width: len, height: thick)
        // The contrast halo stays thin too (P6): the glyph under the beam must stay readable.
        let b = min(look.borderWidth * 0.8, Look.maximumBeamBorder)
        let ops: [DrawOp] = [
            .shadow(.capsule, rect, blur: Look.pointerShadowBlur, offset: Vector(0, 0.5), Look.shadow),
            .fill(.capsule, rect.outsetBy(b), look.border),
            .fill(.capsule, rect, look.fill),
        ]
        return ops.map { $0.fading(opacity) }
    }

    /// A custom pointer shape (SPEC P3): any path, laid into `rect`.
    public static func customPointer(_ path: Path, in rect: Rect, look: PointerLook = .init(), opacity: Double = 1) -> [DrawOp] {
        bordered(.path(path), rect, look: look).map { $0.fading(opacity) }
    }

    /// Dark fill with a contrast border and a small shadow; the border hugs the shape.
    static func bordered(_ shape: Shape, _ rect: Rect, look: PointerLook) -> [DrawOp] {
        let b = look.borderWidth
        return [
            .shadow(shape, rect, blur: Look.pointerShadowBlur, offset: Vector(0, 0.75), Look.shadow),
            .stroke(shape, rect, lineWidth: 2 * b, look.border),
            .fill(shape, rect.insetBy(b), look.fill),
        ]
    }

    /// The modern arrow's outline: tip at the origin, a gently rounded notch.
    public static let arrowPath = Path { p in
        p.move(to: Point(0, 0))
        p.line(to: Point(0, 17.2))
        p.quad(control: Point(0.4, 18.4), to: Point(1.3, 17.6))
        p.line(to: Point(5.1, 13.6))
        p.line(to: Point(12.4, 13.3))
        p.quad(control: Point(13.6, 12.9), to: Point(12.8, 12.1))
        p.close()
    }

    // MARK: Accessories (SPEC A1, A2)

    public enum AccessoryGlyph: Hashable, Sendable {
        /// A small triangle pointing away from the pointer (resize handles: one per side).
        case arrow
        /// Copy: a plus badge.
        case plus
        /// Refused: a circle-slash badge.
        case circleSlash
        /// Alias / link: a curved-arrow badge.
        case link
        /// Any path, drawn like the pointer.
        case custom(Path)
    }

    /// An accessory at `angle` (radians, 0 = right, clockwise on screen since y grows down)
    /// `distance` pt from `center`. `progress` 0…1 scales and fades it (appearance, A2).
    public static func accessory(_ glyph: AccessoryGlyph, center: Point, angle: Double, distance: Double,
                                 progress: Double = 1, look: PointerLook = .init()) -> [DrawOp] {
        let p = min(max(progress, 0), 1)
        guard p > 0 else { return [] }
        let at = Point(center.x + distance * cosine(angle), center.y + distance * sine(angle))
        return accessory(glyph, at: at, angle: angle, scale: 0.6 + 0.4 * p, look: look).map { $0.fading(p) }
    }

    /// An accessory glyph centred at `at`; arrows point along `angle`. `scale` multiplies the
    /// standard sizes (`Look.accessorySize`, `Look.badgeSize`).
    public static func accessory(_ glyph: AccessoryGlyph, at: Point, angle: Double, scale s: Double,
                                 look: PointerLook = .init()) -> [DrawOp] {
        switch glyph {
        case .arrow:
            let size = Look.accessorySize * s
            let path = Path.polygon(triangle(pointing: angle))
            let rect = Rect(x: at.x - size / 2, y: at.y - size / 2, width: size, height: size)
            return bordered(.path(path), rect, look: PointerLook(fill: look.fill, border: look.border,
                                                                 increasedContrast: look.increasedContrast))
        case .plus, .circleSlash, .link:
            let d = Look.badgeSize * s
            let rect = Rect(x: at.x - d / 2, y: at.y - d / 2, width: d, height: d)
            let fill: Color
            switch glyph {
            case .plus: fill = Color(hex: 0x30B158)
            case .circleSlash: fill = Color(hex: 0x636366) // dark grey: the white glyph reads on it
            default: fill = Color(hex: 0x0A84FF)
            }
            // P6 contrast border: a dark hairline outside a white ring, so the badge's edge reads
            // on any preview colour, light or dark (issue 17.5).
            let hairline = Look.badgeHairline * s, ring = Look.badgeRing * s
            var ops: [DrawOp] = [
                .shadow(.ellipse, rect, blur: 1.5, offset: Vector(0, 0.75), Look.shadow),
                .fill(.ellipse, rect, Look.badgeOutline),
                .fill(.ellipse, rect.insetBy(hairline), .white),
                .fill(.ellipse, rect.insetBy(hairline + ring), fill),
            ]
            let inner = rect.insetBy(d * 0.24)
            switch glyph {
            case .plus:
                let t = d * 0.13
                ops.append(.fill(.capsule, Rect(x: inner.minX, y: inner.midY - t / 2, width: inner.width, height: t), .white))
                ops.append(.fill(.capsule, Rect(x: inner.midX - t / 2, y: inner.minY, width: t, height: inner.height), .white))
            case .circleSlash:
                ops.append(.fill(.path(Path.ring(in: Rect(x: 0, y: 0, width: 10, height: 10), thickness: 1.6)), inner, .white))
                ops.append(.fill(.path(slashPath), inner, .white))
            default:
                ops.append(.fill(.path(linkPath), inner, .white))
            }
            return ops
        case .custom(let path):
            let size = Look.accessorySize * 1.2 * s
            let rect = Rect(x: at.x - size / 2, y: at.y - size / 2, width: size, height: size)
            return bordered(.path(path), rect, look: look)
        }
    }

    /// A cross-fade between two glyphs (A2: plus → circle-slash): `t` 0 shows `from`.
    public static func accessoryTransition(from a: AccessoryGlyph, to b: AccessoryGlyph, t: Double, center: Point,
                                           angle: Double, distance: Double, look: PointerLook = .init()) -> [DrawOp] {
        accessory(a, center: center, angle: angle, distance: distance, progress: 1 - t, look: look)
            + accessory(b, center: center, angle: angle, distance: distance, progress: t, look: look)
    }

    static func triangle(pointing angle: Double) -> [Point] {
        // An isosceles triangle in a 10×10 box, apex toward `angle`.
        let c = Point(5, 5)
        func at(_ a: Double, _ r: Double) -> Point { Point(c.x + r * cosine(a), c.y + r * sine(a)) }
        return [at(angle, 5), at(angle + 2.3, 4.6), at(angle - 2.3, 4.6)]
    }

    static let slashPath = Path.polygon([Point(1.9, 2.9), Point(2.9, 1.9), Point(8.1, 7.1), Point(7.1, 8.1)])
    static let linkPath = Path { p in
        // A curved arrow: a thick arc ending in an arrowhead, pointing up-right.
        p.move(to: Point(1, 10)); p.line(to: Point(1, 7))
        p.quad(control: Point(1, 3), to: Point(6, 3))
        p.line(to: Point(6, 0.5)); p.line(to: Point(10, 4.5)); p.line(to: Point(6, 8.5)); p.line(to: Point(6, 5.6))
        p.quad(control: Point(3.4, 5.6), to: Point(3.4, 7.4))
        p.line(to: Point(3.4, 10)); p.close()
    }

    // MARK: Annotations (SPEC A3)

    /// A live label next to the pointer: a dark capsule with white text. `anchor` is where
    /// the label's leading-top corner sits (the engine keeps it on screen).
    public static func annotation(_ text: String, at anchor: Point, metrics: TextExtents, opacity: Double = 1) -> [DrawOp] {
        let pad = Look.annotationPadding
        let rect = Rect(x: anchor.x, y: anchor.y, width: metrics.width + 2 * pad.dx, height: metrics.height + 2 * pad.dy)
        let ops: [DrawOp] = [
            .shadow(.capsule, rect, blur: 3, offset: Vector(0, 1.5), Color.black.withAlpha(0.2)),
            .fill(.capsule, rect, Color(hex: 0x1C1C1E, alpha: 0.86)),
            .text(text, Look.annotationFont, baseline: Point(rect.minX + pad.dx, rect.minY + pad.dy + metrics.ascent), .white),
        ]
        return ops.map { $0.fading(opacity) }
    }

    /// The annotation's size for a text (to place it).
    public static func annotationSize(_ metrics: TextExtents) -> Size {
        Size(metrics.width + 2 * Look.annotationPadding.dx, metrics.height + 2 * Look.annotationPadding.dy)
    }

    // MARK: Interactions (SPEC I1, I2, I5)

    /// The band-selection rectangle.
    public static func bandSelection(_ rect: Rect, accent: Color = .accent) -> [DrawOp] {
        [.fill(.roundedRect(cornerRadius: 2), rect, accent.withAlpha(0.14)),
         .stroke(.roundedRect(cornerRadius: 2), rect, lineWidth: 1, accent.withAlpha(0.85))]
    }

    /// A scroll indicator thumb (`rect` is the thumb), fading with `opacity`.
    public static func scrollIndicator(_ rect: Rect, opacity: Double = 1) -> [DrawOp] {
        [.fill(.capsule, rect.outsetBy(0.5), Color.white.withAlpha(0.5 * opacity)),
         .fill(.capsule, rect, Color.black.withAlpha(0.42 * opacity))]
    }

    public enum Edge: Hashable, Sendable { case top, bottom, leading, trailing }

    /// A scroll edge effect where a scroll view meets floating controls (SPEC I5): soft fades
    /// content into the background; hard is an opaque band with a divider.
    public static func scrollEdgeEffect(_ view: Rect, edge: Edge, hard: Bool, background: Color,
                                        depth: Double = Look.edgeEffectDepth) -> [DrawOp] {
        let band: Rect
        let from: Point, to: Point
        switch edge {
        case .top: band = Rect(x: view.minX, y: view.minY, width: view.width, height: depth); from = Point(0.5, 0); to = Point(0.5, 1)
        case .bottom: band = Rect(x: view.minX, y: view.maxY - depth, width: view.width, height: depth); from = Point(0.5, 1); to = Point(0.5, 0)
        case .leading: band = Rect(x: view.minX, y: view.minY, width: depth, height: view.height); from = Point(0, 0.5); to = Point(1, 0.5)
        case .trailing: band = Rect(x: view.maxX - depth, y: view.minY, width: depth, height: view.height); from = Point(1, 0.5); to = Point(0, 0.5)
        }
        if hard {
            let line: Rect
            switch edge {
            case .top: line = Rect(x: band.minX, y: band.maxY - 0.5, width: band.width, height: 0.5)
            case .bottom: line = Rect(x: band.minX, y: band.minY, width: band.width, height: 0.5)
            case .leading: line = Rect(x: band.maxX - 0.5, y: band.minY, width: 0.5, height: band.height)
            case .trailing: line = Rect(x: band.minX, y: band.minY, width: 0.5, height: band.height)
            }
            return [.fill(.rect, band, background.withAlpha(0.96)), .fill(.rect, line, Color.black.withAlpha(0.14))]
        }
        let g = Gradient(.linear(from: from, to: to),
                         stops: [.init(0, background.withAlpha(0.95)), .init(0.45, background.withAlpha(0.6)), .init(1, background.withAlpha(0))])
        return [.gradient(.rect, band, g, opacity: 1)]
    }

    public enum DropState: Hashable, Sendable { case idle, accepting, refusing }

    /// A drop target outline: quiet when idle, accent when a drop would land, grey when refused.
    public static func dropTarget(_ rect: Rect, cornerRadius: Double, state: DropState) -> [DrawOp] {
        let shape = Shape.roundedRect(cornerRadius: cornerRadius)
        switch state {
        case .idle:
            return [.fill(shape, rect, Color.black.withAlpha(0.03)), .stroke(shape, rect, lineWidth: 1, Color.black.withAlpha(0.15))]
        case .accepting:
            return [.fill(shape, rect, Color.accent.withAlpha(0.12)), .stroke(shape, rect, lineWidth: 2, Color.accent)]
        case .refusing:
            return [.fill(shape, rect, Color.black.withAlpha(0.05)), .stroke(shape, rect, lineWidth: 2, Color(hex: 0x8E8E93))]
        }
    }
}

@inline(__always) func cosine(_ a: Double) -> Double { _cos(a) }
@inline(__always) func sine(_ a: Double) -> Double { _sin(a) }
