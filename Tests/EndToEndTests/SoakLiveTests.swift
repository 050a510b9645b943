// Issue 19 "A live soak under real compositors" (SPEC G7, T1): seeded, human-paced random input
// (SoakLive.swift) into the showcase window under sway 1.7 (the sway-inject shim: gestures,
// touch, devices unplugged and plugged back in) and under mutter 43 (RemoteDesktop with its
// screen-cast stream: pointer, keys, scrolls, touch), the program's resident memory and open
// descriptors sampled every 2 s. Pass: neither program crashed, every kind of action ran, the
// heap (RssAnon) less the render cache's images (state line render_cache_bytes) is at the end at
// most 4 MB above that after the warm-up (the first half), no descriptor more than then,
// nothing active at the end (no drag, band, menu, gesture or held input: the state line's drag,
// band, menu, engine_active and active), and the first frame after one more motion shows it.
// `make test` runs 60 s (LODESTONE_SOAK_LIVE_SECONDS; `make soak-live` 600) with the seed
// LODESTONE_SOAK_LIVE_SEED (19). The two run side by side and beside the other suites: each soak
// runs on a thread of its own, which the test awaits, so it holds none of the test pool's threads.
// (Its pauses were awaits first: on 2 cores the pool has 2 threads, which the blocking suites
// held, and a soak resumed once in its whole minute.)
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Live soak: human-paced random input under sway and mutter (issue 19, G7)")
struct SoakLiveTests {
    static var seconds: Double {
        ProcessInfo.processInfo.environment["LODESTONE_SOAK_LIVE_SECONDS"].flatMap(Double.init) ?? 60
    }
    static var seed: UInt64 {
        ProcessInfo.processInfo.environment["LODESTONE_SOAK_LIVE_SEED"].flatMap { UInt64($0) } ?? 19
    }
    /// The resident size may grow by this much after the warm-up (as `lodestone soak`'s 4 MB).
    static let maxGrowthKB = 4096
    /// States kept in memory: a 10-minute run writes tens of thousands of lines.
    static let keeping = 256

    @Test("under sway: moves, pauses, clicks, menus, modifier drags, scrolls, pinches, swipes, touch, devices unplugged and back; no crash, memory and descriptors flat, nothing left active, the next input drawn in the next frame",
          .enabled(if: SwayInject.library() != nil, "needs the sway-inject fixture (scripts/build-fixtures)"))
    func underSway() async throws {
        let started = try Sway.startWithInjectedSeat(output: .init(width: SharedSway.logical.width, height: SharedSway.logical.height),
                                                     config: SharedSway.config)
        defer { started.sway.stop() }
        let box = SharedSway.Box(started)
        let w = try Self.window(on: box)
        let soak = LiveSoak(seat: SwaySoakSeat(box.seat), window: w, app: w.app, state: w.state, seed: Self.seed, seconds: Self.seconds)
        try await Self.check(soak, state: w.state, compositor: started.sway)
    }

    @Test("under mutter: moves, pauses, clicks, menus, modifier drags, scrolls, touch through RemoteDesktop; no crash, memory and descriptors flat, nothing left active, the next input drawn in the next frame",
          .enabled(if: Mutter.unavailable == nil, Comment(rawValue: Mutter.unavailable ?? "")),
          .enabled(if: programOnPath("pipewire"), "PipeWire is not installed: mutter's absolute motion and touch need a screen-cast stream"))
    func underMutter() async throws {
        let box = try SharedMutter.Box(Mutter.start())
        defer { box.seat.helper.stop(); box.mutter.stop() }
        if let why = box.mutter.screencastUnavailable { throw HarnessError(why) }
        let w = try Self.window(on: box)
        let soak = LiveSoak(seat: MutterSoakSeat(box.seat), window: w, app: w.app, state: w.state, seed: Self.seed, seconds: Self.seconds)
        try await Self.check(soak, state: w.state, compositor: box.mutter)
    }

    /// The windows' setups read the shared compositor from a task-local (sync: no await inside).
    static func window(on box: SharedSway.Box) throws -> ShowcaseWindow {
        try SharedSway.$current.withValue(box) { try ShowcaseWindow(scale: 1, keeping: keeping) }
    }
    static func window(on box: SharedMutter.Box) throws -> MutterShowcase {
        try SharedMutter.$current.withValue(box) { try MutterShowcase(keeping: keeping) }
    }

