// Context menus in the engine (SPEC G9, G11, I6): a secondary click (right button, touchpad
// two-finger click or tap; with the Mac's conventions Control-click or Control-tap) or a touch
// long press opens the element's menu: its own entries, then the essential hover-only controls
// around it.

package struct ContextMenuInteraction: Interaction {
    package var name: String { "context menu" }
    var recognizer = ContextMenuRecognizer()
    package private(set) var menu: ContextMenuAppearance?
    var now = Timestamp(rawValue: 0)
    /// A finger on the open menu: it chooses the entry it lifts from, unless it scrolled.
    var touchOnMenu: TouchOnMenu?
    /// Titles of the entries the app has disabled for now: in every menu opened from an
    /// element's entries they are shown dimmed and cannot be chosen (`Engine.disableMenuEntries`).
    var disabledTitles: Set<String> = []
    /// The entries the open menu's presenter disabled (a drop's actions it cannot take).
    var presentedDisabled: Set<Int> = []

    struct TouchOnMenu: Hashable, Sendable {
        var id: TouchID
        var start: Point
        var last: Point
        var scrolled: Bool
    }

    /// Menu row height, points.
    package static let itemHeight = 28.0
    /// The narrowest menu, points.
    package static let minimumWidth = 160.0
    /// The size of the entries' text, points, and the space around it across a row (the row's
    /// inset, the text's leading and trailing margins), points: with
    /// `AccessoryTuning.averageAdvance` they give the menu's width before the renderer
    /// measures the text.
    package static let fontSize = 13.0
    package static let horizontalPadding = 40.0

    package init() {}

    static func width(of items: [String]) -> Double {
        max(minimumWidth, Double(items.map(\.count).max() ?? 0) * fontSize * AccessoryTuning.averageAdvance + horizontalPadding)
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
        present(ContextMenu.items(own: own, hidden: hidden).map(\.title), for: id, at: req.location, input: req.input, ctx)
    }

    static func indices(of titles: Set<String>, in items: [String]) -> Set<Int> {
        Set(items.indices.filter { titles.contains(items[$0]) })
    }

    /// Disables the entries titled `titles` from now on, in the open menu too (its highlight
    /// leaves a disabled entry).
    mutating func disable(_ titles: Set<String>) {
        disabledTitles = titles
        guard let m = menu else { return }
        menu!.disabled = presentedDisabled.union(Self.indices(of: titles, in: m.items))
        if let h = m.highlightedIndex, menu!.disabled.contains(h) { menu!.highlightedIndex = nil }
    }

    /// Opens a menu of `items` for `id` at `location` (the app's own menu: a drop's "ask"),
    /// the entries at `disabled` (and those titled as `disabledTitles`) dimmed and not choosable.
    mutating func present(_ items: [String], disabled: Set<Int> = [], for id: ElementID?, at location: Point, input: ContextMenuInput,
                          _ ctx: InteractionContext) {
        touchOnMenu = nil
        presentedDisabled = disabled
        guard !items.isEmpty else { menu = nil; return }
        let size = Size(Self.width(of: items), ContextMenuAppearance.contentHeight(items: items.count, itemHeight: Self.itemHeight))
        let window = Rect(x: 0, y: 0, width: ctx.layout.size.width, height: ctx.layout.size.height)
        let frame = ContextMenuPlacement.frame(anchor: location, size: size, window: window, input: input)
        let off = disabled.union(Self.indices(of: disabledTitles, in: items)).filter(items.indices.contains)
        menu = ContextMenuAppearance(element: id, frame: frame, items: items, disabled: off, highlightedIndex: nil,
                                     itemHeight: Self.itemHeight, opacity: 1)
    }

    /// Scrolls the open menu's entries by `dy` points (positive: toward the last entry).
    mutating func scroll(by dy: Double) {
        guard let m = menu else { return }
        menu!.scrollOffset = clamp(m.scrollOffset + dy, 0, m.maximumScrollOffset)
    }

    /// Moves the highlight with the keyboard (up, down, home, end) over the enabled entries,
    /// stepping past disabled ones, and scrolls it into view.
    mutating func highlight(_ key: String) {
        guard let m = menu else { return }
        let enabled = m.items.indices.filter { !m.disabled.contains($0) }
        guard let first = enabled.first, let last = enabled.last else { return }
        let i: Int
        switch (key, m.highlightedIndex) {
        case ("down", nil), ("home", _): i = first
        case ("up", nil), ("end", _): i = last
        case ("down", let h?): i = enabled.first { $0 > h } ?? last
        case ("up", let h?): i = enabled.last { $0 < h } ?? first
        default: return
        }
        menu!.highlightedIndex = i
        menu!.scrollOffset = menu!.scrollOffset(showing: i)
    }

    /// Chooses entry `i` (nil: none) and closes the menu. A disabled entry chooses nothing
    /// and the menu stays open, as in GTK and Qt.
    mutating func choose(_ i: Int?, _ ctx: inout InteractionContext) {
        if let m = menu, let i, m.disabled.contains(i) { return }
        if let m = menu, let i { ctx.emit(.menuItemChosen(element: m.element, index: i)) }
        menu = nil
        touchOnMenu = nil
    }

    package mutating func handle(_ event: InteractionEvent, context ctx: inout InteractionContext, now: Timestamp) -> InteractionResponse {
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
                choose(m.item(at: p), &ctx)
                return .handled // the click that closes a menu does nothing else
            }
            guard ctx.settings.conventions.isSecondaryClick(ctx.modifiers) else { return .ignored }
            request = recognizer.handle(.secondaryClick(p), now: now)
            return .handled
        case .pointerMoved(let p, _):
            if let m = menu { menu!.highlightedIndex = m.enabledItem(at: p) }
            return .ignored
        case .intent(.scroll(let d, _), let p, _) where menu != nil:
            // The open menu is modal: a scroll over it moves its entries, elsewhere nothing.
            if menu!.frame.contains(p) { scroll(by: d.dy) }
            return .handled
        case .key(let k, pressed: true) where menu != nil:
            switch KeyNames.name(of: k) {
            case "esc": choose(nil, &ctx)
            case "enter", "space": choose(menu!.highlightedIndex, &ctx)
            case let name?: highlight(name)
            case nil: break
            }
            return .handled
        case .touchDown(let id, let p, _):
            if let m = menu {
                guard m.frame.contains(p) else { choose(nil, &ctx); return .handled }
                // A finger on the menu chooses where it lifts, or scrolls the entries.
                touchOnMenu = TouchOnMenu(id: id, start: p, last: p, scrolled: false)
                menu!.highlightedIndex = m.enabledItem(at: p)
                return .handled
            }
            if ctx.settings.conventions.isSecondaryClick(ctx.modifiers) {
                request = recognizer.handle(.secondaryTouch(id: id, p), now: now)
                return recognizer.swallowsTouch ? .handled : .ignored // a second finger is no menu
            }
            request = recognizer.handle(.touchDown(id: id, p), now: now)
            return .ignored
        case .touchMoved(let id, let p, _) where touchOnMenu?.id == id:
            var t = touchOnMenu!
            if !t.scrolled, t.start.distance(to: p) > ContextMenuRecognizer.longPressSlop {
                t.scrolled = true
                menu?.highlightedIndex = nil
            }
            if t.scrolled { scroll(by: t.last.y - p.y) } // the entries follow the finger
            t.last = p
            touchOnMenu = t
            return .handled
        case .touchUp(let id, let p, _) where touchOnMenu?.id == id:
            let t = touchOnMenu!
            touchOnMenu = nil
            if !t.scrolled, let m = menu { choose(m.item(at: p), &ctx) }
            return .handled
        case .touchMoved(let id, let p, _):
            request = recognizer.handle(.touchMotion(id: id, p), now: now)
            // The finger that opened the menu slides onto an entry: it highlights (G11).
            if recognizer.state == .fired(id: id), let m = menu { menu!.highlightedIndex = m.enabledItem(at: p) }
            return recognizer.swallowsTouch ? .handled : .ignored
        case .touchUp(let id, let p, _):
            let swallow = recognizer.swallowsTouch
            let slid = recognizer.state == .fired(id: id) ? menu?.item(at: p) : nil
            request = recognizer.handle(.touchUp(id: id), now: now)
            // The long press's lift activates nothing, unless the finger slid onto an entry:
            // lifting there chooses it, as a tap would.
            if let slid { choose(slid, &ctx) }
            return swallow ? .handled : .ignored
        case .touchCancel, .deviceRemoved:
            touchOnMenu = nil
            request = recognizer.handle(.touchCancel, now: now)
            return .ignored
        case .pointerPressed, .pointerReleased, .scroll, .gesture, .key, .modifiersChanged, .pointerLeft, .pointerEntered, .intent:
            return .ignored
        }
    }

    package mutating func advance(to now: Timestamp, context ctx: inout InteractionContext) {
        self.now = now
        if let r = recognizer.advance(to: now) { open(r, ctx) }
    }

    package mutating func cancel(context ctx: inout InteractionContext, now: Timestamp) {
        _ = recognizer.handle(.touchCancel, now: now)
        menu = nil
        touchOnMenu = nil
    }

    package var isActive: Bool { false }
    /// With no menu open and no long press pending: secondary clicks, presses and touches. An
    /// open menu covers its frame and is modal: offered every event first (issue 30.5).
    package var interests: InteractionInterests {
        if menu != nil { return InteractionInterests.all.union(.covering) }
        if case .idle = recognizer.state { return [.intent, .pointerPressed, .touches, .deviceRemoved] }
        return .all
    }
    package var isAnimating: Bool {
        if case .touching = recognizer.state { return true }
        return false
    }

    /// The open menu is opaque to the pointer over all of its frame, disabled entries and
    /// inset included (issue 30.5; G9).
    package func covers(_ p: Point) -> Bool { menu?.frame.contains(p) ?? false }

    package func contribute(to frame: inout Frame, context: InteractionContext) {
        frame.contextMenu = menu
    }
}
