// Accessories and annotations around the pointer, with animated transitions (SPEC A1–A3).

package enum AccessoryTuning {
    /// Spring response (seconds) for appearing, moving between positions, disappearing.
    package static let response = 0.2
    /// Spring damping ratio of those (unitless ζ).
    package static let damping = 0.8
    /// A new glyph pops in from this scale (unitless, of its full size).
    package static let popScale = 0.4
    /// Two accessories closer than this in angle (radians) are "at the same position": a glyph
    /// change there cross-fades (A2: plus → circle-slash).
    package static let samePositionAngle = 0.35
    /// Annotation font size, points (before accessibility size).
    package static let annotationFontSize = 12.0
    /// Annotation padding around the text, points (before accessibility size).
    package static let annotationPadding = 4.0
    /// Rough advance of one character as a fraction of the font size (unitless; for placing labels on the
    /// left side of the pointer before the renderer measures them).
    package static let averageAdvance = 0.6
    /// Half a fingertip's contact, points: a touch drag's badge sits this far above the contact
    /// point (plus the usual gap), clear of the finger (the 44 pt minimum touch target).
    package static let fingerRadius = 22.0
    /// The label's padding at its sides, as a multiple of `annotationPadding` (unitless; a capsule needs
    /// more room at its round ends).
    package static let annotationSidePadding = 1.75
    /// The label's text height as a multiple of the font size (unitless; ascent + descent).
    package static let annotationLineHeight = 1.2
    /// Space kept between a label and the window's edge, points.
    package static let annotationWindowMargin = 2.0
    /// P6: annotation text at pointer size 4 is at most this many times its size at 1 (unitless): the
    /// label is read, not aimed at, and a 4× label (≈ 400 pt over the graph) covers its
    /// neighbours.
    package static let maximumAnnotationScale = 1.5

    /// P6: how much larger annotation text is at pointer `size`: 1 up to size 1, then linear
    /// to `maximumAnnotationScale` at size 4 (the largest, P6), never more.
    package static func annotationScale(pointerSize size: Double) -> Double {
        clamp(1 + (maximumAnnotationScale - 1) * (size - 1) / 3, 1, maximumAnnotationScale)
    }
}

struct AccessoryInstance: Hashable, Sendable {
    var glyph: AccessoryGlyph
    var orients: Bool
    var offset: Double
    var angle: Animated
    var opacity: Animated
    var scale: Animated
    var alive: Bool

    var isGone: Bool { !alive && opacity.isSettled }

    mutating func step(by dt: Double) { angle.step(by: dt); opacity.step(by: dt); scale.step(by: dt) }
    var isSettled: Bool { angle.isSettled && opacity.isSettled && scale.isSettled }
}

struct AccessoryAnimator: Hashable, Sendable {
    var instances: [AccessoryInstance] = []

    var isSettled: Bool { instances.allSatisfy(\.isSettled) }

    /// Makes `wanted` the live set: same glyphs move to their new angle, glyph changes at one
    /// position cross-fade, new ones pop in, missing ones fade out.
    mutating func update(_ wanted: [PointerAccessory], reduceMotion: Bool) {
        var used = Set<Int>()
        var next: [AccessoryInstance] = []
        for a in wanted {
            // Same glyph, nearest angle.
            var best: Int? = nil
            var bestD = Double.infinity
            for (i, inst) in instances.enumerated() where inst.alive && !used.contains(i) && inst.glyph == a.glyph {
                let d = abs(angleDelta(inst.angle.target, a.position.angle))
                if d < bestD { bestD = d; best = i }
            }
            if let i = best {
                used.insert(i)
                var inst = instances[i]
                inst.angle.target = inst.angle.target + angleDelta(inst.angle.target, a.position.angle)
                inst.offset = a.position.offset
                inst.orients = a.orientsToPosition
                next.append(inst)
            } else {
                var inst = AccessoryInstance(
                    glyph: a.glyph, orients: a.orientsToPosition, offset: a.position.offset,
                    angle: Animated(a.position.angle, response: AccessoryTuning.response, dampingRatio: AccessoryTuning.damping, reduceMotion: reduceMotion),
                    opacity: Animated(0, response: AccessoryTuning.response, reduceMotion: reduceMotion),
                    scale: Animated(reduceMotion ? 1 : AccessoryTuning.popScale, response: AccessoryTuning.response,
                                    dampingRatio: AccessoryTuning.damping, reduceMotion: reduceMotion),
                    alive: true)
                inst.opacity.target = 1
                inst.scale.target = 1
                next.append(inst)
            }
        }
        for (i, var inst) in instances.enumerated() where !used.contains(i) {
            if inst.alive {
                inst.alive = false
                inst.opacity.target = 0
                inst.scale.target = reduceMotion ? 1 : AccessoryTuning.popScale
            }
            if !inst.isGone { next.append(inst) }
        }
        instances = next
    }

