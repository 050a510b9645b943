// Media playback on scrubbers (SPEC I3): the app plays, pauses and skips; the engine moves the
// playhead by the time that passes while it plays, at the frames it is advanced to, and asks
// for nothing while paused.

extension EngineCore {
    /// Plays, pauses or skips the media of scrubber `id` now (through the `ScrubberInteraction`
    /// among the interactions; nothing without one). Reaching the end stops playback.
    mutating func playback(_ command: PlaybackCommand, scrubber id: ElementID) {
        withInteraction(ScrubberInteraction.self) { s, ctx, now in s.playback(command, of: id, &ctx, now: now) }
    }

    /// Whether the media of scrubber `id` plays.
    func isPlaying(_ id: ElementID) -> Bool {
        components.contains { ($0 as? ScrubberInteraction)?.isPlaying(id) ?? false }
    }

    /// The playhead of scrubber `id`, seconds of media (nil: no scrubber there).
    func playhead(of id: ElementID) -> Double? { scene.playhead[id] ?? (layout[id]?.traits.scrubber != nil ? 0 : nil) }
}

extension EngineCore {
    /// Lets the app change the interactions of type `T` now (an app's own interaction told what
    /// the app decided: playback, a tab closing), with a context to change the scene and emit
    /// outputs; then the pointer follows (a control that stopped answering loses its hover).
    mutating func withInteraction<T: Interaction>(_ type: T.Type,
                                                         _ body: (inout T, inout InteractionContext, Timestamp) -> Void) {
        for i in components.indices {
            guard var c = components[i] as? T else { continue }
            var ctx = takeContext(input: lastInput)
            body(&c, &ctx, now)
            components[i] = c
            refreshInteractionCache(i)
            absorb(&ctx)
        }
        updatePointer()
    }
}
