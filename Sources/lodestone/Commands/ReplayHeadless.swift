// `lodestone replay TRACE --headless --out DIR [--size WxH] [--scale S] [--fps N] [--every N]`
// (issue 7, SPEC T2): the trace through the engine and renderer to PNG frames
// (DIR/frame-00001.png …) and a contact sheet (DIR/contact-sheet.png) — the same trace always
// gives byte-identical files. A malformed trace or layout: an error naming file:line, exit 2.
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
    }

    static let optionsHelp = """
          --layout FILE     replay over a layout file instead of the showcase
          --headless        render PNG frames instead of a window
          --out DIR         where the frames and contact-sheet.png go (headless)
          --size WxH        frame size in points (default: the layout's)
          --scale S         buffer scale (default 1)
          --fps N           frames per second of trace time (default 30)
          --every N         the contact sheet shows every Nth frame (default: up to 16 tiles)
        """

    static func parse(_ args: [String]) throws(SettingsError) -> Options {
        var o = Options()
        let (settings, rest) = try PlaygroundSetup.settings(args)
        o.settings = settings
        var i = 0
        func value(_ flag: String) throws(SettingsError) -> String {
            i += 1
            guard i < rest.count else { throw SettingsError("needs a value", file: flag) }
            return rest[i]
        }
        func number(_ flag: String, _ range: ClosedRange<Double>) throws(SettingsError) -> Double {
            let v = try value(flag)
            guard let d = Double(v), range.contains(d) else {
                throw SettingsError("wants a number between \(range.lowerBound) and \(range.upperBound), got '\(v)'", file: flag)
            }
            return d
        }
        while i < rest.count {
            let a = rest[i]
            switch a {
            case "--layout": o.layout = try value(a)
            case "--headless": o.headless = true
            case "--out": o.out = try value(a)
            case "--size":
                let v = try value(a)
                let p = v.split(separator: "x").compactMap { Double($0) }
                guard p.count == 2, p.allSatisfy({ $0 >= 16 && $0 <= 16384 }) else {
                    throw SettingsError("wants WIDTHxHEIGHT in points, got '\(v)'", file: a)
                }
                o.replay.size = Size(p[0], p[1])
            case "--scale": o.replay.scale = try number(a, 0.25...8)
            case "--fps": o.replay.fps = try number(a, 1...240)
            case "--every": o.every = Int(try number(a, 1...100_000))
            default:
                if a.hasPrefix("-") || o.trace != nil { throw SettingsError("unknown argument '\(a)' (see lodestone --help)", file: "replay") }
                o.trace = a
            }
            i += 1
        }
        return o
    }

    /// Runs the headless replay; prints the directory, the frame count and the contact sheet.
    static func run(_ o: Options) -> Int32 {
        guard let tracePath = o.trace else {
            Diagnostics.error("replay: which trace? (lodestone replay TRACE --headless --out DIR)")
            return CLI.Status.usage
        }
        guard let out = o.out else {
            Diagnostics.error("replay --headless needs --out DIR")
            return CLI.Status.usage
        }
        let events: [InputEvent]
        switch TraceFile.load(tracePath) {
        case .success(let e): events = e
        case .failure(let status): return status.code
        }
        let session: PlaygroundSession
        switch PlaygroundSetup.session(layoutPath: o.layout, settings: o.settings, now: events.first?.time ?? Timestamp(rawValue: 0)) {
        case .success(let s): session = s
        case .failure(let status): return status.code
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
