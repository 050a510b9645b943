// Whether this build of the engine is optimised (issue 34.1). Package.swift puts -O on the engine,
// the renderer and the showcase in debug builds only for the repository's own test run (`make
// test` sets LODESTONE_OPTIMISE_DEBUG), so that the package has no unsafe flags for dependents.
// A plain `swift build` compiles them -Onone, where the seeded property tests and soaks cost
// 15–30 times as much (measured: PointerEngineTests 12 s → 351 s, PlaygroundTests 9 s → 173 s):
// their budgets read this to run a share of their seeds there, and every seed under `make test`.

/// Facts about how this module was compiled.
package enum BuildConfiguration {
    /// True when PointerEngine was compiled with optimisation (-O: `make test`, a release build).
    package static let isOptimised = !_isDebugAssertConfiguration()
}
