// Lodestone and gtk4-demo's "Drag-and-Drop" demo (`gtk4-demo --run dnd`, package
// gtk-4-examples) under headless sway (issue 18, tests; SPEC G11, I2): text in both
// directions, byte-identical.
// - GTK to Lodestone: the demo's "rainbow1" style button (the first of the three gradient
//   buttons after the colour swatches, bottom row) drags its style class name as a string,
//   offered as text/plain;charset=utf-8 (and text/plain, application/x-gtk-local-dnd) with
//   copy only; dropped on the Folder it is read and its digest matches "rainbow1".
// - Lodestone to GTK: the demo's canvas items ("Item 1", yellow) are drop targets for a
//   string or a colour, copy only; an item carried onto Item 1 is read by GTK as
//   text/plain;charset=utf-8 and finished (copy: the item stays). What GTK read is taken from
//   its read(2) calls on the pipe (strace attached to gtk4-demo), byte for byte.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport

@Suite("Lodestone and gtk4-demo's drag-and-drop demo under sway (issue 18; G11, I2)", .serialized)
struct GtkDemoDndUnderSwayTests {
    static let demo = "/usr/bin/gtk4-demo"

    private func glide(_ seat: SeatInjector, from a: (Double, Double), to b: (Double, Double), steps: Int = 24) throws {
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try seat.move(to: a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    private func centre(_ id: ElementID, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let model = PlaygroundSession(size: Size(width: Double(w.content.width), height: Double(w.content.height)))
        let f = try #require(model.engine.surfaceFrame(of: id))
        #expect(f.maxX <= Double(w.content.width) && f.maxY <= Double(w.content.height), "\(id) on screen: \(f)")
        return (Double(w.content.x) + f.midX, Double(w.content.y) + f.midY)
    }

    /// The centre of the demo's Item 1: the yellow label at the canvas's top left (dnd.c puts
    /// it at (40, 40) and Item 2 150 px right and 100 px down: the region holds Item 1 alone).
    private func itemOne(in w: Sway.WindowInfo, sway: Sway) throws -> (Double, Double) {
        let shot = try sway.screenshot(region: (w.content.x, w.content.y, 170, 130))
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot.pixel(x: x, y: y)
                if p.r > 230, p.g > 230, p.b < 40 { xs.append(x); ys.append(y) }
            }
        }
        #expect(xs.count > 500, "Item 1 (yellow) in the demo's top left: \(xs.count) pixels")
        guard !xs.isEmpty else { throw HarnessError("no yellow canvas item in gtk4-demo's window") }
        return (Double(w.content.x + xs.reduce(0, +) / xs.count), Double(w.content.y + ys.reduce(0, +) / ys.count))
    }

    /// The "rainbow1" button: 23 colour swatches of 48 × 32 px, then the three style buttons,
    /// in the bottom row (dnd.c). The screenshot checks a gradient is there, not a swatch.
    private func rainbowButton(in w: Sway.WindowInfo, sway: Sway) throws -> (Double, Double) {
        let p = (w.content.x + 23 * 48 + 24, w.content.y + w.content.height - 16)
        let shot = try sway.screenshot(region: (p.0 - 20, p.1 - 10, 40, 20))
        let colours = Set(shot.pixels(x: 0, y: 0, width: shot.width, height: shot.height).map { "\($0.r / 32),\($0.g / 32),\($0.b / 32)" })
        #expect(colours.count >= 6, "a gradient (many colours) at \(p): \(colours.count)")
        return (Double(p.0), Double(p.1))
    }

