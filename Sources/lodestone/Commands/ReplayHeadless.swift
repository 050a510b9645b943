// `lodestone replay TRACE --headless --out DIR [--size WxH] [--scale S] [--fps N] [--every N]`
// (issue 7, SPEC T2): the trace through the engine and renderer to PNG frames
// (DIR/frame-00001.png …) and a contact sheet (DIR/contact-sheet.png) — the same trace always
// gives byte-identical files. A trace with no events writes nothing and exits 0. A malformed trace or layout: an error naming file:line, exit 2.
import WaylandClient
import PixmanRenderer
import PointerEngine
import Playground
#if canImport(Glibc)
import Glibc
#endif

enum ReplayHeadless {
    struct Options {
        var trace: String?
        var layout: String?
        var headless = false
        var out: String?
        var replay = HeadlessReplay.Options()
        var every: Int?
        var settings = AppSettings()
        /// Live replay: trace time runs this many times faster than the wall clock.
        var speed = 1.0
        /// Live replay: print a line per presented frame.
        var reportFrames = false
    }

    static let optionsHelp = """
          --layout FILE     replay over a layout file instead of the showcase
          --speed X         live replay: X times the recorded pace (default 1)
          --headless        render PNG frames instead of a window
          --out DIR         where the frames and contact-sheet.png go (headless)
          --size WxH        frame size in points (default: the layout's)
          --scale S         buffer scale (default 1)
          --fps N           frames per second of trace time (default 30; live: engine steps)
          --every N         the contact sheet shows every Nth frame (default: up to 16 tiles)
          --print, --json   print the events (readable, or as trace lines) instead; --realtime at their pace
        """

    /// The options; a SettingsError (a settings flag) or an ArgumentError (the others) names what is wrong.
    static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        let (settings, rest) = try PlaygroundSetup.settings(args)
        o.settings = settings
        var reader = ArgumentReader(rest)
        while let a = reader.next() {
            switch a {
            case "--layout": o.layout = try reader.value(a)
            case "--headless": o.headless = true
            case "--out": o.out = try reader.value(a)
            case "--size":
                o.replay.size = try reader.value(a, wants: "WIDTHxHEIGHT in points (16 to 16384)") { v in
                    let p = v.split(separator: "x").compactMap { Double($0) }
                    return p.count == 2 && p.allSatisfy({ $0 >= 16 && $0 <= 16384 }) ? Size(p[0], p[1]) : nil
                }
            case "--scale": o.replay.scale = try reader.number(a, 0.25...8)
            case "--fps": o.replay.fps = try reader.number(a, 1...240)
            case "--every": o.every = try reader.integer(a, 1...100_000)
            case "--speed": o.speed = try reader.number(a, 0.05...100)
            case "--report-frames": o.reportFrames = true
            default:
                if ArgumentReader.isOption(a) { throw ArgumentReader.unknown(a) }
                guard o.trace == nil else { throw ArgumentError("takes one trace, got '\(o.trace!)' and '\(a)'") }
                o.trace = a
            }
        }
        return o
    }

    /// The trace's events (decoded whole first, SPEC T4) and a session over the layout that
    /// starts at the trace's first time. What is wrong is printed; the exit status comes back.
    static func load(_ o: Options) -> Result<(trace: String, events: [InputEvent], session: PlaygroundSession), ExitStatus> {
        guard let trace = o.trace else {
            Diagnostics.error("replay: which trace? (usage: lodestone replay \(ReplayCommand.command.usage))")
            return .failure(ExitStatus(code: CLI.Status.usage))
        }
        switch TraceFile.load(trace) {
        case .failure(let status): return .failure(status)
        case .success(let events):
            return PlaygroundSetup.session(layoutPath: o.layout, settings: o.settings, size: o.replay.size,
                                           now: events.first?.time ?? Timestamp(rawValue: 0))
                .map { (trace, events, $0) }
        }
    }

    /// Runs the headless replay; prints the directory, the frame count and the contact sheet.
    static func run(_ o: Options) -> Int32 {
        guard let out = o.out else {
            Diagnostics.error("replay --headless needs --out DIR")
            return CLI.Status.usage
        }
        let events: [InputEvent], session: PlaygroundSession
        switch load(o) {
        case .success(let loaded): (events, session) = (loaded.events, loaded.session)
        case .failure(let status): return status.code
        }
        // A header-only trace is valid (T4) but has nothing to draw: say so, write nothing, and
        // succeed, as replaying an empty recording is not an error (issue 17.7).
        guard !events.isEmpty else {
            print("\(o.trace ?? "trace"): no events: no frames written")
            return CLI.Status.ok
        }
        guard makeOutputDirectory(out) else { return CLI.Status.failure }
        var opts = o.replay
        let replay = HeadlessReplay(options: opts)
        let frameCount = replay.frameTimes(for: events).count
        if let every = o.every { opts.sheetTiles = max(1, (frameCount + every - 1) / every) }
        let r = HeadlessReplay(options: opts)
        do {
            let sheet = try r.run(events, session: session) { canvas, i, _ in
                try canvas.writePNG(to: "\(out)/frame-\(pad(i + 1)).png")
            }
            try r.contactSheet(sheet, layoutSize: session.layout.size, start: events.first?.time ?? Timestamp(rawValue: 0))
                .writePNG(to: "\(out)/contact-sheet.png")
        } catch {
            Diagnostics.error("cannot write \(error)")
            return CLI.Status.failure
        }
        print("\(frameCount) frames in \(out)/ (frame-\(pad(1)).png … frame-\(pad(frameCount)).png)")
        print("\(out)/contact-sheet.png")
        return CLI.Status.ok
    }

    static func pad(_ n: Int) -> String {
        let s = "\(n)"
        return String(repeating: "0", count: max(0, 5 - s.count)) + s
    }
}
