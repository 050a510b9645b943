// Drags between two Lodestone windows under one headless sway (issue 18.2, 18.3, 18.4; I2,
// G11): the pointer presses an item in the left window, carries it past the window's edge (the
// drag goes to the compositor: start_drag with the press's serial) and over the right window's
// Folder drop target, and lets go; a finger does the same; the same keys make the same drag
// inside the left window. Each case holds keys as a person would before the drag leaves the
// window. Under wlroots the keys reach only the window with the keyboard focus, the source,
// and only until the drag starts (wlr_drag's keyboard grab passes none on); the source
// narrows what it offers by them and the destination's preference decides among the rest.
// What both windows' states say must agree: the negotiated action, the data read byte for
// byte (the digest the destination computed of what it read against the source's of what it
// sent), and the item removed at the source after a move only. One sway for everything: the
// desktop pair on workspace 1, the mac pair (`--conventions mac`) on workspace 2, each
// started once, a table of cases run through them.
import Foundation
import InputProtocol
import Playground
import PointerEngine
import Testing
import TestSupport

@Suite("Drags between two Lodestone windows under sway (issue 18.2–18.4; I2, G11)", .serialized)
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

    static func startSway(_ extra: [String] = []) throws -> (Sway, SeatInjector) {
        try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1200), config: ["default_border none", "mouse_warping none"] + extra)
    }

    /// Two playground windows side by side on the focused workspace: the first launched is the
    /// left one (sway puts the new window right of the focused one).
    func pair(_ extra: [String] = [], on started: (Sway, SeatInjector)? = nil) throws -> Pair {
        let (sway, seat) = try started ?? Self.startSway()
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
    func centre(_ id: ElementID, in w: Sway.WindowInfo) throws -> (Double, Double) {
        let model = PlaygroundSession(size: Size(width: Double(w.content.width), height: Double(w.content.height)))
        let f = try #require(model.engine.surfaceFrame(of: id))
        #expect(f.maxX <= Double(w.content.width) && f.maxY <= Double(w.content.height), "\(id) on screen: \(f)")
        return (Double(w.content.x) + f.midX, Double(w.content.y) + f.midY)
    }

    struct Outcome: Equatable, CustomStringConvertible {
        var negotiated: String?
        var phase: String
        var dropOperation: String?
        var removed: Bool
        /// The digest of what the destination read (nil: nothing read).
        var digest: String? = nil
        /// What the source offered and the destination preferred (pointer drags: the target's
        /// external_drag over the Folder).
        var offered: [String]? = nil
        var preferred: String? = nil
        var description: String {
            "negotiated \(negotiated ?? "none"), \(phase), dropped as \(dropOperation ?? "none"), removed \(removed)"
        }
    }

    /// The drop menu's entries (issue 18.3, GNOME Files' and Dolphin's): always all four.
    static let menuEntries = ["Move here", "Copy here", "Link here", "Cancel"]

    /// Chooses entry `choice` of the drop menu open in `window` (its state in `log`) with the
    /// pointer. "ask": the target opens its menu at the drop point, always Move here, Copy
    /// here, Link here and Cancel, those the drop cannot take disabled (`disabled`: the
    /// indices expected so; nil: not checked). `first`: a disabled entry clicked before, which
    /// must leave the menu open and apply nothing.
    private func chooseInMenu(_ p: Pair, log: StateLog, window: Sway.WindowInfo, target: ElementID, choice: Int,
                              disabled: [Int]? = nil, first: Int? = nil) throws {
        let opened = try log.waitFor("the drop menu open") { ($0.json["menu"] as? [String: Any])?["items"] as? Int == Self.menuEntries.count }
        let menu = try #require(opened.json["menu"] as? [String: Any])
        #expect(menu["element"] as? Int == Int(target.rawValue), "the menu belongs to the target: \(menu)")
        if let disabled { #expect(menu["disabled"] as? [Int] == disabled, "disabled entries: \(menu)") }
        let frame = try #require(menu["frame"] as? [Double])
        func click(_ entry: Int) throws {
            let row = (x: frame[0] + frame[2] / 2, y: frame[1] + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * (Double(entry) + 0.5))
            try p.seat.move(to: Double(window.content.x) + row.x, Double(window.content.y) + row.y)
            pause(0.2)
            try p.seat.press(.left)
            pause(0.05)
            try p.seat.release(.left)
        }
        if let first {
            let drops = opened.json["external_drop_count"] as? Int
            try click(first)
            pause(0.5)
            let after = try #require(log.last)
            #expect((after.json["menu"] as? [String: Any])?["items"] as? Int == Self.menuEntries.count,
                    "a click on disabled \(Self.menuEntries[first]) leaves the menu open: \(after)")
            #expect(after.json["external_drop_count"] as? Int == drops, "nothing read after the disabled entry")
            let source = try #require(p.sourceState.last)
            #expect((source.json["drag_out"] as? [String: Any])?["phase"] as? String == "dropped",
                    "the source's drag waits, neither finished nor cancelled: \(source.json["drag_out"] ?? "none")")
        }
        try click(choice)
    }

    /// The end of a drag of `item` out of the left window, read in `log` (the window that took
    /// the drop): both sides' view once it is over, the bytes compared.
    private func ended(_ p: Pair, item: ElementID, log: StateLog, dropIndex: Int) throws -> Outcome {
        let ended: AppState
        do {
            ended = try p.sourceState.waitFor("the source's drag over") { s in
                s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
            }
        } catch {
            throw HarnessError("\(error)\n--- the target's last state: \(p.targetState.last?.description ?? "none")\n--- stderr: \(p.source.stderr)\n\(p.target.stderr)")
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        let removed = (ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue))
        var o = Outcome(negotiated: last["negotiated"] as? String, phase: last["phase"] as? String ?? "?", dropOperation: nil, removed: removed)
        guard dropIndex > 0 else { return o }
        let drops = try log.waitFor("drop \(dropIndex) read") { s in (s.json["external_drop_count"] as? Int ?? 0) >= dropIndex }
        let drop = try #require(drops.json["external_drop"] as? [String: Any])
        if let error = drop["error"] as? String {
            #expect(error.contains("cancelled at the drop menu"), "\(drop)")
            #expect((last["sent"] as? [Any])?.isEmpty == true, "nothing read after Cancel: \(last)")
            return o
        }
        // Byte-identical: the digest of what the target read is the digest of what the source
        // sent for that type, and as long.
        let type = try #require(drop["mime_type"] as? String)
        let sent = try #require((last["sent"] as? [[String: Any]])?.last { $0["mime_type"] as? String == type }, "sent \(type): \(last)")
        #expect(type == "text/uri-list", "the Folder takes the file: \(drop)")
        #expect(drop["digest"] as? String == sent["digest"] as? String, "read \(drop) sent \(sent)")
        #expect(drop["bytes"] as? Int == sent["bytes"] as? Int)
        o.dropOperation = drop["operation"] as? String
        o.digest = drop["digest"] as? String
        return o
    }

    /// Presses `item` in the left window with `keys` held, carries it to the right window's
    /// Folder and drops it; returns what both windows say once the drag is over.
    private func dragAcross(_ p: Pair, item: ElementID, keys: [SeatInjector.Key], dropIndex: Int,
                            onto target: ElementID = Showcase.ID.dropTargets[0], badge: RGBA? = nil,
                            menuChoice: Int? = nil, menuDisabled: [Int]? = nil, disabledClick: Int? = nil,
                            keepShot: String? = nil) throws -> Outcome {
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
        let answer = over.json["external_drag"] as? [String: Any]
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
            if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
                try shot.writePNG(to: keep + "/dragout-icon.png")
                if let keepShot { try p.sway.screenshot().writePNG(to: keep + "/" + keepShot) }
            }
            let n = shot.count(of: badge, x: 0, y: 0, width: shot.width, height: shot.height, tolerance: 12)
            #expect(n >= 20, "the badge (\(badge)) beside the pointer: \(n) pixels")
        }
        try p.seat.release(.left)
        if let menuChoice {
            try chooseInMenu(p, log: p.targetState, window: p.into, target: target, choice: menuChoice, disabled: menuDisabled, first: disabledClick)
        }
        defer { for k in keys.reversed() { try? p.seat.release(key: k) } }
        var o = try ended(p, item: item, log: p.targetState, dropIndex: dropIndex)
        o.offered = answer?["source_operations"] as? [String]
        o.preferred = answer?["preferred"] as? String
        return o
    }

    /// The same by a finger: touch down on `item` in the left window (the pointer moved in
    /// first for the keyboard focus), the long press lifts it, the finger goes to the right
    /// window's Folder and lifts. Measured under sway 1.7: a touch drag is accepted
    /// (start_drag with the touch-down's serial) but its focus never leaves the surface the
    /// finger went down on: wlr_drag moves focus for a touch point only when the compositor
    /// calls wlr_seat_touch_point_focus, and sway 1.7 does not. The data-device events go to
    /// the source's own window, at the coordinates of the surface under the finger (sway's
    /// touch motion). Before issue 30.4 the drop landed on the left window's own Folder (at
    /// the same place in the same layout); now the source sees the positions jump to another
    /// surface's, takes nothing, and the drag comes back and says so (`dropIndex` 0: nothing
    /// dropped anywhere).
    private func dragByTouch(_ p: Pair, item: ElementID, keys: [SeatInjector.Key], dropIndex: Int, menuChoice: Int? = nil) throws -> Outcome {
        let start = try centre(item, in: p.from)
        let end = try centre(Showcase.ID.dropTargets[0], in: p.into)
        try p.seat.move(to: start.0 + 40, start.1 + 40)
        pause(0.3)
        for k in keys { try p.seat.press(key: k) }
        defer { for k in keys.reversed() { try? p.seat.release(key: k) } }
        pause(0.2)
        try p.seat.touchDown(.init(id: 0, x: start.0, y: start.1))
        pause(0.8) // the long press lifts it (DragInteraction.touchLiftDelay)
        // Steps shorter than the edge zone (DragOutHandler.touchEdgeZone, 24 pt), so one lands
        // inside it before the finger crosses.
        let steps = Int(max(abs(end.0 - start.0), abs(end.1 - start.1)) / 16) + 1
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try p.seat.touchMove(.init(id: 0, x: start.0 + (end.0 - start.0) * t, y: start.1 + (end.1 - start.1) * t))
            pause(0.005)
        }
        _ = try p.sourceState.waitFor("the touch drag handed to the compositor", settled: false) { s in
            (s.json["drag_out"] as? [String: Any])?["input"] as? String == "touch"
        }
        // Over the other window's Folder the source's own window hears the drag, at the other
        // window's positions: it sees the jump (a motion, or a leave and an entry elsewhere),
        // takes nothing, and never hit-tests its own Folder with them (issue 30.4).
        pause(0.5)
        let seen = p.sourceState.states().count
        try p.seat.touchUp(0)
        if let menuChoice { try chooseInMenu(p, log: p.sourceState, window: p.from, target: Showcase.ID.dropTargets[0], choice: menuChoice) }
        let o = try ended(p, item: item, log: p.sourceState, dropIndex: dropIndex)
        let last = try #require(p.sourceState.last?.json["last_drag_out"] as? [String: Any])
        #expect(last["input"] as? String == "touch")
        #expect(last["phase"] as? String == "cancelled" && last["home"] as? Bool == false, "nothing dropped anywhere: \(last)")
        #expect((last["result"] as? String)?.hasSuffix("came back") == true, "\(last)")
        let ownFolder = Int(Showcase.ID.dropTargets[0].rawValue)
        let hit = p.sourceState.states().prefix(seen).suffix(40).contains { ($0.json["external_drag"] as? [String: Any])?["target"] as? Int == ownFolder }
        #expect(!hit, "the source's own Folder was never hit with the other window's positions")
        _ = try p.sourceState.waitFor("the touch drag settled") { $0.json["drag"] is NSNull }
        return o
    }

    /// The same keys and item in a drag that stays inside the left window, onto its Folder:
    /// the operation of the engine's drop there (nil: none within the wait).
    private func dragInside(_ p: Pair, item: ElementID, keys: [SeatInjector.Key]) throws -> String? {
        let start = try centre(item, in: p.from)
        let end = try centre(Showcase.ID.dropTargets[0], in: p.from)
        func drops(_ s: AppState?) -> [String] {
            (s?.json["drops"] as? [[String: Any]] ?? []).filter {
                $0["items"] as? [Int] == [Int(item.rawValue)] && $0["target"] as? Int == Int(Showcase.ID.dropTargets[0].rawValue)
            }.compactMap { $0["operation"] as? String }
        }
        let before = drops(p.sourceState.last).count
        try p.seat.move(to: start.0 + 30, start.1 + 30)
        try p.seat.move(to: start.0, start.1)
        pause(0.3)
        for k in keys { try p.seat.press(key: k) }
        defer { for k in keys.reversed() { try? p.seat.release(key: k) } }
        pause(0.2)
        try p.seat.press(.left)
        pause(0.1)
        for i in 1...16 {
            let t = Double(i) / 16
            try p.seat.move(to: start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t)
            pause(0.02)
        }
        pause(0.2)
        try p.seat.release(.left)
        let after = try p.sourceState.waitFor("the drop inside the window") { drops($0).count > before }
        #expect(after.json["drag_out"] is NSNull, "the drag stayed inside")
        return drops(after).last
    }

    func pause(_ s: Double) { Thread.sleep(forTimeInterval: s) }

    struct Case {
        var keys: [SeatInjector.Key]
        /// The item the pointer carries across (a move removes it: each such case its own).
        var item: ElementID
        var negotiated: String
        var phase: String
        var removed: Bool
        /// Also by a finger (and compared with the pointer).
        var touch = true
    }

    /// Runs `cases` on `p` by pointer across, by touch (home, under sway 1.7) and inside the
    /// window, and checks they agree (I2, G11): the same negotiated action, drop operation
    /// and bytes for pointer and touch, and the inside drag's operation the same.
    private func run(_ cases: [Case], on p: Pair, conventions: String, badges: Bool) throws {
        // Touch and inside drags keep the item (a move that comes home, or that never left), so
        // they go first and the pointer then carries the same item (the same file).
        var targetDrops = 0
        for c in cases {
            let what = "\(conventions), keys \(c.keys.map(\.rawValue))"
            // ask (shown as link): the target asks at the drop point; "Link here" (the third
            // entry: Move here and Copy here are listed disabled, the source offered ask alone) reads the file
            // and lets the offer go unfinished (the protocol forbids finishing with ask), so the
            // source hears cancelled, keeps the item and flies it back.
            let menu = c.negotiated == "link" ? 2 : nil
            var byTouch: Outcome?
            if c.touch {
                // Under sway 1.7 a touch drag never reaches the other window: it comes back,
                // nothing dropped (issue 30.4), so no drop menu either.
                byTouch = try dragByTouch(p, item: c.item, keys: c.keys, dropIndex: 0)
            }
            let inside = try dragInside(p, item: c.item, keys: c.keys)
            #expect(inside == c.negotiated, "\(what): the drag inside the window did \(inside ?? "nothing")")
            targetDrops += 1
            let byPointer = try dragAcross(p, item: c.item, keys: c.keys, dropIndex: targetDrops,
                                           badge: badges && c.negotiated == "copy" ? RGBA(hex: 0x30B158) : nil, menuChoice: menu,
                                           keepShot: c.negotiated == "copy" ? "drag-between-windows.png" : nil)
            #expect(byPointer.negotiated == c.negotiated, "\(what), pointer: \(byPointer)")
            #expect(byPointer.dropOperation == c.negotiated, "\(what), pointer: the target did \(byPointer)")
            #expect(byPointer.phase == c.phase, "\(what), pointer: the source's drag ended \(byPointer.phase)")
            #expect(byPointer.removed == c.removed, "\(what), pointer: removed at the source \(byPointer.removed)")
            if c.keys.isEmpty {
                // Who chose (docs/dnd.md's note): the source offered all three and the target
                // preferred move (no key reached it); wlroots took the destination's preference,
                // not the first action in bit order (copy), and applied no modifier itself.
                #expect(byPointer.offered == ["move", "copy", "link"] && byPointer.preferred == "move", "\(what): \(byPointer.offered ?? []), \(byPointer.preferred ?? "none")")
            } else {
                #expect(byPointer.offered == [c.negotiated], "\(what): the source narrowed its offer by the keys: \(byPointer.offered ?? [])")
            }
            guard let byTouch else { continue }
            #expect(byTouch.phase == "cancelled" && byTouch.digest == nil && !byTouch.removed,
                    "\(what): a touch drag sway 1.7 keeps in its window comes back, nothing read, the item kept: \(byTouch)")
        }
        #expect(p.source.isRunning && p.target.isRunning)
    }

    /// The table (issue 18.3; I2, G11): desktop no key moves (the item leaves the source),
    /// Ctrl copies, Shift moves, Ctrl+Shift asks (the menu's Link here); the mac's no key
    /// moves, Option copies, Option+Command asks. By pointer across, by touch and inside the
    /// window, each the same.
    @Test("two windows, one sway: desktop and mac conventions, no key/Ctrl/Shift/Ctrl+Shift (Option, Option+Command), by pointer, by touch and inside the window: the same action, the file read byte for byte, a move removes the item at the source")
    func table() throws {
        let started = try Self.startSway()
        let desktop = try pair(on: started)
        defer { desktop.stop() }
        let d = Showcase.ID.draggables
        try run([
            Case(keys: [], item: d[0], negotiated: "move", phase: "finished", removed: true),
            Case(keys: [.leftCtrl], item: d[1], negotiated: "copy", phase: "finished", removed: false),
            Case(keys: [.leftShift], item: d[2], negotiated: "move", phase: "finished", removed: true),
            Case(keys: [.leftCtrl, .leftShift], item: d[1], negotiated: "link", phase: "cancelled", removed: false),
        ], on: desktop, conventions: "desktop", badges: true)
        // The mac pair on a workspace of its own: the desktop pair idles there meanwhile.
        try started.0.command("workspace 2")
        let mac = try pair(["--conventions", "mac"], on: started)
        defer { mac.stop(); _ = started }
        try run([
            // By touch only the mac's copy key: the input is shown alike above.
            Case(keys: [], item: d[0], negotiated: "move", phase: "finished", removed: true, touch: false),
            Case(keys: [.leftAlt], item: d[1], negotiated: "copy", phase: "finished", removed: false),
            Case(keys: [.leftAlt, .leftSuper], item: d[1], negotiated: "link", phase: "cancelled", removed: false, touch: false),
        ], on: mac, conventions: "mac", badges: false)
        // ask once more, this time the menu's Cancel: nothing is read, the source keeps its item.
        let cancelled = try dragAcross(mac, item: d[2], keys: [.leftAlt, .leftSuper], dropIndex: 4, menuChoice: 3)
        #expect(cancelled.negotiated == "link" && cancelled.dropOperation == nil, "\(cancelled)")
        #expect(cancelled.phase == "cancelled" && !cancelled.removed, "\(cancelled)")
        // Refused: over the Locked target the icon shows circle-slash, the drop is cancelled,
        // the item flies back and stays.
        let item = d[2]
        let seen = mac.sourceState.states().count
        let o = try dragAcross(mac, item: item, keys: [], dropIndex: 0, onto: Showcase.ID.dropTargets[2], badge: RGBA(hex: 0x636366))
        #expect(o.phase == "cancelled" && !o.removed, "refused: \(o)")
        #expect(o.negotiated == nil, "nothing negotiated over a target that takes nothing")
        // The fly-back was drawn: frames with the item's preview after the cancel, then none.
        let states = mac.sourceState.states()
        let cancelledAt = try #require(states[seen...].firstIndex { ($0.json["last_drag_out"] as? [String: Any])?["phase"] as? String == "cancelled"
            && ($0.json["last_drag_out"] as? [String: Any])?["negotiated"] is NSNull })
        let flying = states[cancelledAt...].filter { ($0.json["drag"] as? [String: Any])?["items"] as? [Int] == [Int(item.rawValue)] }
        #expect(flying.count >= 2, "the item's preview flies back over several frames: \(flying.count)")
        let settled = try mac.sourceState.waitFor("the fly-back over") { $0.json["drag"] is NSNull }
        #expect(!(settled.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)))
        #expect(mac.targetState.last?.json["external_drop_count"] as? Int == 4, "nothing dropped on the Locked target")
        try keysMidDrag(mac, item: d[2])
    }

    /// Issue 18.3: the drop menu always lists Move here, Copy here, Link here and Cancel. With
    /// Ctrl+Shift the source offers ask alone: Move here and Copy here are listed disabled, a
    /// click on one leaves the menu open and applies nothing (the source's drag waits, dropped),
    /// then Link here reads the file. With `--plain-drop ask` (Dolphin's way) a drop with no key
    /// asks: the target prefers ask, the menu has every entry enabled, and Move here moves.
    @Test("sway 1.10 (Debian 13, wlroots 0.18): drags between two windows as under sway 1.7: Ctrl copies (the item stays), no key moves once finished (issue 31.5; I2, G11)",
          .debian13)
    func betweenWindowsUnderSway110() throws {
        let root = try Debian13Root.require("sway", at: "1.10")
        let started = try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1200), config: ["default_border none", "mouse_warping none"], root: root)
        let p = try pair(on: started)
        defer { p.stop(); _ = started }
        let d = Showcase.ID.draggables
        let copy = try dragAcross(p, item: d[1], keys: [.leftCtrl], dropIndex: 1)
        #expect(copy.negotiated == "copy" && copy.phase == "finished" && !copy.removed && copy.dropOperation == "copy", "\(copy)")
        #expect(copy.offered == ["copy"], "the source narrowed its offer by the key held: \(copy.offered ?? [])")
        let move = try dragAcross(p, item: d[0], keys: [], dropIndex: 2)
        #expect(move.negotiated == "move" && move.phase == "finished" && move.removed && move.dropOperation == "move", "\(move)")
        #expect(move.offered == ["move", "copy", "link"] && move.preferred == "move", "the destination chose: \(move)")
        #expect(p.source.isRunning && p.target.isRunning)
    }

    @Test("drop menu: all four entries, the ones the drop cannot take disabled and inert; --plain-drop ask: a plain drop asks, Move here moves (issue 18.3)")
    func dropMenu() throws {
        let p = try pair(["--plain-drop", "ask"])
        defer { p.stop() }
        let d = Showcase.ID.draggables
        let linked = try dragAcross(p, item: d[1], keys: [.leftCtrl, .leftShift], dropIndex: 1, menuChoice: 2, menuDisabled: [0, 1], disabledClick: 0)
        #expect(linked.offered == ["link"] && linked.negotiated == "link" && linked.dropOperation == "link", "\(linked)")
        #expect(linked.phase == "cancelled" && !linked.removed, "Link here lets the offer go: the source keeps its item: \(linked)")
        _ = try p.sourceState.waitFor("the fly-back over") { $0.json["drag"] is NSNull }
        // Inside the window the same setting makes the plain drop ask (link) too (I2).
        let inside = try dragInside(p, item: d[0], keys: [])
        #expect(inside == "link", "the plain drag inside the window did \(inside ?? "nothing")")
        let moved = try dragAcross(p, item: d[0], keys: [], dropIndex: 2, menuChoice: 0, menuDisabled: [])
        #expect(moved.offered == ["move", "copy", "link"] && moved.preferred == "link", "the plain drop preferred ask: \(moved.offered ?? []), \(moved.preferred ?? "none")")
        #expect(moved.dropOperation == "move" && moved.phase == "finished" && moved.removed, "Move here moved: \(moved)")
        #expect(moved.negotiated == "move", "the source heard the final action: \(moved)")
        #expect(p.source.isRunning && p.target.isRunning)
    }

    /// Presses `item` in the left window (no key) and carries it onto the right window's Folder,
    /// the button held; returns the Folder's centre on the screen.
    @discardableResult
    func carryToFolder(_ p: Pair, item: ElementID) throws -> (Double, Double) {
        let start = try centre(item, in: p.from)
        let end = try centre(Showcase.ID.dropTargets[0], in: p.into)
        try p.seat.move(to: start.0 + 30, start.1 + 30)
        try p.seat.move(to: start.0, start.1)
        pause(0.3)
        try p.seat.press(.left)
        for i in 1...24 {
            let t = Double(i) / 24
            try p.seat.move(to: start.0 + (end.0 - start.0) * t, start.1 + (end.1 - start.1) * t)
            pause(0.02)
        }
        return end
    }

    /// Issue 18.2 "nothing is half-applied": the destination is killed (SIGKILL, by its PID)
    /// while our item hangs over its Folder. The compositor ends the drag without a drop: the
    /// source hears cancelled, the item flies back and stays, and the source keeps running.
    @Test("a destination killed mid-drag: the source's drag is cancelled, the item flies back and stays (issue 18.2)")
    func destinationKilled() throws {
        let p = try pair()
        defer { p.stop() }
        let item = Showcase.ID.draggables[0]
        try carryToFolder(p, item: item)
        _ = try p.targetState.waitFor("move negotiated over the Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["negotiated"] as? String == "move"
        }
        _ = try p.sourceState.waitFor("the source hears the destination's answer", settled: false) { s in
            (s.json["drag_out"] as? [String: Any])?["negotiated"] as? String == "move"
        }
        let seen = p.sourceState.states().count
        #expect(kill(p.target.pid, SIGKILL) == 0)
        try waitUntil(timeout: 10, "the destination's window gone") { try p.sway.windows().filter { $0.appID == "lodestone" }.count == 1 }
        pause(0.3)
        try p.seat.release(.left)
        let ended = try p.sourceState.waitFor("the source's drag over") { s in
            s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["phase"] as? String == "cancelled", "the drag ended cancelled: \(last)")
        #expect(!(ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)), "the item stays")
        let flying = p.sourceState.states()[seen...].filter { ($0.json["drag"] as? [String: Any])?["items"] as? [Int] == [Int(item.rawValue)] }
        #expect(!flying.isEmpty, "the item's preview flew back")
        let settled = try p.sourceState.waitFor("the fly-back over") { $0.json["drag"] is NSNull }
        #expect(!(settled.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)))
        #expect(p.source.isRunning, "the source keeps running")
    }

    /// Issue 18 "modifiers pressed or released mid-drag". Measured under sway 1.7: once the
    /// compositor has the drag, a key pressed or released reaches neither window (wlr_drag's
    /// keyboard grab drops modifiers), so the action the target showed before the drop is the
    /// one the protocol reports after it: Option pressed over the target, then released, and
    /// the move stays a move.
    private func keysMidDrag(_ p: Pair, item: ElementID) throws {
        let drops = p.targetState.last?.json["external_drop_count"] as? Int ?? 0
        let end = try carryToFolder(p, item: item)
        let before = try p.targetState.waitFor("move negotiated over the Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["negotiated"] as? String == "move"
        }
        #expect(before.json["external_keys_reached"] as? Bool == false)
        let shownAt = (before.json["external_drag"] as? [String: Any])?["negotiated_at_us"] as? Int
        try p.seat.press(key: .leftAlt)
        pause(0.3)
        try p.seat.move(to: end.0 + 4, end.1 + 4)
        pause(0.2)
        try p.seat.release(key: .leftAlt)
        try p.seat.move(to: end.0 + 2, end.1 + 2)
        pause(0.3)
        let during = try #require(p.targetState.last)
        let shown = try #require(during.json["external_drag"] as? [String: Any])
        #expect(shown["negotiated"] as? String == "move", "Option changed nothing: \(during)")
        #expect(shown["negotiated_at_us"] as? Int == shownAt, "the action never changed while the key went down and up")
        #expect(during.json["external_keys_reached"] as? Bool == false, "Option did not reach the target")
        #expect(p.sourceState.last?.json["external_keys_reached"] as? Bool == false, "nor the source")
        try p.seat.release(.left)
        let ended = try p.sourceState.waitFor("the drag over") { ($0.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
            && ($0.json["last_drag_out"] as? [String: Any])?["phase"] as? String == "finished" }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["negotiated"] as? String == "move", "\(last)")
        let drop = try #require(try p.targetState.waitFor("the drop read") { ($0.json["external_drop_count"] as? Int ?? 0) > drops }
            .json["external_drop"] as? [String: Any])
        #expect(drop["operation"] as? String == "move")
        #expect((ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)), "the move removed the item")
    }
}

