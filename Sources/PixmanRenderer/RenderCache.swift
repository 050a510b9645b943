// Caches of everything expensive to make: shape masks, blurred shadows, gradient images,
// pre-blended shadows and text, text runs and glyphs, unturned images of rotated items. Shared
// by every canvas of a renderer (each wl_shm buffer gets its own canvas). All of them share one
// byte budget: when the images together pass it, the least recently used go first, whatever
// their kind (a long pinch makes one mask per zoom level; scrolling text, one run per line).

/// Cached images of a renderer, bounded in bytes with least-recently-used eviction.
public final class RenderCache {
    /// Bytes the cached images may hold together before the least recently used are dropped.
    /// Unless set, it follows the largest canvas drawn with this cache: 1.5 × its pixel bytes,
    /// at least 12 MiB (masks grow with the pixel size: a 4K showcase frame needs ≈ 19 MiB, a
    /// 1080p one ≈ 5 MiB; the whole program stays within its 48 MB goal at 1080p).
    public var byteLimit: Int {
        get { budget.limit }
        set { fixedLimit = newValue; budget.limit = newValue; budget.trim() }
    }
    public static let minimumByteLimit = 12 << 20
    private var fixedLimit: Int?

    /// A canvas of `bytes` pixel bytes draws with this cache: the default bound follows it.
    func noteCanvas(bytes: Int) {
        guard fixedLimit == nil else { return }
        budget.limit = max(budget.limit, bytes + bytes / 2)
    }

    /// Bytes held by cached images now (never above `byteLimit` after an insertion).
    public var byteCount: Int { budget.bytes }

    /// How many masks were rasterized (not found in the cache); tests assert caching works.
    public private(set) var maskMisses = 0
    public private(set) var gradientMisses = 0
    public private(set) var preblendMisses = 0

    let budget: CacheBudget
    private let masks: LRUStore<MaskKey, PixmanImage>
    private let gradients: LRUStore<GradientKey, PixmanImage>
    private let preblends: LRUStore<PreblendKey, PixmanImage>
    /// Unturned images of rotated items (see `unturned`), by item.
    let unturnedStore: LRUStore<ItemID, (key: UnturnedKey, image: PixmanImage)>
    /// Turned pixels of rotated items whose turn held still (see `turned`), by item.
    let turnedStore: LRUStore<ItemID, TurnedImage>
    /// Whether turned pixels are kept at all (off: every repaint samples through the turn;
    /// tests compare the two).
    package var keepsTurnedImages = true
    /// How many turned images were made.
    package internal(set) var turnedImagesMade = 0
    /// Frames drawn with this cache (`SceneRenderer.render` counts them): a turn kept from
    /// one to the next is worth keeping turned.
    var frame = 0
    /// Solid colour sources: no pixels, so bounded by count. A direct-mapped table (a colour
    /// goes to one slot, replacing what was there): finding one is a multiply and a compare,
    /// not a hashed dictionary probe per drawing step (issue 8).
    private var solids = [(color: PremultipliedColor, image: PixmanImage)?](repeating: nil, count: RenderCache.solidSlots)
    private static let solidSlots = 256

    /// Fonts, glyphs and line images.
    let text: TextEngine

    /// A cache bounded by `byteLimit` bytes, or (nil) by the default that follows the canvases.
    public init(byteLimit: Int? = nil) {
        fixedLimit = byteLimit
        budget = CacheBudget(limit: byteLimit ?? RenderCache.minimumByteLimit)
        masks = LRUStore(budget: budget, noted: true)
        gradients = LRUStore(budget: budget, noted: true)
        preblends = LRUStore(budget: budget, noted: true)
        unturnedStore = LRUStore(budget: budget)
        turnedStore = LRUStore(budget: budget)
        text = TextEngine(budget: budget)
    }

    /// Glyphs rasterized so far (cache misses).
    public var glyphMisses: Int { text.glyphMisses }
    /// Lines of text measured (not found in the measurement cache), and the bytes that cache
    /// holds (bounded).
    public var measureMisses: Int { text.measureMisses }
    public var measureCacheBytes: Int { text.measureCacheBytes }

    /// Number of cached masks and gradient images.
    public var count: Int { masks.count + gradients.count }

    /// Unturned images of rotated items, by item (tests look inside).
    var unturnedImages: [ItemID: (key: UnturnedKey, image: PixmanImage)] { unturnedStore.entries.mapValues(\.value) }

