// `lodestone events`: a live inspector of the normalised input stream (issue 3, SPEC T1), like
// wev or libinput debug-events but one line per semantic event, with the modifiers in effect
// and finger counts. It opens a small window so the compositor gives it pointer and keyboard
// focus, and draws the live state there (EventsView). Text keys print as "private" unless
// --keep-keys (SPEC T3).
import InputProtocol
import InputPipeline
import Playground
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum EventsCommand {
    static let command = Command(name: "events", usage: "[--backend wayland|libinput] [--json] [--keep-keys] [--accept-drops] [--decorations auto|client|server] [--display NAME]",
                                 summary: "live inspector of the normalized input stream", run: run)

    static let help = """
        usage: lodestone events [--backend wayland|libinput] [--json] [--keep-keys] [--accept-drops]
                                [--decorations auto|client|server] [--display NAME]
          Prints each input event Lodestone receives, one line per semantic event.
          --backend wayland   the compositor's seat through a small window (default)
          --backend libinput  devices read directly, no compositor needed; see --backend libinput --help
          --json              JSON lines in the trace format (Protocols/lodestone-input-v1.md)
          --keep-keys         keep text keys' identity (default: they print as "private", SPEC T3),
                              and show the text of a drop taken with --accept-drops
          --accept-drops      be a drop target: take a drag's first type by copy, read it and
                              print its size (default: drags are only noted, and refused)
          --decorations auto|client|server  who draws the window's title bar: auto takes the
                              compositor's where it offers xdg-decoration, else a title strip of its own
          --display NAME      Wayland display (default $WAYLAND_DISPLAY)
        """

    struct Options {
        var backend = "wayland"
        var json = false
        var privacy = KeyPrivacy.redactText
        var display: String?
        var acceptDrops = false
        /// Who draws the window's controls (issue 32.1, W1): the flag, else the settings file's.
        var decorations: DecorationSetting?
    }

    static func parse(_ args: [String]) throws(ArgumentError) -> Options {
        var o = Options()
        var reader = ArgumentReader(args)
        while let a = reader.next() {
            switch a {
            case "--backend": o.backend = try reader.value(a, wants: "wayland or libinput") { ["wayland", "libinput"].contains($0) ? $0 : nil }
            case "--json": o.json = true
            case "--keep-keys": o.privacy = .keepKeys
            case "--accept-drops": o.acceptDrops = true
            case "--display": o.display = try reader.value(a)
            case "--decorations": o.decorations = try reader.value(a, wants: "auto, client or server") { DecorationSetting(rawValue: $0) }
            default: throw ArgumentReader.unknown(a)
            }
        }
        return o
    }

    static func run(_ args: [String]) -> Int32 {
        if let i = args.firstIndex(of: "--backend"), args.dropFirst(i + 1).first == "libinput" {
            return LibinputEventsCommand.run(args)   // issue 4: Commands/LibinputEvents.swift
        }
        if args.contains("--help") || args.contains("-h") { print(help); return CLI.Status.ok }
        let options: Options
        do { options = try parse(args) } catch {
            Diagnostics.error("events: \(error)\n\(help)")
            return CLI.Status.usage
        }
        return runWayland(options)
    }

    private static func runWayland(_ options: Options) -> Int32 {
        let loop = EventLoop()
        let client: Client
        do { client = try Client(displayName: options.display, loop: loop) } catch {
            Diagnostics.error("events: \(error)")
            return error.exitCode
        }
        do { try loop.stopOnTerminationSignals() } catch {
            Diagnostics.error("events: \(error)")
            return CLI.Status.failure
        }
        let status = inspect(client, options)
        client.onInput = nil
        client.onDataDevice = nil
        client.onSeatChanged = nil
        return status
    }

    /// Runs the window until the loop stops. The window lives in this frame only: it must go
    /// before the client it belongs to.
    private static func inspect(_ client: Client, _ options: Options) -> Int32 {
        let loop = client.loop
        let view = EventsView()
        // The settings file's decorations and windowButtons (W1); an inspector runs without them.
        var settings = AppSettings()
        do { settings = try PlaygroundSetup.settings([]).0 } catch { Diagnostics.warning("events: \(error); the window's controls take their defaults") }
        let window = client.makeWindow(Window.Configuration(title: "Lodestone events", defaultSize: (480, 320), drawsOwnPointer: false,
                                                            decorations: Window.DecorationRequest(options.decorations ?? settings.decorations)))
        // Its own title strip where the compositor draws none (issue 32.1, W1).
        let strip = TitleStrip(window: window, title: "Lodestone events", layout: settings.windowButtons)
        window.draw = { ctx in
            view.draw(ctx, top: strip.contentTop)
            strip.draw(ctx)
        }
        window.onStateChanged = { strip.update() }
        window.onClose = { loop.stop(.finished(code: CLI.Status.ok)) }

        var lines = InspectorLine()
        if options.json {
            let header = TraceHeader(privacy: options.privacy,
                                     meta: ["generator": "lodestone \(CLI.version) events", "backend": "wayland"])
            writeLine(TraceEncoder.headerLine(header))
        }
        var refused = 0
        // The seat's events through the one input stage (issue 20.2): time, privacy (T1, T3).
        var pipeline = InputPipeline(privacy: options.privacy)
        client.onInput = { [weak window] raw in
            for event in pipeline.seat(raw, now: PlaygroundLive.now()) {
                strip.handle(event)
                view.apply(event)
                window?.setNeedsDisplay()
                let line = lines.line(for: event)
                if let line { view.show(line) }
                if options.json {
                    do throws(TraceError.Reason) {
                        writeLine(try TraceEncoder.line(for: event, privacy: options.privacy))
                    } catch {
                        // The seat never emits such values; say so rather than write a bad trace.
                        refused += 1
                        if refused <= 3 { Diagnostics.warning("events: event left out of the trace: \(error) (\(event))") }
                    }
                } else if let line {
                    writeLine(line)
                }
            }
        }
        // Drag and drop over the window (issue 18.5): noted, never read (T3), and refused unless
        // --accept-drops (an inspector is no drop target: a source's move must not delete).
        weak let shown = window
        func note(_ event: DataDeviceEvent) {
            let line = lines.line(for: event)
            view.show(line)
            shown?.setNeedsDisplay()
            writeLine(options.json ? lines.json(for: event) : line)
        }
        client.onDataDevice = { [weak client] event in
            note(event)
            guard options.acceptDrops, let device = client?.seat?.dataDevice else { return }
            switch event.kind {
            case .enter:
                guard let offer = device.drag else { return }
                offer.accept(offer.mimeTypes.first)
                offer.setActions(.all, preferred: .copy)
            case .drop:
                guard let offer = device.takeDropped(), let type = offer.mimeTypes.first else { return }
                offer.receive(type) { result in
                    if offer.action == .ask { offer.setActions(.copy, preferred: .copy) }
                    if case .success = result { offer.finish() }
                    let received = DataReceived(time: DataDeviceEvent.now(), offer: offer.id, mimeType: type, result: result,
                                                showText: options.privacy == .keepKeys)
                    let line = lines.line(for: received)
                    view.show(line)
                    shown?.setNeedsDisplay()
                    writeLine(options.json ? lines.json(for: received) : line)
                }
            default: break
            }
        }
        client.onSeatChanged = { seat in
            if seat == nil { Diagnostics.warning("events: the seat went away: input is unavailable") }
        }
        if client.seat == nil {
            // weston headless, for example: keep the window up in case a seat appears later.
            Diagnostics.warning("events: the compositor has no seat: input is unavailable")
        }
        let reason = loop.run()
        if reason.exitCode != 0 { Diagnostics.error(reason.description) }
        return reason.exitCode
    }

    /// One line to stdout with a single write(2): a reader on a pipe sees each event as it
    /// happens (stdio would hold it in a block buffer).
    static func writeLine(_ text: String) {
        Diagnostics.write(text + "\n", to: 1)
    }
}
