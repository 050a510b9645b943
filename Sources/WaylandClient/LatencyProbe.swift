// Opt-in latency probe (issue 8, `lodestone bench latency`): the client records, on
// CLOCK_MONOTONIC, when each seat event reached it (read when the listener hands it on), when
// each frame was committed (right after wl_surface.commit), when the frame callback that let
// it draw arrived, and what wp_presentation feedback said about each commit (presented when,
// at which refresh, or discarded). Off by default: with `Client.latencyProbe` nil the cost is
// one nil test per event and per frame, and no presentation feedback is asked for.
import CWayland
import CWaylandProtocols
import InputProtocol
#if canImport(Glibc)
import Glibc
#endif

public final class LatencyProbe {
    /// One committed frame.
    public struct Commit: Sendable, Equatable {
        /// When wl_surface.commit returned.
        public var committed: Double
        /// When the frame callback of the previous frame arrived (the moment the client was free
        /// to draw again), nil for the first frame.
        public var previousFrameDone: Double?
        /// wp_presentation_feedback.presented time (the compositor's clock; CLOCK_MONOTONIC for
        /// wlroots), nil while pending, when discarded or without wp_presentation.
        public var presented: Double?
        /// The output's refresh period in seconds as the feedback gave it (0 = unknown).
        public var refresh: Double?
        public var discarded = false
        /// CPU time of the client's thread at the commit (CLOCK_THREAD_CPUTIME_ID, seconds).
        public var cpu: Double = 0
        /// Pixels the commit damaged (wl_surface.damage_buffer), pixels the client repainted
        /// for it (its damage plus what the buffer missed while it was older; -1 = not told),
        /// the buffer's age (0 = new or undefined) and its size in pixels.
        public var damagedPixels = 0
        public var repaintedPixels = -1
        public var bufferAge = 0
        public var bufferPixels = 0
    }

    /// Dispatch time of every event, in order.
    public private(set) var events: [Double] = []
    /// For each event, the index in `commits` of the commit that first showed it (-1: none yet).
    public private(set) var eventCommit: [Int32] = []
    /// The thread's CPU time when each event arrived: with `Commit.cpu`, the CPU the client
    /// spent from the event to its commit, which a loaded machine does not inflate.
    public private(set) var eventCPU: [Double] = []
    public private(set) var commits: [Commit] = []
    private var firstUncommitted = 0
    private var lastFrameDone: Double?

    public init() {
        events.reserveCapacity(8192)
        eventCommit.reserveCapacity(8192)
        commits.reserveCapacity(4096)
    }

    /// What each event was: `m` motion, `s` scroll, `g` gesture, `b` button, `t` touch,
    /// `k` key or modifiers, `o` anything else (the bench splits figures by it).
    public private(set) var eventKinds: [UInt8] = []

    func eventDispatched(at t: Double, kind: InputEventKind) {
        let code: Character = switch kind {
        case .motion: "m"
        case .scroll: "s"
        case .gesture: "g"
        case .button: "b"
        case .touchDown, .touchMotion, .touchUp, .touchCancel, .touchFrame: "t"
        case .key, .modifiers: "k"
        default: "o"
        }
        eventKinds.append(code.asciiValue!)
        events.append(t)
        eventCommit.append(-1)
        eventCPU.append(Self.threadCPU())
    }

    /// The draw handler repainted `pixels` for the frame about to be committed (the window
    /// knows what it damages, not what the handler painted).
    public func noteRepaint(pixels: Int) { pendingRepaint = pixels }
    private var pendingRepaint = -1

    /// A frame was committed at `t`: it shows every event dispatched before it.
    func committed(at t: Double, damagedPixels: Int = 0, bufferAge: Int = 0, bufferPixels: Int = 0) -> Int {
        let index = commits.count
        var c = Commit(committed: t, previousFrameDone: lastFrameDone, cpu: Self.threadCPU())
        c.damagedPixels = damagedPixels
        c.repaintedPixels = pendingRepaint
        c.bufferAge = bufferAge
        c.bufferPixels = bufferPixels
        pendingRepaint = -1
        commits.append(c)
        for i in firstUncommitted..<events.count { eventCommit[i] = Int32(index) }
        firstUncommitted = events.count
        return index
    }

