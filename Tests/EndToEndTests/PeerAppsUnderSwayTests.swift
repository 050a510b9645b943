// Other people's apps as destinations of Lodestone's drags, under headless sway 1.7 with human
// pacing (issue 30.1; I2, G11): weston-terminal, and a scripted peer (the dnd-source fixture's
// --target modes) for each way a destination can misbehave — it reads then cancels, asks for
// the data and cancels before reading it (what weston-terminal does), never finishes, never
// reads, or dies mid-transfer. Whatever the peer does, Lodestone keeps running and answering
// input, the item ends in one place (at home; moved only after dnd_finished) and the state and
// the HUD say what happened (`last_drag_out.result`). Each case rests without input after the
// drop: an end that happened only on the next event would be a bug.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport

@Suite("Other people's apps as drag destinations under sway 1.7 (issue 30.1; I2, G11)", .serialized)
struct PeerAppsUnderSwayTests {
    static let text = "text/plain;charset=utf-8"

    /// One sway with Lodestone on the left; peers come and go on the right.
    final class Desk: LodestoneDesk {
        init(width: Int = 2400, height: Int = 1200) throws {
            try super.init(width: width, height: height, prefix: "lodestone-peer-apps")
        }

        /// Lodestone's window as sway tiles it now (a peer came or went), once it drew that size.
        func settle() throws {
            lodestone = try sway.waitForSettledWindow(appID: "lodestone")
            let size = (Double(lodestone.content.width), Double(lodestone.content.height))
            try state.waitFor("a frame at the tiled size \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
        }

        func open(_ argv: [String], appID: String, name: String, environment: [String: String] = [:]) throws -> (ChildProcess, Sway.WindowInfo) {
            var env = sway.clientEnvironment
            env.merge(environment) { _, new in new }
            let p = try ChildProcess(argv, environment: env, name: name)
            do {
                let w = try sway.waitForSettledWindow(appID: appID, timeout: 20)
                try settle()
                return (p, w)
            } catch { p.stop(); throw error }
        }

        func centre(_ id: ElementID) throws -> (Double, Double) {
            let model = PlaygroundSession(size: Size(width: Double(lodestone.content.width), height: Double(lodestone.content.height)))
            let f = try #require(model.engine.surfaceFrame(of: id))
            return (Double(lodestone.content.x) + f.midX, Double(lodestone.content.y) + f.midY)
        }

        /// Presses `item` with `keys` held, carries it in 70 steps of 25 ms (a person's glide)
        /// to `onto`, rests there and lets go; the keys come up after the release.
        func carry(_ item: ElementID, onto: (Double, Double), keys: [SeatInjector.Key] = []) throws {
            let from = try centre(item)
            try seat.move(to: from.0 + 20, from.1)
            try seat.move(to: from.0, from.1)
            Thread.sleep(forTimeInterval: 0.3)
            for k in keys { try seat.press(key: k) }
            Thread.sleep(forTimeInterval: 0.2)
            try seat.press(.left)
            Thread.sleep(forTimeInterval: 0.1)
            for i in 1...70 {
                let t = Double(i) / 70
                try seat.move(to: from.0 + (onto.0 - from.0) * t, from.1 + (onto.1 - from.1) * t)
                Thread.sleep(forTimeInterval: 0.025)
            }
            let out = try state.waitFor("the drag handed to the compositor", settled: false) { s in
                (s.json["drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
            }
            // sway (wlroots) passes no key on while it carries the drag: the HUD says to hold
            // keys before the drag leaves (issue 30.6).
            #expect(out.json["keys_note"] as? String == PlaygroundSession.keysIgnoredMidDrag, "\(out.json["keys_note"] ?? "none")")
            Thread.sleep(forTimeInterval: 0.3)
            try seat.release(.left)
            for k in keys.reversed() { try seat.release(key: k) }
        }

        /// The drag of `item` over, as the state says once it rests (no input meanwhile).
        func ended(_ item: ElementID, timeout: Double = 10) throws -> (last: [String: Any], state: AppState) {
            let s = try state.waitFor("the drag of \(item) over", timeout: timeout) { s in
                s.json["drag_out"] is NSNull && s.json["drag"] is NSNull
                    && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
            }
            return (try #require(s.json["last_drag_out"] as? [String: Any]), s)
        }

        /// Lodestone still running and answering: the pointer over `item` hovers it.
        func answers(hovering item: ElementID) throws {
            #expect(app.isRunning, "Lodestone running: \(app.stderr)")
            let p = try centre(item)
            try seat.move(to: p.0 + 8, p.1 + 3)
            Thread.sleep(forTimeInterval: 0.1)
            try seat.move(to: p.0, p.1)
            _ = try state.waitFor("\(item) hovered after the drag") { $0.json["hovered"] as? Int == Int(item.rawValue) }
        }

        func removed(_ s: AppState, _ item: ElementID) -> Bool { (s.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)) }
    }

    @Test("an item dropped onto weston-terminal, then 3 s without input: Lodestone keeps running, the item stays, the state says the terminal took the text and cancelled")
    func dropOntoTerminal() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston-terminal") else {
            throw HarnessError("weston-terminal is missing: install the weston package (scripts/setup test does)")
        }
        let desk = try Desk(width: 3840, height: 1080)
        let (term, w) = try desk.open(["/usr/bin/weston-terminal", "--shell=/bin/sh"], appID: "org.freedesktop.weston.wayland-terminal",
                                      name: "weston-terminal", environment: ["HOME": desk.scratch.path])
        defer { term.stop() }
        let item = Showcase.ID.draggables[1]
        for keys in [[], [SeatInjector.Key.leftCtrl]] {
            try desk.carry(item, onto: (Double(w.content.x + w.content.width / 2), Double(w.content.y + w.content.height / 2)), keys: keys)
            Thread.sleep(forTimeInterval: 3)
            #expect(desk.app.isRunning, "Lodestone still running 3 s after the drop (keys \(keys)): \(desk.app.stderr)")
            let (last, s) = try desk.ended(item)
            #expect(last["phase"] as? String == "cancelled", "\(last)")
            #expect((last["sent"] as? [[String: Any]])?.first?["mime_type"] as? String == Self.text, "the terminal asked for the text: \(last)")
            #expect((last["result"] as? String)?.contains("then cancelled: the item stays") == true, "\(last)")
            #expect(!desk.removed(s, item), "the item is at home")
            try desk.answers(hovering: Showcase.ID.draggables[0])
        }
        #expect(term.isRunning)
    }

