// Context menus in the engine (SPEC G9, G11, I6): a secondary click (right button, touchpad
// two-finger click or tap; with the Mac's conventions Control-click or Control-tap) or a touch
// long press opens the element's menu: its own entries, then the essential hover-only controls
// around it.

public struct ContextMenuInteraction: Interaction {
    public var name: String { "context menu" }
    var recognizer = ContextMenuRecognizer()
    public private(set) var menu: ContextMenuAppearance?
    var now = Timestamp(rawValue: 0)

    /// Menu row height and the width estimate used to hit-test rows, points.
    public static let itemHeight = 28.0
    public static let minimumWidth = 160.0

    public init() {}

    func width(of items: [String]) -> Double {
        max(Self.minimumWidth, Double(items.map(\.count).max() ?? 0) * AccessoryTuning.annotationFontSize * AccessoryTuning.averageAdvance + 32)
    }

    func row(at p: Point) -> Int? {
        guard let m = menu else { return nil }
        let r = Rect(origin: m.origin, size: Size(width(of: m.items), Double(m.items.count) * m.itemHeight))
        guard r.contains(p) else { return nil }
        return Int((p.y - m.origin.y) / m.itemHeight)
    }

    mutating func open(_ req: ContextMenuRequest, _ ctx: InteractionContext) {
        let id = ctx.region(at: req.location) ?? ctx.element(at: req.location)
        var own: [ContextMenuItem<ElementID>] = []
        var hidden: [HiddenControl<ElementID>] = []
        var cur = id
        while let c = cur, let e = ctx.layout[c] {
            if own.isEmpty { own = e.traits.contextMenu.enumerated().map { ContextMenuItem(id: ElementID(Int32(-1 - $0.offset)), title: $0.element) } }
            if e.kind == .revealingControls, hidden.isEmpty {
                hidden = e.children.compactMap { k in
                    ctx.layout[k].flatMap { ke in ctx.surfaceFrame(of: k).map { HiddenControl(id: k, title: ke.label, frame: $0) } }
                }
            }
            cur = e.parent
        }
        let items = ContextMenu.items(own: own, hidden: hidden).map(\.title)
        guard !items.isEmpty else { menu = nil; return }
        menu = ContextMenuAppearance(element: id, origin: req.location, items: items, highlightedIndex: nil,
                                     itemHeight: Self.itemHeight, opacity: 1)
    }

    public mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
        guard wants(event) else { return .ignored } // not even the clock moves (InteractionInterests)
        self.now = now
        var request: ContextMenuRequest? = recognizer.advance(to: now)
        defer { if let r = request { open(r, ctx) } }
        switch event {
        case .intent(.secondaryClick(let p), _, _):
            request = recognizer.handle(.secondaryClick(p), now: now)
            return .handled
        case .pointerPressed(.left, let p, _, _):
            if let m = menu {
                if let i = row(at: p) { ctx.emit(.menuItemChosen(element: m.element, index: i)) }
                menu = nil
                return .handled // the click that closes a menu does nothing else
            }
            guard ctx.settings.conventions.isSecondaryClick(ctx.modifiers) else { return .ignored }
            request = recognizer.handle(.secondaryClick(p), now: now)
            return .handled
        case .pointerMoved(let p, _):
            if menu != nil { menu!.highlightedIndex = row(at: p) }
            return .ignored
        case .key(let k, pressed: true) where KeyNames.name(of: k) == "esc":
            guard menu != nil else { return .ignored }
            menu = nil
            return .handled
        case .touchDown(let id, let p, _):
            if let m = menu {
                if let i = row(at: p) { ctx.emit(.menuItemChosen(element: m.element, index: i)) }
                menu = nil
                return .handled
            }
            if ctx.settings.conventions.isSecondaryClick(ctx.modifiers) {
                request = recognizer.handle(.secondaryTouch(id: id, p), now: now)
                return recognizer.swallowsTouch ? .handled : .ignored // a second finger is no menu
            }
            request = recognizer.handle(.touchDown(id: id, p), now: now)
            return .ignored
        case .touchMoved(let id, let p, _):
            request = recognizer.handle(.touchMotion(id: id, p), now: now)
            return recognizer.swallowsTouch ? .handled : .ignored
        case .touchUp(let id, _, _):
            let swallow = recognizer.swallowsTouch
            request = recognizer.handle(.touchUp(id: id), now: now)
            return swallow ? .handled : .ignored // the long press's lift activates nothing
        case .touchCancel, .deviceRemoved:
            request = recognizer.handle(.touchCancel, now: now)
            return .ignored
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .modifiersChanged, .pointerLeft, .pointerEntered, .intent:
            return .ignored
        }
    }

    public mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        if let r = recognizer.advance(to: now) { open(r, ctx) }
    }

    public mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        _ = recognizer.handle(.touchCancel, now: now)
        menu = nil
    }

    public var isActive: Bool { false }
    /// With no menu open and no long press pending: secondary clicks, presses and touches.
    public var interests: InteractionInterests {
        if menu != nil { return .all }
        if case .idle = recognizer.state { return [.intent, .pointerPressed, .touches, .deviceRemoved] }
        return .all
    }
    public var isAnimating: Bool {
        if case .touching = recognizer.state { return true }
        return false
    }

    public func contribute(to frame: inout Frame, context: InteractionContext) {
        frame.contextMenu = menu
    }
}

/// The engine's standard interactions, in dispatch order: captures first (drag, scrubber,
/// band), then reveal (taps before activation), context menus, pages, zoom, scroll.
public enum StandardInteractions {
    public static func make() -> [any Interaction] {
        [DragInteraction(), ScrubberInteraction(), RevealInteraction(), ContextMenuInteraction(),
         BandSelectionInteraction(), PageInteraction(), ZoomInteraction(), ScrollInteraction()]
    }
}
