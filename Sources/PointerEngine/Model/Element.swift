// The model: what is on screen, as far as the pointer is concerned. Value types only.
//
// The split follows UIKit's pointer API, named the Swift way:
//   element   — a thing on screen (kind, frame, corner radius, bezel) — `Element`
//   region    — where it answers the pointer (frame + padding)        — `HitRegion`
//   style     — how the pointer and the element look there            — `PointerStyle`
//   effect    — what happens to the element (highlight, lift, hover)  — `PointerEffect`
//   shape     — what the pointer becomes (rect, ellipse, beam, path)  — `PointerShape`
//   accessory — glyphs around the pointer                             — `PointerAccessory`
// All geometry is in points (SPEC: 1 pt = s pixels at buffer scale s).

/// Identifies an element within one `Layout`. Stable across frames; ids come from the layout
/// (file or code), never from memory addresses.
public struct ElementID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }
    /// The identifier `value`.
    @inlinable public init(_ value: Int32) { self.rawValue = value }
    public static func < (a: ElementID, b: ElementID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// What an element is. The kind decides the automatic effect (SPEC E4), the default hit-region
/// padding (M1), bar contiguity (M2), text behaviour (P2, M5) and which interactions apply.
public enum ElementKind: String, Hashable, Sendable, CaseIterable {
    // Controls in bars (highlight, E1).
    /// A button in a toolbar or bar (a highlight effect).
    case barButton
    /// One segment of a segmented control.
    case segment
    /// A tab of a tab bar.
    case tab
    /// An entry of a menu.
    case menuItem
    // Standalone controls and small opaque things (lift, E2).
    /// A free-standing button (lift when small, hover otherwise).
    case button
    /// An icon (lift when small).
    case icon
    // Large things (hover, E3).
    /// A card: a large panel that hovers.
    case card
    /// A row of a list or table (a tint).
    case row
    // Content with its own pointer behaviour.
    /// Selectable text: the pointer becomes an I-beam (P2).
    case textArea
    /// A handle that resizes (the pointer becomes a resize arrow).
    case resizeHandle
    /// A graph with axes and an annotation at the pointer (A3).
    case graph
    /// A media scrubber with a playhead (I3).
    case scrubber
    /// An image (lift when small).
    case image
    /// A zoomable, pannable canvas (G4).
    case canvas
    // Collections, drags and drops.
    /// A collection whose items band selection selects (I1).
    case collection
    /// An item of a collection: selectable, draggable.
    case collectionItem
    /// A place items can be dropped on (I2).
    case dropTarget
    // Containers.
    /// A scroll view: two-finger scroll, momentum, rubber-band (G1).
    case scrollView
    /// A scroll view that snaps to pages, turned by swipes (G5).
    case pagedView
    /// A toolbar: a container of bar buttons.
    case toolbar
    /// A segmented control: a container of segments.
    case segmentedControl
    /// A tab bar: a container of tabs.
    case tabBar
    /// A menu: a container of menu items.
    case menu
    /// A sidebar: a container of rows.
    case sidebar
    /// A tab view: a container of tab pages.
    case tabView
    /// Controls that hide until the pointer (or a touch) reveals them (SPEC I4, H1–H4).
    case revealingControls
    /// A plain container or decoration; never answers the pointer itself.
    case group
    /// A text label: the pointer passes over it with no effect.
    case label

    /// Containers whose children are laid out as a bar: contiguous hit regions (SPEC M2).
    public var isBar: Bool {
        switch self {
        case .toolbar, .segmentedControl, .tabBar, .menu: true
        case .barButton, .segment, .tab, .menuItem, .button, .icon, .card, .row, .textArea,
             .resizeHandle, .graph, .scrubber, .image, .canvas, .collection, .collectionItem,
             .dropTarget, .scrollView, .pagedView, .sidebar, .tabView, .revealingControls,
             .group, .label: false
        }
    }

    /// Containers whose children scroll, zoom or page with a content transform.
    public var isScrollContainer: Bool {
        switch self {
        case .scrollView, .pagedView, .canvas, .collection: true
        case .barButton, .segment, .tab, .menuItem, .button, .icon, .card, .row, .textArea,
             .resizeHandle, .graph, .scrubber, .image, .toolbar, .segmentedControl, .tabBar,
             .menu, .collectionItem, .dropTarget, .sidebar, .tabView, .revealingControls,
             .group, .label: false
        }
    }

    /// Whether the element answers the pointer with a region by default. Containers and labels
    /// do not (their children do); a custom `style` turns any element into a region.
    public var isInteractive: Bool {
        switch self {
        case .barButton, .segment, .tab, .menuItem, .button, .icon, .card, .row, .textArea,
             .resizeHandle, .graph, .scrubber, .collectionItem, .dropTarget: true
        case .image, .canvas, .collection, .scrollView, .pagedView, .toolbar, .segmentedControl,
             .tabBar, .menu, .sidebar, .tabView, .revealingControls, .group, .label: false
        }
    }
}

/// One thing on screen.
///
/// `frame` is in the coordinate space of the element's nearest scroll container's content
/// (`Layout` resolves it to surface points through the container's live transform), or in
/// surface points when the element is not inside a scroll container.
public struct Element: Hashable, Sendable, CustomStringConvertible {
    /// The element's identifier, unique in its layout.
    public var id: ElementID
    /// What kind of control it is: it chooses the default effect and pointer shape.
    public var kind: ElementKind
    /// Visible bounds, points.
    public var frame: Rect
    /// Corner radius of the visible bounds, points.
    public var cornerRadius: Double
    /// Whether the control draws a visible bezel (background shape). Decides hit padding (M1):
    /// 12 pt with a bezel, 24 pt without.
    public var hasBezel: Bool
    /// A human label (accessibility, linter messages, context menus).
    public var label: String
    /// A custom pointer style; nil means automatic by kind and size (SPEC E4).
    public var style: PointerStyle?
    /// Hit-region padding override, points (nil: SPEC M1 default). The linter flags values
    /// under the default (L1).
    public var hitPadding: Double?
    /// Stacking order among siblings: higher is on top. Equal values keep document order
    /// (later on top).
    public var zIndex: Int
    /// Disabled elements draw but never answer the pointer.
    public var isEnabled: Bool
    /// Per-kind configuration (text metrics, scroll limits, drop policy …).
    public var traits: ElementTraits
    /// Children in document order (filled by `Layout`; read-only for apps).
    public internal(set) var children: [ElementID]
    /// The parent, nil for top-level elements (filled by `Layout`).
    public internal(set) var parent: ElementID?

    /// An element; only `id`, `kind` and `frame` are needed, the rest has the usual defaults.
    public init(id: ElementID, kind: ElementKind, frame: Rect, cornerRadius: Double = 0,
                hasBezel: Bool = false, label: String = "", style: PointerStyle? = nil,
                hitPadding: Double? = nil, zIndex: Int = 0, isEnabled: Bool = true,
                traits: ElementTraits = ElementTraits()) {
        self.id = id; self.kind = kind; self.frame = frame; self.cornerRadius = cornerRadius
        self.hasBezel = hasBezel; self.label = label; self.style = style; self.hitPadding = hitPadding
        self.zIndex = zIndex; self.isEnabled = isEnabled; self.traits = traits
        self.children = []; self.parent = nil
    }

    public var description: String {
        label.isEmpty ? "\(kind)\(id)" : "\(kind)\(id) “\(label)”"
    }
}
