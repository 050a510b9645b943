// Lodestone as a dependency (issue 34.1): a package outside the repository that depends on this
// one by version, as a Swift developer's app does, builds with the real `swift build` and runs
// the engine's entry point (the README's "The engine in your own app"). SwiftPM refuses a
// versioned dependency whose products carry unsafe build flags, so this fails if Package.swift
// puts one on a library product without LODESTONE_OPTIMISE_DEBUG (which the child never sees).
import Foundation
import Testing
import TestSupport

@Suite("Lodestone as a versioned dependency of another package (issue 34.1)")
struct PackageDependentTests {
    static let root = ReplayProgramTests.root

    /// The first program of each name found on PATH (or the toolchain's directory), nil if none.
    static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") + ":/opt/swift/usr/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static let git = tool("git"), swift = tool("swift")

    /// The CHANGELOG's newest released version: the first `## [x.y.z]` heading (not Unreleased).
    static func newestVersion() throws -> String {
        let text = try String(contentsOfFile: root + "/CHANGELOG.md", encoding: .utf8)
        for line in text.split(separator: "\n") where line.hasPrefix("## [") {
            let version = line.dropFirst(4).prefix { $0 != "]" }
            let parts = version.split(separator: ".")
            if parts.count == 3, parts.allSatisfy({ Int($0) != nil }) { return String(version) }
        }
        throw HarnessError("CHANGELOG.md has no `## [x.y.z]` heading")
    }

    /// Runs a program to its end; its output when it fails.
    @discardableResult
    static func run(_ arguments: [String], in directory: String, environment: [String: String], timeout: Double = 900) throws -> ChildProcess {
        let child = try ChildProcess(["/usr/bin/env", "-C", directory] + arguments, environment: environment,
                                     name: arguments.prefix(2).joined(separator: "-").replacingOccurrences(of: "/", with: "_"))
        let end = try child.wait(timeout: timeout)
        #expect(end == .exited(0), "\(arguments.joined(separator: " ")) in \(directory): \(end)\n\(child.stdout)\n\(child.stderr)")
        guard end == .exited(0) else { throw HarnessError("\(arguments[0]) failed") }
        return child
    }

    /// About fifteen lines of an app's engine code: a button, the pointer moved onto it at a
    /// human pace, a rest, a click; the frame and the outputs printed.
    static let app = """
        import PointerEngine

        let buy = Element(id: ElementID(1), kind: .button, frame: Rect(x: 100, y: 100, width: 120, height: 40), label: "Buy")
        var engine = Engine(layout: try Layout(size: Size(width: 800, height: 600), [LayoutNode(buy)]))
        var micros: UInt64 = 0
        @MainActor func send(_ kind: InputEventKind) {
            micros += 16_000
            engine.handle(InputEvent(time: Timestamp(microseconds: micros), device: DeviceID(1), kind))
        }
        send(.pointerEnter(position: InputPoint(x: 10, y: 120)))
        for x in stride(from: 20.0, through: 160, by: 10) {
            send(.motion(position: InputPoint(x: x, y: 120), delta: InputVector(dx: 10, dy: 0), unaccelerated: InputVector(dx: 10, dy: 0)))
        }
        engine.advance(to: Timestamp(microseconds: micros + 400_000))
        print("hovered \\(engine.hovered.map(\\.description) ?? "none") effects \\(engine.describe().effects.count)")
        send(.button(.left, pressed: true))
        send(.button(.left, pressed: false))
        for output in engine.drainOutputs() { print(output) }
        print("settled \\(engine.isSettled)")
        """

