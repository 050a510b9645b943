// The live playground: the compositor's input (or a trace replayed at its pace, `lodestone
// replay`) → the pointer engine → the pixman renderer → the wl_shm window. One frame callback at a time (the window's scheduler); a frame is asked for
// when input arrives, while something animates, and at the engine's next deadline (auto-hide).
// The renderer's damage tracking decides what to repaint in each buffer from its age.
import WaylandClient
import PixmanRenderer
import PointerEngine
import Playground
import LibinputBackend
#if canImport(Glibc)
import Glibc
#endif

enum PlaygroundLive {
    /// Now on CLOCK_MONOTONIC, the clock the seat stamps events with (SPEC T1).
    static func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Timestamp(microseconds: UInt64(ts.tv_sec) * 1_000_000 + UInt64(ts.tv_nsec) / 1000)
    }

    struct Options {
        var reportFrames = false
        var frameLimit: Int?
        var stats = false
        /// Print each engine output (activations, drops …) on stdout: tests read them.
        var reportOutputs = false
        var input = InputBackendChoice.wayland
        /// Replay this trace instead of taking the compositor's input.
        var replay: LiveReplay?
        /// The window's size before the compositor decides (default: the layout's), points.
        var size: Size?
    }

    /// Which events of each backend the engine takes: with `both`, libinput gives the touchpad
    /// gestures (every finger count, holds) and the compositor everything else; with
    /// `libinput`, the compositor only says where the pointer entered.
    static func accepts(_ e: InputEvent, fromLibinput: Bool, choice: InputBackendChoice) -> Bool {
        let isGesture: Bool = { if case .gesture = e.kind { return true }; return false }()
        switch choice {
        case .wayland: return !fromLibinput
        case .both: return fromLibinput ? isGesture : !isGesture
        case .libinput:
            if fromLibinput { return true }
            switch e.kind {
            case .pointerEnter, .pointerLeave: return true
            default: return false
            }
        }
    }

    /// Runs the session in a window until closed, a signal, or the compositor goes away.
    static func run(client: Client, session: PlaygroundSession, options: Options) -> Int32 {
        let size = options.size ?? session.layout.size
        let window = client.makeWindow(Window.Configuration(title: "Lodestone", defaultSize: (Int(size.width), Int(size.height))))
        let cache = RenderCache()
        var reported = 0
        func report() {
            guard options.reportOutputs else { return }
            let all = session.outputs
            while reported < all.count { writeLine("output \(all[reported])"); reported += 1 }
        }
        // Wakes the loop at the engine's next deadline (auto-hide P5, prediction settling).
        let deadline = try? LoopTimer(loop: client.loop) { _ in
            session.advance(to: now())
            window.setNeedsDisplay()
        }
        func schedule(_ frame: Frame) {
            if frame.isAnimating {
                window.setNeedsDisplay()
            } else if let d = frame.nextDeadline {
                let t = now()
                deadline?.arm(after: d > t ? Double(d.rawValue - t.rawValue) / 1e6 : 0)
            }
        }
        client.onInput = { event in
            guard options.replay == nil, accepts(event, fromLibinput: false, choice: options.input) else { return }
            session.handle(event)
            report()
            window.setNeedsDisplay()
        }
        var libinput: LibinputBackend?
        if options.input != .wayland, options.replay == nil {
            do {
                let backend = try LibinputBackend(.defaultSeat, messages: { Diagnostics.warning("libinput: \($0)") })
                _ = client.loop.addSource(fd: backend.fileDescriptor, events: .readable) { _ in
                    // libinput devices have their own ids; keep them apart from the seat's.
                    for var e in backend.drain() where accepts(e, fromLibinput: true, choice: options.input) {
                        e.device = DeviceID(e.device.rawValue | 0x1000)
                        e.time = max(e.time, session.engine.now)
                        session.handle(e)
                    }
                    report()
                    window.setNeedsDisplay()
                }
                libinput = backend
            } catch {
                Diagnostics.error("\(error) — add yourself to the 'input' group, or use --input wayland")
                return CLI.Status.failure
            }
        }
        defer { _ = libinput }
        window.draw = { ctx in
            if let replay = options.replay { replay.catchUp(session, wall: now()) } else { session.advance(to: now()) }
            let b = ctx.buffer
            guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height, stride: b.stride,
                                      scale: ctx.scale, cache: cache) else { return }
            session.render(into: canvas, bufferAge: ctx.isFullRepaint ? 0 : b.age)
        }
        window.onPresented = { frame in
            if options.reportFrames { writeLine(frame.description) }
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
            schedule(session.engine.describe())
        }
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
