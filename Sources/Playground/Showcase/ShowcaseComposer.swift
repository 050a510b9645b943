// Frame + layout → display items, in the paint order Frame.swift documents; the looks come from
// the renderer's Painter (Painter.swift, Painter+Frame.swift).
import PointerEngine
import PixmanRenderer

/// Builds the display list of one frame.
public struct ShowcaseComposer {
    public var layout: Layout
    public var state: ShowcaseState
    public var hud: GestureHUD?
    /// Whether the layout is the showcase (its own looks) or a user's file (generic looks).
    public var isShowcase: Bool
    /// How the cards name the keys (Ctrl copy, or ⌥ copy).
    public var conventions: Conventions

    public init(layout: Layout, state: ShowcaseState = ShowcaseState(), hud: GestureHUD? = nil, isShowcase: Bool,
                conventions: Conventions = .desktop) {
        self.layout = layout; self.state = state; self.hud = hud; self.isShowcase = isShowcase; self.conventions = conventions
    }

    /// The display items of `frame`; `surfaceFrame` gives an element's live frame on the surface.
    /// Built from scratch: the reference the cached build (`items(for:…cache:)`) must equal.
    public func items(for frame: Frame, surfaceFrame: (ElementID) -> Rect?, measure: @escaping TextMeasure) -> [DisplayItem] {
        items(for: frame, surfaceFrame: surfaceFrame, measure: measure, cache: nil)
    }

    /// The display items of `frame`, reusing from `cache` the item of every element whose
    /// inputs did not change (issue 8). `measure` must measure at `cache.scale` (the caller
    /// keeps them together: PlaygroundSession.displayItems(on:)).
    public func items(for frame: Frame, surfaceFrame: (ElementID) -> Rect?, measure: @escaping TextMeasure,
                      cache: DisplayListCache?) -> [DisplayItem] {
        // The kept build measures lines from their characters (LineWidths); the fresh one, the
        // reference, measures every line whole.
        let ink = cache.map { c in Ink(measure: { [lines = c.lines] in lines.measure($0, $1, measure) }) } ?? Ink(measure: measure)
        let facts = ContentFacts(frame)
        let content = ShowcaseContent(state: state, facts: facts, ink: ink, layout: layout, conventions: conventions)
        if let cache { return cachedItems(frame, surfaceFrame: surfaceFrame, facts: facts, content: content, ink: ink, cache: cache) }
        var items: [DisplayItem] = []
        var pointerDrawn = false
        let structure = LayoutStructure(layout)
        let present = Present(structure, frame)
        items.reserveCapacity(structure.paintOrder.count + 16)
        let under = underSlot(frame, structure)
        for (slot, id) in structure.paintOrder.enumerated() {
            let (shown, item) = elementSlot(slot, id, surfaceFrame(id), structure, present, facts: facts,
                                            content: content, ink: ink, cache: nil)
            guard shown else { continue }
            if slot == under {
                items.append(DisplayItem(ItemID("pointer"), Painter.pointer(frame.pointer)))
                pointerDrawn = true
            }
            if let item { items.append(item) }
        }
        overlaysUnderHUD(frame, surfaceFrame: surfaceFrame, content: content, ink: ink, into: &items)
        if let hud, let r = surfaceFrame(Showcase.ID.hud), isShowcase {
            // One item per operation: a changed value repaints its own line, not the whole panel.
            items += ShowcaseComposer.hudItems(hud, in: Self.hudPlacement(r, frame), ink: ink)
        }
        overlaysOverHUD(frame, pointer: pointerDrawn ? nil : Painter.pointer(frame.pointer), ink: ink, into: &items)
        return items
    }

