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
        /// (DisplayListCache) must equal one built from scratch (issue 8's property test).
        package var checkDisplayList = false
        /// A fault planted in the display-list cache (its property test shows it is caught).
        package var touchFault = DisplayListCache.TouchFault.none
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
        package var problems: [String] = []
        package var ok: Bool { stuck == 0 && unsettled == 0 && offSurface == 0 && repaintMismatches == 0 && displayListMismatches == 0 }
        static let problemLimit = 12
        mutating func problem(_ s: String) { if problems.count < Report.problemLimit { problems.append(s) } }
    }

    package let options: Options
    package init(options: Options) { self.options = options }

    /// Runs the soak. `progress` is called with the number of events fed so far, every
    /// `progressEvery` events and once at the end (the canvases still alive).
    package func run(progressEvery: Int = 10_000, progress: (Int) -> Void = { _ in }) -> Report {
        let driver = Driver(options: options)
        driver.run(progressEvery: progressEvery, progress: progress)
        return driver.report
    }
}

/// The devices of the soak's seat.
private enum Dev {
    static let mouse = DeviceID(1), touchpad = DeviceID(2), screen = DeviceID(3), keyboard = DeviceID(4)
    static let all: [(DeviceID, String, DeviceCapabilities)] = [
        (mouse, "mouse", .pointer), (touchpad, "touchpad", [.pointer, .gesture]),
        (screen, "touchscreen", .touch), (keyboard, "keyboard", .keyboard),
    ]
}