    func mask(_ key: MaskKey) -> PixmanImage {
        if let img = masks.value(key) { return img }
        maskMisses += 1
        let img = sliced(key) ?? key.coverage().image()
        masks.insert(key, img, bytes: img.byteCount)
        return img
    }

    /// A mask that is flat along its edges — a rounded rect, its ring, its soft shadow —
    /// assembled from the same mask at a small size (cached): away from the corners each column
    /// between the corner zones equals the small mask's middle column, and each row likewise,
    /// because every pixel depends only on its distance to the nearest side there (and a blur
    /// only on pixels within its reach). Blurring a large card's shadow cost up to 10 ms, and
    /// a lift or a platter animating its size made a new shadow and rings every frame
    /// (issue 8); copying rows costs microseconds. Nil when no side is long enough to gain.
    /// The pixels equal the whole mask's (tested over sweeps of sizes, radii, lines and blurs).
    private func sliced(_ key: MaskKey) -> PixmanImage? {
        // `edge`: mask pixels from a side within which columns (rows) differ; `small` gives the
        // same mask with the given size of its shape.
        let edge: Int, w: Int, h: Int, pad: Int
        let small: (Int, Int) -> MaskKey
        func corner(_ r16: Int, _ w: Int, _ h: Int) -> Int { Int(min(max(Double(r16) / 16, 0), Double(min(w, h)) / 2).rounded(.up)) }
        switch key {
        case .shadow(.roundedRect(let bw, let bh, let r16), let s16, let p):
            (w, h, pad) = (bw, bh, p)
            edge = p + corner(r16, bw, bh) + Coverage.boxRadii(sigma: Double(s16) / 16).reduce(0, +) + 1
            small = { .shadow(.roundedRect(width: $0, height: $1, radius16: r16), sigma16: s16, padding: p) }
        case .ring(let rw, let rh, let r16, let l16):
            (w, h, pad) = (rw, rh, 0)
            edge = max(corner(r16, rw, rh), (l16 + 15) / 16) + 2
            small = { .ring(width: $0, height: $1, radius16: r16, line16: l16) }
        case .roundedRect(let rw, let rh, let r16):
            (w, h, pad) = (rw, rh, 0)
            edge = corner(r16, rw, rh) + 1
            small = { .roundedRect(width: $0, height: $1, radius16: r16) }
        default:
            return nil
        }
        // The small shape: 2 × edge + 1 mask pixels along each sliced side.
        let core = 2 * edge + 1 - 2 * pad
        let sliceX = w > core + 8, sliceY = h > core + 8
        guard sliceX || sliceY else { return nil }
        let part = mask(small(sliceX ? core : w, sliceY ? core : h))
        let mw = w + 2 * pad, mh = h + 2 * pad
        let img = PixmanImage.owning(layout: .a8, width: mw, height: mh)
        let src = part.data.assumingMemoryBound(to: UInt8.self), dst = img.data.assumingMemoryBound(to: UInt8.self)
        let sStride = part.stride, dStride = img.stride, sw = part.width, sh = part.height
        for y in 0..<mh {
            let sy = !sliceY || y < edge ? y : y >= mh - edge ? y - (mh - sh) : edge
            let from = src + sy * sStride, to = dst + y * dStride
            guard sliceX else { to.update(from: from, count: mw); continue }
            to.update(from: from, count: edge)
            (to + edge).update(repeating: from[edge], count: mw - 2 * edge)
            (to + mw - edge).update(from: from + sw - edge, count: edge)
        }
        return img
    }

    func gradient(_ key: GradientKey) -> PixmanImage {
        if let img = gradients.value(key) { return img }
        gradientMisses += 1
        let img = key.render()
        gradients.insert(key, img, bytes: img.byteCount)
        return img
    }

    /// The pre-blended image for `key`, made by `make` when not cached.
    func preblendedImage(_ key: PreblendKey, make: () -> PixmanImage) -> PixmanImage {
        if let img = preblends.value(key) { return img }
        preblendMisses += 1
        let img = make()
        preblends.insert(key, img, bytes: img.byteCount)
        return img
    }

