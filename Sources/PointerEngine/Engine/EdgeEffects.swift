// Scroll edge effects (SPEC I5): "soft by default, hard for desktop-style views, only where a
// scroll view meets floating controls".
//
// A floating control is a bar or a control (toolbar, tab bar, segmented control, bar button,
// segment, tab, button, icon, scrubber, revealing controls) painted above a scroll container in
// the same space, whose frame overlaps the container's viewport and reaches one of its edges.
// Along each such edge the frame description gets one `ScrollEdgeEffectAppearance` spanning the
// whole edge: as deep as the controls reach in (hard), plus a fade (soft). Its style is the
// container's `traits.scroll.edgeEffect`. It shows only while content lies under the controls:
// its opacity grows from 0 to 1 over the first `fullAfter` points of content scrolled past that
// edge (at the top of a list, nothing is under a top toolbar: no effect).
//
// Nested scroll containers (I5): each effect belongs to the container whose edge the controls
// meet and follows that container's own scrolling (the scroll that reaches an inner container's
// edge changes the inner one's effects only; see ScrollInteraction on chaining). A container
// inside another is seen through the outer viewports: controls scrolled out of them float over
// nothing, and its bands are clipped to them.

package enum ScrollEdgeEffectTuning {
    /// A control counts for an edge when its frame comes this close to it, points.
    package static let reach = 8.0
    /// A soft effect fades out over this distance past the controls' inner side, points.
    package static let softFade = 16.0
    /// The effect is fully shown once this much content has scrolled past the edge, points.
    package static let fullAfter = 16.0

    /// Kinds that float over scrolling content as controls.
    package static func floats(_ kind: ElementKind) -> Bool {
        switch kind {
        case .toolbar, .tabBar, .segmentedControl, .barButton, .segment, .tab, .button, .icon, .scrubber,
             .revealingControls: true
        case .menuItem, .card, .row, .textArea, .resizeHandle, .graph, .image, .canvas, .collection,
             .collectionItem, .dropTarget, .scrollView, .pagedView, .menu, .sidebar, .tabView, .group, .label: false
        }
    }
}

/// A floating control over a scroll container (slots in the hit index).
struct EdgeEffectSource: Hashable, Sendable {
    var container: Int32
    var control: Int32
}

extension HitIndex {
    /// The (container, floating control) pairs of the layout, by container paint order then
    /// control slot. Decided on the frames at rest; the depth and the edge follow the live
    /// frames each frame.
    func edgeEffectSources() -> [EdgeEffectSource] {
        var out: [EdgeEffectSource] = []
        for space in spaces.dropFirst() {
            let c = entries[Int(space.container)]
            var controls: [Int32] = []
            forEachOnce(space: Int(c.space), in: c.frame) { slot in
                let e = entries[Int(slot)]
                guard e.rank > c.rank, e.frame.intersects(c.frame), ScrollEdgeEffectTuning.floats(layout.elements[Int(slot)].kind)
                else { return }
                controls.append(slot)
            }
            out += controls.sorted().map { EdgeEffectSource(container: space.container, control: $0) }
        }
        return out.sorted { a, b in
            a.container == b.container ? a.control < b.control : entries[Int(a.container)].rank < entries[Int(b.container)].rank
        }
    }
}

