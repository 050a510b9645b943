// `lodestone dnd` (issue 33; I2, G11): the target window's end of wl_data_device — what the zone
// accepts and prefers where the drag is, and reading the drop.
import GestureCheck
import PointerEngine
import Posix
import WaylandClient

extension DndWindows {
    // MARK: the target

    func dataDevice(_ e: DataDeviceEvent) {
        guard let device = client.seat?.dataDevice, let t = target else { return }
        switch e.kind {
        case .enter(let offer, _):
            overTarget = device.isOver(t)
            if overTarget, let offer, current?.step == .intoTarget {
                // Another application's drag: its time starts at its first enter.
                leftTimer?.disarm()
                if current?.events.isEmpty == true { caseStart = MonotonicClock.seconds() }
                current?.peerTypes = offer.mimeTypes
                current?.offered = Self.dndActions(offer.sourceActions)
            }
            if overTarget, offer != nil {
                // The keys the target holds as the drag comes in (it has the keyboard focus).
                if keyboardWindow == .target { record(.target, .keys(targetKeys)) }
                record(.target, .enter)
                answer(force: true)
            } else {
                device.drag?.accept(nil)
                device.drag?.setActions([], preferred: nil)
            }
        case .motion:
            if overTarget { answer(force: false) }
        case .leave:
            if overTarget { record(.target, .leave) }
            if overTarget, current?.step == .intoTarget {
                // Left over the zone: its source ended the drag (quit, crashed, cancelled);
                // elsewhere the person may come back.
                let overZone = accepted?.type != nil
                current?.leftOverZone = overZone
                current?.leftWithoutDrop = overZone ? Self.leftOverZoneWait : Self.unansweredTimeout
                leftTimer?.arm(after: overZone ? Self.leftOverZoneWait : Self.unansweredTimeout)
            }
            overTarget = false; accepted = nil
        case .action(let a):
            if overTarget { record(.target, .action(a.map(Self.dndAction))) }
        case .drop:
            guard overTarget else { break }
            record(.target, .drop)
            overTarget = false
            if let offer = device.takeDropped(), let type = accepted?.type { read(offer, type: type) }
            else if current?.step == .intoTarget { finishCase(skip: nil) }
        case .sourceActions(let actions):
            if overTarget, current?.step == .intoTarget { current?.offered = Self.dndActions(actions) }
            if overTarget { answer(force: true) }
        case .error(let err): Diagnostics.warning("dnd: \(err)")
        case .selection: return
        }
        redraw()
    }

    /// Tells the offer over the target what the target takes where the drag is now.
    func answer(force: Bool) {
        guard let device = client.seat?.dataDevice, let offer = device.drag, let p = device.position else { return }
        var new: (type: String?, actions: DragActions, preferred: DragAction?) = (nil, [], nil)
        // The zone takes nothing in the refuse step, nor after Escape reached the target, nor in
        // other-app (the drop belongs in another application).
        let refusing = current?.step == .refuse || current?.step == .otherApp || targetEscaped
        if !refusing, zoneFrame?.contains(Point(x: p.x, y: p.y)) == true {
            let type = offer.mimeTypes.first { $0 == "text/uri-list" }
                ?? offer.mimeTypes.first { $0.hasPrefix("text/plain") }
                ?? (current?.step == .intoTarget ? offer.mimeTypes.first : nil)
            if let type {
                let preferred: DragAction = switch DndStep.asked(by: targetKeys, convention) {
                case .ask?: .ask
                case .copy?: .copy
                case .move?, nil: .move
                }
                new = (type, [.copy, .move, .ask], preferred)
            }
        }
        if !force, let old = accepted, old.type == new.type, old.actions == new.actions, old.preferred == new.preferred { return }
        if accepted?.preferred != new.preferred || accepted == nil { record(.target, .prefers(new.preferred.map(Self.dndAction))) }
        accepted = new
        offer.accept(new.type)
        offer.setActions(new.actions, preferred: new.preferred)
        if new.type != nil {
            current?.acceptedType = new.type
            current?.targetActions = Self.dndActions(new.actions)
            current?.targetPreferred = new.preferred.map(Self.dndAction)
        }
    }

    func read(_ offer: DataOffer, type: String) {
        reading = offer
        offer.receive(type) { [weak self] result in
            guard let self else { return }
            self.reading = nil
            switch result {
            case .success(let bytes):
                self.record(.target, .read(bytes: bytes.count))
                self.lastRead = "\(bytes.count) bytes of \(type)"
                if offer.action == .ask {
                    // ask: the destination picks the final action among the source's, then
                    // finishes; with ask alone offered there is none to pick (finish with ask
                    // is a protocol error): it keeps the link it read and lets the offer go.
                    if let pick = [DragAction.copy, .move].first(where: { offer.sourceActions.contains($0.set) }) {
                        offer.setActions(pick.set, preferred: pick)
                        self.record(.target, .picked(Self.dndAction(pick)))
                        self.lastRead = "\(bytes.count) bytes of \(type); asked, picked \(pick)"
                        offer.finish()
                        self.record(.target, .finish)
                    } else {
                        self.record(.target, .letGo)
                        self.lastRead = "\(bytes.count) bytes of \(type); asked, ask alone offered: link kept, offer let go"
                    }
                } else if offer.action == .copy || offer.action == .move {
                    offer.finish()
                    self.record(.target, .finish)
                }
            case .failure(let e):
                Diagnostics.warning("dnd: reading the drop: \(e)")
                self.lastRead = "reading failed: \(e)"
            }
            // Another application's drop ends its case here (its source's end is not ours).
            if self.current?.step == .intoTarget { self.finishCase(skip: nil) }
            self.redraw()
        }
    }

    static func dndAction(_ a: DragAction) -> DndAction {
        switch a {
        case .copy: .copy
        case .move: .move
        case .ask: .ask
        }
    }

    static func dndActions(_ set: DragActions) -> [DndAction] {
        DragAction.allCases.filter { set.contains($0.set) }.map(dndAction)
    }
}