    func solid(_ c: PremultipliedColor) -> PixmanImage {
        let bits = UInt64(c.r) | UInt64(c.g) << 16 | UInt64(c.b) << 32 | UInt64(c.a) << 48
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 56) & (RenderCache.solidSlots - 1)
        if let s = solids[slot], s.color == c { return s.image }
        let s = PixmanImage.solid(c)
        solids[slot] = (c, s)
        return s
    }
}

extension PixmanImage {
    /// Pixel memory of an image, plus a little for pixman's own record of it.
    var byteCount: Int { stride * height + 256 }
}

/// The byte budget several caches share, with one recency list across all of them, so
/// eviction is least recently used whatever the kind. Use and insertion move an entry to the
/// front, eviction takes from the back: O(1) per entry (sorting every entry's last use on each
/// trim cost ~2 ms per trim with the showcase's thousands of glyphs and runs, issue 8).
final class CacheBudget {
    var limit: Int
    private(set) var bytes = 0
    /// Bumped whenever an entry leaves (evicted or replaced): records of drawing that hold
    /// entries (`PreparedOp`) may need checking.
    private(set) var removals = 0
    /// An operation being recorded: the entries its images come from are noted in it.
    var recording: PreparedOp?
    /// Most recently used first; `head.next` is the newest entry, `head.prev` the oldest.
    private let head = BudgetNode(bytes: 0)

    init(limit: Int) {
        self.limit = limit
        head.next = head; head.prev = head
    }

    /// Marks `node` as just used.
    @inline(__always)
    func touch(_ node: BudgetNode) {
        guard head.next !== node else { return }
        unlink(node)
        link(node)
    }

    /// Counts a new entry (its bytes), newest.
    func add(_ node: BudgetNode) {
        link(node)
        bytes += node.bytes
    }

    /// Forgets an entry its store dropped or replaced.
    func remove(_ node: BudgetNode) {
        unlink(node)
        bytes -= node.bytes
        removals &+= 1
    }

    private func link(_ node: BudgetNode) {
        node.prev = head; node.next = head.next
        head.next?.prev = node; head.next = node
    }

    private func unlink(_ node: BudgetNode) {
        node.prev?.next = node.next; node.next?.prev = node.prev
        node.prev = nil; node.next = nil
    }

    /// Above the limit: drops the least recently used entries, whatever store holds them,
    /// until the bytes fit again.
    func trim() {
        while bytes > limit, let oldest = head.prev, oldest !== head {
            remove(oldest)
            oldest.evict()
        }
    }
}

/// An entry in the budget's recency list.
class BudgetNode {
    let bytes: Int
    // Links without reference counting: the stores' dictionaries own the entries, and an entry
    // leaves the list before its store drops it.
    unowned(unsafe) var prev: BudgetNode?
    unowned(unsafe) var next: BudgetNode?
    init(bytes: Int) { self.bytes = bytes }
    /// Whether the entry is still in the budget's list (entries leave it only when dropped).
    var isCached: Bool { next != nil }
    /// Removes the entry from its store (the budget already forgot it).
    func evict() {}
}

/// Entries of one kind under a shared budget.
final class LRUStore<Key: Hashable, Value> {
    final class Entry: BudgetNode {
        let value: Value
        let key: Key
        unowned let store: LRUStore
        init(key: Key, value: Value, bytes: Int, store: LRUStore) {
            self.key = key; self.value = value; self.store = store
            super.init(bytes: bytes)
        }
        override func evict() { store.entries[key] = nil }
    }
    private(set) var entries: [Key: Entry] = [:]
    private unowned let budget: CacheBudget
    /// Whether values found or inserted are noted in the budget's recording (images a
    /// recorded operation draws with directly).
    private let noted: Bool

    init(budget: CacheBudget, noted: Bool = false) {
        self.budget = budget
        self.noted = noted
    }

    var count: Int { entries.count }

    /// The cached value, marked as just used.
    @inline(__always)
    func value(_ key: Key) -> Value? {
        guard let e = entries[key] else { return nil }
        budget.touch(e)
        if noted, let r = budget.recording { r.entries.append(e) }
        return e.value
    }

    /// Caches `value` (`bytes` large), then trims the budget.
    func insert(_ key: Key, _ value: Value, bytes: Int) {
        if let old = entries[key] { budget.remove(old) }
        let e = Entry(key: key, value: value, bytes: bytes, store: self)
        entries[key] = e
        budget.add(e)
        if noted, let r = budget.recording { r.entries.append(e) }
        budget.trim()
    }
}
