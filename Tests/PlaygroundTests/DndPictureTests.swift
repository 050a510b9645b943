// `lodestone dnd`'s picture of a case, painted (issue 33.4; I2, G11): the pixels are where
// GestureCheck's DndDiagram says, in the colour of the end that heard each event, for a drag as
// expected, one that differs (an action before enter, no finish nor cancel) and a skipped step.
// LODESTONE_DND_PICTURES=DIR keeps the PNGs to look at.
import Foundation
import GestureCheck
import InputProtocol
import PixmanRenderer
import Playground
import Testing

@Suite("lodestone dnd: the sequence diagram painted (issue 33.4; I2, G11)")
struct DndPictureTests {
    static func performed(_ step: DndStep, offered: [DndAction], chosen: DndAction, end: DndEvent.Kind?) -> DndCase {
        var c = DndCase(step: step)
        c.offered = offered
        c.acceptedType = "text/uri-list"
        c.targetActions = [.copy, .move, .ask]
        c.targetPreferred = .move
        c.events = [DndEvent(t: 0.62, .target, .enter), DndEvent(t: 0.95, .source, .action(chosen)),
                    DndEvent(t: 0.95, .target, .action(chosen)), DndEvent(t: 1.7, .target, .drop),
                    DndEvent(t: 1.7, .source, .dropPerformed), DndEvent(t: 1.71, .target, .read(bytes: 77))]
        if let end { c.events.append(DndEvent(t: 1.72, .source, end)) }
        return c
    }

    static var cases: [(String, DndCase)] {
        var early = performed(.copy, offered: [.copy, .move, .ask], chosen: .move, end: nil)
        early.events.insert(DndEvent(t: 0.2, .source, .action(.move)), at: 0)
        early.gaveUpAfter = 10
        var skipped = DndCase(step: .move)
        skipped.skipped = "S pressed"
        return [("plain", performed(.plain, offered: [.copy, .move, .ask], chosen: .move, end: .finished)),
                ("differs", early), ("cancelled", performed(.move, offered: [.move], chosen: .move, end: .cancelled)),
                ("skipped", skipped)]
    }

    @Test("each probe of the layout has its colour: lanes, an arrow per event by the end that heard it, problems in red, the verdict's badge",
          arguments: 0..<4)
    func painted(_ index: Int) throws {
        let (name, c) = Self.cases[index]
        let d = DndDiagram(c, compositor: "sway 1.7")
        let canvas = DndPicture.render(d)
        #expect(canvas.width == 640 && canvas.height == Int(d.height.rounded()))
        #expect(DndPicture.misplaced(in: canvas, d) == [], "\(name)")
        #expect(d.probes.count == 6 + 3 * d.rows.filter { if case .arrow = $0.shape { true } else { false } }.count + 1)
        if let dir = ProcessInfo.processInfo.environment["LODESTONE_DND_PICTURES"] { try canvas.writePNG(to: "\(dir)/dnd-\(name).png") }
    }

    @Test("a painting that breaks the layout is caught: another verdict's badge, the lanes swapped")
    func mismatchCaught() {
        let c = Self.cases[0].1
        let d = DndDiagram(c)
        var other = d
        other.verdict = .differs
        #expect(DndPicture.misplaced(in: DndPicture.render(other), d).count == 1)
        var swapped = d
        swapped.rows = d.rows.map { r in
            var r = r
            if case .arrow(let a, let b) = r.shape { r.shape = .arrow(from: b, to: a) }
            return r
        }
        let arrows = d.rows.filter { if case .arrow = $0.shape { true } else { false } }.count
        #expect(DndPicture.misplaced(in: DndPicture.render(swapped), d).count >= arrows, "each arrow drawn the wrong way is caught")
    }
}
