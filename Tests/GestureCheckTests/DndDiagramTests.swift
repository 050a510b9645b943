// `lodestone dnd`'s picture of a case, the layout (issue 33.4; I2, G11): an arrow per recorded
// event in time order, between the lanes of the end that sent it and the end that heard it, the
// press and the target's answer around them, and a caption with the verdict.
@testable import GestureCheck
import InputProtocol
import Testing

@Suite("lodestone dnd: the sequence diagram's layout (issue 33.4; I2, G11)")
struct DndDiagramTests {
    /// Ctrl held before the press under sway 1.7: the source offers copy alone and decides.
    func copyCase(end: DndEvent.Kind? = .finished) -> DndCase {
        var c = DndCase(step: .copy)
        c.offered = [.copy]
        c.acceptedType = "text/uri-list"
        c.targetActions = [.copy, .move, .ask]
        c.targetPreferred = .copy
        c.keysAtPress = .control
        c.events = [DndEvent(t: 0.40, .target, .enter), DndEvent(t: 0.41, .target, .action(.copy)),
                    DndEvent(t: 0.41, .source, .action(.copy)), DndEvent(t: 1.2, .target, .drop),
                    DndEvent(t: 1.2, .source, .dropPerformed), DndEvent(t: 1.21, .target, .read(bytes: 40))]
        if let end { c.events.append(DndEvent(t: 1.25, .source, end)) }
        return c
    }

    @Test("an arrow per recorded event, in time order, top to bottom, each with its time")
    func arrowPerEvent() {
        let c = copyCase()
        let d = DndDiagram(c, compositor: "sway 1.7")
        let drawn = d.rows.compactMap(\.event)
        #expect(drawn == c.events)
        let ys = d.rows.map(\.y)
        #expect(ys == ys.sorted() && Set(ys).count == ys.count)
        for row in d.rows where row.event != nil {
            guard case .arrow = row.shape else { Issue.record("\(row.label) is not an arrow"); continue }
            #expect(row.time == DndDiagram.seconds(row.event!.t))
            #expect(row.label == row.event!.kind.name)
        }
        #expect(d.rows.allSatisfy { $0.y > DndDiagram.headTop + DndDiagram.headHeight && $0.y < d.lanesBottom })
        #expect(d.captionY > d.lanesBottom && d.height > d.captionY)
        #expect(d.title == "copy: Ctrl held before the press")
        #expect(d.subtitle.hasPrefix("sway 1.7 · desktop conventions"))
    }

    @Test("the lanes: the compositor tells the source and the target, the bytes go from the source to the target")
    func lanes() {
        let d = DndDiagram(copyCase())
        func shape(_ kind: DndEvent.Kind, _ side: DndSide) -> DndDiagram.Row.Shape? {
            d.rows.first { $0.event?.kind == kind && $0.event?.side == side }?.shape
        }
        #expect(shape(.enter, .target) == .arrow(from: .compositor, to: .target))
        #expect(shape(.action(.copy), .target) == .arrow(from: .compositor, to: .target))
        #expect(shape(.action(.copy), .source) == .arrow(from: .compositor, to: .source))
        #expect(shape(.dropPerformed, .source) == .arrow(from: .compositor, to: .source))
        #expect(shape(.finished, .source) == .arrow(from: .compositor, to: .source))
        #expect(shape(.read(bytes: 40), .target) == .arrow(from: .source, to: .target))
        #expect(d.rows.first { $0.event?.kind == .read(bytes: 40) }?.detail == "text/uri-list")
        // Colours by the end that heard it.
        #expect(d.rows.filter { $0.event?.side == .source }.allSatisfy { $0.tone == .source })
        #expect(d.rows.filter { $0.event?.side == .target }.allSatisfy { $0.tone == .target })
        // The press and start_drag come first; the target's answer right after its enter.
        #expect(d.rows[0].shape == .note(.source) && d.rows[0].label == "press on the item" && d.rows[0].detail == "keys held: Ctrl")
        #expect(d.rows[1].shape == .arrow(from: .source, to: .compositor) && d.rows[1].detail == "offers copy")
        #expect(d.rows[2].event?.kind == .enter)
        #expect(d.rows[3].shape == .arrow(from: .target, to: .compositor))
        #expect(d.rows[3].label == "accept text/uri-list" && d.rows[3].detail == "set_actions copy|move|ask, prefers copy")
        #expect(DndDiagram.x(.source) < DndDiagram.x(.compositor) && DndDiagram.x(.compositor) < DndDiagram.x(.target))
        #expect(DndDiagram.x(.target) + DndDiagram.headWidth / 2 <= DndDiagram.width - DndDiagram.margin)
        #expect(DndDiagram.x(.source) - DndDiagram.headWidth / 2 >= DndDiagram.timeRight)
    }