    mutating func step(by dt: Double) {
        for i in instances.indices { instances[i].step(by: dt) }
        instances.removeAll { $0.isGone }
    }

    /// Appearances around a pointer whose drawn shape covers `box`.
    func appearances(around box: Rect, size: Double, color: Color) -> [AccessoryAppearance] {
        instances.map { inst in
            let a = inst.angle.value
            let glyph = inst.glyph.isBadge ? PointerTuning.badgeSize * size : PointerTuning.accessorySize * size
            let c = placement(around: box, angle: a, gap: inst.offset * size + glyph / 2)
            return AccessoryAppearance(glyph: inst.glyph, center: c, angle: inst.orients ? a : 0, size: glyph,
                                       opacity: clamp(inst.opacity.value, 0, 1), scale: max(0, inst.scale.value), color: color)
        }
    }
}

extension AccessoryGlyph {
    /// The drag badges (plus, link, circle-slash: A1, A2), drawn at `PointerTuning.badgeSize`.
    var isBadge: Bool {
        switch self {
        case .plus, .link, .circleSlash: true
        case .arrow, .path: false
        }
    }
}

/// The point `gap` past the edge of `box` along `angle` from its centre.
func placement(around box: Rect, angle: Double, gap: Double) -> Point {
    let (s, c) = Math.sincos(angle)
    let hw = box.width / 2, hh = box.height / 2
    let ex = abs(c) > 1e-9 ? hw / abs(c) : Double.infinity
    let ey = abs(s) > 1e-9 ? hh / abs(s) : Double.infinity
    let edge = min(ex, ey)
    let d = (edge.isFinite ? edge : 0) + gap
    return Point(box.midX + c * d, box.midY + s * d)
}

/// b − a wrapped into (−π, π].
func angleDelta(_ a: Double, _ b: Double) -> Double {
    var d = (b - a).truncatingRemainder(dividingBy: 2 * Double.pi)
    if d > Double.pi { d -= 2 * Double.pi }
    if d <= -Double.pi { d += 2 * Double.pi }
    return d
}

struct AnnotationInstance: Hashable, Sendable {
    var text: String
    var position: AccessoryPosition
    var opacity: Animated
    var alive: Bool
    var isGone: Bool { !alive && opacity.isSettled }
}

struct AnnotationAnimator: Hashable, Sendable {
    var instances: [AnnotationInstance] = []
    var isSettled: Bool { instances.allSatisfy { $0.opacity.isSettled } }

    /// Live text updates in place (A3); a label at a new position fades in, a vanished one out.
    mutating func update(_ wanted: [PointerAnnotation], reduceMotion: Bool) {
        var used = Set<Int>()
        var next: [AnnotationInstance] = []
        for w in wanted {
            if let i = instances.indices.first(where: { !used.contains($0) && instances[$0].alive && instances[$0].position == w.position }) {
                used.insert(i)
                var inst = instances[i]
                inst.text = w.text
                next.append(inst)
            } else {
                var o = Animated(0, response: AccessoryTuning.response, reduceMotion: reduceMotion)
                o.target = 1
                next.append(AnnotationInstance(text: w.text, position: w.position, opacity: o, alive: true))
            }
        }
        for (i, var inst) in instances.enumerated() where !used.contains(i) {
            if inst.alive { inst.alive = false; inst.opacity.target = 0 }
            if !inst.isGone { next.append(inst) }
        }
        instances = next
    }

