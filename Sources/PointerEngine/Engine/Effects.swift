// Content effects (SPEC E1–E5): choosing one, animating it in and out, and describing it.

/// Picks the effect for an element (SPEC E4) and knows its tuning.
package enum EffectChooser {
    /// Standalone controls up to this size (largest side, points) lift; larger ones hover.
    package static let liftMaximumSize = 120.0

    /// The effect an element gets: its style's, or — for `.automatic` and no style — the
    /// default for its kind and size (E1–E4). nil: no content effect (text, resize handles,
    /// graphs, custom shapes with `.none`).
    package static func effect(for e: Element) -> EffectKind? {
        switch e.style?.effect {
        case .highlight?: return .highlight
        case .lift?: return .lift
        case .hover?: return .hover
        case .none?: return nil
        case .automatic?, nil: return automatic(kind: e.kind, size: e.frame.size)
        }
    }

    /// The hover parameters for an element with a hover effect (E3).
    package static func hoverEffect(for e: Element) -> HoverEffect {
        if case .hover(let h)? = e.style?.effect { return h }
        switch e.kind {
        case .row, .menuItem, .dropTarget, .collectionItem: return .tintOnly
        case .card, .button, .icon, .image: return .card
        case .barButton, .segment, .tab, .textArea, .resizeHandle, .graph, .scrubber, .canvas,
             .collection, .scrollView, .pagedView, .toolbar, .segmentedControl, .tabBar, .menu,
             .sidebar, .tabView, .revealingControls, .group, .label: return .tintOnly
        }
    }

    /// E4: highlight for bar buttons, tabs, segments and menu items; lift for standalone
    /// controls, icons and small opaque items; hover for large things (cards, rows).
    package static func automatic(kind: ElementKind, size: Size) -> EffectKind? {
        let small = max(size.width, size.height) <= liftMaximumSize
        switch kind {
        case .barButton, .segment, .tab, .menuItem: return .highlight
        case .button, .icon, .collectionItem: return small ? .lift : .hover
        case .card, .row, .dropTarget: return .hover
        case .image: return small ? .lift : nil
        case .textArea, .resizeHandle, .graph, .scrubber, .canvas, .collection, .scrollView,
             .pagedView, .toolbar, .segmentedControl, .tabBar, .menu, .sidebar, .tabView,
             .revealingControls, .group, .label: return nil
        }
    }
}

/// Tuning of the effects, with units.
package enum EffectTuning {
    /// E1: the platter extends past the element by this much on each side, points.
    package static let platterPadding = 5.0
    /// E1: smallest platter corner radius, points.
    package static let platterMinimumRadius = 8.0
    /// E1: platter opacity at full effect (unitless, 0…1).
    package static let platterOpacity = 0.22
    /// E1: the platter's colour (RGB components, 0…1), drawn at `platterOpacity`.
    package static let platterColor = Color(red: 0.5, green: 0.5, blue: 0.55)
    /// E1: how far the platter drifts toward the pointer at the element's edge, points.
    package static let highlightParallax = 3.0
    /// E1: the content drifts this fraction of the platter's parallax (unitless).
    package static let highlightContentParallax = 0.5
    /// E2: the lifted element grows by this much on each side, points (scale from size)…
    package static let liftGrowth = 3.0
    /// … within these scale limits (unitless, of the element's size).
    package static let liftScaleRange: ClosedRange<Double> = 1.03...1.15
    /// E2: the lift shadow's offset down, points.
    package static let liftShadowOffset = 4.0
    /// E2: the lift shadow's blur radius, points.
    package static let liftShadowBlur = 10.0
    /// E2: the lift shadow's opacity at full effect (unitless, 0…1).
    package static let liftShadowOpacity = 0.3
    /// E2: specular highlight radius as a fraction of the element's larger side (unitless).
    package static let specularRadius = 0.75
    /// E2: the specular highlight's peak opacity (unitless, 0…1).
    package static let specularOpacity = 0.35
    /// E2: parallax of the lifted content at the element's edge, points.
    package static let liftParallax = 2.0
    /// E3: the default hover tint (RGBA components, 0…1).
    package static let hoverTint = Color(red: 0, green: 0, blue: 0, alpha: 0.06)
    /// E3: the hover shadow's opacity at full effect (unitless, 0…1).
    package static let hoverShadowOpacity = 0.2
    /// E5: spring response of an effect coming in (seconds).
    package static let inResponse = 0.22
    /// E5: spring damping ratio of an effect coming in (unitless ζ).
    package static let inDamping = 0.78
    /// E5: spring response of an effect going out (seconds).
    package static let outResponse = 0.25
    /// E5: spring damping ratio of an effect going out (unitless ζ; 1: no overshoot).
    package static let outDamping = 1.0

    /// E2: scale for an element of `size`.
    package static func liftScale(for size: Size) -> Double {
        let m = max(size.width, size.height, 1)
        return clamp(1 + 2 * liftGrowth / m, liftScaleRange.lowerBound, liftScaleRange.upperBound)
    }
}

