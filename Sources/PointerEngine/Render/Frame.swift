// The per-frame render description: what to draw where, with what scale, opacity and offset.
// Not pixels. The renderer draws exactly this on top of the layout, back to front:
//
//   1. layout content, with each scroll container's `containers` transform and clip, each
//      element's `elementStates` override, and each effect's content transform
//      (`EffectAppearance.contentScale/contentOffset`); for an element with a lift or hover
//      effect, its shadow and underlay tint are drawn just below it, overlay tint and specular
//      just above it;
//   2. highlight platters (E1), above their element's content;
//   3. scroll edge effects, scroll indicators, drop-target states, band selection;
//   4. the drag preview;
//   5. the pointer (unless `pointer.isUnderContent`: then in step 1, just below the element
//      `pointer.underElement`, which covers it as it lifts: E2);
//   6. accessories, annotations, the context menu.
//
// Units: every length and position is in surface points (1 pt = s pixels at buffer scale s),
// origin top-left, y down. Angles are radians, clockwise positive. Opacities are 0…1. Scales
// are unitless factors (1 = unchanged). All values are already animated: the renderer never
// interpolates.

/// Everything the renderer needs for one frame.
public struct Frame: Hashable, Sendable {
    /// The engine time this frame describes.
    public var time: Timestamp
    /// Surface size, points.
    public var surfaceSize: Size
    /// The pointer; its opacity is 0 while hidden (P5, G8).
    public var pointer: PointerAppearance
    /// Live content transforms of scroll containers (scroll, zoom, rotation, paging), in
    /// paint order. Containers without an entry draw at rest (identity with their frame).
    public var containers: [ContainerAppearance]
    /// Elements whose look differs from the layout at rest (selected, pressed, revealed /
    /// hidden controls, dragged away). Sorted by element id.
    public var elementStates: [ElementState]
    /// Content effects, in paint order of their elements (E1–E5). During a cross-fade both
    /// neighbours appear, each with its own `progress`.
    public var effects: [EffectAppearance]
    /// Glyphs around the pointer (A1, A2), including ones fading out.
    public var accessories: [AccessoryAppearance]
    /// Live labels next to the pointer (A3).
    public var annotations: [AnnotationAppearance]
    /// The band-selection rectangle (I1).
    public var bandSelection: BandSelectionAppearance?
    /// Scroll indicator thumbs (I5).
    public var scrollIndicators: [ScrollIndicatorAppearance]
    /// Edge effects where scroll views meet floating controls (I5).
    public var scrollEdgeEffects: [ScrollEdgeEffectAppearance]
    /// Drop targets' highlights during a drag (I2).
    public var dropTargets: [DropTargetAppearance]
    /// The dragged items' preview, nil when no drag.
    public var drag: DragAppearance?
    /// Scrubbers' playheads and hover (I3).
    public var scrubbers: [ScrubberAppearance]
    /// The open context menu, nil when none (I6).
    public var contextMenu: ContextMenuAppearance?
    /// Selected text in a text area (P2, M5).
    public var textSelection: TextSelectionAppearance?
    /// True while something is still animating: ask for another frame.
    public var isAnimating: Bool
    /// The next time something changes without input (e.g. the auto-hide fade starts), or nil.
    public var nextDeadline: Timestamp?

    /// A frame at `time` with only a pointer.
    public init(time: Timestamp, surfaceSize: Size, pointer: PointerAppearance) {
        self.time = time; self.surfaceSize = surfaceSize; self.pointer = pointer
        containers = []; elementStates = []; effects = []; accessories = []; annotations = []
        bandSelection = nil; scrollIndicators = []; scrollEdgeEffects = []; dropTargets = []
        drag = nil; scrubbers = []; contextMenu = nil; textSelection = nil; isAnimating = false; nextDeadline = nil
    }
}

/// Which pointer look is in use (P1).
public enum PointerGeneration: String, Hashable, Sendable, CaseIterable {
    /// An arrow that keeps its shape; a platter appears behind the control.
    case modern
    /// A ~19 pt circle that morphs into the shape of the control it highlights.
    case classic
}