    /// The kept build: only the elements whose inputs may have changed are looked at (the others
    /// put in what they put in last frame: DisplayListCache.touchedSlots), and last frame's list
    /// is changed in place where it can be (DisplayListCache.assemble).
    func cachedItems(_ frame: Frame, surfaceFrame: (ElementID) -> Rect?, facts: ContentFacts, content: ShowcaseContent, ink: Ink,
                     cache: DisplayListCache) -> [DisplayItem] {
        cache.prepare(layout: layout, state: state, isShowcase: isShowcase)
        let structure = cache.structure
        // The frame's states, effects and container transforms by slot (no hashing per element).
        let present = cache.present(structure, frame)
        let some = cache.touchedSlots(present, structure)
        func look(_ slot: Int) {
            let id = structure.paintOrder[slot]
            _ = elementSlot(slot, id, surfaceFrame(id), structure, present, facts: facts, content: content, ink: ink, cache: cache)
        }
        if some { cache.forEachTouched(look) } else { for slot in structure.paintOrder.indices { look(slot) } }
        let pointer = DisplayItem(ItemID("pointer"), Painter.pointer(frame.pointer))
        let under = cache.shownSlot(underSlot(frame, structure))
        cache.pre.removeAll(keepingCapacity: true)
        cache.post.removeAll(keepingCapacity: true)
        overlaysUnderHUD(frame, surfaceFrame: surfaceFrame, content: content, ink: ink, into: &cache.pre)
        var hudShown = false
        if let hud, let r = surfaceFrame(Showcase.ID.hud), isShowcase {
            cache.updateHUD(hud, in: Self.hudPlacement(r, frame), ink: ink)
            hudShown = true
        }
        overlaysOverHUD(frame, pointer: under == nil ? pointer.ops : nil, ink: ink, into: &cache.post)
        return cache.assemble(onlyTouched: some, under: under, pointer: pointer, hud: hudShown)
    }

    /// The slot of the element the pointer draws under (E2: slipping under a lifted element), if any.
    func underSlot(_ frame: Frame, _ structure: LayoutStructure) -> Int? {
        frame.pointer.isUnderContent ? frame.pointer.underElement.flatMap { structure.slot[$0] } : nil
    }

    /// The overlays drawn over the content and under the HUD (Frame.swift order 3–6).
    func overlaysUnderHUD(_ frame: Frame, surfaceFrame: (ElementID) -> Rect?, content: ShowcaseContent, ink: Ink,
                          into items: inout [DisplayItem]) {
        for (k, fx) in frame.scrollEdgeEffects.enumerated() {
            items.append(DisplayItem(ItemID("edge", k), Painter.scrollEdgeEffect(fx, background: Palette.panel)))
        }
        for (k, s) in frame.scrollIndicators.enumerated() where s.opacity > 0 {
            items.append(DisplayItem(ItemID("indicator", k), Painter.scrollIndicator(s.rect, opacity: s.opacity)))
        }
        for d in frame.dropTargets where d.opacity > 0 {
            items.append(DisplayItem(ItemID("drop", Int(d.element.rawValue)), Painter.dropTarget(d)))
        }
        if let band = frame.bandSelection {
            // Clipped to the collection's viewport as its items are (I1: auto-scrolling, the
            // pointer is past the edge).
            items.append(DisplayItem(ItemID("band"), Painter.bandSelection(band.rect).map { $0.fading(band.opacity) },
                                     clip: band.viewport, clipCornerRadius: band.viewportCornerRadius))
        }
        if let drag = frame.drag, let first = drag.items.first, let e = layout[first], let r = surfaceFrame(first) {
            var ops = (isShowcase ? content.ops(e, in: r, state: nil) : nil) ?? ElementLook.generic(e, in: r, state: nil, ink: ink)
            let s = drag.previewRect.width / max(r.width, 1)
            ops = ops.map { $0.transformed(scale: s, about: r.center, offset: drag.previewRect.center - r.center) }
            ops.insert(.shadow(.roundedRect(cornerRadius: drag.cornerRadius), drag.previewRect, blur: 8, offset: Vector(0, 6),
                               Paint.black.withAlpha(0.3)), at: 0)
            if drag.items.count > 1 {
                let b = Rect(x: drag.previewRect.maxX - 10, y: drag.previewRect.minY - 8, width: 20, height: 20)
                ops += [.fill(.ellipse, b, Palette.red), ink.centered("\(drag.items.count)", in: b, font: .system(11, bold: true), .white)]
            }
            items.append(DisplayItem(ItemID("drag"), ops.map { $0.fading(drag.opacity) }))
        }
    }

