// Drags out of the window (issue 18.2; I2, G11): what the session knows of a playground item
// the compositor carries to another application. The engine hands the drag over when it
// leaves the surface (`Engine.handOffDrag`); from then on the protocol's answers decide:
// - a finished move removes the item from its collection (and it stays removed when the
//   showcase is laid out again);
// - a finished copy (or link) keeps it;
// - a cancelled or refused drag returns it: its preview flies back from where it left the
//   window to its place, eased, `returnDuration` long.
// Nothing is applied before the end: until then the item stays where it was, shown as the
// drag's source. Pure: the Wayland side (lodestone's playground) feeds the answers in.
import InputProtocol
import PointerEngine
import PixmanRenderer

/// The item's data as sent to one reader.
public struct SentData: Sendable, Equatable {
    public var mimeType: String
    public var bytes: Int
    /// FNV-1a 64 of the bytes, hex: a reader's digest of what it read must equal it.
    public var digest: String
    public init(mimeType: String, bytes: [UInt8]) {
        self.mimeType = mimeType
        self.bytes = bytes.count
        digest = ByteDigest.fnv1a(bytes)
    }
}

/// A drag of one of the window's items that the compositor carries.
public struct OutgoingDrag: Sendable, Equatable {
    public enum Phase: String, Sendable {
        /// Over the desktop or another window.
        case dragging
        /// Dropped (dnd_drop_performed): the destination is reading.
        case dropped
        /// The destination finished: the negotiated action happened.
        case finished
        /// Refused or cancelled: nothing happened.
        case cancelled
        /// Dropped, then neither finished nor cancelled within `unansweredTimeout`: Lodestone
        /// let go of it, and nothing happened here (issue 30.1: a destination that never
        /// finishes).
        case unanswered
    }
    public var item: ElementID
    public var input: DragInput
    public var mimeTypes: [String]
    /// What the source offers (ask is link).
    public var sourceOperations: Set<DragOperation>
    /// The type the destination under the drag would take (wl_data_source.target), nil: none.
    public var acceptedType: String?
    /// The compositor's choice (wl_data_source.action), nil: none.
    public var negotiated: DragOperation?
    /// When `negotiated` last changed.
    public var negotiatedAt: Timestamp?
    public var phase: Phase
    public var sent: [SentData] = []
    /// Where the item was and where the drag left the window (surface pt).
    public var itemFrame: Rect
    public var exit: Point
    /// The pointer's offset in the item when it left (the preview flies back from there).
    public var grab: Vector
    /// It was dropped back into this window (a drop target of ours read it): the same as a
    /// drag that never left, so a move keeps the item (I2: one result inside and between
    /// windows; the drop itself is what the target shows).
    public var droppedHome = false
    /// The compositor said the user dropped (dnd_drop_performed) before the end.
    public var dropPerformed = false
    /// The compositor kept this touch drag in the window it began in, giving it positions
    /// that belong to whatever surface is under the finger (sway 1.7: wlr_drag moves a touch
    /// point's focus only when the compositor asks, and sway 1.7 never does; issue 30.4). From
    /// then on the window takes nothing from it: its own targets are not where those positions
    /// say. Seen as a jump no finger makes between two motions.
    public var uncarried = false

    /// What became of the drag, in words for the HUD and the state (issue 30.1): where the
    /// item is and why. Nil while it goes on.
    public var result: String? {
        switch phase {
        case .dragging, .dropped:
            return nil
        case .finished:
            if droppedHome { return "dropped here: the item stays" }
            return switch negotiated {
            case .move?: "moved: the destination finished"
            case .copy?: "copied: the destination finished"
            case .link?: "linked: the destination finished"
            case nil: "finished with no action: the item stays"
            }
        case .cancelled:
            if isLinkByAsk { return "linked: the destination read it and chose at its menu" }
            if uncarried { return "the compositor kept the touch drag in this window: it came back" }
            if !dropPerformed { return acceptedType == nil ? "refused: no type taken, the item came back" : "cancelled: the item came back" }
            if let read = sent.last {
                return "read \(read.mimeType) (\(read.bytes) B), then cancelled: the item stays"
            }
            return "dropped, nothing read, cancelled: the item came back"
        case .unanswered:
            let what = sent.last.map { "read \($0.mimeType) (\($0.bytes) B), " } ?? ""
            return what + "no finish in \(Int(PlaygroundSession.unansweredTimeout)) s: the item stays"
        }
    }

