// `lodestone dnd`'s diagnoses (issue 33.3; I2, G11): what went wrong in a case, whose doing it
// is, and where to report it or how to work around it — pure functions of the recorded
// `DndCase`s, so a case filled by any step (window to window, another application as the
// destination or the source) is diagnosed by the same rules.
//
// The rules, each from the events of one case (the last from all the cases of a run):
// - compositor-ignores-modifiers (copy-mid, escape): the copy key pressed over the zone left
//   the action at the drop other than copy though the source offered copy, and no destination
//   that saw the key kept its old preference (that is keys-frozen-at-drag-start); or Escape
//   pressed mid-drag reached neither window and the drop went ahead.
// - action-before-enter: the source heard a (non-none) action before the target heard enter.
// - keys-frozen-at-drag-start: a modifier change that asks for another action (copy key copy,
//   move key move, both ask) than the keys at the drag's start reached a window between the
//   start (the press for the source, enter for the target) and its drop — the keys at the start
//   being the press's (keysAtPress), or the target's own keys recorded by its enter — and that
//   window kept the keys of the start:
//   the target's newest preference before its drop is not the new action (without recorded
//   preferences — another application's destination — the action at the drop is not it
//   though the source offered it); the source had narrowed its offer by the keys at the
//   press, without the new action, and the drop took the start's action.
// - destination-ignores-preference: the action the step's keys ask for was offered, reached
//   the destination (its keys_reached), yet the destination preferred another and the drop
//   took another.
// - source-never-told: a drop was performed and the source heard neither dnd_finished nor
//   cancelled before giving up.
// - destination-cancelled: a step that should finish ended cancelled, not by the source itself:
//   the destination let the offer go after the drop (read then cancelled), refused it late, or
//   went away mid-drag.
// - text-moved: a finished move of text/plain the keys did not ask for: the source deletes its text.
// - order-dependent: one step, performed more than once in a run, gave different results
//   (action at the drop, final action, result, whether anything was read).
import InputProtocol

public struct DndDiagnosis: Sendable, Equatable {
    public enum ID: String, CaseIterable, Sendable {
        case compositorIgnoresModifiers = "compositor-ignores-modifiers"
        case actionBeforeEnter = "action-before-enter"
        case keysFrozenAtDragStart = "keys-frozen-at-drag-start"
        case destinationIgnoresPreference = "destination-ignores-preference"
        case sourceNeverTold = "source-never-told"
        case destinationCancelled = "destination-cancelled"
        case textMoved = "text-moved"
        case orderDependent = "order-dependent"
    }

    public var id: ID
    public var step: DndStep
    /// One line: what happened and whose doing it is.
    public var cause: String
    /// Where to report it, or how to work around it.
    public var remedy: String

    public init(_ id: ID, _ step: DndStep, cause: String, remedy: String) {
        self.id = id; self.step = step; self.cause = cause; self.remedy = remedy
    }

    static let wlrootsTrackers = "for wlroots-based ones, the wlroots tracker (gitlab.freedesktop.org/wlroots/wlroots/-/issues) or sway's (github.com/swaywm/sway/issues): wlroots' drag keyboard grab drops every key; labwc #3420 and sway #8219 track it"

    /// Every diagnosis of a run: each case's, in case order, then order-dependent; the same
    /// diagnosis of a repeated step once.
    public static func diagnose(_ cases: [DndCase]) -> [DndDiagnosis] {
        var all: [DndDiagnosis] = []
        for c in cases where c.skipped == nil {
            let found = [compositorIgnoresModifiers(c), actionBeforeEnter(c), destinationIgnoresPreference(c),
                         sourceNeverTold(c), destinationCancelled(c), textMoved(c)].compactMap { $0 } + keysFrozenAtDragStart(c)
            for d in found where !all.contains(d) { all.append(d) }
        }
        return all + orderDependent(cases)
    }

    // MARK: the rules

    public static func compositorIgnoresModifiers(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil else { return nil }
        if c.step == .escape {
            guard c.dropPerformed || c.result == .finished,
                  c.keysReached(.source) != true, c.keysReached(.target) != true else { return nil }
            return DndDiagnosis(.compositorIgnoresModifiers, c.step,
                                cause: "Escape pressed mid-drag reached neither window and the compositor did not cancel the drag: the drop went ahead (\(c.result.rawValue))",
                                remedy: "Escape should cancel a drag: report it to the compositor's issue tracker (\(wlrootsTrackers)). Until then, cancel by letting go over a place that takes nothing")
        }
        let mid = c.step.midDragKeys(c.convention)
        guard !mid.isEmpty, let wanted = DndStep.asked(by: mid, c.convention), c.offered.contains(wanted),
              c.chosen != wanted else { return nil }
        let keys = DndCase.keyNames(mid, c.convention).joined(separator: "+")
        let toTarget = c.keysReached(.target) == true, toSource = c.keysReached(.source) == true
        let preferred = c.preferenceAtDrop ?? c.targetPreferred
        if toTarget, preferred != wanted { return nil } // the destination kept its old choice
        let heard = toTarget ? "the destination, which then preferred \(wanted.rawValue)"
            : toSource ? "only the source, which cannot change its offer once the drag started"
            : "neither window"
        return DndDiagnosis(.compositorIgnoresModifiers, c.step,
                            cause: "\(keys) pressed over the destination reached \(heard), and the compositor kept \(c.chosen?.rawValue ?? "no action") for the drop instead of \(wanted.rawValue)",
                            remedy: "Report it to the compositor's issue tracker (\(wlrootsTrackers); wayfire maps keys itself). Until then hold \(keys) before pressing: the source then offers \(wanted.rawValue) alone")
    }

