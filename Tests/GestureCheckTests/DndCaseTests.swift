// `lodestone dnd`'s pure part (issue 33; I2, G11): who chose the action, the result, the
// verdict against the desktop conventions, the steps' list and the report's JSON fields.
@testable import GestureCheck
import InputProtocol
import Testing

@Suite("lodestone dnd: cases, verdicts and the report (issue 33; I2, G11)")
struct DndCaseTests {
    /// A drag as sway 1.7 gives it between two Lodestone windows: the source narrowed by the
    /// keys at the press, the target prefers by the keys it sees, finished.
    func performed(_ step: DndStep, offered: [DndAction], preferred: DndAction?, chosen: DndAction?,
                   end: DndEvent.Kind = .finished, keys: Modifiers = []) -> DndCase {
        var c = DndCase(step: step)
        c.offered = offered
        c.acceptedType = "text/uri-list"
        c.targetActions = offered
        c.targetPreferred = preferred
        c.keysAtPress = keys
        c.events = [DndEvent(t: 0.40, .target, .enter), DndEvent(t: 0.41, .target, .action(chosen)),
                    DndEvent(t: 0.41, .source, .action(chosen)), DndEvent(t: 1.2, .target, .drop),
                    DndEvent(t: 1.2, .source, .dropPerformed), DndEvent(t: 1.21, .target, .read(bytes: 40)),
                    DndEvent(t: 1.25, .source, end)]
        return c
    }

    @Test("a plain drag the destination decides: move, finished, as expected")
    func plainDestination() {
        let c = performed(.plain, offered: [.copy, .move, .ask], preferred: .move, chosen: .move)
        #expect(c.chosen == .move)
        #expect(c.decidedBy == .destination)
        #expect(c.result == .finished)
        #expect(c.verdict == .asExpected)
        #expect(c.keysReached(.source) == nil && c.keysReached(.target) == nil)
        #expect(!c.actionBeforeEnter)
        #expect(abs((c.dropToFinished ?? 0) - 0.05) < 1e-9)
        #expect(c.readBytes == 40)
    }

    @Test("Ctrl held before the press: the source offers copy alone and decides; no key seen: it differs")
    func copyBySource() {
        let c = performed(.copy, offered: [.copy], preferred: .copy, chosen: .copy, keys: .control)
        #expect(c.keys == ["Ctrl"])
        #expect(c.decidedBy == .source)
        #expect(c.keysReached(.source) == true)
        #expect(c.keysReached(.target) == false, "no keys event at the target")
        #expect(c.verdict == .asExpected)
        let missed = performed(.copy, offered: [.copy, .move, .ask], preferred: .move, chosen: .move)
        #expect(missed.keysReached(.source) == false)
        #expect(missed.verdict == .differs)
        #expect(missed.summary.contains("expected a finished copy"))
    }

    @Test("the compositor picks against the destination's preference; an action before enter is seen")
    func compositorAndEarlyAction() {
        var c = performed(.copy, offered: [.copy, .move, .ask], preferred: .move, chosen: .copy)
        #expect(c.decidedBy == .compositor)
        c.events.insert(DndEvent(t: 0.1, .source, .action(.move)), at: 0)
        #expect(c.actionBeforeEnter)
    }

    @Test("cancelled, never answered and skipped cases: result and verdict")
    func endings() {
        #expect(performed(.move, offered: [.move], preferred: .move, chosen: .move, end: .cancelled).result == .cancelled)
        var silent = performed(.move, offered: [.move], preferred: .move, chosen: .move, end: .leave)
        silent.gaveUpAfter = 10
        #expect(silent.result == DndResult.none)
        #expect(silent.verdict == .differs)
        #expect(silent.summary.contains("no finish nor cancel within 10 s"))
        var skipped = DndCase(step: .plain)
        skipped.skipped = "S pressed"
        #expect(skipped.verdict == .skipped)
        #expect(skipped.decidedBy == .unknown)
    }

    @Test("--steps keeps the order given, runs a step listed again again, and names a bad step")
    func stepList() throws {
        #expect(try DndStep.parseList("copy, plain") == [.copy, .plain])
        #expect(try DndStep.parseList("copy-mid,copy,copy-mid") == [.copyMid, .copy, .copyMid])
        #expect(throws: DndUsageError.self) { try DndStep.parseList("plain,drop") }
        #expect(throws: DndUsageError.self) { try DndStep.parseList("plain,,copy") }
        #expect(DndStep.copy.instruction(.desktop).contains("Hold Ctrl"))
    }

    @Test("the JSON report has the fields issue 33 names, per case")
    func json() throws {
        let report = DndReport(compositor: CompositorInfo(name: "sway 1.7", globals: ["wl_data_device_manager": 3, "wl_seat": 7]),
                               convention: .desktop,
                               cases: [performed(.plain, offered: [.copy, .move, .ask], preferred: .move, chosen: .move),
                                       performed(.copy, offered: [.copy], preferred: .copy, chosen: .copy, keys: .control)])
        let node = try JSONReader.parse(report.json)
        #expect(node["compositor"]?["name"]?.plain == .string("sway 1.7"))
        #expect(node["compositor"]?["data_device_manager"]?.plain == .number("3"))
        guard case .array(let cases)? = node["cases"]?.value else { Issue.record("no cases"); return }
        #expect(cases.count == 2)
        let copy = cases[1]
        #expect(copy["step"]?.plain == .string("copy"))
        #expect(copy["keys"]?.plain == .array([.string("Ctrl")]))
        #expect(copy["offered"]?.plain == .array([.string("copy")]))
        #expect(copy["target_preferred"]?.plain == .string("copy"))
        #expect(copy["chosen"]?.plain == .string("copy"))
        #expect(copy["decided_by"]?.plain == .string("source"))
        #expect(copy["result"]?.plain == .string("finished"))
        #expect(copy["read"]?["bytes"]?.plain == .number("40"))
        #expect(copy["keys_reached"]?["source"]?.plain == .bool(true))
        #expect(copy["keys_reached"]?["target"]?.plain == .bool(false))
        #expect(cases[0]["keys_reached"]?["source"]?.plain == .null)
        #expect(node["diagnoses"]?.plain == .array([]))
        #expect(copy["expected"]?.plain == .string("copy"))
        #expect(copy["verdict"]?.plain == .string("as-expected"))
        #expect(report.markdown.contains("| copy | Ctrl | copy | copy | copy | source | finished |"))
    }
}