    /// An "ask" drop the destination resolved at its menu as a link (issue 30.5): Wayland has
    /// no link action, so the destination reads the data and ends the drag without finishing
    /// it, and the compositor tells the source "cancelled". Read, negotiated ask (link), then
    /// cancelled: a link that worked, not a failed drag.
    public var isLinkByAsk: Bool { phase == .cancelled && dropPerformed && negotiated == .link && !sent.isEmpty }

    public init(item: ElementID, input: DragInput, mimeTypes: [String], sourceOperations: Set<DragOperation>,
                itemFrame: Rect, exit: Point, grab: Vector) {
        self.item = item; self.input = input; self.mimeTypes = mimeTypes; self.sourceOperations = sourceOperations
        self.itemFrame = itemFrame; self.exit = exit; self.grab = grab; phase = .dragging
    }
}

/// A refused or cancelled item on its way back.
struct ReturnFlight: Sendable {
    var item: ElementID
    var from: Rect
    var to: Rect
    var start: Timestamp
}

public enum ByteDigest {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a 64 of `bytes`, 16 hex digits.
    public static func fnv1a<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
        var h = offsetBasis
        for b in bytes { h = (h ^ UInt64(b)) &* prime }
        return hex(h)
    }

    /// The same for an array, over its storage: no iterator nor generic dispatch per byte, so
    /// a 1 MB drop is digested in a few milliseconds even in a debug build (issue 18's bench:
    /// a dropped 1 MB text shown within 50 ms).
    public static func fnv1a(_ bytes: [UInt8]) -> String {
        hex(bytes.withUnsafeBufferPointer { fnv1a(raw: $0) })
    }

    static func fnv1a(raw buf: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h = offsetBasis
        guard let p = buf.baseAddress else { return h }
        let prime = Self.prime // a local: no global's accessor per byte
        var i = 0
        let n = buf.count
        while i < n {
            h = (h ^ UInt64(p[i])) &* prime
            i &+= 1
        }
        return h
    }

    static func hex(_ h: UInt64) -> String {
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension PlaygroundSession {
    /// How long a refused or cancelled item takes to fly back (s).
    public static let returnDuration = 0.3
    /// How long after the drop the destination may take to finish or cancel before Lodestone
    /// lets go of the drag (s): a destination reads a dropped item within a second (GTK gives
    /// up on a silent source after a few); an ask menu waits for the user, which takes longer,
    /// so that case waits `unansweredAskTimeout`.
    public static let unansweredTimeout = 10.0
    /// The same for a drop the destination asks about (its menu open): a person reading it.
    public static let unansweredAskTimeout = 120.0

    /// The engine's drag leaves the window: the session holds it from now on. Nil when the
    /// engine had none (or the item is gone).
    public func beginDragOut(mimeTypes: [String], operations: Set<DragOperation>, exit: Point) -> OutgoingDrag? {
        guard outgoingDrag == nil, let held = engine.dragInProgress,
              let frame = engine.surfaceFrame(of: held.item) else { return nil }
        guard takeDragFromEngine() != nil else { return nil }
        // The preview sits where the pointer holds it: the press's offset in the item.
        let d = OutgoingDrag(item: held.item, input: held.input, mimeTypes: mimeTypes, sourceOperations: operations,
                             itemFrame: frame, exit: exit, grab: held.origin - Point(frame.minX, frame.minY))
        outgoingDrag = d
        lastOwnDragPosition = nil
        returning = nil
        // The compositor holds a finger that carries a drag: its touch-up never comes here
        // (sway 1.7's drag grab keeps it). The engine let go of it: the HUD takes the engine's count.
        hud.touches = engine.touchCount
        return d
    }

    /// The protocol's answer while the drag goes on.
    public func dragOut(target type: String?) { outgoingDrag?.acceptedType = type }

    public func dragOut(action: DragOperation?, at time: Timestamp) {
        guard outgoingDrag != nil, outgoingDrag?.negotiated != action else { return }
        outgoingDrag?.negotiated = action
        outgoingDrag?.negotiatedAt = time
    }

    public func dragOutDropped() {
        outgoingDrag?.phase = .dropped
        outgoingDrag?.dropPerformed = true
    }

    /// How far another application's (or our own) drag may move between two data-device
    /// motions before the positions are taken for another surface's, × the window's longer
    /// side: a finger at 2 m/s moves 17 pt between two 120 Hz touch frames; sway 1.7's jump
    /// from one window's edge into the next is the window's width.
    public static let uncarriedJump = 0.3

    /// The data device's motion of the drag over the window. A touch drag of ours whose
    /// position jumps farther than a finger moves is one the compositor kept here with
    /// another surface's positions (issue 30.4): it is marked uncarried and refused.
    public func externalDragMoved(to p: Point) {
        guard var d = externalDrag else { return }
        noteOwnTouchDrag(at: p, from: d.position)
        d.position = p
        externalDrag = d
    }

    /// A drag entered the window (wl_data_device.enter). Where the compositor keeps a touch
    /// drag's focus here (wlroots), it may leave and enter again at the other surface's
    /// positions: an entry far from where the drag was last seen (or left the window) is that.
    public func externalDragEntered(_ drag: ExternalDrag) {
        if compositorIgnoresKeysMidDrag, let out = outgoingDrag {
            noteOwnTouchDrag(at: drag.position, from: lastOwnDragPosition ?? out.exit)
        }
        externalDrag = drag
    }

    /// Marks our touch drag uncarried when it moved from `from` to `p` farther than a finger
    /// moves (uncarriedJump), and remembers where it was seen.
    private func noteOwnTouchDrag(at p: Point, from: Point) {
        guard let out = outgoingDrag, out.input == .touch else { return }
        let size = engine.layout.size
        if !out.uncarried, p.distance(to: from) > Self.uncarriedJump * max(size.width, size.height) {
            outgoingDrag?.uncarried = true
        }
        lastOwnDragPosition = p
    }

    /// A drop target of this window took our own drag.
    public func dragOutDroppedHome() { outgoingDrag?.droppedHome = true }

    public func dragOut(sent: SentData) { outgoingDrag?.sent.append(sent) }

    /// The drag ended: `finished` (dnd_finished) applies the negotiated action; otherwise
    /// (cancelled, refused, unanswered) the item flies back — unless the destination took it
    /// (it read it): then it stays where it is, as the HUD says. Returns the ended drag.
    @discardableResult
    public func endDragOut(finished: Bool) -> OutgoingDrag? {
        endDragOut(finished ? .finished : .cancelled)
    }

    /// The same with the phase it ends in (.finished, .cancelled or .unanswered).
    @discardableResult
    public func endDragOut(_ phase: OutgoingDrag.Phase) -> OutgoingDrag? {
        guard var d = outgoingDrag else { return nil }
        outgoingDrag = nil
        d.phase = phase == .finished || phase == .unanswered ? phase : .cancelled
        lastOutgoingDrag = d
        hud.external?.result = d.result
        if d.phase == .finished {
            if d.negotiated == .move, !d.droppedHome { removeItem(d.item) }
        } else if d.isLinkByAsk || (d.dropPerformed && !d.sent.isEmpty) {
            // Taken by the destination (read), not applied here: nothing to fly back from.
        } else {
            let from = Rect(x: d.exit.x - d.grab.dx, y: d.exit.y - d.grab.dy, width: d.itemFrame.width, height: d.itemFrame.height)
            returning = ReturnFlight(item: d.item, from: from, to: d.itemFrame, start: engine.now)
        }
        return d
    }

    /// Shows a drag out in the frame: the item as the drag's source while the compositor
    /// carries it, its preview flying back after a refusal. `layout` is the engine's (read in
    /// place by the caller: the session's `layout` would access the engine a second time).
    func decorateDragOut(_ frame: inout Frame, layout: borrowing Layout, color: Color, surfaceFrame: (ElementID) -> Rect?) {
        decorateExternalDrag(&frame, layout: layout, color: color, surfaceFrame: surfaceFrame)
        var source: ElementID?
        if let d = outgoingDrag { source = d.item }
        if let r = returning {
            let t = min(1, max(0, frame.time.seconds(since: r.start) / Self.returnDuration))
            if t >= 1 {
                returning = nil
            } else {
                let e = 1 - (1 - t) * (1 - t) * (1 - t) // ease out
                let rect = Rect(x: r.from.minX + (r.to.minX - r.from.minX) * e, y: r.from.minY + (r.to.minY - r.from.minY) * e,
                                width: r.to.width, height: r.to.height)
                frame.drag = DragAppearance(items: [r.item], previewRect: rect, cornerRadius: layout[r.item]?.cornerRadius ?? 0,
                                            opacity: 0.9, operation: nil, input: .pointer)
                frame.isAnimating = true
                source = r.item
            }
        }
        guard let item = source else { return }
        if let i = frame.elementStates.firstIndex(where: { $0.element == item }) {
            frame.elementStates[i].isDragSource = true
        } else {
            let at = frame.elementStates.firstIndex { $0.element > item } ?? frame.elementStates.endIndex
            frame.elementStates.insert(ElementState(element: item, isDragSource: true), at: at)
        }
    }
}

extension PlaygroundSession {
    /// The glyph for another application's drag over the window (issue 18.3, 18.4): what
    /// wl_data_offer.action says, never the keys held here — plus for copy, the link glyph for
    /// ask, none for move; circle-slash over a target that takes no type or none of the
    /// source's actions, or when the compositor chose none. Nil outside every target.
    public static func externalAccessory(_ d: ExternalDrag) -> AccessoryGlyph? {
        guard d.answer.target != nil else { return nil }
        guard d.answer.mimeType != nil, !d.answer.operations.isEmpty, let action = d.negotiated else { return .circleSlash }
        return switch action {
        case .copy: .plus
        case .link: .link
        case .move: nil
        }
    }

    /// Another application's drag over the window: the target under it highlighted (accepting
    /// with the negotiated action, or refusing) and the accessory beside the drag's point.
    func decorateExternalDrag(_ frame: inout Frame, layout: borrowing Layout, color: Color, surfaceFrame: (ElementID) -> Rect?) {
        guard let d = externalDrag else { return }
        let glyph = Self.externalAccessory(d)
        if let t = d.answer.target, let f = surfaceFrame(t) {
            let refusing = glyph == .circleSlash
            frame.dropTargets.append(DropTargetAppearance(element: t, frame: f, cornerRadius: layout[t]?.cornerRadius ?? 0,
                                                          state: refusing ? .refusing : .accepting,
                                                          operation: refusing ? nil : d.negotiated, opacity: 1))
        }
        if let glyph {
            let size = PointerTuning.badgeSize
            frame.accessories.append(AccessoryAppearance(glyph: glyph, center: Point(d.position.x + size, d.position.y - size),
                                                         angle: 0, size: size, opacity: 1, scale: 1, color: color))
        }
    }
}

extension Layout {
    /// This layout without `ids` and their descendants.
    public func removing(_ ids: Set<ElementID>) -> Layout {
        guard !ids.isEmpty else { return self }
        var out = Layout(size: size)
        var gone = ids
        for e in elements {
            if gone.contains(e.id) { continue }
            if let p = e.parent, gone.contains(p) { gone.insert(e.id); continue }
            try? out.add(e, parent: e.parent)
        }
        return out
    }
}

extension PlaygroundSession {
    /// Room around the item in its drag icon for the badge and the shadow (pt).
    public static let dragIconMargin = 12.0

    /// The drag icon's drawing (issue 18.2): `item` as it looks in the window, with the badge
    /// of the negotiated action at its top right — plus for copy, the link glyph for ask,
    /// circle-slash for none (nothing matches, or the destination refuses), none for move
    /// (A1, A2: as the pointer's accessory in the window). Points, origin at the icon's top
    /// left; nil for an item not in the layout.
    public func dragIcon(item: ElementID, action: DragOperation?, refused: Bool, measure: @escaping TextMeasure)
        -> (size: Size, itemOrigin: Point, ops: [DrawOp])? {
        guard let e = layout[item] else { return nil }
        let m = Self.dragIconMargin
        let r = Rect(x: m, y: m, width: e.frame.width, height: e.frame.height)
        let ink = Ink(measure: measure)
        var ops: [DrawOp]
        if isShowcase {
            let content = ShowcaseContent(state: state, facts: ContentFacts(lastFrame ?? engine.describe()), ink: ink,
                                          layout: layout, conventions: engine.settings.conventions)
            ops = content.ops(e, in: r, state: nil) ?? ElementLook.generic(e, in: r, state: nil, ink: ink)
        } else {
            ops = ElementLook.generic(e, in: r, state: nil, ink: ink)
        }
        ops.insert(.shadow(.roundedRect(cornerRadius: e.cornerRadius), r, blur: 6, offset: Vector(0, 3), Paint.black.withAlpha(0.3)), at: 0)
        let glyph: Painter.AccessoryGlyph? = refused || action == nil ? .circleSlash : action == .copy ? .plus : action == .link ? .link : nil
        if let glyph { ops += Painter.accessory(glyph, at: Point(r.maxX, r.minY), angle: 0, scale: 1) }
        return (Size(width: r.maxX + m, height: r.maxY + m), Point(m, m), ops)
    }
}

extension PlaygroundSession {
    /// The HUD's facts of the drag between applications now (ours out, or another's in).
    func externalDragFacts(keysReached: Bool) -> ExternalDragFacts? {
        func names(_ ops: Set<DragOperation>) -> [String] { DragOperation.allCases.filter(ops.contains).map(\.rawValue) }
        if let d = outgoingDrag {
            var f = ExternalDragFacts(mimeTypes: d.mimeTypes, sourceActions: names(d.sourceOperations), negotiated: d.negotiated?.rawValue,
                                      changedAt: d.negotiatedAt.map { Double($0.rawValue) / 1e6 }, input: d.input.rawValue, keysReached: keysReached)
            f.outgoing = true
            f.accepted = d.acceptedType
            f.keysNote = compositorIgnoresKeysMidDrag ? Self.keysIgnoredMidDrag : nil
            return f
        }
        if let d = externalDrag {
            // Another application's drag: by the finger when one is down here (sway 1.7 keeps a
            // touch drag's focus on the window it began in), else by the seat's pointer, a
            // trackpad once the seat has shown one.
            let input: InputKind = hud.touches > 0 ? .touch : hud.lastInput == .trackpad ? .trackpad : .pointer
            var f = ExternalDragFacts(mimeTypes: d.mimeTypes, sourceActions: names(d.sourceOperations), negotiated: d.negotiated?.rawValue,
                                      changedAt: d.negotiatedAt.map { Double($0.rawValue) / 1e6 }, input: input.rawValue, keysReached: keysReached)
            f.preferred = d.answer.preferred?.rawValue
            f.accepted = d.answer.mimeType
            return f
        }
        return nil
    }

    /// The compositor passes no key to anyone once it carries a drag (wlroots: sway, labwc,
    /// cage; issue 30.6): set by the Wayland side from the globals it sees.
    public static let keysIgnoredMidDrag = "hold them before the drag: this compositor ignores keys mid-drag"

    /// Another application's drop read here: the HUD's Drag section says what was taken.
    public func noteExternalDropRead(type: String, bytes: Int, operation: DragOperation?) {
        hud.external?.accepted = type
        hud.external?.result = "\(operation.map { "\($0.rawValue) · " } ?? "")read \(bytes) B"
    }

    /// Another application's drop not taken (too large, timed out, …): the HUD says so
    /// instead of the negotiated action (issue 30.8).
    public func noteExternalDropFailed(_ reason: String) {
        hud.external?.negotiated = nil
        hud.external?.result = "refused: " + reason
    }

    /// Keeps the HUD's Drag section on the drag between applications while one goes on (and
    /// after it, until a drag inside the window starts); notes a key change reaching us then.
    /// Called after the HUD took `event`, so the keys held before it are `externalKeysAtStart`,
    /// noted when the drag was first seen (on a frame, or an event that is no key change).
    func noteExternalDrag(_ event: InputEvent?) {
        let active = outgoingDrag != nil || externalDrag != nil
        if active, let start = externalKeysAtStart, let event, case .modifiers(let m) = event.kind, m.effective != start {
            externalKeysReached = true
        }
        if active {
            if externalKeysAtStart == nil { externalKeysAtStart = hud.modifiers }
            hud.external = externalDragFacts(keysReached: externalKeysReached)
            // The pointer rows follow another application's drag over the window: wl_pointer
            // left when the drag began, the data device's motion is where the pointer is.
            if let d = externalDrag { hud.pointer = d.position; hud.drawn = d.position }
        } else {
            externalKeysReached = false
            externalKeysAtStart = nil
            if hud.liveDrag != nil { hud.external = nil }
        }
    }
}
