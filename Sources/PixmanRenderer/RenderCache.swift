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
    /// Solid colour sources: no pixels, so bounded by count.
    private var solids: [PremultipliedColor: PixmanImage] = [:]

    /// Fonts, glyphs and line images.
    let text: TextEngine

    /// A cache bounded by `byteLimit` bytes, or (nil) by the default that follows the canvases.
    public init(byteLimit: Int? = nil) {
        fixedLimit = byteLimit
        budget = CacheBudget(limit: byteLimit ?? RenderCache.minimumByteLimit)
        masks = LRUStore(budget: budget)
        gradients = LRUStore(budget: budget)
        preblends = LRUStore(budget: budget)
        unturnedStore = LRUStore(budget: budget)
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
        let img = key.coverage().image()
        masks.insert(key, img, bytes: img.byteCount)
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
        if let s = solids[c] { return s }
        if solids.count > 256 { solids.removeAll(keepingCapacity: true) }
        let s = PixmanImage.solid(c)
        solids[c] = s
        return s
    }
}

extension PixmanImage {
    /// Pixel memory of an image, plus a little for pixman's own record of it.
    var byteCount: Int { stride * height + 256 }
}

/// The byte budget several caches share, with one use clock so eviction is least recently
/// used across all of them.
final class CacheBudget {
    var limit: Int
    private(set) var bytes = 0
    private var clock = 0
    private var stores: [any BudgetedStore] = []

    init(limit: Int) { self.limit = limit }

    func register(_ store: any BudgetedStore) { stores.append(store) }

    @inline(__always)
    func tick() -> Int { clock &+= 1; return clock }

    func add(_ n: Int) { bytes += n }

    /// Above the limit: drops the least recently used entries of every store until a quarter
    /// of the limit is free again (so trimming, which sorts every entry, stays rare).
    func trim() {
        guard bytes > limit else { return }
        let target = limit - limit / 4
        let ages = stores.flatMap { $0.ages() }.sorted { $0.lastUse < $1.lastUse }
        var left = bytes, cutoff = Int.min
        for a in ages {
            if left <= target { break }
            left -= a.bytes
            cutoff = a.lastUse
        }
        for s in stores { bytes -= s.evict(usedAtOrBefore: cutoff) }
    }
}

protocol BudgetedStore: AnyObject {
    /// Last use and size of every entry.
    func ages() -> [(lastUse: Int, bytes: Int)]
    /// Drops entries last used at or before `cutoff`; returns the bytes freed.
    func evict(usedAtOrBefore cutoff: Int) -> Int
}

/// Entries of one kind under a shared budget.
final class LRUStore<Key: Hashable, Value>: BudgetedStore {
    final class Entry {
        let value: Value
        let bytes: Int
        var lastUse: Int
        init(value: Value, bytes: Int, lastUse: Int) { self.value = value; self.bytes = bytes; self.lastUse = lastUse }
    }
    private(set) var entries: [Key: Entry] = [:]
    private unowned let budget: CacheBudget

    init(budget: CacheBudget) {
        self.budget = budget
        budget.register(self)
    }

    var count: Int { entries.count }

    /// The cached value, marked as just used.
    @inline(__always)
    func value(_ key: Key) -> Value? {
        guard let e = entries[key] else { return nil }
        e.lastUse = budget.tick()
        return e.value
    }

    /// Caches `value` (`bytes` large), then trims the budget.
    func insert(_ key: Key, _ value: Value, bytes: Int) {
        if let old = entries[key] { budget.add(-old.bytes) }
        entries[key] = Entry(value: value, bytes: bytes, lastUse: budget.tick())
        budget.add(bytes)
        budget.trim()
    }

    func ages() -> [(lastUse: Int, bytes: Int)] { entries.values.map { ($0.lastUse, $0.bytes) } }

    func evict(usedAtOrBefore cutoff: Int) -> Int {
        var freed = 0
        entries = entries.filter { _, e in
            if e.lastUse <= cutoff { freed += e.bytes; return false }
            return true
        }
        return freed
    }
}
