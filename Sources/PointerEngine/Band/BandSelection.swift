// Band (marquee) selection in a collection (SPEC I1): press and drag on empty space grows a
// rectangle, items inside are selected live, and dragging past an edge auto-scrolls the
// collection at a rate set by the distance past the edge. The keys held at the press extend or
// toggle, as the `Conventions` say (desktop: Shift extends, Ctrl toggles; Mac: Command toggles).
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
public struct BandSelection<ItemID: Hashable & Sendable>: Sendable {
    public enum Event: Sendable {
        /// A primary press at `point`. Ignored (returns false) when it hits an item: that is a drag.
        case press(Point, modifiers: Modifiers)
        case move(Point)
        case release
        /// Escape, a lost pointer, a device removed: the selection goes back to what it was.
        case cancel
    }
    public enum State: Sendable, Equatable {
        case idle
        /// `anchor` is in content coordinates, so the band stays attached to the content while it scrolls.
        case pressed(anchor: Point, at: Point, mode: SelectionOperation)
        case banding(anchor: Point, at: Point, mode: SelectionOperation)
    }

    /// Motion below this is a click on empty space, not a band.
    public static var dragThreshold: Double { 4 } // pt
    /// Autoscroll speed per point past the edge…
    public static var autoscrollGain: Double { 12 } // (pt/s) per pt
    /// …capped at this.
    public static var autoscrollMaximumSpeed: Double { 2_400 } // pt/s

    public var items: [(id: ItemID, frame: Rect)]
    /// The visible part of the collection in view coordinates.
    public var viewport: Rect
    /// Content point shown at the viewport's origin.
    public var contentOffset: Vector = .zero
    /// How far the content can scroll (content size − viewport size, per axis).
    public var maximumOffset: Vector
    public private(set) var state: State = .idle
    public private(set) var selection: Set<ItemID>
    /// What the keys held at the press mean.
    public var conventions: Conventions
    private var original: Set<ItemID> = []
    private var lastAdvance: Timestamp?

    public init(items: [(id: ItemID, frame: Rect)], viewport: Rect, contentSize: Size, selection: Set<ItemID> = [],
                conventions: Conventions) {
        self.items = items; self.viewport = viewport; self.selection = selection; self.conventions = conventions
        maximumOffset = Vector(max(0, contentSize.width - viewport.width), max(0, contentSize.height - viewport.height))
    }

    public var isActive: Bool { state != .idle }

    /// The band in view coordinates while banding (what the pointer grows into).
    public var band: Rect? {
        guard case .banding(let anchor, let at, _) = state else { return nil }
        return Rect(corner: toView(anchor), at)
    }

    /// What the band does to the selection, while it is out.
    public var operation: SelectionOperation? {
        guard case .banding(_, _, let mode) = state else { return nil }
        return mode
    }

    /// The item under a view point, if any.
    public func item(at p: Point) -> ItemID? { items.first { $0.frame.contains(toContent(p)) }?.id }

    @discardableResult
    public mutating func handle(_ event: Event, now: Timestamp) -> Bool {
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

    /// The autoscroll speed (pt/s per axis) for a pointer at `p`: zero inside the viewport.
    public func autoscrollVelocity(at p: Point) -> Vector {
        func axis(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
            let past = v < lo ? v - lo : v > hi ? v - hi : 0
            return clamp(past * Self.autoscrollGain, -Self.autoscrollMaximumSpeed, Self.autoscrollMaximumSpeed)
        }
        return Vector(axis(p.x, viewport.minX, viewport.maxX), axis(p.y, viewport.minY, viewport.maxY))
    }

    /// Auto-scrolls while the pointer is past an edge and updates the selection for the newly
    /// covered content. Returns the scroll applied (pt).
    @discardableResult
    public mutating func advance(to now: Timestamp) -> Vector {
        defer { lastAdvance = now }
        guard case .banding(_, let at, _) = state, let last = lastAdvance else { return .zero }
        let dt = max(0, now.seconds(since: last))
        let v = autoscrollVelocity(at: at) * dt
        let next = Vector(clamp(contentOffset.dx + v.dx, 0, maximumOffset.dx), clamp(contentOffset.dy + v.dy, 0, maximumOffset.dy))
        let applied = next - contentOffset
        contentOffset = next
        if applied != .zero { updateSelection() }
        return applied
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
