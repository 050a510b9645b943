// Composing the render description from the engine's state.

extension EngineCore {
    /// The render description of the engine's state at `now` (no time passes).
    func describe() -> Frame {
        let drawn = drawnPosition
        let rm = settings.reduceMotion
        let layers = style.morph.layers(at: drawn, reduceMotion: rm)
        let pointer = style.pointer(layers: layers, drawn: drawn, logical: logicalPosition, shownOpacity: visibility.shownOpacity,
                                    lift: hover.liftProgress, liftElement: hover.liftElement, hovered: hover.hovered,
                                    settings: settings)
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

        // Effects (E1–E5), in the paint order of their elements.
        f.effects = hover.appearances(index: index, scene: scene, pointer: logicalPosition, drawn: drawn,
                                      reduceMotion: rm, classic: settings.generation == .classic)

        // Accessories and annotations around the drawn shape.
        (f.accessories, f.annotations) = style.around(layers: layers, drawn: drawn, shownOpacity: visibility.shownOpacity,
                                                      window: layout.size, settings: settings)

        if let sel = text.selection, let lines = index.textLines(sel.element, layout: layout, scene: scene) {
            f.textSelection = text.appearance(lines: lines)
        }

        f.scrollEdgeEffects = scrollEdgeEffects()

        let ctx = context(input: input.lastInput)
        for i in components.indices { components[i].contribute(to: &f, context: ctx) }
        // I3: the time under the pointer goes with the pointer (auto-hide, focus loss, touch).
        if !visibility.isShown { for i in f.scrubbers.indices { f.scrubbers[i].hoverProgress = nil } }

        f.isAnimating = !isSettled
        f.nextDeadline = nextDeadline
        return f
    }

    /// The next time something changes without input (auto-hide P5, the pointer coming to
    /// rest, a right click held back as a possible two-finger tap G4, a held key's next repeat
    /// G10, a finger scroll whose stop never came G1), nil: none. `describe().nextDeadline`, without describing the frame.
    var nextDeadline: Timestamp? {
        var next: Timestamp?
        if let d = idleDeadline, d > now { next = d }
        if let d = keyRepeater.deadline { next = next.map { min($0, d) } ?? d }
        if let rest = magnet.restDeadline { next = next.map { min($0, rest) } ?? rest }
        if let tap = gestures.pendingTapDeadline { next = next.map { min($0, tap) } ?? tap }
        if let lapse = gestures.fingerScrollDeadline { next = next.map { min($0, lapse) } ?? lapse }
        return next
    }
}
