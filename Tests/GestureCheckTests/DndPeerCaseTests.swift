// `lodestone dnd` with another application at one end (issue 33; I2, G11): what the other-app
// and into-target cases derive from their events — the peer's accepted type, its sends, the
// result and verdict, the summary and the report's fields (sizes and types only, T3).
@testable import GestureCheck
import InputProtocol
import Testing

@Suite("lodestone dnd: other-app and into-target cases (issue 33; I2, G11)")
struct DndPeerCaseTests {
    /// The item carried into another application: it accepts text/plain, asks for it, and
    /// ends with `end` (nil: neither finished nor cancelled, given up after 10 s).
    func otherApp(chosen: DndAction? = .copy, end: DndEvent.Kind? = .finished, complete: Bool = true) -> DndCase {
        var c = DndCase(step: .otherApp)
        c.offered = [.copy, .move, .ask]
        c.events = [DndEvent(t: 0.5, .source, .peerAccepted(nil)), DndEvent(t: 0.6, .source, .peerAccepted("text/plain;charset=utf-8")),
                    DndEvent(t: 0.6, .source, .action(chosen)), DndEvent(t: 1.0, .source, .dropPerformed),
                    DndEvent(t: 1.01, .source, .sent(type: "text/plain;charset=utf-8", bytes: complete ? 18 : 0, complete: complete))]
        if let end { c.events.append(DndEvent(t: 1.012, .source, end)) } else { c.gaveUpAfter = 10 }
        return c
    }

    @Test("other-app: what the destination accepted, took and chose; any finished action is as expected")
    func otherAppFinished() {
        let c = otherApp()
        #expect(c.peerAcceptedType == "text/plain;charset=utf-8")
        #expect(c.sends == [DndSend(type: "text/plain;charset=utf-8", bytes: 18, complete: true)])
        #expect(c.result == .finished && c.chosen == .copy)
        #expect(c.decidedBy == .unknown, "the destination's preference is not the source's to see")
        #expect(c.verdict == .asExpected)
        #expect(!c.actionBeforeEnter, "the other application's enter is not Lodestone's to hear")
        #expect(c.summary == "the destination accepted text/plain;charset=utf-8, chose copy, took 18 bytes of text/plain;charset=utf-8, finished 12 ms after the drop: as expected")
        let json = DndReport(compositor: CompositorInfo(name: "sway"), convention: .desktop, cases: [c]).json
        #expect(json.contains("\"expected\": null"), "\(json)")
        #expect(json.contains("\"sends\": [{\"type\": \"text/plain;charset=utf-8\", \"bytes\": 18, \"complete\": true}]"), "\(json)")
        #expect(json.contains("\"peer_accepted_type\": \"text/plain;charset=utf-8\""), "\(json)")
    }

    @Test("other-app: never answered, cancelled, refused: each differs and says why")
    func otherAppFaults() {
        let never = otherApp(end: nil)
        #expect(never.result == .none && never.verdict == .differs)
        #expect(never.summary.contains("neither finished nor cancelled within 10 s of the drop"), "\(never.summary)")
        let gone = otherApp(end: .cancelled, complete: false)
        #expect(gone.result == .cancelled && gone.verdict == .differs)
        #expect(gone.summary.contains("took 0 bytes of text/plain;charset=utf-8 (not all), cancelled after the drop"), "\(gone.summary)")
        var refused = DndCase(step: .otherApp)
        refused.events = [DndEvent(t: 0.5, .source, .peerAccepted(nil)), DndEvent(t: 1, .source, .dropPerformed), DndEvent(t: 1, .source, .cancelled)]
        #expect(refused.peerAcceptedType == nil && refused.heardTarget)
        #expect(refused.summary.hasPrefix("the destination accepted no type, no action chosen, read nothing, cancelled"), "\(refused.summary)")
    }

    @Test("into-target: the other application's offer, the target's choice and finish; a drag whose source ended over the zone")
    func intoTarget() throws {
        var c = DndCase(step: .intoTarget)
        c.peerTypes = ["application/x-wayland-dnd-flower", "text/plain;charset=utf-8"]
        c.offered = [.copy, .move]
        c.acceptedType = "text/plain;charset=utf-8"
        c.targetPreferred = .move
        c.events = [DndEvent(t: 0, .target, .enter), DndEvent(t: 0.1, .target, .action(.move)), DndEvent(t: 0.9, .target, .drop),
                    DndEvent(t: 0.91, .target, .read(bytes: 27)), DndEvent(t: 0.91, .target, .finish)]
        #expect(c.result == .finished && c.targetFinished && c.decidedBy == .destination && c.verdict == .asExpected)
        #expect(c.summary == "the other application offered 2 types with copy|move, move chosen by destination, 27 bytes of text/plain;charset=utf-8 read, finished: as expected")
        var left = DndCase(step: .intoTarget)
        left.offered = [.copy, .move]
        left.events = [DndEvent(t: 0, .target, .enter), DndEvent(t: 0.4, .target, .leave)]
        left.leftWithoutDrop = 2
        left.leftOverZone = true
        #expect(left.result == .none && left.verdict == .differs)
        #expect(left.summary.contains("the drag left over the zone without a drop (its source ended it)"), "\(left.summary)")
        #expect(try DndStep.parseList("other-app,into-target") == [.otherApp, .intoTarget])
        #expect(DndStep.otherApp.keys(.mac).isEmpty && DndStep.intoTarget.keys(.desktop).isEmpty)
    }
}
