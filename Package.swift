// swift-tools-version:6.0
// Lodestone: an iPadOS-style adaptive pointer for Linux (see README.md and ../shared/SPEC.md).
import PackageDescription

// scripts/fuzz sets LODESTONE_FUZZER_RUNTIME to libFuzzer's no-main runtime: lodestone-fuzz then
// links it and drives its targets with LLVMFuzzerRunDriver. Plain builds never see it.
let fuzzerRuntime = Context.environment["LODESTONE_FUZZER_RUNTIME"]

// Hot code, optimised in debug builds too, for the repository's own test run only: `make test`
// (and `make soak-live`) set LODESTONE_OPTIMISE_DEBUG=1, which puts -O on the engine (a property
// test runs 100k sequences), the renderer and the showcase that every end-to-end test's lodestone
// runs and the soaks drive, the layout kit and the engine's benches. Unoptimised, the renderer's
// PNG encoder and the showcase's frames were most of make test's CPU outside the compilers (perf,
// 2026-12-03; issue 19). The code has no assert(): -O checks exactly what -Onone does.
// Without the variable the package has no unsafe flags, so another package can depend on it by
// version (issue 34.1: SwiftPM refuses a versioned dependency whose products carry unsafe flags;
// PackageTests.dependsByVersion checks it).
let optimisedInDebug: [SwiftSetting] = Context.environment["LODESTONE_OPTIMISE_DEBUG"] == nil
    ? [] : [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "Lodestone",
    products: [
        .library(name: "InputProtocol", targets: ["InputProtocol"]),
        .library(name: "InputPipeline", targets: ["InputPipeline"]),
        .library(name: "PointerEngine", targets: ["PointerEngine"]),
        .library(name: "PixmanRenderer", targets: ["PixmanRenderer"]),
        .library(name: "WaylandClient", targets: ["WaylandClient"]),
        .library(name: "LibinputBackend", targets: ["LibinputBackend"]),
        .executable(name: "lodestone", targets: ["lodestone"]),
        .executable(name: "lodestone-bench", targets: ["lodestone-bench"]),
    ],
    targets: [
        // C system libraries (module maps + #include-only shims in Modules/).
        .systemLibrary(name: "CWayland", path: "Modules/CWayland", pkgConfig: "wayland-client"),
        .systemLibrary(name: "CWaylandCursor", path: "Modules/CWaylandCursor", pkgConfig: "wayland-cursor"),
        .systemLibrary(name: "CLibinput", path: "Modules/CLibinput", pkgConfig: "libinput"),
        .systemLibrary(name: "CXkbcommon", path: "Modules/CXkbcommon", pkgConfig: "xkbcommon"),
        .systemLibrary(name: "CPixman", path: "Modules/CPixman", pkgConfig: "pixman-1"),
        .systemLibrary(name: "CFreetype", path: "Modules/CFreetype", pkgConfig: "freetype2"),
        .systemLibrary(name: "CPNG", path: "Modules/CPNG", pkgConfig: "libpng"),
        // Benchmark peer only (`lodestone bench render`, in lodestone-bench); the renderer never uses it.
        .systemLibrary(name: "CCairo", path: "Modules/CCairo", pkgConfig: "cairo"),
        .target(name: "CShim", path: "Modules/CShim"),
        // Committed wayland-scanner output; regenerate with scripts/gen-wayland-glue.
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"], path: "Modules/CWaylandProtocols"),
        // Hand-written glue for wlroots' virtual pointer and virtual keyboard (issue 33.6, `dnd --auto`).
        .target(name: "CWaylandVirtualInput", dependencies: ["CWayland"], path: "Modules/CWaylandVirtualInput"),

        // Pure Swift.
        .target(name: "InputProtocol", linkerSettings: [.linkedLibrary("m")]),
        // The one input stage between the backends and the engine (issue 20.2): monotonic time,
        // the gesture lifecycle, key privacy and the merge of the seat's and libinput's streams.
        // Backends only translate.
        .target(name: "InputPipeline", dependencies: ["InputProtocol"]),
        .target(name: "PointerEngine", dependencies: ["InputProtocol"],
                swiftSettings: optimisedInDebug, linkerSettings: [.linkedLibrary("m")]),

        // The one EINTR retry and the one monotonic clock reading (issue 20.6), for every C seam.
        .target(name: "Posix"),

        // Backends and renderer depend on the pure modules, never the reverse.
        // The one xkbcommon seam (keymap + state → Modifiers), shared by both keyboards.
        .target(name: "Xkb", dependencies: ["InputProtocol", "CXkbcommon"]),
        .target(name: "LibinputBackend", dependencies: ["InputProtocol", "Xkb", "CLibinput", "CShim", "Posix"]),
        .target(name: "WaylandClient", dependencies: [
            "InputProtocol", "Xkb", "CWayland", "CWaylandCursor", "CWaylandProtocols", "CWaylandVirtualInput", "CShim", "Posix",
        ]),
        .target(name: "PixmanRenderer", dependencies: ["PointerEngine", "InputProtocol", "CPixman", "CFreetype", "CPNG"],
                swiftSettings: optimisedInDebug),
        // The layout kit (issue 20.7): the layout file format and the linter (L1–L8), the part
        // users' own layouts depend on. The showcase, the HUD and the program build on it.
        .target(name: "LayoutKit", dependencies: ["PointerEngine", "InputProtocol"], swiftSettings: optimisedInDebug),
        .target(name: "Playground", dependencies: ["LayoutKit", "PointerEngine", "InputProtocol", "PixmanRenderer", "Posix", "GestureCheck"],
                swiftSettings: optimisedInDebug),
        // `lodestone check` (issue 21): steps, pass rules, diagnoses and the report (pure Swift).
        .target(name: "GestureCheck", dependencies: ["InputProtocol"]),
        // A headless sway's recipe and the sway-inject control channel: shared by the program's
        // benches and the end-to-end tests (no Foundation).
        .target(name: "SwayHarness", dependencies: ["Posix"]),
        .executableTarget(name: "lodestone", dependencies: [
            "InputProtocol", "InputPipeline", "PointerEngine", "PixmanRenderer", "LayoutKit", "Playground", "WaylandClient", "LibinputBackend",
            "GestureCheck", "Posix",
        ]),

        // The engine in your own app (issue 34.4, README): a window with buttons, a list and a drop
        // target on PointerEngine, the renderer's FrameComposer and WaylandClient, under 200 lines.
        .executableTarget(name: "shelf-example", dependencies: ["PointerEngine", "PixmanRenderer", "WaylandClient"], path: "Examples/Shelf"),

        // The benchmarks (issue 20.4): out of the shipping binary, which links no cairo.
        // The engine's seeded workloads and the simulated target acquisition (pure Swift; the
        // engine tests use them too).
        .target(name: "EngineBench", dependencies: ["PointerEngine"], swiftSettings: optimisedInDebug),
        // `lodestone bench` runs this program, built and installed next to lodestone.
        .executableTarget(name: "lodestone-bench", dependencies: [
            "InputProtocol", "PointerEngine", "EngineBench", "PixmanRenderer", "Playground", "WaylandClient", "CCairo", "SwayHarness", "Posix",
        ]),

        // Fuzz targets (issue 8): a plain runner in every build; scripts/fuzz builds it with
        // libFuzzer and the sanitizers.
        .executableTarget(name: "lodestone-fuzz", dependencies: ["InputProtocol", "LayoutKit", "WaylandClient"], path: "Tests/Fuzz",
                          exclude: ["corpus", "crashes", "trace.dict"],
                          swiftSettings: fuzzerRuntime == nil ? [] : [.define("LODESTONE_FUZZER")],
                          linkerSettings: fuzzerRuntime.map { [.unsafeFlags([$0, "-lstdc++"])] } ?? []),

        // Test support: real compositors (sway/weston headless), grim screenshots (decoded by the
        // renderer's PNG codec), emulated input devices. Shared by every end-to-end test.
        .target(name: "TestSupport", dependencies: ["InputProtocol", "PixmanRenderer", "CShim", "SwayHarness", "Posix"], path: "Tests/TestSupport"),

        .testTarget(name: "InputProtocolTests", dependencies: ["InputProtocol"]),
        .testTarget(name: "InputPipelineTests", dependencies: ["InputPipeline", "InputProtocol"]),
        .testTarget(name: "GestureCheckTests", dependencies: ["GestureCheck", "InputProtocol"]),
        .testTarget(name: "PointerEngineTests", dependencies: ["PointerEngine", "InputProtocol", "EngineBench"]),
        .testTarget(name: "LibinputBackendTests", dependencies: ["LibinputBackend", "InputPipeline", "InputProtocol", "TestSupport", "LayoutKit", "Playground", "PointerEngine", "GestureCheck"]),
        .testTarget(name: "WaylandClientTests", dependencies: ["WaylandClient", "InputProtocol", "CShim", "PointerEngine"]),
        .testTarget(name: "PixmanRendererTests", dependencies: ["PixmanRenderer", "PointerEngine", "TestSupport", "Playground"]),
        .testTarget(name: "LayoutKitTests", dependencies: ["LayoutKit", "PointerEngine", "InputProtocol"]),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "LayoutKit", "PointerEngine", "PixmanRenderer", "InputProtocol", "GestureCheck"]),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "InputProtocol", "InputPipeline", "WaylandClient", "Playground", "PixmanRenderer", "PointerEngine", "EngineBench", "GestureCheck"]),
    ]
)

