import Testing
@testable import PointerEngine

/// A scripted user and clock around an engine, in the spirit of litest: events read like the
/// behaviour, time only moves when the test says so.
struct Scenario {
    var engine: Engine
    var clock = Timestamp(rawValue: 1_000_000)
    let mouse = DeviceID(1)
    let trackpad = DeviceID(2)
    let touchscreen = DeviceID(3)
    let keyboard = DeviceID(4)

    init(_ layout: Layout, settings: PointerSettings = PointerSettings(), interactions: [any Interaction] = StandardInteractions.make()) {
        engine = Engine(layout: layout, settings: settings, interactions: interactions, now: clock)
        send(.deviceAdded(name: "mouse", capabilities: .pointer), from: mouse)
        send(.deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture]), from: trackpad)
        send(.deviceAdded(name: "touchscreen", capabilities: .touch), from: touchscreen)
        send(.deviceAdded(name: "keyboard", capabilities: .keyboard), from: keyboard)
    }

    mutating func send(_ kind: InputEventKind, from dev: DeviceID? = nil) {
        engine.handle(InputEvent(time: clock, device: dev ?? mouse, kind))
    }

    mutating func wait(_ seconds: Double) {
        clock = Timestamp(rawValue: clock.rawValue + UInt64((seconds * 1e6).rounded()))
        engine.advance(to: clock)
    }

    mutating func enter(at p: Point) { send(.pointerEnter(position: InputPoint(x: p.x, y: p.y))) }

    /// Moves in `steps` motion events over `duration` seconds, in a straight line.
    mutating func move(to p: Point, duration: Double = 0.1, steps: Int = 10, from dev: DeviceID? = nil) {
        let start = engine.logicalPosition
        for i in 1...steps {
            clock = Timestamp(rawValue: clock.rawValue + UInt64((duration / Double(steps) * 1e6).rounded()))
            let q = start.lerp(to: p, Double(i) / Double(steps))
            let prev = start.lerp(to: p, Double(i - 1) / Double(steps))
            send(.motion(position: InputPoint(x: q.x, y: q.y), delta: InputVector(dx: q.x - prev.x, dy: q.y - prev.y),
                         unaccelerated: .zero), from: dev)
        }
    }

    mutating func press(_ b: PointerButton = .left) { send(.button(b, pressed: true)) }
    mutating func release(_ b: PointerButton = .left) { send(.button(b, pressed: false)) }

    mutating func frame() -> Frame { engine.frame(now: clock) }

    /// The fixtures' layout with the pointer entered over empty space and a second gone by.
    static func entered() -> Scenario {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(600, 560))
        s.wait(1)
        return s
    }

    /// The outputs since the last drain that `keep` picks (activations, drops …).
    mutating func drained(_ keep: (EngineOutput) -> Bool) -> [EngineOutput] { engine.drainOutputs().filter(keep) }
}

/// A toolbar of four bar buttons, an icon, a card, a row, a text area, a resize handle and a graph.
enum Fixtures {
    static let toolbar = ElementID(1)
    static let buttons = (2...5).map { ElementID(Int32($0)) }
    static let icon = ElementID(10)
    static let card = ElementID(11)
    static let row = ElementID(12)
    static let text = ElementID(13)
    static let handle = ElementID(14)
    static let graph = ElementID(15)
    static let plainButton = ElementID(16)
    static let scroll = ElementID(20)
    static let paged = ElementID(30)
    static let canvas = ElementID(40)
    static let collection = ElementID(50)
    static let items = (51...58).map { ElementID(Int32($0)) }
    static let dropAny = ElementID(60)
    static let dropMoveOnly = ElementID(61)
    static let scrubber = ElementID(70)
    static let reveal = ElementID(80)
    static let revealed = [ElementID(81), ElementID(82)]

