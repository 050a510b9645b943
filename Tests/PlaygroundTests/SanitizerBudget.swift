// `scripts/fuzz unit` runs this target again under AddressSanitizer with
// LODESTONE_PROPERTY_FRACTION below 1 (PointerEngineTests' PropertyBudget reads the same
// variable). There the long seeded soaks look for memory errors, which one seed finds as well as
// three, and the tests that prove a checker has teeth (planted faults) say nothing new: the plain
// `swift test` before it runs them all. Under ASan they were 170 of the run's 285 serial seconds.
// An unoptimised build (a plain `swift build`, without `make test`'s LODESTONE_OPTIMISE_DEBUG:
// PlaygroundTests 9 s → 173 s) runs the same share (`BuildConfiguration`, issue 34.1).
import Glibc
import PointerEngine

enum SanitizerBudget {
    /// True when the run asked for a share of the seeded work (the sanitizer run), or when the
    /// engine and the showcase are not optimised.
    static let isReduced: Bool = {
        guard let raw = getenv("LODESTONE_PROPERTY_FRACTION"), let f = Double(String(cString: raw)) else {
            return !BuildConfiguration.isOptimised
        }
        return f > 0 && f < 1
    }()

    /// `seeds`, or only the first of them in a reduced run.
    static func seeds(_ seeds: [UInt64]) -> [UInt64] { isReduced ? Array(seeds.prefix(1)) : seeds }

    /// A soak's `full` event count, or a quarter of it in a reduced run. One seed of the
    /// display-list soak at 800 events, a frame drawn and compared after every event, was 113 of
    /// that run's 115 seconds on one of its two threads (2026-12-03): the run waited on it alone.
    static func events(_ full: Int) -> Int { isReduced ? max(1, full / 4) : full }
}