    static func check(_ soak: LiveSoak, state: StateLog, compositor: Compositor) async throws {
        let app = soak.app, name = soak.seat.name
        let cpu0 = (ProcessSample.cpuSeconds(app.pid) ?? 0, ProcessSample.cpuSeconds(compositor.process.pid) ?? 0)
        try await onOwnThread(soak) { try $0.run() }
        #expect(soak.kinds.isSubset(of: Set(soak.counts.keys)), "not every kind of action ran: \(soak.counts)")
        #expect(app.isRunning, "lodestone under \(name): \(app.poll().map { "\($0)" } ?? "")\n\(app.stderr.suffix(3000))")
        #expect(compositor.process.isRunning, "\(name) exited during the soak")
        guard app.isRunning else { return }

        // Nothing left active once the last action ended (its glides and momentum settled).
        let w = soak.window
        let rest = try state.waitFor("the showcase at rest after the soak", timeout: 15) { _ in true }
        let last = soak.actions.suffix(8).joined(separator: "\n")
        #expect(rest.drag == nil, "a drag left after the soak: \(rest)\n\(last)")
        #expect(rest.band == nil, "a band left after the soak: \(rest)\n\(last)")
        #expect(rest.menu == nil, "a menu left open after the soak: \(rest)\n\(last)")
        #expect(!rest.engineActive && rest.active.isEmpty, "still active after the soak: \(rest.active)\n\(last)")

        // The window answers the next input in the next frame it commits.
        let before = rest.frame
        let p = Point(ShowcaseWindow.probe.x - 13.25, ShowcaseWindow.probe.y - 7.5)
        let sent = monotonicSeconds()
        try w.move(to: p)
        var next: AppState?
        do {
            try waitUntil(timeout: 2, "a frame after the motion to \(p)") {
                next = state.states().first { $0.frame > before }
                return next != nil
            }
        } catch {
            throw HarnessError("\(error); the state at rest: \(rest)\nthe last actions:\n\(soak.actions.suffix(12).joined(separator: "\n"))\n\(app.stderr.suffix(2000))")
        }
        let answered = monotonicSeconds() - sent
        let at = next?.pointerAt
        #expect(at.map { abs($0.x - p.x) < 0.01 && abs($0.y - p.y) < 0.01 } ?? false,
                "the first frame after the motion to \(p) shows the pointer at \(String(describing: at))")

        // Memory and descriptors: the warm-up is the first half.
        soak.sample()
        let samples = soak.samples
        let warm = samples.first { $0.seconds >= soak.seconds / 2 } ?? samples.last!
        let end = samples.last!
        let peak = samples.filter { $0.seconds >= warm.seconds }.map(\.residentKB).max() ?? end.residentKB
        // The heap (RssAnon: not the wl_shm buffers, a third of which the window allocates when
        // the compositor holds two) less the render cache, which fills toward its bound (12 MiB
        // or more) over minutes of varied input: what else grows after the warm-up is a leak.
        #expect(end.netKB - warm.netKB <= maxGrowthKB, "heap less the render cache after the warm-up \(warm), at the end \(end): \(samples)")
        let targets = ProcessSample.fdTargets(app.pid).joined(separator: "\n")
        #expect(end.fds <= warm.fds, "descriptors after the warm-up \(warm.fds), at the end \(end.fds):\n\(targets)")
        let cpu = ((ProcessSample.cpuSeconds(app.pid) ?? 0) - cpu0.0, (ProcessSample.cpuSeconds(compositor.process.pid) ?? 0) - cpu0.1)
        func f(_ x: Double) -> String { "\((x * 10).rounded() / 10)" }
        print("soak-live \(name): \(Int(soak.elapsed)) s, seed \(seed); rss kB start \(samples[0].residentKB) warm-up \(warm.residentKB) "
              + "end \(end.residentKB) peak \(peak), heap less the render cache: warm-up \(warm.netKB) end \(end.netKB); fds start \(samples[0].fds) warm-up \(warm.fds) end \(end.fds); "
              + "cpu s lodestone \(f(cpu.0)) \(name) \(f(cpu.1)); next input drawn after \(f(answered * 1000)) ms; actions "
              + soak.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    }
}

/// What a soak thread takes along: the soak is used by that thread alone until it ends.
private struct SoakHandle: @unchecked Sendable { let soak: LiveSoak }

/// Runs `body` with `soak` on a thread of its own and awaits it, holding no thread of the test
/// pool while it runs.
private func onOwnThread(_ soak: LiveSoak, _ body: @escaping @Sendable (LiveSoak) throws -> Void) async throws {
    let handle = SoakHandle(soak: soak)
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
        let thread = Thread { done.resume(with: Result { try body(handle.soak) }) }
        thread.name = "live soak"
        thread.start()
    }
}
