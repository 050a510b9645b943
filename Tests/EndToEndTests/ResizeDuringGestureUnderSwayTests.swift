// Issue 30, item 3, end to end (I1, I2, G2): a tiling window manager re-tiles while a person
// holds a drag or a band. The output is resized under the held gesture, the hand rests (no
// input), carries on and lets go. Measured under sway 1.7 and 1.10: on the output change wlroots
// sends the window a pointer leave with the button held, then nothing — no motion, not the
// release — until it enters again where the button went up. The window keeps the gesture
// through the leave and ends it at that enter (EngineCore.endPressesLostAtLeave).
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

struct ResizeDuringGesture {
    typealias ID = Showcase.ID
    typealias Band = BandAutoscrollUnderSwayTests
    static let before = Size(1024, 768), after = Size(1280, 800)

    /// Wheels the cards (over the content's left margin) until `id`'s middle is near the
    /// window's; returns where `id` is then.
    static func scrollIntoView(_ w: ShowcaseWindow, _ id: ElementID) throws -> Rect {
        let model = PlaygroundSession(size: before)
        let g = try #require(model.geometry)
        let resting = try #require(Showcase.restingFrame(of: id, in: model.layout))
        try Band.glide(w, to: Band.margin(g), steps: 8)
        let detents = max(0, Int(((resting.midY - before.height / 2) / ScrollView.wheelDetent).rounded()))
        for _ in 0..<detents { try w.seat.wheel(detents: 1); usleep(120_000) }
        let scrolled = try w.state.waitFor("the cards scrolled by \(detents) detents", timeout: 15) { s in
            abs(Band.contentOffset(s) - min(g.maximumOffset, Double(detents) * ScrollView.wheelDetent)) < 0.5
        }
        return resting.offsetBy(Vector(0, -Band.contentOffset(scrolled)))
    }

    /// Resizes the output to `after` and rests 1 s; returns the state then.
    static func resize(_ w: ShowcaseWindow) throws -> AppState {
        w.seat.layoutSize = (after.width, after.height)
        try w.sway.setOutput(.init(width: Int(after.width), height: Int(after.height), scale: 1))
        try w.state.waitFor("a frame at \(after)", timeout: 15, settled: false) { s in s.size.map { $0 == (after.width, after.height) } ?? false }
        usleep(1_000_000)
        return try #require(w.state.last)
    }

    /// Press an item of the Drag & drop card, carry it 10 pt, resize the output, rest, carry it
    /// onto the first drop target and release: one drop, of that item, on that target, and
    /// nothing held after.
    static func dragSurvives(_ w: ShowcaseWindow) throws {
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        let item = ID.draggables[1]
        let start = try scrollIntoView(w, item).center
        try Band.glide(w, to: start, steps: 12)
        usleep(300_000)
        try w.seat.press(.left)
        usleep(150_000)
        try Band.glide(w, to: start + Vector(10, 0), steps: 8, interval: 0.03)
        let held = try w.state.waitFor("the drag held after 10 pt", settled: false) { $0.drag != nil }
        #expect(held.drag?["items"] as? [Int] == [Int(item.rawValue)])
        let rested = try resize(w)
        #expect(rested.drag != nil, "the resize ended the drag: \(rested.json)")
        let target = try #require(Showcase.restingFrame(of: ID.dropTargets[0], in: PlaygroundSession(size: after).layout))
            .offsetBy(Vector(0, -Band.contentOffset(rested)))
        try Band.glide(w, to: target.center, steps: 20, interval: 0.03)
        usleep(300_000)
        try w.seat.release(.left)
        let dropped = try w.state.waitFor("the drop on the first target", timeout: 10) { !$0.drops.isEmpty && $0.drag == nil }
        #expect(dropped.drops.count == 1)
        #expect(dropped.drops.first?["items"] as? [Int] == [Int(item.rawValue)])
        #expect(dropped.drops.first?["target"] as? Int == Int(ID.dropTargets[0].rawValue))
        // At rest after: nothing held, and a click is a click.
        usleep(1_000_000)
        #expect(try #require(w.state.last).drag == nil)
        try w.seat.click(.left)
        usleep(500_000)
        #expect(try #require(w.state.last).drops.count == 1)
        #expect(w.app.isRunning, "\(w.output)")
    }

