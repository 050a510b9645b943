// SPEC I3 (scrubber), I4 + H1–H4 (hidden controls), I6 + G9 + G11 (context menus).
import InputProtocol
import Testing
@testable import PointerEngine

@Suite("Scrubber (I3)")
struct ScrubberTests {
    /// A 600 pt track at x 100 for a 120 s video: 5 pt per second.
    static func scrubber(at time: Double = 30) -> Scrubber {
        Scrubber(track: Rect(x: 100, y: 400, width: 600, height: 6), duration: 120, time: time)
    }

    @Test("I3: a pointer click on the track seeks precisely there")
    func clickSeeks() {
        var s = Self.scrubber()
        let used = s.handle(.press(Point(437.5, 403), input: .pointer), now: ms(0))
        #expect(used)
        #expect(s.time == 67.5)
        s.handle(.release, now: ms(10))
        #expect(s.time == 67.5 && !s.isScrubbing)
    }

    @Test("I3: dragging the playhead keeps the grab offset (no jump), clamped to the ends")
    func dragPlayhead() {
        var s = Self.scrubber() // playhead at x 250
        s.handle(.press(Point(255, 402), input: .pointer), now: ms(0))
        #expect(s.time == 30) // grabbed, not seeked to 31
        s.handle(.move(Point(305, 420)), now: ms(10))
        #expect(s.time == 40)
        s.handle(.move(Point(2_000, 420)), now: ms(20))
        #expect(s.time == 120)
    }

    @Test("I3: touch drags the playhead relatively and never seeks by landing on the track")
    func touchDrag() {
        var s = Self.scrubber()
        s.handle(.press(Point(500, 403), input: .touch), now: ms(0))
        #expect(s.time == 30)
        s.handle(.move(Point(550, 403)), now: ms(10))
        #expect(s.time == 40)
        #expect(s.hoverTime == nil)
        s.handle(.release, now: ms(20))
        #expect(s.time == 40)
    }

    @Test("I3: hovering shows the time under the pointer; off the track none")
    func hover() {
        var s = Self.scrubber()
        s.handle(.hover(Point(160, 395)), now: ms(0))
        #expect(s.hoverTime == 12)
        s.handle(.hover(Point(160, 300)), now: ms(10))
        #expect(s.hoverTime == nil)
    }

    @Test("I3: cancel returns to the time before the scrub; playback waits while scrubbing")
    func cancel() {
        var s = Self.scrubber()
        s.handle(.press(Point(600, 403), input: .pointer), now: ms(0))
        s.play(to: 99)
        #expect(s.time == 100)
        s.handle(.cancel, now: ms(10))
        #expect(s.time == 30)
    }
}

@Suite("Hidden controls (I4, H1–H4)")
struct RevealableControlsTests {
    typealias Controls = RevealableControls<String>
    static func toolbar(_ policy: RevealPolicy = .timed) -> Controls {
        Controls(area: Rect(x: 0, y: 0, width: 400, height: 60), controls: [
            HiddenControl(id: "share", title: "Share", frame: Rect(x: 10, y: 10, width: 40, height: 40)),
            HiddenControl(id: "delete", title: "Delete", frame: Rect(x: 60, y: 10, width: 40, height: 40), essential: false),
        ], policy: policy)
    }

    @Test("I4: the pointer over the area reveals; leaving minimizes after the exit delay")
    func hover() {
        var c = Self.toolbar()
        #expect(c.handle(.pointerMoved(Point(200, 30)), now: ms(0)) == .revealed)
        #expect(c.opacity(at: ms(150)) == 1)
        #expect(c.handle(.pointerClick(Point(20, 20)), now: ms(200)) == .activated("share"))
        c.handle(.pointerMoved(Point(200, 300)), now: ms(300))
        c.advance(to: ms(300 + Controls.hoverExitDelay * 1000 - 1))
        #expect(c.isRevealed)
        c.advance(to: ms(300 + Controls.hoverExitDelay * 1000))
        #expect(!c.isRevealed)
        #expect(near(c.opacity(at: ms(700 + 125)), 0.5))
    }

