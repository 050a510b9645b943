// Drags between two Lodestone windows under headless sway (issue 18.2; I2, G11): the pointer
// presses an item in the left window, carries it past the window's edge (the drag goes to
// the compositor: start_drag with the press's serial) and over the right window's Folder drop
// target, and lets go. Each case holds keys as a person would before the drag leaves the
// window. Under wlroots the keys reach only the window with the keyboard focus, the source,
// and only until the drag starts (wlr_drag's keyboard grab passes none on); the source
// narrows what it offers by them and the destination's preference decides among the rest.
// What both windows' states say must agree: the negotiated action, the data read byte for
// byte (the digest the destination computed of what it read against the source's of what it
// sent), and the item removed at the source after a move only.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport

@Suite("Drag out between two Lodestone windows under sway (issue 18.2; I2, G11)", .serialized)
struct DragOutUnderSwayTests {
    struct Pair {
        let sway: Sway
        let seat: SeatInjector
        let source: ChildProcess, target: ChildProcess
        let sourceState: StateLog, targetState: StateLog
        let from: Sway.WindowInfo, into: Sway.WindowInfo
        let scratch: TemporaryDirectory
        func stop() { source.stop(); target.stop() }
    }

    /// Two playground windows side by side: the first launched is the left one (sway puts
    /// the new window right of the focused one).
    private func pair(_ extra: [String] = []) throws -> Pair {
        let (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1200),
                                                          config: ["default_border none", "mouse_warping none"])
        let scratch = try TemporaryDirectory(prefix: "lodestone-dragout")
        let a = StateLog(path: scratch.file("a.jsonl")), b = StateLog(path: scratch.file("b.jsonl"))
        let source = try Lodestone.launch(["--state-out", a.path, "--auto-hide", "never"] + extra, on: sway)
        _ = try sway.waitForSettledWindow(appID: "lodestone")
        let target: ChildProcess
        do { target = try Lodestone.launch(["--state-out", b.path, "--auto-hide", "never"] + extra, on: sway) } catch {
            source.stop(); throw error
        }
        var windows: [Sway.WindowInfo] = []
        do {
            try waitUntil(timeout: 20, "two Lodestone windows side by side") {
                windows = try sway.windows().filter { $0.appID == "lodestone" && $0.visible && $0.content.width > 0 }
                    .sorted { $0.content.x < $1.content.x }
                return windows.count == 2 && windows[0].content.x + windows[0].content.width <= windows[1].content.x
            }
            for (log, w) in [(a, windows[0]), (b, windows[1])] {
                let size = (Double(w.content.width), Double(w.content.height))
                try log.waitFor("a frame at the tiled size \(size)", timeout: 20) { $0.size.map { $0 == size } ?? false }
            }
        } catch {
            source.stop(); target.stop(); throw error
        }
        return Pair(sway: sway, seat: seat, source: source, target: target, sourceState: a, targetState: b,
                    from: windows[0], into: windows[1], scratch: scratch)
    }

    /// The centre of `id` on the screen, in window `w` (the showcase laid out for its size).
    private func centre(_ id: ElementID, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let model = PlaygroundSession(size: Size(width: Double(w.content.width), height: Double(w.content.height)))
        let f = try #require(model.engine.surfaceFrame(of: id))
        #expect(f.maxX <= Double(w.content.width) && f.maxY <= Double(w.content.height), "\(id) on screen: \(f)")
        return (Double(w.content.x) + f.midX, Double(w.content.y) + f.midY)
    }

    struct Outcome {
        var negotiated: String?
        var phase: String
        var dropOperation: String?
        var removed: Bool
    }

    /// Presses `item` in the left window with `keys` held, carries it to the right window's
    /// Folder and drops it; returns what both windows say once the drag is over.
    private func dragAcross(_ p: Pair, item: ElementID, keys: [SeatInjector.Key], dropIndex: Int,
                            onto target: ElementID = Showcase.ID.dropTargets[0], badge: RGBA? = nil) throws -> Outcome {
        let start = try centre(item, in: p.from)
        let end = try centre(target, in: p.into)
        // Into the left window first: sway gives it the keyboard focus (focus follows the mouse).
        try p.seat.move(to: start.0 + 30, start.1 + 30)
        try p.seat.move(to: start.0, start.1)
        pause(0.3)
        for k in keys { try p.seat.press(key: k) }
        pause(0.2)
        try p.seat.press(.left)
        pause(0.1)
        let steps = 24
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try p.seat.move(to: start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t)
            pause(0.02)
        }
        // The drag left the source: the compositor carries it.
        _ = try p.sourceState.waitFor("the source's drag handed to the compositor", settled: false) { s in
            (s.json["drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
        }
        _ = try p.targetState.waitFor("the offer over drop target \(target)", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["target"] as? Int == Int(target.rawValue)
        }
        try p.seat.move(to: end.0 + 3, end.1 + 2)
        // The target window's accessory follows wl_data_offer.action (18.4): plus for copy,
        // the link glyph for ask, none for move, circle-slash where nothing is taken.
        let over = try p.targetState.waitFor("the target's answer negotiated", settled: false) { s in
            guard let d = s.json["external_drag"] as? [String: Any], d["target"] as? Int == Int(target.rawValue) else { return false }
            return d["negotiated"] is String || d["accepted_type"] is NSNull
        }
        let negotiated = (over.json["external_drag"] as? [String: Any])?["negotiated"] as? String
        let expected: String? = negotiated == nil ? "circleSlash" : ["copy": "plus", "link": "link"][negotiated!]
        let glyphs = (over.json["accessories"] as? [[String: Any]] ?? []).compactMap { $0["glyph"] as? String }
        #expect(glyphs == (expected.map { [$0] } ?? []), "negotiated \(String(describing: negotiated)): the target shows \(glyphs)")
        pause(0.2)
        if let badge {
            // The drag icon follows the pointer over the other window: the item, held where it
            // was pressed, with the negotiated action's badge at its top right.
            _ = try p.sourceState.waitFor("the destination's answer on the source", settled: false) { s in
                guard let d = s.json["drag_out"] as? [String: Any] else { return false }
                return d["negotiated"] is String || (target == Showcase.ID.dropTargets[2] && d["accepted_type"] is NSNull)
            }
            pause(0.2)
            let (x, y) = (Int(end.0 + 3), Int(end.1 + 2))
            let shot = try p.sway.screenshot(region: (x - 80, y - 80, 160, 160))
            if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try shot.writePNG(to: keep + "/dragout-icon.png") }
            let n = shot.count(of: badge, x: 0, y: 0, width: shot.width, height: shot.height, tolerance: 12)
            #expect(n >= 20, "the badge (\(badge)) beside the pointer: \(n) pixels")
        }
        try p.seat.release(.left)
        let ended: AppState
        do {
            ended = try p.sourceState.waitFor("the source's drag over") { s in
                (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
            }
        } catch {
            throw HarnessError("\(error)\n--- the target's last state: \(p.targetState.last?.description ?? "none")\n--- stderr: \(p.source.stderr)\n\(p.target.stderr)")
        }
        for k in keys.reversed() { try p.seat.release(key: k) }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        let removed = (ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue))
        guard dropIndex > 0 else {
            return Outcome(negotiated: last["negotiated"] as? String, phase: last["phase"] as? String ?? "?", dropOperation: nil, removed: removed)
        }
        let drops = try p.targetState.waitFor("drop \(dropIndex) read in the target") { s in
            (s.json["external_drop_count"] as? Int ?? 0) >= dropIndex
        }
        let drop = try #require(drops.json["external_drop"] as? [String: Any])
        // Byte-identical: the digest of what the target read is the digest of what the source
        // sent for that type, and as long.
        let type = try #require(drop["mime_type"] as? String)
        let sent = try #require((last["sent"] as? [[String: Any]])?.last { $0["mime_type"] as? String == type }, "sent \(type): \(last)")
        #expect(type == "text/uri-list", "the Folder takes the file: \(drop)")
        #expect(drop["digest"] as? String == sent["digest"] as? String, "read \(drop) sent \(sent)")
        #expect(drop["bytes"] as? Int == sent["bytes"] as? Int)
        return Outcome(negotiated: last["negotiated"] as? String, phase: last["phase"] as? String ?? "?",
                       dropOperation: drop["operation"] as? String, removed: removed)
    }

    private func pause(_ s: Double) { Thread.sleep(forTimeInterval: s) }

    @Test("desktop conventions: no key moves (the item leaves the source), Ctrl copies, Shift moves, Ctrl+Shift links; the file is read byte for byte")
    func desktop() throws {
        let p = try pair()
        defer { p.stop(); _ = p.sway }
        // The three icons of the drag card, then collection items: each case its own item.
        let cases: [(keys: [SeatInjector.Key], item: ElementID, negotiated: String, operation: String, phase: String, removed: Bool)] = [
            ([], Showcase.ID.draggables[0], "move", "move", "finished", true),
            ([.leftCtrl], Showcase.ID.draggables[1], "copy", "copy", "finished", false),
            ([.leftShift], Showcase.ID.draggables[2], "move", "move", "finished", true),
            // ask (shown as link): the target links and lets the offer go unfinished (the
            // protocol forbids finishing with ask), so the source hears cancelled, keeps the
            // item and flies it back.
            ([.leftCtrl, .leftShift], Showcase.ID.draggables[1], "link", "link", "cancelled", false),
        ]
        for (n, c) in cases.enumerated() {
            // Copy: the icon carries the plus badge (its green, Painter's).
            let o = try dragAcross(p, item: c.item, keys: c.keys, dropIndex: n + 1,
                                   badge: c.negotiated == "copy" ? RGBA(hex: 0x30B158) : nil)
            #expect(o.negotiated == c.negotiated, "keys \(c.keys.map(\.rawValue)): negotiated \(String(describing: o.negotiated))")
            #expect(o.dropOperation == c.operation, "keys \(c.keys.map(\.rawValue)): the target did \(String(describing: o.dropOperation))")
            #expect(o.phase == c.phase, "keys \(c.keys.map(\.rawValue)): the source's drag ended \(o.phase)")
            #expect(o.removed == c.removed, "keys \(c.keys.map(\.rawValue)): removed at the source \(o.removed)")
        }
        #expect(p.source.isRunning && p.target.isRunning)
    }

    @Test("mac conventions: no key moves, Option copies, Option+Command links")
    func mac() throws {
        let p = try pair(["--conventions", "mac"])
        defer { p.stop(); _ = p.sway }
        let cases: [(keys: [SeatInjector.Key], item: ElementID, negotiated: String, phase: String, removed: Bool)] = [
            ([], Showcase.ID.draggables[0], "move", "finished", true),
            ([.leftAlt], Showcase.ID.draggables[1], "copy", "finished", false),
            ([.leftAlt, .leftSuper], Showcase.ID.draggables[1], "link", "cancelled", false),
        ]
        for (n, c) in cases.enumerated() {
            let o = try dragAcross(p, item: c.item, keys: c.keys, dropIndex: n + 1)
            #expect(o.negotiated == c.negotiated, "keys \(c.keys.map(\.rawValue)): negotiated \(String(describing: o.negotiated))")
            #expect(o.dropOperation == c.negotiated)
            #expect(o.phase == c.phase && o.removed == c.removed, "keys \(c.keys.map(\.rawValue)): \(o.phase), removed \(o.removed)")
        }
    }

    @Test("refused: over the Locked target the icon shows circle-slash, the drop is cancelled, the item flies back and stays")
    func refused() throws {
        let p = try pair()
        defer { p.stop(); _ = p.sway }
        let item = Showcase.ID.draggables[0]
        let o = try dragAcross(p, item: item, keys: [], dropIndex: 0, onto: Showcase.ID.dropTargets[2], badge: RGBA(hex: 0x636366))
        #expect(o.phase == "cancelled" && !o.removed, "\(o)")
        #expect(o.negotiated == nil, "nothing negotiated over a target that takes nothing")
        // The fly-back was drawn: frames with the item's preview after the cancel, then none.
        let states = p.sourceState.states()
        let cancelledAt = try #require(states.firstIndex { ($0.json["last_drag_out"] as? [String: Any])?["phase"] as? String == "cancelled" })
        let flying = states[cancelledAt...].filter { ($0.json["drag"] as? [String: Any])?["items"] as? [Int] == [Int(item.rawValue)] }
        #expect(flying.count >= 2, "the item's preview flies back over several frames: \(flying.count)")
        let settled = try p.sourceState.waitFor("the fly-back over") { $0.json["drag"] is NSNull }
        #expect(!(settled.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)))
        #expect(p.targetState.last?.json["external_drop"] is NSNull, "nothing dropped on the target")
    }

    /// Measured under sway 1.7: a touch drag is accepted (start_drag with the touch-down's
    /// serial) but its focus never leaves the surface the finger went down on: wlr_drag moves
    /// focus for a touch point only when the compositor calls wlr_seat_touch_point_focus, and
    /// sway 1.7 does not. The data-device events go to the source's own window, at the
    /// coordinates of the surface under the finger (sway's touch motion). So a finger cannot
    /// carry an item into another window there; what must hold is that nothing breaks: the
    /// drag comes home, a drop target of the source's window under those coordinates reads it
    /// byte for byte, and a move that comes home keeps the item, as a drag that never left.
    @Test("touch under sway 1.7: the drag goes to the compositor with the touch's serial; the focus stays on the source window (sway passes no touch focus), so the drop lands there: read byte for byte, the item kept")
    func touch() throws {
        let p = try pair()
        defer { p.stop(); _ = p.sway }
        let item = Showcase.ID.draggables[2]
        let start = try centre(item, in: p.from)
        let end = try centre(Showcase.ID.dropTargets[0], in: p.into)
        try p.seat.touchDown(.init(id: 0, x: start.0, y: start.1))
        pause(0.8) // the long press lifts it (DragInteraction.touchLiftDelay)
        let steps = Int((abs(end.0 - start.0) + abs(end.1 - start.1)) / 8) + 1
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try p.seat.touchMove(.init(id: 0, x: start.0 + (end.0 - start.0) * t, y: start.1 + (end.1 - start.1) * t))
            pause(0.01)
        }
        _ = try p.sourceState.waitFor("the touch drag handed to the compositor", settled: false) { s in
            (s.json["drag_out"] as? [String: Any])?["input"] as? String == "touch"
        }
        // Over the other window's Folder, the source's own window hears the drag there.
        _ = try p.sourceState.waitFor("the offer over the source's own Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["target"] as? Int == Int(Showcase.ID.dropTargets[0].rawValue)
        }
        pause(0.2)
        try p.seat.touchUp(0)
        let ended = try p.sourceState.waitFor("the touch drag over") { s in
            (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue) && s.json["external_drop"] is [String: Any]
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["input"] as? String == "touch")
        #expect(last["negotiated"] as? String == "move" && last["phase"] as? String == "finished", "\(last)")
        #expect(last["home"] as? Bool == true)
        #expect(!(ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)), "a move that came home keeps the item")
        let drop = try #require(ended.json["external_drop"] as? [String: Any])
        let sent = try #require((last["sent"] as? [[String: Any]])?.last)
        #expect(drop["digest"] as? String == sent["digest"] as? String && drop["bytes"] as? Int == sent["bytes"] as? Int)
        #expect(!p.targetState.states().contains { $0.json["external_drag"] is [String: Any] }, "sway 1.7 gave the other window no touch drag")
        #expect(ended.json["drag"] is NSNull)
    }
}
