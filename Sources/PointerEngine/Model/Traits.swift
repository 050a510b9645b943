// Per-kind configuration of an element: what the interactions need of a text area, a scroll
// view, a drop target, a scrubber, a graph or a resize handle. Every field has a default so
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

    /// Traits; each is nil (absent) unless given.
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
    /// Text metrics: lines `lineHeight` points apart, vertical text when `isVertical`, the first line `firstLineOffset` points in.
    public init(lineHeight: Double, isVertical: Bool = false, firstLineOffset: Double = 0) {
        self.lineHeight = lineHeight; self.isVertical = isVertical; self.firstLineOffset = firstLineOffset
    }
}

/// The axes a scroll view scrolls on.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Up and down.
    public static let vertical = ScrollAxes(rawValue: 1 << 0)
    /// Left and right.
    public static let horizontal = ScrollAxes(rawValue: 1 << 1)
    /// Both axes.
    public static let both: ScrollAxes = [.vertical, .horizontal]
}

/// How a scroll view meets floating controls (SPEC I5).
public enum ScrollEdgeEffectStyle: String, Hashable, Sendable, CaseIterable {
    /// A gradient that fades the content under floating controls.
    case soft
    /// An opaque band under floating controls (desktop style).
    case hard
}

/// How a scroll view scrolls (G1, G4, G5, I5).
public struct ScrollConfiguration: Hashable, Sendable {
    /// Size of the scrollable content at zoom 1, points.
    public var contentSize: Size
    /// The axes it scrolls on.
    public var axes: ScrollAxes
    /// Page-by-page paging (I5).
    public var isPaged: Bool
    /// Zoom limits (G2); equal values disable zoom.
    public var minimumZoom: Double
    /// The largest zoom factor a pinch reaches.
    public var maximumZoom: Double
    /// Rotation allowed (G3).
    public var allowsRotation: Bool
    /// The edge effect under floating controls.
    public var edgeEffect: ScrollEdgeEffectStyle
    /// Initial content offset, points.
    public var initialOffset: Vector
    /// A finger scroll rubber-bands an axis whose content fits (iOS `alwaysBounceVertical`).
    /// Off for a window's main content (GTK4, UIScrollView's default): a scroll over a page that
    /// fits moves nothing, rather than the whole page.
    public var bouncesWhenContentFits: Bool

    /// A scroll configuration for content of `contentSize`.
    public init(contentSize: Size, axes: ScrollAxes = .vertical, isPaged: Bool = false,
                minimumZoom: Double = 1, maximumZoom: Double = 1, allowsRotation: Bool = false,
                edgeEffect: ScrollEdgeEffectStyle = .soft, initialOffset: Vector = .zero,
                bouncesWhenContentFits: Bool = true) {
        self.bouncesWhenContentFits = bouncesWhenContentFits
        self.contentSize = contentSize; self.axes = axes; self.isPaged = isPaged
        self.minimumZoom = minimumZoom; self.maximumZoom = maximumZoom
        self.allowsRotation = allowsRotation; self.edgeEffect = edgeEffect; self.initialOffset = initialOffset
    }
}

// DragOperation (move/copy/link, SPEC I2) lives with the drag interaction (DragSession.swift).

/// What a drop target accepts (I2).
public struct DropPolicy: Hashable, Sendable {
    /// The operations it accepts.
    public var accepts: Set<DragOperation>
    /// A policy accepting `accepts` (every operation by default).
    public init(accepts: Set<DragOperation> = Set(DragOperation.allCases)) { self.accepts = accepts }
}

/// A scrubber's media (I3).
public struct ScrubberConfiguration: Hashable, Sendable {
    /// Media duration, seconds.
    public var duration: Double
    /// Media `duration` seconds long.
    public init(duration: Double) { self.duration = duration }
}

/// A graph's axes (A3): the values along them and where they are drawn. The plot area, the
/// element's frame less `plotInsets`, is the one source of truth for both the drawing (ticks at
/// its edges) and the X/Y annotation (the value under the pointer).
public struct GraphAxes: Hashable, Sendable {
    /// Value at the plot area's left and right edges.
    public var x: ClosedRange<Double>
    /// Value at the plot area's bottom and top edges.
    public var y: ClosedRange<Double>
    /// The unit after x values in the annotation.
    public var xUnit: String
    /// The unit after y values in the annotation.
    public var yUnit: String
    /// The margins between the element's frame and the plot area (where the tick labels go),
    /// points at zoom 1.
    public var plotInsets: PlotInsets
    /// Axes spanning `x` and `y`, with units and insets.
    public init(x: ClosedRange<Double>, y: ClosedRange<Double>, xUnit: String = "", yUnit: String = "",
                plotInsets: PlotInsets = .zero) {
        self.x = x; self.y = y; self.xUnit = xUnit; self.yUnit = yUnit; self.plotInsets = plotInsets
    }

    /// The plot area of a graph drawn at `frame`, its insets scaled by `zoom` (a zoomed
    /// container draws the element larger), points.
    public func plotArea(in frame: Rect, zoom: Double = 1) -> Rect {
        let i = plotInsets
        return Rect(x: frame.minX + i.left * zoom, y: frame.minY + i.top * zoom,
                    width: max(0, frame.width - (i.left + i.right) * zoom), height: max(0, frame.height - (i.top + i.bottom) * zoom))
    }

    /// The values at point `p` of a graph drawn at `frame`, clamped to the axes' ranges.
    public func values(at p: Point, in frame: Rect, zoom: Double = 1) -> (x: Double, y: Double) {
        let plot = plotArea(in: frame, zoom: zoom)
        let tx = plot.width > 0 ? clamp((p.x - plot.minX) / plot.width, 0, 1) : 0
        let ty = plot.height > 0 ? clamp((plot.maxY - p.y) / plot.height, 0, 1) : 0
        return (lerp(x.lowerBound, x.upperBound, tx), lerp(y.lowerBound, y.upperBound, ty))
    }

    /// Where value `v` of the X axis lies on the surface, for a graph drawn at `frame`.
    public func position(x v: Double, in frame: Rect, zoom: Double = 1) -> Double {
        let plot = plotArea(in: frame, zoom: zoom), span = x.upperBound - x.lowerBound
        return plot.minX + (span > 0 ? (v - x.lowerBound) / span : 0) * plot.width
    }

    /// Where value `v` of the Y axis lies on the surface (larger values higher up).
    public func position(y v: Double, in frame: Rect, zoom: Double = 1) -> Double {
        let plot = plotArea(in: frame, zoom: zoom), span = y.upperBound - y.lowerBound
        return plot.maxY - (span > 0 ? (v - y.lowerBound) / span : 0) * plot.height
    }

    /// The annotation's text for the values at `p` (A3).
    public func label(at p: Point, in frame: Rect, zoom: Double = 1) -> String {
        let v = values(at: p, in: frame, zoom: zoom)
        return "x \(formatNumber(v.x))\(xUnit)  y \(formatNumber(v.y))\(yUnit)"
    }
}

/// Margins inside a frame, points.
public struct PlotInsets: Hashable, Sendable {
    /// Insets from the element's edges, points.
    public var top, left, bottom, right: Double
    /// Insets of `top`, `left`, `bottom` and `right` points.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public static let zero = PlotInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// The axis a resize handle resizes along.
public enum ResizeAxis: String, Hashable, Sendable, CaseIterable {
    /// Left and right.
    case horizontal
    /// Up and down.
    case vertical
    /// Corner handles: both axes (diagonal arrows).
    case diagonal
    /// Along the anti-diagonal (bottom-left to top-right).
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