/// What one layer of the pointer is.
public enum PointerLayerShape: Hashable, Sendable {
    /// The modern arrow; `bounds` is its box, the tip at `PointerAppearance.position`.
    case arrow
    /// A rounded rectangle filling `bounds` with `cornerRadius` (the classic circle is a
    /// rounded rect whose radius is half its size).
    case roundedRect
    /// An ellipse filling `bounds`.
    case ellipse
    /// A custom path in points relative to `PointerAppearance.position`, scaled by
    /// `PointerAppearance.scale`.
    case path(PointerPath)
    /// A system cursor image (P4), drawn at `bounds`.
    case system(SystemCursor)
    /// The I-beam over text (P2), filling `bounds`: it lies along their longer side, the
    /// shorter is its stroke, `cornerRadius` rounds its ends. Morphing to or from a rounded
    /// shape, a layer is the beam while it is still about as thin as one.
    case beam
}

/// One drawn pointer layer. Morphs between rounded shapes are continuous (bounds and radius
/// animate); changes of layer kind cross-fade (two layers with complementary opacity).
public struct PointerLayer: Hashable, Sendable {
    /// The layer's shape.
    public var shape: PointerLayerShape
    /// Where the layer is drawn, surface points.
    public var bounds: Rect
    /// Corner radius for `.roundedRect`, points.
    public var cornerRadius: Double
    /// This layer's opacity (multiply with `PointerAppearance.opacity`).
    public var opacity: Double
    /// A layer of `shape` in `bounds`.
    public init(shape: PointerLayerShape, bounds: Rect, cornerRadius: Double = 0, opacity: Double = 1) {
        self.shape = shape; self.bounds = bounds; self.cornerRadius = cornerRadius; self.opacity = opacity
    }
}

/// The drawn pointer (P1–P6, M6).
public struct PointerAppearance: Hashable, Sendable {
    /// The pointer generation (modern shapes or the classic arrow, P1).
    public var generation: PointerGeneration
    /// The drawn pointer's hot spot (attracted by magnetism, M3/M4), surface points. The user's
    /// logical position is `logicalPosition`.
    public var position: Point
    /// The logical (user's) pointer position, surface points (M6). For inspectors and tests.
    public var logicalPosition: Point
    /// Layers back to front; usually one, two during a cross-fade.
    public var layers: [PointerLayer]
    /// Overall opacity (auto-hide fade P5, gesture hide G8, lift fade E2).
    public var opacity: Double
    /// Accessibility size multiplier already applied to the layers' bounds (P6), 0.5…4.
    public var scale: Double
    /// The pointer's fill colour (P6).
    public var fillColor: Color
    /// Contrast border (P6), nil for none.
    public var borderColor: Color?
    /// Border width, points (already scaled).
    public var borderWidth: Double
    /// Draw the pointer below the element `underElement` instead of on top (classic highlight,
    /// lift: the pointer fades under the element).
    public var isUnderContent: Bool
    /// The element the pointer is drawn under, when `isUnderContent`.
    public var underElement: ElementID?

    /// A pointer appearance with every field given.
    public init(generation: PointerGeneration, position: Point, logicalPosition: Point,
                layers: [PointerLayer], opacity: Double, scale: Double, fillColor: Color,
                borderColor: Color?, borderWidth: Double, isUnderContent: Bool = false, underElement: ElementID? = nil) {
        self.generation = generation; self.position = position; self.logicalPosition = logicalPosition
        self.layers = layers; self.opacity = opacity; self.scale = scale; self.fillColor = fillColor
        self.borderColor = borderColor; self.borderWidth = borderWidth
        self.isUnderContent = isUnderContent; self.underElement = underElement
    }

    /// The bounding box of everything drawn for the pointer (for damage), points.
    public var bounds: Rect {
        layers.reduce(Rect.zero) { acc, l in
            let b: Rect
            if case .path(let p) = l.shape { b = p.bounds.scaled(by: 1).offsetBy(position - .zero) } else { b = l.bounds }
            return acc.union(b.outsetBy(borderWidth))
        }
    }
}

