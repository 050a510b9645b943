// One event loop for the whole program (foot's fdm.c is the model): the Wayland display is
// kept prepared (prepare_read → flush → poll → read → dispatch), and any other fd — timerfds
// for animation, signalfd, libinput's fd — is served by the same poll(2).
import CShim
#if canImport(Glibc)
import Glibc
#endif

/// Why the loop stopped.
public enum ExitReason: Error, Equatable, Sendable, CustomStringConvertible {
    /// Someone called `stop()` (window closed, test finished, subcommand done).
    case finished(code: Int32)
    /// SIGINT / SIGTERM arrived (through signalfd).
    case signal(Int32)
    /// The compositor went away (EPIPE, ECONNRESET, POLLHUP on the display fd).
    case connectionLost
    /// The compositor sent a protocol error; the connection is unusable.
    case protocolError(String)
    /// A source's fd failed in a way the loop cannot continue from.
    case failure(String)

    public var description: String {
        switch self {
        case .finished(let c): "finished (\(c))"
        case .signal(let s): "signal \(s)"
        case .connectionLost: "compositor connection lost"
        case .protocolError(let m): "protocol error: \(m)"
        case .failure(let m): m
        }
    }

    /// The process exit status this reason maps to: 0 for a clean stop or SIGINT/SIGTERM,
    /// 1 for a lost compositor or any failure.
    public var exitCode: Int32 {
        switch self {
        case .finished(let c): c
        case .signal: 0
        case .connectionLost, .protocolError, .failure: 1
        }
    }
}

/// poll(2) event bits, the Swift way.
public struct PollEvents: OptionSet, Hashable, Sendable {
    public let rawValue: Int16
    public init(rawValue: Int16) { self.rawValue = rawValue }
    /// POLLIN
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// POLLOUT
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// POLLHUP (always reported, never requested)
    public static let hangup = PollEvents(rawValue: Int16(POLLHUP))
    /// POLLERR (always reported, never requested)
    public static let error = PollEvents(rawValue: Int16(POLLERR))
}

/// Identifies a source added with `addSource`, for `removeSource`.
public struct SourceID: Hashable, Sendable {
    let value: Int
}

/// The program's single event loop. Not thread-safe: everything runs on the thread that calls `run()`.
public final class EventLoop {
    private struct Source {
        let id: SourceID
        let fd: Int32
        var events: PollEvents
        let handler: (PollEvents) -> Void
    }

    private var sources: [Source] = []
    private var nextID = 0
    private var idleHandlers: [(SourceID, () -> Void)] = []
    private var exit: ExitReason?
    private var display: Display?
    /// signalfd (when `stopOnTerminationSignals` was called), closed on deinit.
    private var signalFD: Int32 = -1

    public init() {}

    deinit {
        Sys.close(signalFD)
    }

    /// Serves `fd` from this loop: `handler` runs with the events that occurred (hangup and
    /// error are always reported). The caller keeps owning the fd; remove the source before
    /// closing it.
    @discardableResult
    public func addSource(fd: Int32, events: PollEvents, handler: @escaping (PollEvents) -> Void) -> SourceID {
        let id = SourceID(value: nextID)
        nextID += 1
        sources.append(Source(id: id, fd: fd, events: events, handler: handler))
        return id
    }

    public func removeSource(_ id: SourceID) {
        sources.removeAll { $0.id == id }
    }

    /// Runs `handler` once per loop iteration after events were dispatched and before the
    /// loop sleeps: the place to draw (redraw requests only set flags; this acts on them).
    @discardableResult
    public func addIdle(_ handler: @escaping () -> Void) -> SourceID {
        let id = SourceID(value: nextID)
        nextID += 1
        idleHandlers.append((id, handler))
        return id
    }

    public func removeIdle(_ id: SourceID) {
        idleHandlers.removeAll { $0.0 == id }
    }

    /// Makes the loop return `reason` after the current iteration. The first reason wins.
    public func stop(_ reason: ExitReason) {
        if exit == nil { exit = reason }
    }

    public var isStopped: Bool { exit != nil }

    /// Serves the Wayland connection from this loop.
    func attach(_ display: Display) {
        self.display = display
    }

