// The showcase's video plays (issue 17.4, SPEC I3): "▶ playing" moves the playhead by the time
// that passes, at the frames the window is advanced to; paused, nothing moves and nothing
// waits on a deadline; the end stops playback; the skip buttons move ±10 s, clamped.
import Testing
import PointerEngine
@testable import Playground

@Suite("Video playback (I3)")
struct PlaybackTests {
    typealias ID = Showcase.ID
    typealias User = ShowcaseInteractionTests.User

    /// Clicks the centre of `id` with the pointer (the playback controls reveal on hover).
    static func click(_ u: User, _ id: ElementID) {
        u.move(u.frame(ID.video).center)
        u.wait(600) // the controls' reveal (I4)
        u.move(u.frame(id).center)
        u.wait(50)
        u.button(true)
        u.button(false)
    }

    static func time(_ u: User) -> Double { u.s.engine.playhead(of: ID.scrubber) ?? -1 }

    @Test("I3: while playing the playhead advances by the time that passed; paused it stays, with no deadline")
    func playAndPause() {
        let u = User(seat: true)
        let before = Self.time(u)
        Self.click(u, ID.play)
        #expect(u.s.state.isPlaying)
        #expect(u.s.engine.isPlaying(ID.scrubber))
        #expect(u.s.isAnimating, "playing media asks for frames")
        let start = Self.time(u)
        #expect(abs(start - before) < 0.1, "the play click seeks nowhere: \(before) → \(start)")
        // Frames only, no input: 1.5 s of frames at 60 Hz.
        for _ in 0..<90 { u.wait(1000.0 / 60) }
        let played = Self.time(u) - start
        #expect(abs(played - 1.5) < 0.02, "played \(played) s in 1.5 s")
        Self.click(u, ID.play) // pause
        #expect(!u.s.state.isPlaying)
        #expect(!u.s.engine.isPlaying(ID.scrubber))
        let paused = Self.time(u)
        u.wait(2000)
        #expect(Self.time(u) == paused, "paused, the playhead stays")
        // Nothing wakes while paused (the pointer's auto-hide aside, P5): once it has hidden,
        // the engine is settled and has no deadline.
        u.wait(((u.s.engine.settings.autoHideDelay ?? 0) + 2) * 1000)
        #expect(!u.s.isAnimating)
        #expect(u.s.nextDeadline == nil)
        #expect(Self.time(u) == paused)
    }

    @Test("I3: the skip buttons move the playhead 10 s back and forward, clamped to the media")
    func skip() {
        let u = User(seat: true)
        let t0 = Self.time(u)
        Self.click(u, ID.skipForward)
        #expect(abs(Self.time(u) - (t0 + Showcase.skipInterval)) < 1e-9)
        Self.click(u, ID.skipBack)
        Self.click(u, ID.skipBack)
        #expect(Self.time(u) == max(0, t0 - Showcase.skipInterval))
        for _ in 0..<Int(Showcase.videoDuration / Showcase.skipInterval) + 2 { Self.click(u, ID.skipForward) }
        #expect(Self.time(u) == Showcase.videoDuration)
    }

    @Test("I3: playback stops at the end and the button shows play again; play then starts over")
    func stopsAtEnd() {
        let u = User(seat: true)
        for _ in 0..<Int(Showcase.videoDuration / Showcase.skipInterval) - 1 { Self.click(u, ID.skipForward) }
        let left = Showcase.videoDuration - Self.time(u)
        #expect(left > 0 && left <= 2 * Showcase.skipInterval)
        Self.click(u, ID.play)
        u.wait((left + 0.5) * 1000)
        #expect(Self.time(u) == Showcase.videoDuration)
        #expect(!u.s.state.isPlaying)
        #expect(!u.s.engine.isPlaying(ID.scrubber))
        Self.click(u, ID.play)
        #expect(u.s.state.isPlaying)
        #expect(Self.time(u) < 1, "play at the end starts over")
    }
}
