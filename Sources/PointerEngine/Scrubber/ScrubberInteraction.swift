// Scrubbers in the engine (SPEC I3): one `Scrubber` per element with `traits.scrubber`; the
// pointer seeks precisely where it clicks and shows the time under it while hovering; touch
// drags the playhead.

package struct ScrubberInteraction: Interaction {
    package var name: String { "scrubber" }
    var scrubbers: [ElementID: Scrubber] = [:]
    var active: (id: ElementID, touch: TouchID?)?
    var hovering: ElementID?
    /// Whether the layout has any scrubber (decided on first use; nil: not yet known).
    var any: Bool?
    /// Where the scrubbers are in `layout.elements`, found with `any` (a layout changes only
    /// through `Engine.setLayout`, which cancels: `any` is nil again until the next use).
    var slots: [Int] = []
    /// The scrubbers whose media plays (I3), and the time their playheads last moved to.
    var playing: Set<ElementID> = []
    var playClock: Timestamp?

    package init() {}

    /// Whether the media of scrubber `id` plays.
    package func isPlaying(_ id: ElementID) -> Bool { playing.contains(id) }

    /// Plays, pauses or skips the media of scrubber `id` at `now` (I3). Playing at the end
    /// starts again from the start, as a video player does; skipping clamps to the media.
    mutating func playback(_ command: PlaybackCommand, of id: ElementID, _ ctx: inout InteractionContext, now: Timestamp) {
        learn(ctx.layout)
        guard var s = scrubber(id, ctx) else { return }
        switch command {
        case .play:
            if s.time >= s.duration { s.play(to: 0) }
            if playing.isEmpty { playClock = now }
            playing.insert(id)
        case .pause:
            playing.remove(id)
        case .skip(let seconds):
            s.play(to: s.time + seconds)
            ctx.emit(.seek(id, seconds: s.time))
        }
        scrubbers[id] = s
        ctx.scene.playhead[id] = s.time
        if playing.isEmpty { playClock = nil }
    }

    mutating func scrubber(_ id: ElementID, _ ctx: InteractionContext) -> Scrubber? {
        guard let e = ctx.layout[id], let cfg = e.traits.scrubber, let f = ctx.surfaceFrame(of: id) else { return nil }
        var s = scrubbers[id] ?? Scrubber(track: f, duration: cfg.duration, time: ctx.scene.playhead[id] ?? 0)
        s.track = f
        scrubbers[id] = s
        return s
    }

    func scrubberID(near hit: ElementID?, _ ctx: InteractionContext) -> ElementID? {
        guard let hit, (ctx.layout.property(of: hit, \.traits.scrubber) ?? nil) != nil else { return nil }
        return hit
    }

    mutating func send(_ ev: Scrubber.Event, to id: ElementID, _ ctx: inout InteractionContext, now: Timestamp) -> Bool {
        guard var s = scrubber(id, ctx) else { return false }
        let used = s.handle(ev, now: now)
        scrubbers[id] = s
        ctx.scene.playhead[id] = s.time
        return used
    }

    mutating func end(_ ev: Scrubber.Event, _ ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard let a = active else { return .ignored }
        _ = send(ev, to: a.id, &ctx, now: now)
        active = nil
        if case .release = ev, let t = scrubbers[a.id]?.time { ctx.emit(.seek(a.id, seconds: t)) }
        return .released
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        learn(ctx.layout)
        guard any == true else { return .ignored }
        switch event {
        case .pointerMoved(let p, _):
            if let a = active, a.touch == nil {
                _ = send(.move(p), to: a.id, &ctx, now: now)
                _ = send(.hover(p), to: a.id, &ctx, now: now)
                return .handled
            }
            let id = scrubberID(near: ctx.hovered, ctx)
            if let old = hovering, old != id { _ = send(.hover(nil), to: old, &ctx, now: now) }
            hovering = id
            if let id { _ = send(.hover(p), to: id, &ctx, now: now) }
            return .ignored
        case .pointerLeft:
            if let old = hovering { _ = send(.hover(nil), to: old, &ctx, now: now); hovering = nil }
            return active == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .pointerPressed(.left, let p, let hit, _):
            guard active == nil, let id = scrubberID(near: hit, ctx), send(.press(p, input: .pointer), to: id, &ctx, now: now)
            else { return .ignored }
            active = (id, nil)
            return .captured
        case .pointerReleased(.left, _, _):
            guard let a = active, a.touch == nil else { return .ignored }
            return end(.release, &ctx, now: now)
        case .touchDown(let tid, let p, let hit):
            guard active == nil, let id = scrubberID(near: hit, ctx), send(.press(p, input: .touch), to: id, &ctx, now: now)
            else { return .ignored }
            active = (id, tid)
            return .captured
        case .touchMoved(let tid, let p, _):
            guard let a = active, a.touch == tid else { return .ignored }
            _ = send(.move(p), to: a.id, &ctx, now: now)
            return .handled
        case .touchUp(let tid, _, _):
            guard let a = active, a.touch == tid else { return .ignored }
            return end(.release, &ctx, now: now)
        case .touchCancel:
            guard let a = active, a.touch != nil else { return .ignored }
            return end(.cancel, &ctx, now: now)
        case .deviceRemoved:
            return active == nil ? .ignored : end(.cancel, &ctx, now: now)
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .modifiersChanged, .pointerEntered, .intent:
            return .ignored
        }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        if active != nil { _ = end(.cancel, &ctx, now: now) }
        any = nil // (playback goes on: a new layout without the scrubber stops it at the next advance)
    }

    package var isActive: Bool { active != nil }
    /// Nothing at all on a layout without scrubbers; idle: hover and presses.
    package var interests: InteractionInterests {
        switch any {
        case nil: .all
        case false?: []
        case true?:
            if active != nil { .all } else if hovering != nil {
                [.pointerMoved, .pointerLeft, .pointerPressed, .touchDown, .pointerRequest]
            } else { [.pointerMoved, .pointerLeft, .pointerPressed, .touchDown] }
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        learn(ctx.layout)
        guard let since = playClock, now > since else { return }
        // Playing media moves its playhead by the time that passed (I3): the engine advances
        // this interaction while it animates, at the host's frames; paused, nothing wakes.
        let dt = now.seconds(since: since)
        playClock = now
        for id in playing.sorted() {
            guard var s = scrubber(id, ctx) else { playing.remove(id); continue }
            s.play(to: s.time + dt)
            scrubbers[id] = s
            ctx.scene.playhead[id] = s.time
            if s.time >= s.duration { playing.remove(id) } // the end: stop, as a video player does
        }
        if playing.isEmpty { playClock = nil }
    }

    /// Playing media animates its playhead.
    package var isAnimating: Bool { !playing.isEmpty }

    mutating func learn(_ layout: Layout) {
        guard any == nil else { return }
        slots = layout.elements.indices.filter { layout.elements[$0].traits.scrubber != nil }
        any = !slots.isEmpty
    }

    package func pointerRequest(context: InteractionContext) -> PointerRequest? {
        // I3: the time under the pointer, above it.
        guard let id = active?.id ?? hovering, active?.touch == nil, let t = scrubbers[id]?.hoverTime else { return nil }
        return PointerRequest(annotations: [PointerAnnotation(formatTime(t), at: .top)])
    }

    package func contribute(to frame: inout Frame, context ctx: InteractionContext) {
        guard any != false else { return }
        // By index: `for e in elements` copies every element of the layout each frame. Only the
        // scrubbers' slots once known (nil `any`: not yet, look at every element).
        let elements = ctx.layout.elements
        let found = any == true ? slots : elements.indices.filter { elements[$0].traits.scrubber != nil }
        for i in found where i < elements.count && elements[i].traits.scrubber != nil {
            let e = elements[i]
            let s = scrubbers[e.id]
            let duration = e.traits.scrubber!.duration
            let time = s?.time ?? ctx.scene.playhead[e.id] ?? 0
            let hover = s?.hoverTime.map { duration > 0 ? $0 / duration : 0 }
            frame.scrubbers.append(ScrubberAppearance(element: e.id, progress: duration > 0 ? clamp(time / duration, 0, 1) : 0,
                                                      hoverProgress: hover, isDragging: active?.id == e.id))
        }
    }
}

/// What the app asks of a scrubber's media (`Engine.playback(_:scrubber:)`, I3).
public enum PlaybackCommand: Sendable, Equatable {
    /// Start or stop the media.
    case play, pause
    /// Moves the playhead by this many seconds (negative: back), clamped to the media.
    case skip(seconds: Double)
}

/// "m:ss" (or "h:mm:ss") for a time in seconds, with tenths under a minute of media.
package func formatTime(_ seconds: Double) -> String {
    let s = max(0, seconds.isFinite ? seconds : 0)
    let whole = Int(s)
    let h = whole / 3600, m = (whole % 3600) / 60, sec = whole % 60
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    return h > 0 ? "\(h):\(two(m)):\(two(sec))" : "\(m):\(two(sec))"
}
