// The playground as a drop target for other applications (issue 18.3, first part): an offer
// entering the window is listed in the state (types, source actions); over a drop target the
// window accepts the best type and sets the actions the target takes, preferring the one the
// held modifiers ask for by the `conventions` setting, again whenever the pointer moves to
// another target or the modifiers change. On a drop the data is read through the pipe (the
// transfer limits apply) and the offer finished; what was read shows in the state.
import InputProtocol
import Playground
import PointerEngine
import Posix
import WaylandClient

final class ExternalDropHandler {
    private let session: PlaygroundSession
    private unowned let client: Client
    private unowned let window: Window
    private let changed: () -> Void

    init(session: PlaygroundSession, client: Client, window: Window, changed: @escaping () -> Void) {
        self.session = session
        self.client = client
        self.window = window
        self.changed = changed
    }

    /// The keyboard came to this window or left it: a drop menu open here gets its keys, or
    /// says again to click.
    func keyboardFocusChanged(_ here: Bool) {
        guard session.dropMenuKeys != nil else { return }
        session.dropMenuKeys = here ? .here : .elsewhere
        changed()
    }

    private var device: DataDevice? { client.seat?.dataDevice }

    func handle(_ event: DataDeviceEvent) {
        switch event.kind {
        case let .enter(summary, p):
            guard let summary else { session.externalDrag = nil; break }
            let wasUncarried = session.outgoingDrag?.uncarried == true
            session.externalDragEntered(ExternalDrag(offer: summary.id, mimeTypes: summary.mimeTypes,
                                                     sourceOperations: Self.operations(summary.sourceActions),
                                                     position: Point(x: p.x, y: p.y)))
            warnIfUncarried(was: wasUncarried)
            answer(force: true)
        case let .motion(p):
            let wasUncarried = session.outgoingDrag?.uncarried == true
            session.externalDragMoved(to: Point(x: p.x, y: p.y))
            warnIfUncarried(was: wasUncarried)
            answer(force: false)
        case let .sourceActions(actions):
            session.externalDrag?.sourceOperations = Self.operations(actions)
            answer(force: true)
        case let .action(action):
            session.externalDrag?.negotiated = action.map(Self.operation)
            session.externalDrag?.negotiatedAt = event.time
        case .drop:
            drop()
        case .leave:
            session.externalDrag = nil
        case .error(let e):
            // Bad input from the source (a name too long or not printable, too many types):
            // named once, never its raw bytes (DataOffer escapes them).
            Diagnostics.warning("drop: \(e)")
            return
        case .selection:
            return
        }
        changed()
    }

    /// Says once that the compositor keeps our touch drag in this window (issue 30.4).
    private func warnIfUncarried(was: Bool) {
        guard !was, session.outgoingDrag?.uncarried == true else { return }
        Diagnostics.warning("drag out: the compositor keeps this touch drag in its window (its positions are another window's): nothing here takes it, and it comes back")
    }

    func modifiersChanged() {
        guard session.externalDrag != nil else { return }
        answer(force: false)
        changed()
    }

    /// Tells the source what the window takes here, when that changed (or `force`).
    private func answer(force: Bool) {
        guard var drag = session.externalDrag, let offer = device?.drag else { return }
        let new = session.externalDropAnswer(at: drag.position, offered: drag.mimeTypes, sourceOperations: drag.sourceOperations)
        guard force || new != drag.answer else { return }
        drag.answer = new
        session.externalDrag = drag
        offer.accept(new.mimeType)
        offer.setActions(Self.actions(new.operations), preferred: new.preferred.map(Self.action))
    }

    /// A drop whose action is "ask", waiting for the menu at the drop point.
    private struct PendingAsk {
        let offer: DataOffer
        let type: String
        let target: ElementID?
        /// The menu's entries: an operation each, nil for Cancel.
        let entries: [DragOperation?]
        let seen: Int
    }
    private var pendingAsk: PendingAsk?

    /// The drop menu (GNOME Files' and Dolphin's): always Move here, Copy here, Link here and
    /// Cancel, an operation each (nil for Cancel); those the drop cannot take (not in
    /// `operations`) are listed disabled, not left out, so the menu reads the same every time.
    static func menu(for operations: Set<DragOperation>) -> (titles: [String], entries: [DragOperation?], disabled: Set<Int>) {
        let ops: [DragOperation] = [.move, .copy, .link]
        let title: [DragOperation: String] = [.move: "Move here", .copy: "Copy here", .link: "Link here"]
        let disabled = Set(ops.indices.filter { !operations.contains(ops[$0]) })
        return (ops.map { title[$0]! } + ["Cancel"], ops.map { Optional($0) } + [nil], disabled)
    }

