// The scrubber's time bubble in the showcase (issue 17.4, SPEC I3, P5, G11): hovering the track
// shows exactly one bubble with the time under the pointer, and it leaves with the pointer — on
// auto-hide (after a pause with no input at all), on focus loss and when touch takes over.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Scrubber time bubble (I3, P5)")
struct ScrubberBubbleTests {
    typealias ID = Showcase.ID
    typealias User = ShowcaseInteractionTests.User

    /// Hovers the track at 80 % of its width (well clear of the playhead, so the hover time is
    /// not the playhead's label) and returns the hover time's text.
    static func hover(_ u: User) -> String {
        let track = u.frame(ID.scrubber)
        u.move(Point(track.minX + track.width * 0.8, track.midY), steps: 12)
        u.wait(16)
        var engine = u.s.engine
        let f = engine.frame(now: .milliseconds(u.t))
        let h = f.scrubbers.first { $0.element == ID.scrubber }?.hoverProgress
        #expect(h != nil, "the scrubber reports the hover position while the pointer is over it")
        return formatTime((h ?? 0.8) * Showcase.videoDuration)
    }

    /// How many drawn items show `label` (a bubble draws its time once; the playhead's own
    /// labels under the track show other times).
    static func bubbles(_ u: User, _ label: String) -> Int {
        let canvas = Canvas(width: Int(u.s.layout.size.width), height: Int(u.s.layout.size.height), scale: 1)
        return u.s.displayItems(on: canvas).filter { item in
            item.ops.contains { if case .text(let t, _, _, let c) = $0 { t == label && c.alpha > 0 } else { false } }
        }.count
    }

    static func hoverMark(_ u: User) -> Double? {
        var engine = u.s.engine
        return engine.frame(now: .milliseconds(u.t)).scrubbers.first { $0.element == ID.scrubber }?.hoverProgress
    }

    /// After the pointer's fade (P5 hide response, settled well within 1.5 s) with no input:
    /// no bubble and no hover mark.
    static func expectGone(_ u: User, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        u.wait(1500)
        #expect(bubbles(u, label) == 0, sourceLocation: sourceLocation)
        #expect(hoverMark(u) == nil, sourceLocation: sourceLocation)
    }

    @Test("hovering the track shows exactly one time bubble (issue 17.4; I3)")
    func oneBubble() {
        let u = User(seat: true)
        let label = Self.hover(u)
        #expect(Self.bubbles(u, label) == 1)
    }

    @Test("the bubble and the hover mark leave with the pointer on auto-hide, with no input during the pause (issue 17.4; I3, P5)")
    func autoHide() {
        let u = User(seat: true)
        let label = Self.hover(u)
        #expect(Self.bubbles(u, label) == 1)
        let delay = u.s.engine.settings.autoHideDelay!
        // Past the auto-hide deadline plus the fade (P5 hide response, settled well within 2 s).
        u.wait(delay * 1000 + 2000)
        #expect(Self.bubbles(u, label) == 0)
        #expect(Self.hoverMark(u) == nil)
    }

    @Test("the bubble leaves on focus loss (issue 17.4; I3, P5)")
    func focusLoss() {
        let u = User(seat: true)
        let label = Self.hover(u)
        u.s.handle(InputEvent(time: u.at(16), device: ShowcaseInteractionTests.mouse, .pointerLeave))
        Self.expectGone(u, label)
    }

    @Test("the bubble leaves when touch takes over, the finger elsewhere (issue 17.4; I3, G11)")
    func touchTakesOver() {
        let u = User(seat: true)
        let label = Self.hover(u)
        let away = u.frame(ID.collection)
        u.touch(.touchDown(id: 1, position: InputPoint(x: away.midX, y: away.midY)))
        u.touch(.touchUp(id: 1))
        Self.expectGone(u, label)
    }
}
