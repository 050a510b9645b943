// `lodestone` / `lodestone playground`: the window with the showcase (or a layout file) driven
// by the compositor's input (PlaygroundLive.swift); `--first-frame` keeps the foundation's
// first frame (background and rounded-rect controls). With no compositor reachable it renders
// headless to PNG files and prints their paths.
import WaylandClient
import PixmanRenderer
import PointerEngine
import Playground
#if canImport(Glibc)
import Glibc
#endif

enum PlaygroundCommand {
    static let command = Command(name: "playground", usage: "[OPTIONS]",
                                 summary: "the showcase window (default); headless PNGs without a compositor",
                                 run: run)

    static let optionsHelp = """
          --display NAME    Wayland display to connect to (default $WAYLAND_DISPLAY)
          --layout FILE     a layout file (JSON, docs/layout-format.md) instead of the showcase
          --headless        render PNG files instead of opening a window
          --out DIR         directory for headless PNGs (default ./out)
          --size WxH        the showcase's window (or headless) size in points (default 1440x900; it lays
                            out for any size, min 640x480); first frame: headless size (default 720x480)
          --scale S[,S…]    headless scales (default 1,2)
        Settings (over $XDG_CONFIG_HOME/lodestone/settings.json):
          --generation modern|classic, --classic, --pointer-size 0.5-4, --pointer-color #RRGGBB[AA],
          --contrast-border on|off, --auto-hide SECONDS|never, --reduce-motion, --natural-scrolling on|off,
          --scroll-speed 0.1-10, --kinetic on|off, --magnetism on|off, --reserved "4-finger swipe,…",
          --input wayland|libinput|both, --conventions desktop|mac (what Ctrl, Alt, Super, Shift mean:
          desktop = Ctrl toggles, Shift extends, Ctrl copies, Ctrl+Shift links; mac = Control-click
          opens the menu, ⌘ toggles, ⌥ copies, ⌥⌘ links), --plain-drop move|ask (what a drop
          from another application does with no key held: move, or ask with a menu),
          --decorations auto|client|server (who draws the window's controls: auto takes the
          compositor's where it offers xdg-decoration, else Lodestone draws its own, as under GNOME),
          --window-buttons LEFT:RIGHT (where its own buttons go, GNOME's button-layout syntax:
          "appmenu:minimize,maximize,close" by default, "close,minimize,maximize:" at the left)
        Diagnostics:
          --first-frame     show the foundation's first frame instead of the showcase
          --report-outputs  print a line per engine output (activation, drop …) on stdout
          --report-input    print every event the engine gets (after --input merging) on stdout
          --report-frames   print a line per presented frame on stdout
          --state-out FILE  write one JSON line per committed frame to FILE: frame, scale, size, time_us,
                            animation_time_us (when its animations were sampled: input drawn between two
                            frames keeps the last frame's), pointer {at, drawn, opacity, bounds}, hovered,
                            effects [{element, kind, progress,
                            scale, frame, content, platter, shadow}], accessories [{glyph, center, size,
                            opacity}], drag, band, band_operation (replace|extend|toggle), band_visible
                            (the band inside its viewport), selection, menu {element, at, frame, items}
                            (an open context menu, inside the window), revealed {id: opacity},
                            offsets {id: [x, y]}, drops [{items, target, operation, input}], activations,
                            playback {id: {time, playing}} (each scrubber's playhead, seconds), conventions,
                            animating, layout {size, columns, hud_docked, hud_shown, content_offset,
                            content_max_offset} (the showcase; null for a layout file),
                            external_drag {offer, mime_types, source_operations, at, target,
                            accepted_type, operations, preferred, negotiated, negotiated_at_us}
                            (another application's drag over the window), external_drop {target,
                            mime_type, operation, bytes, digest|error} (the last one read),
                            external_drop_count, drag_out / last_drag_out {item, input, mime_types,
                            source_operations, accepted_type, negotiated, negotiated_at_us, phase,
                            home, sent [{mime_type, bytes, digest}]} (an item dragged to another
                            application; digests are FNV-1a 64 of the bytes), external_keys_reached
                            (a modifier change reached the window during a drag between
                            applications), removed (items moved out), engine_active (a button,
                            touch, drag, band, gesture or scrub in progress) and active (the
                            interactions holding it, by name), render_cache_bytes (what the render
                            cache's images hold), cursor {drawn_by (lodestone|compositor),
                            compositor_cursor (hidden|a cursor-shape name|a theme cursor's name|
                            null before the pointer entered), source (cursor-shape-v1|xcursor|
                            null), shape_manager (wp_cursor_shape_manager_v1's bound version or
                            null)}, data_device {offered, bound (wl_data_device_manager's
                            versions, null when missing), device (the seat's wl_data_device)},
                            decorations (client|server|none: who draws the window's controls),
                            window_controls [{kind (close|minimize|maximize|resize-EDGE), frame}]
                            (Lodestone's own, surface points), window_states (maximized, fullscreen,
                            tiled, activated, suspended, resizing: the newest configure's),
                            window_geometry [x, y, width, height] (set_window_geometry: the whole
                            surface, no shadow or margin).
                            Element ids and rects (points) only: no labels, keys or text (T3)
          --frames N        exit 0 after N presented frames
          --animate         first frame: redraw every frame (a dot sweeps across the card)
          --stats           print buffer statistics on stdout at exit
          --latency-probe FILE  record event → commit → presentation times, written to FILE at exit
                            (lodestone bench latency reads it); prints the first presented frame's
                            line, the bench's signal to start
        """

