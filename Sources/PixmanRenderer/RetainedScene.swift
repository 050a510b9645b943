// The retained scene (issue 20.5): the display list kept from frame to frame, changed item by
// item. Every write (replace, insert, remove, move, a range replaced) marks what it wrote, so
// SceneRenderer.render(_:) looks at the marked items only, in display-list order, and clears
// the marks: one layer knows what changed, and nothing diffs the frame a second time.
// A caller holding whole lists instead (tests, benches, snapshots, replays) hands them to
// `assign`, the one diff left: it marks the items that differ from the kept ones. The frame
// composer (Composer/FrameComposer.swift) never diffs: it writes what it built again.
import PointerEngine

/// Display items in paint order (back to front), with a mark on each item written since a
/// renderer last drew the scene.
public final class RetainedScene {
    /// The items, back to front.
    public private(set) var items: [DisplayItem]
    /// Per position: whether the item there was written since the marks were last taken.
    private(set) var marked: [Bool]
    /// The marked positions, each once, in the order they were first written (kept only while
    /// the scene keeps its shape: positions move when items are inserted or removed).
    private(set) var markedPositions: [Int] = []
    /// Items were inserted, removed or moved, or an item's identity changed, since the marks
    /// were last taken: positions then no longer match the last drawn list.
    private(set) var reshaped: Bool
    /// Counts the times the marks were taken: a renderer that finds the count it left knows
    /// that the marks say everything that changed since it drew.
    private(set) var epoch = 0

    /// A scene of `items`, every one marked.
    public init(_ items: [DisplayItem] = []) {
        self.items = items
        marked = [Bool](repeating: true, count: items.count)
        reshaped = true
    }

    public var count: Int { items.count }
    public subscript(position: Int) -> DisplayItem { items[position] }

    /// Writes `item` over the one at `position`.
    public func replace(at position: Int, with item: DisplayItem) {
        if items[position].id != item.id { reshaped = true }
        items[position] = item
        mark(position)
    }

    public func insert(_ item: DisplayItem, at position: Int) {
        items.insert(item, at: position)
        marked.insert(true, at: position)
        reshaped = true
    }

    public func remove(at position: Int) {
        items.remove(at: position)
        marked.remove(at: position)
        reshaped = true
    }

    /// Moves the item at `from` so that it ends up at `to` (a change of stacking order).
    public func move(from: Int, to: Int) {
        guard from != to else { return }
        let item = items.remove(at: from)
        marked.remove(at: from)
        items.insert(item, at: to)
        marked.insert(true, at: to)
        reshaped = true
    }

    /// Writes `new` over the items in `range`: each written in place when as many, else the
    /// range replaced (what follows moves).
    public func replaceSubrange(_ range: Range<Int>, with new: [DisplayItem]) {
        if range.count == new.count {
            for (i, item) in new.enumerated() { replace(at: range.lowerBound + i, with: item) }
            return
        }
        items.replaceSubrange(range, with: new)
        marked.replaceSubrange(range, with: repeatElement(true, count: new.count))
        reshaped = true
    }

    /// Replaces every item (all marked: the renderer finds the unchanged ones by identity).
    public func replaceAll(with new: [DisplayItem]) {
        items = new
        marked = [Bool](repeating: true, count: new.count)
        markedPositions.removeAll(keepingCapacity: true)
        reshaped = true
    }

    /// Replaces every item, marking only the positions `fresh` names: the writer vouches that
    /// every other item is the one its identity held when the marks were last taken (the frame
    /// composer rebuilding its list from kept items, issue 34.3), so a renderer that drew the
    /// scene finds it by identity without looking at it. Items marked since the marks were last
    /// taken stay marked, by identity.
    public func replaceAll(with new: [DisplayItem], marking fresh: [Bool]) {
        precondition(fresh.count == new.count, "RetainedScene.replaceAll: \(fresh.count) marks for \(new.count) items")
        var pending: Set<ItemID>?
        if marked.contains(true) { pending = Set(items.indices.lazy.filter { self.marked[$0] }.map { self.items[$0].id }) }
        items = new
        marked = fresh
        if let pending { for k in new.indices where pending.contains(new[k].id) { marked[k] = true } }
        markedPositions.removeAll(keepingCapacity: true)
        reshaped = true
    }

    /// Makes the scene hold `new`, marking only what differs: with the same identities in the
    /// same order, the items that changed; otherwise every item (`replaceAll`).
    public func assign(_ new: [DisplayItem]) {
        guard !reshaped, new.count == items.count else { return replaceAll(with: new) }
        for k in new.indices where new[k].id != items[k].id { return replaceAll(with: new) }
        for k in new.indices where new[k] != items[k] { mark(k) }
        items = new
    }

    private func mark(_ position: Int) {
        guard !marked[position] else { return }
        marked[position] = true
        if !reshaped { markedPositions.append(position) }
    }

    /// The marked positions in display-list order (paint order: damage is gathered back to
    /// front, as a renderer walking the whole list would).
    func marksInOrder() -> [Int] {
        markedPositions.sort()
        return markedPositions
    }

    /// Called by the renderer that drew the scene: clears the marks and returns the new epoch.
    func takeMarks() -> Int {
        if reshaped || markedPositions.count * 4 > marked.count {
            for k in marked.indices { marked[k] = false }
        } else {
            for k in markedPositions { marked[k] = false }
        }
        markedPositions.removeAll(keepingCapacity: true)
        reshaped = false
        epoch &+= 1
        return epoch
    }
}
