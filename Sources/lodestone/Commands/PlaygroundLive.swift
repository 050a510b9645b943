// The live playground: the compositor's input (or a trace replayed at its pace, `lodestone
// replay`) → the pointer engine → the pixman renderer → the wl_shm window. One frame callback at a time (the window's scheduler); a frame is asked for
// when input arrives, while something animates, and at the engine's next deadline (auto-hide).
// The renderer's damage tracking decides what to repaint in each buffer from its age, and what
// it changed is the frame's damage (tracksOwnDamage). Input is drawn at once, without waiting
// for the frame callback (Window.requestImmediateFrame; issue 8, event → commit), and
// animations move only at frames drawn for the frame callback (AnimationClock.frames).
import WaylandClient
import PixmanRenderer
import PointerEngine
import Playground
import LibinputBackend
import InputPipeline
import Posix
#if canImport(Glibc)
import Glibc
#endif

enum PlaygroundLive {
    /// Now on CLOCK_MONOTONIC, the clock the seat stamps events with (SPEC T1).
    static func now() -> Timestamp { Timestamp(microseconds: MonotonicClock.microseconds()) }

    struct Options {
        var reportFrames = false
        /// Print only the first presented frame's line (`--latency-probe`: the bench's start signal,
        /// without a write per frame disturbing what it measures).
        var reportFirstFrame = false
        var frameLimit: Int?
        var stats = false
        /// Print each engine output (activations, drops …) on stdout: tests read them.
        var reportOutputs = false
        /// Print every event the engine gets (after merging the backends) as "input TRACE-LINE".
        var reportInput = false
        var input = InputPolicy.wayland
        /// Natural scrolling for the touchpads libinput reads (`--input libinput|both`, G1).
        var naturalScrolling = true
        /// Replay this trace instead of taking the compositor's input.
        var replay: LiveReplay?
        /// The window's size before the compositor decides (default: the layout's), points.
        var size: Size?
        /// Append one JSON line per committed frame to this file (`--state-out`).
        var stateOut: String?
        /// Key privacy of the stream the engine gets (InputPipeline, SPEC T3).
        var privacy = KeyPrivacy.redactText
        /// Sees every event the engine gets, after merging, just before the engine
        /// (`lodestone record` writes the trace here).
        var tap: ((InputEvent) -> Void)?
        /// Who draws the window's controls (issue 32.1, W1).
        var decorations = DecorationSetting.auto
        /// Where the window's own buttons go (issue 32.1, W1).
        var windowButtons = WindowButtonLayout.standard
    }