/// A scroll container's live transform (I5, G1–G3, G5).
public struct ContainerAppearance: Hashable, Sendable {
    /// The container.
    public var element: ElementID
    /// How its content is scrolled, zoomed and turned.
    public var transform: ContainerTransform
    /// Opacity of the container's content (page transitions may fade), 0…1.
    public var opacity: Double
    /// The appearance of container `element`'s content under `transform`.
    public init(element: ElementID, transform: ContainerTransform, opacity: Double = 1) {
        self.element = element; self.transform = transform; self.opacity = opacity
    }
}

/// Per-element state overrides.
public struct ElementState: Hashable, Sendable {
    /// The element.
    public var element: ElementID
    /// Whether it is selected (I1).
    public var isSelected: Bool
    /// Pressed (button held down on it).
    public var isPressed: Bool
    /// Opacity of hover-revealed controls (I4, H1–H4): 0 hidden … 1 revealed. 1 for others.
    public var revealOpacity: Double
    /// Drawn semi-transparent because its drag preview is elsewhere (I2).
    public var isDragSource: Bool
    /// Offset applied to the element (e.g. an interactive resize), points.
    public var offset: Vector
    /// Replacement frame while resizing (A3 width × height), surface points.
    public var frame: Rect?
    /// The state of `element`.
    public init(element: ElementID, isSelected: Bool = false, isPressed: Bool = false, revealOpacity: Double = 1,
                isDragSource: Bool = false, offset: Vector = .zero, frame: Rect? = nil) {
        self.element = element; self.isSelected = isSelected; self.isPressed = isPressed
        self.revealOpacity = revealOpacity; self.isDragSource = isDragSource; self.offset = offset; self.frame = frame
    }
}

/// A soft shadow below an element.
public struct ShadowAppearance: Hashable, Sendable {
    /// The shadow's shape before blur (the element's scaled frame moved down), points.
    public var rect: Rect
    /// Corner radius of the shadow's shape, points.
    public var cornerRadius: Double
    /// Gaussian blur radius, points.
    public var blurRadius: Double
    /// Peak opacity, 0…1.
    public var opacity: Double
    /// A shadow of `rect` blurred by `blurRadius`.
    public init(rect: Rect, cornerRadius: Double, blurRadius: Double, opacity: Double) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.blurRadius = blurRadius; self.opacity = opacity
    }
}

/// The translucent highlight platter (E1).
public struct PlatterAppearance: Hashable, Sendable {
    /// Platter bounds including parallax offset, points.
    public var rect: Rect
    /// Corner radius, points.
    public var cornerRadius: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// The platter's colour.
    public var color: Color
    /// A platter at `rect`.
    public init(rect: Rect, cornerRadius: Double, opacity: Double, color: Color) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.opacity = opacity; self.color = color
    }
}

/// A soft radial specular highlight following the pointer (E2).
public struct SpecularAppearance: Hashable, Sendable {
    /// The highlight's centre, surface points.
    public var center: Point
    /// Radius at which the highlight reaches zero, points.
    public var radius: Double
    /// Peak opacity (white), 0…1.
    public var opacity: Double
    /// Clip: the lifted element's scaled frame and corner radius.
    public var clip: Rect
    /// The clip's corner radius, points.
    public var clipCornerRadius: Double
    /// A specular highlight at `center` clipped to `clip`.
    public init(center: Point, radius: Double, opacity: Double, clip: Rect, clipCornerRadius: Double) {
        self.center = center; self.radius = radius; self.opacity = opacity; self.clip = clip; self.clipCornerRadius = clipCornerRadius
    }
}

/// A tint over an element (E3).
public struct TintAppearance: Hashable, Sendable {
    /// How the colour is applied.
    public var mode: TintMode
    /// The tint's colour.
    public var color: Color
    /// The tinted rect (the element's scaled frame), points.
    public var rect: Rect
    /// Corner radius, points.
    public var cornerRadius: Double
    /// A tint of `color` over `rect`.
    public init(mode: TintMode, color: Color, rect: Rect, cornerRadius: Double) {
        self.mode = mode; self.color = color; self.rect = rect; self.cornerRadius = cornerRadius
    }
}

