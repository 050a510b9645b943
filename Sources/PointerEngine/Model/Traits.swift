// Per-kind configuration of an element. engine-core created this file; engine-interactions adds
// the fields its interactions need (see /work/NOTES-engine.md). Every field has a default so
// layouts only say what differs.

/// Configuration that only some kinds use. Absent parts are nil.
public struct ElementTraits: Hashable, Sendable {
    /// Text areas: line metrics for the I-beam (P2) and line stickiness (M5).
    public var text: TextMetrics?
    /// Scroll views, paged views, canvases, collections: content size, axes, limits (I5, G1–G3).
    public var scroll: ScrollConfiguration?
    /// Drop targets: which operations they accept (I2).
    public var drop: DropPolicy?
    /// Elements that can be dragged (I2).
    public var isDraggable: Bool
    /// Scrubbers: the media duration in seconds (I3).
    public var scrubber: ScrubberConfiguration?
    /// Graphs: value ranges for the X/Y annotation (A3).
    public var graph: GraphAxes?
    /// Resize handles: the axis they resize along (A1 arrows along it).
    public var resizeAxis: ResizeAxis?
    /// Controls revealed by hover / touch (I4, H1–H4).
    public var reveal: RevealBehaviour?
    /// Context-menu entries (I6): labels of essential controls otherwise revealed by hover.
    public var contextMenu: [String]

    public init(text: TextMetrics? = nil, scroll: ScrollConfiguration? = nil, drop: DropPolicy? = nil,
                isDraggable: Bool = false, scrubber: ScrubberConfiguration? = nil,
                graph: GraphAxes? = nil, resizeAxis: ResizeAxis? = nil,
                reveal: RevealBehaviour? = nil, contextMenu: [String] = []) {
        self.text = text; self.scroll = scroll; self.drop = drop; self.isDraggable = isDraggable
        self.scrubber = scrubber; self.graph = graph; self.resizeAxis = resizeAxis
        self.reveal = reveal; self.contextMenu = contextMenu
    }
}

/// Text layout facts the pointer needs (SPEC P2, M5).
public struct TextMetrics: Hashable, Sendable {
    /// Distance between baselines, points. The I-beam is this long.
    public var lineHeight: Double
    /// Vertical text (lines run top to bottom): the beam lies horizontal.
    public var isVertical: Bool
    /// Offset of the first line's top from the element's top (or left for vertical text), points.
    public var firstLineOffset: Double
    public init(lineHeight: Double, isVertical: Bool = false, firstLineOffset: Double = 0) {
        self.lineHeight = lineHeight; self.isVertical = isVertical; self.firstLineOffset = firstLineOffset
    }
}

public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let vertical = ScrollAxes(rawValue: 1 << 0)
    public static let horizontal = ScrollAxes(rawValue: 1 << 1)
    public static let both: ScrollAxes = [.vertical, .horizontal]
}

/// How a scroll view meets floating controls (SPEC I5).
public enum ScrollEdgeEffectStyle: String, Hashable, Sendable, CaseIterable {
    case soft
    case hard
}

public struct ScrollConfiguration: Hashable, Sendable {
    /// Size of the scrollable content at zoom 1, points.
    public var contentSize: Size
    public var axes: ScrollAxes
    /// Page-by-page paging (I5).
    public var isPaged: Bool
    /// Zoom limits (G2); equal values disable zoom.
    public var minimumZoom: Double
    public var maximumZoom: Double
    /// Rotation allowed (G3).
    public var allowsRotation: Bool
    public var edgeEffect: ScrollEdgeEffectStyle
    /// Initial content offset, points.
    public var initialOffset: Vector

    public init(contentSize: Size, axes: ScrollAxes = .vertical, isPaged: Bool = false,
                minimumZoom: Double = 1, maximumZoom: Double = 1, allowsRotation: Bool = false,
                edgeEffect: ScrollEdgeEffectStyle = .soft, initialOffset: Vector = .zero) {
        self.contentSize = contentSize; self.axes = axes; self.isPaged = isPaged
        self.minimumZoom = minimumZoom; self.maximumZoom = maximumZoom
        self.allowsRotation = allowsRotation; self.edgeEffect = edgeEffect; self.initialOffset = initialOffset
    }
}

// DragOperation (move/copy/link, SPEC I2) lives with the drag interaction (DragSession.swift).

public struct DropPolicy: Hashable, Sendable {
    public var accepts: Set<DragOperation>
    public init(accepts: Set<DragOperation> = Set(DragOperation.allCases)) { self.accepts = accepts }
}

public struct ScrubberConfiguration: Hashable, Sendable {
    /// Media duration, seconds.
    public var duration: Double
    public init(duration: Double) { self.duration = duration }
}

public struct GraphAxes: Hashable, Sendable {
    /// Value at the element's left and right edges.
    public var x: ClosedRange<Double>
    /// Value at the element's bottom and top edges.
    public var y: ClosedRange<Double>
    public var xUnit: String
    public var yUnit: String
    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, xUnit: String = "", yUnit: String = "") {
        self.x = x; self.y = y; self.xUnit = xUnit; self.yUnit = yUnit
    }
}

public enum ResizeAxis: String, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical
    /// Corner handles: both axes (diagonal arrows).
    case diagonal
    case antiDiagonal
}

/// How hover-revealed controls come and go (SPEC I4, H4).
public enum RevealBehaviour: String, Hashable, Sendable, CaseIterable {
    /// A minimized toolbar / playback controls: shown while the pointer is over the area,
    /// minimized again after it leaves (I4); a touch tap reveals without activating (H1, H2).
    case autoHide
    /// Sidebar controls: stay until touch leaves the sidebar or the pointer is used again (H4).
    case sidebar
    /// A tab's close button: stays until the pointer is used again (H4).
    case tabClose
}
