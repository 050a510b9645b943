// Bad input from a real drag source (issue 18, tests: bad input; SPEC E, T3), end to end under
// headless sway: the dnd-source fixture (Tests/Fixtures/dnd-source) misbehaves on purpose and
// Lodestone's playground is the destination.
// - offered names with control bytes or bytes that are not UTF-8: named errors, left out;
// - a source that never writes: the transfer's timeout (TransferLimits.transferTimeout), a
//   clear message, and the window answers input meanwhile;
// - a source that writes past the size limit (50 MB): refused, said so with the limit, not
//   finished, and the window's memory back where it was (issue 30.8);
// - a second drop while the first one's transfer is in flight: both read whole, each into its
//   own target; the second is finished. (The first's source hears "cancelled" as soon as the
//   second drag starts, before Lodestone sees its offer: wlroots lets one drag's source go
//   when the next drag begins, so its dnd_finished never reaches the source under sway.)
// - a source that disconnects mid-drag: the offer leaves, nothing is dropped or half-applied.
// One sway and one Lodestone serve every check of a test; each fixture window comes and goes
// beside Lodestone's, so the layout is read again each time.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport
import WaylandClient

@Suite("Bad drag sources under sway (issue 18: bad input)", .serialized)
struct DropFaultsUnderSwayTests {
    static let text = "text/plain;charset=utf-8"