/// A content effect on one element (E1–E5).
public struct EffectAppearance: Hashable, Sendable {
    /// The element under the effect.
    public var element: ElementID
    /// Highlight, lift or hover.
    public var kind: EffectKind
    /// The element's frame at rest on the surface (after scroll transforms), points.
    public var elementFrame: Rect
    /// The element's corner radius, points.
    public var cornerRadius: Double
    /// Animation progress 0 (absent) … 1 (full); springs may overshoot slightly above 1.
    public var progress: Double
    /// Scale of the element's content about its centre (lift, hover), factor.
    public var contentScale: Double
    /// Parallax offset of the element's content toward the pointer, points.
    public var contentOffset: Vector
    /// The highlight platter (highlight), nil when none.
    public var platter: PlatterAppearance?
    /// The shadow below the element (lift, hover with a shadow), nil when none.
    public var shadow: ShadowAppearance?
    /// The specular highlight (lift), nil when none.
    public var specular: SpecularAppearance?
    /// The tint (hover with a tint), nil when none.
    public var tint: TintAppearance?

    /// An effect on `element` with every part given.
    public init(element: ElementID, kind: EffectKind, elementFrame: Rect, cornerRadius: Double, progress: Double,
                contentScale: Double = 1, contentOffset: Vector = .zero, platter: PlatterAppearance? = nil,
                shadow: ShadowAppearance? = nil, specular: SpecularAppearance? = nil, tint: TintAppearance? = nil) {
        self.element = element; self.kind = kind; self.elementFrame = elementFrame; self.cornerRadius = cornerRadius
        self.progress = progress; self.contentScale = contentScale; self.contentOffset = contentOffset
        self.platter = platter; self.shadow = shadow; self.specular = specular; self.tint = tint
    }

    /// The element's drawn content rect (scaled and offset), points.
    public var contentRect: Rect { elementFrame.scaled(by: contentScale).offsetBy(contentOffset) }
}

/// A glyph near the pointer (A1, A2).
public struct AccessoryAppearance: Hashable, Sendable {
    /// The glyph.
    public var glyph: AccessoryGlyph
    /// Glyph centre, surface points.
    public var center: Point
    /// Rotation of the glyph, radians (arrows point along it; 0 = pointing right).
    public var angle: Double
    /// Glyph size (its box's side), points, accessibility scale applied.
    public var size: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// Appearance scale for pop-in/out (factor).
    public var scale: Double
    /// The glyph's colour.
    public var color: Color
    /// An accessory with every field given.
    public init(glyph: AccessoryGlyph, center: Point, angle: Double, size: Double, opacity: Double, scale: Double, color: Color) {
        self.glyph = glyph; self.center = center; self.angle = angle; self.size = size
        self.opacity = opacity; self.scale = scale; self.color = color
    }
}

/// A live label next to the pointer (A3).
public struct AnnotationAppearance: Hashable, Sendable {
    /// The label's text.
    public var text: String
    /// The label box's top-left corner, surface points, for the box the engine expects
    /// (`estimatedSize`): inside the window. The renderer sizes the box to the measured text
    /// and places it by `anchor` and `alignment`, then keeps it on the surface.
    public var origin: Point
    /// Font size, points.
    public var fontSize: Double
    /// Inner padding of the label's rounded box, points (the renderer puts
    /// `AccessoryTuning.annotationSidePadding` times as much at the sides).
    public var padding: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// The point beside the pointer the label hangs from, surface points.
    public var anchor: Point
    /// Which point of the box sits at `anchor`, as fractions of its size: (0, 0) its top-left
    /// corner (the label right of and below the pointer), (1, 1) its bottom-right, (0.5, 1) the
    /// middle of its bottom edge.
    public var alignment: Vector
    /// The box the engine placed `origin` for, points.
    public var estimatedSize: Size
    /// A label at `origin`.
    public init(text: String, origin: Point, fontSize: Double = 12, padding: Double = 4, opacity: Double,
                anchor: Point? = nil, alignment: Vector = .zero, estimatedSize: Size = .zero) {
        self.text = text; self.origin = origin; self.fontSize = fontSize; self.padding = padding; self.opacity = opacity
        self.anchor = anchor ?? origin; self.alignment = alignment; self.estimatedSize = estimatedSize
    }

