// The drop menu's keys between two windows under sway 1.7 (issue 30.5; I6, G9), and Escape
// during a drag out while the item is still over its own window (issue 30.6; I2). The drop's
// button went to the source, and wlroots leaves the keyboard there after the drag, so the
// destination asks for it with xdg_activation_v1 when it opens its "ask" menu. Its token
// carries no serial (it has none the compositor would honour): sway 1.7 takes it and applies
// `focus_on_window_activation`, urgent by default (the menu then says to click), focus with
// `smart` (Escape, the arrows and Enter then work in the menu, with no click). sway 1.10 moves
// the focus only for a token made by a window that had the keyboard: urgent only, `smart` or not.
// Issue 30.5's opaque menu is checked here too, over the Folder behind the drop menu.
import Foundation
import Playground
import PointerEngine
import Testing
import TestSupport

extension DragOutUnderSwayTests {
    /// Carries `item` (Ctrl+Shift held from the start: "ask") from the left window onto the
    /// right one's Folder and lets go, the pointer still there afterwards (no motion: sway's
    /// focus follows the mouse only when it moves); returns the menu's state line.
    private func askDrop(_ p: Pair, item: ElementID) throws -> AppState {
        let menus = p.targetState.states().count
        try p.seat.press(key: .leftCtrl)
        try p.seat.press(key: .leftShift)
        pause(0.2)
        try carryToFolder(p, item: item)
        _ = try p.targetState.waitFor("ask negotiated over the Folder", settled: false) { s in
            (s.json["external_drag"] as? [String: Any])?["negotiated"] as? String == "link"
        }
        pause(0.3)
        try p.seat.release(.left)
        pause(0.1)
        try p.seat.release(key: .leftShift)
        try p.seat.release(key: .leftCtrl)
        return try p.targetState.waitFor("the drop menu open") { s in
            p.targetState.states().count > menus && (s.json["menu"] as? [String: Any])?["items"] as? Int == Self.menuEntries.count
        }
    }

    private func menu(_ s: AppState?) -> [String: Any]? { s?.json["menu"] as? [String: Any] }
    private func list(_ s: AppState?, _ key: String) -> [Any] { (s?.json[key] as? [Any]) ?? [] }
    private func removed(_ s: AppState?, _ item: ElementID) -> Bool { ((s?.json["removed"] as? [Int]) ?? []).contains(Int(item.rawValue)) }

    /// Types `key` (down and up) as a person would.
    private func type(_ p: Pair, _ key: SeatInjector.Key) throws {
        try p.seat.press(key: key)
        pause(0.08)
        try p.seat.release(key: key)
    }

    @Test("sway 1.7, focus_on_window_activation smart: the drop menu asks for the keyboard and gets it; Escape cancels the drop (nothing read, the item stays); Down+Enter picks Link here (issue 30.5; I6, G9)")
    func dropMenuKeysWithActivation() throws {
        let p = try pair(on: Self.startSway(["focus_on_window_activation smart"]))
        defer { p.stop() }
        let d = Showcase.ID.draggables
        // Escape.
        let opened = try askDrop(p, item: d[1])
        let keys = menu(opened)?["keys"] as? String
        #expect(keys == "asked" || keys == "here", "\(menu(opened) ?? [:])")
        let here = try p.targetState.waitFor("the keyboard given to the destination") { menu($0)?["keys"] as? String == "here" }
        #expect(menu(here)?["hint"] as? Bool == false, "no hint once the keys reach the menu")
        pause(1)
        try type(p, .escape)
        let closed = try p.targetState.waitFor("Escape closed the menu") { !($0.json["menu"] is [String: Any]) }
        _ = closed
        let cancelled = try p.targetState.waitFor("the drop cancelled at the menu") { s in
            ((s.json["external_drop"] as? [String: Any])?["error"] as? String)?.contains("cancelled at the drop menu") == true
        }
        #expect(cancelled.json["external_drop_count"] as? Int == 1)
        let back = try p.sourceState.waitFor("the source's drag over") { s in
            s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(d[1].rawValue)
        }
        #expect((back.json["last_drag_out"] as? [String: Any])?["phase"] as? String == "cancelled", "\(back.json["last_drag_out"] ?? "none")")
        #expect(!removed(back, d[1]), "the item stays")
        _ = try p.sourceState.waitFor("the fly-back over") { $0.json["drag"] is NSNull }
        // Down + Enter. The source has the keyboard again once the pointer goes back to it.
        let source = try centre(d[1], in: p.from)
        try p.seat.move(to: source.0 + 40, source.1 + 40)
        pause(0.5)
        _ = try askDrop(p, item: d[1])
        _ = try p.targetState.waitFor("the keyboard given to the destination again") { menu($0)?["keys"] as? String == "here" }
        pause(0.5)
        try type(p, .down)
        pause(0.3)
        try type(p, .enter)
        let linked = try p.targetState.waitFor("Link here read the drop") { s in
            (s.json["external_drop_count"] as? Int ?? 0) >= 2 && (s.json["external_drop"] as? [String: Any])?["operation"] as? String == "link"
        }
        #expect(!(linked.json["menu"] is [String: Any]))
        let ended = try p.sourceState.waitFor("the source's second drag over") { s in
            s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["negotiated"] as? String == "link"
        }
        #expect((ended.json["last_drag_out"] as? [String: Any])?["result"] as? String != nil)
        #expect(p.source.isRunning && p.target.isRunning)
    }

