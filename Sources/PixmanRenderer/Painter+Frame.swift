// The engine's per-frame render description (PointerEngine/Render/Frame.swift) in the drawing
// library's looks: every field the engine animates is honoured here, so apps composing a
// frame (the playground, headless replay) only choose the paint order.
import PointerEngine

extension Painter {
    /// The drawing library's path for an engine path.
    public static func path(_ p: PointerPath) -> Path { Path(commands: p.commands) }

    /// The pointer as the engine describes it (P1–P3, P5, P6): each layer with its own
    /// opacity; the engine's default grey becomes the library's dark arrow / translucent circle,
    /// any other fill colour and contrast border are the user's accessibility choice.
    public static func pointer(_ p: PointerAppearance) -> [DrawOp] {
        guard p.opacity > 0 else { return [] }
        let customFill = p.fillColor != .pointerGray
        let border = p.borderColor
        let look = PointerLook(fill: customFill ? p.fillColor : Look.pointerFill, border: border ?? .white,
                               increasedContrast: border != nil, borderWidth: border != nil && p.borderWidth > 0 ? p.borderWidth : nil)
        var ops: [DrawOp] = []
        for layer in p.layers where layer.opacity > 0 {
            let o = min(layer.opacity * p.opacity, 1)
            switch layer.shape {
            case .arrow, .system:
                // System cursors (P4) belong to the compositor; inside the surface the arrow
                // stands for them.
                ops += arrowPointer(tip: p.position, size: p.scale, look: look, opacity: o)
            case .beam:
                // The I-beam (P2), along the longer side of its bounds.
                let b = layer.bounds
                ops += beam(center: b.center, lineHeight: max(b.width, b.height), vertical: b.height >= b.width,
                            size: max(min(b.width, b.height) / 2, 0.5), look: look, opacity: o)
            case .roundedRect, .ellipse:
                let b = layer.bounds
                let r = layer.shape == .ellipse ? min(b.width, b.height) / 2 : layer.cornerRadius
                let classicLook = customFill || border != nil ? look : PointerLook(fill: Look.pointerFill)
                ops += classicPointer(b, cornerRadius: r, look: classicLook, opacity: o)
            case .path(let pp):
                let pb = pp.bounds
                let rect = Rect(x: p.position.x + pb.minX * p.scale, y: p.position.y + pb.minY * p.scale,
                                width: max(pb.width * p.scale, 1), height: max(pb.height * p.scale, 1))
                let shape = Shape.path(path(pp))
                if pp.isFilled {
                    ops += customPointer(path(pp), in: rect, look: look, opacity: o)
                }
                if pp.lineWidth > 0 {
                    // A stroked glyph (crosshair): dark line with a light contrast halo.
                    let w = pp.lineWidth * p.scale
                    let halo = look.borderWidth * 2
                    ops.append(.shadow(shape, rect, blur: Look.pointerShadowBlur, offset: Vector(0, 0.5), Look.shadow.fading(o)))
                    ops.append(.stroke(shape, rect.outsetBy(halo / 2), lineWidth: w + halo, look.border.fading(o)))
                    ops.append(.stroke(shape, rect, lineWidth: w, look.fill.fading(o)))
                }
            }
        }
        return ops
    }

    /// An accessory as the engine places it (A1, A2): glyph, centre, angle, size, pop-in
    /// scale, colour and opacity.
    public static func accessory(_ a: AccessoryAppearance) -> [DrawOp] {
        guard a.opacity > 0, a.scale > 0 else { return [] }
        let glyph: AccessoryGlyph
        switch a.glyph {
        case .arrow: glyph = .arrow
        case .plus: glyph = .plus
        case .circleSlash: glyph = .circleSlash
        case .link: glyph = .link
        case .path(let p): glyph = .custom(path(p))
        }
        // Badges read at a larger size than arrow glyphs of the same box.
        let standard: Double
        switch glyph {
        case .arrow: standard = Look.accessorySize
        case .custom: standard = Look.accessorySize * 1.2
        default: standard = Look.badgeSize
        }
        let scale = a.size > 0 ? a.size / standard * a.scale : a.scale
        let fill = a.color == .pointerGray ? Look.pointerFill : a.color
        return accessory(glyph, at: a.center, angle: a.angle, scale: scale, look: PointerLook(fill: fill))
            .map { $0.fading(a.opacity) }
    }

    /// The font of an annotation of `size` points.
    public static func annotationFont(size: Double) -> Font { Font.system(size, bold: true) }

    /// An annotation as the engine describes it (A3); `metrics` measures `a.text` in
    /// `annotationFont(size: a.fontSize)`.
    /// The label moves inside `surface` when given (it never hangs off the window's edge).
    public static func annotation(_ a: AnnotationAppearance, metrics: TextExtents, within surface: Rect? = nil) -> [DrawOp] {
        guard a.opacity > 0 else { return [] }
        let pad = Vector(a.padding * AccessoryTuning.annotationSidePadding, a.padding)
        // Hung from the engine's anchor on the side it chose (it flips labels at the window's
        // edges, A3), sized to the measured text.
        var rect = a.frame(size: Size(metrics.width + 2 * pad.dx, metrics.height + 2 * pad.dy))
        if let s = surface {
            let m = AccessoryTuning.annotationWindowMargin
            rect.origin.x = max(s.minX + m, min(rect.minX, s.maxX - rect.width - m))
            rect.origin.y = max(s.minY + m, min(rect.minY, s.maxY - rect.height - m))
        }
        let ops: [DrawOp] = [
            .shadow(.capsule, rect, blur: 3, offset: Vector(0, 1.5), Color.black.withAlpha(0.2)),
            .fill(.capsule, rect, Color(hex: 0x1C1C1E, alpha: 0.86)),
            .text(a.text, annotationFont(size: a.fontSize), baseline: Point(rect.minX + pad.dx, rect.minY + pad.dy + metrics.ascent), .white),
        ]
        return ops.map { $0.fading(a.opacity) }
    }

