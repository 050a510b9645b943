// The seam between the engine core and the interaction components (scroll physics, zoom,
// page swipes, band selection, drags, scrubber, revealing controls, context menus).
//
// The engine resolves raw input (devices, hit testing, pointer position)
// into `InteractionEvent`s and offers each to its interactions in order. An interaction is a
// value type; it reads and writes the shared `SceneState` through the context, asks the pointer
// for accessories/annotations through `pointerRequest`, and draws its parts of the frame in
// `contribute(to:context:)`. Time is a parameter; nothing reads a clock.

/// An input event after the engine resolved it: positions in surface points, the element hit.
package enum InteractionEvent: Equatable, Sendable, CustomStringConvertible {
    /// The logical pointer moved (relative or absolute motion), surface points.
    case pointerMoved(to: Point, delta: Vector)
    /// `clickCount` counts presses of the same button within the double-click time and slop.
    case pointerPressed(PointerButton, at: Point, hit: ElementID?, clickCount: Int)
    case pointerReleased(PointerButton, at: Point, hit: ElementID?)
    /// Scroll on one axis: `delta` in points, scroll speed applied (the direction is the stream's)
    /// (positive = content moves to show more toward the bottom/right). `target` is the
    /// innermost scroll container under the pointer that scrolls on that axis.
    case scroll(source: ScrollSource, axis: ScrollAxis, delta: Double, value120: Int32?, stop: Bool, at: Point, target: ElementID?)
    /// A touchpad gesture at the pointer's position, with the scroll container under it.
    case gesture(GestureEvent, at: Point, target: ElementID?)
    case touchDown(TouchID, at: Point, hit: ElementID?)
    case touchMoved(TouchID, at: Point, hit: ElementID?)
    case touchUp(TouchID, at: Point, hit: ElementID?)
    /// Every touch is cancelled.
    case touchCancel
    /// A key other than a modifier (navigation keys keep their identity, SPEC T3).
    case key(KeyCode, pressed: Bool)
    case modifiersChanged(Modifiers)
    /// A device went away: anything it was doing is cancelled (G7).
    case deviceRemoved(DeviceID, capabilities: DeviceCapabilities)
    /// The surface lost pointer focus.
    case pointerLeft
    /// The surface got pointer focus at a position.
    case pointerEntered(at: Point)
    /// What the `GestureInterpreter` made of the raw input (scroll with its speed and
    /// detents applied, scroll end, momentum stop, zoom, smart zoom, swipes, page swipes,
    /// reserved gestures, secondary clicks), at the pointer, with the innermost scroll container
    /// under it.
    case intent(GestureIntent, at: Point, target: ElementID?)

    package var description: String {
        switch self {
        case .pointerMoved(let p, _): "move \(p)"
        case .pointerPressed(let b, let p, let h, let n): "press \(b)×\(n) \(p) hit \(h.map(\.description) ?? "-")"
        case .pointerReleased(let b, let p, let h): "release \(b) \(p) hit \(h.map(\.description) ?? "-")"
        case .scroll(let s, let a, let d, _, let stop, _, let t): "scroll \(s) \(a) \(d)\(stop ? " stop" : "") → \(t.map(\.description) ?? "-")"
        case .gesture(let g, _, let t): "\(g.fingers)fg \(g.kind) \(g.phase)\(g.cancelled ? " cancelled" : "") → \(t.map(\.description) ?? "-")"
        case .touchDown(let id, let p, _): "touch \(id) down \(p)"
        case .touchMoved(let id, let p, _): "touch \(id) move \(p)"
        case .touchUp(let id, let p, _): "touch \(id) up \(p)"
        case .touchCancel: "touch cancel"
        case .key(let k, let d): "key \(k) \(d ? "down" : "up")"
        case .modifiersChanged(let m): "modifiers \(m.names)"
        case .deviceRemoved(let d, _): "\(d) removed"
        case .pointerLeft: "pointer left"
        case .pointerEntered(let p): "pointer entered \(p)"
        case .intent(let i, _, let t): "intent \(i) → \(t.map(\.description) ?? "-")"
        }
    }
}