    struct Options {
        var display: String?
        var headless = false
        var out = "out"
        var size = (width: 720, height: 480)
        /// --size was given (the showcase then starts at that size, not 1440×900).
        var sizeGiven = false
        var layout: String?
        var firstFrame = false
        var reportOutputs = false
        var reportInput = false
        var settings = AppSettings()
        var scales: [Double] = [1, 2]
        var reportFrames = false
        var frameLimit: Int?
        var animate = false
        var stats = false
        var stateOut: String?
        var latencyProbe: String?
    }

    static func parse(_ args: [String]) throws(ArgumentError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        while let a = reader.next() {
            switch a {
            case "--display": o.display = try reader.value(a)
            case "--headless": o.headless = true
            case "--out": o.out = try reader.value(a)
            case "--size":
                o.size = try reader.value(a, wants: "WIDTHxHEIGHT in points (1 to 16384)") { v in
                    let parts = v.split(separator: "x").compactMap { Int($0) }
                    return parts.count == 2 && parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) ? (parts[0], parts[1]) : nil
                }
                o.sizeGiven = true
            case "--scale":
                o.scales = try reader.value(a, wants: "numbers above 0, at most 8, separated by commas") { v in
                    let s = v.split(separator: ",").compactMap { Double($0) }
                    return !s.isEmpty && s.count == v.split(separator: ",").count && s.allSatisfy({ $0 > 0 && $0 <= 8 }) ? s : nil
                }
            case "--report-frames": o.reportFrames = true
            case "--frames": o.frameLimit = try reader.integer(a, 1...)
            case "--animate": o.animate = true; o.firstFrame = true
            case "--first-frame": o.firstFrame = true
            case "--report-outputs": o.reportOutputs = true
            case "--report-input": o.reportInput = true
            case "--layout": o.layout = try reader.value(a)
            case "--stats": o.stats = true
            case "--state-out": o.stateOut = try reader.value(a)
            case "--latency-probe": o.latencyProbe = try reader.value(a)
            default: throw ArgumentReader.unknown(a)
            }
        }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        var options: Options
        do {
            let (settings, rest) = try PlaygroundSetup.settings(args)
            options = try parse(rest)
            options.settings = settings
        } catch let error as SettingsError {
            Diagnostics.error("\(error)")
            return CLI.Status.usage
        } catch let error as ArgumentError {
            Diagnostics.error("\(error) (see lodestone --help)")
            return CLI.Status.usage
        } catch {
            return CLI.Status.usage
        }
        var session: PlaygroundSession?
        if !options.firstFrame {
            let size = options.sizeGiven ? Size(width: Double(options.size.width), height: Double(options.size.height)) : nil
            switch PlaygroundSetup.session(layoutPath: options.layout, settings: options.settings, size: size) {
            case .success(let s): session = s
            case .failure(let status): return status.code
            }
        }
        if options.headless { return renderHeadless(options, session: session) }

