// Media playback on scrubbers (SPEC I3): the app plays, pauses and skips; the engine moves the
// playhead by the time that passes while it plays, at the frames it is advanced to, and asks
// for nothing while paused.

extension Engine {
    /// Plays, pauses or skips the media of scrubber `id` now (through the `ScrubberInteraction`
    /// among the interactions; nothing without one). Reaching the end stops playback.
    public mutating func playback(_ command: PlaybackCommand, scrubber id: ElementID) {
        for i in components.indices {
            guard var s = components[i] as? ScrubberInteraction else { continue }
            var ctx = takeContext(input: lastInput)
            s.playback(command, of: id, &ctx, now: now)
            components[i] = s
            refreshInteractionCache(i)
            absorb(&ctx)
        }
    }

    /// Whether the media of scrubber `id` plays.
    public func isPlaying(_ id: ElementID) -> Bool {
        components.contains { ($0 as? ScrubberInteraction)?.isPlaying(id) ?? false }
    }

    /// The playhead of scrubber `id`, seconds of media (nil: no scrubber there).
    public func playhead(of id: ElementID) -> Double? { scene.playhead[id] ?? (layout[id]?.traits.scrubber != nil ? 0 : nil) }
}
