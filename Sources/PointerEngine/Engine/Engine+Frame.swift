// Composing the render description from the engine's state.

extension Engine {
    /// The render description of the engine's state at `now` (no time passes).
    public func describe() -> Frame {
        let drawn = drawnPosition
        let rm = settings.reduceMotion
        let layers = morph.layers(at: drawn, reduceMotion: rm)
        var lift = 0.0
        for e in effects where e.kind == .lift { lift = max(lift, clamp(e.progress.value, 0, 1)) }
        var opacity = clamp(visibleOpacity.value, 0, 1) * (1 - lift)
        if request.hidesPointer { opacity = 0 }
        let s = settings.size
        // (No closure here: one capturing `self` copies the whole engine.)
        var under = liftElement
        if morph.to.underContent, let id = hovered { under = id }
        let pointer = PointerAppearance(
            generation: settings.generation, position: drawn, logicalPosition: logicalPosition, layers: layers,
            opacity: opacity, scale: s, fillColor: settings.color,
            borderColor: settings.contrastBorder ? contrast(for: settings.color) : nil,
            borderWidth: settings.contrastBorder ? PointerTuning.borderWidth * s : 0,
            isUnderContent: under != nil, underElement: under)
        var f = Frame(time: now, surfaceSize: layout.size, pointer: pointer)

        // Scroll containers, in paint order.
        f.containers.reserveCapacity(index.containersInPaintOrder.count)
        for slot in index.containersInPaintOrder {
            let id = index.entries[slot].id
            f.containers.append(ContainerAppearance(element: id, transform: index.transform(slot: slot, scene: scene),
                                                    opacity: scene.containerOpacity.isEmpty ? 1 : scene.containerOpacity[id] ?? 1))
        }

        // Element overrides, by id (the sets are small: a sorted array, no set built per frame).
        var ids: [ElementID] = []
        ids.reserveCapacity(scene.selection.count + scene.pressed.count + scene.reveal.count + scene.frameOverrides.count)
        ids += scene.selection
        ids += scene.pressed
        ids += scene.reveal.keys
        ids += scene.frameOverrides.keys
        ids.sort()
        for (k, id) in ids.enumerated() where k == 0 || ids[k - 1] != id {
            f.elementStates.append(ElementState(
                element: id, isSelected: scene.selection.contains(id), isPressed: scene.pressed.contains(id),
                revealOpacity: scene.reveal[id] ?? 1,
                frame: scene.frameOverrides[id] != nil ? index.surfaceFrame(of: id, scene: scene) : nil))
        }

        // Effects (E1–E5), in the paint order of their elements. (The closures read locals:
        // one capturing `self` copies the whole engine.)
        var live = effects
        let index = self.index, at = logicalPosition, classic = settings.generation == .classic
        for i in live.indices {
            if let fr = index.surfaceFrame(of: live[i].element, scene: scene) { live[i].frame = fr }
        }
        if live.count > 1 { live.sort { (index.entry($0.element)?.rank ?? -1) < (index.entry($1.element)?.rank ?? -1) } }
        f.effects = live.map { $0.appearance(pointer: at, drawn: drawn, reduceMotion: rm, classic: classic) }

        // Accessories and annotations around the drawn shape.
        let box = layers.reduce(Rect.zero) { $0.union($1.bounds) }
        let around = box.isEmpty ? Rect(x: drawn.x, y: drawn.y, width: 0, height: 0) : box
        let shown = clamp(visibleOpacity.value, 0, 1) * (request.hidesPointer ? 0 : 1)
        // A touch drag's badge goes above the finger, shown with or without the pointer (I2, A1).
        let finger = request.accessoryAnchor.map { p in
            Rect(x: p.x - AccessoryTuning.fingerRadius, y: p.y - AccessoryTuning.fingerRadius,
                 width: 2 * AccessoryTuning.fingerRadius, height: 2 * AccessoryTuning.fingerRadius)
        }
        let accessoryOpacity = finger == nil ? shown : 1
        f.accessories = accessories.appearances(around: finger ?? around, size: s, color: settings.color).map {
            var a = $0; a.opacity *= accessoryOpacity; return a
        }
        let window = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        f.annotations = annotations.appearances(around: around, size: s, window: window).map { var a = $0; a.opacity *= shown; return a }

        if let sel = text.selection, let lines = textLines(sel.element) {
            f.textSelection = text.appearance(lines: lines)
        }

        f.scrollEdgeEffects = scrollEdgeEffects()

        let ctx = context(input: lastInput)
        for i in components.indices { components[i].contribute(to: &f, context: ctx) }
        // I3: the time under the pointer goes with the pointer (auto-hide, focus loss, touch).
        if !visibility.state.isShown { for i in f.scrubbers.indices { f.scrubbers[i].hoverProgress = nil } }

        f.isAnimating = !isSettled
        f.nextDeadline = nextDeadline
        return f
    }

    /// The next time something changes without input (auto-hide P5, the pointer coming to
    /// rest, a right click held back as a possible two-finger tap G4, a held key's next repeat
    /// G10, a finger scroll whose stop never came G1), nil: none. `describe().nextDeadline`, without describing the frame.
    public var nextDeadline: Timestamp? {
        var next: Timestamp?
        if let d = idleDeadline, d > now { next = d }
        if let d = keyRepeater.deadline { next = next.map { min($0, d) } ?? d }
        if let m = lastMotion, velocity.speed > 0 {
            let rest = Timestamp(rawValue: m.rawValue + UInt64(MagnetismTuning.velocitySmoothing * 1e6))
            next = next.map { min($0, rest) } ?? rest
        }
        if let tap = gestures.pendingTapDeadline { next = next.map { min($0, tap) } ?? tap }
        if let lapse = gestures.fingerScrollDeadline { next = next.map { min($0, lapse) } ?? lapse }
        return next
    }

    /// P6: a border colour that contrasts with the fill (black on light, white on dark).
    func contrast(for c: Color) -> Color {
        let luma = 0.2126 * c.red + 0.7152 * c.green + 0.0722 * c.blue
        return luma > 0.5 ? .black : .white
    }
}
