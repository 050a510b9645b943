// What the composer reads from a layout's tree, per element in paint order (issue 8, latency):
// kept while the layout stays the same, so a frame looks nothing up by hashing but the few
// elements the frame names.
import PointerEngine

/// What the composer reads from a layout's tree, per element in paint order (its slot). A
/// class: the composer passes it around every frame, and a copy of a struct retained each of
/// its arrays.
final class LayoutStructure {
    /// Every element, back to front (`Layout.paintOrder`).
    let paintOrder: [ElementID]
    /// Each element's slot in `paintOrder`.
    let slot: [ElementID: Int]
    /// The slot of each element's nearest scroll container (`Layout.scrollContainer(of:)`), -1: none.
    let scrollContainer: [Int]
    /// Each element's frame and corner radius in the layout (a scroll container's viewport at rest).
    let frame: [Rect]
    let cornerRadius: [Double]
    /// The slots of the element itself and its ancestors that are revealing controls, nearest first.
    let revealers: [[Int]]
    /// Per slot of a revealing control: the slots whose reveal opacity it may decide (the
    /// inverse of `revealers`).
    let revealed: [[Int]]
    /// Per slot of a scroll container: the slots placed by its transform (its content, at any
    /// depth).
    let dependents: [[Int]]

    init(_ layout: Layout) {
        let order = layout.paintOrder
        paintOrder = order
        let slots = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        slot = slots
        let containers = order.map { layout.scrollContainer(of: $0).flatMap { slots[$0] } ?? -1 }
        scrollContainer = containers
        frame = order.map { layout.property(of: $0, \.frame) ?? .zero }
        cornerRadius = order.map { layout.property(of: $0, \.cornerRadius) ?? 0 }
        let revealers = order.map { id in
            var out: [Int] = []
            var cur: ElementID? = id
            while let c = cur, let kind = layout.property(of: c, \.kind) {
                if kind == .revealingControls, let k = slots[c] { out.append(k) }
                cur = layout.property(of: c, \.parent) ?? nil
            }
            return out
        }
        self.revealers = revealers
        var revealed = [[Int]](repeating: [], count: order.count)
        var dependents = [[Int]](repeating: [], count: order.count)
        for s in order.indices {
            for k in revealers[s] { revealed[k].append(s) }
            var c = containers[s]
            while c >= 0 { dependents[c].append(s); c = containers[c] }
        }
        self.revealed = revealed
        self.dependents = dependents
    }

    /// For each slot, the index in `list` of the entry about that element (-1: none); the first
    /// entry wins, or the last with `lastWins`.
    func indices<T>(of list: [T], element: (T) -> ElementID, lastWins: Bool = false) -> [Int32] {
        var out: [Int32] = [], slots: [Int] = []
        fill(&out, of: list, element: element, lastWins: lastWins, slots: &slots)
        return out
    }

    /// `indices(of:…)` written into `out`, reusing its storage (no allocation per frame); the
    /// slots given an entry are appended to `slots` (a slot may come twice).
    func fill<T>(_ out: inout [Int32], of list: [T], element: (T) -> ElementID, lastWins: Bool = false, slots: inout [Int]) {
        if out.count == paintOrder.count {
            out.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
        } else {
            out = [Int32](repeating: -1, count: paintOrder.count)
        }
        for (i, x) in list.enumerated() {
            guard let k = slot[element(x)], lastWins || out[k] < 0 else { continue }
            out[k] = Int32(i)
            slots.append(k)
        }
    }
}
