// The frame composer's planted faults (issue 20.4, issue 34.3): clear-box hooks with which the
// property tests show that a stale item would be caught. `package` access: the package's tests
// (and the soak's options) set them; no user of PixmanRenderer sees them.
import PointerEngine

extension FrameComposer {
    /// touchedSlots leaves out one reason an element may change (last frame's states and
    /// effects; the children of a revealing control; the content of a scroll container that
    /// moved), or a kept look is reused whatever the element's state, so items go stale (the
    /// property test must then fail).
    /// `listKeepsTouchedItems`: the list changed in place keeps last frame's items of the
    /// elements looked at again. `rebuildLeavesBuiltUnmarked`: a list built again (the pointer
    /// slipping under another element, E2) marks none of the elements' items, so a renderer
    /// following the marks keeps drawing their old values (the pixels must then differ).
    package enum TouchFault: Sendable {
        case none, ignoresPreviousFrame, ignoresRevealedChildren, ignoresContainerChanges, lookIgnoresState, listKeepsTouchedItems
        case rebuildLeavesBuiltUnmarked
    }
}
