// Recording and replaying traces (SPEC T2, T3). The recorder is private by default: text keys
// are written as the placeholder unless it was made with `.keepKeys`, and the header says which.

/// Appends events to a trace and hands the text to a sink (a file, stdout, memory) in batches.
/// I/O stays outside InputProtocol: the sink is a closure.
public final class TraceRecorder {
    /// The header written first.
    public let header: TraceHeader
    /// Events written so far (accepted by `append`).
    public private(set) var eventCount = 0
    /// Text held until the next flush.
    public private(set) var pending = ""
    /// Flushes by itself when this much text is pending.
    public var flushThreshold = 64 * 1024

    private let sink: (String) throws -> Void
    private var lastTime: Timestamp?

    /// Starts a trace; the header line is written on the first flush.
    /// - Parameters:
    ///   - privacy: `.redactText` (default, SPEC T3) or `.keepKeys` (--keep-keys).
    ///   - devices: The devices the header lists.
    ///   - meta: The header's free-form metadata (never typed text).
    ///   - sink: Receives the trace's text in batches (a file, stdout, memory).
    public init(privacy: KeyPrivacy = .redactText, devices: [TraceDevice] = [], meta: [String: String] = [:],
                sink: @escaping (String) throws -> Void) {
        header = TraceHeader(privacy: privacy, devices: devices, meta: meta)
        self.sink = sink
        pending = TraceEncoder.headerLine(header) + "\n"
    }

    /// The line the next event will be written to.
    public var nextLine: Int { eventCount + 2 }

    /// Adds one event, redacting its key identity unless the recorder keeps keys. Throws (and
    /// writes nothing) when the event holds a value the format refuses or its time is earlier
    /// than the previous event's: the trace on disk stays decodable whatever the caller does.
    public func append(_ event: InputEvent) throws {
        let e = header.privacy.apply(event)
        let text: String
        do {
            text = try TraceEncoder.line(for: e, privacy: header.privacy)
        } catch {
            throw TraceError(line: nextLine, error)
        }
        if let lastTime, e.time < lastTime {
            throw TraceError(line: nextLine, .timeWentBackwards(previous: lastTime, time: e.time))
        }
        lastTime = e.time
        pending += text
        pending += "\n"
        eventCount += 1
        if pending.utf8.count >= flushThreshold { try flush() }
    }

    /// Hands pending text to the sink. Call before closing the output.
    public func flush() throws {
        guard !pending.isEmpty else { return }
        let text = pending
        pending = ""
        try sink(text)
    }
}

/// Replays a decoded trace. Time is virtual: `now` is the event's own timestamp, so the same
/// trace gives the same consumer states however fast it runs (SPEC T2).
public struct TraceReplayer: Sequence, Sendable {
    /// The trace replayed.
    public let trace: Trace

    /// A replayer of `trace`.
    public init(_ trace: Trace) { self.trace = trace }

    /// Decodes all of `bytes` before yielding anything (SPEC T4: nothing is replayed half-way).
    public init(decoding bytes: some Collection<UInt8>) throws(TraceError) {
        self.trace = try TraceDecoder.decode(bytes)
    }

    public struct Iterator: IteratorProtocol {
        var events: IndexingIterator<[InputEvent]>
        public mutating func next() -> (event: InputEvent, now: Timestamp)? {
            events.next().map { ($0, $0.time) }
        }
    }

    public func makeIterator() -> Iterator { Iterator(events: trace.events.makeIterator()) }

    /// Feeds every event to `consume` with `now` = its timestamp.
    public func replay(_ consume: (InputEvent, Timestamp) throws -> Void) rethrows {
        for event in trace.events { try consume(event, event.time) }
    }

    /// Feeds every event to `consume` with `now` = its timestamp, and calls `tick(now)` at every
    /// multiple of `tickInterval` (µs) between the first and the last event, before the events
    /// at or after that time — the engine's timers and frames. With `wait`, the gap to the next
    /// event or tick (µs) is waited for first (live replay at the recorded pace).
    public func replay(tickInterval: UInt64,
                       tick: (Timestamp) throws -> Void,
                       wait: ((UInt64) -> Void)? = nil,
                       _ consume: (InputEvent, Timestamp) throws -> Void) rethrows {
        guard let first = trace.events.first else { return }
        var clock = first.time
        let interval = Swift.max(1, tickInterval)
        var nextTick = (first.time.rawValue / interval + 1) * interval
        func advance(to t: Timestamp) {
            if let wait, t > clock { wait(t.rawValue - clock.rawValue) }
            clock = Swift.max(clock, t)
        }
        for event in trace.events {
            while nextTick <= event.time.rawValue {
                advance(to: Timestamp(rawValue: nextTick))
                try tick(Timestamp(rawValue: nextTick))
                nextTick += interval
            }
            advance(to: event.time)
            try consume(event, event.time)
        }
    }
}