    /// What the process traced into `log` read from the pipe whose first read began `payload`:
    /// every read on that descriptor until one returns 0 (the writer closed it), joined.
    static func pipeReads(in log: String, startingWith payload: [UInt8]) -> (bytes: [UInt8], closed: Bool)? {
        struct Read { var fd: Int; var bytes: [UInt8]; var result: Int }
        // `read(12, "\x52\x65", 4096) = 2`, `read(12, 0x7f.., 4096) = -1 EAGAIN (…)` (one file per thread: -ff)
        let reads: [Read] = log.split(separator: "\n").compactMap { line in
            guard let r = line.range(of: "read(") else { return nil }
            let rest = line[r.upperBound...]
            guard let comma = rest.firstIndex(of: ","), let fd = Int(rest[..<comma]),
                  let eq = line.range(of: " = ", options: .backwards), // strace pads short calls: `read(8, "", 8192)      = 0`
                  let result = Int(line[eq.upperBound...].prefix { $0 == "-" || $0.isNumber }) else { return nil }
            var bytes: [UInt8] = []
            if let q1 = rest.firstIndex(of: "\""), let q2 = rest[rest.index(after: q1)...].firstIndex(of: "\"") {
                let hex = rest[rest.index(after: q1)..<q2].split(separator: "\\").compactMap { $0.hasPrefix("x") ? UInt8($0.dropFirst(), radix: 16) : nil }
                bytes = hex
            }
            return Read(fd: fd, bytes: bytes, result: result)
        }
        guard let first = reads.firstIndex(where: { $0.result > 0 && $0.bytes.starts(with: payload.prefix($0.bytes.count)) && !$0.bytes.isEmpty }) else { return nil }
        var bytes: [UInt8] = []
        for r in reads[first...] where r.fd == reads[first].fd {
            if r.result == 0 { return (bytes, true) }
            if r.result > 0 { bytes += r.bytes }
        }
        return (bytes, false)
    }

