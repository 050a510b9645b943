// Band (marquee) selection in a collection (SPEC I1): press and drag on empty space grows a
// rectangle, items inside are selected live, and dragging past an edge auto-scrolls the
// collection at a rate set by the distance past the edge. The edge is that of the part the user
// sees (the viewport clipped by the window and outer scroll views); where that edge lies on the
// window's own edge, which the pointer cannot pass, the autoscroll zone lies just inside it
// (issue 30.2). The keys held at the press extend or toggle, as the `Conventions` say (desktop:
// Shift extends, Ctrl toggles; Mac: Command toggles).
import InputProtocol

/// A collection's band selection. Points are in view coordinates (the collection's viewport);
/// item frames in content coordinates; `contentOffset` maps one to the other and moves while
/// auto-scrolling (the engine mirrors it into the collection's ScrollView).
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> pressed: press on empty space
///     pressed --> banding: move ≥ dragThreshold
///     pressed --> idle: release (a click: clears the selection unless it extends or toggles)
///     banding --> banding: move / advance (autoscroll past an edge)
///     banding --> idle: release (keeps) · cancel (restores the old selection)
///     pressed --> idle: cancel
/// ```
package struct BandSelection<ItemID: Hashable & Sendable>: Sendable {
    package enum Event: Sendable {
        /// A primary press at `point`. Ignored (returns false) when it hits an item: that is a drag.
        case press(Point, modifiers: Modifiers)
        case move(Point)
        case release
        /// Escape, a lost pointer, a device removed: the selection goes back to what it was.
        case cancel
    }
    package enum State: Sendable, Equatable {
        case idle
        /// `anchor` is in content coordinates, so the band stays attached to the content while it scrolls.
        case pressed(anchor: Point, at: Point, mode: SelectionOperation)
        case banding(anchor: Point, at: Point, mode: SelectionOperation)
    }

    /// Motion below this is a click on empty space, not a band.
    package static var dragThreshold: Double { 4 } // pt
    /// Autoscroll speed per point past the edge…
    package static var autoscrollGain: Double { 12 } // (pt/s) per pt
    /// …capped at this.
    package static var autoscrollMaximumSpeed: Double { 2_400 } // pt/s
    /// Along an edge of the visible part that the pointer cannot pass (it lies on the window's
    /// edge), autoscroll starts this far inside it, at `autoscrollGain` per point into the zone
    /// (about 280 pt/s on the window's last row, as Finder and Files scroll a list there)…
    package static var edgeZone: Double { 24 } // pt
    /// …but never in more than this fraction of the visible length, so a sliver of a
    /// collection still has a middle where nothing scrolls.
    package static var edgeZoneMaximumFraction: Double { 1.0 / 3 }

    package var items: [(id: ItemID, frame: Rect)]
    /// The visible part of the collection in view coordinates.
    package var viewport: Rect
    /// Content point shown at the viewport's origin.
    package var contentOffset: Vector = .zero
    /// How far the content can scroll (content size − viewport size, per axis).
    package var maximumOffset: Vector
    /// The part of the viewport the user sees, view coordinates: the viewport clipped by the
    /// window and any outer scroll view (nil: all of it). Autoscroll starts at its edges.
    package var visible: Rect?
    /// The edges of `visible` that lie on the window's edge: the pointer cannot go past them,
    /// so autoscroll starts `edgeZone` inside them.
    package var pinnedEdges: RectEdges = []
    package private(set) var state: State = .idle
    package private(set) var selection: Set<ItemID>
    /// What the keys held at the press mean.
    package var conventions: Conventions
    private var original: Set<ItemID> = []
    private var lastAdvance: Timestamp?

    package init(items: [(id: ItemID, frame: Rect)], viewport: Rect, contentSize: Size, selection: Set<ItemID> = [],
                conventions: Conventions) {
        self.items = items; self.viewport = viewport; self.selection = selection; self.conventions = conventions
        maximumOffset = Vector(max(0, contentSize.width - viewport.width), max(0, contentSize.height - viewport.height))
    }

    package var isActive: Bool { state != .idle }

    /// The band in view coordinates while banding (what the pointer grows into).
    package var band: Rect? {
        guard case .banding(let anchor, let at, _) = state else { return nil }
        return Rect(corner: toView(anchor), at)
    }

    /// What the band does to the selection, while it is out.
    package var operation: SelectionOperation? {
        guard case .banding(_, _, let mode) = state else { return nil }
        return mode
    }

    /// The item under a view point, if any.
    package func item(at p: Point) -> ItemID? { items.first { $0.frame.contains(toContent(p)) }?.id }

    @discardableResult
    package mutating func handle(_ event: Event, now: Timestamp) -> Bool {
        switch (state, event) {
        case (.idle, .press(let p, let modifiers)):
            guard viewport.contains(p), item(at: p) == nil else { return false }
            original = selection
            state = .pressed(anchor: toContent(p), at: p, mode: conventions.selectionOperation(for: modifiers))
            lastAdvance = now
        case (.pressed(let anchor, _, let mode), .move(let p)):
            if toView(anchor).distance(to: p) >= Self.dragThreshold {
                state = .banding(anchor: anchor, at: p, mode: mode)
                updateSelection()
            } else {
                state = .pressed(anchor: anchor, at: p, mode: mode)
            }
        case (.banding(let anchor, _, let mode), .move(let p)):
            advance(to: now)
            state = .banding(anchor: anchor, at: p, mode: mode)
            updateSelection()
        case (.pressed(_, _, let mode), .release):
            // A click on empty space deselects everything; extending or toggling clicks keep it.
            if mode == .replace { selection = [] }
            state = .idle
        case (.banding, .release):
            advance(to: now)
            state = .idle
        case (.pressed, .cancel), (.banding, .cancel):
            selection = original
            state = .idle
        case (.idle, .move), (.idle, .release), (.idle, .cancel), (.pressed, .press), (.banding, .press):
            return false // nothing running, or a second press without release: ignored
        }
        return true
    }

    /// The autoscroll speed (pt/s per axis) for a pointer at `p`: zero inside the visible part
    /// (and out of the zones along its pinned edges).
    package func autoscrollVelocity(at p: Point) -> Vector {
        let shown = visible ?? viewport
        func axis(_ v: Double, _ lo: Double, _ hi: Double, _ pinLo: RectEdges, _ pinHi: RectEdges) -> Double {
            let zone = min(Self.edgeZone, (hi - lo) * Self.edgeZoneMaximumFraction)
            let lo = pinnedEdges.contains(pinLo) ? lo + zone : lo
            let hi = pinnedEdges.contains(pinHi) ? hi - zone : hi
            let past = v < lo ? v - lo : v > hi ? v - hi : 0
            return clamp(past * Self.autoscrollGain, -Self.autoscrollMaximumSpeed, Self.autoscrollMaximumSpeed)
        }
        return Vector(axis(p.x, shown.minX, shown.maxX, .minX, .maxX), axis(p.y, shown.minY, shown.maxY, .minY, .maxY))
    }

    /// Auto-scrolls while the pointer is past an edge and updates the selection for the newly
    /// covered content. Returns the scroll applied (pt).
    @discardableResult
    package mutating func advance(to now: Timestamp) -> Vector { autoscroll(to: now).applied }

    /// Auto-scrolls to `now`: `applied` moved this collection; `unapplied` is the part of the
    /// wanted scroll it could not take, being at its end that way (an outer scroll view takes
    /// it: chaining, I5).
    package mutating func autoscroll(to now: Timestamp) -> (applied: Vector, unapplied: Vector) {
        defer { lastAdvance = now }
        guard case .banding(_, let at, _) = state, let last = lastAdvance else { return (.zero, .zero) }
        let dt = max(0, now.seconds(since: last))
        let v = autoscrollVelocity(at: at) * dt
        let next = Vector(clamp(contentOffset.dx + v.dx, 0, maximumOffset.dx), clamp(contentOffset.dy + v.dy, 0, maximumOffset.dy))
        let applied = next - contentOffset
        contentOffset = next
        if applied != .zero { updateSelection() }
        // Only an axis held at its end hands on the rest (not rounding left over on the way).
        func rest(_ want: Double, _ got: Double, _ at: Double, _ limit: Double) -> Double {
            want > 0 && at >= limit || want < 0 && at <= 0 ? want - got : 0
        }
        let unapplied = Vector(rest(v.dx, applied.dx, next.dx, maximumOffset.dx), rest(v.dy, applied.dy, next.dy, maximumOffset.dy))
        return (applied, unapplied)
    }

    /// The collection moved on the surface or was laid out again (an outer view scrolled, the
    /// window was resized): the band keeps its anchor on the content and its moving corner at
    /// the pointer, and selects what it covers now. `items`, `contentSize`: nil keeps them.
    package mutating func relocate(viewport: Rect, visible: Rect?, pinnedEdges: RectEdges,
                                  items: [(id: ItemID, frame: Rect)]? = nil, contentSize: Size? = nil) {
        self.viewport = viewport
        self.visible = visible
        self.pinnedEdges = pinnedEdges
        if let items { self.items = items }
        if let contentSize {
            maximumOffset = Vector(max(0, contentSize.width - viewport.width), max(0, contentSize.height - viewport.height))
            contentOffset = Vector(clamp(contentOffset.dx, 0, maximumOffset.dx), clamp(contentOffset.dy, 0, maximumOffset.dy))
        }
        updateSelection()
    }

    private mutating func updateSelection() {
        guard case .banding(let anchor, let at, let mode) = state else { return }
        let rect = Rect(corner: anchor, toContent(at))
        let inside = Set(items.lazy.filter { $0.frame.intersects(rect) }.map(\.id))
        selection = switch mode {
        case .replace: inside
        case .extend: original.union(inside)
        case .toggle: original.symmetricDifference(inside)
        }
    }

    private func toContent(_ p: Point) -> Point { Point(p.x - viewport.minX + contentOffset.dx, p.y - viewport.minY + contentOffset.dy) }
    private func toView(_ p: Point) -> Point { Point(p.x + viewport.minX - contentOffset.dx, p.y + viewport.minY - contentOffset.dy) }
}
