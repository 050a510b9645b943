// `lodestone replay TRACE [--layout FILE] [--speed X]` (issue 7, SPEC T2): the trace replayed
// live in the window at its recorded pace (× speed), through the same engine steps as
// `--headless` (ReplayCursor), so the window ends on the frame the headless replay ends on. The
// compositor's own input is not mixed in. With no compositor: a clear error naming --headless.
import WaylandClient
import PointerEngine
import Playground

/// A trace played on the monotonic clock: the trace time shown is the first event's time plus
/// the wall time since the first frame, times `speed`.
final class LiveReplay {
    private(set) var cursor: ReplayCursor
    let speed: Double
    private var start: Timestamp?
    private var announced = false

    init(_ events: [InputEvent], options: HeadlessReplay.Options, speed: Double) {
        cursor = ReplayCursor(events, times: HeadlessReplay(options: options).frameTimes(for: events))
        self.speed = speed
    }

    /// Runs every step due at wall time `wall` (the clock starts at the first call).
    func catchUp(_ session: PlaygroundSession, wall: Timestamp) {
        guard let first = cursor.times.first else { return }
        let start = self.start ?? wall
        self.start = start
        let due = first.rawValue + UInt64((Double(wall.rawValue &- start.rawValue) * speed).rounded())
        while let t = cursor.nextTime, t.rawValue <= due { _ = cursor.step(session) }
    }

    /// Says once, on stdout, that the last frame is on screen.
    func announceEnd() {
        guard !announced, let first = cursor.times.first, let last = cursor.times.last else { return }
        announced = true
        writeLine("replay finished: the frame at \(fixed(last.seconds(since: first), 2)) s stays until the window is closed")
    }
}

enum ReplayLive {
    static func run(_ o: ReplayHeadless.Options) -> Int32 {
        guard o.out == nil else {
            Diagnostics.error("replay: --out is for --headless (frames to PNG files); the live replay shows a window")
            return CLI.Status.usage
        }
        let tracePath: String, events: [InputEvent], session: PlaygroundSession
        switch ReplayHeadless.load(o) {
        case .success(let loaded): (tracePath, events, session) = loaded
        case .failure(let status): return status.code
        }
        let loop = EventLoop()
        let client: Client
        do {
            client = try Client(displayName: nil, loop: loop)
        } catch {
            if case .connect = error {
                Diagnostics.error("replay: no Wayland compositor to show the replay in (\(error)); "
                                  + "without one, render it to PNG frames: lodestone replay \(tracePath) --headless --out DIR")
                return CLI.Status.failure
            }
            Diagnostics.error("\(error)")
            return error.exitCode
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        let replay = LiveReplay(events, options: o.replay, speed: o.speed)
        let seconds = events.last.map { $0.time.seconds(since: events[0].time) } ?? 0
        writeLine("replaying \(tracePath): \(events.count) events, \(fixed(seconds, 2)) s at ×\(fixed(o.speed, 2)); close the window to quit")
        return PlaygroundLive.run(client: client, session: session, options: PlaygroundLive.Options(
            reportFrames: o.reportFrames, replay: replay, size: o.replay.size))
    }
}
