// A drag that leaves the window (issue 18.2, I2, G11): the app sees the drag in progress and,
// when the pointer or finger carries it past the surface's edge, takes it from the engine to
// hand it to the compositor (wl_data_device.start_drag). Taking it ends the engine's drag with
// no result (no drop, no fly-back, no click): the compositor's drag decides what happens, and
// the press that held it is forgotten, since its release goes to the compositor's grab.

/// A drag in progress in the engine, as the app sees it.
package struct DragInProgress: Sendable, Equatable {
    package var item: ElementID
    package var input: DragInput
    /// Where the item was picked up and where the pointer or finger is (surface pt, clamped).
    package var origin: Point
    package var location: Point
    /// The touch point that holds the drag (nil: the pointer).
    package var touch: TouchID?
    /// The operation a drop now would perform (the modifiers held, by the conventions).
    package var operation: DragOperation
}

extension DragInteraction {
    var inProgress: DragInProgress? {
        guard case .dragging(let item, let origin, let location, let input, _) = session.state else { return nil }
        return DragInProgress(item: item, input: input, origin: origin, location: location, touch: touch, operation: session.operation)
    }

    /// Ends the drag without a result: it goes on outside the engine.
    mutating func handOff() {
        session = DragSession(modifiers: session.modifiers, conventions: session.conventions, plainDrop: session.plainDrop)
        touch = nil
    }
}

extension Engine {
    /// The item being dragged now (past the threshold or lifted), nil when none.
    package var dragInProgress: DragInProgress? { live.pointee.dragInProgress }

    /// Takes the drag in progress from the engine (it went past the window's edge and the
    /// compositor carries it on): the engine's drag ends with no drop and no click, the press
    /// or touch that held it is released from the engine's bookkeeping, and nothing stays
    /// active. Returns what was being dragged, nil when nothing was.
    package mutating func handOffDrag() -> DragInProgress? { owned().pointee.handOffDrag() }
}

extension EngineCore {
    private var dragIndex: Int? { components.firstIndex { $0 is DragInteraction } }

    var dragInProgress: DragInProgress? {
        guard let i = dragIndex else { return nil }
        return (components[i] as? DragInteraction)?.inProgress
    }

    mutating func handOffDrag() -> DragInProgress? {
        guard let i = dragIndex, var drag = components[i] as? DragInteraction, let taken = drag.inProgress else { return nil }
        drag.handOff()
        components[i] = drag
        refreshInteractionCache(i)
        if captor == i { captor = nil }
        // (A press that began a drag was handled, so it marked nothing pressed in the scene.)
        if let t = taken.touch { input.touches[t] = nil } else { input.buttons[.left] = nil }
        if log != nil { transition("drag: \(taken.item) handed to the compositor") }
        updatePointer()
        return taken
    }
}

extension Engine {
    /// Opens the app's own menu of `items` for `element` at `point` (surface pt): a drop whose
    /// action is "ask" asks here (issue 18.3). The choice comes out as `menuItemChosen`
    /// (element, index) like any menu's; false when the engine runs no context menus.
    /// `disabled`: the entries' indices shown dimmed, skipped by the arrow keys and not
    /// choosable (a click on one leaves the menu open): a drop's actions it cannot take.
    @discardableResult
    public mutating func presentMenu(_ items: [String], disabled: Set<Int> = [], for element: ElementID?, at point: Point) -> Bool {
        owned().pointee.presentMenu(items, disabled: disabled, for: element, at: point)
    }

    /// Disables the entries titled `titles` in every menu from now on, the open one too (I6:
    /// a command with nothing to act on, as "Reopen Closed Tab" with no closed tab): they are
    /// drawn dimmed, skipped by the arrow keys, and a click on one leaves the menu open.
    public mutating func disableMenuEntries(_ titles: Set<String>) {
        withInteraction(ContextMenuInteraction.self) { menus, _, _ in menus.disable(titles) }
    }

    /// The menu open now, if any.
    public var openMenu: ContextMenuAppearance? { live.pointee.openMenu }
}

extension EngineCore {
    mutating func presentMenu(_ items: [String], disabled: Set<Int>, for element: ElementID?, at point: Point) -> Bool {
        guard let i = components.firstIndex(where: { $0 is ContextMenuInteraction }),
              var menus = components[i] as? ContextMenuInteraction else { return false }
        menus.present(items, disabled: disabled, for: element, at: point, input: .pointer, context(input: .pointer))
        components[i] = menus
        refreshInteractionCache(i)
        updatePointer() // a pointer resting where the menu opened hovers nothing behind it (issue 30.5)
        return true
    }

    var openMenu: ContextMenuAppearance? {
        components.lazy.compactMap { ($0 as? ContextMenuInteraction)?.menu }.first
    }
}
