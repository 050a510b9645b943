// Reading an offer's data (issue 18.1): the source writes into a pipe, the event loop reads
// it without blocking, a frame is never stalled. A transfer ends in one of four ways: the
// source closes the pipe (done), it writes past the size limit, it stays silent past the
// timeout, or a read fails. Each ends only this transfer and names the MIME type it was for.
import CShim
#if canImport(Glibc)
import Glibc
#endif

/// How much a transfer may bring in, and how long the source may take.
public struct TransferLimits: Sendable, Equatable {
    /// 16 MiB: a text or uri-list drop far beyond what a person drags (a 1 MB text is the
    /// issue's benchmark), small enough that a runaway source cannot exhaust memory.
    public static let maximumTransferBytes = 16 * 1024 * 1024
    /// 5 s: a source writing a large text answers well within a second; longer means it is
    /// stuck (GTK gives up on a silent source after a similar time) and the drop is abandoned.
    public static let transferTimeout = 5.0

    /// `bytes` as a person reads a size: "16 MiB", "512 KiB", "300 B".
    public static func describe(bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) B"
    }

    /// Bytes a transfer may deliver; one byte more ends it with `.tooLarge`.
    public var maximumBytes: Int
    /// Seconds from the start of the transfer until it ends with `.timedOut`.
    public var timeout: Double

    public init(maximumBytes: Int = TransferLimits.maximumTransferBytes, timeout: Double = TransferLimits.transferTimeout) {
        self.maximumBytes = maximumBytes
        self.timeout = timeout
    }
}

/// Why a transfer did not deliver all of an offer's data.
public enum TransferError: Error, Equatable, CustomStringConvertible {
    /// The source wrote more than the limit: the drop is refused. `received` holds the
    /// first bytes (at most `PipeTransfer.keptOfRefused`), for a glimpse of what it was.
    case tooLarge(mimeType: String, limit: Int, received: [UInt8])
    /// The source did not close the pipe within the timeout: `received` holds what came.
    case timedOut(mimeType: String, seconds: Double, received: [UInt8])
    /// The source closed the pipe without writing anything.
    case closedEarly(mimeType: String)
    /// The offer does not list this MIME type.
    case notOffered(mimeType: String, offered: [String])
    /// A system call failed (pipe, read).
    case system(mimeType: String, SystemError)

    public var description: String {
        switch self {
        case let .tooLarge(m, limit, _):
            "the drop's \(m) data is larger than the \(TransferLimits.describe(bytes: limit)) limit: it was refused, nothing dropped"
        case let .timedOut(m, s, received):
            "the source did not finish sending \(m) within \(s) s (\(received.count) bytes came): the transfer was abandoned"
        case let .closedEarly(m):
            "the source closed the \(m) transfer without sending any data"
        case let .notOffered(m, offered):
            "\(m) is not one of the offer's types (\(offered.isEmpty ? "none" : offered.joined(separator: ", ")))"
        case let .system(m, e):
            "the \(m) transfer failed: \(e)"
        }
    }
}

/// One end of a pipe served by the loop with a deadline: the fd, its loop source and the
/// timer, released together by `close` (or when it goes).
final class WatchedPipe {
    private let loop: EventLoop
    private(set) var fd: Int32
    private var source: SourceID?
    private var timer: LoopTimer?

    init(fd: Int32, loop: EventLoop) {
        self.fd = fd
        self.loop = loop
    }

    deinit { close() }

    /// Makes the fd non-blocking, runs `ready` whenever it has `events` and `expired` once
    /// after `timeout` seconds.
    func watch(_ events: PollEvents, timeout: Double, ready: @escaping () -> Void, expired: @escaping () -> Void) throws(SystemError) {
        if case .failure(let e) = Sys.setNonBlocking(fd) { throw e }
        source = loop.addSource(fd: fd, events: events) { _ in ready() }
        let t = try LoopTimer(loop: loop) { _ in expired() }
        t.arm(after: timeout)
        timer = t
    }

    func close() {
        if let source { loop.removeSource(source) }
        source = nil
        timer?.disarm()
        timer = nil
        Sys.close(fd)
        fd = -1
    }
}