    public static func actionBeforeEnter(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil, c.first(.target, { $0 == .enter }) != nil, c.actionBeforeEnter,
              let e = c.first(.source, { if case .action(let a) = $0 { a != nil } else { false } }) else { return nil }
        return DndDiagnosis(.actionBeforeEnter, c.step,
                            cause: "the source heard \(e.kind.name) at \(fmt(e.t, decimals: 3)) s, before the destination heard enter: the compositor chose before any destination answered",
                            remedy: "Report it to the compositor (Hyprland's hard-coded move before enter is #13578); a source should not act on an action before the drag is over a destination")
    }

    public static func keysFrozenAtDragStart(_ c: DndCase) -> [DndDiagnosis] {
        guard c.skipped == nil else { return [] }
        var found: [DndDiagnosis] = []
        for side in [DndSide.source, .target] {
            guard let change = midDragChange(c, side) else { continue }
            let keys = DndCase.keyNames(change.keys, c.convention).joined(separator: "+")
            let asked = change.asked.rawValue, at = fmt(change.t, decimals: 3)
            switch side {
            case .target:
                let hasPreferences = c.events.contains { if $0.side == .target, case .prefers = $0.kind { true } else { false } }
                let kept = hasPreferences ? c.preferenceAtDrop.flatMap { $0 } : c.chosen
                guard kept != change.asked, hasPreferences || c.offered.contains(change.asked) else { continue }
                found.append(DndDiagnosis(.keysFrozenAtDragStart, c.step,
                                          cause: "\(keys) reached the destination at \(at) s, asking for \(asked), yet it kept \(kept?.rawValue ?? "no action") from the drag's start",
                                          remedy: "Report it to the destination application (Chrome and Firefox freeze modifiers at drag start): it should follow wl_keyboard.modifiers during the drag and call wl_data_offer.set_actions again"))
            case .source:
                let start = DndStep.asked(by: c.keysAtPress, c.convention)
                guard !c.offered.isEmpty, !c.offered.contains(change.asked), c.chosen == start else { continue }
                found.append(DndDiagnosis(.keysFrozenAtDragStart, c.step,
                                          cause: "the source offered \(c.offered.map(\.rawValue).joined(separator: "|")) by the keys at the press; \(keys) reached it at \(at) s asking for \(asked), which it had not offered",
                                          remedy: "A source's actions are fixed at start_drag: report it to the source application (offer every action the keys could ask for and let the destination choose); until then hold the keys before pressing"))
            }
        }
        return found
    }

    /// The newest modifier change `side` heard between the drag's start and its drop that asks
    /// for another action than the keys at the start did.
    static func midDragChange(_ c: DndCase, _ side: DndSide) -> (keys: Modifiers, asked: DndAction, t: Double)? {
        let events = c.events
        let startIndex: Int, startKeys: Modifiers
        if side == .source {
            startIndex = -1
            startKeys = c.keysAtPress
        } else {
            guard let enter = events.firstIndex(where: { $0.side == .target && $0.kind == .enter }) else { return nil }
            startIndex = enter
            var k: Modifiers?
            for e in events[...enter] where e.side == .target { if case .keys(let m) = e.kind { k = m } }
            startKeys = k ?? c.keysAtPress
        }
        let end = side == .source ? DndEvent.Kind.dropPerformed : .drop
        let endIndex = events.firstIndex { $0.side == side && $0.kind == end } ?? events.endIndex
        let startAsked = DndStep.asked(by: startKeys, c.convention)
        guard startIndex + 1 < endIndex else { return nil }
        for e in events[(startIndex + 1)..<endIndex].reversed() where e.side == side {
            guard case .keys(let m) = e.kind else { continue }
            guard let a = DndStep.asked(by: m, c.convention), a != startAsked else { return nil }
            return (m, a, e.t)
        }
        return nil
    }

