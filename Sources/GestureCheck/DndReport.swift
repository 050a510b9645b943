// The report of `lodestone dnd` (issue 33; I2, G11): the compositor, the conventions and each
// case with its timeline, who chose the action and the verdict; Markdown and JSON.
//
// JSON schema: {"compositor": {"name": string|null, "data_device_manager": int|null,
//   "seat": int|null}, "conventions": "desktop"|"mac", "cases": [{"step", "keys": [string],
//   "offered": [action], "accepted_type": string|null, "target_actions": [action],
//   "target_preferred": action|null, "chosen": action|null,
//   "decided_by": "destination"|"compositor"|"source"|"unknown",
//   "result": "finished"|"cancelled"|"none", "read": {"type", "bytes"}|null,
//   "keys_reached": bool|null, "keys_at_press": [string], "keys_at_drop": [string],
//   "action_before_enter": bool, "drop_to_finished_ms": number|null,
//   "expected": action, "verdict": "as-expected"|"differs"|"skipped", "skipped": string|null,
//   "events": [{"t": seconds, "side": "source"|"target", "event": string},
//   "peer_accepted_type": string|null, "sends": [{"type", "bytes", "complete": bool}],
//   "target_finished": bool, "gave_up_after_s": number|null, "peer_types": [string],
//   "left_without_drop_s": number|null, "left_over_zone": bool}]}
// where action is "copy", "move" or "ask"; "expected" is null in other-app (any action the
// other application chose). peer_accepted_type: the source's last wl_data_source.target up to
// the drop; sends: each wl_data_source.send (the type asked for, the bytes taken); peer_types:
// into-target's offer (another application's types); left_*: its drag left without a drop.
import InputProtocol

public struct DndReport: Sendable {
    public var compositor: CompositorInfo
    public var convention: DragConvention
    public var cases: [DndCase]

    public init(compositor: CompositorInfo, convention: DragConvention, cases: [DndCase]) {
        self.compositor = compositor; self.convention = convention; self.cases = cases
    }

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
        for c in cases {
            md += "\n## \(c.step.rawValue)\n\n\(c.summary).\n"
            if c.skipped != nil { continue }
            md += "\n- Keys seen at the press: \(Self.names(c.keysAtPress, c.convention)), at the drop: \(Self.names(c.keysAtDrop, c.convention))"
            if let r = c.keysReached { md += r ? " (the step's keys reached Lodestone)" : " (the step's keys did not reach Lodestone)" }
            md += "\n- Target: accepted \(c.acceptedType ?? "no type"), actions \(Self.list(c.targetActions)), preferred \(c.targetPreferred?.rawValue ?? "none")\n"
            if c.actionBeforeEnter { md += "- The source heard an action before the target heard enter.\n" }
            if let l = c.dropToFinished { md += "- Drop → finished: \(fmt(l * 1000, decimals: 1)) ms\n" }
            md += Self.peerLines(c)
            md += "\n| t (s) | side | event |\n|---|---|---|\n"
            for e in c.events { md += "| \(fmt(e.t, decimals: 3)) | \(e.side.rawValue) | \(e.kind.name) |\n" }
        }
        return md
    }

    static func list(_ actions: [DndAction]) -> String { actions.isEmpty ? "none" : actions.map(\.rawValue).joined(separator: "|") }
    static func names(_ keys: Modifiers, _ convention: DragConvention) -> String {
        let n = DndCase.keyNames(keys, convention)
        return n.isEmpty ? "none" : n.joined(separator: "+")
    }

    // MARK: JSON

    package var jsonValue: JSONValue {
        func opt(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
        func actions(_ a: [DndAction]) -> JSONValue { .array(a.map { .string($0.rawValue) }) }
        func strings(_ s: [String]) -> JSONValue { .array(s.map { .string($0) }) }
        let cs: [JSONValue] = cases.map { c in
            let read: JSONValue = c.readBytes.map { n -> JSONValue in .object([("type", opt(c.acceptedType)), ("bytes", JSONWriter.number(n))]) } ?? .null
            let events: [JSONValue] = c.events.map { e in
                .object([("t", JSONWriter.number((e.t * 1000).rounded() / 1000)), ("side", .string(e.side.rawValue)), ("event", .string(e.kind.name))])
            }
            return .object([
                ("step", .string(c.step.rawValue)), ("keys", strings(c.keys)), ("offered", actions(c.offered)),
                ("accepted_type", opt(c.acceptedType)), ("target_actions", actions(c.targetActions)),
                ("target_preferred", opt(c.targetPreferred?.rawValue)), ("chosen", opt(c.chosen?.rawValue)),
                ("decided_by", .string(c.decidedBy.rawValue)), ("result", .string(c.result.rawValue)), ("read", read),
                ("keys_reached", c.keysReached.map { b -> JSONValue in .bool(b) } ?? .null),
                ("keys_at_press", strings(DndCase.keyNames(c.keysAtPress, c.convention))),
                ("keys_at_drop", strings(DndCase.keyNames(c.keysAtDrop, c.convention))),
                ("action_before_enter", .bool(c.actionBeforeEnter)),
                ("drop_to_finished_ms", c.dropToFinished.map { l -> JSONValue in JSONWriter.number((l * 1e6).rounded() / 1000) } ?? .null),
                ("expected", c.step.anyAction ? .null : .string(c.step.expected.rawValue)), ("verdict", .string(c.verdict.rawValue)),
                ("skipped", opt(c.skipped)), ("events", .array(events)),
            ] + Self.peerFields(c))
        }
        let g = compositor.globals
        return .object([
            ("compositor", .object([("name", opt(compositor.name)),
                                    ("data_device_manager", g?["wl_data_device_manager"].map { v -> JSONValue in JSONWriter.number(v) } ?? .null),
                                    ("seat", g?["wl_seat"].map { v -> JSONValue in JSONWriter.number(v) } ?? .null)])),
            ("conventions", .string(convention.rawValue)),
            ("cases", .array(cs)),
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
