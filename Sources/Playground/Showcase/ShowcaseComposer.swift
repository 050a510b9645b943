// The showcase as a client of the renderer's FrameComposer (issue 34.3): it supplies only what
// is the showcase's — its looks (ShowcaseContent, else ElementLook's generic ones), the frame
// facts those looks read (ContentFacts, keyed per element), the HUD's items between the
// overlays and the pointer (HUDItemCache), the hint under the context menu, the two revealing
// controls that draw their own fade, and the panel colour scroll edge effects blend into.
// Everything generic (paint order, placement, effects, fades, overlays, the kept scene) is the
// composer's.
import PointerEngine
import PixmanRenderer

/// The showcase's looks and items for one frame (made per frame: PlaygroundSession.compose).
public struct ShowcaseComposer {
    public var layout: Layout
    public var state: ShowcaseState
    public var hud: GestureHUD?
    /// Whether the layout is the showcase (its own looks) or a user's file (generic looks).
    public var isShowcase: Bool
    /// How the cards name the keys (Ctrl copy, or ⌥ copy).
    public var conventions: Conventions
    /// The HUD's items kept between frames (nil: drawn from scratch, the reference).
    var hudCache: HUDItemCache?
    /// A number that changes whenever `state` does (PlaygroundSession's), keying the kept looks
    /// in its place; nil: they are keyed on the state itself.
    var stateVersion: Int?

    public init(layout: Layout, state: ShowcaseState = ShowcaseState(), hud: GestureHUD? = nil, isShowcase: Bool,
                conventions: Conventions = .desktop) {
        self.layout = layout; self.state = state; self.hud = hud; self.isShowcase = isShowcase; self.conventions = conventions
    }

    /// The display items of `frame` built from scratch (the reference a kept composition must
    /// equal); `surfaceFrame` gives an element's live frame on the surface.
    public func items(for frame: Frame, surfaceFrame: (ElementID) -> Rect?, measure: @escaping TextMeasure) -> [DisplayItem] {
        var fresh = self
        fresh.hudCache = nil
        return FrameComposer.referenceItems(frame, layout: layout, surfaceFrame: surfaceFrame, measure: measure, client: fresh)
    }

    /// Composes `frame` into `composer`'s scene, the HUD kept in `hudCache`. `measure` must
    /// measure at `composer.scale`.
    func compose(_ frame: Frame, into composer: FrameComposer, hudCache: HUDItemCache, surfaceFrame: (ElementID) -> Rect?,
                 measure: @escaping TextMeasure) {
        var kept = self
        kept.hudCache = hudCache
        composer.compose(frame, layout: layout, surfaceFrame: surfaceFrame, measure: measure, client: kept)
    }

    /// One item per HUD operation, numbered from 0; a panel too short for the rows clips them.
    static func hudItems(_ hud: GestureHUD, in place: GestureHUD.Placement, ink: Ink) -> [DisplayItem] {
        let (head, y) = hud.gestureParts(in: place.rows)
        var items: [DisplayItem] = []
        for p in head + hud.pointerParts(in: place.rows, from: y) {
            for op in p.ops(in: place.rect(p), ink: ink) { items.append(place.item(items.count, op, of: p)) }
        }
        return items
    }

    /// Where the HUD draws in its panel `r` this frame (scrolled when the panel is a scroll view).
    static func hudPlacement(_ r: Rect, _ frame: Frame) -> GestureHUD.Placement {
        let offset = frame.containers.first { $0.element == Showcase.ID.hud }?.transform.offset.dy ?? 0
        return GestureHUD.Placement(viewport: r, offset: offset)
    }
}

extension ShowcaseComposer: ComposerClient {
    /// What the kept looks were drawn for besides the frame (the conventions never change in a session).
    struct LooksKey: Hashable {
        var state: ShowcaseState
        var isShowcase: Bool
    }

    package var looksKey: AnyHashable {
        if let stateVersion { return AnyHashable(isShowcase ? stateVersion : ~stateVersion) }
        return LooksKey(state: state, isShowcase: isShowcase)
    }

    package func factKind(of id: ElementID) -> UInt8 { isShowcase ? ContentFacts.kind(of: id).rawValue : 0 }

    package func facts(of frame: Frame) -> AnyHashable? { isShowcase ? ContentFacts(frame) : nil }

    package func facts(_ facts: AnyHashable, relevantTo kind: UInt8) -> AnyHashable {
        guard let all = facts.base as? ContentFacts, let k = ContentFacts.Kind(rawValue: kind) else { return facts }
        return all.relevant(k)
    }

    package func look(_ e: Element, in r: Rect, state st: ElementState?, facts: AnyHashable?, ink: Ink) -> [DrawOp]? {
        guard isShowcase else { return ElementLook.generic(e, in: r, state: st, ink: ink) }
        let content = ShowcaseContent(state: state, facts: facts?.base as? ContentFacts ?? ContentFacts(), ink: ink, layout: layout,
                                      conventions: conventions)
        return content.ops(e, in: r, state: st) ?? ElementLook.generic(e, in: r, state: st, ink: ink)
    }

    /// The showcase draws its own minimizing toolbar and playback fades.
    package func drawsOwnReveal(_ id: ElementID) -> Bool {
        isShowcase && (id == Showcase.ID.miniToolbarArea || id == Showcase.ID.playback)
    }

    package var edgeBackground: PointerEngine.Color { Palette.panel }

    package var menuHint: String? { state.menuHint }

    package func middleItems(_ frame: Frame, surfaceFrame: (ElementID) -> Rect?, ink: Ink, generation: Int)
        -> (items: [DisplayItem], changed: [Int]?) {
        guard let hud, isShowcase, let r = surfaceFrame(Showcase.ID.hud) else { return ([], []) }
        let place = Self.hudPlacement(r, frame)
        guard let hudCache else { return (Self.hudItems(hud, in: place, ink: ink), nil) }
        return hudCache.items(hud, in: place, ink: ink, generation: generation)
    }
}
