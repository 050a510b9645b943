// Timestamps for the seat's events (SPEC T1: monotonic microseconds). Wayland gives 32-bit
// milliseconds on most events, microseconds on relative motion, and nothing on enter, leave,
// frame or modifiers; the clock turns all of them into one non-decreasing µs stream.
import InputProtocol

/// The time an event came with.
enum EventTime: Equatable, Sendable {
    /// A wl_* event time: CLOCK_MONOTONIC milliseconds truncated to 32 bits (wlroots, weston).
    case milliseconds(UInt32)
    /// zwp_relative_pointer_v1's 64-bit microseconds.
    case microseconds(UInt64)
    /// The event has no time (enter, leave, frame, modifiers): the clock now.
    case none
}

struct EventClock {
    private(set) var last: UInt64 = 0

    /// The timestamp for an event that arrives at `now` (CLOCK_MONOTONIC µs). Never goes
    /// backwards: a compositor's millisecond time may lag the clock by up to a millisecond.
    mutating func stamp(_ time: EventTime, now: UInt64) -> Timestamp {
        let micros = switch time {
        case .milliseconds(let ms): Self.unwrap(milliseconds: ms, now: now)
        case .microseconds(let us): us
        case .none: now
        }
        last = max(last, micros)
        return Timestamp(microseconds: last)
    }

    /// 32-bit milliseconds wrap every 49.7 days: the high bits come from the clock now, and a
    /// time just before a wrap (the clock already past it) goes back one period.
    static func unwrap(milliseconds: UInt32, now: UInt64) -> UInt64 {
        let nowMS = now / 1000
        var full = (nowMS & ~0xFFFF_FFFF) | UInt64(milliseconds)
        if full > nowMS + (1 << 31), full >= 1 << 32 { full -= 1 << 32 }
        return full * 1000
    }
}