    /// Blocks `signals` for normal delivery and turns them into loop stops through a signalfd,
    /// so Ctrl-C or `kill` ends the program cleanly (buffers released, display disconnected).
    public func stopOnTerminationSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) throws(SystemError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        let rc = pthread_sigmask(SIG_BLOCK, &mask, nil)
        if rc != 0 { throw SystemError(code: rc, call: "pthread_sigmask") }
        let fd = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        if fd < 0 { throw SystemError(code: errno, call: "signalfd") }
        signalFD = fd
        addSource(fd: fd, events: .readable) { [unowned self] _ in
            var info = signalfd_siginfo()
            let n = withUnsafeMutableBytes(of: &info) { read(fd, $0.baseAddress, $0.count) }
            if n == MemoryLayout<signalfd_siginfo>.size {
                self.stop(.signal(Int32(info.ssi_signo)))
            }
        }
    }

    /// Runs until `stop` is called, a signal arrives, or the compositor goes away.
    public func run() -> ExitReason {
        while exit == nil {
            iterate(timeout: -1)
        }
        return exit!
    }

    /// One iteration: prepare the display, run idle handlers, flush, sleep in poll (at most
    /// `timeout` ms, -1 = until something happens), read and dispatch. Public for tests and
    /// for programs that drive their own loop.
    public func iterate(timeout: Int32) {
        // Keep the display prepared: dispatch whatever is queued until prepare_read succeeds.
        var prepared = false
        if let display {
            switch display.prepareRead() {
            case .success: prepared = true
            case .failure(let reason): stop(reason); return
            }
        }
        let idles = idleHandlers
        for (id, idle) in idles {
            // An idle handler may remove another (a window released by a `soon`): a removed
            // one must not run, its owner may be gone (issue 30.1's audit).
            guard idleHandlers.contains(where: { $0.0 == id }) else { continue }
            idle()
            if exit != nil { break }
        }
        if exit != nil {
            if prepared { display?.cancelRead() }
            return
        }

        var fds: [pollfd] = []
        var displayWantsWrite = false
        if let display {
            switch display.flush() {
            case .flushed: break
            case .wouldBlock: displayWantsWrite = true
            case .lost(let reason): display.cancelRead(); stop(reason); return
            }
            fds.append(pollfd(fd: display.fd, events: Int16(POLLIN) | (displayWantsWrite ? Int16(POLLOUT) : 0), revents: 0))
        }
        let snapshot = sources
        for s in snapshot { fds.append(pollfd(fd: s.fd, events: s.events.rawValue, revents: 0)) }

        switch Sys.poll(&fds, timeout: timeout) {
        case .success: break
        case .failure(let e):
            if prepared { display?.cancelRead() }
            stop(.failure("\(e)"))
            return
        }

        var offset = 0
        if let display {
            offset = 1
            let revents = PollEvents(rawValue: fds[0].revents)
            if revents.contains(.readable) {
                if case .failure(let reason) = display.readEvents() { stop(reason); return }
            } else {
                display.cancelRead()
            }
            // Hangup without readable data: the compositor is gone. (With data pending we read
            // first so a final protocol error is reported, then the next read fails.)
            if !revents.contains(.readable), !revents.intersection([.hangup, .error]).isEmpty {
                stop(.connectionLost)
                return
            }
            if case .failure(let reason) = display.dispatchPending() { stop(reason); return }
        }
        for (i, s) in snapshot.enumerated() {
            let revents = PollEvents(rawValue: fds[i + offset].revents)
            guard !revents.isEmpty else { continue }
            // A handler may have removed this source in the meantime.
            guard sources.contains(where: { $0.id == s.id }) else { continue }
            s.handler(revents)
            if exit != nil { return }
        }
    }
}

/// A monotonic timerfd served by an `EventLoop`: one-shot or periodic. Animations use it to
/// wake the loop; drawing itself stays driven by frame callbacks.
public final class LoopTimer {
    private let loop: EventLoop
    private let fd: Int32
    private var source: SourceID?

    public init(loop: EventLoop, handler: @escaping (_ expirations: UInt64) -> Void) throws(SystemError) {
        let fd = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC | TFD_NONBLOCK))
        if fd < 0 { throw SystemError(code: errno, call: "timerfd_create") }
        self.loop = loop
        self.fd = fd
        source = loop.addSource(fd: fd, events: .readable) { _ in
            if case .success(let n) = Sys.readCounter(fd), n > 0 { handler(n) }
        }
    }

    deinit {
        if let source { loop.removeSource(source) }
        Sys.close(fd)
    }

    /// Fires after `seconds`, then every `interval` seconds if given.
    public func arm(after seconds: Double, interval: Double? = nil) {
        func spec(_ s: Double) -> timespec {
            let whole = s.rounded(.down)
            return timespec(tv_sec: Int(whole), tv_nsec: Int((s - whole) * 1e9))
        }
        // A zero it_value would disarm: fire "now" as 1 ns.
        var value = spec(max(seconds, 1e-9))
        if value.tv_sec == 0 && value.tv_nsec == 0 { value.tv_nsec = 1 }
        var its = itimerspec(it_interval: spec(interval ?? 0), it_value: value)
        _ = timerfd_settime(fd, 0, &its, nil)
    }

    public func disarm() {
        var its = itimerspec()
        _ = timerfd_settime(fd, 0, &its, nil)
    }
}
