// `lodestone dnd`'s new steps and diagnoses (issue 33.1–3; I2, G11): the verdicts of link,
// copy-mid, escape and refuse, the keys each window saw, and each diagnosis with a case that
// gives it and one that must not.
@testable import GestureCheck
import InputProtocol
import Testing

@Suite("lodestone dnd: steps, keys per window and diagnoses (issue 33; I2, G11)")
struct DndDiagnosisTests {
    typealias E = DndEvent

    /// A drag over the target's zone: enter, the actions, the drop, the read and the end.
    static func drag(_ step: DndStep, offered: [DndAction] = [.copy, .move, .ask], preferred: DndAction? = .move,
                     chosen: DndAction? = .move, type: String = "text/uri-list", keysAtPress: Modifiers = [],
                     midDrag: [E] = [], end: E.Kind? = .finished, convention: DragConvention = .desktop) -> DndCase {
        var c = DndCase(step: step, convention: convention)
        c.offered = offered
        c.acceptedType = type
        c.targetActions = [.copy, .move, .ask]
        c.targetPreferred = preferred
        c.keysAtPress = keysAtPress
        c.events = [E(t: 0.4, .target, .enter), E(t: 0.4, .target, .prefers(.move)),
                    E(t: 0.41, .target, .action(chosen)), E(t: 0.41, .source, .action(chosen))]
            + midDrag
            + [E(t: 1.5, .target, .drop), E(t: 1.5, .source, .dropPerformed), E(t: 1.51, .target, .read(bytes: 40)),
               E(t: 1.52, .target, .finish)]
            + (end.map { [E(t: 1.53, .source, $0)] } ?? [])
        return c
    }

    func ids(_ cases: DndCase...) -> [DndDiagnosis.ID] { DndDiagnosis.diagnose(cases).map(\.id) }

    // MARK: steps

    @Test("the steps' keys, expectations and instructions under both conventions")
    func steps() {
        #expect(DndStep.link.keys(.desktop) == [.control, .shift])
        #expect(DndStep.link.keys(.mac) == [.alt, .super])
        #expect(DndStep.copyMid.keys(.desktop).isEmpty && DndStep.copyMid.midDragKeys(.mac) == .alt)
        #expect(DndStep.asked(by: [.alt, .super], .mac) == .ask && DndStep.asked(by: .super, .mac) == .move)
        #expect(DndStep.asked(by: .control, .mac) == nil, "Control is no drag key on a Mac")
        #expect(DndStep.escape.expected == nil && DndStep.refuse.expectedResult == .cancelled)
        #expect(DndStep.link.instruction(.mac).contains("Hold Option+Command"))
        #expect(DndStep.copyMid.instruction(.desktop).contains("over the zone hold Ctrl"))
        #expect(DndStep.copyMid.instruction(.mac, inTarget: true).contains("from the source window onto the zone below; over the zone hold Option"))
        #expect(DndStep.escape.instruction(.desktop).contains("press Esc"))
        #expect(DndStep(rawValue: "copy-mid") == .copyMid)
    }

    @Test("link: ask at the drop; the target picks copy when offered (finished), or with ask alone keeps the link and lets go (cancelled): as expected either way, the report says the final action")
    func link() throws {
        var picked = Self.drag(.link, offered: [.ask, .copy], preferred: .ask, chosen: .ask, keysAtPress: [.control, .shift])
        picked.events.insert(E(t: 1.515, .target, .picked(.copy)), at: picked.events.count - 2)
        picked.events.insert(E(t: 1.52, .source, .action(.copy)), at: picked.events.count - 1)
        #expect(picked.chosen == .ask && picked.finalAction == .copy)
        #expect(picked.verdict == .asExpected)
        #expect(picked.summary.contains("ask chosen by destination, finished, then copy"))
        var alone = Self.drag(.link, offered: [.ask], preferred: .ask, chosen: .ask, keysAtPress: [.control, .shift], end: .cancelled)
        alone.events.removeAll { $0.kind == .finish }
        #expect(alone.verdict == .differs, "cancelled without letting go")
        alone.events.insert(E(t: 1.515, .target, .letGo), at: alone.events.count - 1)
        #expect(alone.decidedBy == .source && alone.verdict == .asExpected)
        let node = try JSONReader.parse(DndReport(compositor: CompositorInfo(name: nil, globals: nil), convention: .desktop, cases: [picked]).json)
        #expect(node["cases"]?[0]?["final_action"]?.plain == .string("copy"))
        #expect(node["cases"]?[0]?["expected"]?.plain == .string("ask"))
        #expect(node["cases"]?[0]?["keys"]?.plain == .array([.string("Ctrl"), .string("Shift")]))
    }

