// Headless replay (SPEC T2, T4; issue 7): the bundled demo trace is what the generator makes,
// exercises every behaviour it claims, and renders to byte-identical frames twice.
import Testing
#if canImport(Glibc)
import Glibc
#endif
import PointerEngine
import PixmanRenderer
@testable import Playground

/// The repository root (this file is Tests/PlaygroundTests/ReplayTests.swift).
let repositoryRoot: String = {
    var parts = String(#filePath).split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

func readFile(_ path: String) -> String? {
    guard let f = fopen(path, "rb") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&chunk, 1, chunk.count, f)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

@Suite("Headless replay (T2)")
struct ReplayTests {
    static let demoPath = repositoryRoot + "/Tests/Fixtures/traces/demo.trace"

    @Test("the bundled demo trace is the generator's output (regenerate: LODESTONE_REGENERATE=1)")
    func bundledDemoIsGenerated() throws {
        let text = try DemoTrace.trace().encoded()
        if getenv("LODESTONE_REGENERATE") != nil, let f = fopen(ReplayTests.demoPath, "wb") {
            fputs(text, f); fclose(f)
        }
        let bundled = try #require(readFile(ReplayTests.demoPath), "missing \(ReplayTests.demoPath)")
        #expect(bundled == text)
        // And it decodes to the same events.
        #expect(try TraceDecoder.decode(bundled).events == DemoTrace.events())
    }

    /// Replays the demo into canvases, returning each frame's pixels and the session.
    func replay(fps: Double, scale: Double = 0.5) -> ([[UInt32]], PlaygroundSession) {
        var o = HeadlessReplay.Options()
        o.fps = fps
        o.scale = scale
        let events = DemoTrace.events()
        let session = PlaygroundSession(now: events[0].time)
        var frames: [[UInt32]] = []
        _ = HeadlessReplay(options: o).run(events, session: session) { canvas, _, _ in
            var px: [UInt32] = []
            px.reserveCapacity(canvas.width * canvas.height)
            for y in 0..<canvas.height { for x in 0..<canvas.width { px.append(canvas.pixel(x: x, y: y)) } }
            frames.append(px)
        }
        return (frames, session)
    }

    @Test("the same trace rendered twice gives identical frames")
    func deterministic() {
        let (a, _) = replay(fps: 4)
        let (b, _) = replay(fps: 4)
        #expect(a.count == b.count && a.count > 20)
        #expect(a == b)
        // Not a still picture: the frames differ over the trace.
        #expect(Set(a.map { $0.hashValue }).count > a.count / 2)
    }

    @Test("the demo exercises hover, highlight, lift, a copy drag with Ctrl (the default conventions), band selection and a pinch")
    func demoCoversItsClaims() {
        let events = DemoTrace.events()
        let session = PlaygroundSession(now: events[0].time)
        var effects = Set<String>()
        var maxFingers = 0, ctrlHeld = false
        for e in events {
            session.handle(e)
            if let id = session.engine.hovered, let fx = session.engine.effect(on: id) { effects.insert("\(fx.kind)") }
            if case .gesture(let g) = e.kind, g.kind == .pinch { maxFingers = max(maxFingers, g.fingers) }
            if case .modifiers(let m) = e.kind, m.effective.contains(.control) { ctrlHeld = true }
        }
        #expect(effects.isSuperset(of: ["highlight", "lift"]), "\(effects)")
        #expect(maxFingers == 2 && ctrlHeld)
        #expect(session.outputs.contains { if case .dropped(_, _, .copy, .pointer) = $0 { true } else { false } }, "the drag copies")
        let presses = events.filter { if case .button(.left, true) = $0.kind { return true }; return false }
        #expect(presses.count == 2)
    }
}
