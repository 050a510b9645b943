// The pointer's shape and its morphs (SPEC P1–P3, P6).

package enum PointerTuning {
    /// P1: the classic pointer is a circle this wide at size 1, points.
    package static let classicDiameter = 19.0
    /// P1: the modern arrow's box at size 1, points (tip at the hot spot, top-left).
    package static let arrowSize = Size(width: 13, height: 19)
    /// P2: I-beam stroke width at size 1, points.
    package static let beamWidth = 2.0
    /// P2, P3: a morph between an I-beam and a rounded shape draws the beam while its thinner
    /// side is at most this at size 1 (at least 0.5), points; past it, the rounded shape.
    package static let beamMorphThickness = 4.0
    /// P2, P6: the I-beam's stroke is never wider than this, points, at any pointer size (its
    /// height follows the line): a wider beam hides the glyph under it, the one being aimed at.
    package static let maximumBeamWidth = 3.0

    /// P2, P6: the I-beam's stroke width at pointer `size`.
    package static func beamWidth(size: Double) -> Double { min(beamWidth * size, maximumBeamWidth) }
    /// P1 classic: the pointer-platter extends past the element by this much, points.
    package static let classicPlatterPadding = 4.0
    /// P1 classic: the platter is a translucent version of the pointer colour, at this opacity
    /// (unitless, 0…1).
    package static let classicPlatterOpacity = 0.35
    /// P3: morph spring response (seconds).
    package static let morphResponse = 0.28
    /// P3: morph spring damping ratio (unitless ζ; under 1, a little overshoot reads as elastic).
    package static let morphDamping = 0.82
    /// P6: contrast border width at size 1, points.
    package static let borderWidth = 1.0
    /// P5: a pointer faded to this opacity or less shows nothing (under 1/255 of a pixel's
    /// value): shown again, it appears as its new shape rather than morphing from the old one.
    package static let invisibleOpacity = 0.002
    /// P1, P2: a system cursor's box (a named cursor the compositor draws) at size 1, points.
    package static let systemCursorSize = 24.0
    /// P6: a fill whose relative luminance (unitless, 0…1, Rec. 709) is over this gets a black
    /// contrast border, any other a white one.
    package static let contrastLumaThreshold = 0.5
    /// Size of accessory glyphs at size 1, points (A1).
    package static let accessorySize = 9.0
    /// Diameter of the drag badges (plus, link, circle-slash) at size 1, points (A1, A2; issue
    /// 17.5): at 9 pt the circle-slash did not read on a coloured preview; 16 pt reads at arm's
    /// length, as the Mac's drag badges do, and stays smaller than a 40 pt icon's corner.
    package static let badgeSize = 16.0
}

/// What the pointer should become (the morph's target).
struct ShapeTarget: Hashable, Sendable {
    enum Anchor: Hashable, Sendable {
        /// A rect relative to the drawn pointer's position: moves with it.
        case pointer(Rect)
        /// A fixed surface rect (bound to an element).
        case surface(Rect)
    }
    /// Identifies the target: a change of key starts a morph; the same key just follows.
    struct Key: Hashable, Sendable {
        var kind: Kind
        var element: ElementID?
        var size: Size
        var source: Source
        var cursor: SystemCursor?
        init(_ kind: Kind, element: ElementID? = nil, size: Size = .zero, source: Source = .engine, cursor: SystemCursor? = nil) {
            self.kind = kind; self.element = element; self.size = size; self.source = source; self.cursor = cursor
        }
    }
    enum Kind: UInt8, Hashable, Sendable {
        case none, arrow, circle, platter, verticalBeam, horizontalBeam, rect, elementRect, ellipse, path, system
    }
    /// Who asked for the shape: the engine's defaults, an element's style, an interaction.
    enum Source: UInt8, Hashable, Sendable { case engine, style, request }
    var key: Key
    var shape: PointerLayerShape
    var anchor: Anchor
    var cornerRadius: Double
    /// Multiplies the layer's opacity (classic platter).
    var opacity: Double
    /// Drawn under the element's content.
    var underContent: Bool
    /// An I-beam, or a shape frozen mid-morph as one: the thinner side up to which a morph
    /// with it draws the beam (`PointerTuning.beamMorphThickness`), points; 0: not a beam.
    var beamThickness: Double = 0