    /// A process's resident private memory (smaps_rollup's Anonymous: the heap, not the
    /// shared window buffers, whose number varies with the compositor's releases), bytes.
    static func residentBytes(_ pid: pid_t) throws -> Int {
        let rollup = try String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8)
        guard let line = rollup.split(separator: "\n").first(where: { $0.hasPrefix("Anonymous:") }),
              let kb = Int(line.split(separator: " ").dropFirst().first ?? "") else { throw HarnessError("no Anonymous in \(pid)'s smaps_rollup") }
        return kb * 1024
    }

    /// Sway, Lodestone's playground and its state log.
    final class Session: LodestoneDesk {
        init() throws { try super.init(width: 2400, height: 1800, prefix: "lodestone-drop-faults") }

        /// A source with `options` beside Lodestone; Lodestone's layout at its new size read back.
        func source(_ options: [String], actions: Int = 3, data: String, types: [String] = [DropFaultsUnderSwayTests.text])
            throws -> (process: ChildProcess, start: (Double, Double), lodestone: Sway.WindowInfo) {
            let binary = RepositoryRoot.path + "/.build/fixtures/dnd-source"
            guard FileManager.default.isExecutableFile(atPath: binary) else {
                throw HarnessError("the dnd-source fixture is not built: run scripts/build-fixtures (make test does)")
            }
            let p = try ChildProcess([binary] + options + [String(actions), data] + types, environment: sway.clientEnvironment, name: "dnd-source")
            try p.waitForLine(containing: "ready")
            let from = try sway.waitForSettledWindow(appID: "lodestone-dnd-source")
            let into = try sway.waitForSettledWindow(appID: "lodestone")
            let size = (Double(into.content.width), Double(into.content.height))
            try state.waitFor("a frame at the tiled size \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
            return (p, (Double(from.content.x) + Double(from.content.width) / 2, Double(from.content.y) + Double(from.content.height) / 2), into)
        }

        /// `id`'s centre on the output, from the showcase laid out for the size sway gave the
        /// window (the size the window's last frame reports), unscrolled as the window is.
        func centre(_ id: ElementID, in w: Sway.WindowInfo) throws -> (Double, Double) {
            let size = Size(width: Double(w.content.width), height: Double(w.content.height))
            let layout = try #require(state.last?.json["layout"] as? [String: Any], "the window reports its layout")
            #expect(layout["size"] as? [Double] == [size.width, size.height], "the window is laid out for \(size): \(layout)")
            #expect(layout["content_offset"] as? Double == 0, "the cards are not scrolled: \(layout)")
            let model = PlaygroundSession(size: size)
            let f = try #require(model.engine.surfaceFrame(of: id))
            #expect(f.minX >= 0 && f.minY >= 0 && f.maxX <= size.width && f.maxY <= size.height, "\(id) on screen at \(size): \(f)")
            return (Double(w.content.x) + f.midX, Double(w.content.y) + f.midY)
        }

        /// Presses in the source and carries its drag onto `onto` in steps; releases when `drop`.
        /// `awaitAccepted`: wait for a state showing the offer accepted before the release.
        func drag(from start: (Double, Double), to onto: (Double, Double), source: ChildProcess, drag number: Int, drop: Bool = true,
                  awaitAccepted: Bool = true) throws {
            try seat.enter(source, at: start)
            try seat.press(.left)
            try source.waitForLine(containing: "drag-started")
            for i in 1...12 {
                let t = Double(i) / 12
                try seat.move(to: start.0 + (onto.0 - start.0) * t, start.1 + (onto.1 - start.1) * t)
            }
            try seat.move(to: onto.0 + 2, onto.1 + 2)
            if awaitAccepted {
                try state.waitFor("the offer over its target", settled: false) { s in
                    (s.json["external_drag"] as? [String: Any])?["accepted_type"] is String
                }
            }
            if drop { try seat.release(.left) }
        }

        var count: Int { state.last?.json["external_drop_count"] as? Int ?? 0 }
        func drop(_ s: AppState) -> [String: Any]? { s.json["external_drop"] as? [String: Any] }
    }

    @Test("a source that never writes times out with a clear message while the window answers input; one that writes 50 MB, past the limit, is refused, says so with the limit, is not finished and leaves no memory behind (issue 30.8)")
    func stuckAndOversized() throws {
        let s = try Session()
        let folder = Showcase.ID.dropTargets[0]
        do {
            let (source, start, into) = try s.source(["--hold"], data: "never-sent")
            defer { source.stop() }
            let before = s.count
            let started = Date()
            try s.drag(from: start, to: try s.centre(folder, in: into), source: source, drag: 1)
            try source.waitForLine(containing: "send \(Self.text) #1")
            // The transfer is in flight: the window still answers the next input (hover).
            let other = Showcase.ID.draggables[1]
            let o = try s.centre(other, in: into)
            try s.seat.move(to: o.0, o.1)
            try s.state.waitFor("the window answers a hover while the transfer waits", timeout: 3, settled: false) {
                $0.json["hovered"] as? Int == Int(other.rawValue)
            }
            #expect(s.count == before, "nothing is shown until the transfer ends")
            let ended = try s.state.waitFor("the transfer's timeout", timeout: TransferLimits.transferTimeout + 5, settled: false) {
                $0.json["external_drop_count"] as? Int == before + 1
            }
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= TransferLimits.transferTimeout, "timed out after \(elapsed) s")
            let error = s.drop(ended)?["error"] as? String ?? ""
            #expect(error.contains("did not finish sending \(Self.text) within 5.0 s"), "\(error)")
            #expect(s.app.stderr.contains("drop: the source did not finish sending \(Self.text)"), "\(s.app.stderr)")
            // Not finished: the source hears cancelled and keeps its data.
            try source.waitForLine(containing: "cancelled #1")
            #expect(!source.stdout.contains("finished"))
            #expect(s.app.isRunning)
        }
        do {
            // Issue 30.8: 50 MB of text, past the 16 MiB limit: refused, said so with the limit,
            // and the window's memory comes back once the transfer ended.
            let limit = TransferLimits.maximumTransferBytes
            let (source, start, into) = try s.source(["--bytes", "50000000", "--write-block", "65536"], data: "0123456789abcdef\n")
            defer { source.stop() }
            let before = s.count
            Thread.sleep(forTimeInterval: 0.5)
            let rssBefore = try Self.residentBytes(s.app.pid)
            try s.drag(from: start, to: try s.centre(folder, in: into), source: source, drag: 1)
            let ended = try s.state.waitFor("the oversized transfer's end", timeout: 20, settled: false) {
                $0.json["external_drop_count"] as? Int == before + 1
            }
            let error = s.drop(ended)?["error"] as? String ?? ""
            #expect(error.contains("larger than the \(TransferLimits.describe(bytes: limit)) limit: it was refused, nothing dropped"), "\(error)")
            let shown = try s.state.waitFor("the Folder says the drop was too large") { st in
                ((st.json["dropped_in"] as? [Any])?.first as? String)?.hasPrefix("too large") == true
            }
            _ = shown
            try source.waitForLine(containing: "send-stopped after")
            try source.waitForLine(containing: "cancelled #1")
            Thread.sleep(forTimeInterval: 1)
            let rssAfter = try Self.residentBytes(s.app.pid)
            #expect(rssAfter < rssBefore + 8 << 20, "the transfer's memory given back: \(rssBefore >> 20) MiB of heap before, \(rssAfter >> 20) MiB after")
            #expect(!source.stdout.contains("finished"), "a refused drop is not finished: a move's source keeps its data")
            #expect(s.app.isRunning)
        }
    }

    @Test("a second drop while the first one's transfer is in flight: both read whole into their own targets, the second first; the second finished, the first's source let go by sway")
    func secondDropInFlight() throws {
        let s = try Session()
        let folder = Showcase.ID.dropTargets[0], copiesOnly = Showcase.ID.dropTargets[1]
        // The first send is answered 2.5 s late: long enough for the whole second drag, read
        // and finish to land before it, even on a loaded machine.
        let (source, start, into) = try s.source(["--numbered", "--delay-first", "2500"], data: "dropped")
        defer { source.stop() }
        let before = s.count
        try s.drag(from: start, to: try s.centre(folder, in: into), source: source, drag: 1)
        try source.waitForLine(containing: "send \(Self.text) #1")
        try source.waitForLine(containing: "drop-performed #1")
        try s.drag(from: start, to: try s.centre(copiesOnly, in: into), source: source, drag: 2)
        try source.waitForLine(containing: "send \(Self.text) #2")
        let second = try s.state.waitFor("the second drop read first", settled: false) { $0.json["external_drop_count"] as? Int == before + 1 }
        #expect(s.drop(second)?["target"] as? Int == Int(copiesOnly.rawValue))
        #expect(s.drop(second)?["digest"] as? String == ByteDigest.fnv1a("dropped-2".utf8), "\(String(describing: s.drop(second)))")
        #expect(s.drop(second)?["operation"] as? String == "copy")
        try source.waitForLine(containing: "finished #2")
        #expect(!source.stdout.contains("late send"), "the first is still in flight")
        let first = try s.state.waitFor("the first drop read after it", settled: false) { $0.json["external_drop_count"] as? Int == before + 2 }
        #expect(s.drop(first)?["target"] as? Int == Int(folder.rawValue))
        #expect(s.drop(first)?["digest"] as? String == ByteDigest.fnv1a("dropped-1".utf8), "\(String(describing: s.drop(first)))")
        #expect(s.drop(first)?["operation"] as? String == "copy", "a plain drop of text copies (issue 30.7)")
        #expect(s.drop(first)?["error"] == nil, "\(String(describing: s.drop(first)))")
        // Under wlroots the first drag's source was cancelled when the second drag began
        // (before the second's first target line), so it never hears finished #1: the read
        // above is whole all the same, the late data written to a pipe Lodestone still held.
        let lines = source.stdoutLines
        let cancelled = try #require(lines.firstIndex(of: "cancelled #1"), "\(lines)")
        let secondStart = try #require(lines.lastIndex(of: "drag-started"), "\(lines)")
        #expect(secondStart < cancelled && !lines[secondStart..<cancelled].contains { $0.hasPrefix("target ") }, "\(lines)")
        #expect(!s.app.stderr.contains("drop:"), "\(s.app.stderr)")
        #expect(s.app.isRunning)
    }

    @Test("a source that disconnects mid-drag over a target: the offer leaves, nothing dropped, the window answers; offered names with control bytes or not UTF-8 are named and left out")
    func disconnectAndNames() throws {
        let s = try Session()
        let folder = Showcase.ID.dropTargets[0]
        do {
            let (source, start, into) = try s.source(["--quit-on-target"], data: "gone")
            defer { source.stop() }
            let before = s.count
            try s.drag(from: start, to: try s.centre(folder, in: into), source: source, drag: 1, drop: false, awaitAccepted: false)
            try source.waitForLine(containing: "quitting mid-drag")
            _ = try s.state.waitFor("the offer gone with its source", settled: false) { $0.json["external_drag"] is NSNull }
            try s.seat.release(.left)
            let other = Showcase.ID.draggables[2]
            // The source's window is gone: Lodestone has the whole output again.
            let whole = try s.sway.waitForSettledWindow(appID: "lodestone")
            let size = (Double(whole.content.width), Double(whole.content.height))
            try s.state.waitFor("a frame at the whole output \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
            let o = try s.centre(other, in: whole)
            try s.seat.move(to: o.0, o.1)
            let after = try s.state.waitFor("the window answers a hover after the disconnect", timeout: 5, settled: false) {
                $0.json["hovered"] as? Int == Int(other.rawValue)
            }
            #expect(after.json["external_drop_count"] as? Int == before, "nothing dropped")
            #expect(after.json["drag"] is NSNull, "no drag left active")
            #expect(s.app.isRunning)
        }
        // Names: a bell inside one, an escape sequence, bytes that are not UTF-8, and one good type.
        let bad = ["text/pl\\x07ain", "text/\\x1b[31mred", "application/x-\\xff\\xfe"]
        let (source, start, into) = try s.source([], data: "named", types: bad + [Self.text])
        defer { source.stop() }
        try s.drag(from: start, to: try s.centre(folder, in: into), source: source, drag: 1, drop: false)
        let over = try s.state.waitFor("the offer over the Folder", settled: false) { ($0.json["external_drag"] as? [String: Any])?["target"] is Int }
        #expect((over.json["external_drag"] as? [String: Any])?["mime_types"] as? [String] == [Self.text], "only the good type is listed")
        try s.seat.release(.left)
        try source.waitForLine(containing: "finished #1")
        let stderr = s.app.stderr
        #expect(stderr.contains("announces the MIME type \"text/pl\\x07ain\" with byte 0x07 at offset 7"), "\(stderr)")
        #expect(stderr.contains("announces the MIME type \"text/\\x1B[31mred\" with byte 0x1B at offset 5"), "\(stderr)")
        #expect(stderr.contains("announces the MIME type \"application/x-\\xFF\\xFE\" with byte 0xFF at offset 14"), "\(stderr)")
        #expect(!stderr.contains("\u{07}") && !stderr.contains("\u{1B}"), "control bytes never printed raw")
        #expect(s.app.isRunning)
    }
}
