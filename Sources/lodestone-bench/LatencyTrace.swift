// The input the latency bench replays (issue 8): a fixed, seeded trace of sway-inject commands
// (Tests/Fixtures/sway-inject/README.md) — pointer motion along a looping path, two-finger
// scrolls with their stop, pinches and three-finger swipes — each step paced like a touchpad
// (125 Hz). Each step makes one event at the client. The shim's control connection is
// SwayHarness.LineChannel.
#if canImport(Glibc)
import Glibc
#endif

enum LatencyTrace {
    /// A touchpad reports at about 125 Hz.
    static let interval = 0.008

    /// `count` steps; each step is the command lines of one wl_pointer (or gesture) frame.
    static func steps(count: Int) -> [[String]] {
        var out: [[String]] = []
        out.reserveCapacity(count + 8)
        var n = 0
        // Positions stay inside the middle of the output, over the window's content.
        func position(_ i: Int) -> String {
            let t = Double(i) * 0.021
            let x = 0.5 + 0.3 * sin(t), y = 0.5 + 0.25 * sin(2 * t + 0.4)
            return "absolute \(x) \(y)"
        }
        while out.count < count {
            // A phase of motion, then a scroll, a pinch, a swipe.
            for _ in 0..<60 { out.append([position(n)]); n += 1 }
            for k in 0..<12 { out.append(["axis finger vertical \(k < 6 ? 4.0 : -4.0) 0", "frame"]) }
            out.append(["axis finger vertical 0 0", "frame"])
            out.append(["pinch-begin 2"])
            for k in 1...10 { out.append(["pinch-update 2 0.5 0.3 \(1 + Double(k) * 0.03) 0.5"]) }
            out.append(["pinch-end"])
            out.append(["swipe-begin 3"])
            for _ in 0..<8 { out.append(["swipe-update 3 6 0"]) }
            out.append(["swipe-end"])
        }
        return Array(out.prefix(count))
    }
}
