// An open context menu in the render description (G9, I6): part of `Frame`.

/// An open context menu (G9, I6), placed inside the window (`ContextMenuPlacement`).
public struct ContextMenuAppearance: Hashable, Sendable {
    /// Space above the first entry and below the last inside the menu, points.
    public static let inset = 5.0
    /// The element it belongs to.
    public var element: ElementID?
    /// The menu on the surface, points: inside the window; shorter than `contentHeight` when
    /// the entries scroll.
    public var frame: Rect
    /// The entries' titles, top to bottom.
    public var items: [String]
    /// Entries shown dimmed that nothing can choose or highlight (issue 18.3: a drop's
    /// actions it cannot take; I6: a command with nothing to act on), by index.
    public var disabled: Set<Int>
    /// Index of the item under the pointer (or chosen with the arrow keys); never a disabled one.
    public var highlightedIndex: Int?
    /// Height of one item row, points.
    public var itemHeight: Double
    /// How far the entries are scrolled up inside the frame, points (0 when they all fit).
    public var scrollOffset: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// A menu at `frame` with `items`.
    public init(element: ElementID?, frame: Rect, items: [String], disabled: Set<Int> = [], highlightedIndex: Int?,
                itemHeight: Double = 28, scrollOffset: Double = 0, opacity: Double) {
        self.element = element; self.frame = frame; self.items = items; self.disabled = disabled
        self.highlightedIndex = highlightedIndex; self.itemHeight = itemHeight
        self.scrollOffset = scrollOffset; self.opacity = opacity
    }

    /// Top-left of the menu, surface points.
    public var origin: Point { frame.origin }
    /// The height of all the entries with the insets, points.
    public var contentHeight: Double { Self.contentHeight(items: items.count, itemHeight: itemHeight) }
    /// The height of `items` entries of `itemHeight` with the insets, points.
    public static func contentHeight(items: Int, itemHeight: Double) -> Double { Double(items) * itemHeight + 2 * inset }
    /// Whether the entries do not all fit and scroll.
    public var scrolls: Bool { contentHeight > frame.height + 1e-9 }
    /// The furthest the entries scroll, points.
    public var maximumScrollOffset: Double { max(0, contentHeight - frame.height) }
    /// Entry `i`'s row on the surface, points (scrolled: it may lie outside `frame`).
    public func itemFrame(_ i: Int) -> Rect {
        Rect(x: frame.minX, y: frame.minY + Self.inset + Double(i) * itemHeight - scrollOffset, width: frame.width, height: itemHeight)
    }
    /// The entries wholly or partly shown, in order.
    public var visibleItems: Range<Int> {
        guard itemHeight > 0, !items.isEmpty else { return 0..<0 }
        let first = Int(((scrollOffset - Self.inset) / itemHeight).rounded(.down))
        let last = Int(((scrollOffset + frame.height - Self.inset) / itemHeight).rounded(.up))
        return max(0, first)..<min(items.count, max(0, last))
    }
    /// The entry under surface point `p`, if any.
    public func item(at p: Point) -> Int? {
        guard frame.contains(p), itemHeight > 0 else { return nil }
        let i = Int(((p.y - frame.minY + scrollOffset - Self.inset) / itemHeight).rounded(.down))
        return items.indices.contains(i) ? i : nil
    }
    /// The enabled entry under `p`, if any (what a click or a lift there chooses).
    public func enabledItem(at p: Point) -> Int? {
        item(at: p).flatMap { disabled.contains($0) ? nil : $0 }
    }
    /// The scroll offset that shows entry `i` whole, moving as little as it can.
    public func scrollOffset(showing i: Int) -> Double {
        let top = Self.inset + Double(i) * itemHeight, bottom = top + itemHeight
        var o = scrollOffset
        if top - Self.inset < o { o = top - Self.inset }
        if bottom + Self.inset > o + frame.height { o = bottom + Self.inset - frame.height }
        return clamp(o, 0, maximumScrollOffset)
    }
}
