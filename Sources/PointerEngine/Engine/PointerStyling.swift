// Pointer style and accessories (SPEC P1–P3, P6, A1–A3): what shape the pointer takes over
// what it hovers, what an interaction asks of it, and the accessories and annotations around
// it. The morphs and fades are `PointerMorph` and the animators in Accessories.swift; the
// tuning is `PointerTuning` and `AccessoryTuning`.

struct PointerStyler: Sendable {
    /// What the interactions want of the pointer now (shape, accessories, hiding it).
    var request = PointerRequest()
    var morph: PointerMorph
    var accessories = AccessoryAnimator()
    var annotations = AnnotationAnimator()
    private var lastAccessories: [PointerAccessory] = []
    private var lastAnnotations: [PointerAnnotation] = []

    init(_ target: ShapeTarget, reduceMotion: Bool) {
        morph = PointerMorph(target, reduceMotion: reduceMotion)
    }

    var isSettled: Bool { morph.isSettled && accessories.isSettled && annotations.isSettled }

    mutating func step(by dt: Double) {
        morph.step(by: dt)
        accessories.step(by: dt)
        annotations.step(by: dt)
    }

    /// Points the morph at `target` (P3). Shown again after it faded out completely
    /// (`invisible`), the pointer appears as its new shape, without a morph from the shape it
    /// left as. Hiding (auto-hide, focus loss, touch), it fades out as the shape it is, an
    /// I-beam as an I-beam (P5, issue 17.7); hover has gone, but the arrow it would become is
    /// never shown.
    mutating func retarget(_ target: ShapeTarget, shown: Bool, invisible: Bool, drawn: Point, reduceMotion: Bool) {
        guard shown else { return }
        if invisible { morph = PointerMorph(target, reduceMotion: reduceMotion) } else {
            morph.retarget(target, drawn: drawn, reduceMotion: reduceMotion)
        }
    }

    /// Makes the wanted accessories and annotations the live ones (A1–A3).
    mutating func show(accessories wa: [PointerAccessory], annotations wn: [PointerAnnotation], reduceMotion: Bool) {
        if wa != lastAccessories { accessories.update(wa, reduceMotion: reduceMotion); lastAccessories = wa }
        if wn != lastAnnotations { annotations.update(wn, reduceMotion: reduceMotion); lastAnnotations = wn }
    }

    // MARK: appearance

    /// The pointer as drawn (P1–P3, P5, P6, E2): `layers` of the morph at `drawn`, faded by
    /// visibility (`shownOpacity`) and by a lift showing over it (`lift`, 0…1), hidden when an
    /// interaction asks; under the content while a lift shows (`liftElement`) or while its
    /// shape goes under the hovered element (a platter).
    func pointer(layers: [PointerLayer], drawn: Point, logical: Point, shownOpacity: Double, lift: Double,
                 liftElement: ElementID?, hovered: ElementID?, settings: PointerSettings) -> PointerAppearance {
        let s = settings.size
        let opacity = request.hidesPointer ? 0 : shownOpacity * (1 - lift)
        var under = liftElement
        if morph.to.underContent, let id = hovered { under = id }
        return PointerAppearance(
            generation: settings.generation, position: drawn, logicalPosition: logical, layers: layers,
            opacity: opacity, scale: s, fillColor: settings.color,
            borderColor: settings.contrastBorder ? Self.contrast(for: settings.color) : nil,
            borderWidth: settings.contrastBorder ? PointerTuning.borderWidth * s : 0,
            isUnderContent: under != nil, underElement: under)
    }

    /// The accessories and annotations around the drawn shape (`layers` at `drawn`), faded with
    /// the pointer (A1–A3); a touch drag's badge goes above the finger instead, shown with or
    /// without the pointer (I2, A1). Annotations stay inside the `window` (surface points).
    func around(layers: [PointerLayer], drawn: Point, shownOpacity: Double, window: Size,
                settings: PointerSettings) -> (accessories: [AccessoryAppearance], annotations: [AnnotationAppearance]) {
        let s = settings.size
        let box = layers.reduce(Rect.zero) { $0.union($1.bounds) }
        let around = box.isEmpty ? Rect(x: drawn.x, y: drawn.y, width: 0, height: 0) : box
        let shown = shownOpacity * (request.hidesPointer ? 0 : 1)
        let finger = request.accessoryAnchor.map { p in
            Rect(x: p.x - AccessoryTuning.fingerRadius, y: p.y - AccessoryTuning.fingerRadius,
                 width: 2 * AccessoryTuning.fingerRadius, height: 2 * AccessoryTuning.fingerRadius)
        }
        let accessoryOpacity = finger == nil ? shown : 1
        let a = accessories.appearances(around: finger ?? around, size: s, color: settings.color).map {
            var a = $0; a.opacity *= accessoryOpacity; return a
        }
        let bounds = Rect(x: 0, y: 0, width: window.width, height: window.height)
        let n = annotations.appearances(around: around, size: s, window: bounds).map { var a = $0; a.opacity *= shown; return a }
        return (a, n)
    }