    @Test("escape and refuse expect cancelled: by whom, and a drop that went ahead differs")
    func cancelledSteps() throws {
        var own = DndCase(step: .escape)
        own.events = [E(t: 0.4, .target, .enter), E(t: 0.41, .source, .action(.move)), E(t: 0.9, .source, .escape),
                      E(t: 0.9, .source, .cancelledOwnDrag)]
        #expect(own.result == .cancelled && own.cancelledBy == "source" && own.verdict == .asExpected)
        #expect(own.keysReached(.source) == true && own.keysReached(.target) == false)
        var refused = DndCase(step: .refuse)
        refused.events = [E(t: 0.4, .target, .enter), E(t: 0.4, .target, .prefers(nil)), E(t: 1.2, .target, .leave),
                          E(t: 1.2, .source, .cancelled)]
        #expect(refused.cancelledBy == "compositor" && refused.verdict == .asExpected)
        #expect(refused.keysReached(.source) == nil)
        let wentAhead = Self.drag(.escape)
        #expect(wentAhead.verdict == .differs && wentAhead.summary.contains("expected cancelled, nothing read"))
        let node = try JSONReader.parse(DndReport(compositor: CompositorInfo(name: nil, globals: nil), convention: .desktop, cases: [own]).json)
        #expect(node["cases"]?[0]?["cancelled_by"]?.plain == .string("source"))
        #expect(node["cases"]?[0]?["expected"]?.plain == .null)
        #expect(node["cases"]?[0]?["expected_result"]?.plain == .string("cancelled"))
        #expect(node["cases"]?[0]?["keys_mid_drag"]?.plain == .array([.string("Esc")]))
    }

    // MARK: the rules

    @Test("compositor-ignores-modifiers: copy-mid kept move with Ctrl seen by no window (sway); not when the drop became a copy, nor when the destination that saw Ctrl kept move")
    func compositorIgnoresModifiers() throws {
        let sway = Self.drag(.copyMid)
        #expect(ids(sway) == [.compositorIgnoresModifiers])
        let d = try #require(DndDiagnosis.compositorIgnoresModifiers(sway))
        #expect(d.cause.contains("reached neither window") && d.remedy.contains("sway #8219") && d.remedy.contains("labwc #3420"))
        var afterDrop = sway
        afterDrop.events.append(E(t: 1.6, .source, .keys(.control)))
        #expect(afterDrop.keysReached(.source) == false, "sway sends the held keys once its grab ends: not mid-drag")
        let sourceOnly = Self.drag(.copyMid, midDrag: [E(t: 1.0, .source, .keys(.control))])
        #expect(DndDiagnosis.compositorIgnoresModifiers(sourceOnly)?.cause.contains("only the source") == true)
        let kwin = Self.drag(.copyMid, chosen: .copy, midDrag: [E(t: 1.0, .target, .keys(.control)), E(t: 1.0, .target, .prefers(.copy)),
                                                             E(t: 1.01, .source, .action(.copy))])
        #expect(ids(kwin).isEmpty)
        let frozenTarget = Self.drag(.copyMid, midDrag: [E(t: 1.0, .target, .keys(.control))])
        #expect(!ids(frozenTarget).contains(.compositorIgnoresModifiers))
        #expect(ids(frozenTarget).contains(.keysFrozenAtDragStart))
        let escaped = Self.drag(.escape)
        #expect(DndDiagnosis.compositorIgnoresModifiers(escaped)?.cause.contains("Escape") == true)
        var ownCancel = DndCase(step: .escape)
        ownCancel.events = [E(t: 0.4, .target, .enter), E(t: 0.9, .source, .escape), E(t: 0.9, .source, .cancelledOwnDrag)]
        #expect(ids(ownCancel).isEmpty)
    }

