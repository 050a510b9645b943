// Drag and drop with modifier keys (SPEC I2, G11): the operation follows the modifiers held AT
// DROP TIME, read by the `Conventions` (desktop: Ctrl = copy, Ctrl+Shift = link; Mac: Option =
// copy, Option+Command = link; otherwise move), the pointer shows the matching accessory (plus,
// link, circle-slash over a refusing target), and the result is the same whether the drag was
// made with the pointer, the trackpad or touch.
import InputProtocol

/// What a drop does with the dragged items (I2): the modifiers and the target decide.
public enum DragOperation: String, Sendable, Hashable, CaseIterable {
    /// Move the items, copy them, or link to them.
    case move, copy, link
}

/// What drives the drag. Only thresholds differ; results never do (G11).
public enum DragInput: String, Sendable, Hashable, CaseIterable {
    /// The input that drives a drag: a mouse, a trackpad or a touch screen (I2: the same rules for each).
    case pointer, trackpad, touch

    /// Motion needed before a press becomes a drag: fingers on glass wobble more.
    public var dragThreshold: Double { // pt
        switch self {
        case .pointer, .trackpad: 4
        case .touch: 10
        }
    }
}

/// The glyph the pointer carries during a drag (A1/A2); the engine maps it to its accessory.
public enum DragAccessory: String, Sendable, Hashable {
    /// The badge beside a dragged item: none (move), plus (copy), link, or circle-slash (refused).
    case none, plus, link, circleSlash
}

/// A place that can receive a drop and the operations it accepts.
package struct DropTarget<ID: Hashable & Sendable>: Sendable, Hashable {
    package var id: ID
    package var accepts: Set<DragOperation>
    package init(id: ID, accepts: Set<DragOperation> = Set(DragOperation.allCases)) { self.id = id; self.accepts = accepts }
}

package struct DragResult<ItemID: Hashable & Sendable, TargetID: Hashable & Sendable>: Sendable, Hashable {
    package enum Outcome: String, Sendable, Hashable {
        /// The target took the item with `operation`.
        case dropped
        /// The target refused `operation`: the item flies back.
        case refused
        /// Dropped on nothing, or cancelled: the item flies back.
        case cancelled
    }
    package var item: ItemID
    package var target: TargetID?
    package var operation: DragOperation
    package var outcome: Outcome
    package var input: DragInput
}

/// One drag at a time.
///
/// ```mermaid
/// stateDiagram-v2
///     [*] --> idle
///     idle --> pressed: press(item)
///     pressed --> dragging: move ≥ input.dragThreshold · lift (a touch's long press, G11)
///     pressed --> idle: release (a click) / cancel
///     dragging --> dragging: move(target) / modifiers
///     dragging --> idle: release → dropped · refused · cancelled (no target) / cancel → cancelled
/// ```
package struct DragSession<ItemID: Hashable & Sendable, TargetID: Hashable & Sendable>: Sendable {
    package enum Event: Sendable {
        case press(item: ItemID, at: Point, input: DragInput)
        /// The pointer/touch moved; `target` is the drop target under it (the caller hit-tests).
        case move(to: Point, target: DropTarget<TargetID>?)
        case modifiers(Modifiers)
        /// A long press was recognised (touch, G11): the item lifts where it is, before moving.
        case lift(target: DropTarget<TargetID>?)
        case release
        case cancel
    }
    package enum State: Sendable, Equatable {
        case idle
        case pressed(item: ItemID, origin: Point, input: DragInput)
        case dragging(item: ItemID, origin: Point, location: Point, input: DragInput, target: DropTarget<TargetID>?)
    }

    package private(set) var state: State = .idle
    /// The modifiers held now (kept up to date in every state, so a drag that starts with the
    /// copy key already held shows the plus at once).
    package private(set) var modifiers: Modifiers
    /// What the modifiers mean.
    package let conventions: Conventions
    /// What a drop with no drop key held asks for (issue 18.3: move, or ask shown as link, as a
    /// drop from another application with the same setting: I2).
    package let plainDrop: PlainDrop

    package init(modifiers: Modifiers = [], conventions: Conventions, plainDrop: PlainDrop = .move) {
        self.modifiers = modifiers; self.conventions = conventions; self.plainDrop = plainDrop
    }

    package var isDragging: Bool { if case .dragging = state { true } else { false } }
    package var isActive: Bool { state != .idle }
    /// The operation a drop now would perform.
    package var operation: DragOperation { conventions.dropOperation(for: modifiers, plain: plainDrop) }

    /// The accessory to show now: circle-slash over a target that refuses the operation, else
    /// plus for copy, link for link, nothing for move (and nothing before the drag starts).
    package var accessory: DragAccessory {
        guard case .dragging(_, _, _, _, let target) = state else { return .none }
        if let target, !target.accepts.contains(operation) { return .circleSlash }
        return switch operation {
        case .move: .none
        case .copy: .plus
        case .link: .link
        }
    }

    /// The layout moved the item by `shift` while it is held (a window resize, issue 30.3): the
    /// point where it was grabbed moves with it, so the item stays under the pointer, and
    /// `target` is the drop target under the pointer now.
    package mutating func relocate(itemMovedBy shift: Vector, target: DropTarget<TargetID>?) {
        switch state {
        case .idle: break
        case .pressed(let item, let origin, let input):
            state = .pressed(item: item, origin: origin + shift, input: input)
        case .dragging(let item, let origin, let location, let input, _):
            state = .dragging(item: item, origin: origin + shift, location: location, input: input, target: target)
        }
    }

    /// Returns the result when a drag ends (release or cancel after it started).
    @discardableResult
    package mutating func handle(_ event: Event, now: Timestamp) -> DragResult<ItemID, TargetID>? {
        switch (state, event) {
        case (.idle, .press(let item, let at, let input)):
            state = .pressed(item: item, origin: at, input: input)
        case (.pressed(let item, let origin, let input), .move(let p, let target)):
            if origin.distance(to: p) >= input.dragThreshold {
                state = .dragging(item: item, origin: origin, location: p, input: input, target: target)
            }
        case (.pressed(let item, let origin, let input), .lift(let target)):
            state = .dragging(item: item, origin: origin, location: origin, input: input, target: target)
        case (.dragging(let item, let origin, _, let input, _), .move(let p, let target)):
            state = .dragging(item: item, origin: origin, location: p, input: input, target: target)
        case (.idle, .modifiers(let m)), (.pressed, .modifiers(let m)), (.dragging, .modifiers(let m)):
            modifiers = m
        case (.pressed, .release), (.pressed, .cancel):
            state = .idle // a click, not a drag
        case (.dragging(let item, _, _, let input, let target), .release):
            state = .idle
            let op = operation // modifiers at drop time
            guard let target else { return DragResult(item: item, target: nil, operation: op, outcome: .cancelled, input: input) }
            return DragResult(item: item, target: target.id, operation: op,
                              outcome: target.accepts.contains(op) ? .dropped : .refused, input: input)
        case (.dragging(let item, _, _, let input, _), .cancel):
            state = .idle
            return DragResult(item: item, target: nil, operation: operation, outcome: .cancelled, input: input)
        case (.idle, .move), (.idle, .release), (.idle, .cancel), (.pressed, .press), (.dragging, .press), (.idle, .lift), (.dragging, .lift):
            break // nothing to move or end, or a second press (another finger): ignored
        }
        return nil
    }
}
