// `scripts/fuzz unit` runs this target again under AddressSanitizer with
// LODESTONE_PROPERTY_FRACTION below 1 (PointerEngineTests' PropertyBudget reads the same
// variable). There the long seeded soaks look for memory errors, which one seed finds as well as
// three, and the tests that prove a checker has teeth (planted faults) say nothing new: the plain
// `swift test` before it runs them all. Under ASan they were 170 of the run's 285 serial seconds.
import Glibc

enum SanitizerBudget {
    /// True when the run asked for a share of the seeded work (the sanitizer run).
    static let isReduced: Bool = {
        guard let raw = getenv("LODESTONE_PROPERTY_FRACTION"), let f = Double(String(cString: raw)) else { return false }
        return f > 0 && f < 1
    }()

    /// `seeds`, or only the first of them in a reduced run.
    static func seeds(_ seeds: [UInt64]) -> [UInt64] { isReduced ? Array(seeds.prefix(1)) : seeds }

    /// A soak's `full` event count, or a quarter of it in a reduced run. One seed of the
    /// display-list soak at 800 events, a frame drawn and compared after every event, was 113 of
    /// that run's 115 seconds on one of its two threads (2026-12-03): the run waited on it alone.
    static func events(_ full: Int) -> Int { isReduced ? max(1, full / 4) : full }
}
