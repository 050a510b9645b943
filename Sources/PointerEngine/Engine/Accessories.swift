// Accessories and annotations around the pointer, with animated transitions (SPEC A1–A3).

public enum AccessoryTuning {
    /// Spring response (s) for appearing, moving between positions, disappearing.
    public static let response = 0.2
    public static let damping = 0.8
    /// A new glyph pops in from this scale.
    public static let popScale = 0.4
    /// Two accessories closer than this in angle (radians) are "at the same position": a glyph
    /// change there cross-fades (A2: plus → circle-slash).
    public static let samePositionAngle = 0.35
    /// Annotation font size and padding, points (before accessibility size).
    public static let annotationFontSize = 12.0
    public static let annotationPadding = 4.0
    /// Rough advance of one character as a fraction of the font size (for placing labels on the
    /// left side of the pointer before the renderer measures them).
    public static let averageAdvance = 0.6
    /// Half a fingertip's contact, points: a touch drag's badge sits this far above the contact
    /// point (plus the usual gap), clear of the finger (the 44 pt minimum touch target).
    public static let fingerRadius = 22.0
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

    func appearances(around box: Rect, size: Double) -> [AnnotationAppearance] {
        instances.map { inst in
            let font = AccessoryTuning.annotationFontSize * size
            let pad = AccessoryTuning.annotationPadding * size
            let h = font + 2 * pad
            let w = Double(inst.text.count) * font * AccessoryTuning.averageAdvance + 2 * pad
            let anchor = placement(around: box, angle: inst.position.angle, gap: inst.position.offset * size)
            let (s, c) = Math.sincos(inst.position.angle)
            // Grow away from the pointer: left of the anchor when pointing left, etc.
            let x = c < -0.3 ? anchor.x - w : (c > 0.3 ? anchor.x : anchor.x - w / 2)
            let y = s < -0.3 ? anchor.y - h : (s > 0.3 ? anchor.y : anchor.y - h / 2)
            return AnnotationAppearance(text: inst.text, origin: Point(x, y), fontSize: font, padding: pad,
                                        opacity: clamp(inst.opacity.value, 0, 1))
        }
    }
}

/// Formats a number with `decimals` digits after the point (no Foundation).
public func formatNumber(_ v: Double, decimals: Int = 1) -> String {
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
