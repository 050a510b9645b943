// Issue 17.1 "Done when", end to end: the showcase window open under headless sway, the output
// changed with `swaymsg output … resolution … scale …`: the window lays itself out again for the
// size sway gives it (the state line's size and columns), the last card (Controls & menus) is
// scrolled into view with the mouse wheel, and hovering its Buy button shows the effect in the
// state (hovered id) and on screen (grim: the button's pixels change). A right-click on the
// Format bar opens its menu (its five entries, and what its button adds). Where the HUD does not
// dock, Tab shows it as a panel and Escape hides it.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Showcase follows the output's size under headless sway (issue 17.1; G1, I5)", .serialized, SharedSway())
struct ShowcaseResizeUnderSwayTests {
    typealias ID = Showcase.ID

    struct Mode: Sendable, CustomStringConvertible {
        var pixels: (width: Int, height: Int)
        var scale: Double
        var points: Size { Size(Double(pixels.width) / scale, Double(pixels.height) / scale) }
        var description: String { "\(pixels.width)x\(pixels.height)@\(scale)" }
    }

    /// A wheel detent scrolls this far (ScrollView.wheelDetent), points.
    static let detent = ScrollView.wheelDetent
    /// Fraction of the Buy button's pixels that must change when it is hovered: its highlight
    /// or lift repaints most of it; the pointer alone covers well under this.
    static let effectChange = 0.2

    @Test("the window re-lays out for the new mode; the last card scrolls into view and its Buy button answers the pointer",
          arguments: [Mode(pixels: (1024, 768), scale: 1), Mode(pixels: (1440, 900), scale: 1), Mode(pixels: (1440, 900), scale: 2),
                      // Issue 30.11: the commonest laptop size (widened cards) and the minimum (sidebar collapsed).
                      Mode(pixels: (1366, 768), scale: 1), Mode(pixels: (640, 480), scale: 1)])
    func resizeScrollHover(mode: Mode) throws {
        let w = try ShowcaseWindow(scale: 1)
        let size = mode.points
        // Absolute pointer positions are fractions of the output's layout: the new one from here,
        // the suite's again for the next test.
        w.seat.layoutSize = (size.width, size.height)
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        try w.sway.setOutput(.init(width: mode.pixels.width, height: mode.pixels.height, scale: mode.scale))
        let g = ShowcaseGeometry(size: size)
        func layout(_ s: AppState) -> [String: Any]? { s.json["layout"] as? [String: Any] }
        let laidOut = try w.state.waitFor("a frame of \(size) at scale \(mode.scale), laid out in \(g.columns) columns",
                                          timeout: ShowcaseWindow.setupTimeout, settled: false) { s in
            s.scale == mode.scale && s.size.map { $0 == (size.width, size.height) } ?? false
                && (layout(s)?["columns"] as? Int) == g.columns
        }
        #expect((layout(laidOut)?["hud_docked"] as? Bool) == g.hudDocked, "\(laidOut)")
        #expect(w.app.isRunning, "\(w.output)")

        // Screenshots at the new output scale (the window was opened at scale 1).
        func shot(_ r: Rect) throws -> Shot {
            let s = try w.shot(r)
            return Shot(image: s.image, origin: s.origin, scale: mode.scale)
        }

        // Scroll the content (wheel over its left margin, clear of every card) to its end.
        let model = PlaygroundSession(size: size)
        let restingBuy = try #require(Showcase.restingFrame(of: ID.buy, in: model.layout))
        let margin = Point(g.content.minX + ShowcaseGeometry.margin / 2, g.content.midY)
        try w.move(to: margin)
        let detents = Int32((g.maximumOffset / Self.detent).rounded(.up)) + 2
        for _ in 0..<detents { try w.seat.wheel(detents: 1); usleep(20_000) }
        func offset(_ s: AppState) -> Double { s.number(layout(s)?["content_offset"]) }
        let scrolled = try w.state.waitFor("the content scrolled to its end (\(g.maximumOffset) pt)", timeout: 15) { s in
            abs(offset(s) - g.maximumOffset) < 0.5
        }
        let buy = restingBuy.offsetBy(Vector(0, -offset(scrolled)))
        #expect(g.content.contains(buy), "Buy at \(buy) is not in the content's viewport \(g.content)")
        #expect(Rect(origin: .zero, size: size).contains(buy))

        // Hover it: the state names it, and its pixels change.
        let before = try shot(buy)
        try w.glide(to: buy.center)
        let hovered = try w.state.waitFor("Buy hovered with its effect shown", timeout: 15) { s in
            s.hovered == Int(ID.buy.rawValue) && s.effect(on: Int(ID.buy.rawValue)).map { s.number($0["progress"]) >= 0.99 } ?? false
        }
        let after = try shot(buy)
        let pointer = hovered.pointerBounds.map { [$0] } ?? []
        let changed = after.changed(from: before, in: buy, excluding: pointer)
        #expect(changed > Self.effectChange, "only \(changed) of Buy's pixels changed when hovered at \(mode)")

        // The Format bar: inside the window, in its strip under the content (issue 30.11); a
        // right-click opens its menu.
        let format = g.formatBarFrame
        #expect(Rect(origin: .zero, size: size).contains(format) && format.minY >= g.content.maxY
                && format.minX >= g.content.minX && format.maxX <= g.content.maxX)
        try w.glide(to: format.center)
        try w.seat.click(.right)
        let menu = try w.state.waitFor("the Format bar's menu", timeout: 15, settled: false) { s in
            (s.menu?["items"] as? Int ?? 0) >= Showcase.miniToolbarNames.count
        }
        let items = menu.menu?["items"] as? Int ?? 0
        let f = try #require(AppState.rect(menu.menu?["frame"]))
        let frame = Rect(x: f.x, y: f.y, width: f.width, height: f.height)
        let window = Rect(origin: .zero, size: size)
        // G9, I6: the menu opens inside the window at every size, and with room for all of its
        // entries (none cut off, no scrolling needed: the window is taller than the menu).
        #expect(window.contains(frame), "the Format bar's menu \(frame) is not inside the window \(window) at \(mode)")
        #expect(frame.height >= Double(items) * ContextMenuInteraction.itemHeight,
                "the menu \(frame) has no room for its \(items) entries at \(mode)")
        try w.seat.type(.escape)
        _ = try w.state.waitFor("the menu closed", timeout: 15, settled: false) { $0.menu == nil }

        // Where the HUD does not dock, Tab shows it as a panel (state and screen) and Escape hides it.
        if !g.hudDocked {
            let panel = try #require(ShowcaseGeometry(size: size, hudShown: true).hudFrame)
            try w.move(to: margin)
            let hidden = try shot(panel)
            try w.seat.type(.tab)
            _ = try w.state.waitFor("the HUD panel shown", timeout: 15, settled: false) { s in
                (layout(s)?["hud_shown"] as? Bool) == true
            }
            let shown = try shot(panel)
            #expect(shown.changed(from: hidden, in: panel) > Self.effectChange, "the HUD panel is not on screen")
            try w.seat.type(.escape)
            _ = try w.state.waitFor("the HUD panel hidden", timeout: 15, settled: false) { s in
                (layout(s)?["hud_shown"] as? Bool) == false
            }
        }
        #expect(w.app.isRunning, "\(w.output)")
    }
}