extension InteractionEvent {
    /// The interest an interaction must declare to be offered this event.
    @inlinable package var interest: InteractionInterests {
        switch self {
        case .pointerMoved: .pointerMoved
        case .pointerPressed: .pointerPressed
        case .pointerReleased: .pointerReleased
        case .scroll: .scroll
        case .gesture: .gesture
        case .touchDown: .touchDown
        case .touchMoved: .touchMoved
        case .touchUp: .touchUp
        case .touchCancel: .touchCancel
        case .key: .key
        case .modifiersChanged: .modifiersChanged
        case .deviceRemoved: .deviceRemoved
        case .pointerLeft: .pointerLeft
        case .pointerEntered: .pointerEntered
        case .intent: .intent
        }
    }
}

/// Which events an interaction wants offered right now, and whether it may have a pointer
/// request (issue 5 item 8: an idle interaction costs nothing per pointer motion).
///
/// Contract: the engine offers an event only to interactions whose `interests` contain the
/// event's `interest`, and calls `pointerRequest` only on those with `.pointerRequest`. Leaving
/// a kind out must change nothing: `handle` would have returned `.ignored` without changing
/// state, `pointerRequest` would have returned nil. The engine reads `interests`, `isActive`
/// and `isAnimating` after every mutating call (`handle`, `advance`, `cancel`), so they may
/// change only inside those calls. The default is `.all`.
package struct InteractionInterests: OptionSet, Hashable, Sendable {
    package let rawValue: UInt32
    @inlinable package init(rawValue: UInt32) { self.rawValue = rawValue }
    package static let pointerMoved = Self(rawValue: 1 << 0)
    package static let pointerPressed = Self(rawValue: 1 << 1)
    package static let pointerReleased = Self(rawValue: 1 << 2)
    package static let scroll = Self(rawValue: 1 << 3)
    package static let gesture = Self(rawValue: 1 << 4)
    package static let touchDown = Self(rawValue: 1 << 5)
    package static let touchMoved = Self(rawValue: 1 << 6)
    package static let touchUp = Self(rawValue: 1 << 7)
    package static let touchCancel = Self(rawValue: 1 << 8)
    package static let key = Self(rawValue: 1 << 9)
    package static let modifiersChanged = Self(rawValue: 1 << 10)
    package static let deviceRemoved = Self(rawValue: 1 << 11)
    package static let pointerLeft = Self(rawValue: 1 << 12)
    package static let pointerEntered = Self(rawValue: 1 << 13)
    package static let intent = Self(rawValue: 1 << 14)
    /// `pointerRequest` may return non-nil.
    package static let pointerRequest = Self(rawValue: 1 << 15)
    /// The interaction covers part of the window now (an open menu, G9): it is offered every
    /// event before the others (a menu is modal), and `covers(_:)` may return true. Not in
    /// `all`: only an interaction that draws over the content declares it.
    package static let covering = Self(rawValue: 1 << 16)
    /// Every touch event.
    package static let touches: Self = [.touchDown, .touchMoved, .touchUp, .touchCancel]
    /// Everything (the default).
    package static let all = Self(rawValue: (1 << 16) - 1)
}

/// What an interaction did with an event.
package enum InteractionResponse: Hashable, Sendable {
    /// Not for me: offer it to the next interaction.
    case ignored
    /// Consumed; later interactions do not see it.
    case handled
    /// Consumed, and every following pointer/touch event goes to me first until I return
    /// `.released` (drags, band selection, scrubbing). While captured the engine turns off
    /// magnetism and region effects.
    case captured
    /// Consumed, and the capture ends.
    case released
}

/// What an interaction wants from the pointer right now. The engine animates changes (A2).
package struct PointerRequest: Hashable, Sendable {
    package var accessories: [PointerAccessory]
    package var annotations: [PointerAnnotation]
    /// Hide the pointer (e.g. while a touch drives the interaction).
    package var hidesPointer: Bool
    /// Replace the pointer's shape (e.g. the band grows out of the pointer).
    package var shape: PointerShape?
    /// Where the accessories go instead of around the pointer: a finger's contact point
    /// (surface points), for a touch drag's badge (I2, A1). They show there above the finger
    /// whether the pointer shows or not.
    package var accessoryAnchor: Point?
    package init(accessories: [PointerAccessory] = [], annotations: [PointerAnnotation] = [],
                hidesPointer: Bool = false, shape: PointerShape? = nil, accessoryAnchor: Point? = nil) {
        self.accessories = accessories; self.annotations = annotations
        self.hidesPointer = hidesPointer; self.shape = shape; self.accessoryAnchor = accessoryAnchor
    }
}

