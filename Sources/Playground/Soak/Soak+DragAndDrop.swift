// The soak's drag-and-drop episodes (issue 18, property and soak; SPEC G7, I2): another
// application's offer entering the window, moving over drop targets and leaving, dropping or
// being cancelled; and one of our items handed to the compositor and finished or cancelled;
// each interleaved with ordinary input (keys, modifier changes, touches, wheel) as a session
// sees them while a drag goes on. The session's side is what lodestone's playground does with
// the protocol (ExternalDrops.swift, DragOut.swift): the offer's answer at each point, the
// drop shown in its target, the drag out's phases. Every step checks the answer (a drop
// target or nothing; only operations the source offers and the target takes; the preferred one
// among them), and after the episode nothing may stay active, ours or the engine's.
import PointerEngine

extension SoakDriver {
    /// Types an offer may carry: file names, text, a type nobody knows, none at all.
    static let offeredTypes: [[String]] = [["text/uri-list", "text/plain;charset=utf-8"], ["text/plain;charset=utf-8"],
                                           ["application/x-wayland-dnd-flower", "text/plain;charset=utf-8"],
                                           ["application/x-unknown"], []]

    func randomOperations() -> Set<DragOperation> { Set(DragOperation.allCases.filter { _ in chance(0.6) }) }

    /// Ordinary input while a drag from or to another application goes on.
    func inputDuringDrag() {
        switch rng.next() % 5 {
        case 0: send(.modifiers(randomModifiers()), from: SoakDevice.keyboard, after: 3)
        case 1: send(.key(KeyCode(rawValue: UInt32(pick([1, 42, 29, 56]))), pressed: chance(0.5)), from: SoakDevice.keyboard, after: 3)
        case 2:
            send(.touchDown(id: 3, position: ip(anywhere())), from: SoakDevice.screen, after: 3)
            send(.touchFrame, from: SoakDevice.screen, after: 0)
            send(.touchUp(id: 3), from: SoakDevice.screen, after: Double(int(10...60)))
            send(.touchFrame, from: SoakDevice.screen, after: 0)
        case 3:
            send(.scroll(source: .wheel, axis: .vertical, value: 15, value120: 120, stop: false), from: SoakDevice.mouse, after: 3)
            send(.frame, from: SoakDevice.mouse, after: 0)
        default: wait(Double(int(5...40)))
        }
    }

    /// The window's answer at the offer's position, checked, applied as ExternalDrops.swift does.
    func answerExternal() {
        guard var drag = session.externalDrag else { return }
        let a = session.externalDropAnswer(at: drag.position, offered: drag.mimeTypes, sourceOperations: drag.sourceOperations)
        if let target = a.target, session.layout[target]?.kind != .dropTarget { dndViolation("answer names \(target), not a drop target") }
        let policy = a.target.flatMap { session.layout[$0]?.traits.drop?.accepts } ?? Set(DragOperation.allCases)
        if !a.operations.isSubset(of: drag.sourceOperations.intersection(policy)) {
            dndViolation("answer takes \(a.operations), beyond the source's \(drag.sourceOperations) and the target's \(policy)")
        }
        if let p = a.preferred, !a.operations.contains(p) { dndViolation("preferred \(p) is not among \(a.operations)") }
        if a.mimeType != nil, !drag.mimeTypes.contains(a.mimeType!) { dndViolation("accepted \(a.mimeType!), not offered") }
        if a.mimeType == nil, !a.operations.isEmpty { dndViolation("operations \(a.operations) with no type accepted") }
        drag.answer = a
        // The compositor's choice (wlroots: the preferred one when taken, else the first).
        drag.negotiated = a.mimeType == nil ? nil : a.preferred ?? DragOperation.allCases.first(where: a.operations.contains)
        session.externalDrag = drag
    }

    func dndViolation(_ what: String) {
        report.dndViolations += 1
        report.problem("event \(report.events) (\(episode)): \(what)")
    }

    /// Another application's drag: enter, motion over targets with input between, then drop,
    /// leave or cancel (the source went away: a leave with no drop).
    func externalDrag() {
        let start = anywhere()
        session.externalDrag = ExternalDrag(offer: UInt32(int(1...4096)), mimeTypes: pick(Self.offeredTypes),
                                            sourceOperations: randomOperations(), position: start)
        answerExternal()
        let target = chance(0.8) ? frame(pick(ID.dropTargets)).center : anywhere()
        let steps = int(3...20)
        for k in 1...steps {
            session.externalDrag?.position = start.lerp(to: target, Double(k) / Double(steps))
            answerExternal()
            if chance(0.4) { inputDuringDrag(); answerExternal() }
            if chance(0.05) { session.externalDrag?.sourceOperations = randomOperations(); answerExternal() }
        }
        let end = rng.next() % 3
        if end == 0, let drag = session.externalDrag, let type = drag.answer.mimeType, !drag.answer.operations.isEmpty {
            // Dropped and read: shown in its target, counted.
            let bytes = (0..<int(0...64)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            session.showDrop(ExternalDrop.summary(mimeType: type, bytes: bytes), in: drag.answer.target)
            session.lastExternalDrop = ExternalDropResult(target: drag.answer.target, mimeType: type, operation: drag.negotiated,
                                                          outcome: .success(bytes.count), digest: ByteDigest.fnv1a(bytes))
            session.externalDropCount += 1
            report.externalDrops += 1
        }
        // Drop, leave or cancel: the offer is gone either way.
        session.externalDrag = nil
        if chance(0.3) { inputDuringDrag() }
    }

    /// One of our items dragged out of the window: handed to the compositor at the edge, the
    /// protocol's answers with input between, then finished (copy or link: a move would take
    /// the item away for the rest of the soak) or cancelled (it flies back).
    func dragOut() {
        let source = frame(pick(ID.draggables))
        move(to: inside(source.insetBy(4)), steps: int(2...6))
        send(.button(.left, pressed: true), from: SoakDevice.mouse, after: 30)
        let edge = Point(size.width - 1, rng.uniform(0...size.height))
        move(to: edge, steps: int(6...16), ms: Double(int(4...16)))
        guard session.engine.dragInProgress != nil,
              session.beginDragOut(mimeTypes: ["text/plain;charset=utf-8"], operations: randomOperations().union([.copy]), exit: edge) != nil else {
            send(.button(.left, pressed: false), from: SoakDevice.mouse, after: 10)
            return
        }
        report.dragsOut += 1
        // The compositor has the pointer now: leave, then only its answers reach the drag.
        send(.pointerLeave, from: SoakDevice.mouse, after: 4)
        for _ in 0..<int(1...10) {
            session.dragOut(target: chance(0.7) ? "text/plain;charset=utf-8" : nil)
            session.dragOut(action: chance(0.8) ? pick([.copy, .link]) : nil, at: Timestamp(rawValue: t))
            if chance(0.5) { inputDuringDrag() }
        }
        if chance(0.6) {
            session.dragOutDropped()
            if chance(0.5) { session.dragOut(sent: SentData(mimeType: "text/plain;charset=utf-8", bytes: [0x41])) }
        }
        let finished = chance(0.5) && session.outgoingDrag?.negotiated != nil && session.outgoingDrag?.negotiated != .move
        session.endDragOut(finished: finished)
        // The button went up under the compositor's grab: the window sees the pointer come back.
        send(.pointerEnter(position: ip(anywhere())), from: SoakDevice.mouse, after: Double(int(5...50)))
        if chance(0.5) { wait(Double(int(100...500))) } // the fly-back
    }
}
