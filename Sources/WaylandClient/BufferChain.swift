// The buffer chain: at least two buffers so we can draw while the compositor reads the other;
// a buffer is busy from attach until the compositor releases it and is never written while
// busy; each buffer knows its age (EGL_EXT_buffer_age semantics) so a frame repaints only
// what changed since the buffer last held the newest content.

/// One buffer of the chain.
public final class Buffer {
    public let storage: BufferStorage
    public var size: PixelSize { storage.size }
    public var stride: Int { storage.stride }
    public var pixels: UnsafeMutableRawPointer { storage.pixels }
    /// How many frames old the contents are: 0 = undefined (new buffer, repaint all),
    /// 1 = the previous frame, n = the frame n submissions ago.
    public internal(set) var age: Int = 0
    /// Held by the compositor: attached and not yet released.
    public package(set) var isBusy = false
    // Independent bookkeeping of the raw protocol events, so the "never write a busy buffer"
    // rule is checked against what the compositor actually said, not against `isBusy`.
    package internal(set) var attachCount = 0
    package internal(set) var releaseCount = 0

    init(storage: BufferStorage) { self.storage = storage }
}

public final class BufferChain {
    /// Figures a test (or `--stats`) can check.
    public struct Statistics: Sendable, Equatable {
        public var created = 0
        public var destroyed = 0
        /// Buffers attached and not yet released right now.
        public var inFlight = 0
        public var maxInFlight = 0
        public var submitted = 0
        public var released = 0
        /// Frames that found every buffer held by the compositor (and waited for a release).
        public var starved = 0
        /// Buffers handed out for drawing while the compositor still held them (by the raw
        /// attach/release counts). Must stay 0.
        public var writesIntoHeldBuffer = 0
    }

    public static let minimumBuffers = 2
    /// More than this and the compositor is holding everything: wait for a release instead.
    public let maximumBuffers: Int
    public private(set) var statistics = Statistics()
    public private(set) var buffers: [Buffer] = []
    /// Called when a release makes a buffer available after a starved frame.
    public var onBufferAvailable: (() -> Void)?
    /// When set, a frame that is in no hurry (`nextBuffer(size:refreshingSpare: true)`: an
    /// animation frame, not input) is drawn into an idle buffer at least this many frames old,
    /// though a younger one is idle. A spare buffer — the third, made once when the compositor
    /// held the other two — is then kept close to the newest frame by the frames that can
    /// afford it, and the input commit that next finds the other two held brings it up to date
    /// with the changes of a few frames, not a copy of the whole frame from one older than the
    /// client's damage history (issue 8: 1 ms on the latency path). nil: always the youngest.
    public var spareRefreshAge: Int?
    /// When set, any frame is drawn into an idle buffer this many frames old: with no animation
    /// frames for a while (input only), a spare is still used before it falls out of the
    /// client's damage history, at the cost of the changes of a few frames.
    public var spareAgeLimit: Int?

    private let allocator: BufferAllocator
    private var warnedHeld = false
    private var starvedSinceRelease = false

    public init(allocator: BufferAllocator, maximumBuffers: Int = 4) {
        precondition(maximumBuffers >= BufferChain.minimumBuffers)
        self.allocator = allocator
        self.maximumBuffers = maximumBuffers
    }

    /// The buffer to draw the next frame into: the youngest idle buffer of `size` (or the
    /// oldest one that reached `spareAgeLimit`, or when `refreshingSpare` `spareRefreshAge`),
    /// else a new one, else nil when the compositor holds all of them (draw again on release).
    public func nextBuffer(size: PixelSize, refreshingSpare: Bool = false) throws(SystemError) -> Buffer? {
        // Buffers of another size are useless now: destroy them, held ones too. A compositor
        // that holds them keeps its own reference to their memory (it mapped the wl_shm pool;
        // destroying our handle never changes what it shows), and we never touch them again.
        // So the chain stays within `maximumBuffers` in all, even when the compositor keeps
        // old buffers for a long time or forever.
        // (No other reference: each wl_buffer is destroyed here, before a new one is made.)
        let before = buffers.count
        buffers.removeAll { $0.size != size }
        if buffers.count != before {
            statistics.destroyed += before - buffers.count
            statistics.inFlight = buffers.filter(\.isBusy).count
        }
        let idle = buffers.filter { !$0.isBusy && $0.size == size }
        // Youngest = smallest non-zero age (its contents need the least repainting), unless a
        // spare is due for its refresh.
        let limit = min(refreshingSpare ? spareRefreshAge ?? .max : .max, spareAgeLimit ?? .max)
        let due = idle.filter { $0.age >= limit }.max { $0.age < $1.age }
        let chosen = due ?? idle.min { a, b in
            (a.age == 0 ? Int.max : a.age) < (b.age == 0 ? Int.max : b.age)
        }
        if let chosen {
            if chosen.attachCount != chosen.releaseCount { statistics.writesIntoHeldBuffer += 1 }
            return chosen
        }
        guard buffers.count < maximumBuffers else {
            statistics.starved += 1
            starvedSinceRelease = true
            if !warnedHeld {
                warnedHeld = true
                Diagnostics.warning("the compositor holds all \(maximumBuffers) buffers; waiting for a release")
            }
            return nil
        }
        weak var made: Buffer?
        let storage = try allocator.makeStorage(size: size) { [weak self] in
            guard let self, let made else { return }
            self.released(made)
        }
        let buffer = Buffer(storage: storage)
        made = buffer
        buffers.append(buffer)
        statistics.created += 1
        return buffer
    }

    /// The buffer was attached and committed: it is busy and now holds the newest frame.
    public func submitted(_ buffer: Buffer) {
        for b in buffers where b !== buffer && b.age > 0 { b.age += 1 }
        buffer.age = 1
        buffer.isBusy = true
        buffer.attachCount += 1
        statistics.submitted += 1
        statistics.inFlight = buffers.filter(\.isBusy).count
        statistics.maxInFlight = max(statistics.maxInFlight, statistics.inFlight)
    }

    /// The compositor released `buffer` (wl_buffer.release).
    package func released(_ buffer: Buffer) {
        buffer.releaseCount += 1
        buffer.isBusy = false
        statistics.released += 1
        statistics.inFlight = buffers.filter(\.isBusy).count
        if !buffers.contains(where: { $0 === buffer }) { return }
        if starvedSinceRelease {
            starvedSinceRelease = false
            onBufferAvailable?()
        }
    }

    /// Forgets every buffer's contents (after a scale change every buffer needs a full repaint).
    public func invalidateContents() {
        for b in buffers { b.age = 0 }
    }
}