    @Test("sway 1.7's default (focus_on_window_activation urgent): the keyboard stays with the source; the menu says to click and Escape does nothing there; a click on Cancel ends it (issue 30.5; I6, G9)")
    func dropMenuKeysWithoutActivation() throws {
        let p = try pair()
        defer { p.stop() }
        let item = Showcase.ID.draggables[1]
        let opened = try askDrop(p, item: item)
        #expect(menu(opened)?["keys"] as? String == "asked", "\(menu(opened) ?? [:])")
        #expect(menu(opened)?["hint"] as? Bool == true)
        pause(1.5)
        let rested = try #require(p.targetState.last)
        #expect(menu(rested)?["keys"] as? String == "asked", "sway's default policy gives no keyboard: \(menu(rested) ?? [:])")
        // The hint beside the menu (under it, above where the window ends first): a dark pill
        // with white text.
        let frame = try #require(menu(rested)?["frame"] as? [Double])
        let x = p.into.content.x + Int(frame[0]) - 120, y = p.into.content.y + Int(frame[1]) - 44
        let shot = try p.sway.screenshot(region: (x, y, Int(frame[2]) + 240, Int(frame[3]) + 88))
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            try shot.writePNG(to: keep + "/drop-menu-hint.png")
        }
        let dark = shot.count(of: RGBA(r: 0x1C, g: 0x1C, b: 0x1E, a: 255), x: 0, y: 0, width: shot.width, height: shot.height, tolerance: 40)
        #expect(dark >= 400, "the hint's pill under the menu: \(dark) pixels")
        try opaqueRows(p, frame: frame, disabled: [0, 1])
        try type(p, .escape)
        pause(1)
        #expect(menu(p.targetState.last)?["items"] as? Int == Self.menuEntries.count, "Escape went to the source; the menu stays open")
        // Cancel, with the pointer.
        let row = (x: Double(p.into.content.x) + frame[0] + frame[2] / 2,
                   y: Double(p.into.content.y) + frame[1] + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * 3.5)
        try p.seat.move(to: row.x, row.y)
        pause(0.3)
        try p.seat.click(.left)
        let closed = try p.targetState.waitFor("Cancel closed the menu") { !($0.json["menu"] is [String: Any]) }
        #expect(((closed.json["external_drop"] as? [String: Any])?["error"] as? String)?.contains("cancelled at the drop menu") == true)
        #expect(p.source.isRunning && p.target.isRunning)
    }

    @Test("sway 1.10 (Debian 13, wlroots 0.18), focus_on_window_activation smart: the destination's own token is honoured with urgency only; the menu says to click, and a click on Cancel ends it (issue 30.5; I6, G9)",
          .debian13)
    func dropMenuKeysUnderSway110() throws {
        let root = try Debian13Root.require("sway", at: "1.10")
        let started = try Sway.startWithInjectedSeat(output: .init(width: 2400, height: 1200),
                                                     config: ["default_border none", "mouse_warping none", "focus_on_window_activation smart"], root: root)
        let p = try pair(on: started)
        defer { p.stop(); _ = started }
        let opened = try askDrop(p, item: Showcase.ID.draggables[1])
        #expect(menu(opened)?["keys"] as? String == "asked", "\(menu(opened) ?? [:])")
        pause(1.5)
        let rested = try #require(p.targetState.last)
        #expect(menu(rested)?["keys"] as? String == "asked" && menu(rested)?["hint"] as? Bool == true,
                "sway 1.10 gives no keyboard for a token made without the keyboard: \(menu(rested) ?? [:])")
        let frame = try #require(menu(rested)?["frame"] as? [Double])
        try p.seat.move(to: Double(p.into.content.x) + frame[0] + frame[2] / 2,
                        Double(p.into.content.y) + frame[1] + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * 3.5)
        pause(0.3)
        try p.seat.click(.left)
        let closed = try p.targetState.waitFor("Cancel closed the menu") { !($0.json["menu"] is [String: Any]) }
        #expect(((closed.json["external_drop"] as? [String: Any])?["error"] as? String)?.contains("cancelled at the drop menu") == true)
    }

    /// Issue 30.5 (G9, I6): the menu is opaque to the pointer. The drop menu opens over the
    /// Folder, a drop target that takes the pointer's hover look: resting on each of the
    /// `disabled` rows (left, middle, right), nothing behind is hovered, no effect is drawn,
    /// and the pointer is the plain arrow over the menu, not the Folder's highlight under it.
    private func opaqueRows(_ p: Pair, frame: [Double], disabled: [Int]) throws {
        var from = try centre(Showcase.ID.dropTargets[0], in: p.into) // where the drop left it
        for i in disabled {
            for fx in [0.2, 0.5, 0.8] {
                let x = Double(p.into.content.x) + frame[0] + frame[2] * fx
                let y = Double(p.into.content.y) + frame[1] + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * (Double(i) + 0.5)
                for k in 1...8 {
                    try p.seat.move(to: from.0 + (x - from.0) * Double(k) / 8, from.1 + (y - from.1) * Double(k) / 8)
                    pause(0.02)
                }
                from = (x, y)
                pause(0.6)
                let s = try #require(p.targetState.last)
                #expect(s.hovered == nil, "row \(i) at \(fx): hovered \(s.hovered.map(String.init) ?? "none") under the menu")
                #expect(s.effects.isEmpty, "row \(i) at \(fx): effects under the menu \(s.effects)")
                let pointer = try #require(s.json["pointer"] as? [String: Any])
                let bounds = try #require(pointer["bounds"] as? [Double])
                #expect(bounds[2] <= 40 && bounds[3] <= 40, "row \(i) at \(fx): the pointer is the arrow, not a highlight: \(pointer)")
                #expect((pointer["opacity"] as? Double ?? 0) > 0.5, "the arrow shown over the menu: \(pointer)")
                #expect(menu(s)?["items"] as? Int == Self.menuEntries.count, "the menu stays open")
            }
        }
        // What the screen shows there: the arrow over the menu's panel, no tint behind.
        let x = p.into.content.x + Int(frame[0]), y = p.into.content.y + Int(frame[1])
        let shot = try p.sway.screenshot(region: (x, y, Int(frame[2]), Int(frame[3])))
        if let keep = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] { try shot.writePNG(to: keep + "/drop-menu-opaque.png") }
        let panel = shot.count(of: RGBA(r: 0xF9, g: 0xF9, b: 0xFB, a: 255), x: 0, y: 0, width: shot.width, height: shot.height, tolerance: 6)
        #expect(Double(panel) >= 0.5 * Double(shot.width * shot.height), "the menu's panel is what shows: \(panel) of \(shot.width * shot.height) pixels")
    }

    @Test("Escape while the dragged item is still over its own window cancels the drag: the item flies home, nothing dropped anywhere, with human pacing (issue 30.6; I2)")
    func escapeOverOwnWindow() throws {
        let p = try pair()
        defer { p.stop() }
        let item = Showcase.ID.draggables[0]
        let start = try centre(item, in: p.from)
        try p.seat.move(to: start.0 + 30, start.1 + 30)
        try p.seat.move(to: start.0, start.1)
        pause(0.4)
        try p.seat.press(.left)
        pause(0.1)
        for i in 1...30 {
            try p.seat.move(to: start.0 + Double(i), start.1 + Double(i) / 3)
            pause(0.03)
        }
        let dragging = try p.sourceState.waitFor("the item lifted") { ($0.json["drag"] as? [String: Any])?["items"] as? [Int] == [Int(item.rawValue)] }
        #expect(dragging.json["drag_out"] is NSNull, "still inside its window")
        pause(1)
        try type(p, .escape)
        pause(2)
        let s = try #require(p.sourceState.last)
        #expect(s.json["drag"] is NSNull, "the item is home: \(s.json["drag"] ?? "none")")
        #expect(s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int != Int(item.rawValue),
                "no drag went out: \(s.json["last_drag_out"] ?? "none")")
        #expect(list(s, "drops").isEmpty, "nothing dropped: \(list(s, "drops"))")
        // Let go where it was: still nothing dropped, in either window.
        try p.seat.release(.left)
        pause(1)
        #expect(list(p.sourceState.last, "drops").isEmpty)
        let received = (p.targetState.last?.json["external_drop_count"] as? Int) ?? 0
        #expect(received == 0)
        #expect(!removed(p.sourceState.last, item))
    }
}