/// Live state shared by the engine and the interactions. The engine reads it to hit-test and
/// to render; interactions write it.
public struct SceneState: Hashable, Sendable {
    /// Live transforms of scroll containers (offset, zoom, rotation). Missing: at rest.
    public var transforms: [ElementID: ContainerTransform] = [:]
    /// Content opacity of containers (page transitions), missing = 1.
    public var containerOpacity: [ElementID: Double] = [:]
    /// The selected elements (collection items, I1).
    public var selection: Set<ElementID> = []
    /// Revealed hover controls and their reveal opacity (I4, H1–H4).
    public var reveal: [ElementID: Double] = [:]
    /// Elements currently pressed.
    public var pressed: Set<ElementID> = []
    /// Scrubber playhead positions, seconds (I3).
    public var playhead: [ElementID: Double] = [:]
    /// Live frame overrides (resizing), in the element's own coordinate space, points.
    public var frameOverrides: [ElementID: Rect] = [:]
    /// Elements that must not answer the pointer right now (hidden controls).
    public var disabled: Set<ElementID> = []
    /// An empty scene: nothing selected, nothing scrolled or zoomed.
    public init() {}
}

/// Something the app should act on, drained with `Engine.drainOutputs()`. Interactions append
/// with `context.emit(_:)`; engine-interactions may add cases.
public enum EngineOutput: Hashable, Sendable, CustomStringConvertible {
    /// A control was clicked or tapped (G9): after release inside its hit region.
    case activated(ElementID, input: InputKind, clickCount: Int)
    /// The text selection changed (P2, M5).
    case textSelectionChanged(TextSelection?)
    /// A drop finished (I2): items, target, operation, and what input made the drag.
    case dropped(items: [ElementID], on: ElementID, operation: DragOperation, input: InputKind)
    /// The selection set changed (I1).
    case selectionChanged(Set<ElementID>)
    /// A context-menu entry was chosen (I6).
    case menuItemChosen(element: ElementID?, index: Int)
    /// A scrubber sought to a time, seconds (I3).
    case seek(ElementID, seconds: Double)
    /// A paged view settled on a page (G5, I5).
    case pageChanged(ElementID, page: Int)
    /// Free-form notification from an interaction (name, element).
    case note(String, ElementID?)

    public var description: String {
        switch self {
        case .activated(let id, let input, let n): "activated \(id) by \(input) ×\(n)"
        case .textSelectionChanged(let s): "text selection \(s.map { "\($0.anchor)…\($0.focus)" } ?? "none")"
        case .dropped(let items, let on, let op, let input): "dropped \(items) on \(on): \(op) by \(input)"
        case .selectionChanged(let s): "selection \(s.sorted())"
        case .menuItemChosen(let e, let i): "menu \(e.map(\.description) ?? "-") item \(i)"
        case .seek(let e, let t): "seek \(e) to \(formatNumber(t, decimals: 3)) s"
        case .pageChanged(let e, let p): "page \(e) → \(p)"
        case .note(let n, let e): "\(n) \(e.map(\.description) ?? "")"
        }
    }
}

