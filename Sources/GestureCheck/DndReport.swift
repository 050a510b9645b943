// The report of `lodestone dnd` (issue 33; I2, G11): the compositor, the conventions and each
// case with its timeline, who chose the action and the verdict; Markdown and JSON.
//
// JSON schema: {"compositor": {"name": string|null, "data_device_manager": int|null,
//   "seat": int|null}, "conventions": "desktop"|"mac", "cases": [{"step", "keys": [string],
//   "offered": [action], "accepted_type": string|null, "target_actions": [action],
//   "target_preferred": action|null, "chosen": action|null (at the drop),
//   "final_action": action|null (the newest, after an ask the target's pick),
//   "decided_by": "destination"|"compositor"|"source"|"unknown",
//   "result": "finished"|"cancelled"|"none", "cancelled_by": "source"|"compositor"|null,
//   "read": {"type", "bytes"}|null, "keys_mid_drag": [string],
//   "keys_reached": {"source": bool|null, "target": bool|null} (whether the step's keys —
//   held before the press, pressed mid-drag, or Escape — reached that window; null: no keys),
//   "keys_at_press": [string], "keys_at_drop": [string] (the source window's),
//   "action_before_enter": bool, "drop_to_finished_ms": number|null,
//   "expected": action|null (null: cancelled steps, and other-app: any action the other
//   application chose), "expected_result": "finished"|"cancelled",
//   "verdict": "as-expected"|"differs"|"skipped", "skipped": string|null,
//   "events": [{"t": seconds, "side": "source"|"target", "event": string}],
//   "picture": string|null,
//   "peer_accepted_type": string|null, "sends": [{"type", "bytes", "complete": bool}],
//   "target_finished": bool, "gave_up_after_s": number|null, "peer_types": [string],
//   "left_without_drop_s": number|null, "left_over_zone": bool}],
//   "diagnoses": [{"id": string, "step": string, "cause": string, "remedy": string}],
//   "trace": string|null}
// where action is "copy", "move" or "ask"; a step listed twice in --steps has two cases, in order.
// peer_accepted_type: the source's last wl_data_source.target up to the drop; sends: each
// wl_data_source.send (the type asked for, the bytes taken); peer_types: into-target's offer
// (another application's types); left_*: its drag left without a drop.
// `picture` is the case's sequence diagram (DndDiagram), a PNG next to the report
// (`--report BASE.md` → BASE-STEP.png, BASE-STEP-2.png for a step's second case), and `trace`
// the private trace (BASE.trace; T3): file names without a directory, relative to the report;
// null when the report went to stdout. The Markdown embeds the pictures and names the trace.
import InputProtocol

public struct DndReport: Sendable {
    public var compositor: CompositorInfo
    public var convention: DragConvention
    public var cases: [DndCase]
    /// Each case's picture file, by case index, and the private trace's file (issue 33.4).
    public var pictures: [Int: String] = [:]
    public var trace: String?

    public init(compositor: CompositorInfo, convention: DragConvention, cases: [DndCase]) {
        self.compositor = compositor; self.convention = convention; self.cases = cases
    }

    /// What went wrong and where to report it (DndDiagnosis).
    public var diagnoses: [DndDiagnosis] { DndDiagnosis.diagnose(cases) }

    // MARK: Markdown

