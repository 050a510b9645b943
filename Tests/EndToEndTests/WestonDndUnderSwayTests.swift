// Lodestone and weston-dnd (weston's drag-and-drop demo) under headless sway (issue 18.2,
// 18.3): weston-dnd drags flowers offering application/x-wayland-dnd-flower and
// text/plain;charset=utf-8 with copy|move, and takes only its own flower type. A flower
// dropped on Lodestone's Folder is listed with its types and read (the text, the best type
// Lodestone knows); a Lodestone item carried onto weston-dnd is refused (no type accepted):
// the icon shows circle-slash, the drag is cancelled, the item flies back and nothing is lost.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport

@Suite("Lodestone and weston-dnd under sway (issue 18.2, 18.3)", .serialized)
struct WestonDndUnderSwayTests {
    /// Lodestone on the left, weston-dnd on the right, 1200 × 1200 each.
    private func start() throws -> (sway: Sway, seat: SeatInjector, app: ChildProcess, dnd: ChildProcess, state: StateLog,
                                    scratch: TemporaryDirectory, lodestone: Sway.WindowInfo, weston: Sway.WindowInfo) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston-dnd") else {
            throw HarnessError("weston-dnd is missing: install the weston package (scripts/setup test does)")
        }
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1200),
                                                          config: ["default_border none", "mouse_warping none"])
        let scratch = try TemporaryDirectory(prefix: "lodestone-weston-dnd")
        let state = StateLog(path: scratch.file("state.jsonl"))
        let app = try Lodestone.launch(["--state-out", state.path, "--auto-hide", "never"], on: sway)
        let dnd: ChildProcess
        do {
            _ = try sway.waitForSettledWindow(appID: "lodestone")
            dnd = try ChildProcess(["/usr/bin/weston-dnd"], environment: sway.clientEnvironment, name: "weston-dnd")
        } catch { app.stop(); throw error }
        do {
            let weston = try sway.waitForSettledWindow(appID: "org.freedesktop.weston.wayland-drag-and-drop-demo")
            let lodestone = try sway.waitForSettledWindow(appID: "lodestone")
            let size = (Double(lodestone.content.width), Double(lodestone.content.height))
            try state.waitFor("a frame at the tiled size \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
            return (sway, seat, app, dnd, state, scratch, lodestone, weston)
        } catch { dnd.stop(); app.stop(); throw error }
    }

    private func centre(_ id: ElementID, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let model = PlaygroundSession(size: Size(width: Double(w.content.width), height: Double(w.content.height)))
        let f = try #require(model.engine.surfaceFrame(of: id))
        return (Double(w.content.x) + f.midX, Double(w.content.y) + f.midY)
    }

    private func glide(_ seat: SeatInjector, from a: (Double, Double), to b: (Double, Double), steps: Int = 24) throws {
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try seat.move(to: a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// weston-dnd lays its flowers on an 80 px grid from its window's top left (dnd.c: 64 px
    /// items, 16 px apart, every other cell); this is the second flower of the second row.
    /// The screenshot checks a flower is there before the test presses on it.
    private func flower(in w: Sway.WindowInfo, sway: Sway) throws -> (Double, Double) {
        let p = (w.content.x + 213, w.content.y + 153)
        let shot = try sway.screenshot(region: (p.0 - 4, p.1 - 4, 8, 8))
        let background = shot.pixel(x: 0, y: 0)
        let lit = shot.pixels(x: 0, y: 0, width: shot.width, height: shot.height).filter { Int($0.r) + Int($0.g) + Int($0.b) > 150 }
        #expect(!lit.isEmpty, "a flower at \(p) (background \(background))")
        return (Double(p.0), Double(p.1))
    }

    @Test("a flower dropped on the Folder: its types listed (the flower type among them), the text read and finished")
    func flowerIn() throws {
        let s = try start()
        defer { s.dnd.stop(); s.app.stop(); _ = s.sway }
        let from = try flower(in: s.weston, sway: s.sway)
        let folder = try centre(Showcase.ID.dropTargets[0], in: s.lodestone)
        try s.seat.move(to: from.0, from.1)
        Thread.sleep(forTimeInterval: 0.3)
        try s.seat.press(.left)
        Thread.sleep(forTimeInterval: 0.1)
        try glide(s.seat, from: from, to: folder)
        let over = try s.state.waitFor("the flower over the Folder", settled: false) { st in
            (st.json["external_drag"] as? [String: Any])?["target"] as? Int == Int(Showcase.ID.dropTargets[0].rawValue)
        }
        let drag = try #require(over.json["external_drag"] as? [String: Any])
        let types = drag["mime_types"] as? [String] ?? []
        #expect(types.contains("application/x-wayland-dnd-flower"), "\(types)")
        #expect(drag["source_operations"] as? [String] == ["move", "copy"], "\(drag)")
        #expect(drag["accepted_type"] as? String == "text/plain;charset=utf-8", "the best type Lodestone shows: \(drag)")
        try s.seat.move(to: folder.0 + 2, folder.1 + 2)
        Thread.sleep(forTimeInterval: 0.2)
        try s.seat.release(.left)
        let dropped = try s.state.waitFor("the flower's text read") { $0.json["external_drop"] is [String: Any] }
        let drop = try #require(dropped.json["external_drop"] as? [String: Any])
        #expect(drop["mime_type"] as? String == "text/plain;charset=utf-8")
        #expect((drop["bytes"] as? Int ?? 0) > 0, "\(drop)")
        #expect(drop["operation"] as? String == "copy", "a plain drop of text copies: weston-dnd keeps its flower (issue 30.7)")
        #expect(drop["target"] as? Int == Int(Showcase.ID.dropTargets[0].rawValue))
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            let f = try #require(PlaygroundSession(size: Size(width: Double(s.lodestone.content.width), height: Double(s.lodestone.content.height)))
                .engine.surfaceFrame(of: Showcase.ID.dropTargets[0]))
            try s.sway.screenshot(region: (Int(f.minX) - 10, Int(f.minY) - 10, Int(f.width) + 20, Int(f.height) + 20))
                .writePNG(to: keep + "/flower-in-folder.png")
        }
        #expect(s.app.isRunning && s.dnd.isRunning)
    }

    @Test("a Lodestone item carried onto weston-dnd is refused: circle-slash on the icon, cancelled, the item flies back, nothing lost")
    func itemRefused() throws {
        let s = try start()
        defer { s.dnd.stop(); s.app.stop(); _ = s.sway }
        let item = Showcase.ID.draggables[1]
        let from = try centre(item, in: s.lodestone)
        let onto = (Double(s.weston.content.x + 600), Double(s.weston.content.y + 700))
        try s.seat.move(to: from.0 + 20, from.1)
        try s.seat.move(to: from.0, from.1)
        Thread.sleep(forTimeInterval: 0.3)
        try s.seat.press(.left)
        Thread.sleep(forTimeInterval: 0.1)
        try glide(s.seat, from: from, to: onto)
        let out = try s.state.waitFor("the item out over weston-dnd", settled: false) { st in
            (st.json["drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
        }
        #expect((out.json["drag_out"] as? [String: Any])?["accepted_type"] is NSNull, "weston-dnd takes none of our types")
        try s.seat.move(to: onto.0 + 3, onto.1 + 3)
        Thread.sleep(forTimeInterval: 0.3)
        let shot = try s.sway.screenshot(region: (Int(onto.0) - 80, Int(onto.1) - 80, 160, 160))
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try shot.writePNG(to: keep + "/item-over-weston.png") }
        let slash = shot.count(of: RGBA(hex: 0x636366), x: 0, y: 0, width: shot.width, height: shot.height, tolerance: 12)
        #expect(slash >= 20, "the circle-slash badge beside the pointer: \(slash) pixels")
        try s.seat.release(.left)
        let ended = try s.state.waitFor("the drag cancelled and the fly-back over") { st in
            (st.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue) && st.json["drag"] is NSNull
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["phase"] as? String == "cancelled", "\(last)")
        #expect((last["sent"] as? [Any])?.isEmpty == true, "nothing was read")
        #expect((ended.json["removed"] as? [Int] ?? []).isEmpty, "nothing lost")
        #expect(s.app.isRunning && s.dnd.isRunning)
    }
}
