// The wl_display connection: connect, keep prepared, flush (EAGAIN and EPIPE handled
// separately, as foot does), read, dispatch, and turn failures into an `ExitReason`.
import CWayland
import CShim
import Posix
#if canImport(Glibc)
import Glibc
#endif

/// Connecting failed: no compositor at that name, or no WAYLAND_DISPLAY at all.
public struct ConnectError: Error, CustomStringConvertible {
    public var display: String
    public var reason: String
    public var description: String { "cannot connect to the Wayland compositor at \(display): \(reason)" }
}

public final class Display {
    /// wl_display*
    let handle: OpaquePointer
    public let fd: Int32
    /// The socket name or path we connected to, for messages.
    public let name: String

    /// Connects to `name` (a socket name in $XDG_RUNTIME_DIR or an absolute path), or to
    /// $WAYLAND_DISPLAY (default "wayland-0") when nil.
    public init(name: String? = nil) throws(ConnectError) {
        let shown = name ?? (getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0")
        guard let d = wl_display_connect(name) else {
            throw ConnectError(display: shown, reason: String(cString: strerror(errno)))
        }
        handle = d
        fd = wl_display_get_fd(d)
        self.name = shown
    }

    deinit {
        wl_display_disconnect(handle)
    }

    /// Why the connection failed, once libwayland has flagged it.
    func failureReason() -> ExitReason {
        let code = wl_display_get_error(handle)
        if code == EPROTO {
            var interface: UnsafePointer<wl_interface>?
            var id: UInt32 = 0
            let err = wl_display_get_protocol_error(handle, &interface, &id)
            let iname = interface.map { String(cString: $0.pointee.name) } ?? "unknown interface"
            return .protocolError("\(iname)#\(id) error \(err)")
        }
        return .connectionLost
    }

    /// Dispatches queued events until prepare_read succeeds (the display is then "prepared").
    func prepareRead() -> Result<Void, ExitReason> {
        while wl_display_prepare_read(handle) != 0 {
            if wl_display_dispatch_pending(handle) < 0 { return .failure(failureReason()) }
        }
        return .success(())
    }

    func cancelRead() { wl_display_cancel_read(handle) }

    enum FlushResult { case flushed, wouldBlock, lost(ExitReason) }

    /// Sends queued requests. EAGAIN means the socket buffer is full: the loop then waits
    /// for POLLOUT and flushes again. EPIPE means the compositor is gone.
    func flush() -> FlushResult {
        if Posix.retryingEINTR({ wl_display_flush(handle) }) >= 0 { return .flushed }
        let e = errno
        if e == EAGAIN { return .wouldBlock }
        if e == EPIPE || e == ECONNRESET { return .lost(.connectionLost) }
        return .lost(failureReason())
    }

    func readEvents() -> Result<Void, ExitReason> {
        if wl_display_read_events(handle) < 0 { return .failure(failureReason()) }
        return .success(())
    }

    func dispatchPending() -> Result<Void, ExitReason> {
        if wl_display_dispatch_pending(handle) < 0 { return .failure(failureReason()) }
        return .success(())
    }

    /// Blocks until the compositor processed every request sent so far (used during setup only).
    func roundtrip() -> Result<Void, ExitReason> {
        if wl_display_roundtrip(handle) < 0 { return .failure(failureReason()) }
        return .success(())
    }
}

// MARK: - Listener plumbing

/// Allocates a listener struct that lives as long as the program (libwayland keeps the pointer).
func makeListener<T>(_ value: T) -> UnsafeMutablePointer<T> {
    let p = UnsafeMutablePointer<T>.allocate(capacity: 1)
    p.initialize(to: value)
    return p
}

/// The Swift object registered as a proxy's user data.
@inline(__always)
func object<T: AnyObject>(_ data: UnsafeMutableRawPointer?, as: T.Type = T.self) -> T {
    Unmanaged<T>.fromOpaque(data!).takeUnretainedValue()
}

@inline(__always)
func userData(_ object: AnyObject) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(object).toOpaque()
}