    /// A scripted destination right of Lodestone: the dnd-source fixture in `--target mode`.
    private func peer(_ desk: Desk, mode: String) throws -> (ChildProcess, (Double, Double)) {
        let binary = RepositoryRoot.path + "/.build/fixtures/dnd-source"
        guard FileManager.default.isExecutableFile(atPath: binary) else { throw HarnessError("\(binary) is not built: run scripts/build-fixtures (make test does)") }
        let (p, w) = try desk.open([binary, "--target", mode, "3", "unused", Self.text], appID: "lodestone-dnd-target", name: "dnd-target-\(mode)")
        // The fixture's 200 × 200 surface sits at the centre of its tile.
        return (p, (Double(w.content.x) + Double(w.content.width) / 2, Double(w.content.y) + Double(w.content.height) / 2))
    }

    @Test("a peer that reads then cancels, and one that cancels then reads a second later (weston-terminal's way): each leaves the item at home, says so, and Lodestone keeps answering",
          arguments: ["read-then-cancel", "cancel-then-read"])
    func readsAndCancels(mode: String) throws {
        let desk = try Desk()
        let (p, onto) = try peer(desk, mode: mode)
        defer { p.stop() }
        let item = Showcase.ID.draggables[0]
        try desk.carry(item, onto: onto)
        Thread.sleep(forTimeInterval: 2.5)
        _ = try p.waitForLine(containing: "read 6 bytes", timeout: 5) // "Report": every byte reached the peer
        let (last, s) = try desk.ended(item)
        #expect(last["phase"] as? String == "cancelled", "\(last)")
        #expect(last["drop_performed"] as? Bool == true)
        #expect((last["result"] as? String)?.contains("then cancelled: the item stays") == true, "\(last)")
        #expect(!desk.removed(s, item), "a move that was never finished removes nothing")
        try desk.answers(hovering: Showcase.ID.draggables[1])
    }

