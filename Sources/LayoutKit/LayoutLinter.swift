// The layout linter (SPEC L1–L8): consistency rules over a loaded layout. Each rule is a small
// function; findings name the rule, the element (by its id in the file) and one line of reason.
import InputProtocol
import PointerEngine

public enum LintRule: String, Sendable, CaseIterable, Comparable {
    case L1, L2, L3, L4, L5, L6, L7, L8

    public var summary: String {
        switch self {
        case .L1: "hit region padding under 12 pt (bezel) / 24 pt (no bezel)"
        case .L2: "gap between the hit regions of adjacent bar buttons"
        case .L3: "shadow without scale in a hover effect"
        case .L4: "scale that would overlap neighbours"
        case .L5: "custom pointer shape too complex to read at pointer size"
        case .L6: "custom element behaving like a standard one without its standard effect"
        case .L7: "nested scroll views of the same orientation"
        case .L8: "inconsistent effects across elements of the same kind"
        }
    }
    public static func < (a: LintRule, b: LintRule) -> Bool { a.rawValue < b.rawValue }
}

public struct LintFinding: Sendable, Equatable, CustomStringConvertible {
    public var rule: LintRule
    var element: ElementID
    /// The element's id in the layout file.
    public var name: String
    public var reason: String
    public var position: SourcePosition?

    public var description: String { "\(rule.rawValue) \(name): \(reason)" }
}

public enum LayoutLinter {
    /// Smallest hover scale that counts as "scaled" (L3, L4).
    static let scaleEpsilon = 0.001
    /// L2: hit regions farther apart than this leave a gap the pointer can fall into.
    static let barGapTolerance = 0.5 // pt
    /// L5: a pointer shape reads at a glance with at most this many drawn segments…
    static let maximumPathSegments = 12
    /// …this many separate strokes/outlines…
    static let maximumSubpaths = 4
    /// …fits in this square (a pointer is ~19 pt; a bigger shape hides content)…
    static let maximumShapeExtent = 48.0 // pt
    /// …and strokes no thinner than this (thinner lines vanish at 1× scale).
    static let minimumStrokeWidth = 1.0 // pt
    /// Kinds that sit in bars and take the highlight effect (E1).
    static let barItemKinds: Set<ElementKind> = [.barButton, .segment, .tab, .menuItem]

    public static func lint(_ doc: LayoutDocument) -> [LintFinding] {
        var out: [LintFinding] = []
        func add(_ rule: LintRule, _ id: ElementID, _ reason: String) {
            out.append(LintFinding(rule: rule, element: id, name: doc.name(of: id), reason: reason, position: doc.positions[id]))
        }
        let layout = doc.layout
        for e in layout.elements {
            paddingRule(e, layout: layout).map { add(.L1, e.id, $0) }
            shadowRule(e).map { add(.L3, e.id, $0) }
            overlapRule(e, layout: layout, doc: doc).map { add(.L4, e.id, $0) }
            shapeRule(e).map { add(.L5, e.id, $0) }
            standardEffectRule(e, layout: layout, doc: doc).map { add(.L6, e.id, $0) }
            nestedScrollRule(e, layout: layout, doc: doc).map { add(.L7, e.id, $0) }
        }
        for (id, reason) in barGapRule(layout, doc: doc) { add(.L2, id, reason) }
        for (id, reason) in consistencyRule(layout, doc: doc) { add(.L8, id, reason) }
        return out.sorted {
            ($0.position ?? SourcePosition(line: .max, column: 0), $0.rule) < ($1.position ?? SourcePosition(line: .max, column: 0), $1.rule)
        }
    }

    static func pt(_ v: Double) -> String {
        v == v.rounded() ? "\(Int(v)) pt" : "\((v * 10).rounded() / 10) pt"
    }

    // L1
    static func paddingRule(_ e: Element, layout: Layout) -> String? {
        guard HitRegion.answersPointer(e), let padding = e.hitPadding else { return nil }
        let needed = e.hasBezel ? HitRegion.bezelPadding : HitRegion.noBezelPadding
        guard padding < needed, !keepsBandSpace(e, padding: needed, layout: layout) else { return nil }
        return "hit padding \(pt(padding)) is under the \(pt(needed)) an element \(e.hasBezel ? "with" : "without") a bezel needs (M1)"
    }

    /// SPEC I1 starts a band by pressing "on empty space in a collection", and a press inside an
    /// item's hit region is on the item. When M1's padding (about 12 / 24 pt) would reach a
    /// neighbouring item, it would leave no empty space between them: such items may keep a
    /// smaller padding. Sparse collections still get M1's.
    static func keepsBandSpace(_ e: Element, padding: Double, layout: Layout) -> Bool {
        guard e.kind == .collectionItem, let p = e.parent, let collection = layout[p], collection.kind == .collection else { return false }
        let reach = e.frame.outsetBy(padding)
        return collection.children.contains { id in
            guard id != e.id, let n = layout[id], n.kind == .collectionItem else { return false }
            return n.frame.intersects(reach)
        }
    }