extension DragOutUnderSwayTests {
    /// Issue 18.2: the destination dies after the drop, while its "ask" menu is open (the
    /// offer dropped, not finished).
    @Test("a destination killed after the drop, its ask menu open: the source's drag ends cancelled, the item flies back and stays (issue 18.2)")
    func destinationKilledAfterDrop() throws {
        let p = try pair()
        defer { p.stop() }
        let item = Showcase.ID.draggables[1]
        try p.seat.press(key: .leftCtrl)
        try p.seat.press(key: .leftShift)
        defer { try? p.seat.release(key: .leftShift); try? p.seat.release(key: .leftCtrl) }
        try carryToFolder(p, item: item)
        _ = try p.targetState.waitFor("ask negotiated over the Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["negotiated"] as? String == "link"
        }
        Thread.sleep(forTimeInterval: 0.2)
        try p.seat.release(.left)
        _ = try p.targetState.waitFor("the drop menu open") { ($0.json["menu"] as? [String: Any])?["items"] as? Int == Self.menuEntries.count }
        _ = try p.sourceState.waitFor("the source's drag dropped") { ($0.json["drag_out"] as? [String: Any])?["phase"] as? String == "dropped" }
        #expect(kill(p.target.pid, SIGKILL) == 0)
        let ended = try p.sourceState.waitFor("the source's drag over", timeout: 15) { s in
            s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
        }
        let last = try #require(ended.json["last_drag_out"] as? [String: Any])
        #expect(last["phase"] as? String == "cancelled", "\(last)")
        #expect(!(ended.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue)))
    }
}