    func frameDone(at t: Double) { lastFrameDone = t }

    static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    func presented(commit: Int, at t: Double, refresh: Double) {
        guard commits.indices.contains(commit) else { return }
        commits[commit].presented = t
        commits[commit].refresh = refresh
    }

    func discarded(commit: Int) {
        guard commits.indices.contains(commit) else { return }
        commits[commit].discarded = true
    }

    /// Asks for presentation feedback on the commit about to be made on `surface`.
    func requestFeedback(presentation: OpaquePointer, surface: OpaquePointer, commit: Int) {
        guard let feedback = wp_presentation_feedback(presentation, surface) else { return }
        let box = FeedbackBox(probe: self, commit: commit)
        wp_presentation_feedback_add_listener(feedback, LatencyProbe.feedbackListener, Unmanaged.passRetained(box).toOpaque())
    }

    private final class FeedbackBox {
        let probe: LatencyProbe
        let commit: Int
        init(probe: LatencyProbe, commit: Int) { self.probe = probe; self.commit = commit }
    }

    nonisolated(unsafe) private static let feedbackListener = makeListener(wp_presentation_feedback_listener(
        sync_output: { _, _, _ in },
        presented: { data, feedback, secHi, secLo, nsec, refresh, _, _, _ in
            let box = Unmanaged<FeedbackBox>.fromOpaque(data!).takeRetainedValue()
            let t = Double(UInt64(secHi) << 32 | UInt64(secLo)) + Double(nsec) / 1e9
            box.probe.presented(commit: box.commit, at: t, refresh: Double(refresh) / 1e9)
            wp_presentation_feedback_destroy(feedback)
        },
        discarded: { data, feedback in
            let box = Unmanaged<FeedbackBox>.fromOpaque(data!).takeRetainedValue()
            box.probe.discarded(commit: box.commit)
            wp_presentation_feedback_destroy(feedback)
        }))

    /// The record as text, for the bench: a header, then
    /// `c COMMITTED DONE PRESENTED REFRESH CPU DAMAGED REPAINTED AGE BUFFER` per commit (`-`
    /// where unknown, `x` for discarded; the last four are pixel counts and the buffer's age)
    /// and `e DISPATCHED COMMIT CPU KIND` per event (KIND: `eventKinds`). Times are CLOCK_MONOTONIC seconds with
    /// nanosecond digits; CPU is the thread's CPU time.
    public var text: String {
        var out = "lodestone-latency 1\n"
        func t(_ v: Double?) -> String { v.map { String(format9($0)) } ?? "-" }
        for c in commits {
            out += "c \(t(c.committed)) \(t(c.previousFrameDone)) \(c.discarded ? "x" : t(c.presented)) \(t(c.refresh)) \(t(c.cpu))"
                + " \(c.damagedPixels) \(c.repaintedPixels < 0 ? "-" : String(c.repaintedPixels)) \(c.bufferAge) \(c.bufferPixels)\n"
        }
        for (i, e) in events.enumerated() {
            out += "e \(t(e)) \(eventCommit[i]) \(t(eventCPU[i])) \(Character(Unicode.Scalar(eventKinds[i])))\n"
        }
        return out
    }
}

/// Seconds with 9 decimals (nanoseconds), without Foundation.
private func format9(_ v: Double) -> String {
    let whole = v.rounded(.down)
    let nanos = Int64(((v - whole) * 1e9).rounded())
    var frac = String(min(nanos, 999_999_999))
    frac = String(repeating: "0", count: 9 - frac.count) + frac
    return "\(Int64(whole)).\(frac)"
}
