// Caches of everything expensive to make: shape masks, blurred shadows, gradient images,
// solid sources. Shared by every canvas of a renderer (each wl_shm buffer gets its own canvas).

/// Cached masks, shadows and gradients, bounded: entries unused for a while are dropped.
public final class RenderCache {
    private struct Entry { var image: PixmanImage; var lastUse: Int; var bytes: Int }
    private var masks: [MaskKey: Entry] = [:]
    private var gradients: [GradientKey: Entry] = [:]
    private var solids: [PremultipliedColor: PixmanImage] = [:]
    private var clock = 0
    private var bytes = 0
    /// Upper bound on cached pixel memory before the least recently used half is dropped.
    public var byteLimit = 96 << 20

    /// How many masks were rasterized (not found in the cache); tests assert caching works.
    public private(set) var maskMisses = 0
    public private(set) var gradientMisses = 0

    public init() {}

    /// Unturned images of rotated items (see `unturned`), by item.
    var unturnedImages: [ItemID: (key: UnturnedKey, image: PixmanImage)] = [:]

    /// Fonts and glyphs.
    let text = TextEngine()

    /// Glyphs rasterized so far (cache misses).
    public var glyphMisses: Int { text.glyphMisses }
    /// Lines of text measured (not found in the measurement cache), and the bytes that cache
    /// holds (bounded).
    public var measureMisses: Int { text.measureMisses }
    public var measureCacheBytes: Int { text.measureCacheBytes }

    /// Number of cached masks and gradient images.
    public var count: Int { masks.count + gradients.count }

    func mask(_ key: MaskKey) -> PixmanImage {
        clock &+= 1
        if let e = masks[key] {
            masks[key]!.lastUse = clock
            return e.image
        }
        maskMisses += 1
        let img = key.coverage().image()
        let size = img.stride * img.height
        masks[key] = Entry(image: img, lastUse: clock, bytes: size)
        bytes += size
        trim()
        return img
    }

    func gradient(_ key: GradientKey) -> PixmanImage {
        clock &+= 1
        if let e = gradients[key] {
            gradients[key]!.lastUse = clock
            return e.image
        }
        gradientMisses += 1
        let img = key.render()
        let size = img.stride * img.height
        gradients[key] = Entry(image: img, lastUse: clock, bytes: size)
        bytes += size
        trim()
        return img
    }

    func solid(_ c: PremultipliedColor) -> PixmanImage {
        if let s = solids[c] { return s }
        if solids.count > 256 { solids.removeAll(keepingCapacity: true) }
        let s = PixmanImage.solid(c)
        solids[c] = s
        return s
    }

    private func trim() {
        guard bytes > byteLimit else { return }
        // Drop the older half of all entries.
        let uses = (masks.values.map(\.lastUse) + gradients.values.map(\.lastUse)).sorted()
        let cutoff = uses[uses.count / 2]
        for (k, e) in masks where e.lastUse < cutoff { masks[k] = nil; bytes -= e.bytes }
        for (k, e) in gradients where e.lastUse < cutoff { gradients[k] = nil; bytes -= e.bytes }
    }
}