extension EngineCore {
    /// The scroll edge effects to draw now (I5), in the paint order of their scroll views,
    /// edges top, bottom, left, right.
    func scrollEdgeEffects() -> [ScrollEdgeEffectAppearance] {
        var out: [ScrollEdgeEffectAppearance] = []
        var i = 0
        while i < edgeSources.count {
            let c = Int(edgeSources[i].container)
            let vp = index.surfaceFrame(slot: c, scene: scene)
            let clip = outerClip(slot: c)
            // How deep floating controls reach into each edge (0: none there).
            var depth = [0.0, 0.0, 0.0, 0.0] // top, bottom, left, right
            while i < edgeSources.count, Int(edgeSources[i].container) == c {
                let slot = Int(edgeSources[i].control)
                i += 1
                if isHidden(slot) { continue } // a hidden control floats over nothing
                let f = index.surfaceFrame(slot: slot, scene: scene)
                guard f.intersects(vp), clip.map(f.intersects) ?? true else { continue }
                let reach = ScrollEdgeEffectTuning.reach
                // The edges the control reaches, with the depth it covers from each; a control
                // in a corner belongs to the edge it is thinnest along.
                let candidates = [
                    f.minY <= vp.minY + reach ? min(f.maxY, vp.maxY) - vp.minY : .infinity,
                    f.maxY >= vp.maxY - reach ? vp.maxY - max(f.minY, vp.minY) : .infinity,
                    f.minX <= vp.minX + reach ? min(f.maxX, vp.maxX) - vp.minX : .infinity,
                    f.maxX >= vp.maxX - reach ? vp.maxX - max(f.minX, vp.minX) : .infinity,
                ]
                guard let best = candidates.indices.min(by: { candidates[$0] < candidates[$1] }), candidates[best].isFinite else { continue }
                // Covering the whole view is not an edge.
                let length = best < 2 ? vp.height : vp.width
                guard candidates[best] < length else { continue }
                depth[best] = max(depth[best], candidates[best])
            }
            guard depth.contains(where: { $0 > 0 }), let cfg = layout.elements[c].traits.scroll else { continue }
            let content = index.transform(slot: c, scene: scene).apply(Rect(origin: .zero, size: cfg.contentSize))
            let beyond = [vp.minY - content.minY, content.maxY - vp.maxY, vp.minX - content.minX, content.maxX - vp.maxX]
            let soft = cfg.edgeEffect == .soft
            for (k, edge) in [Edge.top, .bottom, .left, .right].enumerated() where depth[k] > 0 {
                let opacity = clamp(beyond[k] / ScrollEdgeEffectTuning.fullAfter, 0, 1)
                guard opacity > 0 else { continue }
                let d = min(depth[k] + (soft ? ScrollEdgeEffectTuning.softFade : 0), k < 2 ? vp.height : vp.width)
                let rect: Rect = switch edge {
                case .top: Rect(x: vp.minX, y: vp.minY, width: vp.width, height: d)
                case .bottom: Rect(x: vp.minX, y: vp.maxY - d, width: vp.width, height: d)
                case .left: Rect(x: vp.minX, y: vp.minY, width: d, height: vp.height)
                case .right: Rect(x: vp.maxX - d, y: vp.minY, width: d, height: vp.height)
                }
                guard let shown = clip.map(rect.intersection) ?? rect, shown.width > 0, shown.height > 0 else { continue }
                out.append(ScrollEdgeEffectAppearance(scrollView: index.entries[c].id, edge: edge, rect: shown,
                                                      style: cfg.edgeEffect, opacity: opacity))
            }
        }
        return out
    }

    /// The part of the surface the outer scroll containers of container `slot` let through (the
    /// intersection of their viewports), nil for a container at the top level.
    func outerClip(slot: Int) -> Rect? {
        var clip: Rect?
        var space = Int(index.entries[slot].space)
        while space > 0 {
            let outer = Int(index.spaces[space].container)
            let f = index.surfaceFrame(slot: outer, scene: scene)
            clip = clip.map { $0.intersection(f) ?? Rect(x: f.minX, y: f.minY, width: 0, height: 0) } ?? f
            space = Int(index.entries[outer].space)
        }
        return clip
    }

    /// Hidden: the element or one of its ancestors is a hover-revealed control at opacity 0 (I4).
    func isHidden(_ slot: Int) -> Bool {
        guard !scene.reveal.isEmpty else { return false }
        var id: ElementID? = index.entries[slot].id
        while let cur = id {
            if let r = scene.reveal[cur], r <= 0 { return true }
            id = layout.property(of: cur, \.parent) ?? nil
        }
        return false
    }
}
