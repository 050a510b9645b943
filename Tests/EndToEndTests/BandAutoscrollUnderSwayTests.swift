// Issue 30, item 2, end to end in the showcase under headless sway, with a person's pacing (slow
// glides, rests without input), I1, I5: a band held on the window's last row auto-scrolls the
// Collection, then (the Collection at its end) the cards, and keeps selecting.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

@Suite("Issue 30.2 under headless sway: band autoscroll at the window's edge, chained to the cards", .serialized, SharedSway())
struct BandAutoscrollUnderSwayTests {
    typealias ID = Showcase.ID

    /// The showcase window with the output set to `size` points (scale 1), laid out for it, and
    /// the pointer over the content's left margin (it was where the suite's larger output had it).
    static func window(size: Size) throws -> ShowcaseWindow {
        let w = try ShowcaseWindow(scale: 1)
        w.seat.layoutSize = (size.width, size.height)
        try w.sway.setOutput(.init(width: Int(size.width), height: Int(size.height), scale: 1))
        let g = ShowcaseGeometry(size: size)
        try w.state.waitFor("a frame of \(size) in \(g.columns) columns", timeout: ShowcaseWindow.setupTimeout, settled: false) { s in
            s.size.map { $0 == (size.width, size.height) } ?? false
                && ((s.json["layout"] as? [String: Any])?["columns"] as? Int) == g.columns
        }
        try w.move(to: margin(g))
        return w
    }

    /// The cards' content offset in a state (points).
    static func contentOffset(_ s: AppState) -> Double { s.number((s.json["layout"] as? [String: Any])?["content_offset"]) }

    /// Where `id` is on the surface with the cards scrolled by `offset` (the Collection at rest).
    static func frame(_ id: ElementID, in model: PlaygroundSession, offset: Double) -> Rect {
        Showcase.restingFrame(of: id, in: model.layout)!.offsetBy(Vector(0, -offset))
    }

    /// Over the content's left margin, clear of every card.
    static func margin(_ g: ShowcaseGeometry) -> Point { Point(g.content.minX + ShowcaseGeometry.margin / 2, g.content.midY) }

    /// A hand's glide: `steps` moves `interval` seconds apart.
    static func glide(_ w: ShowcaseWindow, to p: Point, steps: Int = 24, interval: Double = 0.025) throws {
        let from = w.pointer
        for k in 1...steps {
            try w.move(to: from.lerp(to: p, Double(k) / Double(steps)))
            usleep(UInt32(interval * 1e6))
        }
    }

    /// A window size and where the Collection's top is put (surface y) before the band: near
    /// 366 as in the issue, or 120 pt above the window's bottom, so that the window cuts the
    /// Collection's own viewport and the pointer cannot get past its visible edge.
    struct Case: Sendable, CustomStringConvertible {
        var size: Size
        var top: Double
        var description: String { "\(Int(size.width))x\(Int(size.height)), Collection at y \(Int(top))" }
    }

    @Test("I1 I5 (issue 30.2): a band held on the window's last row scrolls the Collection, then the cards, and keeps selecting",
          arguments: [Case(size: Size(1280, 800), top: 366), Case(size: Size(800, 600), top: 366),
                      Case(size: Size(1280, 800), top: 800 - 120), Case(size: Size(800, 600), top: 600 - 120)])
    func bandScrollsAtTheWindowEdge(case c: Case) throws {
        let size = c.size
        let w = try Self.window(size: size)
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        let model = PlaygroundSession(size: size)
        let g = try #require(model.geometry)
        let key = Int(ID.collection.rawValue)
        // Scroll the cards (wheel over the content's left margin) until the Collection starts
        // near `c.top`: its card reaches below the window, and rows inside it are below its
        // own bottom (or the window's).
        let resting = Self.frame(ID.collection, in: model, offset: 0)
        try Self.glide(w, to: Self.margin(g), steps: 8)
        let detents = max(0, Int(((resting.minY - c.top) / ScrollView.wheelDetent).rounded()))
        for _ in 0..<detents { try w.seat.wheel(detents: 1); usleep(120_000) }
        let scrolled = try w.state.waitFor("the cards scrolled by \(detents) detents", timeout: 15) { s in
            abs(Self.contentOffset(s) - min(g.maximumOffset, Double(detents) * ScrollView.wheelDetent)) < 0.5
        }
        let offset = Self.contentOffset(scrolled)
        // A gap between tiles 1 and 6 (with the Collection at rest), then a slow glide to the
        // window's last row, and a rest there without any input.
        let (a, b) = (Self.frame(ID.collectionItems[0], in: model, offset: offset), Self.frame(ID.collectionItems[5], in: model, offset: offset))
        let start = Point((a.maxX + b.minX) / 2, (a.maxY + b.minY) / 2)
        try Self.glide(w, to: start, steps: 12)
        usleep(300_000)
        try w.seat.press(.left)
        usleep(200_000)
        let bottom = Point(start.x + 60, size.height - 0.5)
        try Self.glide(w, to: bottom, steps: 30)
        let arrived = try w.state.waitFor("the band at the window's last row", settled: false) { s in
            s.band.map { abs($0[1].doubleValue + $0[3].doubleValue - bottom.y) < 1 } ?? false
        }
        #expect(arrived.band != nil)
        usleep(1_500_000)
        let held = try #require(w.state.last)
        let inner = held.offset(of: key)?.y ?? 0
        #expect(inner > 100, "the Collection did not scroll in 1.5 s on the last row (offset \(inner), cards \(Self.contentOffset(held)))")
        // The band reached the Collection's last row, hidden inside it at the press.
        let lastRow = Set(ID.collectionItems.suffix(4).map { Int($0.rawValue) })
        #expect(!held.selection.intersection(lastRow).isEmpty, "no item of the Collection's last row selected: \(held.selection.sorted())")
        if let dir = ProcessInfo.processInfo.environment["LODESTONE_KEEP_SHOTS"] {
            try? w.shot(Rect(origin: .zero, size: size)).image.writePNG(to: "\(dir)/band-edge-\(Int(size.width))-\(Int(c.top)).png")
        }
        // Held on: the Collection reaches its end and the cards take over (I5 chaining).
        let chained = try w.state.waitFor("the cards scrolled on by the band", timeout: 15, settled: false) { s in
            Self.contentOffset(s) > offset + 40
        }
        #expect(chained.band != nil)
        #expect(chained.selection.isSuperset(of: held.selection), "the band lost items: \(held.selection.sorted()) → \(chained.selection.sorted())")
        try w.seat.release(.left)
        let released = try w.state.waitFor("the band gone") { $0.band == nil }
        #expect(released.selection == chained.selection || released.selection.isSuperset(of: chained.selection))
        #expect(released.selection.count >= chained.selection.count)
        #expect(w.app.isRunning, "\(w.output)")
    }
}
