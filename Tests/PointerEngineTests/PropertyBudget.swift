// How many random sequences the property tests run. The plain `swift test` runs every one
// (100,000 engine sequences, 100,000 interaction sequences). `scripts/fuzz unit` runs the same
// tests again under AddressSanitizer, where each sequence costs several times as much and the
// property tests took most of that run's four minutes in `make test`; there they look for
// memory errors, which a fraction of the seeds finds as well as all of them, so the script sets
// LODESTONE_PROPERTY_FRACTION (a number in (0, 1]) and each test runs that share of its seeds,
// the first ones, unchanged. Unset or invalid: every sequence when the engine is optimised (`make
// test`), a twentieth of them when it is not (a plain `swift build`: each sequence costs about 30
// times as much there; `BuildConfiguration`, issue 34.1).
import Glibc
import PointerEngine

enum PropertyBudget {
    /// The share of each property test's sequences to run: LODESTONE_PROPERTY_FRACTION's, else 1
    /// in an optimised build and `unoptimised` in another.
    static let fraction: Double = {
        guard let raw = getenv("LODESTONE_PROPERTY_FRACTION"), let f = Double(String(cString: raw)), f > 0, f <= 1 else {
            return BuildConfiguration.isOptimised ? 1 : unoptimised
        }
        return f
    }()
    /// The share an unoptimised engine runs.
    static let unoptimised = 0.05

    /// `full` sequences scaled by `fraction`, at least one.
    static func sequences(_ full: Int) -> Int { max(1, Int((Double(full) * fraction).rounded())) }
}
