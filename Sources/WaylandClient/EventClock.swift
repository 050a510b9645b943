// Timestamps for the seat's events (SPEC T1: monotonic microseconds). Wayland gives 32-bit
// milliseconds on most events, microseconds on relative motion, and nothing on enter, leave,
// frame or modifiers; the clock turns each into CLOCK_MONOTONIC µs. InputPipeline keeps the
// stream non-decreasing (a compositor's millisecond time may lag the clock by up to a ms).
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

enum EventClock {
    /// The timestamp for an event that arrives at `now` (CLOCK_MONOTONIC µs).
    static func stamp(_ time: EventTime, now: UInt64) -> Timestamp {
        let micros = switch time {
        case .milliseconds(let ms): Self.unwrap(milliseconds: ms, now: now)
        case .microseconds(let us): us
        case .none: now
        }
        return Timestamp(microseconds: micros)
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