/// One element's effect while it animates in, holds, or animates out (E5).
struct EffectInstance: Hashable, Sendable {
    let element: ElementID
    let kind: EffectKind
    let hover: HoverEffect
    var progress: Animated
    /// Surface frame and radius last seen (kept while fading out after the element vanished).
    var frame: Rect
    var cornerRadius: Double

    var isGone: Bool { progress.target == 0 && progress.isSettled }

    /// The appearance at `progress`, with the logical pointer at `pointer` and the drawn one
    /// at `drawn`.
    func appearance(pointer: Point, drawn: Point, reduceMotion: Bool, classic: Bool) -> EffectAppearance {
        let p = progress.value
        let pf = clamp(p, 0, 1)
        let f = frame
        let half = Vector(max(f.width / 2, 1), max(f.height / 2, 1))
        let rel = pointer - f.center
        let norm = Vector(clamp(rel.dx / half.dx, -1, 1), clamp(rel.dy / half.dy, -1, 1))
        var a = EffectAppearance(element: element, kind: kind, elementFrame: f, cornerRadius: cornerRadius, progress: p)
        switch kind {
        case .highlight:
            let parallax = reduceMotion ? Vector.zero : norm * (EffectTuning.highlightParallax * pf)
            a.contentOffset = parallax * EffectTuning.highlightContentParallax
            // In the classic generation the pointer itself becomes the platter (P1).
            if !classic {
                let r = f.outsetBy(EffectTuning.platterPadding)
                a.platter = PlatterAppearance(rect: r.scaled(by: reduceMotion ? 1 : lerp(0.96, 1, pf)).offsetBy(parallax),
                                              cornerRadius: max(cornerRadius + EffectTuning.platterPadding, EffectTuning.platterMinimumRadius),
                                              opacity: EffectTuning.platterOpacity * pf, color: EffectTuning.platterColor)
            }
        case .lift:
            let s = 1 + (EffectTuning.liftScale(for: f.size) - 1) * p
            a.contentScale = s
            a.contentOffset = reduceMotion ? .zero : norm * (EffectTuning.liftParallax * pf)
            let scaled = f.scaled(by: s).offsetBy(a.contentOffset)
            a.shadow = ShadowAppearance(rect: scaled.offsetBy(Vector(0, EffectTuning.liftShadowOffset * pf)),
                                        cornerRadius: cornerRadius * s, blurRadius: EffectTuning.liftShadowBlur,
                                        opacity: EffectTuning.liftShadowOpacity * pf)
            a.specular = SpecularAppearance(center: scaled.clamp(drawn), radius: EffectTuning.specularRadius * max(f.width, f.height) * s,
                                            opacity: EffectTuning.specularOpacity * pf, clip: scaled, clipCornerRadius: cornerRadius * s)
        case .hover:
            let s = 1 + (hover.scale - 1) * p
            a.contentScale = s
            let scaled = f.scaled(by: s)
            if hover.tint != .none {
                let c = hover.tintColor ?? EffectTuning.hoverTint
                a.tint = TintAppearance(mode: hover.tint, color: c.withAlpha(c.alpha * pf), rect: scaled, cornerRadius: cornerRadius * s)
            }
            if hover.hasShadow {
                a.shadow = ShadowAppearance(rect: scaled.offsetBy(Vector(0, EffectTuning.liftShadowOffset * pf)),
                                            cornerRadius: cornerRadius * s, blurRadius: EffectTuning.liftShadowBlur,
                                            opacity: EffectTuning.hoverShadowOpacity * pf)
            }
        }
        return a
    }
}