    @Test("a peer that reads and never finishes, and one that never reads: after the drop Lodestone waits its time, lets go, the item stays and the state says why",
          arguments: ["never-finish", "never-read"])
    func neverAnswers(mode: String) throws {
        let desk = try Desk()
        let (p, onto) = try peer(desk, mode: mode)
        defer { p.stop() }
        let item = Showcase.ID.draggables[0]
        try desk.carry(item, onto: onto)
        // Meanwhile the window answers input, the item shown as the drag's source.
        let waiting = try desk.state.waitFor("the drop performed, waiting for the destination") { s in
            (s.json["drag_out"] as? [String: Any])?["phase"] as? String == "dropped"
        }
        #expect(!desk.removed(waiting, item))
        try desk.answers(hovering: Showcase.ID.draggables[1])
        let (last, s) = try desk.ended(item, timeout: PlaygroundSession.unansweredTimeout + 10)
        #expect(last["phase"] as? String == "unanswered", "\(last)")
        #expect((last["result"] as? String)?.contains("no finish in \(Int(PlaygroundSession.unansweredTimeout)) s: the item stays") == true, "\(last)")
        #expect(!desk.removed(s, item))
        #expect(p.isRunning)
        try desk.answers(hovering: Showcase.ID.draggables[2])
    }

    @Test("a peer that asks for the data and dies: the drag ends cancelled, the item stays, Lodestone keeps answering")
    func peerDies() throws {
        let desk = try Desk()
        let (p, onto) = try peer(desk, mode: "die")
        let item = Showcase.ID.draggables[0]
        try desk.carry(item, onto: onto)
        Thread.sleep(forTimeInterval: 2)
        #expect(!p.isRunning, "the peer died at the drop")
        let (last, s) = try desk.ended(item)
        try desk.settle() // sway gives Lodestone the whole output again
        #expect(last["phase"] as? String == "cancelled", "\(last)")
        #expect(!desk.removed(s, item))
        try desk.answers(hovering: Showcase.ID.draggables[1])
    }

    @Test("a well-behaved peer: read, finished: a move removes the item only once dnd_finished came; with Ctrl a copy keeps it")
    func peerFinishes() throws {
        let desk = try Desk()
        let (p, onto) = try peer(desk, mode: "finish")
        defer { p.stop() }
        let copied = Showcase.ID.draggables[1]
        try desk.carry(copied, onto: onto, keys: [.leftCtrl])
        Thread.sleep(forTimeInterval: 1.5)
        var (last, s) = try desk.ended(copied)
        #expect(last["phase"] as? String == "finished" && last["negotiated"] as? String == "copy", "\(last)")
        #expect((last["result"] as? String)?.hasPrefix("copied") == true, "\(last)")
        #expect(!desk.removed(s, copied))
        let moved = Showcase.ID.draggables[0]
        try desk.carry(moved, onto: onto)
        Thread.sleep(forTimeInterval: 1.5)
        (last, s) = try desk.ended(moved)
        #expect(last["phase"] as? String == "finished" && last["negotiated"] as? String == "move", "\(last)")
        #expect((last["result"] as? String)?.hasPrefix("moved") == true, "\(last)")
        #expect(desk.removed(s, moved), "a finished move removes the item")
        try desk.answers(hovering: copied)
    }
}

@Suite("gtk4-demo's entry and Lodestone under sway 1.7 (issue 30.1, 30.7; I2, G11)", .serialized)
struct GtkEntryUnderSwayTests {
    static let demo = "/usr/bin/gtk4-demo"

    /// gtk4-demo's clipboard demo ("Copy this!" in a GtkEntry at the middle of its window)
    /// right of Lodestone.
    private func start() throws -> (PeerAppsUnderSwayTests.Desk, ChildProcess, Sway.WindowInfo) {
        guard FileManager.default.isExecutableFile(atPath: Self.demo) else {
            throw HarnessError("gtk4-demo is missing: install the gtk-4-examples package (scripts/setup test does)")
        }
        let desk = try PeerAppsUnderSwayTests.Desk(width: 2400, height: 1200)
        let (gtk, w) = try desk.open([Self.demo, "--run=clipboard"], appID: "gtk4-demo", name: "gtk4-demo",
                                     environment: ["GDK_BACKEND": "wayland", "GSK_RENDERER": "cairo", "NO_AT_BRIDGE": "1", "GTK_A11Y": "none",
                                                   "HOME": desk.scratch.path, "XDG_CONFIG_HOME": desk.scratch.file("config")])
        Thread.sleep(forTimeInterval: 0.5)
        return (desk, gtk, w)
    }

