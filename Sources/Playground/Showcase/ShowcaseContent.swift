// What the showcase's elements look like (ShowcaseState.swift holds the app state behind them).
// The engine says where things are and how they are affected; this says what they are.
import PointerEngine
import PixmanRenderer

/// What the showcase's looks read from the frame besides their own element's state: the
/// text selection, the scrubbers, two reveal fades and the pages' scroll offset. Kept apart so
/// the frame composer (FrameComposer, through ShowcaseComposer) can key each element on exactly what it reads.
struct ContentFacts: Hashable {
    typealias ID = Showcase.ID
    var textSelection: TextSelectionAppearance?
    var scrubbers: [ScrubberAppearance] = []
    var playbackReveal = 1.0
    var miniToolbarReveal = 1.0
    var pagesOffset = 0.0
    init() {}
    init(_ frame: Frame) {
        textSelection = frame.textSelection
        scrubbers = frame.scrubbers
        for s in frame.elementStates {
            if s.element == ID.playback { playbackReveal = s.revealOpacity }
            if s.element == ID.miniToolbarArea { miniToolbarReveal = s.revealOpacity }
        }
        pagesOffset = frame.containers.first { $0.element == ID.pages }?.transform.offset.dx ?? 0
    }

    /// Which of the facts an element's look reads (ShowcaseContent.ops); at most one.
    enum Kind: UInt8 {
        case none, textSelection, scrubbers, playbackReveal, miniToolbarReveal, pagesOffset
    }

    /// The fact the look of `id` reads (kept per element by LayoutStructure).
    static func kind(of id: ElementID) -> Kind {
        switch id {
        case ID.text: .textSelection
        case ID.video, ID.scrubber: .scrubbers
        case ID.skipBack, ID.play, ID.skipForward: .playbackReveal
        case ID.miniToolbarArea: .miniToolbarReveal
        case _ where ID.miniButtons.contains(id): .miniToolbarReveal
        case _ where ID.panels.count > 7 && id == ID.panels[7]: .pagesOffset
        default: .none
        }
    }

    /// Only the facts the look of `id` reads (ShowcaseContent.ops); the rest at their
    /// defaults. The cache draws an element from these, so a look that reads a fact not kept
    /// here draws differently from a fresh build, which the cache's property test catches.
    func relevant(to id: ElementID) -> ContentFacts { relevant(ContentFacts.kind(of: id)) }

    func relevant(_ kind: Kind) -> ContentFacts {
        var f = ContentFacts()
        switch kind {
        case .none: break
        case .textSelection: f.textSelection = textSelection
        case .scrubbers: f.scrubbers = scrubbers
        case .playbackReveal: f.playbackReveal = playbackReveal
        case .miniToolbarReveal: f.miniToolbarReveal = miniToolbarReveal
        case .pagesOffset: f.pagesOffset = pagesOffset
        }
        return f
    }
}

/// Paints the showcase's elements.
struct ShowcaseContent {
    typealias ID = Showcase.ID
    let state: ShowcaseState
    let facts: ContentFacts
    let ink: Ink
    let layout: Layout
    /// Names the keys in the cards' hints (I2).
    let conventions: Conventions

    /// "Ctrl copy" on the desktop, "⌥ copy" on the Mac.
    func keyHint(_ op: DragOperation) -> String { conventions.label(conventions.keys(for: op)) + " " + op.rawValue }