    // L2
    static func barGapRule(_ layout: Layout, doc: LayoutDocument) -> [(ElementID, String)] {
        var out: [(ElementID, String)] = []
        let regions = HitRegion.regions(of: layout)
        var parents: [ElementID?: [Element]] = [:]
        for e in layout.elements where barItemKinds.contains(e.kind) && HitRegion.answersPointer(e) { parents[e.parent, default: []].append(e) }
        for (parent, items) in parents.sorted(by: { ($0.value.first?.id ?? ElementID(0)) < ($1.value.first?.id ?? ElementID(0)) }) {
            let bar = parent.flatMap { layout[$0] }
            let isBar = bar?.kind.isBar ?? false
            // Neighbours along the row (or column) they share.
            let horizontal = bar.map { $0.frame.width >= $0.frame.height }
                ?? ((items.map(\.frame.midY).max() ?? 0) - (items.map(\.frame.midY).min() ?? 0)
                    <= (items.map(\.frame.midX).max() ?? 0) - (items.map(\.frame.midX).min() ?? 0))
            let sorted = items.sorted { horizontal ? $0.frame.minX < $1.frame.minX : $0.frame.minY < $1.frame.minY }
            for (a, b) in zip(sorted, sorted.dropFirst()) {
                let sameLine = horizontal ? a.frame.maxY > b.frame.minY && b.frame.maxY > a.frame.minY
                                          : a.frame.maxX > b.frame.minX && b.frame.maxX > a.frame.minX
                guard sameLine else { continue }
                let ra = isBar ? regions[a.id]! : a.frame.outsetBy(HitRegion.padding(for: a))
                let rb = isBar ? regions[b.id]! : b.frame.outsetBy(HitRegion.padding(for: b))
                let gap = horizontal ? rb.minX - ra.maxX : rb.minY - ra.maxY
                guard gap > barGapTolerance else { continue }
                let fix = isBar ? "" : "; put them in a toolbar, tabBar, segmentedControl or menu so their regions meet"
                out.append((b.id, "\(pt(gap)) gap between its hit region and \(doc.name(of: a.id))’s: the effect drops out between them (M2)\(fix)"))
            }
        }
        return out
    }

    // L3
    static func shadowRule(_ e: Element) -> String? {
        guard case .hover(let h)? = e.style?.effect, h.hasShadow, h.scale <= 1 + scaleEpsilon else { return nil }
        return "hover effect casts a shadow without scaling (scale \(h.scale)): a shadow needs the element to rise (E3)"
    }

    /// The scale an element reaches under the pointer, 1 when it does not scale.
    static func effectScale(_ e: Element) -> Double {
        switch EffectChooser.effect(for: e) {
        case .lift?: EffectTuning.liftScale(for: e.frame.size)
        case .hover?: EffectChooser.hoverEffect(for: e).scale
        case .highlight?, nil: 1
        }
    }

    // L4
    static func overlapRule(_ e: Element, layout: Layout, doc: LayoutDocument) -> String? {
        guard HitRegion.answersPointer(e) else { return nil }
        let s = effectScale(e)
        guard s > 1 + scaleEpsilon else { return nil }
        let grown = e.frame.scaled(by: s)
        let siblings = (e.parent.flatMap { layout[$0]?.children } ?? layout.roots).compactMap { layout[$0] }
        for n in siblings where n.id != e.id && !n.frame.intersects(e.frame) && n.frame.intersects(grown) {
            let hint = e.kind == .row ? " (rows take a tint only, E3)" : ""
            return "scaled ×\((s * 1000).rounded() / 1000) under the pointer it would overlap \(doc.name(of: n.id))\(hint)"
        }
        return nil
    }

    // L5
    static func shapeRule(_ e: Element) -> String? {
        var paths: [(String, PointerPath)] = []
        if case .path(let p)? = e.style?.shape { paths.append(("pointer shape", p)) }
        for a in e.style?.accessories ?? [] { if case .path(let p) = a.glyph { paths.append(("accessory", p)) } }
        for (what, p) in paths {
            let segments = p.commands.filter { if case .move = $0 { false } else if case .close = $0 { false } else { true } }.count
            let subpaths = p.commands.filter { if case .move = $0 { true } else { false } }.count
            let b = p.bounds
            if segments > maximumPathSegments {
                return "custom \(what) has \(segments) segments (> \(maximumPathSegments)): too complex to read at pointer size (P3)"
            }
            if subpaths > maximumSubpaths {
                return "custom \(what) has \(subpaths) separate parts (> \(maximumSubpaths)): too busy to read at pointer size (P3)"
            }
            if max(b.width, b.height) > maximumShapeExtent {
                return "custom \(what) is \(pt(b.width)) × \(pt(b.height)), larger than \(pt(maximumShapeExtent)): it hides the content it points at (P3)"
            }
            if !p.isFilled, p.lineWidth < minimumStrokeWidth {
                return "custom \(what) strokes \(pt(p.lineWidth)) lines, under \(pt(minimumStrokeWidth)): they vanish at pointer size (P3)"
            }
        }
        return nil
    }

