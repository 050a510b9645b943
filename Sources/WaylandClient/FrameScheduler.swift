// Redraw policy, kept free of Wayland so it can be tested alone: a redraw request only sets
// a flag; a frame is drawn when no frame callback is outstanding, so there is at most one
// frame callback in flight and animation draws no faster than the compositor presents (no
// timers, no busy loop). An immediate request (input) is drawn at once even while a callback
// is outstanding: the compositor takes the newest commit at its next repaint, so the event is
// on screen up to a refresh earlier than if it waited for the callback (issue 8, latency).

public struct FrameScheduler: Sendable {
    /// Someone asked for a redraw since the last frame was drawn.
    public private(set) var needsRedraw = false
    /// A frame callback is outstanding (a frame was committed and not yet presented).
    public private(set) var frameOutstanding = false
    /// Frames whose callback arrived.
    public private(set) var presentedFrames = 0
    /// Frames committed.
    public private(set) var committedFrames = 0
    /// A pending request does not wait for the frame callback.
    public private(set) var immediate = false

    public init() {}

    /// Ask for a new frame. Cheap and idempotent: many requests before the next frame make one frame.
    /// `immediate`: draw even while a frame callback is outstanding (input that changed what
    /// is on screen); otherwise the frame waits for the callback (animation, timers).
    public mutating func requestRedraw(immediate: Bool = false) {
        needsRedraw = true
        if immediate { self.immediate = true }
    }

    /// Whether to draw now (the loop asks this once per iteration).
    public func shouldDraw(ready: Bool) -> Bool { ready && needsRedraw && (!frameOutstanding || immediate) }

    /// Whether the frame about to be committed must ask for a frame callback: one at most is
    /// outstanding; an immediate frame committed while one is shares it.
    public var needsFrameCallback: Bool { !frameOutstanding }

    /// A frame was committed (with a new frame callback, or sharing the outstanding one).
    public mutating func frameCommitted() {
        needsRedraw = false
        immediate = false
        frameOutstanding = true
        committedFrames += 1
    }

    /// The frame callback arrived: the compositor presented the frame; the next may be drawn.
    public mutating func frameDone() {
        frameOutstanding = false
        presentedFrames += 1
    }

    /// The surface was unmapped/destroyed with a callback outstanding: forget it.
    public mutating func reset() {
        frameOutstanding = false
    }
}