    /// The look of `e` at `r`; nil: the generic look.
    func ops(_ e: Element, in r: Rect, state s: ElementState?) -> [DrawOp]? {
        let id = e.id
        if id == ID.toolbar { return toolbar(r) }
        if id == ID.sidebar { return [.fill(.rect, r, Palette.sidebar), .fill(.rect, Rect(x: r.maxX - 0.5, y: r.minY, width: 0.5, height: r.height), Palette.hairline)] }
        if let i = ID.sidebarRows.firstIndex(of: id) { return sidebarRow(i, r) }
        if id == ID.sidebarAdd { return roundButton("+", r, font: .system(16, bold: true)) }
        if id == ID.sidebarEdit { return roundButton("Edit", r, font: .system(12, bold: true)) }
        if let g = barGlyph(id) { return [ink.centered(g, in: r, font: .system(17), Palette.accent)] }
        if id == ID.hudToggle { return hudToggle(r) }
        if let k = Showcase.windowControl(id) { return windowButton(k, r) }
        if id == ID.content || id == ID.hud || ID.windowEdges.contains(id) { return [] }
        if id == ID.segmented { return [.fill(.roundedRect(cornerRadius: e.cornerRadius), r, Paint(hex: 0xE6E6EB))] }
        if let i = ID.segments.firstIndex(of: id) { return segment(i, e, r) }
        if let i = ID.icons.firstIndex(of: id) { return appIcon(i, r) }
        if let i = ID.draggables.firstIndex(of: id) { return appIcon([6, 1, 2][i], r, glyph: ["✎", "☀", "♫"][i]) }
        if ID.rows.contains(id) { return listRow(e, r) }
        if let i = ID.cards.firstIndex(of: id) { return card(i, e, r) }
        if id == ID.list || id == ID.collection { return [.fill(.roundedRect(cornerRadius: 10), r, Paint(hex: 0xF8F8FA))] }
        if id == ID.text { return textArea(e, r) }
        if id == ID.tabBar { return [.fill(.roundedRect(cornerRadius: e.cornerRadius), r, Paint(hex: 0xE6E6EB))] }
        if let i = ID.tabs.firstIndex(of: id) { return tab(i, r) }
        if let k = ID.tabCloses.firstIndex(of: id) { return tabClose(k, r, opacity: s?.revealOpacity ?? 1) }
        if id == ID.tabContent { return tabContent(r) }
        if id == ID.image { return picture(r) }
        if id == ID.graph { return graph(e, r) }
        if id == ID.video { return video(r) }
        if id == ID.playback { return [] }
        if [ID.skipBack, ID.play, ID.skipForward].contains(id) { return playbackButton(id, r, opacity: facts.playbackReveal) }
        if id == ID.scrubber { return scrubber(e, r) }
        if id == ID.pages { return [.fill(.roundedRect(cornerRadius: 12), r, Paint(hex: 0xF2F2F6))] }
        if let i = ID.pageCards.firstIndex(of: id) { return pageCard(i, r) }
        if let i = ID.collectionItems.firstIndex(of: id) { return collectionItem(i, r, selected: s?.isSelected ?? false) }
        if let i = ID.dropTargets.firstIndex(of: id) { return dropTarget(i, e, r) }
        if id == ID.canvas { return canvas(r) }
        if let i = ID.canvasShapes.firstIndex(of: id) { return canvasShape(i, r) }
        if id == ID.buy { return filledButton("Buy", r) }
        if id == ID.follow { return roundButton("Follow", r, font: .system(13, bold: true)) }
        if id == ID.picker { return picker(r) }
        if id == ID.menuCard { return menuCard(r) }
        if id == ID.miniToolbarArea { return miniToolbar(r) }
        if id == ID.miniToolbar { return [] }
        if let i = ID.miniButtons.firstIndex(of: id) { return miniButton(i, r) }
        if let i = ID.panels.firstIndex(of: id) { return panel(i, e, r) }
        return nil
    }

    // MARK: chrome

    func toolbar(_ r: Rect) -> [DrawOp] {
        // Right of the docked sidebar, else across the window (a sidebar shown over the content
        // starts under the toolbar).
        let leading = layout[ID.sidebar].map { $0.frame.minY == 0 } == true ? Showcase.sidebarWidth : 0
        let bar = Rect(x: leading, y: r.minY, width: r.width - leading, height: r.height)
        var ops: [DrawOp] = [.fill(.rect, bar, Palette.bar.withAlpha(0.96)),
                             .fill(.rect, Rect(x: bar.minX, y: bar.maxY - 0.5, width: bar.width, height: 0.5), Palette.hairline)]
        // The title, in the first row between the back/forward buttons and whatever comes next
        // there (the segmented control, or the right-hand buttons); left out where it does not
        // fit (issue 30.11).
        let forwardEnd = layout[ID.forward]?.frame.maxX ?? ShowcaseGeometry.dockedLeadingButtonsEnd
        let font = Font.system(15, bold: true), x = max(forwardEnd + ShowcaseGeometry.toolbarSpacing, bar.minX + ShowcaseGeometry.margin)
        let row = ShowcaseGeometry.toolbarRowHeight
        let next = [ID.segmented, ID.hudToggle, ID.share].compactMap { layout[$0]?.frame }.filter { $0.minY < row }.map(\.minX).min() ?? r.maxX
        if x + ink.width("Lodestone", font) + ShowcaseGeometry.toolbarSpacing <= next {
            ops.append(.text("Lodestone", font, baseline: Point(x, r.minY + row / 2 + 5), Palette.ink))
        }
        return ops
    }

