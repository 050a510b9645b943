// Soak (issue 8, reliability): a long seeded stream of input through the engine and the
// renderer, the way a session of heavy use would feed them — drags across the drop targets,
// band selections, momentum scrolls, swipes and pinches whose finger count changes, devices
// removed and re-added mid-gesture, modifier storms, touch and pointer interleaved, and plain
// chaos (random events, absurd coordinates) — cut into episodes that each end with ends or
// cancels. After every episode nothing may stay active (G7: no stuck drag, gesture, scrub or
// selection); the drawn pointer stays on the surface; every Nth 60 Hz frame is painted into
// one offscreen canvas with damage (buffer age 1), and at checkpoints that canvas must equal a
// full repaint. Memory is the caller's to sample (`progress`): `lodestone soak` does.
// Soak support is for the package's own tests and `lodestone soak` (`package` access), not part
// of Playground's API (issue 20.4).
import PointerEngine
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

package struct Soak {
    package struct Options: Sendable {
        /// Input events to feed (the episodes' events; frames are extra).
        package var events = 1_000_000
        package var seed: UInt64 = 1
        /// Paint every Nth frame (frames are 60 Hz of event time); 1 = every frame.
        package var renderEvery = 1
        /// How many times over the run the damage-painted canvas is compared with a full repaint.
        package var repaintChecks = 8
        package var scale = 1.0
        /// The render cache's byte bound for the run.
        package var cacheLimit = 8 << 20
        /// At every painted frame, the display list the session kept between frames
        /// (FrameComposer) must equal one built from scratch (issue 8's property test).
        package var checkDisplayList = false
        /// A fault planted in the display-list cache (its property test shows it is caught).
        package var touchFault = FrameComposer.TouchFault.none
        package init() {}
    }

    /// What happened, and everything that went wrong (first `problemLimit` described).
    package struct Report: Sendable {
        package var events = 0
        package var frames = 0
        package var rendered = 0
        package var episodes: [String: Int] = [:]
        package var drops = 0
        package var selectionChanges = 0
        package var pageChanges = 0
        package var activations = 0
        /// Engine outputs the session produced in all.
        package var outputs = 0
        /// Episodes after whose end or cancel something was still active.
        package var stuck = 0
        /// Checkpoints where animations had not settled 8 s after the last input.
        package var unsettled = 0
        package var offSurface = 0
        package var repaintChecks = 0
        package var repaintMismatches = 0
        /// Frames whose kept display list was compared with a fresh one, and how many differed.
        package var displayListChecks = 0
        package var displayListMismatches = 0
        /// Drops from another application the drag-and-drop episodes read (issue 18).
        package var externalDrops = 0
        /// Our items handed to the compositor by the drag-out episodes (issue 18).
        package var dragsOut = 0
        /// Answers to an offer that broke a rule (a non-target, an operation not offered or not
        /// taken, a preference outside what is taken).
        package var dndViolations = 0
        package var problems: [String] = []
        package var ok: Bool {
            stuck == 0 && unsettled == 0 && offSurface == 0 && repaintMismatches == 0 && displayListMismatches == 0 && dndViolations == 0
        }
        static let problemLimit = 12
        mutating func problem(_ s: String) { if problems.count < Report.problemLimit { problems.append(s) } }
    }

    package let options: Options
    package init(options: Options) { self.options = options }

    /// Runs the soak. `progress` is called with the number of events fed so far, every
    /// `progressEvery` events and once at the end (the canvases still alive).
    package func run(progressEvery: Int = 10_000, progress: (Int) -> Void = { _ in }) -> Report {
        let driver = SoakDriver(options: options)
        driver.run(progressEvery: progressEvery, progress: progress)
        return driver.report
    }
}

/// The devices of the soak's seat.
enum SoakDevice {
    static let mouse = DeviceID(1), touchpad = DeviceID(2), screen = DeviceID(3), keyboard = DeviceID(4)
    static let all: [(DeviceID, String, DeviceCapabilities)] = [
        (mouse, "mouse", .pointer), (touchpad, "touchpad", [.pointer, .gesture]),
        (screen, "touchscreen", .touch), (keyboard, "keyboard", .keyboard),
    ]
}

final class SoakDriver {
    typealias ID = Showcase.ID
    let options: Options
    typealias Options = Soak.Options
    let session = PlaygroundSession(now: Timestamp(rawValue: 0))
    var rng: SeededRandom
    var report = Soak.Report()
    var canvas: Canvas?
    /// Painted from scratch at the checkpoints (same cache: only the painting differs).
    var fullCanvas: Canvas?
    var fullRenderer: SceneRenderer?
    /// Event time, µs.
    var t: UInt64 = 0
    var nextFrame: UInt64 = 0
    static let frameInterval: UInt64 = 16_667
    var seenOutputs = 0
    var episode = "setup"
    var lastChecked = 0