    // MARK: decisions

    /// The shape the pointer should have now (P1–P3): an interaction's request, the hovered
    /// element's style, an I-beam over text, the classic platter over a highlight control, or
    /// the generation's default (under the content while a lift shows, E2).
    func shapeTarget(settings: PointerSettings, hover: HoverEffects.Info?, lifting: Bool, pointer: Point,
                     layout: Layout, index: HitIndex, scene: SceneState) -> ShapeTarget {
        let s = settings.size
        if let shape = request.shape { return Self.target(for: shape, element: nil, tag: .request, settings: settings, index: index, scene: scene) }
        if hover?.shapesPointer == true, let e = hover {
            let id = e.id
            if let shape = e.style?.shape { return Self.target(for: shape, element: id, tag: .style, settings: settings, index: index, scene: scene) }
            if e.kind == .textArea, let lines = index.textLines(id, layout: layout, scene: scene) {
                return Self.beam(length: lines.lineHeight, axis: lines.vertical ? .horizontal : .vertical, element: id, settings: settings)
            }
            if settings.generation == .classic, e.effect == .highlight,
               let f = index.surfaceFrame(of: id, scene: scene) {
                // P1 classic: the circle becomes a translucent platter around the control.
                let pad = PointerTuning.classicPlatterPadding
                let rel = pointer - f.center
                let half = Vector(max(f.width / 2, 1), max(f.height / 2, 1))
                let par = settings.reduceMotion ? Vector.zero
                    : Vector(clamp(rel.dx / half.dx, -1, 1), clamp(rel.dy / half.dy, -1, 1)) * EffectTuning.highlightParallax
                return ShapeTarget(key: .init(.platter, element: id), shape: .roundedRect,
                                   anchor: .surface(f.outsetBy(pad).offsetBy(par)),
                                   cornerRadius: max(e.cornerRadius + pad, EffectTuning.platterMinimumRadius),
                                   opacity: PointerTuning.classicPlatterOpacity, underContent: true)
            }
        }
        var t = Self.defaultShape(size: s, generation: settings.generation)
        if lifting { t.underContent = true }
        return t
    }