    /// A band from the gap below the Collection's first item over the next two, the output
    /// resized, a rest, then on over the fourth and let go: the band lasts through the resize
    /// and ends with the release, the fourth item selected.
    static func bandSurvives(_ w: ShowcaseWindow) throws {
        defer { w.seat.layoutSize = (SharedSway.size.width, SharedSway.size.height) }
        let items = ID.collectionItems
        let first = try scrollIntoView(w, items[0])
        func frame(_ i: Int, _ size: Size, _ s: AppState) throws -> Rect {
            try #require(Showcase.restingFrame(of: items[i], in: PlaygroundSession(size: size).layout)).offsetBy(Vector(0, -Band.contentOffset(s)))
        }
        let now = try #require(w.state.last)
        let below = try frame(5, before, now)
        let start = Point((first.maxX + below.minX) / 2, (first.maxY + below.minY) / 2)
        try Band.glide(w, to: start, steps: 12)
        usleep(300_000)
        try w.seat.press(.left)
        usleep(200_000)
        try Band.glide(w, to: try frame(2, before, now).center, steps: 16)
        let two = Set([1, 2].map { Int(items[$0].rawValue) })
        try w.state.waitFor("the band over items 2 and 3", settled: false) { s in s.band != nil && s.selection.isSuperset(of: two) }
        let rested = try resize(w)
        #expect(rested.band != nil, "the resize ended the band: \(rested.json)")
        // (The Collection reflows at the new width: the band keeps its anchor on the content and
        // its corner where the pointer was, and selects what it covers there.)
        #expect(!rested.selection.isEmpty, "the resize emptied the band's selection")
        try Band.glide(w, to: try frame(3, after, rested).center, steps: 16)
        usleep(300_000)
        try w.seat.release(.left)
        let ended = try w.state.waitFor("the band ended", timeout: 10) { $0.band == nil }
        #expect(ended.selection.contains(Int(items[3].rawValue)), "the fourth item is not selected: \(ended.selection.sorted())")
        #expect(w.app.isRunning, "\(w.output)")
    }
}

@Suite("Issue 30.3 under sway 1.7: a re-tile keeps a held drag and band", .serialized, SharedSway())
struct ResizeDuringGestureUnderSwayTests {
    @Test("I2 G2: a drag held through a resize, a rest and on, drops where the hand lets go")
    func drag() throws { try ResizeDuringGesture.dragSurvives(try BandAutoscrollUnderSwayTests.window(size: ResizeDuringGesture.before)) }

    @Test("I1 G2: a band held through a resize, a rest and on, ends where the hand lets go with what it covers there")
    func band() throws { try ResizeDuringGesture.bandSurvives(try BandAutoscrollUnderSwayTests.window(size: ResizeDuringGesture.before)) }
}

@Suite("Issue 30.3 under sway 1.10: a re-tile keeps a held drag and band", .serialized, .debian13, SharedSway(debian13: true))
struct ResizeDuringGestureUnderSway110Tests {
    @Test("I2 G2: a drag held through a resize, a rest and on, drops where the hand lets go")
    func drag() throws { try ResizeDuringGesture.dragSurvives(try BandAutoscrollUnderSwayTests.window(size: ResizeDuringGesture.before)) }

    @Test("I1 G2: a band held through a resize, a rest and on, ends where the hand lets go with what it covers there")
    func band() throws { try ResizeDuringGesture.bandSurvives(try BandAutoscrollUnderSwayTests.window(size: ResizeDuringGesture.before)) }
}