    /// Runs the session in a window until closed, a signal, or the compositor goes away.
    static func run(client: Client, session: PlaygroundSession, options: Options) -> Int32 {
        MemoryPolicy.keepFreedMemory()
        // Animations move at the frames the compositor shows, not at each input commit made
        // between them (issue 8). A replay keeps the trace's own clock (SPEC T2).
        if options.replay == nil { session.animationClock = .frames }
        let size = options.size ?? session.layout.size
        // The showcase lays out for any size down to its minimum; a layout file keeps its own.
        let min = ShowcaseGeometry.minimumSize
        let window = client.makeWindow(Window.Configuration(title: "Lodestone", defaultSize: (Int(size.width), Int(size.height)),
                                                            minimumSize: session.isShowcase ? (Int(min.width), Int(min.height)) : nil,
                                                            tracksOwnDamage: true, decorations: Window.DecorationRequest(options.decorations)))
        // Animation frames keep a spare buffer close to the newest frame, for the input commit
        // that finds the compositor holding the other two (issue 8).
        window.chain.spareRefreshAge = 3
        window.chain.spareAgeLimit = SceneRenderer.maxBufferAge - 2
        let cache = RenderCache()
        var stateFile: UnsafeMutablePointer<FILE>?
        if let path = options.stateOut {
            guard let f = fopen(path, "w") else {
                Diagnostics.error("cannot open \(path) for --state-out: \(String(cString: strerror(errno)))")
                return CLI.Status.failure
            }
            stateFile = f
        }
        defer { if let stateFile { fclose(stateFile) } }
        func compositorFacts() -> CompositorFacts {
            let d = client.dataDeviceManager
            var facts = CompositorFacts(drawsOwnPointer: window.configuration.drawsOwnPointer, compositorCursor: client.seat?.pointer?.cursorRequest,
                                        dataDeviceOffered: d.offered, dataDeviceBound: d.bound, hasDataDevice: d.device)
            facts.toplevelStates = window.toplevelStates.map(\.rawValue)
            facts.seatVersion = client.seat?.version
            facts.scrollDirection = client.seat?.pointer?.scrollDirection?.rawValue
            facts.preferredBufferScale = window.preferredBufferScale
            facts.preferredBufferTransform = window.preferredBufferTransform
            facts.decorations = window.decorationMode.rawValue
            facts.windowStates = window.toplevelStates.summaryNames
            facts.windowGeometry = window.windowGeometry.map { [$0.x, $0.y, $0.width, $0.height] }
            facts.cursorSource = client.seat?.pointer?.cursorSource
            facts.cursorShapeVersion = client.registry.boundVersions["wp_cursor_shape_manager_v1"]
            return facts
        }
        var reported = 0
        func report() {
            guard options.reportOutputs else { return }
            for o in session.outputs(after: reported) { writeLine("output \(o)") }
            reported = session.outputCount
        }
        // Wakes the loop at the engine's next deadline (auto-hide P5, prediction settling).
        let deadline = try? LoopTimer(loop: client.loop) { _ in
            guard !window.isSuspended else { return }
            session.advance(to: now())
            window.setNeedsDisplay()
        }
        // Asks the session, not a described frame: describing costs a frame's worth of work.
        func schedule() {
            // Suspended (xdg_wm_base 6): nothing animates or draws until it ends (issue 32.4).
            if window.isSuspended { return }
            if session.isAnimating {
                window.setNeedsDisplay()
            } else if let d = session.nextDeadline {
                let t = now()
                deadline?.arm(after: d > t ? d.seconds(since: t) : 0)
            }
        }
        // Drops from other applications (issue 18.3): the target under the offer answers.
        let drops = ExternalDropHandler(session: session, client: client, window: window) {
            report()
            window.requestImmediateFrame()
        }
        client.onKeyboardFocus = { drops.keyboardFocusChanged($0) }
        defer { client.onKeyboardFocus = nil }
        // Drags of our items out to other applications (issue 18.2).
        let dragOut = DragOutHandler(session: session, client: client, window: window) {
            report()
            window.requestImmediateFrame()
        }
        // The one input stage (issue 20.2): time, lifecycle, privacy, and `--input` (issue 4):
        // what each backend contributes.
        // The seat's and libinput's times go onto `now()`'s clock as they are dispatched: the
        // clock frames and deadlines advance with (KWin's fake input stamps its wall clock).
        // The window's own controls where the compositor draws none (issue 32.1, W1).
        let controls = WindowControls(window: window, session: session, layout: options.windowButtons)
        var pipeline = InputPipeline(policy: options.input, privacy: options.privacy)
        pipeline.notice = { Diagnostics.warning($0) }
        func feed(_ events: [InputEvent]) {
            guard !events.isEmpty else { return }
            for e in events {
                if options.reportInput, let line = try? TraceEncoder.line(for: e) { writeLine("input " + line) }
                options.tap?(e)
                session.handle(e)
                if case .modifiers = e.kind { drops.modifiersChanged() }
                if options.replay == nil { dragOut.observe(e) }
            }
            drops.inputHandled()
            report()
            controls.perform(session.takeWindowActions())
            window.requestImmediateFrame()
        }
        // A replay (`lodestone replay`) takes no input from the compositor.
        client.onInput = { event in if options.replay == nil { feed(pipeline.seat(event, now: now())) } }
        if options.replay == nil { client.onDataDevice = { drops.handle($0) } }
        defer { client.onDataDevice = nil }
        var libinput: LibinputBackend?
        if options.input != .wayland, options.replay == nil {
            do {
                let backend = try LibinputBackend(.defaultSeat, settings: DeviceSettings(touchpadNaturalScroll: options.naturalScrolling),
                                                  messages: { Diagnostics.warning("libinput: \($0)") })
                // Drained whenever readable, focused or not: xkb follows every key, and libinput's
                // queue never backs up; the pipeline drops what happens outside the surface.
                _ = client.loop.addSource(fd: backend.fileDescriptor, events: .readable) { _ in
                    let t = now()
                    feed(backend.drain().flatMap { pipeline.libinput($0, now: t) })
                }
                libinput = backend
            } catch {
                // LibinputError's text already says what to do (the `input` group, --input wayland).
                Diagnostics.error("\(error)")
                return CLI.Status.failure
            }
        }
        defer { _ = libinput }
        var drawnCornerRadius = 0.0
        window.draw = { ctx in
            if let replay = options.replay {
                replay.catchUp(session, wall: now())
            } else if !ctx.sharesFrameCallback {
                // A commit for input between two frames leaves animations where the last frame
                // put them; they move on when the frame callback asks for the next one.
                session.advance(to: now())
            }
            let b = ctx.buffer
            guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                      scale: ctx.scale, cache: cache) else { return }
            // What an older buffer missed is copied from the newest one, not repainted.
            let newest = ctx.newest.flatMap { n in
                Canvas(pixels: n.pixels, width: n.size.width, height: n.size.height, stride: n.stride, scale: ctx.scale, cache: cache)
            }
            // Rounded outer corners while the window decorates itself and floats (W1): every
            // buffer is repainted whole when the rounding changes, so none keeps the old corners.
            let radius = session.chrome.cornerRadius
            let rounding = radius != drawnCornerRadius
            if rounding { window.chain.invalidateContents() }
            drawnCornerRadius = radius
            session.render(into: canvas, bufferAge: ctx.isFullRepaint || rounding ? 0 : b.age, previous: rounding ? nil : newest)
            canvas.roundCorners(radius: radius, repainted: session.renderer.lastRepainted)
            // The compositor recomposes only what changed since the previous frame.
            window.reportDamage(session.renderer.lastFrameDamage.map { BufferRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
            client.latencyProbe?.noteRepaint(pixels: session.renderer.lastRepainted.reduce(0) { $0 + $1.area })
            writeState(number: ctx.frameNumber, scale: ctx.scale, size: ctx.logicalSize)
        }
        func writeState(number: Int, scale: Double, size: (width: Int, height: Int)) {
            guard let stateFile, let frame = session.lastFrame else { return }
            let line = StateReport.line(session, frame: frame, number: number, scale: scale,
                                        size: Size(width: Double(size.width), height: Double(size.height)),
                                        cacheBytes: cache.byteCount, facts: compositorFacts())
            fputs(line + "\n", stateFile)
            fflush(stateFile)
        }
        // Suspended (xdg_wm_base 6: another workspace, covered, minimized): no frame is drawn,
        // time is not advanced, no deadline wakes the loop; the state line saying so is written
        // as it begins (the frame number of the last frame committed). When it ends, time catches
        // up at once: momentum, springs and playback are where they would be had the window been
        // shown all along (they are functions of time, not of frames), and a frame is drawn.
        window.onSuspendedChanged = { suspended in
            if suspended {
                writeState(number: window.scheduler.committedFrames, scale: window.scale, size: window.logicalSize)
            } else {
                session.advance(to: now())
                window.setNeedsDisplay()
            }
        }
        window.onPresented = { frame in
            if options.reportFrames || (options.reportFirstFrame && frame.number == 1) { writeLine(frame.description) }
            report()
            if let limit = options.frameLimit, frame.number >= limit {
                client.loop.stop(.finished(code: CLI.Status.ok))
                return
            }
            if let replay = options.replay {
                // Every frame while the trace plays; then the last one stays until closed.
                if !replay.cursor.isFinished { window.setNeedsDisplay() } else { replay.announceEnd() }
                return
            }
            schedule()
        }
        // The compositor decides the window's size (a tiling layout, an output's new mode): the
        // showcase lays itself out again for it before the next frame is drawn (issue 17.1).
        window.onResize = {
            session.resize(to: Size(width: Double(window.logicalSize.width), height: Double(window.logicalSize.height)))
        }
        window.onStateChanged = { controls.update() }
        window.onClose = { client.loop.stop(.finished(code: CLI.Status.ok)) }
        return finish(client.loop.run(), window: window, stats: options.stats)
    }

    /// Prints the buffer statistics (--stats) and why the loop ended; the exit status.
    static func finish(_ reason: ExitReason, window: Window, stats: Bool) -> Int32 {
        if stats {
            let s = window.chain.statistics
            writeLine("buffers created \(s.created) submitted \(s.submitted) released \(s.released) max-in-flight \(s.maxInFlight) starved \(s.starved) writes-into-held \(s.writesIntoHeldBuffer)")
        }
        switch reason {
        case .finished, .signal: break
        case .connectionLost: Diagnostics.error("compositor connection lost")
        case .protocolError, .failure: Diagnostics.error("\(reason)")
        }
        return reason.exitCode
    }
}
