// The display list kept between frames (issue 8, latency): building every element's look each
// frame was a fifth of a frame's CPU, though a pointer move changes two or three elements.
// An element's item is rebuilt only when something it is drawn from changed: its surface
// frame, its state, its effect, its placement in a scroll container, its reveal opacity, or
// the few frame facts its look reads (ContentFacts.relevant(to:)). Everything else — the
// layout, the app state (ShowcaseState), the text scale, the kind of layout — clears the cache
// when it changes. The paint order and the per-element lookups of the layout's tree are kept
// while the layout stays the same (LayoutStructure). Reused items share their operation
// arrays, so the renderer's diff finds them unchanged at the cost of a pointer comparison.
//
// Correctness: PlaygroundCacheTests builds the cached list and a fresh one after every event of
// random seeded sequences and requires them equal.
import PointerEngine
import PixmanRenderer

/// What the composer reads from a layout's tree, per element in paint order (its slot).
struct LayoutStructure {
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

    init(_ layout: Layout) {
        let order = layout.paintOrder
        paintOrder = order
        let slots = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        slot = slots
        scrollContainer = order.map { layout.scrollContainer(of: $0).flatMap { slots[$0] } ?? -1 }
        frame = order.map { layout.property(of: $0, \.frame) ?? .zero }
        cornerRadius = order.map { layout.property(of: $0, \.cornerRadius) ?? 0 }
        revealers = order.map { id in
            var out: [Int] = []
            var cur: ElementID? = id
            while let c = cur, let kind = layout.property(of: c, \.kind) {
                if kind == .revealingControls, let k = slots[c] { out.append(k) }
                cur = layout.property(of: c, \.parent) ?? nil
            }
            return out
        }
    }

    /// For each slot, the index in `list` of the entry about that element (-1: none); the first
    /// entry wins, or the last with `lastWins`.
    func indices<T>(of list: [T], element: (T) -> ElementID, lastWins: Bool = false) -> [Int32] {
        var out = [Int32](repeating: -1, count: paintOrder.count)
        for (i, x) in list.enumerated() {
            guard let k = slot[element(x)], lastWins || out[k] < 0 else { continue }
            out[k] = Int32(i)
        }
        return out
    }
}

/// Display items of the last frame, per element, and what they were built from.
public final class DisplayListCache {
    /// Everything an element's item is drawn from that may change from frame to frame.
    struct ElementKey: Hashable {
        var frame: Rect
        var state: ElementState?
        var effect: EffectAppearance?
        var placement: ShowcaseComposer.Placement
        var opacity: Double
        var facts: ContentFacts
    }

    /// The measuring scale the items were built at (text positions depend on it).
    public private(set) var scale: Double
    /// Items rebuilt and items reused since the cache was made (tests, benches).
    public private(set) var misses = 0
    public private(set) var hits = 0

    private(set) var structure = LayoutStructure(Layout(size: Size(0, 0)))
    /// What the whole cache is valid for; any change clears it.
    private var elements: [Element]?
    private var roots: [ElementID] = []
    private var state = ShowcaseState()
    private var isShowcase = false
    private var entries: [(key: ElementKey, item: DisplayItem?)?] = []
    /// The HUD's upper sections as last drawn, and what they showed (GestureHUD.gestureSectionsKey).
    private var hud: (key: GestureHUD, rect: Rect, items: [DisplayItem], bottom: Double)?

    /// Clear-box hook for tests: keys leave out the frame facts the looks read, so an item
    /// goes stale when only those change (the property test must then fail).
    package var keyIgnoresContentFacts = false

    public init(scale: Double) { self.scale = scale }

    /// Forgets every item (the next frame is built from scratch).
    public func removeAll() {
        elements = nil
        entries = []
        hud = nil
    }

    /// Measuring at another scale from now on: every text position changes.
    public func use(scale: Double) {
        guard scale != self.scale else { return }
        self.scale = scale
        removeAll()
    }

    /// Called once per frame before the items are looked up: clears the cache when the
    /// layout, the app state or the kind of layout changed.
    func prepare(layout: Layout, state: ShowcaseState, isShowcase: Bool) {
        // Array == compares storage identity first: an unchanged layout costs O(1) here.
        if elements == nil || elements! != layout.elements || roots != layout.roots {
            structure = LayoutStructure(layout)
            elements = layout.elements
            roots = layout.roots
            entries = Array(repeating: nil, count: structure.paintOrder.count)
            hud = nil
        }
        if state != self.state || isShowcase != self.isShowcase {
            self.state = state
            self.isShowcase = isShowcase
            entries = Array(repeating: nil, count: structure.paintOrder.count)
        }
    }

    /// The item built for the element at `slot` of the paint order, when `key` is what it was
    /// built from (nil result with a hit is stored as `.some(nil)`: the element draws nothing).
    func item(slot: Int, key: ElementKey) -> DisplayItem?? {
        guard let e = entries[slot], e.key == key else { return nil }
        hits += 1
        return .some(e.item)
    }

    func store(_ item: DisplayItem?, slot: Int, key: ElementKey) {
        misses += 1
        entries[slot] = (key, item)
    }

    /// The HUD's items: its upper sections from the cache while they show the same values,
    /// the pointer section (which changes on every move) built each time.
    func hudItems(_ h: GestureHUD, in r: Rect, ink: Ink) -> [DisplayItem] {
        let key = h.gestureSectionsKey
        let head: [DisplayItem], bottom: Double
        if let hud, hud.rect == r, hud.key == key {
            (head, bottom) = (hud.items, hud.bottom)
        } else {
            let (ops, y) = h.gestureOps(in: r, ink: ink)
            (head, bottom) = (ShowcaseComposer.hudItems(ops), y)
            hud = (key, r, head, bottom)
        }
        return head + ShowcaseComposer.hudItems(h.pointerOps(in: r, from: bottom, ink: ink), first: head.count)
    }
}
