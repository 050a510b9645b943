// The soak's episodes (Soak+Testing.swift runs them): each feeds one kind of heavy use — drags,
// band selections, momentum scrolls, gestures whose finger count changes, modifier storms,
// touches, chaos — and ends or cancels everything it started. `package` support, as the soak.
import PointerEngine

extension SoakDriver {
    func move(to p: Point, steps: Int, from dev: DeviceID = SoakDevice.mouse, ms: Double = 8) {
        let from = session.engine.logicalPosition
        for k in 1...max(1, steps) {
            let q = from.lerp(to: p, Double(k) / Double(max(1, steps)))
            if dev == SoakDevice.touchpad {
                let d = q - session.engine.logicalPosition
                send(.motion(position: nil, delta: InputVector(dx: d.dx, dy: d.dy), unaccelerated: InputVector(dx: d.dx, dy: d.dy)), from: dev, after: ms)
            } else {
                send(.motion(position: ip(q), delta: .zero, unaccelerated: .zero), from: dev, after: ms)
            }
        }
    }

    func randomModifiers() -> ModifierState {
        let m = Modifiers(rawValue: UInt8(rng.next() % 16))
        return ModifierState(depressed: m, locked: chance(0.1) ? .capsLock : [])
    }

    /// Re-adds a removed device after a while (a replugged mouse, a touchpad back from suspend).
    func replug(_ dev: DeviceID) {
        send(.deviceRemoved, from: dev, after: 4)
        let (_, name, caps) = SoakDevice.all.first { $0.0 == dev }!
        send(.deviceAdded(name: name, capabilities: caps), from: dev, after: Double(int(5...200)))
    }