    @Test("action-before-enter: an action the source hears before the target's enter; not after it")
    func actionBeforeEnter() {
        var early = Self.drag(.plain)
        early.events.insert(E(t: 0.1, .source, .action(.move)), at: 0)
        #expect(ids(early) == [.actionBeforeEnter])
        #expect(ids(Self.drag(.plain)).isEmpty)
    }

    @Test("keys-frozen-at-drag-start: a destination that kept move after Ctrl reached it; a source whose offer by the press's keys lacks what a mid-drag key asks; not one that followed")
    func keysFrozen() throws {
        let destination = Self.drag(.copyMid, midDrag: [E(t: 1.0, .target, .keys(.control))])
        let d = try #require(DndDiagnosis.keysFrozenAtDragStart(destination).first)
        #expect(d.cause.contains("reached the destination at 1") && d.remedy.contains("Chrome and Firefox"))
        // Another application's destination: no preference recorded, the drop's action tells.
        var other = Self.drag(.copyMid, midDrag: [E(t: 1.0, .target, .keys(.control))])
        other.events.removeAll { if case .prefers = $0.kind { true } else { false } }
        #expect(DndDiagnosis.keysFrozenAtDragStart(other).count == 1)
        let followed = Self.drag(.copyMid, chosen: .copy, midDrag: [E(t: 1.0, .target, .keys(.control)), E(t: 1.0, .target, .prefers(.copy))])
        #expect(DndDiagnosis.keysFrozenAtDragStart(followed).isEmpty)
        let source = Self.drag(.copy, offered: [.copy], preferred: .move, chosen: .copy, keysAtPress: .control,
                               midDrag: [E(t: 1.0, .source, .keys(.shift))])
        #expect(DndDiagnosis.keysFrozenAtDragStart(source).first?.cause.contains("which it had not offered") == true)
        let stillHeld = Self.drag(.copy, offered: [.copy], preferred: .move, chosen: .copy, keysAtPress: .control,
                                  midDrag: [E(t: 1.0, .source, .keys(.control))])
        #expect(ids(stillHeld).isEmpty, "the same keys heard again are no change")
        let afterDrop = Self.drag(.copyMid)
        var late = afterDrop
        late.events.append(E(t: 1.6, .target, .keys(.control)))
        #expect(DndDiagnosis.keysFrozenAtDragStart(late).isEmpty, "a change after the drop is not mid-drag")
    }

    @Test("destination-ignores-preference: Ctrl reached the destination, copy offered, yet it preferred move; not when the keys never reached it")
    func destinationIgnoresPreference() {
        var c = Self.drag(.copy, chosen: .move, keysAtPress: .control)
        c.events.insert(E(t: 0.4, .target, .keys(.control)), at: 1)
        #expect(ids(c).contains(.destinationIgnoresPreference))
        #expect(!ids(Self.drag(.copy, chosen: .move, keysAtPress: .control)).contains(.destinationIgnoresPreference))
        var narrowed = Self.drag(.copy, offered: [.copy], chosen: .copy, keysAtPress: .control)
        narrowed.events.insert(E(t: 0.4, .target, .keys(.control)), at: 1)
        #expect(ids(narrowed).isEmpty, "the source decided: no harm")
    }

    @Test("source-never-told: a performed drop with neither finished nor cancelled; whose it is by the destination's finish; not a drop answered")
    func sourceNeverTold() throws {
        var c = Self.drag(.link, offered: [.ask], preferred: .ask, chosen: .ask, end: nil)
        c.gaveUpAfter = 10
        let d = try #require(DndDiagnosis.sourceNeverTold(c))
        #expect(d.cause.contains("within 10 s") && d.remedy.contains("compositor"))
        c.events.removeAll { $0.kind == .finish }
        #expect(DndDiagnosis.sourceNeverTold(c)?.remedy.contains("destination application") == true)
        #expect(DndDiagnosis.sourceNeverTold(Self.drag(.plain)) == nil)
        var noDrop = DndCase(step: .plain)
        noDrop.events = [E(t: 0.4, .target, .enter)]
        noDrop.gaveUpAfter = 10
        #expect(DndDiagnosis.sourceNeverTold(noDrop) == nil)
    }