    /// The label's box for a measured `size`, hanging from `anchor` by `alignment`.
    public func frame(size: Size) -> Rect {
        Rect(x: anchor.x - alignment.dx * size.width, y: anchor.y - alignment.dy * size.height, width: size.width, height: size.height)
    }
    /// The box the engine expects, points.
    public var estimatedFrame: Rect { Rect(origin: origin, size: estimatedSize) }
}

/// The band-selection rectangle (I1).
public struct BandSelectionAppearance: Hashable, Sendable {
    /// The band, surface points.
    public var rect: Rect
    /// Corner radius, points.
    public var cornerRadius: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// The collection it selects in (draw clipped to its viewport).
    public var collection: ElementID?
    /// What the band does to the selection (replace, extend, toggle), for the inspector.
    public var operation: SelectionOperation
    /// The collection's viewport on the surface, points, and its corner radius: the band is
    /// drawn clipped to it (I1: while it auto-scrolls the pointer is past the edge, and the band
    /// must not cover the card's title or what lies below). Nil: unclipped.
    public var viewport: Rect?
    /// The viewport's corner radius, points.
    public var viewportCornerRadius: Double
    /// A band at `rect`.
    public init(rect: Rect, cornerRadius: Double = 2, opacity: Double = 1, collection: ElementID? = nil,
                operation: SelectionOperation = .replace, viewport: Rect? = nil, viewportCornerRadius: Double = 0) {
        self.rect = rect; self.cornerRadius = cornerRadius; self.opacity = opacity; self.collection = collection
        self.operation = operation; self.viewport = viewport; self.viewportCornerRadius = viewportCornerRadius
    }

    /// The part of the band that is drawn: `rect` inside the viewport (nil: none of it).
    public var visibleRect: Rect? {
        guard let viewport else { return rect }
        return rect.intersection(viewport)
    }
}

/// A scroll indicator thumb (I5).
public struct ScrollIndicatorAppearance: Hashable, Sendable {
    /// The scroll view.
    public var scrollView: ElementID
    /// Vertical or horizontal.
    public var axis: ScrollAxis
    /// The thumb, surface points (already shortened while rubber-banding).
    public var rect: Rect
    /// Opacity, 0…1 (indicators fade out after scrolling).
    public var opacity: Double
    /// An indicator of `scrollView` on `axis`.
    public init(scrollView: ElementID, axis: ScrollAxis, rect: Rect, opacity: Double) {
        self.scrollView = scrollView; self.axis = axis; self.rect = rect; self.opacity = opacity
    }
}

/// An edge of a rectangle or viewport.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    /// The top, bottom, left or right edge.
    case top, bottom, left, right
}

/// A scroll edge effect where a scroll view meets floating controls (I5); the engine fills
/// `Frame.scrollEdgeEffects` (see Engine/EdgeEffects.swift for the rules).
public struct ScrollEdgeEffectAppearance: Hashable, Sendable {
    /// The scroll view.
    public var scrollView: ElementID
    /// The viewport edge the floating controls sit on; the effect is darkest (soft) or opaque
    /// (hard) there.
    public var edge: Edge
    /// The band the effect covers, surface points: the whole edge long, from the edge inwards
    /// as deep as the controls reach (hard), plus `ScrollEdgeEffectTuning.softFade` over which
    /// a soft effect fades to nothing.
    public var rect: Rect
    /// The scroll view's `traits.scroll.edgeEffect`: soft by default, hard for desktop-style views.
    public var style: ScrollEdgeEffectStyle
    /// 0…1: how much content lies under the controls (0 at the start of the content, 1 from
    /// `ScrollEdgeEffectTuning.fullAfter` points scrolled under).
    public var opacity: Double
    /// An edge effect of `scrollView` on `edge`.
    public init(scrollView: ElementID, edge: Edge, rect: Rect, style: ScrollEdgeEffectStyle, opacity: Double) {
        self.scrollView = scrollView; self.edge = edge; self.rect = rect; self.style = style; self.opacity = opacity
    }
}