    private func drop() {
        guard let drag = session.externalDrag, let offer = device?.takeDropped() else { return }
        guard let type = drag.answer.mimeType, !drag.answer.operations.isEmpty else { return }
        let target = drag.answer.target
        // One drag per seat: while ours is out, the offer dropped here is ours come home.
        if session.outgoingDrag != nil { session.dragOutDroppedHome() }
        if offer.action == .ask {
            // "ask": the user chooses at the drop point (GNOME Files' and Dolphin's menu).
            let menu = Self.menu(for: drag.answer.operations.intersection(drag.sourceOperations).union([.link]))
            pendingAsk = PendingAsk(offer: offer, type: type, target: target, entries: menu.entries, seen: session.outputCount)
            session.presentMenu(menu.titles, disabled: menu.disabled, for: target, at: drag.position)
            // The keyboard stayed with the drag's source (wlroots): ask for it (issue 30.5).
            session.dropMenuKeys = client.seat?.keyboardFocused == true ? .here : window.requestKeyboardFocus() ? .asked : .elsewhere
            return
        }
        read(offer, type: type, into: target, operation: offer.action.map(Self.operation) ?? drag.negotiated)
    }

    /// After input: the drop menu's choice (or its dismissal) decides a pending "ask".
    func inputHandled() {
        guard let ask = pendingAsk else { return }
        var chosen: Int?
        for o in session.outputs(after: ask.seen) {
            if case .menuItemChosen(let e, let i) = o, e == ask.target { chosen = i }
        }
        guard chosen != nil || session.engine.openMenu == nil else { return }
        pendingAsk = nil
        session.dropMenuKeys = nil
        let operation = chosen.flatMap { $0 < ask.entries.count ? ask.entries[$0] : nil }
        switch operation {
        case .move?, .copy?:
            let action = Self.action(operation!)
            ask.offer.setActions(action.set, preferred: action)
            read(ask.offer, type: ask.type, into: ask.target, operation: operation, finishes: true)
        case .link?:
            read(ask.offer, type: ask.type, into: ask.target, operation: .link, finishes: false)
        case nil:
            // Cancel (or the menu dismissed): nothing read, the offer let go; the source hears
            // cancelled and keeps its data.
            session.lastExternalDrop = ExternalDropResult(target: ask.target, mimeType: ask.type, operation: nil,
                                                          outcome: .failure(ExternalDropFailure("cancelled at the drop menu")))
            session.externalDropCount += 1
        }
        changed()
    }

    /// Reads the drop and shows it; finishes when the action is copy or move (`finishes`:
    /// decided by the caller, nil: from the offer's action when the read ends).
    private func read(_ offer: DataOffer, type: String, into target: ElementID?, operation: DragOperation?, finishes: Bool? = nil) {
        let asked = MonotonicClock.seconds()
        offer.receive(type) { [weak self] result in
            guard let self else { return }
            let readMicros = Int(((MonotonicClock.seconds() - asked) * 1e6).rounded())
            switch result {
            case .success(let bytes):
                // finish only with a concrete action: the protocol forbids it with none or ask
                // (wlroots and mutter raise invalid_finish). A link ("ask") is shown and the
                // offer let go unfinished: the source hears cancelled and keeps its item.
                if finishes ?? (offer.action == .copy || offer.action == .move) { offer.finish() }
                self.session.showDrop(ExternalDrop.summary(mimeType: type, bytes: bytes), in: target)
                self.session.noteExternalDropRead(type: type, bytes: bytes.count, operation: operation)
                self.session.lastExternalDrop = ExternalDropResult(target: target, mimeType: type, operation: operation, outcome: .success(bytes.count),
                                                                   digest: ByteDigest.fnv1a(bytes), readMicros: readMicros)
            case .failure(let e):
                Diagnostics.warning("drop: \(e)")
                // Past the size limit: refused, said so with the limit; the offer is not
                // finished, so a move's source keeps its data (nothing half-applied).
                if case let .tooLarge(_, limit, _) = e {
                    self.session.showDrop("too large (\(TransferLimits.describe(bytes: limit)))", in: target)
                }
                self.session.noteExternalDropFailed(e.description)
                self.session.lastExternalDrop = ExternalDropResult(target: target, mimeType: type, operation: operation,
                                                                   outcome: .failure(ExternalDropFailure(e.description)))
            }
            self.session.externalDropCount += 1
            self.changed()
        }
    }

    /// ask is link (issue 18.2: "link maps to ask").
    static func operation(_ a: DragAction) -> DragOperation {
        switch a {
        case .copy: .copy
        case .move: .move
        case .ask: .link
        }
    }

    static func action(_ o: DragOperation) -> DragAction {
        switch o {
        case .copy: .copy
        case .move: .move
        case .link: .ask
        }
    }

    static func operations(_ actions: DragActions) -> Set<DragOperation> {
        Set(DragAction.allCases.filter { actions.contains($0.set) }.map(operation))
    }

    static func actions(_ operations: Set<DragOperation>) -> DragActions {
        DragActions(operations.map { action($0).set })
    }
}
