// The overlays the composer draws over the elements (Frame.swift's paint order 3–6): scroll edge
// effects, scroll indicators, drop targets, the band, the drag preview; then, over the client's
// middle items (the showcase's HUD), the pointer, accessories, annotations and the context menu
// with its hint. Rebuilt every frame (a few items); the scene writes only those that changed
// count or place, and the renderer finds the unchanged ones equal.
import PointerEngine

extension FrameComposer {
    /// Colours of the composer's own drawing: the drag badge and the context menu.
    enum Colors {
        static let badge = Color(hex: 0xFF453A)
        static let menuPanel = Color(hex: 0xF9F9FB, alpha: 0.97)
        static let menuHighlight = Color(hex: 0x0A84FF)
        static let menuInk = Color(hex: 0x1C1C1E)
        static let menuDisabledInk = Color(hex: 0xA1A1A6)
        static let hairline = Color(hex: 0x000000, alpha: 0.09)
        static let hintPill = Color(hex: 0x1C1C1E, alpha: 0.86)
    }

    /// The overlays drawn over the content and under the client's middle items.
    func overlaysUnderMiddle(_ frame: Frame, layout: Layout, surfaceFrame: (ElementID) -> Rect?, facts: AnyHashable?, ink: Ink,
                             client: some ComposerClient, into items: inout [DisplayItem]) {
        for (k, fx) in frame.scrollEdgeEffects.enumerated() {
            items.append(DisplayItem(ItemID("edge", k), Painter.scrollEdgeEffect(fx, background: client.edgeBackground)))
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
            // The first item's look at rest, scaled onto the preview, with a shadow and a count.
            let kind = structure.slot[first].map { Int(factKinds[$0]) } ?? 0
            let own = reference ? facts : kind == 0 ? nil : kindFacts[kind]
            var ops = client.look(e, in: r, state: nil, facts: own, ink: ink) ?? []
            let s = drag.previewRect.width / max(r.width, 1)
            ops = ops.map { $0.transformed(scale: s, about: r.center, offset: drag.previewRect.center - r.center) }
            ops.insert(.shadow(.roundedRect(cornerRadius: drag.cornerRadius), drag.previewRect, blur: 8, offset: Vector(0, 6),
                               Color.black.withAlpha(0.3)), at: 0)
            if drag.items.count > 1 {
                let b = Rect(x: drag.previewRect.maxX - 10, y: drag.previewRect.minY - 8, width: 20, height: 20)
                ops += [.fill(.ellipse, b, Colors.badge), ink.centered("\(drag.items.count)", in: b, font: .system(11, bold: true), .white)]
            }
            items.append(DisplayItem(ItemID("drag"), ops.map { $0.fading(drag.opacity) }))
        }
    }

    /// What is drawn over the middle items: the pointer (`pointer`: its operations, when not
    /// drawn under an element), accessories, annotations and the context menu.
    func overlaysOverMiddle(_ frame: Frame, pointer: [DrawOp]?, ink: Ink, client: some ComposerClient,
                            into items: inout [DisplayItem]) {
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
            if let hint = client.menuHint { items.append(menuHint(hint, under: menu, within: frame.surfaceSize, ink: ink)) }
        }
    }

    /// A pill under the menu (above it where the window ends first) saying why its keys do not
    /// work and what to do (issue 30.5: the keyboard stayed in the drag's source window).
    func menuHint(_ text: String, under m: ContextMenuAppearance, within surface: Size, ink: Ink) -> DisplayItem {
        let font = Font.system(12)
        let w = ink.measure(text, font).width + 24, h = 26.0
        let x = min(max(m.frame.midX - w / 2, 4), max(surface.width - w - 4, 4))
        let below = m.frame.maxY + 8
        let y = below + h <= surface.height - 4 ? below : max(m.frame.minY - 8 - h, 4)
        let r = Rect(x: x, y: y, width: w, height: h)
        let ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: h / 2), r, Colors.hintPill), ink.centered(text, in: r, font: font, .white)]
        return DisplayItem(ItemID("menu", 2), ops.map { $0.fading(m.opacity) })
    }

    /// The open menu where the engine placed it (inside the window, G9): its panel, then its
    /// entries clipped to the panel, so that scrolled ones end at its edge, and a scroll
    /// indicator while the entries do not all fit.
    func contextMenu(_ m: ContextMenuAppearance, ink: Ink) -> [DisplayItem] {
        let font = Font.system(ContextMenuInteraction.fontSize)
        let r = m.frame
        let panel: [DrawOp] = [.shadow(.roundedRect(cornerRadius: 12), r, blur: 12, offset: Vector(0, 8), Color.black.withAlpha(0.22)),
                               .fill(.roundedRect(cornerRadius: 12), r, Colors.menuPanel),
                               .stroke(.roundedRect(cornerRadius: 12), r, lineWidth: 0.5, Colors.hairline)]
        var rows: [DrawOp] = []
        let inset = ContextMenuAppearance.inset
        for i in m.visibleItems {
            let f = m.itemFrame(i), row = Rect(x: f.minX + inset, y: f.minY, width: f.width - 2 * inset, height: f.height)
            // A disabled entry is dimmed (I6: "Reopen Closed Tab" with nothing to reopen;
            // issue 18.3: a drop's actions it cannot take).
            let off = m.disabled.contains(i)
            let hi = m.highlightedIndex == i && !off
            if hi { rows.append(.fill(.roundedRect(cornerRadius: 7), row, Colors.menuHighlight)) }
            rows.append(ink.leading(m.items[i], x: row.minX + 12, in: row, font: font,
                                    hi ? .white : (off ? Colors.menuDisabledInk : Colors.menuInk)))
        }
        if m.scrolls {
            let track = r.insetBy(inset + 2)
            let h = max(track.height * r.height / m.contentHeight, 16)
            let y = track.minY + (track.height - h) * m.scrollOffset / max(m.maximumScrollOffset, 1)
            rows += Painter.scrollIndicator(Rect(x: r.maxX - 6, y: y, width: 3, height: h))
        }
        return [DisplayItem(ItemID("menu"), panel.map { $0.fading(m.opacity) }),
                DisplayItem(ItemID("menu", 1), rows.map { $0.fading(m.opacity) },
                            clip: Rect(x: r.minX, y: r.minY + 2, width: r.width, height: r.height - 4))]
    }
}
