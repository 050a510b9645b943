// Issue 30.11's layout items end to end: the showcase under headless sway with the output at
// 640×480 and at 1366×768 (the commonest laptop size), checked in state (`--state-out`'s
// layout) and on screen (grim). At 640 the collapsed sidebar's button sits at the toolbar's
// leading edge and answers the pointer where it is drawn, the title shows beside back and
// forward; at 1366 the three columns take the width (no ~100 pt gutters); at both the Format
// bar's minimized pill sits in a strip of its own, over no card, at rest and scrolled to the end.
// LODESTONE_KEEP_SHOTS=DIR keeps the screenshots.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Showcase layout at 640×480 and 1366×768 under headless sway (issue 30.11; G1, E1)", .serialized, SharedSway())
struct ShowcaseLayoutUnderSwayTests {
    typealias ID = Showcase.ID

    static func layout(_ s: AppState) -> [String: Any]? { s.json["layout"] as? [String: Any] }

    /// The window at `size` with the state's layout as the model's: columns, card width, viewport.
    static func window(size: Size) throws -> (ShowcaseWindow, ShowcaseGeometry, PlaygroundSession) {
        let w = try BandAutoscrollUnderSwayTests.window(size: size)
        let model = PlaygroundSession(size: size)
        let g = try #require(model.geometry)
        let s = try w.state.waitFor("the layout of \(size): \(g.columns) columns of \(g.cardWidth) pt cards", timeout: 15) { s in
            (layout(s)?["columns"] as? Int) == g.columns && s.number(layout(s)?["card_width"]) == g.cardWidth
        }
        let c = try #require(AppState.rect(layout(s)?["content_frame"]))
        #expect(Rect(x: c.x, y: c.y, width: c.width, height: c.height) == g.content, "the program's viewport \(c), the model's \(g.content)")
        return (w, g, model)
    }

