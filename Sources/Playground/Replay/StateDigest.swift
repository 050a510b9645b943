// A digest of the engine's state after an event (SPEC T2: the same trace gives the same engine
// states). `lodestone record --report-states` prints one line per event while it feeds the live
// engine, `lodestone replay --report-states` one per replayed event; a record → replay round
// trip is correct when the two sequences are equal. The line names the readable parts (pointer,
// modifiers, gesture phase, scroll offsets, zoom, rotation, drag, selection) and ends with a
// hash of the whole render description, so any difference anywhere shows.
import PointerEngine

public struct EngineStateDigest: Equatable, Sendable, CustomStringConvertible {
    /// The event's trace type ("motion", "gesture" …) that led to this state.
    public var event: String
    public var time: Timestamp
    public var logicalPosition: Point
    public var drawnPosition: Point
    public var modifiers: Modifiers
    public var hovered: ElementID?
    package var gesture: GestureInterpreter.State
    public var pointerHidden: Bool
    public var isActive: Bool
    /// Scroll views and canvases: offset, zoom and rotation, in paint order.
    public var containers: [ContainerAppearance]
    public var drag: DragAppearance?
    public var selection: [ElementID]
    /// What the app made of the engine's outputs (activations, drops …).
    public var app: ShowcaseState
    public var outputCount: Int
    /// The whole render description (pointer shape, effects, accessories, indicators …).
    public var frame: Frame

    public init(after event: InputEvent, session: PlaygroundSession) {
        let e = session.engine
        self.event = TraceEventType(event.kind).rawValue
        time = e.now
        logicalPosition = e.logicalPosition
        drawnPosition = e.drawnPosition
        modifiers = e.modifiers
        hovered = e.hovered
        gesture = e.gestures.state
        pointerHidden = e.gestures.pointerHidden
        isActive = e.isActive
        frame = e.describe()
        containers = frame.containers
        drag = frame.drag
        selection = frame.elementStates.filter(\.isSelected).map(\.element)
        app = session.state
        outputCount = session.outputs.count
    }

    /// One line: readable fields, then a 64-bit FNV-1a hash of the full render description.
    /// Every part prints the same in every process (no hashed collections, shortest round-trip
    /// doubles), so lines from two runs compare as text.
    public var description: String {
        func p(_ v: Point) -> String { "(\(v.x), \(v.y))" }
        let mods = modifiers.names.joined(separator: "+")
        let scroll = containers.map { c in
            "\(c.element.rawValue):(\(c.transform.offset.dx), \(c.transform.offset.dy))x\(c.transform.zoom)@\(c.transform.rotation)"
        }.joined(separator: " ")
        let dragText = drag.map { d in "\(d.items.map(\.rawValue)) \(d.operation.map { "\($0)" } ?? "none")" } ?? "-"
        let appText = "seg \(app.segment) tab \(app.tab) closed \(app.closedTabs.sorted()) row \(app.sidebarRow) "
            + "playing \(app.isPlaying) drops \(app.drops) activations \(app.activations)"
        return "state \(event) t=\(time.rawValue) pointer=\(p(logicalPosition)) drawn=\(p(drawnPosition)) "
            + "mods=[\(mods)] hovered=\(hovered.map { "\($0.rawValue)" } ?? "-") gesture=\(gesture) "
            + "hidden=\(pointerHidden) active=\(isActive) containers=[\(scroll)] drag=\(dragText) "
            + "selection=\(selection.map(\.rawValue)) app=[\(appText)] outputs=\(outputCount) "
            + "frame=\(Self.fnv1a(String(describing: frame)))"
    }

    static func fnv1a(_ text: String) -> String { ByteDigest.fnv1a(text.utf8) }
}

/// Feeds a stream to a session made at the first event's time (as a replay does) and gives the
/// state digest after every event. The live recorder and the replayer both use it, so the two
/// sides differ only in where the events came from.
public final class StateReporter {
    private let layout: Layout?
    private let settings: PointerSettings
    public private(set) var session: PlaygroundSession?

    /// `layout` nil: the showcase.
    public init(layout: Layout?, settings: PointerSettings = PointerSettings()) {
        self.layout = layout; self.settings = settings
    }

    public func handle(_ event: InputEvent) -> EngineStateDigest {
        let s = session ?? PlaygroundSession(layout: layout, settings: settings, now: event.time)
        session = s
        s.handle(event)
        return EngineStateDigest(after: event, session: s)
    }
}
