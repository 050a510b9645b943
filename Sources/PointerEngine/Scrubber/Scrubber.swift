// A media scrubber (SPEC I3): the playhead can be dragged by pointer or touch; with the pointer a
// click anywhere on the track seeks precisely there, and hovering shows the time under it.
import InputProtocol

/// Times are in seconds of media; points in view coordinates. The track is a horizontal bar.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> scrubbing: pointer press on track (seek there) / on playhead · touch on track
///     scrubbing --> scrubbing: move (time follows; touch moves relative to where it landed)
///     scrubbing --> idle: release (commit) · cancel (back to the time before)
/// ```
package struct Scrubber: Sendable, Equatable {
    package enum Input: String, Sendable, Equatable { case pointer, touch }

    package enum Event: Sendable, Equatable {
        /// The pointer is at `point` (nil: it left the surface). Touch never hovers.
        case hover(Point?)
        case press(Point, input: Input)
        case move(Point)
        case release
        case cancel
    }
    package enum State: Sendable, Equatable {
        case idle
        /// `grab` = playhead x − finger x at the press (kept while dragging: no jump); `before`
        /// is the time to return to on cancel.
        case scrubbing(input: Input, grab: Double, before: Double)
    }

    /// Presses this close to the track (vertically) count as on it.
    package static let trackHitSlop = 12.0 // pt
    /// A pointer press this close to the playhead grabs it rather than seeking.
    package static let playheadHitRadius = 8.0 // pt
    /// A finger within this of the playhead grabs it directly (absolute); elsewhere it moves it relative.
    package static let touchPlayheadHitRadius = 22.0 // pt

    package var track: Rect
    package var duration: Double
    package private(set) var time: Double
    package private(set) var state: State = .idle
    /// The time under the hovering pointer (I3), nil when not over the track or while scrubbing by touch.
    package private(set) var hoverTime: Double?

    package init(track: Rect, duration: Double, time: Double = 0) {
        self.track = track; self.duration = max(0, duration); self.time = clamp(time, 0, max(0, duration))
    }

    package var isScrubbing: Bool { state != .idle }
    /// The playhead's x position.
    package var playheadX: Double { x(for: time) }

    /// Seconds under view x (precise: no snapping).
    package func time(atX x: Double) -> Double {
        guard track.width > 0 else { return 0 }
        return clamp((x - track.minX) / track.width, 0, 1) * duration
    }
    package func x(for time: Double) -> Double {
        duration > 0 ? track.minX + clamp(time / duration, 0, 1) * track.width : track.minX
    }

    private func onTrack(_ p: Point) -> Bool { track.outsetBy(Self.trackHitSlop).contains(p) }

    /// Returns true when the event changed or used the scrubber (the caller stops routing it).
    @discardableResult
    package mutating func handle(_ event: Event, now: Timestamp) -> Bool {
        switch (state, event) {
        case (.idle, .hover(let p)), (.scrubbing(.pointer, _, _), .hover(let p)):
            hoverTime = p.flatMap { onTrack($0) ? time(atX: $0.x) : nil }
            return hoverTime != nil
        case (.scrubbing(.touch, _, _), .hover):
            return false
        case (.idle, .press(let p, let input)):
            guard onTrack(p) else { return false }
            let before = time
            switch input {
            case .pointer:
                if abs(p.x - playheadX) <= Self.playheadHitRadius {
                    state = .scrubbing(input: .pointer, grab: playheadX - p.x, before: before)
                } else {
                    time = time(atX: p.x) // precise seek to the click
                    state = .scrubbing(input: .pointer, grab: 0, before: before)
                }
            case .touch:
                // Fingers are imprecise: a touch moves the playhead from where it is (relative),
                // or grabs it when it lands on it; a touch never seeks by itself.
                state = .scrubbing(input: .touch, grab: playheadX - p.x, before: before)
                hoverTime = nil
            }
        case (.scrubbing(let input, let grab, _), .move(let p)):
            time = time(atX: p.x + grab)
            if input == .pointer { hoverTime = time }
        case (.scrubbing, .release):
            state = .idle
        case (.scrubbing(_, _, let before), .cancel):
            time = before
            state = .idle
        case (.idle, .move), (.idle, .release), (.idle, .cancel), (.scrubbing, .press):
            return false // nothing to scrub, or a second press: ignored
        }
        return true
    }

    /// Playback moves the time (not while scrubbing: the person holds the playhead).
    package mutating func play(to time: Double) {
        guard !isScrubbing else { return }
        self.time = clamp(time, 0, duration)
    }
}
