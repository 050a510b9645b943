// Issue 8 "Faults under a real compositor": seat capabilities removed and re-added. The
// sway-inject shim unplugs sway's pointer, keyboard and touch devices (sway then sends
// wl_seat.capabilities without them) and plugs them in again. The client's seat turns that
// into deviceRemoved / deviceAdded; the engine cancels what the device was doing (G7: a drag in
// progress ends without a drop, nothing stays active, no modifier stays held) and the
// re-added devices work again.
import Testing
import TestSupport
import InputProtocol
import PointerEngine
@testable import WaylandClient

@Suite("Seat capabilities removed and re-added under sway (G7, issue 8)", .serialized)
struct SeatCapabilityFaultTests {
    static let document = ElementID(1), folder = ElementID(2)

    /// A window-sized layout with one draggable document and one folder to drop it on.
    final class Scene {
        let s: SeatSession
        var engine: Engine
        var outputs: [EngineOutput] = []
        var seen: [InputEvent] = []

        init() throws {
            s = try SeatSession()
            let size = s.window.logicalSize
            var layout = Layout(size: Size(Double(size.width), Double(size.height)))
            try layout.add(Element(id: document, kind: .icon, frame: Rect(x: 40, y: 40, width: 60, height: 60), cornerRadius: 10,
                                   label: "document", traits: ElementTraits(isDraggable: true)))
            try layout.add(Element(id: folder, kind: .dropTarget, frame: Rect(x: 240, y: 150, width: 140, height: 100), cornerRadius: 10,
                                   label: "folder", traits: ElementTraits(drop: DropPolicy())))
            engine = Engine(layout: layout, interactions: StandardInteractions.make(), now: Timestamp(rawValue: 0))
            try feed()
        }

        /// Hands the engine everything the client's seat emitted since the last call.
        @discardableResult
        func feed() throws -> [InputEvent] {
            let events = try s.takeAll()
            for e in events { engine.handle(e, now: max(e.time, engine.now)) }
            outputs += engine.drainOutputs()
            seen += events
            return events
        }

        func move(_ x: Double, _ y: Double, steps: Int = 6) throws {
            let from = engine.logicalPosition
            for k in 1...steps {
                let t = Double(k) / Double(steps)
                try s.move(toSurface: from.x + (x - from.x) * t, from.y + (y - from.y) * t)
            }
            try feed()
        }

        var drops: [EngineOutput] { outputs.filter { if case .dropped = $0 { true } else { false } } }
        var dragging: Bool { engine.interactions.contains { $0.name == "drag" && $0.isActive } }
    }

    @Test("the pointer unplugged mid-drag: the drag is cancelled (no drop, nothing active); plugged in again, a drag drops")
    func pointerRemovedMidDrag() throws {
        let scene = try Scene()
        try scene.move(70, 70)
        try scene.s.seat.press(.left)
        try scene.feed()
        try scene.move(200, 150)
        try scene.move(310, 200)
        #expect(scene.dragging, "a drag should be in progress over the folder")

        try scene.s.seat.remove(.pointer)
        let removed = try scene.feed()
        #expect(removed.contains { $0.device == SeatDevice.pointer && $0.kind == .deviceRemoved }, "\(removed.map(\.kind))")
        #expect(scene.s.client.seat?.pointer == nil)
        #expect(!scene.engine.isActive, "still active after the pointer went away")
        #expect(!scene.dragging)
        #expect(scene.drops.isEmpty, "dropped although the pointer went away mid-drag: \(scene.drops)")

        // Plugged in again: sway offers the pointer again and a new drag drops on the folder.
        try scene.s.seat.add(.pointer)
        let added = try scene.feed()
        #expect(added.contains { if case .deviceAdded = $0.kind { $0.device == SeatDevice.pointer } else { false } }, "\(added.map(\.kind))")
        #expect(scene.s.client.seat?.pointer != nil)
        try scene.move(72, 72)
        try scene.s.seat.press(.left)
        try scene.feed()
        try scene.move(200, 150)
        try scene.move(310, 200)
        #expect(scene.dragging)
        try scene.s.seat.release(.left)
        try scene.feed()
        #expect(scene.drops.count == 1, "outputs: \(scene.outputs)")
        if case .dropped(let items, let on, _, _)? = scene.drops.first {
            #expect(items == [Self.document] && on == Self.folder)
        }
        #expect(!scene.engine.isActive)
        #expect(!scene.s.loop.isStopped)
    }