    mutating func step(by dt: Double) {
        for i in instances.indices { instances[i].opacity.step(by: dt) }
        instances.removeAll { $0.isGone }
    }

    /// The labels beside a pointer whose drawn shape covers `box`, inside `window` (surface
    /// points): a label that would cross an edge goes to the other side of the pointer (right
    /// → left, below → above), and one that fits on neither side moves along the edge.
    func appearances(around box: Rect, size: Double, window: Rect? = nil) -> [AnnotationAppearance] {
        let scale = AccessoryTuning.annotationScale(pointerSize: size)
        let font = AccessoryTuning.annotationFontSize * scale
        let pad = AccessoryTuning.annotationPadding * scale
        return instances.map { inst in
            let w = Double(inst.text.count) * font * AccessoryTuning.averageAdvance + 2 * pad * AccessoryTuning.annotationSidePadding
            let h = font * AccessoryTuning.annotationLineHeight + 2 * pad
            let gap = inst.position.offset * scale
            // Grow away from the pointer: left of the anchor when pointing left, etc.
            func place(_ angle: Double) -> (anchor: Point, alignment: Vector, frame: Rect) {
                let anchor = placement(around: box, angle: angle, gap: gap)
                let (s, c) = Math.sincos(angle)
                let align = Vector(c < -0.3 ? 1 : (c > 0.3 ? 0 : 0.5), s < -0.3 ? 1 : (s > 0.3 ? 0 : 0.5))
                return (anchor, align, Rect(x: anchor.x - align.dx * w, y: anchor.y - align.dy * h, width: w, height: h))
            }
            var angle = inst.position.angle
            var placed = place(angle)
            if let window {
                let area = window.insetBy(AccessoryTuning.annotationWindowMargin)
                func overflowX(_ r: Rect) -> Double { max(0, area.minX - r.minX) + max(0, r.maxX - area.maxX) }
                func overflowY(_ r: Rect) -> Double { max(0, area.minY - r.minY) + max(0, r.maxY - area.maxY) }
                if overflowX(placed.frame) > 0 {
                    let flipped = place(Double.pi - angle) // mirrored left ↔ right
                    if overflowX(flipped.frame) < overflowX(placed.frame) { angle = Double.pi - angle; placed = flipped }
                }
                if overflowY(placed.frame) > 0 {
                    let flipped = place(-angle) // mirrored above ↔ below
                    if overflowY(flipped.frame) < overflowY(placed.frame) { placed = flipped }
                }
                // Neither side has room: along the edge.
                let f = placed.frame
                let x = clamp(f.minX, area.minX, max(area.minX, area.maxX - w)), y = clamp(f.minY, area.minY, max(area.minY, area.maxY - h))
                placed.frame.origin = Point(x, y)
            }
            return AnnotationAppearance(text: inst.text, origin: placed.frame.origin, fontSize: font, padding: pad,
                                        opacity: clamp(inst.opacity.value, 0, 1), anchor: placed.anchor,
                                        alignment: placed.alignment, estimatedSize: placed.frame.size)
        }
    }
}

/// Formats a number with `decimals` digits after the point (no Foundation).
package func formatNumber(_ v: Double, decimals: Int = 1) -> String {
    guard v.isFinite else { return "–" }
    var m = 1.0
    for _ in 0..<max(0, decimals) { m *= 10 }
    let r = (abs(v) * m).rounded()
    let neg = v < 0 && r != 0
    let whole = Int(r / m)
    var s = "\(neg ? "-" : "")\(whole)"
    if decimals > 0 {
        let frac = Int(r - Double(whole) * m)
        var fs = "\(frac)"
        while fs.count < decimals { fs = "0" + fs }
        s += "." + fs
    }
    return s
}