    @Test("text both ways, byte-identical: rainbow1 dropped on the Folder (copy, read, finished); Report dropped on the demo's Item 1 (GTK reads text/plain;charset=utf-8 and finishes; copy keeps it)")
    func textBothWays() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.demo) else {
            throw HarnessError("gtk4-demo is missing: install the gtk-4-examples package (scripts/setup test does)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else {
            throw HarnessError("strace is missing: install the strace package (scripts/setup test does)")
        }
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 2600, height: 1200),
                                                          config: ["default_border none", "mouse_warping none"])
        let scratch = try TemporaryDirectory(prefix: "lodestone-gtk-dnd")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never"], on: sway)
        defer { app.stop() }
        _ = try sway.waitForSettledWindow(appID: "lodestone")
        var env = sway.clientEnvironment
        env.merge(["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                   "HOME": scratch.path, "XDG_CONFIG_HOME": scratch.file("config"), "XDG_DATA_HOME": scratch.file("data")]) { _, new in new }
        let gtk = try ChildProcess([Self.demo, "--run", "dnd"], environment: env, name: "gtk4-demo")
        defer { gtk.stop() }
        let demo = try sway.waitForSettledWindow(appID: "gtk4-demo", timeout: 20)
        let lodestone = try sway.waitForSettledWindow(appID: "lodestone")
        let size = (Double(lodestone.content.width), Double(lodestone.content.height))
        try state.waitFor("a frame at the tiled size \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
        #expect(demo.content.x >= lodestone.content.x + lodestone.content.width, "gtk4-demo tiled right of Lodestone")
        Thread.sleep(forTimeInterval: 0.5)

        // GTK → Lodestone: the rainbow1 button onto the Folder.
        let folder = Showcase.ID.dropTargets[0]
        let from = try rainbowButton(in: demo, sway: sway)
        let onto = try centre(folder, in: lodestone)
        try seat.move(to: from.0, from.1)
        Thread.sleep(forTimeInterval: 0.2)
        try seat.press(.left)
        Thread.sleep(forTimeInterval: 0.1)
        try glide(seat, from: from, to: onto)
        let over = try state.waitFor("GTK's string over the Folder", settled: false) { st in
            (st.json["external_drag"] as? [String: Any])?["target"] as? Int == Int(folder.rawValue)
        }
        let drag = try #require(over.json["external_drag"] as? [String: Any])
        let types = drag["mime_types"] as? [String] ?? []
        #expect(types.contains("text/plain;charset=utf-8") && types.contains("text/plain"), "GTK's string types: \(types)")
        #expect(drag["source_operations"] as? [String] == ["copy"], "GtkDragSource's default actions: copy: \(drag)")
        #expect(drag["accepted_type"] as? String == "text/plain;charset=utf-8")
        try seat.move(to: onto.0 + 2, onto.1 + 2)
        Thread.sleep(forTimeInterval: 0.2)
        try seat.release(.left)
        let dropped = try state.waitFor("GTK's string read") { $0.json["external_drop"] is [String: Any] }
        let drop = try #require(dropped.json["external_drop"] as? [String: Any])
        #expect(drop["target"] as? Int == Int(folder.rawValue))
        #expect(drop["mime_type"] as? String == "text/plain;charset=utf-8")
        #expect(drop["operation"] as? String == "copy")
        #expect(drop["bytes"] as? Int == "rainbow1".utf8.count, "\(drop)")
        #expect(drop["digest"] as? String == ByteDigest.fnv1a("rainbow1".utf8), "byte-identical: \(drop)")

        // Lodestone → GTK: Report onto Item 1, GTK's reads traced.
        let trace = scratch.file("gtk-reads.log")
        // -ff: one file per thread (trace.TID), so no call is split into unfinished/resumed.
        let strace = try ChildProcess(["/usr/bin/strace", "-ff", "-p", String(gtk.pid), "-e", "trace=read", "-xx", "-s", "4096", "-o", trace],
                                      environment: ["PATH": "/usr/bin:/bin"], name: "strace")
        defer { strace.stop() }
        try waitUntil(timeout: 10, "strace to attach to gtk4-demo") { strace.stderr.contains("attached") }
        let item = Showcase.ID.draggables[0]
        let name = Showcase.draggableNames[0]
        let start = try centre(item, in: lodestone)
        let target = try itemOne(in: demo, sway: sway)
        try seat.move(to: start.0 + 20, start.1)
        try seat.move(to: start.0, start.1)
        Thread.sleep(forTimeInterval: 0.3)
        try seat.press(.left)
        Thread.sleep(forTimeInterval: 0.1)
        try glide(seat, from: start, to: target, steps: 30)
        _ = try state.waitFor("Report out over gtk4-demo", settled: false) { st in
            (st.json["drag_out"] as? [String: Any])?["negotiated"] as? String == "copy"
        }
        try seat.move(to: target.0 + 2, target.1 + 1)
        Thread.sleep(forTimeInterval: 0.3)
        try seat.release(.left)
        let ended = try state.waitFor("the drag out finished", timeout: 20) { st in
            (st.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue) && st.json["drag"] is NSNull
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["phase"] as? String == "finished", "GTK finished the drop: \(last)")
        #expect(last["negotiated"] as? String == "copy", "the demo's items take copy only: \(last)")
        let sent = (last["sent"] as? [[String: Any]]) ?? []
        #expect(sent.contains { $0["mime_type"] as? String == "text/plain;charset=utf-8" && $0["bytes"] as? Int == name.utf8.count
            && $0["digest"] as? String == ByteDigest.fnv1a(name.utf8) }, "\(sent)")
        #expect((ended.json["removed"] as? [Int] ?? []).isEmpty, "a copy keeps the item")
        // What GTK read, from its read(2) calls: the name, whole, then the end of the pipe.
        var read: (bytes: [UInt8], closed: Bool)?
        try waitUntil(timeout: 5, "GTK's reads of the pipe in the trace") {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []).filter { $0.hasPrefix("gtk-reads.log") }
            read = files.lazy.compactMap { f in
                Self.pipeReads(in: (try? String(contentsOfFile: scratch.file(f), encoding: .utf8)) ?? "", startingWith: Array(name.utf8))
            }.first
            return read?.closed == true
        }
        #expect(read?.bytes == Array(name.utf8), "GTK read \(read.map { String(decoding: $0.bytes, as: UTF8.self) } ?? "nothing")")
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            try sway.screenshot().writePNG(to: keep + "/lodestone-and-gtk4-demo.png")
        }
        #expect(app.isRunning && gtk.isRunning)
    }
}
