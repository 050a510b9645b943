// Plays a compositor that releases buffers late or never (issue 8): the sway-inject shim holds
// back, drops or delays wl_buffer.release on command (Tests/Fixtures/sway-inject/README.md).

extension SeatInjector {
    /// How sway's wl_buffer.release events reach the clients.
    public enum ReleaseMode: Sendable, CustomStringConvertible {
        /// Normally; releases held back so far are sent at once.
        case pass
        /// Held back until `.pass`.
        case hold
        /// Never sent.
        case drop
        /// Each sent `milliseconds` after sway released the buffer.
        case delay(milliseconds: Int)

        public var description: String {
            switch self {
            case .pass: "pass"
            case .hold: "hold"
            case .drop: "drop"
            case .delay(let ms): "delay \(ms)"
            }
        }
    }

    /// The shim's release counters.
    public struct ReleaseCounters: Sendable, CustomStringConvertible {
        public var mode = ""
        /// Releases held back right now.
        public var held = 0
        /// Sent when sway released the buffer.
        public var sent = 0
        /// Sent later (held or delayed).
        public var late = 0
        public var dropped = 0
        public var description: String { "mode \(mode) held \(held) sent \(sent) late \(late) dropped \(dropped)" }
    }

    /// Sets how releases reach clients (nil: only read the counters).
    @discardableResult
    public func bufferReleases(_ mode: ReleaseMode? = nil) throws -> ReleaseCounters {
        let reply = try send("releases" + (mode.map { " \($0)" } ?? ""))
        let words = reply.split(separator: " ").map(String.init)
        var c = ReleaseCounters()
        for (i, w) in words.enumerated() where i + 1 < words.count {
            let v = words[i + 1]
            switch w {
            case "mode": c.mode = v
            case "held": c.held = Int(v) ?? -1
            case "sent": c.sent = Int(v) ?? -1
            case "late": c.late = Int(v) ?? -1
            case "dropped": c.dropped = Int(v) ?? -1
            default: break
            }
        }
        return c
    }
}
