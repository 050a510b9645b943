// A drag carried out of the window (issue 18.2; I2, G11), the session's side: the engine hands
// its drag over and holds nothing; the protocol's end decides — a finished move removes the
// item (and a relayout keeps it removed), a finished copy or a move that came home keeps it, a
// cancel flies it back over several frames; the drop targets show what was dropped (18.3).
import InputProtocol
import PixmanRenderer
import PointerEngine
import Testing
@testable import Playground

@Suite("Drag out: the session's side (issue 18.2; I2)")
struct DragOutTests {
    let item = Showcase.ID.draggables[0]

    /// A session with the pointer dragging `item` 40 pt to the right of where it was pressed.
    func dragging() -> (PlaygroundSession, Rect, Point) {
        let session = PlaygroundSession()
        let f = session.engine.surfaceFrame(of: item)!
        let p = Point(f.midX, f.midY)
        var t: UInt64 = 0
        func send(_ kind: InputEventKind) { t += 16_000; session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1), kind)) }
        send(.deviceAdded(name: "mouse", capabilities: .pointer))
        send(.pointerEnter(position: InputPoint(x: p.x, y: p.y)))
        send(.button(.left, pressed: true))
        for dx in stride(from: 8.0, through: 40, by: 8) {
            send(.motion(position: InputPoint(x: p.x + dx, y: p.y), delta: InputVector(dx: 8, dy: 0), unaccelerated: InputVector(dx: 8, dy: 0)))
        }
        return (session, f, p)
    }

    @Test("the engine hands its drag over: the item and input are known, the engine holds nothing after, and nothing was dropped or clicked")
    func handOff() throws {
        let (session, f, p) = dragging()
        let held = try #require(session.engine.dragInProgress)
        #expect(held.item == item && held.input == .pointer && held.touch == nil)
        let d = try #require(session.beginDragOut(mimeTypes: ["text/plain;charset=utf-8"], operations: [.move, .copy], exit: Point(p.x + 40, p.y)))
        #expect(d.item == item && d.itemFrame == f && d.phase == .dragging)
        #expect(d.grab == Vector(dx: p.x - f.minX, dy: p.y - f.minY), "held where it was pressed")
        #expect(session.engine.dragInProgress == nil)
        #expect(!session.engine.isActive, "no press, capture or drag left in the engine")
        #expect(session.beginDragOut(mimeTypes: [], operations: [], exit: p) == nil, "one drag out at a time")
        #expect(session.outputs(after: 0).allSatisfy { if case .dropped = $0 { return false }; if case .activated = $0 { return false }; return true })
        // Shown as the drag's source while the compositor carries it.
        _ = session.snapshot()
        #expect(session.lastFrame?.elementStates.first { $0.element == item }?.isDragSource == true)
    }

    @Test("I2: a finger's drag handed over: the HUD counts the touches the engine still holds (the other finger), not the one the compositor took")
    func touchHandOff() throws {
        let session = PlaygroundSession()
        let f = session.engine.surfaceFrame(of: item)!
        var t: UInt64 = 0
        func send(_ kind: InputEventKind) { t += 16_000; session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(2), kind)) }
        send(.deviceAdded(name: "screen", capabilities: .touch))
        send(.touchDown(id: 7, position: InputPoint(x: 4, y: 4)))
        send(.touchDown(id: 1, position: InputPoint(x: f.midX, y: f.midY)))
        // The long press lifts the item (G11), then the finger carries it.
        t += UInt64((DragInteraction.touchLiftDelay + 0.05) * 1e6)
        session.advance(to: Timestamp(rawValue: t))
        for dx in stride(from: 8.0, through: 48, by: 8) { send(.touchMotion(id: 1, position: InputPoint(x: f.midX + dx, y: f.midY))) }
        let held = try #require(session.engine.dragInProgress)
        #expect(held.touch == 1 && session.hud.touches == 2)
        _ = try #require(session.beginDragOut(mimeTypes: ["text/plain;charset=utf-8"], operations: [.move], exit: Point(f.midX + 48, f.midY)))
        #expect(session.engine.touchCount == 1 && session.hud.touches == 1)
    }

    @Test("a finished move removes the item, and a relayout for another size keeps it removed")
    func finishedMove() throws {
        let (session, _, p) = dragging()
        _ = try #require(session.beginDragOut(mimeTypes: ["text/plain;charset=utf-8"], operations: [.move, .copy, .link], exit: p))
        session.dragOut(target: "text/plain;charset=utf-8")
        session.dragOut(action: .move, at: Timestamp(rawValue: 1))
        #expect(session.layout[item] != nil, "nothing applied before the end")
        session.dragOutDropped()
        let d = try #require(session.endDragOut(finished: true))
        #expect(d.phase == .finished && d.negotiated == .move)
        #expect(session.layout[item] == nil && session.removedItems == [item])
        #expect(session.outgoingDrag == nil && session.lastOutgoingDrag?.item == item)
        session.resize(to: Size(width: 1000, height: 800))
        #expect(session.layout[item] == nil, "still gone after the showcase is laid out again")
        #expect(session.layout[Showcase.ID.draggables[1]] != nil)
    }

    @Test("a finished copy keeps the item; a move dropped back into this window keeps it too")
    func copyAndHomeKeep() throws {
        for home in [false, true] {
            let (session, _, p) = dragging()
            _ = try #require(session.beginDragOut(mimeTypes: ["text/uri-list"], operations: [.move, .copy], exit: p))
            session.dragOut(action: home ? .move : .copy, at: Timestamp(rawValue: 1))
            if home { session.dragOutDroppedHome() }
            session.endDragOut(finished: true)
            #expect(session.layout[item] != nil && session.removedItems.isEmpty, "home \(home)")
        }
    }

    @Test("a cancel flies the item back from where it left to its place, eased, then the frame settles; the item stays")
    func cancelFliesBack() throws {
        let (session, f, p) = dragging()
        let exit = Point(p.x + 300, p.y + 200)
        _ = try #require(session.beginDragOut(mimeTypes: ["text/uri-list"], operations: [.move], exit: exit))
        session.endDragOut(finished: false)
        #expect(session.lastOutgoingDrag?.phase == .cancelled && session.layout[item] != nil)
        #expect(session.isAnimating)
        let t0 = session.engine.now
        var xs: [Double] = []
        for k in 0...12 {
            session.advance(to: Timestamp(rawValue: t0.rawValue + UInt64(k) * 30_000))
            _ = session.snapshot()
            if let d = session.lastFrame?.drag { xs.append(d.previewRect.minX) }
        }
        let start = exit.x - (p.x - f.minX)
        #expect(xs.count >= 5, "several frames of the flight: \(xs)")
        #expect(abs((xs.first ?? 0) - start) < 1, "from where it left: \(xs)")
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 }, "steadily back: \(xs)")
        #expect(session.lastFrame?.drag == nil && !session.isAnimating, "landed")
    }

    /// The HUD's Drag section during a drag between applications (issue 18.4, 30.9): whose
    /// drag, what the source offers, who prefers what, what the compositor chose (never the
    /// keys held) and when, the type taken, the input and whether a key change reached us, and
    /// once over what became of it.
    @Test("the HUD's Drag section shows the drag out: whose, source offers, their preference not told, the compositor's choice and when, the type taken, keys reached, the result (issue 18.4, 30.9)")
    func hudDragSection() throws {
        let (session, _, p) = dragging()
        let types = ["text/uri-list", "text/plain;charset=utf-8", "application/x-lodestone-item"]
        _ = try #require(session.beginDragOut(mimeTypes: types, operations: [.move, .copy, .link], exit: p))
        session.dragOut(target: "text/plain;charset=utf-8")
        session.dragOut(action: .copy, at: Timestamp(rawValue: 2_500_000))
        _ = session.snapshot()
        func drag() -> [String: String] {
            let r = Showcase.layout().elements.first { $0.id == Showcase.ID.hud }!.frame
            let rows = HUDEllipsisTests.rows(session.hud, in: r, scale: 1)
            let start = rows.firstIndex { $0.label == "drag" } ?? rows.endIndex
            return Dictionary(rows[start...].prefix(9).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        }
        var rows = drag()
        #expect(rows["drag"] == "ours → another app", "\(rows)")
        #expect(rows["offers"] == "move|copy|link")
        #expect(rows["they prefer"] == "not told")
        #expect(rows["chose"] == "copy @ 2.50 s")
        #expect(rows["chosen by"] == "them or compositor", "the source is not told who chose among three: \(rows)")
        #expect(rows["type"]?.hasPrefix("text/plain") == true && session.hud.external?.accepted == "text/plain;charset=utf-8", "\(rows)")
        #expect(rows["by"] == "pointer · keys not seen")
        #expect(rows["result"] == nil, "no result while it goes on")
        // The keys held repeated (a compositor sending the same state again): no change.
        session.handle(InputEvent(time: Timestamp(rawValue: 2_550_000), device: DeviceID(2), .modifiers(ModifierState())))
        _ = session.snapshot()
        #expect(drag()["by"] == "pointer · keys not seen")
        // Ctrl pressed here while the compositor carries the drag: noted, and the chosen
        // action stays what the protocol said (here: still copy) until it says otherwise.
        session.handle(InputEvent(time: Timestamp(rawValue: 2_600_000), device: DeviceID(2), .modifiers(ModifierState(depressed: .control))))
        _ = session.snapshot()
        rows = drag()
        #expect(rows["by"] == "pointer · keys reached" && rows["chose"] == "copy @ 2.50 s", "\(rows)")
        session.dragOut(action: .move, at: Timestamp(rawValue: 3_000_000))
        _ = session.snapshot()
        #expect(drag()["chose"] == "move @ 3.00 s")
        // Over: the section keeps the last drag between applications until one inside starts,
        // and says what became of it.
        session.dragOutDropped()
        session.endDragOut(finished: true)
        _ = session.snapshot()
        rows = drag()
        #expect(rows["chose"] == "move @ 3.00 s")
        #expect(rows["result"]?.hasPrefix("moved") == true && session.hud.external?.result == "moved: the destination finished", "\(rows)")
        #expect(session.externalKeysReached == false, "reset once no drag between applications goes on")
    }

    @Test("under wlroots the HUD says, whole, that keys must be held before the drag leaves the window (issue 30.6; I2)")
    func keysNoteShownWhole() throws {
        let (session, _, p) = dragging()
        session.compositorIgnoresKeysMidDrag = true
        _ = try #require(session.beginDragOut(mimeTypes: ["text/uri-list"], operations: [.move, .copy, .link], exit: p))
        _ = session.snapshot()
        let r = Showcase.layout().elements.first { $0.id == Showcase.ID.hud }!.frame
        let rows = HUDEllipsisTests.rows(session.hud, in: r, scale: 1)
        let shown = rows.filter { ["mid-drag keys", "keys"].contains($0.label) }.map { "\($0.label): \($0.value)" }
        #expect(shown == GestureHUD.keysNoteRows.map { "\($0.0): \($0.1)" }, "the rows as drawn: \(shown)")
    }

    @Test("who chose the action (issue 30.6; I2): the source when it offered that one only, the destination when it is its preference, the compositor when neither (mutter, keys pressed over the target)")
    func chooser() {
        var held = ExternalDragFacts(mimeTypes: ["text/uri-list"], sourceActions: ["copy"], negotiated: "copy", changedAt: 1, input: "pointer", keysReached: false)
        held.preferred = "move"
        #expect(held.chooser == "source" && held.chooserText == "source (keys held)")
        held.outgoing = true
        #expect(held.chooserText == "us (keys held)")
        var over = ExternalDragFacts(mimeTypes: ["text/uri-list"], sourceActions: ["move", "copy", "link"], negotiated: "move", changedAt: 1,
                                     input: "pointer", keysReached: false)
        over.preferred = "move"
        #expect(over.chooser == "destination" && over.chooserText == "us")
        over.negotiated = "copy"
        #expect(over.chooser == "compositor" && over.chooserText == "compositor", "mutter made it a copy; we preferred move")
        over.negotiated = nil
        #expect(over.chooser == nil && over.chooserText == nil)
    }

    @Test("a touch drag of ours whose data-device positions jump farther than a finger moves is one the compositor kept here: refused, no target hit, and it comes back saying so (issue 30.4, G11)")
    func uncarriedTouchDrag() throws {
        let session = PlaygroundSession()
        let f = try #require(session.engine.surfaceFrame(of: item))
        let folder = try #require(session.engine.surfaceFrame(of: Showcase.ID.dropTargets[0]))
        var t: UInt64 = 0
        func send(_ kind: InputEventKind) { t += 16_000; session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(3), kind)) }
        send(.deviceAdded(name: "screen", capabilities: .touch))
        send(.touchDown(id: 0, position: InputPoint(x: f.midX, y: f.midY)))
        session.advance(to: Timestamp(rawValue: t + 800_000))
        t += 800_000
        let width = session.engine.layout.size.width
        for x in stride(from: f.midX + 16, through: width - 10, by: 16) { send(.touchMotion(id: 0, position: InputPoint(x: x, y: f.midY))) }
        let out = try #require(session.beginDragOut(mimeTypes: ["text/uri-list"], operations: [.move, .copy], exit: Point(width - 10, f.midY)))
        #expect(out.input == .touch)
        // The compositor's data device over our window: at our edge, then a finger's step on.
        session.externalDrag = ExternalDrag(offer: 1, mimeTypes: ["text/uri-list"], sourceOperations: [.move, .copy], position: Point(width - 8, f.midY))
        session.externalDragMoved(to: Point(width - 2, f.midY))
        #expect(session.outgoingDrag?.uncarried == false, "a finger's step is no jump")
        // Over the next window: its positions, our Folder's place in the same layout.
        session.externalDragMoved(to: Point(folder.midX, folder.midY))
        #expect(session.outgoingDrag?.uncarried == true)
        #expect(session.externalDropAnswer(at: Point(folder.midX, folder.midY), offered: ["text/uri-list"], sourceOperations: [.move, .copy]) == .refused,
                "our own Folder is not hit with another surface's position")
        let ended = try #require(session.endDragOut(finished: false))
        #expect(ended.result == "the compositor kept the touch drag in this window: it came back")
        // The same when the compositor (wlroots) leaves and enters again at the other surface's
        // positions instead of moving there.
        send(.touchDown(id: 1, position: InputPoint(x: f.midX, y: f.midY)))
        session.advance(to: Timestamp(rawValue: t + 800_000))
        t += 800_000
        for x in stride(from: f.midX + 16, through: width - 10, by: 16) { send(.touchMotion(id: 1, position: InputPoint(x: x, y: f.midY))) }
        _ = try #require(session.beginDragOut(mimeTypes: ["text/uri-list"], operations: [.move, .copy], exit: Point(width - 10, f.midY)))
        session.compositorIgnoresKeysMidDrag = true
        session.externalDragEntered(ExternalDrag(offer: 2, mimeTypes: ["text/uri-list"], sourceOperations: [.move], position: Point(width - 6, f.midY)))
        #expect(session.outgoingDrag?.uncarried == false, "the first entry, where the drag left")
        session.externalDrag = nil // leave
        session.externalDragEntered(ExternalDrag(offer: 2, mimeTypes: ["text/uri-list"], sourceOperations: [.move], position: Point(folder.midX, folder.midY)))
        #expect(session.outgoingDrag?.uncarried == true, "an entry far from where it was last seen")
        #expect(session.layout[item] != nil)
    }

    @Test("another application's drag over the window: the HUD says whose, our preference, the type we take, and the pointer rows follow it (issue 30.9)")
    func hudIncomingDrag() {
        let session = PlaygroundSession()
        let folder = Showcase.ID.dropTargets[0]
        let f = session.engine.surfaceFrame(of: folder)!
        let at = Point(f.midX, f.midY)
        var d = ExternalDrag(offer: 7, mimeTypes: ["application/x-gtk-local-dnd", "text/plain;charset=utf-8"], sourceOperations: [.copy, .move], position: at)
        d.answer = session.externalDropAnswer(at: at, offered: d.mimeTypes, sourceOperations: d.sourceOperations)
        d.negotiated = .copy
        session.externalDrag = d
        _ = session.snapshot()
        let r = Showcase.layout().elements.first { $0.id == Showcase.ID.hud }!.frame
        let rows = Dictionary(HUDEllipsisTests.rows(session.hud, in: r, scale: 1).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(rows["drag"] == "another app's → here", "\(rows)")
        #expect(rows["we prefer"] == "copy", "a plain drop of text prefers copy: \(rows)")
        #expect(rows["type"]?.hasPrefix("text/plain") == true && session.hud.external?.accepted == "text/plain;charset=utf-8",
                "the type taken, not the first offered: \(rows)")
        #expect(session.hud.pointer == at, "the pointer rows follow the drag")
    }

    @Test("what a drop brings, as its target shows it: file names, a text's first line, else type and size; long ones cut")
    func summaries() {
        #expect(ExternalDrop.summary(mimeType: "text/uri-list", bytes: Array("file:///run/user/1/My%20Report.txt\r\n# c\r\nfile:///a/b.png\r\n".utf8)) == "My Report.txt, b.png")
        #expect(ExternalDrop.summary(mimeType: "text/plain;charset=utf-8", bytes: Array("hello\nworld".utf8)) == "hello")
        #expect(ExternalDrop.summary(mimeType: "application/x-wayland-dnd-flower", bytes: [1, 2, 3], limit: 60) == "application/x-wayland-dnd-flower · 3 B")
        #expect(ExternalDrop.summary(mimeType: "text/plain", bytes: Array(String(repeating: "x", count: 40).utf8)).count == 22)
        #expect(ExternalDrop.percentDecoded("a%2Fb%zz") == "a/b%zz")
        let session = PlaygroundSession()
        session.showDrop("b.png", in: Showcase.ID.dropTargets[0])
        #expect(session.state.droppedIn[0] == "b.png")
    }
}
