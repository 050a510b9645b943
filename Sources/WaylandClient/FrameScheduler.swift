// Redraw policy, kept free of Wayland so it can be tested alone: a redraw request only sets
// a flag; a frame is drawn when no frame callback is outstanding, so there is at most one
// frame in flight and nothing draws faster than the compositor presents (no timers, no busy loop).

public struct FrameScheduler: Sendable {
    /// Someone asked for a redraw since the last frame was drawn.
    public private(set) var needsRedraw = false
    /// A frame callback is outstanding (a frame was committed and not yet presented).
    public private(set) var frameOutstanding = false
    /// Frames whose callback arrived.
    public private(set) var presentedFrames = 0
    /// Frames committed.
    public private(set) var committedFrames = 0

    public init() {}

    /// Ask for a new frame. Cheap and idempotent: many requests before the next frame make one frame.
    public mutating func requestRedraw() { needsRedraw = true }

    /// Whether to draw now (the loop asks this once per iteration).
    public func shouldDraw(ready: Bool) -> Bool { ready && needsRedraw && !frameOutstanding }

    /// A frame was committed together with a new frame callback.
    public mutating func frameCommitted() {
        precondition(!frameOutstanding, "two frame callbacks outstanding")
        needsRedraw = false
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