    static func effectName(_ k: EffectKind?) -> String { k?.rawValue ?? "no effect" }

    // L6
    static func standardEffectRule(_ e: Element, layout: Layout, doc: LayoutDocument) -> String? {
        let actual = EffectChooser.effect(for: e)
        if let like = doc.behavesLike[e.id], like != e.kind {
            let standard = EffectChooser.automatic(kind: like, size: e.frame.size)
            if actual != standard {
                return "behaves like a \(like.rawValue) but uses \(effectName(actual)) instead of the standard \(effectName(standard)) (E4)"
            }
        }
        if [.button, .icon].contains(e.kind), let p = e.parent, let bar = layout[p], bar.kind.isBar, actual != .highlight {
            return "a \(e.kind.rawValue) in the \(bar.kind.rawValue) \(doc.name(of: p)) behaves like a bar button but uses \(effectName(actual)) instead of highlight (E1)"
        }
        return nil
    }

    static func axesName(_ a: ScrollAxes) -> String {
        a == .both ? "two-way" : a.contains(.vertical) ? "vertical" : "horizontal"
    }

    // L7
    /// The axes along which a scroll view's content is larger than its viewport (or zooms).
    static func scrollingAxes(_ cfg: ScrollConfiguration, _ e: Element) -> ScrollAxes {
        guard cfg.maximumZoom <= 1 else { return cfg.axes }
        var axes = cfg.axes
        if cfg.contentSize.width <= e.frame.width { axes.remove(.horizontal) }
        if cfg.contentSize.height <= e.frame.height { axes.remove(.vertical) }
        return axes
    }

    static func nestedScrollRule(_ e: Element, layout: Layout, doc: LayoutDocument) -> String? {
        guard let mine = e.traits.scroll, e.isScrollContainer else { return nil }
        var p = e.parent
        while let pid = p, let pe = layout[pid] {
            // Only an outer view that scrolls along a shared axis can swallow the inner one's
            // scrolling: one whose content fits that way does not move.
            if pe.isScrollContainer, let theirs = pe.traits.scroll, !mine.axes.intersection(scrollingAxes(theirs, pe)).isEmpty {
                return "\(axesName(mine.axes)) scroll view nested in the \(axesName(theirs.axes)) scroll view \(doc.name(of: pid)): one swallows the other's scrolling (I5)"
            }
            p = pe.parent
        }
        return nil
    }

    // L8
    static func consistencyRule(_ layout: Layout, doc: LayoutDocument) -> [(ElementID, String)] {
        var out: [(ElementID, String)] = []
        var groups: [ElementKind: [Element]] = [:]
        for e in layout.elements where HitRegion.answersPointer(e) { groups[e.kind, default: []].append(e) }
        for kind in ElementKind.allCases {
            guard let members = groups[kind], members.count > 1 else { continue }
            // What most elements of this kind do; an explicit style that differs is the odd one out.
            // (Automatic choices that differ by size, E4, are consistent by construction.)
            func signature(_ e: Element) -> String {
                let k = EffectChooser.effect(for: e)
                guard k == .hover else { return effectName(k) }
                let h = EffectChooser.hoverEffect(for: e)
                return "hover (scale \(h.scale), tint \(h.tint.rawValue)\(h.hasShadow ? ", shadow" : ""))"
            }
            var counts: [String: Int] = [:]
            var order: [String] = []
            for e in members {
                let s = signature(e)
                if counts[s] == nil { order.append(s) }
                counts[s, default: 0] += 1
            }
            guard order.count > 1 else { continue }
            let majority = order.max { counts[$0]! < counts[$1]! || (counts[$0]! == counts[$1]! && order.firstIndex(of: $0)! > order.firstIndex(of: $1)!) }!
            for e in members {
                guard let effect = e.style?.effect, effect != .automatic else { continue }
                let s = signature(e)
                guard s != majority else { continue }
                let others = counts[majority]!
                out.append((e.id, "uses \(s) while \(others) other \(kind.rawValue)\(others == 1 ? "" : "s") use\(others == 1 ? "s" : "") \(majority) (E4)"))
            }
        }
        return out
    }
}
