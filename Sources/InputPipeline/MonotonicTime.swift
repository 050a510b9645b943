// A stream's time never goes backwards (SPEC T1): the engine and a recorded trace both need
// time to move forward only. InputPipeline keeps one, for the stream that leaves it.
import InputProtocol

struct MonotonicTime {
    /// The latest time passed on.
    private(set) var last: Timestamp?

    /// `time`, raised to the latest time passed on where it trails it.
    mutating func raise(_ time: Timestamp) -> Timestamp {
        if let last, time < last { return last }
        last = time
        return time
    }

    /// `events`, each time raised.
    mutating func raise(_ events: [InputEvent]) -> [InputEvent] {
        var out = events
        for i in out.indices { out[i].time = raise(out[i].time) }
        return out
    }
}