/// How a drop target shows during a drag (I2).
public enum DropTargetState: String, Hashable, Sendable, CaseIterable {
    /// A drag is in progress and this target could take it.
    case available
    /// The drag is over this target and it accepts the current operation.
    case accepting
    /// The drag is over this target and it refuses the current operation.
    case refusing
}

/// A drop target's highlight during a drag (I2).
public struct DropTargetAppearance: Hashable, Sendable {
    /// The drop target.
    public var element: ElementID
    /// Its frame on the surface, points.
    public var frame: Rect
    /// Its corner radius, points.
    public var cornerRadius: Double
    /// Available, accepting or refusing.
    public var state: DropTargetState
    /// The operation it would perform (accepting only).
    public var operation: DragOperation?
    /// Opacity, 0…1.
    public var opacity: Double
    /// A drop target's appearance with every field given.
    public init(element: ElementID, frame: Rect, cornerRadius: Double, state: DropTargetState, operation: DragOperation?, opacity: Double) {
        self.element = element; self.frame = frame; self.cornerRadius = cornerRadius
        self.state = state; self.operation = operation; self.opacity = opacity
    }
}

/// Where the engine's input came from (I2 "identical whatever the input"; HUD).
public enum InputKind: String, Hashable, Sendable, CaseIterable {
    /// A mouse or other relative pointer.
    case pointer
    /// A touchpad's fingers (gestures, scrolling).
    case trackpad
    /// A touch screen.
    case touch
    /// The keyboard.
    case keyboard
}

/// The item(s) being dragged (I2).
public struct DragAppearance: Hashable, Sendable {
    /// The dragged elements.
    public var items: [ElementID]
    /// Where the preview is drawn, surface points.
    public var previewRect: Rect
    /// The preview's corner radius, points.
    public var cornerRadius: Double
    /// Opacity, 0…1.
    public var opacity: Double
    /// The operation if dropped now (nil: nothing would happen).
    public var operation: DragOperation?
    /// The input that drives the drag.
    public var input: InputKind
    /// A drag preview with every field given.
    public init(items: [ElementID], previewRect: Rect, cornerRadius: Double, opacity: Double, operation: DragOperation?, input: InputKind) {
        self.items = items; self.previewRect = previewRect; self.cornerRadius = cornerRadius
        self.opacity = opacity; self.operation = operation; self.input = input
    }
}

/// A scrubber's live state (I3).
public struct ScrubberAppearance: Hashable, Sendable {
    /// The scrubber.
    public var element: ElementID
    /// Playhead position, 0…1 of the track.
    public var progress: Double
    /// Hover position on the track, 0…1, when the pointer is over it.
    public var hoverProgress: Double?
    /// Whether the playhead is being dragged.
    public var isDragging: Bool
    /// A scrubber's state with every field given.
    public init(element: ElementID, progress: Double, hoverProgress: Double?, isDragging: Bool) {
        self.element = element; self.progress = progress; self.hoverProgress = hoverProgress; self.isDragging = isDragging
    }
}

/// Selected text: one rect per line (surface points), and the insertion point while the
/// selection is empty.
public struct TextSelectionAppearance: Hashable, Sendable {
    /// The text area.
    public var element: ElementID
    /// The selected text, one rect per line, surface points.
    public var rects: [Rect]
    /// The caret (a thin rect at the insertion point) when nothing is selected.
    public var caret: Rect?
    /// A selection of `rects` (and `caret` when empty) in `element`.
    public init(element: ElementID, rects: [Rect], caret: Rect?) {
        self.element = element; self.rects = rects; self.caret = caret
    }
}