    init(options: Options) {
        self.options = options
        rng = SeededRandom(seed: options.seed)
        session.composer.touchFault = options.touchFault
    }

    // MARK: helpers

    func pick<T>(_ xs: [T]) -> T { xs[Int(rng.next() % UInt64(xs.count))] }
    func chance(_ p: Double) -> Bool { rng.unit() < p }
    func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(rng.next() % UInt64(r.count)) }
    var size: Size { session.layout.size }

    func frame(_ id: ElementID) -> Rect {
        session.engine.surfaceFrame(of: id) ?? Rect(x: 0, y: 0, width: size.width, height: size.height)
    }
    func inside(_ r: Rect) -> Point {
        Point(r.minX + rng.uniform(0...max(0, r.width)), r.minY + rng.uniform(0...max(0, r.height)))
    }
    func anywhere() -> Point { Point(rng.uniform(0...size.width), rng.uniform(0...size.height)) }
    func ip(_ p: Point) -> InputPoint { InputPoint(x: p.x, y: p.y) }

    /// Feeds one event `ms` milliseconds after the previous one, running the frames between.
    func send(_ kind: InputEventKind, from dev: DeviceID, after ms: Double = 8) {
        t += UInt64(max(0, ms) * 1000)
        runFrames(upTo: t)
        session.handle(InputEvent(time: Timestamp(rawValue: t), device: dev, kind))
        report.events += 1
        let p = session.engine.drawnPosition
        if !(p.x >= 0 && p.x <= size.width && p.y >= 0 && p.y <= size.height) {
            report.offSurface += 1
            report.problem("event \(report.events) (\(episode)): drawn pointer \(p) off the \(size) surface")
        }
    }

    /// Lets `ms` milliseconds pass without input (animations, momentum, touch-hold timers).
    func wait(_ ms: Double) {
        t += UInt64(ms * 1000)
        runFrames(upTo: t)
        session.advance(to: Timestamp(rawValue: t))
    }

    func runFrames(upTo time: UInt64) {
        while nextFrame <= time {
            let n = report.frames
            report.frames += 1
            if n % options.renderEvery == 0 {
                session.advance(to: Timestamp(rawValue: nextFrame))
                render()
            }
            nextFrame += SoakDriver.frameInterval
        }
    }

    func render() {
        let canvas: Canvas
        if let c = self.canvas {
            canvas = c
            if options.checkDisplayList {
                checkDisplayList(on: canvas)
            } else {
                session.render(into: canvas, bufferAge: 1)
            }
        } else {
            let cache = RenderCache()
            // The cache is bounded by design; a small bound is reached within the warm-up, so
            // any growth after it is a leak, not the cache filling up.
            cache.byteLimit = options.cacheLimit
            canvas = Canvas(width: Int((size.width * options.scale).rounded()), height: Int((size.height * options.scale).rounded()),
                            scale: options.scale, cache: cache)
            self.canvas = canvas
            // Made now, before the warm-up ends, so it is not counted as growth.
            fullCanvas = Canvas(width: canvas.width, height: canvas.height, scale: options.scale, cache: cache)
            fullRenderer = SceneRenderer(background: Palette.window, cache: cache)
            session.render(into: canvas, bufferAge: 0)
        }
        report.rendered += 1
    }

    /// The kept display list equals a fresh one; then it is painted like any frame.
    func checkDisplayList(on canvas: Canvas) {
        let kept = session.displayItems(on: canvas)
        let fresh = session.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
        report.displayListChecks += 1
        if kept != fresh {
            report.displayListMismatches += 1
            let old = Dictionary(kept.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            let stale = fresh.filter { old[$0.id] != $0 }.map(\.id.description)
            report.problem("frame \(report.frames) (\(episode)): the kept display list differs from a fresh one"
                           + (stale.isEmpty ? " (order)" : " at \(stale.prefix(6).joined(separator: ", "))"))
        }
        // The composer's scene by its marks, as the window draws it.
        session.renderer.render(session.composer.scene, into: canvas, bufferAge: 1)
    }

    /// The damage-painted canvas equals a full repaint of the same frame.
    func checkRepaint() {
        guard let canvas else { return }
        session.render(into: canvas, bufferAge: 1)
        let full = fullCanvas ?? Canvas(width: canvas.width, height: canvas.height, scale: options.scale, cache: canvas.cache)
        let renderer = fullRenderer ?? SceneRenderer(background: Palette.window, cache: canvas.cache)
        fullCanvas = full
        fullRenderer = renderer
        renderer.render(session.displayItems(measure: { [full] in full.measure($0, font: $1) }), into: full, bufferAge: 0)
        report.repaintChecks += 1
        var differing = 0
        var first: (Int, Int)?
        // Whole rows compared first (memcmp); only differing rows pixel by pixel.
        let rowBytes = canvas.width * 4
        for y in 0..<canvas.height where memcmp(canvas.pixels + y * canvas.stride, full.pixels + y * full.stride, rowBytes) != 0 {
            for x in 0..<canvas.width where canvas.pixel(x: x, y: y) != full.pixel(x: x, y: y) {
                differing += 1
                if first == nil { first = (x, y) }
            }
        }
        if differing > 0 {
            report.repaintMismatches += 1
            report.problem("event \(report.events): \(differing) pixels of the damage-painted frame differ from a full repaint (first at \(first!))")
        }
    }

    func tallyOutputs() {
        for o in session.outputs(after: seenOutputs) {
            switch o {
            case .dropped: report.drops += 1
            case .selectionChanged: report.selectionChanges += 1
            case .pageChanged: report.pageChanges += 1
            case .activated: report.activations += 1
            default: break
            }
        }
        seenOutputs = session.outputCount
        report.outputs = seenOutputs
    }

    /// After an episode's ends and cancels: nothing may stay active.
    func checkIdle() {
        let e = session.engine
        // An offer or a drag out still held after the episode is as stuck as an engine drag.
        let dnd = [session.externalDrag.map { "offer \($0.offer)" }, session.outgoingDrag.map { "drag out of \($0.item)" }].compactMap { $0 }
        if e.isActive || !dnd.isEmpty {
            report.stuck += 1
            let who = e.interactions.filter(\.isActive).map(\.name) + dnd
            report.problem("event \(report.events): still active after '\(episode)' ended: \(who) text \(e.isSelectingText)")
            session.externalDrag = nil
            session.endDragOut(finished: false)
            // Recover so one stuck episode does not cascade into every later one.
            for (d, _, _) in SoakDevice.all { send(.deviceRemoved, from: d, after: 1) }
            addDevices()
        }
    }

    func addDevices() {
        for (d, name, caps) in SoakDevice.all { send(.deviceAdded(name: name, capabilities: caps), from: d, after: 1) }
    }

    // MARK: the run

    func run(progressEvery: Int, progress: (Int) -> Void) {
        addDevices()
        send(.pointerEnter(position: ip(anywhere())), from: SoakDevice.mouse)
        let checkEvery = max(1, options.events / max(1, options.repaintChecks))
        var nextCheck = checkEvery
        var nextProgress = progressEvery
        while report.events < options.events {
            let kinds: [(String, Double, () -> Void)] = [
                ("pointer drag", 0.14, pointerDrag),
                ("touch drag", 0.08, touchDrag),
                ("band selection", 0.10, bandSelection),
                ("momentum scroll", 0.12, momentumScroll),
                ("wheel", 0.06, wheel),
                ("gesture", 0.14, gesture),
                ("modifier storm", 0.08, modifierStorm),
                ("touches", 0.08, touches),
                ("external drag", 0.05, externalDrag),
                ("drag out", 0.03, dragOut),
                ("chaos", 0.12, chaos),
            ]
            var r = rng.unit()
            var chosen = kinds[kinds.count - 1]
            for k in kinds { if r < k.1 { chosen = k; break }; r -= k.1 }
            episode = chosen.0
            chosen.2()
            report.episodes[episode, default: 0] += 1
            checkIdle()
            tallyOutputs()
            if report.events >= nextCheck {
                nextCheck += checkEvery
                settleCheck()
                checkRepaint()
            }
            if report.events >= nextProgress {
                nextProgress += progressEvery
                progress(report.events)
            }
        }
        settleCheck()
        checkRepaint()
        tallyOutputs()
        progress(report.events)
        canvas = nil
        fullCanvas = nil
        fullRenderer = nil
    }

    /// Long after the last input every animation has come to rest.
    func settleCheck() {
        // Playing media never comes to rest (I3): a random click may have started the video.
        session.pauseVideo()
        wait(8000)
        let f = session.engine.describe()
        if !session.engine.isSettled || f.isAnimating {
            report.unsettled += 1
            let who = session.engine.interactions.filter(\.isAnimating).map(\.name)
            report.problem("event \(report.events): animations still running 8 s after '\(episode)': \(who)")
        }
    }
}
