// Headless replay (SPEC T2): an event stream → the engine → PNG frames at a fixed frame rate,
// plus a contact sheet of every Nth frame. Frame times come from the trace, never from a clock,
// so the same trace always gives byte-identical PNGs.
import PointerEngine
import PixmanRenderer

public struct HeadlessReplay {
    public struct Options: Sendable {
        /// Canvas size in points (nil: the layout's).
        public var size: Size?
        public var scale: Double = 1
        public var fps: Double = 30
        /// Extra time rendered after the last event so animations can settle, seconds.
        public var tail: Double = 0.6
        /// Tiles of the contact sheet across, and its tile width in points.
        public var sheetColumns = 4
        public var sheetTileWidth = 460.0
        /// Most tiles on the contact sheet (every Nth frame is chosen to fit).
        public var sheetTiles = 16
        public init() {}
    }

    /// One written frame.
    public struct FrameFile: Sendable { public var path: String; public var time: Timestamp }

    public let options: Options
    public init(options: Options) { self.options = options }

    /// The frame times: from the first event to the last plus the tail, every 1/fps s.
    public func frameTimes(for events: [InputEvent]) -> [Timestamp] {
        guard let first = events.first?.time, let last = events.last?.time else { return [] }
        let step = UInt64((1e6 / options.fps).rounded())
        let end = last.rawValue + UInt64(options.tail * 1e6)
        var out: [Timestamp] = []
        var t = first.rawValue
        while t <= end { out.append(Timestamp(rawValue: t)); t += step }
        return out
    }

    /// Renders `events` through `session`, calling `write` with each frame's canvas and index
    /// (0-based). Returns the frame times and the display lists of the frames on the contact
    /// sheet.
    public func run(_ events: [InputEvent], session: PlaygroundSession,
                    write: (Canvas, Int, Timestamp) throws -> Void) rethrows -> [(Int, Timestamp, [DisplayItem])] {
        var cursor = ReplayCursor(events, times: frameTimes(for: events))
        let times = cursor.times
        // The showcase is laid out for the frame's size, as the live window lays it out for the
        // size the compositor gives (issue 17.1).
        if let size = options.size { session.resize(to: size) }
        let size = options.size ?? session.layout.size
        let canvas = Canvas(width: Int((size.width * options.scale).rounded()), height: Int((size.height * options.scale).rounded()),
                            scale: options.scale)
        let every = max(1, (times.count + options.sheetTiles - 1) / options.sheetTiles)
        var sheet: [(Int, Timestamp, [DisplayItem])] = []
        while let (i, t) = cursor.step(session) {
            // Every frame is painted from scratch: the PNG depends on this frame only.
            session.render(into: canvas, bufferAge: 0)
            try write(canvas, i, t)
            if i % every == 0 { sheet.append((i, t, session.composer.scene.items)) }
        }
        return sheet
    }

    /// The contact sheet: the chosen frames as tiles with their frame number and time.
    public func contactSheet(_ frames: [(Int, Timestamp, [DisplayItem])], layoutSize: Size, start: Timestamp) -> Canvas {
        let size = options.size ?? layoutSize
        let tileScale = options.sheetTileWidth / size.width
        let tile = Size(options.sheetTileWidth, (size.height * tileScale).rounded())
        let label = 22.0, gap = 12.0
        let cols = max(1, min(options.sheetColumns, frames.count))
        let rows = max(1, (frames.count + cols - 1) / cols)
        let sheetSize = Size(gap + Double(cols) * (tile.width + gap), gap + Double(rows) * (tile.height + label + gap))
        let s = options.scale
        let sheet = Canvas(width: Int((sheetSize.width * s).rounded()), height: Int((sheetSize.height * s).rounded()), scale: s)
        sheet.clear(Color(hex: 0x2C2C2E))
        for (k, f) in frames.enumerated() {
            let origin = Point(gap + Double(k % cols) * (tile.width + gap), gap + Double(k / cols) * (tile.height + label + gap))
            let thumb = Canvas(width: Int((tile.width * s).rounded()), height: Int((tile.height * s).rounded()), scale: tileScale * s,
                               cache: sheet.cache)
            SceneRenderer(background: Palette.window, cache: sheet.cache).render(f.2, into: thumb, bufferAge: 0)
            sheet.draw(thumb, at: origin)
            let seconds = f.1.seconds(since: start)
            sheet.draw("frame \(f.0 + 1) · \(fmt(seconds, 2)) s", font: .system(11), at: Point(origin.x + 2, origin.y + tile.height + 15),
                       Color.white.withAlpha(0.85))
        }
        return sheet
    }
}

/// Steps a session through events along a grid of frame times: at each time, the events up to
/// it, then the engine's clock. Headless replay renders every step; the live window renders the
/// step its clock has reached. Both make the same engine calls, so they end on the same frame
/// (SPEC T2).
public struct ReplayCursor: Sendable {
    public let times: [Timestamp]
    let events: [InputEvent]
    var nextEvent = 0
    public private(set) var nextStep = 0

    public init(_ events: [InputEvent], times: [Timestamp]) { self.events = events; self.times = times }

    public var isFinished: Bool { nextStep >= times.count }
    /// The time of the next step; nil when every step has run.
    public var nextTime: Timestamp? { isFinished ? nil : times[nextStep] }

    /// Runs the next step; returns its index and time, nil when finished.
    public mutating func step(_ session: PlaygroundSession) -> (Int, Timestamp)? {
        guard let t = nextTime else { return nil }
        while nextEvent < events.count, events[nextEvent].time <= t {
            session.handle(events[nextEvent])
            nextEvent += 1
        }
        session.advance(to: t)
        nextStep += 1
        return (nextStep - 1, t)
    }
}