    /// The HUD button: tinted while the HUD panel shows.
    func hudToggle(_ r: Rect) -> [DrawOp] {
        let shown = layout[ID.hud] != nil
        var ops: [DrawOp] = []
        if shown { ops.append(.fill(.roundedRect(cornerRadius: 8), r.insetBy(2), Palette.accent.withAlpha(0.16))) }
        ops.append(ink.centered("HUD", in: r, font: .system(11, bold: true), Palette.accent))
        return ops
    }

    func barGlyph(_ id: ElementID) -> String? {
        switch id {
        case ID.sidebarToggle: "☰"
        case ID.back: "‹"
        case ID.forward: "›"
        case ID.share: "⇪"
        case ID.add: "+"
        case ID.trash: "⌫"
        case ID.search: "⚲"
        default: nil
        }
    }

    func segment(_ i: Int, _ e: Element, _ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = []
        if state.segment == i {
            ops += Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, border: Palette.hairline, shadow: true)
        }
        ops.append(ink.centered(e.label, in: r, font: .system(12, bold: state.segment == i), Palette.ink))
        return ops
    }

    func sidebarRow(_ i: Int, _ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = []
        let selected = state.sidebarRow == i
        if selected { ops.append(.fill(.roundedRect(cornerRadius: 8), r, Paint(hex: 0x000000, alpha: 0.08))) }
        let glyphs = ["▦", "◷", "★", "⚇", "⌫"]
        ops.append(ink.centered(glyphs[i], in: Rect(x: r.minX + 6, y: r.minY, width: 22, height: r.height), font: .system(14), Palette.accent))
        ops.append(ink.leading(Showcase.sidebarNames[i], x: r.minX + 36, in: r, font: .system(13, bold: selected), Palette.ink))
        return ops
    }

    func roundButton(_ title: String, _ r: Rect, font: Font) -> [DrawOp] {
        Painter.control(r, cornerRadius: min(r.width, r.height) / 2, fill: .white, border: Palette.hairline, shadow: true)
            + [ink.centered(title, in: r, font: font, Palette.accent)]
    }

    func filledButton(_ title: String, _ r: Rect) -> [DrawOp] {
        [.shadow(.capsule, r, blur: 3, offset: Vector(0, 1.5), Palette.accent.withAlpha(0.35)),
         .gradient(.capsule, r, .vertical(Paint(hex: 0x3C9DFF), Palette.accent), opacity: 1),
         ink.centered(title, in: r, font: .system(13, bold: true), .white)]
    }

    func panel(_ i: Int, _ e: Element, _ r: Rect) -> [DrawOp] {
        var ops = Painter.control(r, cornerRadius: e.cornerRadius, fill: Palette.panel, border: Palette.hairline, shadow: true)
        ops.append(.text(e.label, .system(13, bold: true), baseline: Point(r.minX + 14, r.minY + 22), Palette.ink))
        let hint = i == 9 ? keyHint(.copy) : ["lift", "hover", "I-beam", "H4", "resize", "X/Y", "scrub", "swipe", "band", "", "pinch", "menus"][i]
        ops.append(ink.trailing(hint, x: r.maxX - 14, in: Rect(x: r.minX, y: r.minY + 8, width: r.width, height: 18),
                                font: .system(10), Palette.tertiaryInk))
        if i == 7 { ops += pageDots(r) }
        if i == 9 {
            let mid = Rect(x: r.minX, y: r.minY + 104, width: r.width, height: 16)
            ops.append(ink.centered("drag · \(keyHint(.copy)) · \(keyHint(.link))", in: mid, font: .system(10), Palette.secondaryInk))
        }
        return ops
    }

    // MARK: content

    func appIcon(_ i: Int, _ r: Rect, glyph: String? = nil) -> [DrawOp] {
        let colors: [(UInt32, UInt32)] = [(0x5AC8FA, 0x0A7AFF), (0xFFD66B, 0xFF6B6B), (0xFF6482, 0xE8254B), (0x7BE495, 0x2FA84F),
                                          (0xFFE680, 0xF5B800), (0xB0B0B8, 0x6C6C74), (0x7FB8FF, 0x3478F6), (0x3A3A3C, 0x111113),
                                          (0xFFB061, 0xF27A1A)]
        let (top, bottom) = colors[i % colors.count]
        let g = glyph ?? ["✉", "✿", "♫", "➤", "✎", "◉", "▤", "◷", "❏"][i % 9]
        return Painter.appIcon(r, top: Paint(hex: top), bottom: Paint(hex: bottom), glyph: nil)
            + [ink.centered(g, in: r, font: .system(r.height * 0.46), Paint.white.withAlpha(0.95))]
    }

    func listRow(_ e: Element, _ r: Rect) -> [DrawOp] {
        let i = ID.rows.firstIndex(of: e.id) ?? 0
        let dot = Rect(x: r.minX + 10, y: r.midY - 11, width: 22, height: 22)
        return [.fill(.roundedRect(cornerRadius: 6), dot, Palette.hues[i + 1]),
                ink.centered(["✉", "✎", "➤", "▤"][i], in: dot, font: .system(12), .white),
                ink.leading(e.label, x: r.minX + 42, in: r, font: .system(13), Palette.ink),
                ink.trailing("\([12, 3, 48, 210][i])  ›", x: r.maxX - 10, in: r, font: .system(12), Palette.tertiaryInk),
                .fill(.rect, Rect(x: r.minX + 42, y: r.maxY + 0.5, width: r.width - 42, height: 0.5), Palette.hairline)]
    }

    func card(_ i: Int, _ e: Element, _ r: Rect) -> [DrawOp] {
        let c: [(UInt32, UInt32)] = [(0x64D2FF, 0x0A84FF), (0xFFB340, 0xFF6B3D), (0x8EE59B, 0x30B158), (0xDA8FFF, 0x8E44E6)]
        return [.gradient(.roundedRect(cornerRadius: e.cornerRadius), r,
                          Gradient(.linear(from: Point(0, 0), to: Point(1, 1)), stops: [.init(0, Paint(hex: c[i].0)), .init(1, Paint(hex: c[i].1))]),
                          opacity: 1),
                .text(e.label, .system(13, bold: true), baseline: Point(r.minX + 10, r.maxY - 12), .white),
                .text(["4 places", "12 dishes", "Spring", "Mix"][i], .system(10), baseline: Point(r.minX + 10, r.minY + 18),
                      Paint.white.withAlpha(0.85))]
    }

    func textArea(_ e: Element, _ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 8), r, Paint(hex: 0xFBFBFD)),
                             .stroke(.roundedRect(cornerRadius: 8), r, lineWidth: 0.5, Palette.hairline)]
        if let sel = facts.textSelection, sel.element == e.id {
            for s in sel.rects { ops.append(.fill(.rect, s, Palette.accent.withAlpha(0.22))) }
            if let c = sel.caret { ops.append(.fill(.rect, c, Palette.accent)) }
        }
        let lh = Showcase.lineHeight, top = r.minY + (e.traits.text?.firstLineOffset ?? 0)
        for (i, line) in Showcase.textLines.enumerated() {
            ops.append(.text(line, .system(12.5), baseline: Point(r.minX + 8, (top + Double(i) * lh + 14.5).rounded()), Palette.ink))
        }
        return ops
    }

    /// The tab bar's slot `k`: the tab it shows, or (the slot left over) the closing tab
    /// shrinking out, fading as it narrows (TabStripInteraction).
    func tab(_ k: Int, _ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = []
        if k >= state.slots.count {
            guard let t = state.closing, k == state.slots.count, r.width >= 1 else { return [] }
            let fade = min(1, r.width / ShowcaseContent.tabFadeWidth)
            ops.append(.fill(.roundedRect(cornerRadius: 7), r, Palette.ink.withAlpha(0.06 * fade)))
            ops.append(ink.centered(Showcase.tabNames[t], in: r, font: .system(12), Palette.ink.withAlpha(fade)))
            return ops
        }
        let t = state.slots[k]
        let selected = state.tab == t
        if selected { ops += Painter.control(r, cornerRadius: 7, fill: .white, border: Palette.hairline, shadow: true) }
        let label = Rect(x: r.minX + 16, y: r.minY, width: r.width - 16, height: r.height)
        ops.append(ink.centered(Showcase.tabNames[t], in: label, font: .system(12, bold: selected), Palette.ink))
        return ops
    }

    /// A closing tab narrower than this (points) fades with its width.
    static let tabFadeWidth = 80.0

    func tabClose(_ k: Int, _ r: Rect, opacity: Double) -> [DrawOp] {
        guard opacity > 0, k < state.slots.count else { return [] }
        return [.fill(.ellipse, r, Paint(hex: 0x000000, alpha: 0.1 * opacity)),
                ink.centered("×", in: r.offsetBy(Vector(0, -0.5)), font: .system(12, bold: true), Palette.secondaryInk.fading(opacity))]
    }

    func tabContent(_ r: Rect) -> [DrawOp] {
        if state.slots.isEmpty {
            return [.fill(.roundedRect(cornerRadius: 10), r, Palette.ink.withAlpha(0.03)),
                    ink.centered("No open tabs", in: r.offsetBy(Vector(0, -10)), font: .system(14, bold: true), Palette.secondaryInk),
                    ink.centered("Tab bar menu: Reopen Closed Tab", in: r.offsetBy(Vector(0, 12)), font: .system(11), Palette.tertiaryInk)]
        }
        let t = state.tab
        let hue = Palette.hues[[0, 3, 4][t]]
        var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 10), r, hue.withAlpha(0.08))]
        ops.append(.text(Showcase.tabNames[t], .system(20, bold: true), baseline: Point(r.minX + 12, r.minY + 32), hue))
        let lines = ["Hover a tab: its close", "button appears. Tap it", "with touch: it stays until", "the pointer moves again."]
        for (i, l) in lines.enumerated() {
            ops.append(.text(l, .system(11), baseline: Point(r.minX + 12, r.minY + 60 + Double(i) * 17), Palette.secondaryInk))
        }
        return ops
    }

    func picture(_ r: Rect) -> [DrawOp] {
        let shape = Shape.roundedRect(cornerRadius: 6)
        let hill = PixmanRenderer.Path { p in
            p.move(to: Point(0, 60)); p.quad(control: Point(25, 30), to: Point(55, 34))
            p.quad(control: Point(80, 36), to: Point(100, 44)); p.line(to: Point(100, 60)); p.close()
        }
        let far = PixmanRenderer.Path { p in
            p.move(to: Point(0, 60)); p.line(to: Point(0, 40)); p.quad(control: Point(35, 18), to: Point(70, 26))
            p.quad(control: Point(88, 28), to: Point(100, 32)); p.line(to: Point(100, 60)); p.close()
        }
        let sun = Rect(x: r.minX + r.width * 0.68, y: r.minY + r.height * 0.14, width: r.height * 0.22, height: r.height * 0.22)
        return [.gradient(shape, r, .vertical(Paint(hex: 0x6FB6FF), Paint(hex: 0xCFE8FF)), opacity: 1),
                .fill(.ellipse, sun, Paint(hex: 0xFFE066)),
                .fill(.path(far), Rect(x: r.minX, y: r.minY + r.height * 0.30, width: r.width, height: r.height * 0.70), Paint(hex: 0x7CC58A)),
                .fill(.path(hill), Rect(x: r.minX, y: r.minY + r.height * 0.43, width: r.width, height: r.height * 0.57), Paint(hex: 0x3E9E5B)),
                .stroke(shape, r, lineWidth: 0.5, Palette.hairline),
                .text("\(Int(r.width.rounded())) × \(Int(r.height.rounded()))", .system(10), baseline: Point(r.minX + 6, r.maxY + 18),
                      Palette.tertiaryInk)]
    }

    /// The graph's ticks: Y every 10 (a hairline across and its label), X every 6 (a label).
    static let graphYTicks = [30.0, 20, 10, 0], graphXTicks = [0.0, 6, 12, 18, 24]

    func graph(_ e: Element, _ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = []
        // The plot area the annotation maps values over (A3): one source of truth.
        let axes = e.traits.graph ?? GraphAxes(x: 0...24, y: 0...30)
        let plot = axes.plotArea(in: r)
        for v in Self.graphYTicks {
            let y = axes.position(y: v, in: r)
            ops.append(.fill(.rect, Rect(x: plot.minX, y: y, width: plot.width, height: 0.5), Palette.hairline))
            ops.append(ink.trailing("\(Int(v))", x: plot.minX - 4, in: Rect(x: 0, y: y - 6, width: 0, height: 12),
                                    font: .system(9), Palette.tertiaryInk))
        }
        for v in Self.graphXTicks {
            let x = axes.position(x: v, in: r)
            ops.append(ink.centered("\(Int(v))", in: Rect(x: x - 10, y: plot.maxY + 3, width: 20, height: 12), font: .system(9), Palette.tertiaryInk))
        }
        // A day of temperatures, smooth: sampled once, drawn as a filled area and a line.
        let values: [Double] = [11, 10, 9.5, 9, 10, 12.5, 16, 19.5, 22, 24.5, 26, 25, 22.5, 20, 18, 16, 14.5, 13]
        func point(_ k: Int) -> Point {
            Point(plot.minX + plot.width * Double(k) / Double(values.count - 1), plot.maxY - plot.height * values[k] / 30)
        }
        var area = PixmanRenderer.Path()
        area.move(to: Point(plot.minX, plot.maxY))
        for k in values.indices { area.line(to: point(k)) }
        area.line(to: Point(plot.maxX, plot.maxY)); area.close()
        let box = Rect(corner: Point(plot.minX, values.indices.map { point($0).y }.min()!), Point(plot.maxX, plot.maxY))
        ops.append(.gradient(.path(area), box, .vertical(Palette.orange.withAlpha(0.35), Palette.orange.withAlpha(0.02)), opacity: 1))
        for k in 0..<(values.count - 1) {
            ops.append(ShowcaseContent.line(point(k), point(k + 1), width: 2, Palette.orange))
        }
        return ops
    }

    func video(_ r: Rect) -> [DrawOp] {
        let shape = Shape.roundedRect(cornerRadius: 10)
        let t = playhead()
        return [.gradient(shape, r, Gradient(.linear(from: Point(0, 0), to: Point(1, 1)),
                                             stops: [.init(0, Paint(hex: 0x2B1055)), .init(0.6, Paint(hex: 0x7597DE)), .init(1, Paint(hex: 0xF7C59F))]),
                          opacity: 1),
                .fill(.ellipse, Rect(x: r.minX + r.width * 0.62, y: r.minY + r.height * 0.18, width: 30, height: 30), Paint(hex: 0xFFF1C1, alpha: 0.9)),
                .text(time(t), .system(10, bold: true), baseline: Point(r.minX + 8, r.minY + 16), Paint.white.withAlpha(0.9)),
                .text(state.isPlaying ? "▶ playing" : "paused", .system(10), baseline: Point(r.maxX - 58, r.minY + 16), Paint.white.withAlpha(0.8))]
    }

    /// Where `id` is drawn when `neighbour` (in the same coordinate space: the same card) is
    /// drawn at `r`: layout frames of a card's elements are in the cards' content view's space.
    func frame(of id: ElementID, besides neighbour: ElementID, drawnAt r: Rect) -> Rect? {
        guard let f = layout[id]?.frame, let n = layout[neighbour]?.frame else { return nil }
        return Rect(x: f.minX + r.minX - n.minX, y: f.minY + r.minY - n.minY, width: f.width, height: f.height)
    }

    func playbackButton(_ id: ElementID, _ r: Rect, opacity: Double) -> [DrawOp] {
        guard opacity > 0 else { return [] }
        var ops: [DrawOp] = []
        if id == ID.skipBack, let area = frame(of: ID.playback, besides: id, drawnAt: r) {
            ops.append(.fill(.capsule, area, Paint(hex: 0x1C1C1E, alpha: 0.55 * opacity)))
        }
        let g: String = id == ID.play ? (state.isPlaying ? "❚❚" : "▶") : (id == ID.skipBack ? "↺" : "↻")
        ops.append(ink.centered(g, in: r, font: .system(id == ID.play ? 16 : 15), Paint.white.withAlpha(opacity)))
        return ops
    }

    func playhead() -> Double {
        let p = facts.scrubbers.first { $0.element == ID.scrubber }?.progress ?? 0.23
        return p * Showcase.videoDuration
    }

    func time(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.down))
        let ss = s % 60
        return "\(s / 60):\(ss < 10 ? "0" : "")\(ss)"
    }

    func scrubber(_ e: Element, _ r: Rect) -> [DrawOp] {
        let sa = facts.scrubbers.first { $0.element == e.id }
        let p = sa?.progress ?? 0.23
        let x = r.minX + r.width * p
        var ops: [DrawOp] = [.fill(.capsule, r, Palette.fill),
                             .fill(.capsule, Rect(x: r.minX, y: r.minY, width: max(r.width * p, r.height), height: r.height), Palette.accent)]
        let knob = (sa?.isDragging ?? false) ? 18.0 : 14.0
        ops.append(.shadow(.ellipse, Rect(x: x - knob / 2, y: r.midY - knob / 2, width: knob, height: knob), blur: 2, offset: Vector(0, 1),
                           Paint.black.withAlpha(0.25)))
        ops.append(.fill(.ellipse, Rect(x: x - knob / 2, y: r.midY - knob / 2, width: knob, height: knob), .white))
        let below = Rect(x: r.minX, y: r.maxY + 6, width: r.width, height: 14)
        ops.append(ink.leading(time(p * Showcase.videoDuration), x: r.minX, in: below, font: .system(10), Palette.secondaryInk))
        ops.append(ink.trailing("-" + time(Showcase.videoDuration * (1 - p)), x: r.maxX, in: below, font: .system(10), Palette.secondaryInk))
        // The hover mark only: the time itself is the engine's pointer annotation (I3), which
        // fades with the pointer. A bubble of our own here was a second one (issue 17.4).
        if let h = sa?.hoverProgress {
            let hx = r.minX + r.width * h
            ops.append(.fill(.rect, Rect(x: hx - 0.5, y: r.minY - 3, width: 1, height: r.height + 6), Palette.ink.withAlpha(0.5)))
        }
        return ops
    }

    func pageCard(_ i: Int, _ r: Rect) -> [DrawOp] {
        let c: [(UInt32, UInt32)] = [(0xFF9A8B, 0xFF6A88), (0x8BC6EC, 0x9599E2), (0xA8E063, 0x56AB2F)]
        return [.gradient(.roundedRect(cornerRadius: 10), r, .vertical(Paint(hex: c[i].0), Paint(hex: c[i].1)), opacity: 1),
                ink.centered("\(i + 1)", in: r.offsetBy(Vector(0, -8)), font: .system(40, bold: true), Paint.white.withAlpha(0.95)),
                ink.centered("swipe ← →", in: Rect(x: r.minX, y: r.maxY - 30, width: r.width, height: 20), font: .system(11), Paint.white.withAlpha(0.85))]
    }

    func pageDots(_ panel: Rect) -> [DrawOp] {
        guard let pages = frame(of: ID.pages, besides: ID.panels[7], drawnAt: panel) else { return [] }
        let off = facts.pagesOffset
        let current = Int((off / max(pages.width, 1)).rounded())
        var ops: [DrawOp] = []
        for k in 0..<3 {
            let d = Rect(x: pages.midX - 22 + Double(k) * 18 - 4, y: pages.maxY + 8, width: 8, height: 8)
            ops.append(.fill(.ellipse, d, k == current ? Palette.ink.withAlpha(0.7) : Palette.ink.withAlpha(0.18)))
        }
        return ops
    }

    func collectionItem(_ i: Int, _ r: Rect, selected: Bool) -> [DrawOp] {
        let hue = Palette.hues[i % Palette.hues.count]
        var ops: [DrawOp] = [.gradient(.roundedRect(cornerRadius: 8), r, .vertical(hue.mixed(with: .white, 0.35), hue), opacity: 1)]
        ops.append(ink.centered("\(i + 1)", in: r, font: .system(12, bold: true), Paint.white.withAlpha(0.95)))
        if selected {
            ops.append(.stroke(.roundedRect(cornerRadius: 10), r.outsetBy(2.5), lineWidth: 2.5, Palette.accent))
            let badge = Rect(x: r.maxX - 13, y: r.maxY - 13, width: 15, height: 15)
            ops.append(.fill(.ellipse, badge, .white))
            ops.append(.fill(.ellipse, badge.insetBy(1.5), Palette.accent))
            ops.append(ink.centered("✓", in: badge, font: .system(9, bold: true), .white))
        }
        return ops
    }

    func dropTarget(_ i: Int, _ e: Element, _ r: Rect) -> [DrawOp] {
        var ops = Painter.dropTarget(r, cornerRadius: e.cornerRadius, state: .idle)
        ops.append(ink.centered(["▤", "❐", "⊘"][i], in: Rect(x: r.minX, y: r.minY + 18, width: r.width, height: 30), font: .system(22),
                                [Palette.accent, Palette.green, Palette.tertiaryInk][i]))
        ops.append(ink.centered(e.label, in: Rect(x: r.minX, y: r.minY + 56, width: r.width, height: 16), font: .system(10, bold: true), Palette.ink))
        let dropped = state.droppedIn[i].map { ink.ellipsized($0, toWidth: r.width - 8, font: .system(9)) }
        let hint = dropped ?? ["any", keyHint(.copy), "none"][i]
        ops.append(ink.centered(hint, in: Rect(x: r.minX, y: r.minY + 70, width: r.width, height: 14), font: .system(9), Palette.secondaryInk))
        return ops
    }

    func canvas(_ r: Rect) -> [DrawOp] {
        var ops: [DrawOp] = [.fill(.roundedRect(cornerRadius: 10), r, Paint(hex: 0xF6F4EE))]
        let step = 16.0
        var y = r.minY + step / 2
        while y < r.maxY {
            var x = r.minX + step / 2
            while x < r.maxX {
                ops.append(.fill(.ellipse, Rect(x: x - 1, y: y - 1, width: 2, height: 2), Palette.ink.withAlpha(0.12)))
                x += step
            }
            y += step
        }
        return ops
    }

    func canvasShape(_ i: Int, _ r: Rect) -> [DrawOp] {
        switch i {
        case 0: return [.gradient(.ellipse, r, .vertical(Paint(hex: 0xFFE27A), Palette.orange), opacity: 1)]
        case 1: return [.gradient(.roundedRect(cornerRadius: r.width * 0.15), r, .vertical(Paint(hex: 0x7FB8FF), Palette.indigo), opacity: 0.92)]
        default:
            let hill = PixmanRenderer.Path { p in
                p.move(to: Point(0, 10)); p.quad(control: Point(5, -2), to: Point(10, 10)); p.close()
            }
            return [.fill(.path(hill), r, Palette.green.withAlpha(0.9))]
        }
    }

    func picker(_ r: Rect) -> [DrawOp] {
        let hues: [UInt32] = [0xFF3B30, 0xFF9500, 0xFFCC00, 0x34C759, 0x5AC8FA, 0x007AFF, 0xAF52DE, 0xFF2D55]
        let g = Gradient(.linear(from: Point(0, 0.5), to: Point(1, 0.5)),
                         stops: hues.enumerated().map { .init(Double($0.offset) / Double(hues.count - 1), Paint(hex: $0.element)) })
        let shape = Shape.roundedRect(cornerRadius: 10)
        return [.gradient(shape, r, g, opacity: 1),
                .gradient(shape, r, .vertical(Paint.white.withAlpha(0), Paint.black.withAlpha(0.35)), opacity: 1),
                ink.centered("crosshair", in: Rect(x: r.minX, y: r.maxY - 20, width: r.width, height: 16), font: .system(10, bold: true),
                             Paint.white.withAlpha(0.9))]
    }

    func menuCard(_ r: Rect) -> [DrawOp] {
        Painter.control(r, cornerRadius: 12, fill: Paint(hex: 0xF4F4F8), border: Palette.hairline)
            + [ink.centered("Right-click or long-press", in: r.offsetBy(Vector(0, -8)), font: .system(12, bold: true), Palette.ink),
               ink.centered("for a context menu", in: r.offsetBy(Vector(0, 10)), font: .system(11), Palette.secondaryInk),
               ink.trailing("⋯", x: r.maxX - 10, in: Rect(x: r.minX, y: r.minY, width: r.width, height: 22), font: .system(14), Palette.tertiaryInk)]
    }

    /// The minimizing toolbar: a small grabber while minimized, the full bar when revealed (I4).
    func miniToolbar(_ r: Rect) -> [DrawOp] {
        let t = facts.miniToolbarReveal
        let minimized = Rect(x: r.midX - 30, y: r.maxY - 12, width: 60, height: 6)
        let rect = Rect(x: minimized.minX + (r.minX - minimized.minX) * t, y: minimized.minY + (r.minY - minimized.minY) * t,
                        width: minimized.width + (r.width - minimized.width) * t, height: minimized.height + (r.height - minimized.height) * t)
        return [.shadow(.capsule, rect, blur: 6 * t + 1, offset: Vector(0, 3 * t), Paint.black.withAlpha(0.18 + 0.1 * t)),
                .fill(.capsule, rect, Paint(hex: 0x2C2C2E, alpha: 0.55 + 0.35 * t))]
    }

    func miniButton(_ i: Int, _ r: Rect) -> [DrawOp] {
        let t = facts.miniToolbarReveal
        guard t > 0.05 else { return [] }
        let glyph = ["B", "I", "U", "∞", "☰"][i]
        let font: Font = i == 0 ? .system(15, bold: true) : .system(15)
        return [ink.centered(glyph, in: r, font: font, Paint.white.withAlpha(t))]
    }
}