/// Reads one pipe to its end from the event loop. It owns the read end and closes it when the
/// transfer ends; `completion` runs exactly once, from the loop (never from `init`).
public final class PipeTransfer {
    public let mimeType: String
    public let limits: TransferLimits
    private let loop: EventLoop
    private let pipe: WatchedPipe
    private var received: [UInt8] = []
    /// The one read buffer of this transfer, `chunkBytes` long, made at the first read and
    /// reused by every later one (a source writing small blocks wakes the loop per block:
    /// a buffer per wake-up cost more than the reads, issue 18's 1 MB bench).
    private var chunk: [UInt8] = []
    private var completion: ((Result<[UInt8], TransferError>) -> Void)?
    /// Bytes per read(2): 64 KiB, a Linux pipe's whole buffer, keeps each loop turn short.
    static let chunkBytes = 64 * 1024

    /// Starts reading `fd` (made non-blocking here). A failure to set up ends the transfer on
    /// the loop's next turn, with the error.
    public init(fd: Int32, mimeType: String, limits: TransferLimits, loop: EventLoop,
                completion: @escaping (Result<[UInt8], TransferError>) -> Void) {
        self.mimeType = mimeType
        self.limits = limits
        self.loop = loop
        self.completion = completion
        pipe = WatchedPipe(fd: fd, loop: loop)
        do {
            try pipe.watch(.readable, timeout: limits.timeout, ready: { [unowned self] in self.readable() }, expired: { [unowned self] in
                self.finish(.failure(.timedOut(mimeType: self.mimeType, seconds: self.limits.timeout, received: self.received)))
            })
        } catch {
            pipe.close()
            loop.soon { [weak self] in self?.finish(.failure(.system(mimeType: mimeType, error))) }
        }
    }

    /// Whether the transfer is still running.
    public var isActive: Bool { completion != nil }

    /// Ends the transfer without calling its completion (the drop was abandoned).
    public func cancel() {
        completion = nil
        pipe.close()
    }

    private func readable() {
        if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: Self.chunkBytes) }
        while isActive {
            let room = limits.maximumBytes - received.count
            // Read one byte past the limit: that byte tells "exactly the limit" from "more".
            let want = min(Self.chunkBytes, room + 1)
            let fd = pipe.fd
            let result = chunk.withUnsafeMutableBytes { buf in
                Sys.retryingEINTR("read") { Glibc.read(fd, buf.baseAddress, want) }
            }
            switch result {
            case .failure(let e) where e.isWouldBlock:
                return
            case .failure(let e):
                finish(.failure(.system(mimeType: mimeType, e)))
            case .success(0):
                finish(received.isEmpty ? .failure(.closedEarly(mimeType: mimeType)) : .success(received))
            case .success(let n):
                chunk.withUnsafeBufferPointer { buf in received.append(contentsOf: UnsafeBufferPointer(rebasing: buf[0..<min(n, room)])) }
                if n > room { finish(.failure(.tooLarge(mimeType: mimeType, limit: limits.maximumBytes, received: received))) }
            }
        }
    }

    /// What a refused (too large) transfer keeps of what came: enough to name it.
    static let keptOfRefused = 4096
    /// A transfer that held more than this gives the freed memory back when it ends.
    static let largeTransferBytes = 1 << 20

    private func finish(_ result: Result<[UInt8], TransferError>) {
        guard let completion else { return }
        self.completion = nil
        chunk = []
        pipe.close()
        let large = received.count > Self.largeTransferBytes
        received = []
        if case let .failure(.tooLarge(m, limit, got)) = result {
            completion(.failure(.tooLarge(mimeType: m, limit: limit, received: Array(got.prefix(Self.keptOfRefused)))))
        } else {
            completion(result)
        }
        // The buffers of a large transfer go back to the kernel (issue 30.8), not kept by the
        // window's memory policy: on the loop's next turn, once the result (which shares the
        // bytes) and whatever the completion made of it are released.
        if large { loop.soon { MemoryPolicy.giveBackFreedMemory() } }
    }
}