    @Test("H1/H2/H3: a tap on the area reveals without activating (consumed); a second tap activates")
    func tapRevealsThenActivates() {
        var c = Self.toolbar()
        #expect(c.handle(.touchTap(Point(20, 20)), now: ms(0)) == .revealed) // on Share, yet not activated
        #expect(c.handle(.touchTap(Point(20, 20)), now: ms(500)) == .activated("share"))
        #expect(c.handle(.touchTap(Point(200, 30)), now: ms(600)) == .consumed)
        #expect(c.handle(.touchTap(Point(200, 300)), now: ms(700)) == .hidden) // done: the tap goes on
        #expect(c.handle(.touchTap(Point(200, 300)), now: ms(800)) == .ignored)
    }

    @Test("H4: timed controls hide after 4 s unused; each use restarts the timer")
    func timeout() {
        var c = Self.toolbar()
        c.handle(.touchTap(Point(200, 30)), now: ms(0))
        c.handle(.touchTap(Point(200, 30)), now: ms(3_000))
        c.advance(to: ms(6_999))
        #expect(c.isRevealed)
        c.advance(to: ms(7_000))
        #expect(!c.isRevealed)
    }

    @Test("H4: sidebar controls stay until touch leaves the sidebar or the pointer is used")
    func sidebar() {
        var c = Self.toolbar(.sidebar)
        c.handle(.touchTap(Point(200, 30)), now: ms(0))
        c.advance(to: ms(60_000))
        #expect(c.isRevealed)
        #expect(c.handle(.touchTap(Point(200, 300)), now: ms(60_000)) == .hidden)
        c.handle(.touchTap(Point(200, 30)), now: ms(61_000))
        #expect(c.handle(.pointerMoved(Point(500, 500)), now: ms(62_000)) == .hidden)
    }

    @Test("H4: a tab's close button stays until the pointer is used again, whatever touch does")
    func tabClose() {
        var c = Self.toolbar(.untilPointer)
        c.handle(.touchTap(Point(200, 30)), now: ms(0))
        #expect(c.handle(.touchTap(Point(200, 300)), now: ms(100)) == .ignored)
        c.advance(to: ms(60_000))
        #expect(c.isRevealed)
        c.handle(.pointerMoved(Point(200, 300)), now: ms(60_000))
        #expect(!c.isRevealed)
    }
}

@Suite("Context menus (I6, G9, G11)")
struct ContextMenuTests {
    @Test("G9: a secondary click opens the menu at the pointer")
    func clicks() {
        var r = ContextMenuRecognizer()
        #expect(r.handle(.secondaryClick(Point(5, 6)), now: ms(0)) == ContextMenuRequest(location: Point(5, 6), input: .pointer))
    }