    func rect(at drawn: Point) -> Rect {
        switch anchor {
        case .pointer(let r): r.offsetBy(drawn - .zero)
        case .surface(let r): r
        }
    }

    /// Morphs continuously with another rounded shape (P3).
    var isRounded: Bool {
        switch shape {
        case .roundedRect, .beam: true
        case .arrow, .ellipse, .path, .system: false
        }
    }
}

/// The morph between the previous shape and the current target (P3).
struct PointerMorph: Hashable, Sendable {
    var from: ShapeTarget?
    var to: ShapeTarget
    var progress: Animated

    init(_ target: ShapeTarget, reduceMotion: Bool) {
        to = target
        progress = Animated(1, response: PointerTuning.morphResponse, dampingRatio: PointerTuning.morphDamping, reduceMotion: reduceMotion)
    }

    var isSettled: Bool { from == nil || progress.isSettled }

    /// Points the morph at `target`; starts a new morph when the key changes.
    mutating func retarget(_ target: ShapeTarget, drawn: Point, reduceMotion: Bool) {
        guard target.key != to.key else { to = target; return }
        // Freeze what is on screen now as the start, relative to the pointer so it travels along.
        let current = layers(at: drawn, reduceMotion: reduceMotion).max { $0.opacity < $1.opacity }
        if let c = current {
            let dominantIsTo = progress.value >= 0.5 || from == nil
            let base = dominantIsTo ? to : (from ?? to)
            from = ShapeTarget(key: base.key, shape: c.shape, anchor: .pointer(c.bounds.offsetBy(.zero - drawn)),
                               cornerRadius: c.cornerRadius, opacity: base.opacity, underContent: base.underContent,
                               beamThickness: c.shape == .beam ? max(to.beamThickness, from?.beamThickness ?? 0) : 0)
        } else {
            from = to
        }
        to = target
        progress.reduceMotion = reduceMotion
        progress.reset(to: 0)
        progress.target = 1
    }

    mutating func step(by dt: Double) {
        progress.step(by: dt)
        if progress.isSettled, progress.target == 1 { from = nil }
    }

    /// The layers to draw with the drawn pointer at `drawn`.
    func layers(at drawn: Point, reduceMotion: Bool) -> [PointerLayer] {
        let toRect = to.rect(at: drawn)
        guard let from else {
            return [PointerLayer(shape: to.shape, bounds: toRect, cornerRadius: to.cornerRadius, opacity: to.opacity)]
        }
        let p = progress.value
        let fromRect = from.rect(at: drawn)
        if from.isRounded, to.isRounded, !reduceMotion {
            // A continuous morph: bounds and radius follow the spring (may overshoot a little).
            let x0 = lerp(fromRect.minX, toRect.minX, p), y0 = lerp(fromRect.minY, toRect.minY, p)
            let x1 = lerp(fromRect.maxX, toRect.maxX, p), y1 = lerp(fromRect.maxY, toRect.maxY, p)
            let r = Rect(corner: Point(x0, y0), Point(max(x0, x1), max(y0, y1)))
            let radius = min(max(0, lerp(from.cornerRadius, to.cornerRadius, p)), min(r.width, r.height) / 2)
            let beam = min(r.width, r.height) <= max(from.beamThickness, to.beamThickness)
            return [PointerLayer(shape: beam ? .beam : .roundedRect, bounds: r, cornerRadius: radius,
                                 opacity: clamp(lerp(from.opacity, to.opacity, p), 0, 1))]
        }
        // Different kinds (or reduce motion): a cross-fade.
        let t = clamp(p, 0, 1)
        return [PointerLayer(shape: from.shape, bounds: fromRect, cornerRadius: from.cornerRadius, opacity: from.opacity * (1 - t)),
                PointerLayer(shape: to.shape, bounds: toRect, cornerRadius: to.cornerRadius, opacity: to.opacity * t)]
            .filter { $0.opacity > 0 }
    }
}