extension EventLoop {
    /// Runs `body` once, on the loop's next turn (a completion never runs inside its request).
    public func soon(_ body: @escaping () -> Void) {
        var id: SourceID?
        id = addIdle { [unowned self] in
            if let id { self.removeIdle(id) }
            body()
        }
    }
}

extension Sys {
    /// A pipe whose both ends close on exec: (read end, write end).
    static func pipe() -> Result<(read: Int32, write: Int32), SystemError> {
        var fds: [Int32] = [-1, -1]
        let rc = fds.withUnsafeMutableBufferPointer { Glibc.pipe($0.baseAddress!) }
        if rc < 0 { return .failure(SystemError(code: errno, call: "pipe")) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return .success((fds[0], fds[1]))
    }

    /// SIGPIPE ignored process-wide (idempotent): writes to a closed pipe fail with EPIPE.
    static func ignoreBrokenPipe() { _ = signal(SIGPIPE, SIG_IGN) }

    static func setNonBlocking(_ fd: Int32) -> Result<Void, SystemError> {
        let flags = fcntl(fd, F_GETFL)
        if flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0 {
            return .failure(SystemError(code: errno, call: "fcntl(O_NONBLOCK)"))
        }
        return .success(())
    }
}

/// Writes `bytes` to a destination's pipe from the event loop and closes it. It owns `fd`.
/// `done` runs once: nil when everything was written, else why not (the reader went away,
/// or did not read within the timeout).
///
/// A write outlives whoever asked for it (issue 30.1): a destination may read after the
/// source's drag or selection ended — weston-terminal asks for the text, ends the drag
/// without finishing it (the compositor cancels the source) and reads a moment later. The
/// writer keeps itself alive until it finishes, which the timeout bounds; `start` hands it
/// to the loop, and nothing else needs to hold it.
final class PipeWriter {
    private let pipe: WatchedPipe
    private let bytes: [UInt8]
    /// Bytes written so far (all of them once `done` ran without a failure).
    private(set) var written = 0
    private var done: ((String?) -> Void)?
    /// Itself while the write goes on: the loop's watch holds the writer only through this.
    private var running: PipeWriter?

    /// Starts writing `bytes` to `fd` from `loop`; `done` runs once, from the loop.
    @discardableResult
    static func start(fd: Int32, bytes: [UInt8], timeout: Double, loop: EventLoop, done: @escaping (String?) -> Void) -> PipeWriter {
        let w = PipeWriter(fd: fd, bytes: bytes, timeout: timeout, loop: loop, done: done)
        if w.done != nil { w.running = w }
        return w
    }

    private init(fd: Int32, bytes: [UInt8], timeout: Double, loop: EventLoop, done: @escaping (String?) -> Void) {
        self.bytes = bytes
        self.done = done
        pipe = WatchedPipe(fd: fd, loop: loop)
        // A reader that goes away mid-write must be an EPIPE for this transfer, not a SIGPIPE
        // that ends the program.
        Sys.ignoreBrokenPipe()
        do {
            try pipe.watch(.writable, timeout: timeout, ready: { [unowned self] in self.writable() }, expired: { [unowned self] in
                self.finish("the reader did not take the data within \(timeout) s (\(self.written) of \(self.bytes.count) bytes written)")
            })
        } catch {
            pipe.close()
            loop.soon { [weak self] in self?.finish("\(error)") }
        }
    }

    private func writable() {
        let fd = pipe.fd
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { buf in
                Sys.retryingEINTR("write") { Glibc.write(fd, buf.baseAddress, buf.count) }
            }
            switch result {
            case .success(let n): written += n
            case .failure(let e) where e.isWouldBlock: return
            case .failure(let e): finish("writing failed after \(written) of \(bytes.count) bytes: \(e)"); return
            }
        }
        finish(nil)
    }

    /// Whether the write still goes on.
    var isActive: Bool { done != nil }

    private func finish(_ failure: String?) {
        guard let done else { return }
        self.done = nil
        pipe.close()
        done(failure)
        // Released last: the writer may go now.
        running = nil
    }
}
