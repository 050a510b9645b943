// The display-list cache's planted faults (issue 20.4): clear-box hooks with which the property
// tests show that a stale item would be caught. `package` access: the package's tests (and
// the soak's options) set them; no user of Playground sees them.
import PointerEngine

extension DisplayListCache {
    /// touchedSlots leaves out one reason an element may change (last frame's states and
    /// effects; the children of a revealing control; the content of a scroll container that
    /// moved), or a kept look is reused whatever the element's state, so items go stale (the
    /// property test must then fail).
    /// `listKeepsTouchedItems`: the list changed in place keeps last frame's items of the
    /// elements looked at again.
    package enum TouchFault: Sendable {
        case none, ignoresPreviousFrame, ignoresRevealedChildren, ignoresContainerChanges, lookIgnoresState, listKeepsTouchedItems
    }

    /// A HUD key that leaves out a fact which changes on its own (the drawn pointer pulled by
    /// magnetism while the pointer rests; the momentum velocity decaying with time), so a HUD row
    /// goes stale (the cached == fresh checks must then fail).
    package enum HUDKeyFault: Sendable { case none, drawnPointer, momentumTime }

    /// What the upper sections and the pointer section show (with the test fault applied).
    func hudKeys(_ h: GestureHUD) -> (GestureHUD, GestureHUD.PointerSectionKey) {
        var head = h.gestureSectionsKey, pointer = h.pointerSectionKey
        switch hudKeyFault {
        case .none: break
        case .drawnPointer: pointer.drawn = pointer.pointer
        case .momentumTime: head.scrollVelocity = h.scrollVelocity
        }
        return (head, pointer)
    }
}