    @Test("the caption: the verdict, the action, who decided, the result and the bytes")
    func caption() {
        let d = DndDiagram(copyCase())
        #expect(d.verdict == .asExpected && d.badge == "as expected")
        #expect(d.caption[0] == "copy chosen, decided by source; finished")
        #expect(d.caption[1] == "read 40 bytes of text/uri-list · drop → finished 50 ms")
    }

    @Test("no finish nor cancel: a problem note on the source's lane says for how long (G11)")
    func unanswered() {
        var c = copyCase(end: nil)
        c.gaveUpAfter = 10
        let d = DndDiagram(c)
        #expect(d.verdict == .differs)
        let last = d.rows.last!
        #expect(last.shape == .note(.source) && last.tone == .problem)
        #expect(last.label == "neither dnd_finished nor cancelled within 10 s")
        #expect(d.caption[0] == "copy chosen, decided by source; neither finished nor cancelled")
    }

    @Test("an action the source hears before the target's enter is drawn as a problem")
    func actionBeforeEnter() {
        var c = copyCase()
        c.events.insert(DndEvent(t: 0.1, .source, .action(.move)), at: 0)
        let d = DndDiagram(c)
        let early = d.rows.first { $0.event == DndEvent(t: 0.1, .source, .action(.move)) }
        #expect(early?.tone == .problem)
        #expect(d.caption[1].contains("an action before enter"))
    }

    @Test("a skipped step: a note on the compositor's lane, the skipped badge, no arrows")
    func skipped() {
        var c = DndCase(step: .move)
        c.skipped = "S pressed"
        let d = DndDiagram(c)
        #expect(d.rows.count == 1 && d.rows[0].shape == .note(.compositor) && d.rows[0].detail == "S pressed")
        #expect(d.badge == "skipped" && d.caption == ["not performed: S pressed"])
    }

    @Test("every event name reads back to its kind (the report's events, for the pictures' checks)")
    func namesRoundTrip() {
        let kinds: [DndEvent.Kind] = [.enter, .leave, .drop, .dropPerformed, .finished, .cancelled, .read(bytes: 0),
                                      .read(bytes: 1234), .action(nil)] + DndAction.allCases.map { .action($0) }
        for k in kinds { #expect(DndEvent.Kind(name: k.name) == k) }
        for bad in ["", "action", "action link", "read -1 bytes", "read 3", "finished"] { #expect(DndEvent.Kind(name: bad) == nil) }
    }

    @Test("times with three decimals, so the column lines up")
    func seconds() {
        #expect(DndDiagram.seconds(0) == "0.000 s")
        #expect(DndDiagram.seconds(1.68) == "1.680 s")
        #expect(DndDiagram.seconds(0.0456) == "0.046 s")
        #expect(DndDiagram.seconds(12.3456) == "12.346 s")
    }

    @Test("the picture's file: next to the report, named by the step")
    func pictureName() {
        #expect(DndDiagram.pictureName(base: "/tmp/r", step: .plain) == "/tmp/r-plain.png")
    }
}