    public static func destinationIgnoresPreference(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil, let wanted = c.step.asked(c.convention), c.offered.contains(wanted), c.chosen != wanted,
              c.keysReached(.target) == true else { return nil }
        let preferred = c.preferenceAtDrop ?? c.targetPreferred
        guard preferred != wanted else { return nil }
        let keys = DndCase.keyNames(c.step.keys(c.convention).union(c.step.midDragKeys(c.convention)), c.convention).joined(separator: "+")
        return DndDiagnosis(.destinationIgnoresPreference, c.step,
                            cause: "the destination saw \(keys), which asks for \(wanted.rawValue) (offered by the source), yet preferred \(preferred?.rawValue ?? "nothing") and the drop took \(c.chosen?.rawValue ?? "no action")",
                            remedy: "Report it to the destination application: it should prefer \(wanted.rawValue) with \(keys) held (wl_data_offer.set_actions). Until then hold \(keys) before pressing: the source then offers \(wanted.rawValue) alone")
    }

    public static func sourceNeverTold(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil, c.result == .none, let waited = c.gaveUpAfter,
              c.dropPerformed || c.first(.target, { $0 == .drop }) != nil else { return nil }
        let finished = c.first(.target, { $0 == .finish }) != nil
        let remedy = finished
            ? "The destination called finish: report it to the compositor (KWin 5.27 did this after an ask-menu Cancel)"
            : "The destination never called wl_data_offer.finish: report it to the destination application (after ask it must pick an action, then finish)"
        return DndDiagnosis(.sourceNeverTold, c.step,
                            cause: "the drop was performed but the source heard neither dnd_finished nor cancelled within \(fmt(waited, decimals: 0)) s",
                            remedy: remedy + "; sources should give up after a while and treat the drop as cancelled, as Lodestone's does")
    }

    public static func destinationCancelled(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil, c.step.expectedResult == .finished, c.result == .cancelled, c.verdict == .differs,
              c.first(.source, { $0 == .cancelledOwnDrag }) == nil else { return nil }
        let asked = c.events.contains { if case .sent = $0.kind { true } else { false } }
        let accepted = c.events.last { e in if case .peerAccepted = e.kind { true } else { false } }
        if !c.dropPerformed, case .peerAccepted(nil)? = accepted?.kind {
            return DndDiagnosis(.destinationCancelled, c.step,
                                cause: "the destination accepted none of the types offered (the source's last wl_data_source.target named none): it refused the drop, and the compositor cancelled at the release",
                                remedy: "Nothing to fix where the destination takes no files or text; otherwise report it to the destination application")
        }
        let cause = !c.dropPerformed
            ? "the drag was cancelled before any drop: the destination went away (or the compositor gave up) mid-drag"
            : asked ? "the destination asked for the data after the drop, then the drag was cancelled instead of finished: it let the offer go (or quit) after reading"
            : "the drop was performed, then cancelled before the destination asked for any data: it refused it late, or went away"
        return DndDiagnosis(.destinationCancelled, c.step, cause: cause,
                            remedy: "Report it to the destination application: a drop it accepted must be read and finished (wl_data_offer.finish), or refused before the drop; a crash belongs there too. The source kept its item: nothing was lost")
    }

    public static func textMoved(_ c: DndCase) -> DndDiagnosis? {
        guard c.skipped == nil, c.result == .finished, (c.finalAction ?? c.chosen) == .move,
              let type = c.acceptedType, type.hasPrefix("text/plain"), c.step.asked(c.convention) != .move else { return nil }
        let copyKey = DndCase.keyNames(DndStep.copy.keys(c.convention), c.convention).joined(separator: "+")
        return DndDiagnosis(.textMoved, c.step,
                            cause: "the destination took \(type) as a move nobody asked for: a text source (an editor, a browser) deletes the dragged text",
                            remedy: "Report it to the destination application: a text drop should copy unless the move key is held. Until then hold \(copyKey) while dragging text")
    }

    public static func orderDependent(_ cases: [DndCase]) -> [DndDiagnosis] {
        var found: [DndDiagnosis] = []
        var seen: [DndStep] = []
        for c in cases where c.skipped == nil && !seen.contains(c.step) {
            seen.append(c.step)
            let same = cases.enumerated().filter { $0.element.step == c.step && $0.element.skipped == nil }
            var outcomes: [String] = []
            for (i, s) in same {
                let o = outcome(s)
                if !outcomes.contains(where: { $0.hasPrefix(o + " (") }) { outcomes.append("\(o) (case \(i + 1))") }
            }
            guard outcomes.count > 1 else { continue }
            found.append(DndDiagnosis(.orderDependent, c.step,
                                      cause: "the same step gave \(outcomes.joined(separator: ", then ")) in one run: the result depends on the drags before it",
                                      remedy: "Report it to the compositor with this report's timelines (mutter 43 answered a mid-drag Ctrl by the drag before it); compare each step in a fresh session"))
        }
        return found
    }

    static func outcome(_ c: DndCase) -> String {
        var s = "\(c.chosen?.rawValue ?? "no action")"
        if c.finalAction != c.chosen { s += "→\(c.finalAction?.rawValue ?? "none")" }
        return s + " \(c.result.rawValue)" + (c.readBytes == nil ? ", nothing read" : ", read")
    }
}