    /// The generation's own pointer (P1): the modern arrow or the classic circle.
    static func defaultShape(size s: Double, generation: PointerGeneration) -> ShapeTarget {
        switch generation {
        case .modern:
            let a = PointerTuning.arrowSize
            return ShapeTarget(key: .init(.arrow), shape: .arrow,
                               anchor: .pointer(Rect(x: 0, y: 0, width: a.width * s, height: a.height * s)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .classic:
            let d = PointerTuning.classicDiameter * s
            return ShapeTarget(key: .init(.circle), shape: .roundedRect,
                               anchor: .pointer(Rect(x: -d / 2, y: -d / 2, width: d, height: d)),
                               cornerRadius: d / 2, opacity: 1, underContent: false)
        }
    }

    /// P2: an I-beam `length` long across `axis`.
    static func beam(length: Double, axis: BeamAxis, element: ElementID?, settings: PointerSettings) -> ShapeTarget {
        let w = PointerTuning.beamWidth(size: settings.size)
        let r = axis == .vertical ? Rect(x: -w / 2, y: -length / 2, width: w, height: length)
                                  : Rect(x: -length / 2, y: -w / 2, width: length, height: w)
        return ShapeTarget(key: .init(axis == .vertical ? .verticalBeam : .horizontalBeam, element: element, size: Size(length, w)), shape: .beam,
                           anchor: .pointer(r), cornerRadius: w / 2, opacity: 1, underContent: false,
                           beamThickness: PointerTuning.beamMorphThickness * max(settings.size, 0.5))
    }

    /// The target for a shape a style or an interaction asks for (P1, P2).
    static func target(for shape: PointerShape, element: ElementID?, tag: ShapeTarget.Source, settings: PointerSettings,
                       index: HitIndex, scene: SceneState) -> ShapeTarget {
        let s = settings.size
        switch shape {
        case .roundedRect(let size?, let radius):
            return ShapeTarget(key: .init(.rect, element: element, size: size, source: tag), shape: .roundedRect,
                               anchor: .pointer(Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)),
                               cornerRadius: radius, opacity: 1, underContent: false)
        case .roundedRect(nil, let radius):
            if let id = element, let f = index.surfaceFrame(of: id, scene: scene) {
                let pad = PointerTuning.classicPlatterPadding
                return ShapeTarget(key: .init(.elementRect, element: id, source: tag), shape: .roundedRect,
                                   anchor: .surface(f.outsetBy(pad)), cornerRadius: radius + pad,
                                   opacity: PointerTuning.classicPlatterOpacity, underContent: true)
            }
            return defaultShape(size: s, generation: settings.generation)
        case .ellipse(let size):
            return ShapeTarget(key: .init(.ellipse, element: element, size: size, source: tag), shape: .ellipse,
                               anchor: .pointer(Rect(x: -size.width / 2, y: -size.height / 2, width: size.width, height: size.height)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .beam(let length, let axis):
            return beam(length: length, axis: axis, element: element, settings: settings)
        case .path(let path):
            let b = path.bounds
            return ShapeTarget(key: .init(.path, element: element, source: tag), shape: .path(path),
                               anchor: .pointer(Rect(x: b.minX * s, y: b.minY * s, width: b.width * s, height: b.height * s)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        case .system(let c):
            let d = PointerTuning.systemCursorSize * s
            return ShapeTarget(key: .init(.system, element: element, source: tag, cursor: c), shape: .system(c),
                               anchor: .pointer(Rect(x: -d / 2, y: -d / 2, width: d, height: d)),
                               cornerRadius: 0, opacity: 1, underContent: false)
        }
    }

    /// A1, A2: the request's accessories, then the hovered element's (its style's, or a resize
    /// handle's arrows); none from hover while an interaction holds the pointer.
    func wantedAccessories(hover: HoverEffects.Info?, captured: Bool) -> [PointerAccessory] {
        var out = request.accessories
        if !captured, hover?.addsAccessories == true, let e = hover {
            if let a = e.style?.accessories, !a.isEmpty { out += a }
            if e.kind == .resizeHandle, e.style?.accessories.isEmpty ?? true {
                out += PointerAccessory.resizeArrows(e.resizeAxis ?? .horizontal)
            }
        }
        return out
    }

    /// A3: the request's annotations, then the hovered element's: its style's, and a graph's
    /// live X/Y values under the pointer.
    func wantedAnnotations(hover: HoverEffects.Info?, captured: Bool, pointer: Point, layout: Layout,
                           index: HitIndex, scene: SceneState) -> [PointerAnnotation] {
        var out = request.annotations
        if !captured, hover?.addsAnnotations == true, let e = hover {
            let id = e.id
            if let a = e.style?.annotations, !a.isEmpty { out += a }
            if let g = e.graph, let f = index.surfaceFrame(of: id, scene: scene), f.width > 0, f.height > 0 {
                // A3: live X/Y values under the pointer, over the plot area the axes are drawn in.
                let own = layout.property(of: id, \.frame)
                let zoom = own.map { $0.width > 0 ? f.width / $0.width : 1 } ?? 1
                out.append(PointerAnnotation(g.label(at: pointer, in: f, zoom: zoom)))
            }
        }
        return out
    }

    /// P6: a border colour that contrasts with the fill (black on light, white on dark).
    static func contrast(for c: Color) -> Color {
        let luma = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        return luma > PointerTuning.contrastLumaThreshold ? .black : .white
    }
}

extension HitIndex {
    /// The text lines of text area `id` as drawn on the surface now (scrolled and zoomed).
    func textLines(_ id: ElementID, layout: Layout, scene: SceneState) -> TextLines? {
        guard let m = layout.property(of: id, \.traits.text) ?? nil, let own = layout.property(of: id, \.frame),
              let f = surfaceFrame(of: id, scene: scene) else { return nil }
        let zoom = own.height > 0 ? f.height / own.height : 1
        return TextLines(frame: f, metrics: m, zoom: zoom)
    }
}