    /// The example's engine side (Examples/Shelf/Shelf.swift, compiled into the dependent as it
    /// is) used as a person would: onto Add, a rest, a click; a row dragged onto the basket.
    static let shelf = """

        var shelf = Shelf(size: Size(width: 560, height: 420))
        var t: UInt64 = 5_000_000
        var at = InputPoint(x: 300, y: 400)
        @MainActor func feed(_ kind: InputEventKind) {
            t += 16_000
            for line in shelf.handle(InputEvent(time: Timestamp(microseconds: t), device: DeviceID(2), kind)) { print("shelf: \\(line)") }
        }
        @MainActor func glide(to x: Double, _ y: Double) {
            for k in 1...20 {
                let p = InputPoint(x: at.x + (x - at.x) * Double(k) / 20, y: at.y + (y - at.y) * Double(k) / 20)
                let d = InputVector(dx: (x - at.x) / 20, dy: (y - at.y) / 20)
                feed(.motion(position: p, delta: d, unaccelerated: d))
            }
            at = InputPoint(x: x, y: y)
        }
        @MainActor func rest(_ seconds: Double) {
            t += UInt64(seconds * 1_000_000)
            for line in shelf.advance(to: Timestamp(microseconds: t)) { print("shelf: \\(line)") }
        }
        feed(.pointerEnter(position: at))
        glide(to: 56, 30); rest(0.5)
        print("shelf hovered \\(shelf.engine.hovered.map(\\.description) ?? "none")")
        feed(.button(.left, pressed: true)); feed(.button(.left, pressed: false)); rest(0.3)
        glide(to: 120, 84); rest(0.3)
        feed(.button(.left, pressed: true)); rest(0.25)
        glide(to: 460, 200); rest(0.3)
        feed(.button(.left, pressed: false)); rest(0.5)
        print("shelf rows \\(shelf.rows.joined(separator: ","))")
        """

    @Test("a scratch package depending on a tagged clone `from:` the CHANGELOG's version builds and runs the engine",
          .enabled(if: git != nil && swift != nil, "needs git and swift"))
    func dependsByVersion() throws {
        let version = try Self.newestVersion()
        let scratch = try TemporaryDirectory(prefix: "lodestone-dependent")
        // The child sees no LODESTONE_OPTIMISE_DEBUG (make test sets it), as a dependent's build would not.
        let environment = ["PATH": "/usr/bin:/bin:" + (Self.swift! as NSString).deletingLastPathComponent,
                           "HOME": scratch.path, "TMPDIR": scratch.path,
                           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"]
        // A clone of this checkout's HEAD with the working tree's package and sources on top (the
        // change under test), committed and tagged there (over the release's own tag, which the
        // clone brings along): the repository itself is left alone.
        let clone = scratch.path + "/lodestone"
        try Self.run([Self.git!, "clone", "-q", "--shared", Self.root, clone], in: scratch.path, environment: environment)
        for part in ["Package.swift", "Sources", "Modules", "Examples", "CHANGELOG.md"] {
            try Self.run(["/bin/rm", "-rf", clone + "/" + part], in: clone, environment: environment)
            try Self.run(["/bin/cp", "-R", Self.root + "/" + part, clone + "/" + part], in: clone, environment: environment)
        }
        try Self.run([Self.git!, "add", "-A", "Package.swift", "Sources", "Modules", "Examples", "CHANGELOG.md"], in: clone, environment: environment)
        try Self.run([Self.git!, "commit", "-q", "--allow-empty", "-m", "the working tree"], in: clone, environment: environment)
        try Self.run([Self.git!, "tag", "-f", version], in: clone, environment: environment)

        let app = scratch.path + "/app"
        try FileManager.default.createDirectory(atPath: app + "/Sources/App", withIntermediateDirectories: true)
        try """
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "App",
                dependencies: [.package(url: "file://\(clone)", from: "\(version)")],
                targets: [.executableTarget(name: "App", dependencies: [.product(name: "PointerEngine", package: "lodestone")])])
            """.write(toFile: app + "/Package.swift", atomically: true, encoding: .utf8)
        try (Self.app + Self.shelf).write(toFile: app + "/Sources/App/main.swift", atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Self.root + "/Examples/Shelf/Shelf.swift", toPath: app + "/Sources/App/Shelf.swift")

        try Self.run([Self.swift!, "build"], in: app, environment: environment)
        let resolved = try String(contentsOfFile: app + "/Package.resolved", encoding: .utf8)
        #expect(resolved.contains("\"version\" : \"\(version)\""), "resolved to something else than \(version): \(resolved)")
        let run = try Self.run([app + "/.build/debug/App"], in: app, environment: environment, timeout: 60)
        let lines = run.stdoutLines
        #expect(lines.first?.hasPrefix("hovered #1 effects ") == true && lines.first != "hovered #1 effects 0", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("activated #1 by") }, "no activation of the button: \(lines)")
        // The example's engine code (issue 34.4): the same outcomes as on screen under sway.
        #expect(lines.contains("shelf hovered #1"), "\(lines)")
        #expect(lines.contains("shelf: added Grape"), "\(lines)")
        #expect(lines.contains("shelf: move 1 to basket: Apple"), "\(lines)")
        #expect(lines.last == "shelf rows Banana,Cherry,Date,Elderberry,Fig,Grape", "\(lines)")
    }
}