    @Test("text-moved: a plain drag finished as a move of text/plain; not of a uri-list, nor when Shift asked for move")
    func textMoved() {
        #expect(ids(Self.drag(.plain, type: "text/plain;charset=utf-8")) == [.textMoved])
        #expect(ids(Self.drag(.plain)).isEmpty)
        #expect(ids(Self.drag(.move, offered: [.move], type: "text/plain", keysAtPress: .shift)).isEmpty)
    }

    @Test("order-dependent: copy-mid a move then a copy in one run; not the same result twice; the same diagnosis of a repeated step once")
    func orderDependent() throws {
        let kwinLike = Self.drag(.copyMid, chosen: .copy, midDrag: [E(t: 1.0, .target, .keys(.control)), E(t: 1.0, .target, .prefers(.copy)),
                                                                 E(t: 1.01, .source, .action(.copy))])
        let all = DndDiagnosis.diagnose([Self.drag(.copyMid), Self.drag(.copy, offered: [.copy], chosen: .copy, keysAtPress: .control), kwinLike])
        let d = try #require(all.first { $0.id == .orderDependent })
        #expect(d.step == .copyMid && d.cause.contains("move finished, read (case 1), then copy finished, read (case 3)"))
        #expect(all.filter { $0.id == .compositorIgnoresModifiers }.count == 1)
        #expect(!ids(Self.drag(.plain), Self.drag(.plain)).contains(.orderDependent))
        var skipped = DndCase(step: .plain)
        skipped.skipped = "S pressed"
        #expect(ids(Self.drag(.plain), skipped).isEmpty)
    }

    @Test("the report lists the diagnoses: JSON id, step, cause, remedy; a Markdown section")
    func reported() throws {
        let report = DndReport(compositor: CompositorInfo(name: "sway", globals: nil), convention: .desktop, cases: [Self.drag(.copyMid)])
        let node = try JSONReader.parse(report.json)
        #expect(node["diagnoses"]?[0]?["id"]?.plain == .string("compositor-ignores-modifiers"))
        #expect(node["diagnoses"]?[0]?["step"]?.plain == .string("copy-mid"))
        #expect(node["cases"]?[0]?["keys_mid_drag"]?.plain == .array([.string("Ctrl")]))
        #expect(node["cases"]?[0]?["keys_reached"]?["target"]?.plain == .bool(false))
        #expect(report.markdown.contains("## Diagnoses\n\n- **compositor-ignores-modifiers** (copy-mid): Ctrl pressed"))
        #expect(DndReport(compositor: CompositorInfo(name: nil, globals: nil), convention: .desktop, cases: []).markdown.contains("## Diagnoses\n\nNone."))
    }

    @Test("destination-cancelled: a drop that should finish read and then cancelled, or cancelled mid-drag; not the source's own cancel, not a refusal, not link's let-go")
    func destinationCancelled() {
        var read = Self.drag(.otherApp, end: .cancelled)
        read.events.insert(E(t: 1.51, .source, .sent(type: "text/plain", bytes: 18, complete: true)), at: read.events.count - 1)
        #expect(ids(read).contains(.destinationCancelled))
        #expect(DndDiagnosis.destinationCancelled(read)?.cause.contains("asked for the data") == true)
        var died = DndCase(step: .otherApp)
        died.offered = [.copy, .move, .ask]
        died.events = [E(t: 0.4, .source, .action(.move)), E(t: 1.0, .source, .cancelled)]
        #expect(DndDiagnosis.destinationCancelled(died)?.cause.contains("before any drop") == true)
        #expect(!ids(Self.drag(.refuse, chosen: nil, end: .cancelled)).contains(.destinationCancelled), "a refusal is expected to cancel")
        #expect(!ids(Self.drag(.plain)).contains(.destinationCancelled), "finished")
        var own = Self.drag(.plain, end: .cancelled)
        own.events.insert(E(t: 1.0, .source, .cancelledOwnDrag), at: 4)
        #expect(!ids(own).contains(.destinationCancelled), "the source cancelled itself")
    }
}

extension JSONNode {
    /// The `i`th item of an array.
    fileprivate subscript(i: Int) -> JSONNode? {
        guard case .array(let items) = value, items.indices.contains(i) else { return nil }
        return items[i]
    }
}
