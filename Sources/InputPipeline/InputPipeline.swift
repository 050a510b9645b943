// The one input stage (issue 20.2) between the backends and everything that consumes the stream:
// the live window, `lodestone record`, `lodestone events`, `lodestone replay` (a trace is this
// stage's output read back: `replayed`) and any later command. The backends
// only translate (libinput events → protocol events in LibinputBackend, Wayland seat events →
// protocol events in WaylandClient's Seat); this stage makes one well-formed, private stream of
// what they say. For each event of a source, in order:
//   1. time (SPEC T1): the source's times are put on the clock the consumer's `now` comes from
//      (`SourceClock`: KWin's fake input stamps the wall clock);
//   2. key privacy (SPEC T3): text keys leave as KeyCode.placeholder unless the user opted in;
//   3. the gesture lifecycle (SPEC G7) of libinput's devices (`GestureLifecycle`): a device
//      removed mid-gesture ends its gesture cancelled and cancels its touches first; it is the
//      one record of their open gestures, and merged, of which of them the consumer gets;
//   4. with both sources: the merge (`InputMerger`, `--input`): which source gives what (which
//      libinput gestures may begin, which are cut short), the device-id namespaces and
//      pointer focus;
//   5. what leaves never goes backwards in time (`MonotonicTime`, once, on the stream the
//      consumer gets): the seat stamps most events in whole milliseconds and the clock now on
//      the rest, libinput in microseconds, and events libinput queued before a device appeared
//      carry kernel times older than that device_added.
// Pure: no C, no Foundation, no clock reads (the times, and the dispatch time, are parameters).
import InputProtocol

public struct InputPipeline {
    /// One source's stream before the lifecycle and the merge: its clock and key privacy.
    struct SourceStream {
        /// What the stream is, for the notice when its times are rebased.
        let name: String
        var clock = SourceClock()

        mutating func pass(_ e: InputEvent, privacy: KeyPrivacy, now: Timestamp? = nil,
                           notice: ((String) -> Void)? = nil) -> InputEvent {
            var e = e
            if let now {
                let wasRebased = clock.rebased
                e.time = clock.place(e.time, now: now)
                if clock.rebased, !wasRebased {
                    notice?("\(name) stamps input with another clock than CLOCK_MONOTONIC "
                            + "(off by \(-clock.offset.microseconds / 1000) ms); Lodestone moves its event times onto the monotonic clock, keeping their intervals")
                }
            }
            return privacy.apply(e)
        }
    }

    public let privacy: KeyPrivacy
    /// Told once per source whose times had to be rebased (`SourceClock`).
    public var notice: ((String) -> Void)?
    /// libinput's devices are moved by this much in the merged stream so their ids never
    /// collide with the seat's.
    public static let libinputDeviceOffset: UInt32 = 1000

    private var seatStream = SourceStream(name: "the compositor")
    private var libinputStream = SourceStream(name: "libinput")
    /// The one record of libinput's open gestures and touches (G7) and, merged, of which
    /// gestures the consumer gets (the merge decides, issue 34.7).
    private var libinputGestures: GestureLifecycle
    /// The time of the stream that leaves (T1).
    private var time = MonotonicTime()
    /// nil: libinput's devices alone, with their own ids (`lodestone events|record --input libinput`).
    private var merger: InputMerger?

    /// The compositor's seat, merged with libinput's devices as `policy` says (`--input`;
    /// `.wayland`: the seat alone, libinput unused).
    public init(policy: InputPolicy = .wayland, privacy: KeyPrivacy = .redactText) {
        self.privacy = privacy
        merger = InputMerger(policy: policy)
        libinputGestures = GestureLifecycle(passesStrays: false)
    }

    /// libinput's devices alone, no compositor: their stream as the devices give it.
    public static func libinputAlone(privacy: KeyPrivacy = .redactText) -> InputPipeline {
        var p = InputPipeline(privacy: privacy)
        p.merger = nil
        p.libinputGestures = GestureLifecycle(passesStrays: true)
        return p
    }

    /// A recorded trace, read back for a replay: it is this stage's output already, and
    /// TraceDecoder refused a time that goes back and a text key in a redacted trace, so its
    /// events pass as recorded; the stage holds them to T1 and to the header's privacy (T3) all
    /// the same. No lifecycle or merge: a trace replays what the engine got, no more.
    public static func replayed(_ trace: Trace) -> Trace {
        var stream = SourceStream(name: "the trace")
        var time = MonotonicTime()
        var out = trace
        out.events.removeAll(keepingCapacity: true)
        for e in trace.events { out.events += time.raise([stream.pass(e, privacy: trace.header.privacy)]) }
        return out
    }

    /// An event of the compositor's seat (WaylandClient): what the consumer gets. `now`: the
    /// monotonic clock as the event is dispatched, the clock the consumer advances with; its
    /// times are put on it (nil: the times pass as they are).
    public mutating func seat(_ e: InputEvent, now: Timestamp? = nil) -> [InputEvent] {
        let e = seatStream.pass(e, privacy: privacy, now: now, notice: notice)
        guard merger != nil else { return time.raise([e]) }
        return time.raise(merger!.wayland(e, libinputGestures: &libinputGestures))
    }

    /// An event of LibinputBackend: what the consumer gets.
    public mutating func libinput(_ e: InputEvent, now: Timestamp? = nil) -> [InputEvent] {
        let e = libinputStream.pass(e, privacy: privacy, now: now, notice: notice)
        guard let merger else { return time.raise(libinputGestures.pass(e)) }
        var admits = true
        if case .gesture(let g) = e.kind, g.phase == .begin { admits = merger.admits(g.kind) }
        return time.raise(libinputGestures.pass(e, admits: admits).flatMap { merger.libinput($0) })
    }
}
