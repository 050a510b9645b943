// A source's event times on the clock the consumer's `now` comes from (SPEC T1). The seat's
// times are the compositor's: CLOCK_MONOTONIC milliseconds on wlroots, weston, mutter and real
// devices under KWin, but KWin 5.27 stamps its fake-input events (org_kde_kwin_fake_input: KDE
// Connect, test drivers) with the wall clock. An engine that samples its animations and
// deadlines at the input's time then sees every event days away from the frame callbacks' `now`:
// effects stay at progress 0, a right-click menu waits for the next event, a drag stops
// following. So each source keeps an offset: when an event's time is implausibly far from the
// clock read as it was dispatched, the offset is measured again (that event lands at `now`) and
// every later event of the source moves by it, keeping the intervals between them (velocity,
// double-click and momentum timing). Events the backend stamped with the clock itself (enter,
// frame, modifiers: no protocol time) are already on it and pass unchanged.
// Pure: the dispatch time is a parameter.
import InputProtocol

public struct SourceClock: Sendable {
    /// An event time at most this far after the dispatch clock is the clock's own: a monotonic
    /// time is never ahead of its dispatch beyond the millisecond truncation; a second is
    /// generous for it and still far below the hours to days a wall clock is off by.
    public static let futureTolerance = TimeSpan.seconds(1)
    /// An event time at most this far before the dispatch clock is a late dispatch, not another
    /// clock: a loaded machine or a stopped process holds events for seconds, and libinput's
    /// events queued before a device appeared carry kernel times from before it.
    public static let pastTolerance = TimeSpan.seconds(10)

    /// Added to the source's times, once they were found on another clock.
    public private(set) var offset = TimeSpan.zero
    /// Whether the source's times were ever rebased (the pipeline says so once).
    public private(set) var rebased = false

    public init() {}

    static func plausible(_ t: Int64, now: Int64) -> Bool {
        t <= now + futureTolerance.microseconds && t >= now - pastTolerance.microseconds
    }

    /// `time`, on the clock `now` was read from (µs).
    public mutating func place(_ time: Timestamp, now: Timestamp) -> Timestamp {
        let raw = Int64(clamping: time.rawValue), n = Int64(clamping: now.rawValue)
        let moved = raw &+ offset.microseconds
        if Self.plausible(moved, now: n) { return Timestamp(microseconds: UInt64(max(0, moved))) }
        // Stamped with the clock itself (or the source came back to it): as it is.
        if Self.plausible(raw, now: n) { return time }
        offset = TimeSpan(microseconds: n &- raw)
        rebased = true
        return now
    }
}