private final class Driver {
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
        session.displayCache.touchFault = options.touchFault
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
            nextFrame += Driver.frameInterval
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
        session.renderer.render(kept, into: canvas, bufferAge: 1)
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
        if e.isActive {
            report.stuck += 1
            let who = e.interactions.filter(\.isActive).map(\.name)
            report.problem("event \(report.events): still active after '\(episode)' ended: \(who) text \(e.isSelectingText)")
            // Recover so one stuck episode does not cascade into every later one.
            for (d, _, _) in Dev.all { send(.deviceRemoved, from: d, after: 1) }
            addDevices()
        }
    }

    func addDevices() {
        for (d, name, caps) in Dev.all { send(.deviceAdded(name: name, capabilities: caps), from: d, after: 1) }
    }

    // MARK: the run

    func run(progressEvery: Int, progress: (Int) -> Void) {
        addDevices()
        send(.pointerEnter(position: ip(anywhere())), from: Dev.mouse)
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
                ("chaos", 0.20, chaos),
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

    // MARK: episodes

    func move(to p: Point, steps: Int, from dev: DeviceID = Dev.mouse, ms: Double = 8) {
        let from = session.engine.logicalPosition
        for k in 1...max(1, steps) {
            let q = from.lerp(to: p, Double(k) / Double(max(1, steps)))
            if dev == Dev.touchpad {
                let d = q - session.engine.logicalPosition
                send(.motion(position: nil, delta: InputVector(dx: d.dx, dy: d.dy), unaccelerated: InputVector(dx: d.dx, dy: d.dy)), from: dev, after: ms)
            } else {
                send(.motion(position: ip(q), delta: .zero, unaccelerated: .zero), from: dev, after: ms)
            }
        }
    }

    func randomModifiers() -> ModifierState {
        let m = Modifiers(rawValue: UInt8(rng.next() % 16))
        return ModifierState(depressed: m, locked: chance(0.1) ? .capsLock : [])
    }

    /// Re-adds a removed device after a while (a replugged mouse, a touchpad back from suspend).
    func replug(_ dev: DeviceID) {
        send(.deviceRemoved, from: dev, after: 4)
        let (_, name, caps) = Dev.all.first { $0.0 == dev }!
        send(.deviceAdded(name: name, capabilities: caps), from: dev, after: Double(int(5...200)))
    }

    func pointerDrag() {
        let dev = chance(0.5) ? Dev.mouse : Dev.touchpad
        let source = frame(pick(ID.draggables))
        move(to: inside(source.insetBy(4)), steps: int(2...8), from: dev)
        if chance(0.4) { send(.modifiers(randomModifiers()), from: Dev.keyboard) }
        send(.button(.left, pressed: true), from: dev, after: 30)
        let target = chance(0.8) ? frame(pick(ID.dropTargets)).center : anywhere()
        let steps = int(6...30)
        let from = session.engine.logicalPosition
        for k in 1...steps {
            let q = from.lerp(to: target, Double(k) / Double(steps))
            move(to: q, steps: 1, from: dev, ms: Double(int(4...20)))
            // Modifiers change mid-drag (copy/move/link), sometimes many times.
            if chance(0.15) { send(.modifiers(randomModifiers()), from: Dev.keyboard, after: 2) }
            if chance(0.02) { send(.pointerLeave, from: dev); send(.pointerEnter(position: ip(q)), from: dev) }
        }
        if chance(0.3) { wait(Double(int(50...900))) } // hover over the target (spring-loading)
        switch rng.next() % 10 {
        case 0: replug(dev)                                     // the device goes away mid-drag
        case 1: // the keyboard holding the modifiers goes away mid-drag, then the drop
            replug(Dev.keyboard)
            send(.button(.left, pressed: false), from: dev, after: 20)
        default: send(.button(.left, pressed: false), from: dev, after: 20)
        }
        send(.modifiers(.none), from: Dev.keyboard)
        if chance(0.5) { wait(Double(int(100...600))) } // the drop / cancel animation
    }

    func touchDrag() {
        let source = frame(pick(ID.draggables))
        var p = inside(source.insetBy(4))
        if chance(0.3) { send(.modifiers(randomModifiers()), from: Dev.keyboard) }
        send(.touchDown(id: 1, position: ip(p)), from: Dev.screen)
        send(.touchFrame, from: Dev.screen, after: 0)
        wait(Double(int(300...800))) // a touch drag starts after a short hold
        let target = chance(0.8) ? frame(pick(ID.dropTargets)).center : anywhere()
        let steps = int(6...24)
        let from = p
        for k in 1...steps {
            p = from.lerp(to: target, Double(k) / Double(steps))
            send(.touchMotion(id: 1, position: ip(p)), from: Dev.screen, after: Double(int(4...16)))
            // Touch and pointer interleaved: the mouse moves while a finger drags.
            if chance(0.2) { move(to: anywhere(), steps: 1, from: Dev.mouse) }
            if chance(0.05) { send(.touchDown(id: 2, position: ip(anywhere())), from: Dev.screen); send(.touchUp(id: 2), from: Dev.screen) }
            if chance(0.1) { send(.modifiers(randomModifiers()), from: Dev.keyboard, after: 2) }
        }
        switch rng.next() % 8 {
        case 0: send(.touchCancel, from: Dev.screen)
        case 1: replug(Dev.screen)
        default: send(.touchUp(id: 1), from: Dev.screen)
        }
        send(.touchFrame, from: Dev.screen, after: 0)
        send(.modifiers(.none), from: Dev.keyboard)
    }

    func bandSelection() {
        let dev = chance(0.7) ? Dev.mouse : Dev.touchpad
        let c = frame(ID.collection)
        let start = chance(0.5) ? Point(c.minX + rng.uniform(1...6), c.minY + rng.uniform(1...6)) : inside(c)
        move(to: start, steps: int(1...4), from: dev)
        if chance(0.3) { send(.modifiers(ModifierState(depressed: pick([.shift, .control, .super]))), from: Dev.keyboard) }
        send(.button(.left, pressed: true), from: dev, after: 30)
        // Sometimes past the collection's edge: the band autoscrolls.
        let end = chance(0.3) ? Point(c.minX + rng.uniform(-40...(c.width + 40)), c.maxY + rng.uniform(0...60)) : inside(c)
        move(to: end, steps: int(4...24), from: dev, ms: Double(int(4...16)))
        if chance(0.3) { wait(Double(int(50...700))) }
        switch rng.next() % 10 {
        case 0: replug(dev)
        case 1: send(.key(KeyCode(rawValue: 1), pressed: true), from: Dev.keyboard); send(.key(KeyCode(rawValue: 1), pressed: false), from: Dev.keyboard)
                send(.button(.left, pressed: false), from: dev, after: 20)
        default: send(.button(.left, pressed: false), from: dev, after: 20)
        }
        send(.modifiers(.none), from: Dev.keyboard)
    }

    func scrollTargets() -> [ElementID] {
        [ID.list, ID.collection, ID.pages, ID.canvas, ID.sidebar, ID.text, ID.tabContent]
    }

    func momentumScroll() {
        move(to: inside(frame(pick(scrollTargets()))), steps: int(1...3), from: Dev.touchpad)
        let axes: [ScrollAxis] = chance(0.7) ? [.vertical] : chance(0.5) ? [.horizontal] : [.vertical, .horizontal]
        let speed = rng.uniform(-40...40)
        for _ in 0..<int(4...30) {
            for a in axes {
                send(.scroll(source: .finger, axis: a, value: speed * rng.uniform(0.5...1.5), value120: nil, stop: false), from: Dev.touchpad, after: 0)
            }
            send(.frame, from: Dev.touchpad, after: Double(int(6...12)))
        }
        switch rng.next() % 10 {
        case 0: replug(Dev.touchpad)
        default:
            for a in axes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: Dev.touchpad, after: 0) }
            send(.frame, from: Dev.touchpad, after: 0)
        }
        // Momentum runs; sometimes a click or a new touch of the fingers interrupts it.
        wait(Double(int(30...1500)))
        if chance(0.2) { send(.button(.left, pressed: true), from: Dev.touchpad); send(.button(.left, pressed: false), from: Dev.touchpad, after: 40) }
        if chance(0.1) {
            send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: Dev.touchpad)
            send(.frame, from: Dev.touchpad, after: 0)
        }
    }

    func wheel() {
        move(to: inside(frame(pick(scrollTargets()))), steps: int(1...3))
        for _ in 0..<int(1...12) {
            let detents = Int32(pick([-2, -1, 1, 1, 2]))
            let axis: ScrollAxis = chance(0.8) ? .vertical : .horizontal
            if chance(0.3) { send(.modifiers(ModifierState(depressed: pick([.control, .shift, []]))), from: Dev.keyboard) }
            send(.scroll(source: .wheel, axis: axis, value: Double(detents) * 15, value120: detents * 120, stop: false), from: Dev.mouse, after: Double(int(5...60)))
            send(.frame, from: Dev.mouse, after: 0)
        }
        send(.modifiers(.none), from: Dev.keyboard)
    }

    func gesture() {
        let area = pick([ID.pages, ID.canvas, ID.collection, ID.list, ID.image, ID.text])
        move(to: inside(frame(area)), steps: int(1...3), from: Dev.touchpad)
        let kind: GestureKind = pick([.swipe, .swipe, .pinch, .pinch, .hold])
        let fingers = kind == .pinch ? pick([2, 2, 3, 4]) : pick([2, 3, 3, 4, 4, 5])
        send(.gesture(GestureEvent(kind: kind, phase: .begin, fingers: fingers)), from: Dev.touchpad)
        var scale = 1.0
        let direction = InputVector(dx: rng.uniform(-30...30), dy: rng.uniform(-30...30))
        for _ in 0..<(kind == .hold ? 0 : int(2...40)) {
            // A finger-count change mid-gesture reaches the engine as an update with another count.
            let f = chance(0.04) ? int(1...5) : fingers
            scale = max(0.05, min(8, scale * rng.uniform(0.85...1.18)))
            send(.gesture(GestureEvent(kind: kind, phase: .update, fingers: f,
                                       delta: InputVector(dx: direction.dx * rng.uniform(0.3...1.3), dy: direction.dy * rng.uniform(0.3...1.3)),
                                       scale: scale, rotation: rng.uniform(-6...6))), from: Dev.touchpad, after: Double(int(6...14)))
            if chance(0.04) { send(.modifiers(randomModifiers()), from: Dev.keyboard, after: 1) }
            if chance(0.03) { move(to: anywhere(), steps: 1, from: Dev.mouse) }
        }
        switch rng.next() % 10 {
        case 0: replug(Dev.touchpad) // device removed mid-gesture: no end ever comes
        case 1, 2: send(.gesture(GestureEvent(kind: kind, phase: .end, fingers: fingers, cancelled: true)), from: Dev.touchpad)
        default: send(.gesture(GestureEvent(kind: kind, phase: .end, fingers: fingers)), from: Dev.touchpad)
        }
        send(.modifiers(.none), from: Dev.keyboard)
        wait(Double(int(0...700))) // page / zoom settling
    }

    func modifierStorm() {
        for _ in 0..<int(20...120) {
            switch rng.next() % 6 {
            case 0, 1, 2: send(.modifiers(randomModifiers()), from: Dev.keyboard, after: Double(int(0...12)))
            case 3: move(to: anywhere(), steps: 1, from: pick([Dev.mouse, Dev.touchpad]))
            case 4: send(.key(KeyCode(rawValue: UInt32(pick([29, 42, 56, 125, 58, 1, 103, 108]))), pressed: chance(0.5)), from: Dev.keyboard)
            default:
                let dev = pick([Dev.mouse, Dev.touchpad])
                send(.button(.left, pressed: true), from: dev)
                send(.button(.left, pressed: false), from: dev, after: Double(int(10...120)))
            }
        }
        if chance(0.1) { replug(Dev.keyboard) }
        send(.modifiers(.none), from: Dev.keyboard)
    }

    func touches() {
        var down: [TouchID] = []
        for _ in 0..<int(4...40) {
            if down.isEmpty || (down.count < 5 && chance(0.3)) {
                let id = TouchID(int(0...9))
                if !down.contains(id) { down.append(id); send(.touchDown(id: id, position: ip(anywhere())), from: Dev.screen) }
            } else if chance(0.25) {
                let id = down.remove(at: int(0...(down.count - 1)))
                send(.touchUp(id: id), from: Dev.screen)
            } else {
                send(.touchMotion(id: pick(down), position: ip(anywhere())), from: Dev.screen)
            }
            send(.touchFrame, from: Dev.screen, after: 0)
            if chance(0.25) { move(to: anywhere(), steps: 1, from: pick([Dev.mouse, Dev.touchpad])) }
            if chance(0.05) { send(.button(.left, pressed: true), from: Dev.mouse); send(.button(.left, pressed: false), from: Dev.mouse) }
            if chance(0.1) { wait(Double(int(50...600))) }
        }
        switch rng.next() % 4 {
        case 0: send(.touchCancel, from: Dev.screen)
        case 1: replug(Dev.screen)
        default: for id in down { send(.touchUp(id: id), from: Dev.screen) }
        }
        send(.touchFrame, from: Dev.screen, after: 0)
    }

    /// Random events of every kind, absurd values included, then ends, cancels or unplugging.
    func chaos() {
        var buttons: [(DeviceID, PointerButton)] = []
        var touchIDs: [TouchID] = []
        var gesture: (GestureKind, Int)?
        var fingerAxes: Set<ScrollAxis> = []
        for _ in 0..<int(4...60) {
            let dev = pick([Dev.mouse, Dev.touchpad])
            let ms = chance(0.03) ? rng.uniform(0...3000) : rng.uniform(0...40)
            switch rng.next() % 12 {
            case 0, 1, 2:
                var p = anywhere()
                if chance(0.02) { p = Point(pick([-1e9, .infinity, .nan, 1e12]), rng.uniform(-100...1000)) }
                send(.motion(position: chance(0.5) ? ip(p) : nil, delta: InputVector(dx: rng.uniform(-80...80), dy: rng.uniform(-80...80)),
                             unaccelerated: .zero), from: dev, after: ms)
            case 3:
                let b = pick([PointerButton.left, .right, .middle])
                if let i = buttons.firstIndex(where: { $0.1 == b }), chance(0.7) {
                    send(.button(b, pressed: false), from: buttons[i].0, after: ms); buttons.remove(at: i)
                } else {
                    send(.button(b, pressed: true), from: dev, after: ms); buttons.append((dev, b))
                }
            case 4:
                let source = pick(ScrollSource.allCases), axis = pick(ScrollAxis.allCases), stop = chance(0.2)
                let d = source == .finger ? Dev.touchpad : Dev.mouse
                if source == .finger { if stop { fingerAxes.remove(axis) } else { fingerAxes.insert(axis) } }
                send(.scroll(source: source, axis: axis, value: stop ? 0 : rng.uniform(-60...60),
                             value120: source == .wheel ? Int32(pick([-120, 120, 60, -30])) : nil, stop: stop), from: d, after: ms)
                send(.frame, from: d, after: 0)
            case 5, 6:
                if let g = gesture {
                    if chance(0.2) {
                        gesture = nil
                        send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1, cancelled: chance(0.4))), from: Dev.touchpad, after: ms)
                    } else {
                        send(.gesture(GestureEvent(kind: g.0, phase: .update, fingers: chance(0.1) ? int(1...5) : g.1,
                                                   delta: InputVector(dx: rng.uniform(-30...30), dy: rng.uniform(-30...30)),
                                                   scale: rng.uniform(0.2...4), rotation: rng.uniform(-20...20))), from: Dev.touchpad, after: ms)
                    }
                } else {
                    let g = (pick(GestureKind.allCases), int(2...5))
                    gesture = g
                    send(.gesture(GestureEvent(kind: g.0, phase: .begin, fingers: g.1)), from: Dev.touchpad, after: ms)
                }
            case 7, 8:
                if touchIDs.isEmpty || chance(0.3) {
                    let id = TouchID(int(0...4))
                    if !touchIDs.contains(id) { touchIDs.append(id) }
                    send(.touchDown(id: id, position: ip(anywhere())), from: Dev.screen, after: ms)
                } else if chance(0.3) {
                    let id = touchIDs.remove(at: int(0...(touchIDs.count - 1)))
                    send(.touchUp(id: id), from: Dev.screen, after: ms)
                } else {
                    send(.touchMotion(id: pick(touchIDs), position: ip(anywhere())), from: Dev.screen, after: ms)
                }
            case 9:
                send(.modifiers(randomModifiers()), from: Dev.keyboard, after: ms)
            case 10:
                send(chance(0.5) ? .pointerLeave : .pointerEnter(position: ip(anywhere())), from: dev, after: ms)
            default:
                send(.key(KeyCode(rawValue: UInt32(pick([1, 103, 108, 57]))), pressed: chance(0.5)), from: Dev.keyboard, after: ms)
            }
        }
        switch rng.next() % 3 {
        case 0: // proper ends
            for (d, b) in buttons { send(.button(b, pressed: false), from: d) }
            for id in touchIDs { send(.touchUp(id: id), from: Dev.screen) }
            if let g = gesture { send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1)), from: Dev.touchpad) }
            for a in fingerAxes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: Dev.touchpad) }
        case 1: // cancels
            send(.touchCancel, from: Dev.screen)
            if let g = gesture { send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1, cancelled: true)), from: Dev.touchpad) }
            for a in fingerAxes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: Dev.touchpad) }
            for (d, b) in buttons { send(.button(b, pressed: false), from: d) }
        default: // every device goes away, then comes back
            for (d, _, _) in Dev.all { send(.deviceRemoved, from: d, after: 2) }
            addDevices()
        }
        send(.modifiers(.none), from: Dev.keyboard)
        send(.pointerEnter(position: ip(anywhere())), from: Dev.mouse)
    }
}
