// The magnetism component (SPEC M3–M6): which attraction holds the drawn pointer now and where
// its offset heads. The offset's springs and follow rule are `Magnetism`, the pointer's speed
// `VelocityEstimator` and the tuning `MagnetismTuning` (Magnetism.swift). Time comes in with
// the motion and with `advance`; nothing here reads a clock.

struct PointerMagnet: Sendable {
    /// The offset of the drawn pointer from the logical one.
    var magnetism: Magnetism
    var velocity = VelocityEstimator()
    /// The time of the last motion: the pointer comes to rest `velocitySmoothing` later (M3).
    var lastMotion: Timestamp?

    init(reduceMotion: Bool) { magnetism = Magnetism(reduceMotion: reduceMotion) }

    var offset: Vector { magnetism.offset }
    var attraction: Attraction { magnetism.attraction }
    var isSettled: Bool { magnetism.isSettled }

    /// The logical pointer moved by `moved` at `now`.
    mutating func moved(_ moved: Vector, at now: Timestamp) {
        velocity.add(delta: moved, at: now)
        magnetism.pendingMotion = magnetism.pendingMotion + moved
        lastMotion = now
    }

    /// The pointer entered the surface: its speed starts again from nothing.
    mutating func entered() { velocity.reset() }

    /// M3: when the moving pointer comes to rest (its speed decays to zero), nil: at rest.
    var restDeadline: Timestamp? {
        guard let m = lastMotion, velocity.speed > 0 else { return nil }
        return m + .seconds(MagnetismTuning.velocitySmoothing)
    }

    /// Time reached `t` without motion: the speed decays.
    mutating func decay(to t: Timestamp) { velocity.decay(to: t) }

    mutating func setReduceMotion(_ rm: Bool) {
        magnetism.offsetX.reduceMotion = rm
        magnetism.offsetY.reduceMotion = rm
    }

    mutating func step(by dt: Double) { magnetism.step(by: dt) }

    /// Decides the attraction for the pointer at `pointer` and moves the offset toward it.
    /// `enabled`: magnetism is on, the pointer shows and no interaction holds it; `selecting`:
    /// the text area being selected in, with its focus line.
    mutating func update(enabled: Bool, selecting: (id: ElementID, line: Int)?, pointer: Point, hover: HoverEffects.Info?,
                         generation: PointerGeneration, layout: Layout, index: HitIndex, scene: SceneState) {
        let followed = magnetism.pendingMotion
        magnetism.pendingMotion = .zero
        guard enabled else {
            if magnetism.attraction != .none || magnetism.offset != .zero { magnetism.release() }
            return
        }
        // M5: while selecting, the beam sticks to the focus line's centre.
        if let (id, line) = selecting, let lines = index.textLines(id, layout: layout, scene: scene) {
            let c = lines.centre(of: line)
            let off = lines.vertical ? Vector(c - pointer.x, 0) : Vector(0, c - pointer.y)
            magnetism.attraction = .textLine(id, line: line)
            magnetism.setTarget(off, response: MagnetismTuning.snapResponse)
            return
        }
        let speed = velocity.speed
        // M4: on a fast flick, aim at the element near where the pointer will come to rest.
        if speed >= MagnetismTuning.flickSpeed {
            let v = velocity.velocity
            let projected = pointer + v * MagnetismTuning.projectionTime
            if let (id, frame) = index.predictionTarget(near: projected, radius: MagnetismTuning.predictionRadius,
                                                        origin: pointer, velocity: v, scene: scene) {
                var pull = (frame.center - pointer) * MagnetismTuning.predictionPull
                let l = pull.length
                if l > MagnetismTuning.predictionMaxOffset { pull = pull * (MagnetismTuning.predictionMaxOffset / l) }
                magnetism.attraction = .prediction(id)
                magnetism.setTarget(pull, response: MagnetismTuning.snapResponse)
                return
            }
        }
        // M3: inside a highlight/lift region, a small bias toward the rest point while moving
        // (M6: the drawn pointer follows the motion at once); it settles there once at rest.
        if let e = hover, e.snaps {
            let slot = e.slot, id = index.entries[slot].id, f = index.surfaceFrame(slot: slot, scene: scene)
            var rest = f.center
            if generation == .modern, e.effect == .highlight, e.style?.shape == nil {
                rest.y += min(MagnetismTuning.settledTipDrop, f.height / 2) // the glyph stays visible
            }
            magnetism.attraction = .snap(id)
            if speed > 0 {
                magnetism.follow(followed, toward: Magnetism.movingBias(toward: rest, from: pointer))
            } else {
                magnetism.setTarget(Magnetism.settledOffset(toward: rest, from: pointer), response: MagnetismTuning.snapResponse)
            }
            return
        }
        // M6: anything else releases: while moving by following the motion (no jump on leaving).
        if speed > 0, magnetism.offset != .zero {
            magnetism.attraction = .none
            magnetism.follow(followed, toward: .zero)
            return
        }
        if magnetism.attraction != .none || magnetism.offset != .zero { magnetism.release() }
    }
}