    func pointerDrag() {
        let dev = chance(0.5) ? SoakDevice.mouse : SoakDevice.touchpad
        let source = frame(pick(ID.draggables))
        move(to: inside(source.insetBy(4)), steps: int(2...8), from: dev)
        if chance(0.4) { send(.modifiers(randomModifiers()), from: SoakDevice.keyboard) }
        send(.button(.left, pressed: true), from: dev, after: 30)
        let target = chance(0.8) ? frame(pick(ID.dropTargets)).center : anywhere()
        let steps = int(6...30)
        let from = session.engine.logicalPosition
        for k in 1...steps {
            let q = from.lerp(to: target, Double(k) / Double(steps))
            move(to: q, steps: 1, from: dev, ms: Double(int(4...20)))
            // Modifiers change mid-drag (copy/move/link), sometimes many times.
            if chance(0.15) { send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: 2) }
            if chance(0.02) { send(.pointerLeave, from: dev); send(.pointerEnter(position: ip(q)), from: dev) }
        }
        if chance(0.3) { wait(Double(int(50...900))) } // hover over the target (spring-loading)
        switch rng.next() % 10 {
        case 0: replug(dev)                                     // the device goes away mid-drag
        case 1: // the keyboard holding the modifiers goes away mid-drag, then the drop
            replug(SoakDevice.keyboard)
            send(.button(.left, pressed: false), from: dev, after: 20)
        default: send(.button(.left, pressed: false), from: dev, after: 20)
        }
        send(.modifiers(.none), from: SoakDevice.keyboard)
        if chance(0.5) { wait(Double(int(100...600))) } // the drop / cancel animation
    }

    func touchDrag() {
        let source = frame(pick(ID.draggables))
        var p = inside(source.insetBy(4))
        if chance(0.3) { send(.modifiers(randomModifiers()), from: SoakDevice.keyboard) }
        send(.touchDown(id: 1, position: ip(p)), from: SoakDevice.screen)
        send(.touchFrame, from: SoakDevice.screen, after: 0)
        wait(Double(int(300...800))) // a touch drag starts after a short hold
        let target = chance(0.8) ? frame(pick(ID.dropTargets)).center : anywhere()
        let steps = int(6...24)
        let from = p
        for k in 1...steps {
            p = from.lerp(to: target, Double(k) / Double(steps))
            send(.touchMotion(id: 1, position: ip(p)), from: SoakDevice.screen, after: Double(int(4...16)))
            // Touch and pointer interleaved: the mouse moves while a finger drags.
            if chance(0.2) { move(to: anywhere(), steps: 1, from: SoakDevice.mouse) }
            if chance(0.05) { send(.touchDown(id: 2, position: ip(anywhere())), from: SoakDevice.screen); send(.touchUp(id: 2), from: SoakDevice.screen) }
            if chance(0.1) { send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: 2) }
        }
        switch rng.next() % 8 {
        case 0: send(.touchCancel, from: SoakDevice.screen)
        case 1: replug(SoakDevice.screen)
        default: send(.touchUp(id: 1), from: SoakDevice.screen)
        }
        send(.touchFrame, from: SoakDevice.screen, after: 0)
        send(.modifiers(.none), from: SoakDevice.keyboard)
    }

    func bandSelection() {
        let dev = chance(0.7) ? SoakDevice.mouse : SoakDevice.touchpad
        let c = frame(ID.collection)
        let start = chance(0.5) ? Point(c.minX + rng.uniform(1...6), c.minY + rng.uniform(1...6)) : inside(c)
        move(to: start, steps: int(1...4), from: dev)
        if chance(0.3) { send(.modifiers(ModifierState(depressed: pick([.shift, .control, .super]))), from: SoakDevice.keyboard) }
        send(.button(.left, pressed: true), from: dev, after: 30)
        // Sometimes past the collection's edge: the band autoscrolls.
        let end = chance(0.3) ? Point(c.minX + rng.uniform(-40...(c.width + 40)), c.maxY + rng.uniform(0...60)) : inside(c)
        move(to: end, steps: int(4...24), from: dev, ms: Double(int(4...16)))
        if chance(0.3) { wait(Double(int(50...700))) }
        switch rng.next() % 10 {
        case 0: replug(dev)
        case 1: send(.key(KeyCode(rawValue: 1), pressed: true), from: SoakDevice.keyboard); send(.key(KeyCode(rawValue: 1), pressed: false), from: SoakDevice.keyboard)
                send(.button(.left, pressed: false), from: dev, after: 20)
        default: send(.button(.left, pressed: false), from: dev, after: 20)
        }
        send(.modifiers(.none), from: SoakDevice.keyboard)
    }

    func scrollTargets() -> [ElementID] {
        [ID.list, ID.collection, ID.pages, ID.canvas, ID.sidebar, ID.text, ID.tabContent]
    }

    func momentumScroll() {
        move(to: inside(frame(pick(scrollTargets()))), steps: int(1...3), from: SoakDevice.touchpad)
        let axes: [ScrollAxis] = chance(0.7) ? [.vertical] : chance(0.5) ? [.horizontal] : [.vertical, .horizontal]
        let speed = rng.uniform(-40...40)
        for _ in 0..<int(4...30) {
            for a in axes {
                send(.scroll(source: .finger, axis: a, value: speed * rng.uniform(0.5...1.5), value120: nil, stop: false), from: SoakDevice.touchpad, after: 0)
            }
            send(.frame, from: SoakDevice.touchpad, after: Double(int(6...12)))
        }
        switch rng.next() % 10 {
        case 0: replug(SoakDevice.touchpad)
        default:
            for a in axes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: SoakDevice.touchpad, after: 0) }
            send(.frame, from: SoakDevice.touchpad, after: 0)
        }
        // Momentum runs; sometimes a click or a new touch of the fingers interrupts it.
        wait(Double(int(30...1500)))
        if chance(0.2) { send(.button(.left, pressed: true), from: SoakDevice.touchpad); send(.button(.left, pressed: false), from: SoakDevice.touchpad, after: 40) }
        if chance(0.1) {
            send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), from: SoakDevice.touchpad)
            send(.frame, from: SoakDevice.touchpad, after: 0)
        }
    }

    func wheel() {
        move(to: inside(frame(pick(scrollTargets()))), steps: int(1...3))
        for _ in 0..<int(1...12) {
            let detents = Int32(pick([-2, -1, 1, 1, 2]))
            let axis: ScrollAxis = chance(0.8) ? .vertical : .horizontal
            if chance(0.3) { send(.modifiers(ModifierState(depressed: pick([.control, .shift, []]))), from: SoakDevice.keyboard) }
            send(.scroll(source: .wheel, axis: axis, value: Double(detents) * 15, value120: detents * 120, stop: false), from: SoakDevice.mouse, after: Double(int(5...60)))
            send(.frame, from: SoakDevice.mouse, after: 0)
        }
        send(.modifiers(.none), from: SoakDevice.keyboard)
    }

    func gesture() {
        let area = pick([ID.pages, ID.canvas, ID.collection, ID.list, ID.image, ID.text])
        move(to: inside(frame(area)), steps: int(1...3), from: SoakDevice.touchpad)
        let kind: GestureKind = pick([.swipe, .swipe, .pinch, .pinch, .hold])
        let fingers = kind == .pinch ? pick([2, 2, 3, 4]) : pick([2, 3, 3, 4, 4, 5])
        send(.gesture(GestureEvent(kind: kind, phase: .begin, fingers: fingers)), from: SoakDevice.touchpad)
        var scale = 1.0
        let direction = InputVector(dx: rng.uniform(-30...30), dy: rng.uniform(-30...30))
        for _ in 0..<(kind == .hold ? 0 : int(2...40)) {
            // A finger-count change mid-gesture reaches the engine as an update with another count.
            let f = chance(0.04) ? int(1...5) : fingers
            scale = max(0.05, min(8, scale * rng.uniform(0.85...1.18)))
            send(.gesture(GestureEvent(kind: kind, phase: .update, fingers: f,
                                       delta: InputVector(dx: direction.dx * rng.uniform(0.3...1.3), dy: direction.dy * rng.uniform(0.3...1.3)),
                                       scale: scale, rotation: rng.uniform(-6...6))), from: SoakDevice.touchpad, after: Double(int(6...14)))
            if chance(0.04) { send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: 1) }
            if chance(0.03) { move(to: anywhere(), steps: 1, from: SoakDevice.mouse) }
        }
        switch rng.next() % 10 {
        case 0: replug(SoakDevice.touchpad) // device removed mid-gesture: no end ever comes
        case 1, 2: send(.gesture(GestureEvent(kind: kind, phase: .end, fingers: fingers, cancelled: true)), from: SoakDevice.touchpad)
        default: send(.gesture(GestureEvent(kind: kind, phase: .end, fingers: fingers)), from: SoakDevice.touchpad)
        }
        send(.modifiers(.none), from: SoakDevice.keyboard)
        wait(Double(int(0...700))) // page / zoom settling
    }

    func modifierStorm() {
        for _ in 0..<int(20...120) {
            switch rng.next() % 6 {
            case 0, 1, 2: send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: Double(int(0...12)))
            case 3: move(to: anywhere(), steps: 1, from: pick([SoakDevice.mouse, SoakDevice.touchpad]))
            case 4: send(.key(KeyCode(rawValue: UInt32(pick([29, 42, 56, 125, 58, 1, 103, 108]))), pressed: chance(0.5)), from: SoakDevice.keyboard)
            default:
                let dev = pick([SoakDevice.mouse, SoakDevice.touchpad])
                send(.button(.left, pressed: true), from: dev)
                send(.button(.left, pressed: false), from: dev, after: Double(int(10...120)))
            }
        }
        if chance(0.1) { replug(SoakDevice.keyboard) }
        send(.modifiers(.none), from: SoakDevice.keyboard)
    }

    func touches() {
        var down: [TouchID] = []
        for _ in 0..<int(4...40) {
            if down.isEmpty || (down.count < 5 && chance(0.3)) {
                let id = TouchID(int(0...9))
                if !down.contains(id) { down.append(id); send(.touchDown(id: id, position: ip(anywhere())), from: SoakDevice.screen) }
            } else if chance(0.25) {
                let id = down.remove(at: int(0...(down.count - 1)))
                send(.touchUp(id: id), from: SoakDevice.screen)
            } else {
                send(.touchMotion(id: pick(down), position: ip(anywhere())), from: SoakDevice.screen)
            }
            send(.touchFrame, from: SoakDevice.screen, after: 0)
            if chance(0.25) { move(to: anywhere(), steps: 1, from: pick([SoakDevice.mouse, SoakDevice.touchpad])) }
            if chance(0.05) { send(.button(.left, pressed: true), from: SoakDevice.mouse); send(.button(.left, pressed: false), from: SoakDevice.mouse) }
            if chance(0.1) { wait(Double(int(50...600))) }
        }
        switch rng.next() % 4 {
        case 0: send(.touchCancel, from: SoakDevice.screen)
        case 1: replug(SoakDevice.screen)
        default: for id in down { send(.touchUp(id: id), from: SoakDevice.screen) }
        }
        send(.touchFrame, from: SoakDevice.screen, after: 0)
    }

    /// Random events of every kind, absurd values included, then ends, cancels or unplugging.
    func chaos() {
        var buttons: [(DeviceID, PointerButton)] = []
        var touchIDs: [TouchID] = []
        var gesture: (GestureKind, Int)?
        var fingerAxes: Set<ScrollAxis> = []
        for _ in 0..<int(4...60) {
            let dev = pick([SoakDevice.mouse, SoakDevice.touchpad])
            let ms = chance(0.03) ? rng.uniform(0...3000) : rng.uniform(0...40)
            switch rng.next() % 12 {
            case 0, 1, 2:
                var p = anywhere()
                if chance(0.02) { p = Point(pick([-1e9, .infinity, .nan, 1e12]), rng.uniform(-100...1000)) }
                send(.motion(position: chance(0.5) ? ip(p) : nil, delta: InputVector(dx: rng.uniform(-80...80), dy: rng.uniform(-80...80)),
                             unaccelerated: .zero), from: dev, after: ms)
            case 3:
                let b = pick([PointerButton.left, .right, .middle])
                if let i = buttons.firstIndex(where: { $0.1 == b }), chance(0.7) {
                    send(.button(b, pressed: false), from: buttons[i].0, after: ms); buttons.remove(at: i)
                } else {
                    send(.button(b, pressed: true), from: dev, after: ms); buttons.append((dev, b))
                }
            case 4:
                let source = pick(ScrollSource.allCases), axis = pick(ScrollAxis.allCases), stop = chance(0.2)
                let d = source == .finger ? SoakDevice.touchpad : SoakDevice.mouse
                if source == .finger { if stop { fingerAxes.remove(axis) } else { fingerAxes.insert(axis) } }
                send(.scroll(source: source, axis: axis, value: stop ? 0 : rng.uniform(-60...60),
                             value120: source == .wheel ? Int32(pick([-120, 120, 60, -30])) : nil, stop: stop), from: d, after: ms)
                send(.frame, from: d, after: 0)
            case 5, 6:
                if let g = gesture {
                    if chance(0.2) {
                        gesture = nil
                        send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1, cancelled: chance(0.4))), from: SoakDevice.touchpad, after: ms)
                    } else {
                        send(.gesture(GestureEvent(kind: g.0, phase: .update, fingers: chance(0.1) ? int(1...5) : g.1,
                                                   delta: InputVector(dx: rng.uniform(-30...30), dy: rng.uniform(-30...30)),
                                                   scale: rng.uniform(0.2...4), rotation: rng.uniform(-20...20))), from: SoakDevice.touchpad, after: ms)
                    }
                } else {
                    let g = (pick(GestureKind.allCases), int(2...5))
                    gesture = g
                    send(.gesture(GestureEvent(kind: g.0, phase: .begin, fingers: g.1)), from: SoakDevice.touchpad, after: ms)
                }
            case 7, 8:
                if touchIDs.isEmpty || chance(0.3) {
                    let id = TouchID(int(0...4))
                    if !touchIDs.contains(id) { touchIDs.append(id) }
                    send(.touchDown(id: id, position: ip(anywhere())), from: SoakDevice.screen, after: ms)
                } else if chance(0.3) {
                    let id = touchIDs.remove(at: int(0...(touchIDs.count - 1)))
                    send(.touchUp(id: id), from: SoakDevice.screen, after: ms)
                } else {
                    send(.touchMotion(id: pick(touchIDs), position: ip(anywhere())), from: SoakDevice.screen, after: ms)
                }
            case 9:
                send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: ms)
            case 10:
                send(chance(0.5) ? .pointerLeave : .pointerEnter(position: ip(anywhere())), from: dev, after: ms)
            default:
                send(.key(KeyCode(rawValue: UInt32(pick([1, 103, 108, 57]))), pressed: chance(0.5)), from: SoakDevice.keyboard, after: ms)
            }
        }
        switch rng.next() % 3 {
        case 0: // proper ends
            for (d, b) in buttons { send(.button(b, pressed: false), from: d) }
            for id in touchIDs { send(.touchUp(id: id), from: SoakDevice.screen) }
            if let g = gesture { send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1)), from: SoakDevice.touchpad) }
            for a in fingerAxes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: SoakDevice.touchpad) }
        case 1: // cancels
            send(.touchCancel, from: SoakDevice.screen)
            if let g = gesture { send(.gesture(GestureEvent(kind: g.0, phase: .end, fingers: g.1, cancelled: true)), from: SoakDevice.touchpad) }
            for a in fingerAxes { send(.scroll(source: .finger, axis: a, value: 0, value120: nil, stop: true), from: SoakDevice.touchpad) }
            for (d, b) in buttons { send(.button(b, pressed: false), from: d) }
        default: // every device goes away, then comes back
            for (d, _, _) in SoakDevice.all { send(.deviceRemoved, from: d, after: 2) }
            addDevices()
        }
        send(.modifiers(.none), from: SoakDevice.keyboard)
        send(.pointerEnter(position: ip(anywhere())), from: SoakDevice.mouse)
    }
}