// scripts/fuzz's instrumented build serves only the unit suites it runs under the sanitizers and
// the fuzz targets. It leaves out what those never load: the two programs, the libinput backend,
// the pipeline with its suite, the check's suite (the check stays: Playground draws `lodestone
// dnd`'s pictures), and the end-to-end suite, which was about half of that build's compile time
// in `make test` (CI time, issue 19: under 15 minutes on 2 cores).
if fuzzerRuntime != nil {
    let unused: Set<String> = [
        "lodestone", "lodestone-bench", "shelf-example", "LibinputBackend", "CLibinput", "InputPipeline", "CCairo",
        "EndToEndTests", "LibinputBackendTests", "GestureCheckTests", "InputPipelineTests",
    ]
    package.targets.removeAll { unused.contains($0.name) }
    package.products.removeAll { unused.contains($0.name) }

    // libFuzzer's coverage (edges, comparisons) only where the fuzz targets' code lives: the trace
    // codec and the JSON reader, the layout reader, the keymap seam. Instrumenting every module
    // cost compile time and slowed the sanitizer unit run for coverage nothing reads.
    let fuzzed: Set<String> = ["InputProtocol", "LayoutKit", "WaylandClient", "Xkb", "lodestone-fuzz"]
    let coverage = SwiftSetting.unsafeFlags(["-sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table"])
    for target in package.targets where fuzzed.contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [coverage]
    }
}