    /// The entry's text as drawn: its dark pixels' count and bounding box, in the strip where
    /// the demo puts the entry (right of its type menu, left of its Copy button).
    private func entryText(_ desk: PeerAppsUnderSwayTests.Desk, _ w: Sway.WindowInfo) throws -> (count: Int, box: (minX: Int, minY: Int, maxX: Int, maxY: Int)) {
        let region = (x: w.content.x + 95, y: w.content.y + w.content.height / 2 - 60, width: 180, height: 120)
        let shot = try desk.sway.screenshot(region: region)
        var n = 0, box = (minX: Int.max, minY: Int.max, maxX: Int.min, maxY: Int.min)
        for y in 0..<shot.height {
            for x in 0..<shot.width {
                let p = shot.pixel(x: x, y: y)
                guard Int(p.r) + Int(p.g) + Int(p.b) < 240 else { continue }
                n += 1
                box = (min(box.minX, region.x + x), min(box.minY, region.y + y), max(box.maxX, region.x + x), max(box.maxY, region.y + y))
            }
        }
        return (n, box)
    }

    @Test("text selected in a GtkEntry and dropped on the Folder with no key: copied, and GTK keeps the user's text (issue 30.7)")
    func entryTextOntoFolder() throws {
        let (desk, gtk, w) = try start()
        defer { gtk.stop() }
        let before = try entryText(desk, w)
        #expect(before.count > 100, "the entry shows its text: \(before)")
        let text = (Double(before.box.minX + before.box.maxX) / 2, Double(before.box.minY + before.box.maxY) / 2)
        // A person selects the whole text (a triple click), rests, then drags the selection.
        try desk.seat.move(to: text.0 + 10, text.1 + 4)
        Thread.sleep(forTimeInterval: 0.2)
        try desk.seat.move(to: text.0, text.1)
        Thread.sleep(forTimeInterval: 0.3)
        for _ in 0..<3 {
            try desk.seat.click(.left)
            Thread.sleep(forTimeInterval: 0.08)
        }
        Thread.sleep(forTimeInterval: 0.6)
        let folder = try desk.centre(Showcase.ID.dropTargets[0])
        try desk.seat.press(.left)
        Thread.sleep(forTimeInterval: 0.15)
        for i in 1...70 {
            let t = Double(i) / 70
            try desk.seat.move(to: text.0 + (folder.0 - text.0) * t, text.1 + (folder.1 - text.1) * t)
            Thread.sleep(forTimeInterval: 0.025)
        }
        let over = try desk.state.waitFor("GTK's text over the Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["target"] as? Int == Int(Showcase.ID.dropTargets[0].rawValue)
        }
        let drag = try #require(over.json["external_drag"] as? [String: Any])
        #expect(drag["preferred"] as? String == "copy", "a plain drop of text prefers copy: \(drag)")
        Thread.sleep(forTimeInterval: 0.3)
        try desk.seat.release(.left)
        let dropped = try desk.state.waitFor("the text read") { $0.json["external_drop"] is [String: Any] }
        let drop = try #require(dropped.json["external_drop"] as? [String: Any])
        #expect((drop["mime_type"] as? String)?.hasPrefix("text/plain") == true, "\(drop)")
        #expect(drop["operation"] as? String == "copy", "\(drop)")
        #expect(drop["bytes"] as? Int == "Copy this!".utf8.count, "\(drop)")
        Thread.sleep(forTimeInterval: 1)
        let after = try entryText(desk, w)
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try desk.sway.screenshot().writePNG(to: keep + "/gtk-entry-after-drop.png") }
        #expect(after.count * 10 >= before.count * 8, "GTK kept the text: \(after.count) dark pixels, \(before.count) before")
        #expect(desk.app.isRunning && gtk.isRunning)
    }

    @Test("a Lodestone item dropped into the GtkEntry: GTK inserts its name; the item ends where the negotiated action says (moved only after finished)")
    func itemIntoEntry() throws {
        let (desk, gtk, w) = try start()
        defer { gtk.stop() }
        let before = try entryText(desk, w)
        let into = (Double(before.box.maxX) - 4, Double(before.box.minY + before.box.maxY) / 2)
        let item = Showcase.ID.draggables[2]
        try desk.carry(item, onto: into, keys: [.leftCtrl])
        Thread.sleep(forTimeInterval: 2)
        let (last, s) = try desk.ended(item)
        #expect(last["phase"] as? String == "finished" && last["negotiated"] as? String == "copy", "\(last)")
        #expect(!desk.removed(s, item), "a copy keeps the item")
        let after = try entryText(desk, w)
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try desk.sway.screenshot().writePNG(to: keep + "/gtk-entry-item.png") }
        #expect(after.count > before.count + 40, "GTK inserted the item's name: \(after.count) dark pixels, \(before.count) before")
        try desk.answers(hovering: Showcase.ID.draggables[0])
        #expect(gtk.isRunning)
    }
}