    static func keep(_ w: ShowcaseWindow, _ size: Size, _ name: String) {
        if let dir = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            try? w.shot(Rect(origin: .zero, size: size)).image.writePNG(to: "\(dir)/layout-\(Int(size.width))x\(Int(size.height))-\(name).png")
        }
    }

    /// Pixels of `r` differing from `background` by more than a rendering tolerance.
    static func inked(_ shot: Shot, _ r: Rect, from background: RGBA, excluding: [Rect] = []) -> Int {
        shot.pixels(in: r).filter { p in
            let s = Point(shot.origin.x + (Double(p.0) + 0.5) / shot.scale, shot.origin.y + (Double(p.1) + 0.5) / shot.scale)
            return !excluding.contains { $0.contains(s) } && shot.image.pixel(x: p.0, y: p.1).distance(to: background) > 12
        }.count
    }

    /// The Format bar's strip, minimized (the pointer away from it): nothing but the pill is
    /// drawn there, and the cards' viewport ends above it.
    static func stripShowsNoCard(_ w: ShowcaseWindow, _ g: ShowcaseGeometry, _ when: String) throws {
        let key = Int(ID.miniToolbarArea.rawValue)
        try w.state.waitFor("the Format bar minimized (\(when))") { $0.revealed[key] == 0 }
        let bar = g.formatBarFrame
        let strip = Rect(x: g.content.minX, y: g.content.maxY, width: g.content.width, height: g.size.height - g.content.maxY)
        let shot = try w.shot(strip)
        // The background, at the strip's leading end (left of every card column at any offset).
        let background = shot.pixel(at: Point(strip.minX + 4, strip.midY))
        // The minimized pill (60×6, 12 pt above the bar's bottom) and its soft shadow.
        let pill = Rect(x: bar.midX - 30, y: bar.maxY - 12, width: 60, height: 6).outsetBy(4)
        // The docked HUD's soft shadow reaches a few points left of its column.
        let hud = g.hudDocked ? g.hudFrame.map { [$0.outsetBy(10)] } ?? [] : []
        let stray = inked(shot, strip.insetBy(1), from: background, excluding: [pill] + hud)
        #expect(stray == 0, "\(when): \(stray) pixels of the Format bar's strip \(strip) are not background \(background): a card shows under the bar")
        #expect(inked(shot, pill, from: background) > 20, "\(when): the minimized pill is not drawn in its strip")
    }

    @Test("640×480 (E1, G1): the collapsed sidebar's button at the toolbar's leading edge answers the pointer, the title beside back and forward, the Format bar over no card")
    func narrowWindow() throws {
        let size = Size(640, 480)
        let (w, g, model) = try Self.window(size: size)
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        #expect(g.columns == 2 && g.sidebar == .collapsed)
        let toggle = try #require(model.layout[ID.sidebarToggle]).frame, forward = try #require(model.layout[ID.forward]).frame
        #expect(toggle.minX == ShowcaseGeometry.margin)
        try w.waitAtRest()
        Self.keep(w, size, "rest")
        let bar = Rect(x: 0, y: 0, width: size.width, height: ShowcaseGeometry.toolbarRowHeight)
        let shot = try w.shot(bar)
        let background = shot.pixel(at: Point(toggle.minX - 8, 4))
        #expect(Self.inked(shot, toggle, from: background) > 20, "no sidebar button drawn at \(toggle)")
        // The title: dark glyphs right of the forward button.
        let title = Rect(x: forward.maxX + 4, y: toggle.minY, width: 100, height: toggle.height)
        #expect(Self.inked(shot, title, from: background) > 60, "no title drawn at \(title)")
        // Hover it as a hand would: the state names it, its highlight shows where it is drawn.
        try BandAutoscrollUnderSwayTests.glide(w, to: toggle.center)
        let hovered = try w.state.waitFor("the sidebar button hovered with its highlight", timeout: 15) { s in
            s.hovered == Int(ID.sidebarToggle.rawValue)
                && s.effect(on: Int(ID.sidebarToggle.rawValue)).map { s.number($0["progress"]) >= 0.99 } ?? false
        }
        let lit = try w.shot(bar)
        let pointer = hovered.pointerBounds.map { [$0.outsetBy(2)] } ?? []
        #expect(lit.changed(from: shot, in: toggle.outsetBy(4), excluding: pointer) > 0.2, "no highlight at \(toggle)")
        // A click shows the sidebar over the cards; the button stays under the pointer, and a
        // second click after a rest hides it.
        try w.seat.click(.left)
        usleep(400_000)
        let shown = try w.state.waitFor("the sidebar shown over the cards") { (Self.layout($0)?["sidebar"] as? String) == "overlay" }
        #expect(shown.hovered == Int(ID.sidebarToggle.rawValue), "the button moved from under the pointer")
        Self.keep(w, size, "sidebar-shown")
        // The sidebar shows under the toolbar: the toolbar's first row is as it was (the
        // title stays), but for the hovered button.
        let over = try w.shot(bar)
        let same = over.changed(from: shot, in: bar, excluding: [toggle.outsetBy(6)] + pointer)
        #expect(same < 0.01, "\(same) of the toolbar changed when the sidebar showed")
        try w.seat.click(.left)
        usleep(400_000)
        try w.state.waitFor("the sidebar hidden") { (Self.layout($0)?["sidebar"] as? String) == "collapsed" }
        try BandAutoscrollUnderSwayTests.glide(w, to: BandAutoscrollUnderSwayTests.margin(g))
        try Self.stripShowsNoCard(w, g, "at rest")
        #expect(w.app.isRunning, "\(w.output)")
    }

    @Test("1366×768 (G1): three columns take the width, no ~100 pt gutters; the Format bar's pill over no card at rest and scrolled to the end")
    func laptopWindow() throws {
        let size = Size(1366, 768)
        let (w, g, _) = try Self.window(size: size)
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        #expect(g.columns == 3 && g.hudDocked && g.maximumOffset > 0)
        try w.waitAtRest()
        Self.keep(w, size, "rest")
        // Across the first row's middle: the cards start at most 64 pt into the viewport and end
        // at most 64 pt before its end (where three 225 pt columns left ~98 pt each side).
        let row = Rect(x: g.content.minX, y: g.content.minY + 120, width: g.content.width, height: 20)
        let shot = try w.shot(row)
        let background = shot.pixel(at: Point(row.minX + 4, row.midY))
        let room = ShowcaseGeometry.maximumSideRoom
        let leading = Rect(x: row.minX + room + 4, y: row.minY, width: 10, height: row.height)
        let trailing = Rect(x: row.maxX - room - 14, y: row.minY, width: 10, height: row.height)
        for (edge, r) in [("first", leading), ("last", trailing)] {
            let n = Self.inked(shot, r, from: background), all = shot.pixels(in: r).count
            #expect(n * 10 >= all * 9, "the \(edge) column is not drawn at \(r) (\(n) of \(all) pixels off the background \(background))")
        }
        try Self.stripShowsNoCard(w, g, "at rest")
        // Scrolled to the end with the wheel (over the content's margin, a detent at a time).
        let detents = Int32((g.maximumOffset / ScrollView.wheelDetent).rounded(.up)) + 2
        for _ in 0..<detents { try w.seat.wheel(detents: 1); usleep(60_000) }
        try w.state.waitFor("the cards scrolled to their end (\(g.maximumOffset) pt)", timeout: 15) { s in
            abs(BandAutoscrollUnderSwayTests.contentOffset(s) - g.maximumOffset) < 0.5
        }
        usleep(500_000)
        Self.keep(w, size, "scrolled")
        try Self.stripShowsNoCard(w, g, "scrolled to the end")
        #expect(w.app.isRunning, "\(w.output)")
    }
}