        let loop = EventLoop()
        let client: Client
        do {
            client = try Client(displayName: options.display, loop: loop)
        } catch {
            if case .connect = error, options.display == nil {
                // No compositor reachable: still show what the playground looks like.
                Diagnostics.warning("\(error); rendering headless instead")
                return renderHeadless(options, session: session)
            }
            Diagnostics.error("\(error)")
            return error.exitCode
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("\(error)")
            return CLI.Status.failure
        }
        if options.latencyProbe != nil { client.latencyProbe = LatencyProbe() }
        defer {
            if let path = options.latencyProbe, let probe = client.latencyProbe, !writeFile(path, probe.text) {
                Diagnostics.error("cannot write the latency record to \(path): \(String(cString: strerror(errno)))")
            }
        }
        if let session {
            return PlaygroundLive.run(client: client, session: session, options: PlaygroundLive.Options(
                reportFrames: options.reportFrames, reportFirstFrame: options.latencyProbe != nil, frameLimit: options.frameLimit, stats: options.stats,
                reportOutputs: options.reportOutputs, reportInput: options.reportInput, input: options.settings.inputBackend,
                naturalScrolling: options.settings.naturalScrolling, stateOut: options.stateOut, decorations: options.settings.decorations,
                windowButtons: options.settings.windowButtons))
        }
        return runWindow(client: client, options: options)
    }

    static func runWindow(client: Client, options: Options) -> Int32 {
        // The renderer finds what changed (only the marker's old and new places) and repaints
        // from the buffer's age; its damage is the frame's damage_buffer.
        let window = client.makeWindow(Window.Configuration(title: "Lodestone", defaultSize: options.size, tracksOwnDamage: true))
        let renderer = SceneRenderer(background: FirstFrame.background)
        window.draw = { ctx in
            let b = ctx.buffer
            guard let canvas = Canvas(pixels: b.pixels, width: b.size.width, height: b.size.height,
                                      stride: b.stride, scale: ctx.scale, cache: renderer.cache) else { return }
            let m = options.animate ? FirstFrame.marker(frame: ctx.frameNumber) : nil
            renderer.render(FirstFrame.items(marker: m), into: canvas, bufferAge: ctx.isFullRepaint ? 0 : b.age)
            window.reportDamage(renderer.lastFrameDamage.map { BufferRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        }
        window.onPresented = { frame in
            if options.reportFrames { writeLine(frame.description) }
            if let limit = options.frameLimit, frame.number >= limit {
                client.loop.stop(.finished(code: CLI.Status.ok))
                return
            }
            if options.animate { window.setNeedsDisplay() }
        }
        return PlaygroundLive.finish(client.loop.run(), window: window, stats: options.stats)
    }

    /// Renders the frame at every requested scale to PNG files; prints each path.
    static func renderHeadless(_ options: Options, session: PlaygroundSession?) -> Int32 {
        if let session {
            return PlaygroundSetup.renderHeadless(session, out: options.out, scales: options.scales,
                                                  name: options.layout == nil ? "showcase" : "layout")
        }
        return PlaygroundSetup.writePNGs(out: options.out, scales: options.scales, name: "first-frame") { scale in
            let canvas = Canvas(width: Int((Double(options.size.width) * scale).rounded()),
                                height: Int((Double(options.size.height) * scale).rounded()), scale: scale)
            FirstFrame.draw(on: canvas)
            return canvas
        }
    }
}

/// Writes a line to stdout unbuffered: tests wait for these lines on a pipe.
func writeLine(_ text: String) { Diagnostics.write(text + "\n", to: 1) }

/// Writes `text` to `path` (created or truncated); false with errno set on failure.
func writeFile(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "w") else { return false }
    let ok = fputs(text, f) >= 0
    return fclose(f) == 0 && ok
}