/// What an interaction can see and change while it handles an event.
package struct InteractionContext {
    package let layout: Layout
    package var scene: SceneState
    package let settings: PointerSettings
    /// The logical pointer, surface points.
    package let pointer: Point
    package let modifiers: Modifiers
    /// The input that produced the current event.
    package let input: InputKind
    /// The element whose region the pointer is in (after M1 padding and M2 bars).
    package let hovered: ElementID?
    /// Outputs for the app (append with `emit`).
    package var outputs: [EngineOutput] = []
    let index: HitIndex

    package mutating func emit(_ o: EngineOutput) { outputs.append(o) }

    init(layout: Layout, scene: SceneState, settings: PointerSettings, pointer: Point,
         modifiers: Modifiers, input: InputKind, hovered: ElementID?, index: HitIndex) {
        self.layout = layout; self.scene = scene; self.settings = settings; self.pointer = pointer
        self.modifiers = modifiers; self.input = input; self.hovered = hovered; self.index = index
    }

    /// The topmost element whose visible frame contains `p` (no padding), surface points.
    package func element(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: false) }
    /// The element whose hit region contains `p` (M1 padding, M2 bars).
    package func region(at p: Point) -> ElementID? { index.element(at: p, scene: scene, padded: true) }
    /// Elements whose visible frames intersect `rect` (surface points), in paint order.
    package func elements(in rect: Rect) -> [ElementID] { index.elements(in: rect, scene: scene) }
    /// An element's frame on the surface (after scroll transforms), points.
    package func surfaceFrame(of id: ElementID) -> Rect? { index.surfaceFrame(of: id, scene: scene) }
    /// Scroll containers under surface point `p`, innermost first.
    package func containers(at p: Point) -> [ElementID] {
        var out: [ElementID] = []
        var id = index.element(at: p, scene: scene, padded: false)
        while let cur = id, let e = layout[cur] {
            if e.isScrollContainer { out.append(cur) }
            id = e.parent
        }
        return out
    }
    /// The live transform of a scroll container (at rest if none recorded).
    package func transform(of container: ElementID) -> ContainerTransform? { index.transform(of: container, scene: scene) }
}

/// An interaction component (a value type; the seam is described at the top of this file).
package protocol Interaction: Sendable {
    /// Short name for logs ("scroll", "drag" …).
    var name: String { get }
    /// Handles one resolved event.
    mutating func handle(_ event: InteractionEvent, context: inout InteractionContext, now: Timestamp) -> InteractionResponse
    /// Runs animations up to `now` (kinetic scrolling, rubber-band settling, fades).
    mutating func advance(to now: Timestamp, context: inout InteractionContext)
    /// Abandons anything in progress, reverting provisional changes (G7).
    mutating func cancel(context: inout InteractionContext, now: Timestamp)
    /// The layout was replaced (the window was resized; issue 30.3): carry what is in
    /// progress over to the new layout (`context`) so that it stays under the pointer or the
    /// finger, `old` being the context of the layout it began on, or abandon it as `cancel`
    /// does when its elements are gone. The default abandons.
    mutating func relayout(from old: InteractionContext, context: inout InteractionContext, now: Timestamp)
    /// A drag, selection, gesture or scrub is in progress (P5: the pointer never hides then).
    var isActive: Bool { get }
    /// Something is still moving: the engine asks for another frame.
    var isAnimating: Bool { get }
    /// Accessories, annotations, shape or hiding wanted from the pointer now.
    func pointerRequest(context: InteractionContext) -> PointerRequest?
    /// Adds this interaction's parts to the frame.
    func contribute(to frame: inout Frame, context: InteractionContext)
    /// The events wanted now (see `InteractionInterests` for the contract).
    var interests: InteractionInterests { get }
    /// Whether this interaction draws over the content at `p`, surface points (an open menu):
    /// the elements under it are neither hovered nor hit there (issue 30.5). Asked only while
    /// `interests` holds `.covering`.
    func covers(_ p: Point) -> Bool
}

extension Interaction {
    package mutating func advance(to now: Timestamp, context: inout InteractionContext) {}
    package mutating func relayout(from old: InteractionContext, context: inout InteractionContext, now: Timestamp) {
        cancel(context: &context, now: now)
    }
    package var isAnimating: Bool { false }
    package func pointerRequest(context: InteractionContext) -> PointerRequest? { nil }
    package func contribute(to frame: inout Frame, context: InteractionContext) {}
    package var interests: InteractionInterests { .all }
    package func covers(_ p: Point) -> Bool { false }
    /// Whether `event` is among the current interests. Interactions that keep a clock or
    /// timers start `handle` with `guard wants(event)`, so that events outside their interests
    /// change nothing, as the contract requires.
    package func wants(_ event: InteractionEvent) -> Bool { interests.contains(event.interest) }
}