    public var markdown: String {
        var md = "# Lodestone drag-and-drop report\n\n"
        md += "- Compositor: \(compositor.name ?? "unknown")"
        if let g = compositor.globals {
            md += " (wl_data_device_manager \(g["wl_data_device_manager"].map { "v\($0)" } ?? "not offered"), wl_seat \(g["wl_seat"].map { "v\($0)" } ?? "not offered"))"
        }
        md += "\n- Conventions: \(convention.rawValue)\n\n"
        md += "| step | keys | offered | target preferred | chosen | decided by | result | read | verdict |\n"
        md += "|---|---|---|---|---|---|---|---|---|\n"
        for c in cases {
            let read = c.readBytes.map { "\($0) B \(c.acceptedType ?? "")" } ?? "nothing"
            md += "| \(c.step.rawValue) | \(c.keys.isEmpty ? "none" : c.keys.joined(separator: "+")) | \(Self.list(c.offered)) "
            md += "| \(c.targetPreferred?.rawValue ?? "none") | \(c.chosen?.rawValue ?? "none") | \(c.decidedBy.rawValue) "
            md += "| \(c.result.rawValue) | \(read) | \(c.verdict.rawValue) |\n"
        }
        md += "\n## Diagnoses\n\n"
        let found = diagnoses
        if found.isEmpty { md += "None.\n" }
        for d in found { md += "- **\(d.id.rawValue)** (\(d.step.rawValue)): \(d.cause). Remedy: \(d.remedy).\n" }
        for (i, c) in cases.enumerated() {
            md += "\n## \(c.step.rawValue)\n\n\(c.summary).\n"
            if let p = pictures[i] { md += "\n![\(c.step.rawValue): the sequence of this drag](\(p))\n" }
            if c.skipped != nil { continue }
            md += "\n- Keys the source saw at the press: \(Self.names(c.keysAtPress, c.convention)), at the drop: \(Self.names(c.keysAtDrop, c.convention))\n"
            let reached = [DndSide.source, .target].compactMap { side in
                c.keysReached(side).map { "\($0 ? "reached" : "did not reach") the \(side.rawValue)" }
            }
            if !reached.isEmpty { md += "- The step's keys \(reached.joined(separator: " and "))\n" }
            md += "- Target: accepted \(c.acceptedType ?? "no type"), actions \(Self.list(c.targetActions)), preferred \(c.targetPreferred?.rawValue ?? "none")\n"
            if c.actionBeforeEnter { md += "- The source heard an action before the target heard enter.\n" }
            if let l = c.dropToFinished { md += "- Drop → finished: \(fmt(l * 1000, decimals: 1)) ms\n" }
            md += Self.peerLines(c)
            md += "\n| t (s) | side | event |\n|---|---|---|\n"
            for e in c.events { md += "| \(fmt(e.t, decimals: 3)) | \(e.side.rawValue) | \(e.kind.name(c.convention)) |\n" }
        }
        if let trace { md += "\n## Trace\n\n`\(trace)` (private: text keys are redacted and no dropped data is kept; attach it to a bug report)\n" }
        return md
    }

