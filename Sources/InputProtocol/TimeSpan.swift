// A span between two moments of one stream (SPEC T1), so no code does microsecond arithmetic
// on `Timestamp`'s raw value by hand (issue 34.7).

/// A span of time in whole microseconds, the unit of `Timestamp`; negative when it runs
/// backwards. `Timestamp + TimeSpan` moves a time, `Timestamp - Timestamp` measures one.
///
/// Named apart from the standard library's `Duration`, which an app importing this module (or
/// `PointerEngine`, which re-exports it) keeps using unqualified: this one is the input
/// stream's microseconds, and turns seconds into them by rounding.
public struct TimeSpan: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span, microseconds.
    public var microseconds: Int64
    /// A span of `microseconds`.
    public init(microseconds: Int64) { self.microseconds = microseconds }
    /// No time.
    public static let zero = TimeSpan(microseconds: 0)

    /// A span of `seconds`, rounded to the microsecond (beyond ±292,000 years it saturates;
    /// not a number gives zero).
    public static func seconds(_ seconds: Double) -> TimeSpan { rounding(seconds * 1_000_000) }
    /// A span of `milliseconds`, rounded to the microsecond (saturating as `seconds(_:)`).
    public static func milliseconds(_ milliseconds: Double) -> TimeSpan { rounding(milliseconds * 1000) }

    private static func rounding(_ microseconds: Double) -> TimeSpan {
        let us = microseconds.rounded()
        if us.isNaN { return .zero }
        if us >= 9.2e18 { return TimeSpan(microseconds: .max) }
        if us <= -9.2e18 { return TimeSpan(microseconds: .min) }
        return TimeSpan(microseconds: Int64(us))
    }

    /// The span, seconds.
    public var seconds: Double { Double(microseconds) / 1_000_000 }
    /// The span, milliseconds.
    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func < (a: TimeSpan, b: TimeSpan) -> Bool { a.microseconds < b.microseconds }
    public var description: String { "\(microseconds)µs" }
}

extension Timestamp {
    /// `t` moved by `d`, held within the stream's range: never before its origin (nor past
    /// the last representable microsecond).
    @inlinable public static func + (t: Timestamp, d: TimeSpan) -> Timestamp {
        if d.microseconds >= 0 {
            let (sum, overflow) = t.rawValue.addingReportingOverflow(UInt64(d.microseconds))
            return Timestamp(rawValue: overflow ? .max : sum)
        }
        let back = d.microseconds.magnitude
        return Timestamp(rawValue: t.rawValue >= back ? t.rawValue - back : 0)
    }

    /// The span from `b` to `a`: negative when `a` is earlier (times of one stream, less than
    /// 292,000 years apart).
    @inlinable public static func - (a: Timestamp, b: Timestamp) -> TimeSpan {
        TimeSpan(microseconds: Int64(bitPattern: a.rawValue &- b.rawValue))
    }
}