    /// What is drawn over the HUD: the pointer (`pointer`: its operations, when not drawn under an
    /// element), accessories, annotations and the context menu.
    func overlaysOverHUD(_ frame: Frame, pointer: [DrawOp]?, ink: Ink, into items: inout [DisplayItem]) {
        if let pointer { items.append(DisplayItem(ItemID("pointer"), pointer)) }
        for (k, a) in frame.accessories.enumerated() where a.opacity > 0 {
            items.append(DisplayItem(ItemID("accessory", k), Painter.accessory(a)))
        }
        let surface = Rect(x: 0, y: 0, width: frame.surfaceSize.width, height: frame.surfaceSize.height)
        for (k, a) in frame.annotations.enumerated() where a.opacity > 0 {
            let m = ink.measure(a.text, Painter.annotationFont(size: a.fontSize))
            items.append(DisplayItem(ItemID("annotation", k), Painter.annotation(a, metrics: m, within: surface)))
        }
        if let menu = frame.contextMenu, menu.opacity > 0 {
            items += contextMenu(menu, ink: ink)
            if let hint = state.menuHint { items.append(menuHint(hint, under: menu, within: frame.surfaceSize, ink: ink)) }
        }
    }

    /// A pill under the menu (above it where the window ends first) saying why its keys do not
    /// work and what to do (issue 30.5): the keyboard stayed in the drag's source window.
    func menuHint(_ text: String, under m: ContextMenuAppearance, within surface: Size, ink: Ink) -> DisplayItem {
        let font = Font.system(12)
        let w = ink.measure(text, font).width + 24, h = 26.0
        let x = min(max(m.frame.midX - w / 2, 4), max(surface.width - w - 4, 4))
        let below = m.frame.maxY + 8
        let y = below + h <= surface.height - 4 ? below : max(m.frame.minY - 8 - h, 4)
        let r = Rect(x: x, y: y, width: w, height: h)
        let ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: h / 2), r, Paint(hex: 0x1C1C1E, alpha: 0.86)),
                             ink.centered(text, in: r, font: font, .white)]
        return DisplayItem(ItemID("menu", 2), ops.map { $0.fading(m.opacity) })
    }

    /// The element at `slot` of the paint order, at `surfaceFrame` (nil: not on the surface):
    /// whether it is on the surface at all (not clipped away by its scroll container, not faded
    /// out) and its item, from `cache` when what it is drawn from did not change.
    func elementSlot(_ slot: Int, _ id: ElementID, _ surfaceFrame: Rect?, _ structure: LayoutStructure, _ present: Present,
                     facts: ContentFacts, content: ShowcaseContent, ink: Ink,
                     cache: DisplayListCache?) -> (shown: Bool, item: DisplayItem?) {
        guard var r = surfaceFrame else { cache?.hide(slot: slot); return (false, nil) }
        // Content of a scroll container is clipped to its viewport (rounded like the
        // container), turned with it when it rotates (I5, G5).
        let place = placement(slot: slot, structure, present)
        if let turned = place.unturned { r = turned }
        if let clip = place.clip, place.rotation == nil, !clip.intersects(r) { cache?.hide(slot: slot); return (false, nil) }
        let opacity = revealOpacity(slot: slot, structure, present)
        if opacity <= 0 { cache?.hide(slot: slot); return (false, nil) }
        guard let cache else {
            return (true, elementItem(id, in: r, present.state(slot), present.effect(slot), place, opacity, content: content, ink: ink))
        }
        let kind = isShowcase ? structure.facts[slot] : .none
        let relevant = kind == .none ? nil : facts.relevant(kind)
        let keyed = cache.keyIgnoresContentFacts ? nil : relevant
        if let hit = cache.item(slot: slot, frame: r, present: present, placement: place, opacity: opacity, facts: keyed) {
            return (true, hit)
        }
        let st = present.state(slot), fx = present.effect(slot)
        // The look itself is drawn again only when its frame, state or facts changed, not for
        // an effect animating over it (E1–E5) or a fade.
        let look: [DrawOp]?
        if let kept = cache.look(slot: slot, frame: r, state: st, facts: keyed) {
            look = kept
        } else {
            // Drawn from the facts the key holds, not the frame's: a look reading more than its
            // key would draw differently from the fresh build (property test).
            let own = ShowcaseContent(state: state, facts: relevant ?? ContentFacts(), ink: ink, layout: layout, conventions: conventions)
            look = self.look(id, in: r, st, content: own, ink: ink)
        }
        let item = look.flatMap { elementItem(id, look: $0, st, fx, place, opacity) }
        cache.store(item, look: look, slot: slot,
                    key: DisplayListCache.ElementKey(frame: r, state: st, effect: fx.map(DisplayListCache.KeptEffect.init),
                                                     placement: place, opacity: opacity, facts: keyed ?? ContentFacts()))
        return (true, item)
    }

    /// The item of one element: its look (the showcase's, or the generic one), faded while it
    /// is dragged away, with its effect, faded by its reveal, clipped and turned with its
    /// scroll container. Nil when it draws nothing.
    func elementItem(_ id: ElementID, in r: Rect, _ st: ElementState?, _ fx: EffectAppearance?, _ place: Placement,
                     _ opacity: Double, content: ShowcaseContent, ink: Ink) -> DisplayItem? {
        look(id, in: r, st, content: content, ink: ink).flatMap { elementItem(id, look: $0, st, fx, place, opacity) }
    }

    /// An element's look at `r` in state `st` (nil: no such element).
    func look(_ id: ElementID, in r: Rect, _ st: ElementState?, content: ShowcaseContent, ink: Ink) -> [DrawOp]? {
        guard let e = layout[id] else { return nil }
        return (isShowcase ? content.ops(e, in: r, state: st) : nil) ?? ElementLook.generic(e, in: r, state: st, ink: ink)
    }

    /// The item of an element from its look.
    func elementItem(_ id: ElementID, look: [DrawOp], _ st: ElementState?, _ fx: EffectAppearance?, _ place: Placement,
                     _ opacity: Double) -> DisplayItem? {
        var ops = look
        if st?.isDragSource == true { ops = ops.map { $0.fading(0.4) } }
        if let fx { ops = Painter.effect(fx, content: ops) }
        if opacity < 1 { ops = ops.map { $0.fading(opacity) } }
        guard !ops.isEmpty else { return nil }
        return DisplayItem(ItemID("el", Int(id.rawValue)), ops, clip: place.clip, clipCornerRadius: place.cornerRadius,
                           rotation: place.rotation)
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

    /// Where an element inside a scroll container draws: clipped to the container's viewport
    /// (with its corner radius) and, when the container is rotated, laid out unturned (zoom and
    /// offset applied) and turned about the viewport's centre.
    struct Placement: Hashable {
        var clip: Rect?
        var cornerRadius = 0.0
        var rotation: Rotation?
        var unturned: Rect?
    }

    /// What the frame says about each slot: its state, its effect, and (for a scroll
    /// container) its live transform. First entry wins, as in a dictionary built with the
    /// first; for effects the last (a cross-fade lists the newest last).
    struct Present {
        let frame: Frame
        let states: [Int32], effects: [Int32], transforms: [Int32]
        init(_ structure: LayoutStructure, _ frame: Frame) {
            self.frame = frame
            states = structure.indices(of: frame.elementStates, element: \.element)
            effects = structure.indices(of: frame.effects, element: \.element, lastWins: true)
            transforms = structure.indices(of: frame.containers, element: \.element)
        }
        init(frame: Frame, states: [Int32], effects: [Int32], transforms: [Int32]) {
            self.frame = frame; self.states = states; self.effects = effects; self.transforms = transforms
        }
        func state(_ slot: Int) -> ElementState? { states[slot] < 0 ? nil : frame.elementStates[Int(states[slot])] }
        func effect(_ slot: Int) -> EffectAppearance? { effects[slot] < 0 ? nil : frame.effects[Int(effects[slot])] }
        func transform(_ slot: Int) -> ContainerTransform? { transforms[slot] < 0 ? nil : frame.containers[Int(transforms[slot])].transform }
    }

    func placement(slot: Int, _ structure: LayoutStructure, _ present: Present) -> Placement {
        let c = structure.scrollContainer[slot]
        guard c >= 0 else { return Placement() }
        guard let t = present.transform(c) else { return Placement(clip: structure.frame[c], cornerRadius: structure.cornerRadius[c]) }
        var place = Placement(clip: t.viewport, cornerRadius: structure.cornerRadius[c])
        // Inside a scroll container inside another (the List in the cards' content view): the
        // outer viewports clip too.
        var outer = structure.scrollContainer[c]
        while outer >= 0 {
            if let o = present.transform(outer) { place.clip = place.clip?.intersection(o.viewport) ?? .zero }
            outer = structure.scrollContainer[outer]
        }
        if t.rotation != 0 {
            var upright = t
            upright.rotation = 0
            place.unturned = upright.apply(structure.frame[slot])
            place.rotation = Rotation(angle: t.rotation, center: t.viewport.center)
        }
        return place
    }

    /// Hover-revealed controls fade with their reveal opacity (I4, H1–H4); their children too.
    /// The nearest revealing ancestor (or the element itself) with a reveal state decides.
    func revealOpacity(slot: Int, _ structure: LayoutStructure, _ present: Present) -> Double {
        for k in structure.revealers[slot] {
            if let o = present.state(k)?.revealOpacity {
                // The showcase draws its own minimizing toolbar and playback fades.
                let cur = structure.paintOrder[k]
                if isShowcase && (cur == Showcase.ID.miniToolbarArea || cur == Showcase.ID.playback) { return 1 }
                return o
            }
        }
        return 1
    }

    /// The open menu where the engine placed it (inside the window, G9): its panel, then its
    /// entries clipped to the panel, so that scrolled ones end at its edge, and a scroll
    /// indicator while the entries do not all fit.
    func contextMenu(_ m: ContextMenuAppearance, ink: Ink) -> [DisplayItem] {
        let font = Font.system(ContextMenuInteraction.fontSize)
        let r = m.frame
        let panel: [DrawOp] = [.shadow(.roundedRect(cornerRadius: 12), r, blur: 12, offset: Vector(0, 8), Paint.black.withAlpha(0.22)),
                               .fill(.roundedRect(cornerRadius: 12), r, Paint(hex: 0xF9F9FB, alpha: 0.97)),
                               .stroke(.roundedRect(cornerRadius: 12), r, lineWidth: 0.5, Palette.hairline)]
        var rows: [DrawOp] = []
        for i in m.visibleItems {
            let f = m.itemFrame(i), row = Rect(x: f.minX + ContextMenuAppearance.inset, y: f.minY, width: f.width - 2 * ContextMenuAppearance.inset, height: f.height)
            // A disabled entry is dimmed (I6: "Reopen Closed Tab" with nothing to reopen;
            // issue 18.3: a drop's actions it cannot take).
            let off = m.disabled.contains(i)
            let hi = m.highlightedIndex == i && !off
            if hi { rows.append(.fill(.roundedRect(cornerRadius: 7), row, Palette.accent)) }
            rows.append(ink.leading(m.items[i], x: row.minX + 12, in: row, font: font, hi ? .white : (off ? Palette.tertiaryInk : Palette.ink)))
        }
        if m.scrolls {
            let track = r.insetBy(ContextMenuAppearance.inset + 2)
            let h = max(track.height * r.height / m.contentHeight, 16)
            let y = track.minY + (track.height - h) * m.scrollOffset / max(m.maximumScrollOffset, 1)
            rows += Painter.scrollIndicator(Rect(x: r.maxX - 6, y: y, width: 3, height: h))
        }
        return [DisplayItem(ItemID("menu"), panel.map { $0.fading(m.opacity) }),
                DisplayItem(ItemID("menu", 1), rows.map { $0.fading(m.opacity) }, clip: Rect(x: r.minX, y: r.minY + 2, width: r.width, height: r.height - 4))]
    }
}