    /// "copy/move/ask": a bar would split the Markdown table's cell.
    static func list(_ actions: [DndAction]) -> String { actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: "/") }
    static func names(_ keys: Modifiers, _ convention: DragConvention) -> String {
        let n = DndCase.keyNames(keys, convention)
        return n.isEmpty ? "none" : n.joined(separator: "+")
    }

    // MARK: JSON

    package var jsonValue: JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        func actions(_ a: [DndAction]) -> JSONValue { .array(a.map { .string($0.rawValue) }) }
        func strings(_ s: [String]) -> JSONValue { .array(s.map { .string($0) }) }
        let cs: [JSONValue] = cases.enumerated().map { i, c in
            let read: JSONValue = c.readBytes.map { n -> JSONValue in .object([("type", opt(c.acceptedType)), ("bytes", JSONWriter.number(n))]) } ?? .null
            let events: [JSONValue] = c.events.map { e in
                .object([("t", JSONWriter.number((e.t * 1000).rounded() / 1000)), ("side", .string(e.side.rawValue)), ("event", .string(e.kind.name(c.convention)))])
            }
            return .object([
                ("step", .string(c.step.rawValue)), ("keys", strings(c.keys)), ("offered", actions(c.offered)),
                ("accepted_type", opt(c.acceptedType)), ("target_actions", actions(c.targetActions)),
                ("target_preferred", opt(c.targetPreferred?.rawValue)), ("chosen", opt(c.chosen?.rawValue)),
                ("final_action", opt(c.finalAction?.rawValue)),
                ("decided_by", .string(c.decidedBy.rawValue)), ("result", .string(c.result.rawValue)),
                ("cancelled_by", opt(c.cancelledBy)), ("read", read),
                ("keys_mid_drag", strings(DndCase.keyNames(c.step.midDragKeys(c.convention), c.convention) + (c.step == .escape ? ["Esc"] : []))),
                ("keys_reached", .object([DndSide.source, .target].map { side in (side.rawValue, c.keysReached(side).map { b -> JSONValue in .bool(b) } ?? .null) })),
                ("keys_at_press", strings(DndCase.keyNames(c.keysAtPress, c.convention))),
                ("keys_at_drop", strings(DndCase.keyNames(c.keysAtDrop, c.convention))),
                ("action_before_enter", .bool(c.actionBeforeEnter)),
                ("drop_to_finished_ms", c.dropToFinished.map { l -> JSONValue in JSONWriter.number((l * 1e6).rounded() / 1000) } ?? .null),
                ("expected", opt(c.step.expected?.rawValue)), ("expected_result", .string(c.step.expectedResult.rawValue)),
                ("verdict", .string(c.verdict.rawValue)),
                ("skipped", opt(c.skipped)), ("events", .array(events)),
                ("picture", opt(pictures[i])),
            ] + Self.peerFields(c))
        }
        let g = compositor.globals
        return .object([
            ("compositor", .object([("name", opt(compositor.name)),
                                    ("data_device_manager", g?["wl_data_device_manager"].map { v -> JSONValue in JSONWriter.number(v) } ?? .null),
                                    ("seat", g?["wl_seat"].map { v -> JSONValue in JSONWriter.number(v) } ?? .null)])),
            ("conventions", .string(convention.rawValue)),
            ("cases", .array(cs)),
            ("diagnoses", .array(diagnoses.map { d in
                .object([("id", .string(d.id.rawValue)), ("step", .string(d.step.rawValue)),
                         ("cause", .string(d.cause)), ("remedy", .string(d.remedy))])
            })),
            ("trace", opt(trace)),
        ])
    }

    public var json: String {
        var w = JSONWriter()
        w.write(jsonValue)
        return w.text + "\n"
    }
}

extension DndReport {
    /// other-app and into-target: what the other application asked for and offered.
    static func peerLines(_ c: DndCase) -> String {
        var md = ""
        if c.heardTarget { md += "- The destination last accepted \(c.peerAcceptedType ?? "no type") before the drop\n" }
        for s in c.sends { md += "- It asked for \(s.type) and took \(s.bytes) bytes\(s.complete ? "" : " (not all: it closed the pipe or never read)")\n" }
        if let g = c.gaveUpAfter { md += "- The source heard neither finished nor cancelled within \(fmt(g, decimals: 0)) s of the drop\n" }
        if !c.peerTypes.isEmpty { md += "- The other application offered \(c.peerTypes.joined(separator: ", ")) with \(list(c.offered))\n" }
        return md
    }

    package static func peerFields(_ c: DndCase) -> [(String, JSONValue)] {
        func seconds(_ s: Double?) -> JSONValue { s.map { JSONWriter.number($0) } ?? .null }
        let sends: [JSONValue] = c.sends.map { .object([("type", .string($0.type)), ("bytes", JSONWriter.number($0.bytes)), ("complete", .bool($0.complete))]) }
        return [("peer_accepted_type", c.peerAcceptedType.map { .string($0) } ?? .null), ("sends", .array(sends)),
                ("target_finished", .bool(c.targetFinished)), ("gave_up_after_s", seconds(c.gaveUpAfter)),
                ("peer_types", .array(c.peerTypes.map { .string($0) })), ("left_without_drop_s", seconds(c.leftWithoutDrop)),
                ("left_over_zone", .bool(c.leftOverZone))]
    }
}