    @Test("the keyboard unplugged with Alt held: no modifier stays held; plugged in again, modifiers work")
    func keyboardRemovedWithModifierHeld() throws {
        let scene = try Scene()
        try scene.s.seat.press(key: .leftAlt)
        try scene.feed()
        #expect(scene.engine.modifiers == .alt)
        try scene.s.seat.remove(.keyboard)
        let removed = try scene.feed()
        #expect(removed.contains { $0.device == SeatDevice.keyboard && $0.kind == .deviceRemoved }, "\(removed.map(\.kind))")
        #expect(scene.engine.modifiers == [], "a modifier stayed held after its keyboard went away: \(scene.engine.modifiers)")

        try scene.s.seat.add(.keyboard)
        try scene.feed()
        try SeatSession.pump(scene.s.loop, "keyboard focus again", timeout: 5) { scene.s.client.seat?.keyboard?.focused == true }
        try scene.s.seat.press(key: .leftShift)
        try scene.feed()
        #expect(scene.engine.modifiers == .shift)
        try scene.s.seat.release(key: .leftShift)
        try scene.feed()
        #expect(scene.engine.modifiers == [])
    }

    @Test("the touch screen unplugged with a finger down: the touch is cancelled; plugged in again, touches arrive")
    func touchRemovedWithFingerDown() throws {
        let scene = try Scene()
        let o = scene.s.origin
        try scene.s.seat.touchDown(.init(id: 0, x: o.x + 70, y: o.y + 70))
        try scene.feed()
        #expect(scene.engine.isActive, "a finger is down")
        try scene.s.seat.remove(.touch)
        let removed = try scene.feed()
        #expect(removed.contains { $0.device == SeatDevice.touch && $0.kind == .deviceRemoved }, "\(removed.map(\.kind))")
        #expect(!scene.engine.isActive, "still active after the touch screen went away")

        try scene.s.seat.add(.touch)
        try scene.feed()
        try scene.s.seat.touchDown(.init(id: 1, x: o.x + 300, y: o.y + 200))
        try scene.s.seat.touchUp(1)
        let touches = try scene.feed()
        #expect(touches.contains { if case .touchDown = $0.kind { true } else { false } }, "\(touches.map(\.kind))")
        #expect(touches.contains { if case .touchUp = $0.kind { true } else { false } })
        #expect(!scene.engine.isActive)
    }

    @Test("every capability removed and re-added 50 times: no crash, the objects follow, input works at the end")
    func churn() throws {
        let scene = try Scene()
        for round in 0..<50 {
            let kind = SeatInjector.Device.allCases[round % 3]
            try scene.s.seat.remove(kind)
            if round % 7 == 0 { try scene.feed() }
            try scene.s.seat.add(kind)
            if round % 5 == 0 { try scene.feed() }
        }
        try scene.feed()
        #expect(!scene.s.loop.isStopped)
        let seat = try #require(scene.s.client.seat)
        #expect(seat.capabilities == [.pointer, .keyboard, .touch])
        #expect(seat.pointer != nil)
        let added = scene.seen.filter { if case .deviceAdded = $0.kind { true } else { false } }.count
        let removed = scene.seen.filter { $0.kind == .deviceRemoved }.count
        #expect(added == removed + 3, "added \(added), removed \(removed)")
        try scene.move(70, 70)
        try scene.move(300, 200)
        #expect(scene.seen.suffix(6).contains { if case .motion = $0.kind { true } else { false } })
    }
}
