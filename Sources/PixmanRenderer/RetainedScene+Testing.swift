// The retained scene's clear-box hooks (issue 20.4, 20.5): what is marked, and how many items
// a render looked at, so tests show that a write marks its item, that a render clears the
// marks, and that an unmarked item is not looked at again. `package` access: the package's
// tests see them; no user of PixmanRenderer does.
import PointerEngine

extension RetainedScene {
    /// The identities of the marked items, back to front.
    package var markedIDs: [ItemID] { items.indices.filter { marked[$0] }.map { items[$0].id } }
    /// Whether an item was inserted, removed or moved, or changed identity, since the last render.
    package var isReshaped: Bool { reshaped }
}

extension SceneRenderer {
    /// How many items the last render looked at (compared with their last drawn value, or
    /// measured): the marked ones, when the marks could be trusted.
    package var itemsExamined: Int { examinedItems }
}
