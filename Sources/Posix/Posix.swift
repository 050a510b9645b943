// The one place the package retries a system call that a signal interrupted (EINTR) and reads
// the monotonic clock (issue 20.6). Each C seam (WaylandClient's System.swift, libinput's
// seam, the program's file helpers, the sway harness) calls these instead of writing its own
// loop or its own clock_gettime.
#if canImport(Glibc)
import Glibc
#endif

public enum Posix {
    /// Runs `call` again while it fails with EINTR, and returns its last result: the call's own
    /// value, or its failure (a negative value, errno as the call left it).
    @inline(__always)
    public static func retryingEINTR<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let r = call()
            if r >= 0 || errno != EINTR { return r }
        }
    }

    /// Sleeps `microseconds` in full, going back to sleep for what is left after a signal.
    public static func sleep(microseconds: UInt64) {
        var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

/// CLOCK_MONOTONIC, the clock the kernel, libinput and the compositors stamp input with (SPEC T1).
public enum MonotonicClock {
    /// Now, in microseconds.
    public static func microseconds() -> UInt64 {
        let ts = now()
        return UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000
    }

    /// Now, in seconds.
    public static func seconds() -> Double {
        let ts = now()
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    private static func now() -> timespec {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts
    }
}
