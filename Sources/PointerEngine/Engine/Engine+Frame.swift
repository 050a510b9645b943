// Composing the render description from the engine's state.

extension EngineCore {
    /// The render description of the engine's state at `now` (no time passes).
    func describe() -> Frame {
        let drawn = drawnPosition
        let rm = settings.reduceMotion
        let layers = style.morph.layers(at: drawn, reduceMotion: rm)
        var opacity = visibility.shownOpacity * (1 - hover.liftProgress)
        if style.request.hidesPointer { opacity = 0 }
        let s = settings.size
        var under = hover.liftElement
        if style.morph.to.underContent, let id = hover.hovered { under = id }
        let pointer = PointerAppearance(
            generation: settings.generation, position: drawn, logicalPosition: logicalPosition, layers: layers,
            opacity: opacity, scale: s, fillColor: settings.color,
            borderColor: settings.contrastBorder ? PointerStyler.contrast(for: settings.color) : nil,
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

        // Effects (E1–E5), in the paint order of their elements.
        f.effects = hover.appearances(index: index, scene: scene, pointer: logicalPosition, drawn: drawn,
                                      reduceMotion: rm, classic: settings.generation == .classic)

        // Accessories and annotations around the drawn shape.
        let box = layers.reduce(Rect.zero) { $0.union($1.bounds) }
        let around = box.isEmpty ? Rect(x: drawn.x, y: drawn.y, width: 0, height: 0) : box
        let shown = visibility.shownOpacity * (style.request.hidesPointer ? 0 : 1)
        // A touch drag's badge goes above the finger, shown with or without the pointer (I2, A1).
        let finger = style.request.accessoryAnchor.map { p in
            Rect(x: p.x - AccessoryTuning.fingerRadius, y: p.y - AccessoryTuning.fingerRadius,
                 width: 2 * AccessoryTuning.fingerRadius, height: 2 * AccessoryTuning.fingerRadius)
        }
        let accessoryOpacity = finger == nil ? shown : 1
        f.accessories = style.accessories.appearances(around: finger ?? around, size: s, color: settings.color).map {
            var a = $0; a.opacity *= accessoryOpacity; return a
        }
        let window = Rect(x: 0, y: 0, width: layout.size.width, height: layout.size.height)
        f.annotations = style.annotations.appearances(around: around, size: s, window: window).map { var a = $0; a.opacity *= shown; return a }

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
