// `lodestone dnd`'s private trace (issue 33.4; I2, G11, T3): the run's input (both windows' seat
// events) and what wl_data_device said, in Lodestone's trace format (Protocols/
// lodestone-input-v1.md), written as it happens next to the report (`--report FILE` →
// BASE.trace). Private as `lodestone check`'s: the recorder redacts text keys (their codes
// become "private"; modifiers and the control keys stay), and the drop's data is never in it,
// only its type and size. The data device's events are the notes of §2.3 (as `lodestone events
// --json` writes them); each recorded event of a case is a note too:
//   {"time", "type": "data_device", "event": "dnd_case", "step", "side": "source"|"target",
//    "what": the report's event name ("action copy", "read 57 bytes", …), "t": seconds after
//    the press, "modifiers"}
// A decoder and replay pass over the notes; the input replays.
import GestureCheck
import InputProtocol
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

final class DndTrace {
    let path: String
    private let fd: Int32
    private let recorder: TraceRecorder
    /// The notes' format and the modifiers in effect.
    private var notes = InspectorLine()
    private var lastTime = Timestamp(rawValue: 0)
    private var failed = false
    private var closed = false

    /// The trace beside a report: BASE.trace (BASE: the report's path without .md or .json).
    static func path(forReport report: String) -> String { reportBase(report) + ".trace" }

    /// A report's path without its .md or .json, the stem its companions share.
    static func reportBase(_ report: String) -> String {
        report.hasSuffix(".json") ? String(report.dropLast(5)) : report.hasSuffix(".md") ? String(report.dropLast(3)) : report
    }

    init(path: String, convention: DragConvention) throws(TraceFiles.IOError) {
        self.path = path
        let fd = try TraceFiles.create(path)
        self.fd = fd
        recorder = TraceRecorder(privacy: .redactText, meta: ["generator": "lodestone \(CLI.version) dnd", "backend": "wayland",
                                                             "conventions": convention.rawValue]) { text in
            try TraceFiles.write(text, to: fd, path: path)
        }
        recorder.flushThreshold = 1
    }

    deinit { close() }

    func close() {
        guard !closed else { return }
        closed = true
        write { try recorder.flush() }
        if fd > 2 { Glibc.close(fd) }
    }

    /// One seat event of either window (text keys redacted by the recorder).
    func input(_ raw: InputEvent) {
        var e = raw
        if e.time < lastTime { e.time = lastTime }
        lastTime = e.time
        _ = notes.line(for: e)
        write { try recorder.append(e) }
    }

    /// What the data device said (enter with the offer's types and actions, motion, action, drop…).
    func dataDevice(_ e: DataDeviceEvent) {
        note(notes.json(for: e))
    }

    /// One event of the case under way, as the report has it.
    func record(_ step: DndStep, _ e: DndEvent) {
        var w = JSONWriter()
        w.write(.object([("time", JSONWriter.number(DataDeviceEvent.now().rawValue)), ("type", .string("data_device")),
                         ("event", .string("dnd_case")), ("step", .string(step.rawValue)), ("side", .string(e.side.rawValue)),
                         ("what", .string(e.kind.name)), ("t", JSONWriter.number((e.t * 1000).rounded() / 1000)),
                         ("modifiers", .array(notes.modifiers.effective.names.map { .string($0) }))]))
        note(w.text)
    }

    private func note(_ line: String) {
        write {
            try recorder.flush()
            try TraceFiles.write(line + "\n", to: fd, path: path)
        }
    }

    /// A write that fails is said once; the run goes on without the rest of the trace.
    private func write(_ body: () throws -> Void) {
        guard !failed else { return }
        do { try body() } catch {
            failed = true
            Diagnostics.warning("dnd: the trace \(path): \(error)")
        }
    }
}