    @Test("G9: Control-click is a secondary click with the Mac's conventions only", arguments: Conventions.allCases)
    func controlClick(conventions: Conventions) {
        #expect(conventions.isSecondaryClick(.control) == (conventions == .mac))
        #expect(conventions.isSecondaryClick([.control, .capsLock]) == (conventions == .mac))
        for keys in [Modifiers(), .shift, .alt, .super, [.alt, .super]] { #expect(!conventions.isSecondaryClick(keys)) }
    }

    @Test("G9, G11: a secondary touch (the Mac's Control-tap) opens the menu at once; its lift is swallowed")
    func secondaryTouch() {
        var r = ContextMenuRecognizer()
        #expect(r.handle(.secondaryTouch(id: 2, Point(7, 8)), now: ms(0)) == ContextMenuRequest(location: Point(7, 8), input: .touch))
        #expect(r.swallowsTouch)
        #expect(r.handle(.touchUp(id: 2), now: ms(80)) == nil)
        #expect(!r.swallowsTouch)
        #expect(r.state == .idle)
    }

    @Test("G11: a touch held 0.5 s without moving opens the menu once; its lift is swallowed")
    func longPress() {
        var r = ContextMenuRecognizer()
        #expect(r.handle(.touchDown(id: 3, Point(100, 100)), now: ms(0)) == nil)
        #expect(r.handle(.touchMotion(id: 3, Point(106, 106)), now: ms(100)) == nil) // 8.5 pt: within the slop
        #expect(r.advance(to: ms(499)) == nil)
        #expect(r.advance(to: ms(500)) == ContextMenuRequest(location: Point(100, 100), input: .touch))
        #expect(r.advance(to: ms(900)) == nil)
        #expect(r.swallowsTouch)
        _ = r.handle(.touchUp(id: 3), now: ms(1_000))
        #expect(!r.swallowsTouch)
    }

    @Test("G11: a touch that moves past 10 pt, lifts early or gets a second finger is no long press")
    func notLongPress() {
        var r = ContextMenuRecognizer()
        _ = r.handle(.touchDown(id: 1, Point(0, 0)), now: ms(0))
        _ = r.handle(.touchMotion(id: 1, Point(11, 0)), now: ms(100))
        #expect(r.advance(to: ms(1_000)) == nil)
        _ = r.handle(.touchDown(id: 2, Point(0, 0)), now: ms(1_000))
        _ = r.handle(.touchUp(id: 2), now: ms(1_300))
        #expect(r.advance(to: ms(2_000)) == nil)
        _ = r.handle(.touchDown(id: 4, Point(0, 0)), now: ms(2_000))
        _ = r.handle(.touchDown(id: 5, Point(50, 0)), now: ms(2_100))
        #expect(r.advance(to: ms(3_000)) == nil)
    }

    @Test("I6: the menu lists the essential hover-only controls after the element's own items, once")
    func listsHiddenControls() {
        let hidden = [HiddenControl(id: "share", title: "Share", frame: .zero),
                      HiddenControl(id: "pin", title: "Pin", frame: .zero, essential: false),
                      HiddenControl(id: "copy", title: "Copy", frame: .zero)]
        let menu = ContextMenu.items(own: [ContextMenuItem(id: "open", title: "Open"), ContextMenuItem(id: "copy", title: "Copy")], hidden: hidden)
        #expect(menu.map(\.id) == ["open", "copy", "share"])
        #expect(menu.last?.fromHiddenControl == true)
    }
}

@Suite("Scrubber playback in the engine (I3)")
struct ScrubberPlaybackTests {
    static let track = ElementID(1)

    static func engine() -> Engine {
        var l = Layout(size: Size(width: 800, height: 600))
        try! l.add(Element(id: track, kind: .scrubber, frame: Rect(x: 100, y: 300, width: 600, height: 8),
                           traits: ElementTraits(scrubber: ScrubberConfiguration(duration: 20))))
        return Engine(layout: l, now: .milliseconds(0))
    }

    @Test("I3: time advances by elapsed time while playing, not while paused; paused has no deadline and settles")
    func elapsed() {
        var e = Self.engine()
        e.advance(to: .milliseconds(100))
        e.playback(.play, scrubber: Self.track)
        #expect(e.isPlaying(Self.track))
        #expect(!e.isSettled, "playing animates (the host draws frames)")
        e.advance(to: .milliseconds(350))
        e.advance(to: .milliseconds(1100))
        #expect(abs(e.playhead(of: Self.track)! - 1.0) < 1e-9)
        e.playback(.pause, scrubber: Self.track)
        e.advance(to: .milliseconds(5000))
        #expect(abs(e.playhead(of: Self.track)! - 1.0) < 1e-9)
        #expect(e.isSettled)
        #expect(e.nextDeadline == nil, "paused: nothing to wake for")
        e.playback(.play, scrubber: Self.track)
        e.advance(to: .milliseconds(6000))
        #expect(abs(e.playhead(of: Self.track)! - 2.0) < 1e-9, "resumes from where it paused, not counting the pause")
    }

    @Test("I3: the end stops playback; skips clamp to the media")
    func endAndSkip() {
        var e = Self.engine()
        e.playback(.skip(seconds: -10), scrubber: Self.track)
        #expect(e.playhead(of: Self.track) == 0)
        e.playback(.skip(seconds: 15), scrubber: Self.track)
        #expect(e.playhead(of: Self.track) == 15)
        #expect(e.drainOutputs().contains(.seek(Self.track, seconds: 15)))
        e.playback(.play, scrubber: Self.track)
        e.advance(to: .milliseconds(9000))
        #expect(e.playhead(of: Self.track) == 20)
        #expect(!e.isPlaying(Self.track))
        #expect(e.isSettled)
    }
}