    static func layout() -> Layout {
        var bar = [LayoutNode]()
        for (i, id) in buttons.enumerated() {
            bar.append(LayoutNode(Element(id: id, kind: .barButton, frame: Rect(x: 20 + Double(i) * 44, y: 10, width: 36, height: 28),
                                          cornerRadius: 6, label: "B\(i)")))
        }
        let rows = (0..<10).map { i in
            LayoutNode(Element(id: ElementID(Int32(100 + i)), kind: .row, frame: Rect(x: 0, y: Double(i) * 50, width: 360, height: 44)))
        }
        let items = items.enumerated().map { i, id in
            LayoutNode(Element(id: id, kind: .collectionItem, frame: Rect(x: 10 + Double(i % 4) * 95, y: 10 + Double(i / 4) * 90, width: 80, height: 60),
                               cornerRadius: 8, traits: ElementTraits(isDraggable: true)))
        }
        return try! Layout(size: Size(1200, 800), [
            LayoutNode(Element(id: toolbar, kind: .toolbar, frame: Rect(x: 10, y: 4, width: 400, height: 40)), bar),
            LayoutNode(Element(id: icon, kind: .icon, frame: Rect(x: 100, y: 200, width: 60, height: 60), cornerRadius: 14)),
            LayoutNode(Element(id: card, kind: .card, frame: Rect(x: 400, y: 200, width: 300, height: 180), cornerRadius: 16,
                               traits: ElementTraits(contextMenu: ["Open", "Share"]))),
            LayoutNode(Element(id: row, kind: .row, frame: Rect(x: 400, y: 420, width: 300, height: 44))),
            LayoutNode(Element(id: text, kind: .textArea, frame: Rect(x: 100, y: 400, width: 240, height: 160),
                               traits: ElementTraits(text: TextMetrics(lineHeight: 20)))),
            LayoutNode(Element(id: handle, kind: .resizeHandle, frame: Rect(x: 740, y: 300, width: 8, height: 40),
                               traits: ElementTraits(resizeAxis: .horizontal))),
            LayoutNode(Element(id: graph, kind: .graph, frame: Rect(x: 500, y: 60, width: 200, height: 100),
                               traits: ElementTraits(graph: GraphAxes(x: 0...10, y: 0...100)))),
            LayoutNode(Element(id: plainButton, kind: .button, frame: Rect(x: 250, y: 200, width: 80, height: 32),
                               cornerRadius: 8, hasBezel: true)),
            LayoutNode(Element(id: scroll, kind: .scrollView, frame: Rect(x: 820, y: 20, width: 360, height: 300),
                               traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(360, 1200)))), rows),
            LayoutNode(Element(id: paged, kind: .pagedView, frame: Rect(x: 820, y: 340, width: 360, height: 200),
                               traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(1080, 200), axes: .horizontal, isPaged: true)))),
            LayoutNode(Element(id: canvas, kind: .canvas, frame: Rect(x: 20, y: 620, width: 300, height: 160),
                               traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(600, 320), axes: .both,
                                                                                  minimumZoom: 0.5, maximumZoom: 4, allowsRotation: true)))),
            LayoutNode(Element(id: collection, kind: .collection, frame: Rect(x: 340, y: 620, width: 400, height: 160),
                               traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(400, 400)))), items),
            LayoutNode(Element(id: dropAny, kind: .dropTarget, frame: Rect(x: 760, y: 620, width: 100, height: 70), cornerRadius: 10,
                               traits: ElementTraits(drop: DropPolicy()))),
            LayoutNode(Element(id: dropMoveOnly, kind: .dropTarget, frame: Rect(x: 760, y: 710, width: 100, height: 70), cornerRadius: 10,
                               traits: ElementTraits(drop: DropPolicy(accepts: [.move])))),
            LayoutNode(Element(id: scrubber, kind: .scrubber, frame: Rect(x: 880, y: 600, width: 300, height: 20),
                               traits: ElementTraits(scrubber: ScrubberConfiguration(duration: 120)))),
            LayoutNode(Element(id: reveal, kind: .revealingControls, frame: Rect(x: 880, y: 640, width: 300, height: 60),
                               traits: ElementTraits(reveal: .autoHide)), [
                LayoutNode(Element(id: revealed[0], kind: .button, frame: Rect(x: 890, y: 650, width: 40, height: 40), label: "Play")),
                LayoutNode(Element(id: revealed[1], kind: .button, frame: Rect(x: 940, y: 650, width: 40, height: 40), label: "Next")),
            ]),
        ])
    }
}