    /// An element's content under its effect (E1–E3), in Frame.swift's order: shadow, underlay
    /// tint, platter, content (scaled and moved), overlay tint, specular light. The platter goes
    /// under the content so glyphs stay crisp on it.
    public static func effect(_ fx: EffectAppearance, content: [DrawOp]) -> [DrawOp] {
        var out: [DrawOp] = []
        if let s = fx.shadow, s.opacity > 0 {
            // The engine gives a Gaussian blur radius; the canvas takes σ ≈ radius / 2.
            // While the effect animates, the corner radius (which scales with the element) in
            // whole points: a blurred mask is made per radius, and under a 5 pt blur half a
            // point of corner radius does not show. At rest, exact.
            let radius = fx.progress == 1 ? s.cornerRadius : s.cornerRadius.rounded()
            out.append(.shadow(.roundedRect(cornerRadius: radius), s.rect, blur: s.blurRadius / 2, offset: .zero,
                               Color.black.withAlpha(min(s.opacity, 1))))
        }
        if let t = fx.tint, t.mode == .underlay {
            out.append(.fill(.roundedRect(cornerRadius: t.cornerRadius), t.rect, t.color))
        }
        if let p = fx.platter, p.opacity > 0 {
            // The engine's platter opacity is its grey's; the glass look has its own, so the
            // ratio to full strength is the presence. A non-default colour tints the glass.
            let presence = min(p.opacity / EffectTuning.platterOpacity, 1)
            out += platter(rect: p.rect, cornerRadius: p.cornerRadius, presence: presence,
                           tint: p.color == EffectTuning.platterColor ? .white : p.color.withAlpha(1))
        }
        if fx.contentScale != 1 || fx.contentOffset != .zero {
            out += content.map { $0.transformed(scale: fx.contentScale, about: fx.elementFrame.center, offset: fx.contentOffset) }
        } else {
            out += content
        }
        if let t = fx.tint, t.mode == .overlay {
            out.append(.fill(.roundedRect(cornerRadius: t.cornerRadius), t.rect, t.color))
        }
        if let sp = fx.specular, sp.opacity > 0 {
            let (radius, opacity) = fx.progress == 1 ? (sp.radius, min(sp.opacity, 1)) : animatingLight(sp)
            out.append(.spotlight(.roundedRect(cornerRadius: sp.clipCornerRadius), sp.clip, center: sp.center, radius: radius,
                                  Color.white.withAlpha(opacity)))
        }
        return out
    }

    /// Radius step (points) and opacity step of a specular light while its effect animates.
    static let animatingLightRadiusStep = 2.0
    static let animatingLightOpacityStep = 0.025

    /// The light of an effect on its way in or out, in a few sizes and strengths: its radial
    /// gradient image is made once per radius and colour, and a lift grows the radius and the
    /// opacity every frame — a new 130 px gradient per frame was the largest cost of the
    /// latency trace (issue 8). Within a point of radius and 0.0125 of opacity of the exact
    /// light, so the animation looks the same; at rest (progress 1) the light is exact.
    static func animatingLight(_ sp: SpecularAppearance) -> (radius: Double, opacity: Double) {
        let r = max((sp.radius / animatingLightRadiusStep).rounded() * animatingLightRadiusStep, animatingLightRadiusStep)
        let o = (min(sp.opacity, 1) / animatingLightOpacityStep).rounded() * animatingLightOpacityStep
        return (r, o > 0 ? o : animatingLightOpacityStep / 2)
    }

    /// A scroll edge effect as the engine places it (I5).
    public static func scrollEdgeEffect(_ e: ScrollEdgeEffectAppearance, background: Color) -> [DrawOp] {
        guard e.opacity > 0 else { return [] }
        let edge: Edge
        switch e.edge {
        case .top: edge = .top
        case .bottom: edge = .bottom
        case .left: edge = .leading
        case .right: edge = .trailing
        }
        let depth = edge == .top || edge == .bottom ? e.rect.height : e.rect.width
        return scrollEdgeEffect(e.rect, edge: edge, hard: e.style == .hard, background: background, depth: depth)
            .map { $0.fading(e.opacity) }
    }

    /// A drop target as the engine describes it (I2).
    public static func dropTarget(_ d: DropTargetAppearance) -> [DrawOp] {
        guard d.opacity > 0 else { return [] }
        let state: DropState
        switch d.state {
        case .available: state = .idle
        case .accepting: state = .accepting
        case .refusing: state = .refusing
        }
        return dropTarget(d.frame, cornerRadius: d.cornerRadius, state: state).map { $0.fading(d.opacity) }
    }
}
