// The showcase: one surface where every SPEC behaviour can be tried with a trackpad, a mouse,
// a keyboard or touch. Built with the engine's model API (Layout, Element, traits); what the
// elements look like lives in ShowcaseContent.swift, the HUD in GestureHUD.swift.
//
//   ┌──────────────────────────── toolbar (bar buttons, segmented control) ───────────────────────────┐
//   │ sidebar │ Apps (lift)      │ List & cards (hover) │ Text (I-beam)   │ Tabs (close on hover) │ HUD │
//   │  rows   │ Image (resize)   │ Graph (X/Y)          │ Video (scrubber)│ Pages (swipe)         │     │
//   │  + edit │ Collection (band)│ Drag & drop          │ Canvas (zoom)   │ Controls & menus      │     │
//   └─────────┴──────────────────── minimizing toolbar (revealed on hover / tap) ─────────────────┴─────┘
//
// That is the layout at 1440×900; ShowcaseGeometry lays it out for any window size: the cards
// sit in one vertically scrolling content view (ID.content) with as many columns as fit, and
// the HUD docks beside them or becomes a panel the HUD button shows.
import PointerEngine

/// The showcase layout and the ids of its elements (tests and the demo trace aim at them).
public enum Showcase {
    /// The surface size the showcase is first drawn at (and the README's picture), points.
    public static let size = Size(1440, 900)
    /// The graph's plot area inside its frame: the Y tick labels on the left, the X ones below
    /// (A3: the drawing and the annotation both read it).
    public static let graphPlotInsets = PlotInsets(top: 4, left: 22, bottom: 18, right: 4)

    /// Element ids, grouped by area (hundreds = area).
    public enum ID {
        public static let toolbar = ElementID(100)
        public static let sidebarToggle = ElementID(101)
        public static let back = ElementID(102)
        public static let forward = ElementID(103)
        public static let segmented = ElementID(110)
        public static let segments = [ElementID(111), ElementID(112), ElementID(113)]
        public static let share = ElementID(121)
        public static let add = ElementID(122)
        public static let trash = ElementID(123)
        public static let search = ElementID(124)

        public static let sidebar = ElementID(200)
        public static let sidebarRows = (0..<5).map { ElementID(201 + Int32($0)) }
        public static let sidebarControls = ElementID(210)
        public static let sidebarAdd = ElementID(211)
        public static let sidebarEdit = ElementID(212)

        public static let panels = (0..<12).map { ElementID(10 + Int32($0)) }

        public static let icons = (0..<9).map { ElementID(301 + Int32($0)) }
        public static let iconLabels = (0..<9).map { ElementID(321 + Int32($0)) }

        public static let list = ElementID(400)
        public static let rows = (0..<4).map { ElementID(401 + Int32($0)) }
        public static let cards = (0..<4).map { ElementID(411 + Int32($0)) }

        public static let text = ElementID(500)

        public static let tabView = ElementID(600)
        public static let tabBar = ElementID(601)
        public static let tabs = (0..<3).map { ElementID(611 + Int32($0)) }
        public static let tabCloseGroups = (0..<3).map { ElementID(621 + Int32($0)) }
        public static let tabCloses = (0..<3).map { ElementID(631 + Int32($0)) }
        public static let tabContent = ElementID(640)

        public static let image = ElementID(700)
        public static let resizeRight = ElementID(701)
        public static let resizeBottom = ElementID(702)
        public static let resizeCorner = ElementID(703)

        public static let graph = ElementID(800)

        public static let video = ElementID(900)
        public static let scrubber = ElementID(901)
        public static let playback = ElementID(910)
        public static let skipBack = ElementID(911)
        public static let play = ElementID(912)
        public static let skipForward = ElementID(913)

        public static let pages = ElementID(1000)
        public static let pageCards = (0..<3).map { ElementID(1001 + Int32($0)) }

        public static let collection = ElementID(1100)
        public static let collectionItems = (0..<32).map { ElementID(1101 + Int32($0)) }

        public static let draggables = (0..<3).map { ElementID(1201 + Int32($0)) }
        public static let dropTargets = (0..<3).map { ElementID(1211 + Int32($0)) }

        public static let canvas = ElementID(1300)
        public static let canvasShapes = (0..<3).map { ElementID(1301 + Int32($0)) }

        public static let buy = ElementID(1401)
        public static let follow = ElementID(1402)
        public static let picker = ElementID(1403)
        public static let menuCard = ElementID(1404)

        public static let miniToolbarArea = ElementID(1500)
        public static let miniToolbar = ElementID(1501)
        public static let miniButtons = (0..<5).map { ElementID(1511 + Int32($0)) }

        public static let hud = ElementID(1600)
        /// The toolbar's HUD button, present while the HUD does not dock.
        public static let hudToggle = ElementID(125)
        /// The scroll view holding the twelve cards.
        public static let content = ElementID(1700)
        /// The window's own buttons where the compositor draws none (issue 32.1, W1).
        public static let windowMinimize = ElementID(131)
        public static let windowMaximize = ElementID(132)
        public static let windowClose = ElementID(133)
        /// The resize band's regions, in `WindowChrome.edgeFrames` order.
        public static let windowEdges = (0..<12).map { ElementID(1801 + Int32($0)) }

        /// The element of a window button.
        public static func windowButton(_ kind: WindowControlKind) -> ElementID {
            switch kind {
            case .minimize: windowMinimize
            case .maximize: windowMaximize
            case .close: windowClose
            }
        }
    }

    /// The window button `id` is, if it is one.
    public static func windowControl(_ id: ElementID) -> WindowControlKind? {
        WindowControlKind.allCases.first { ID.windowButton($0) == id }
    }

    /// The window edge the region `id` resizes from, in the chrome of `g`.
    public static func windowEdge(_ id: ElementID, in g: ShowcaseGeometry) -> WindowEdge? {
        guard let i = ID.windowEdges.firstIndex(of: id) else { return nil }
        let edges = g.chrome.edgeFrames(size: g.size)
        return i < edges.count ? edges[i].0 : nil
    }

    // MARK: geometry

    static let sidebarWidth = ShowcaseGeometry.sidebarWidth
    /// Height of a panel's title strip, points.
    static let panelTitle = 34.0

    /// Titles of the twelve panels, row by row.
    public static let panelTitles = [
        "Apps", "List & cards", "Text", "Tabs",
        "Image", "Graph", "Video", "Pages",
        "Collection", "Drag & drop", "Canvas", "Controls & menus",
    ]
    public static let iconNames = ["Mail", "Photos", "Music", "Maps", "Notes", "Camera", "Files", "Clock", "Books"]
    public static let sidebarNames = ["Library", "Recents", "Favorites", "Shared", "Trash"]
    public static let rowNames = ["Inbox", "Drafts", "Sent", "Archive"]
    public static let tabNames = ["Home", "Notes", "Music"]
    /// The tab bar's menu entry that brings back the newest closed tab (I6).
    public static let reopenClosedTab = "Reopen Closed Tab"
    /// The tab bar's menu (I6, issue 30.5), as in Safari, Firefox and GNOME Web: close the tab
    /// it was opened on (the tab shown when opened on the bar itself), close every other tab,
    /// reopen the newest closed one.
    public static let closeTab = "Close Tab"
    public static let closeOtherTabs = "Close Other Tabs"
    public static let tabMenu = [closeTab, closeOtherTabs, reopenClosedTab]
    public static let draggableNames = ["Report", "Photo", "Song"]
    public static let dropNames = ["Folder", "Copies only", "Locked"]
    public static let miniToolbarNames = ["Bold", "Italic", "Underline", "Link", "List"]
    /// Lines of the text area (wrapped to its width at the showcase font).
    public static let textLines = [
        "Pointer magnetism pulls the",
        "drawn pointer toward a",
        "control while the logical",
        "pointer stays yours. Over",
        "text it becomes an I-beam",
        "sized to the line, and a",
        "selection keeps to its line",
        "until you move deliberately.",
        "Drag across to select.",
    ]
    /// Text area line height, points.
    public static let lineHeight = 20.0
    public static let videoDuration = 184.0
    /// How far the video's skip buttons move the playhead, seconds (I3; a video player's ±10 s).
    public static let skipInterval = 10.0

    /// The content area of a panel whose frame is `p` (below its title).
    public static func contentFrame(ofPanel p: Rect) -> Rect {
        Rect(x: p.minX + 12, y: p.minY + panelTitle, width: p.width - 24, height: p.height - panelTitle - 12)
    }

    // MARK: building

    /// The showcase laid out for a window of `size` points (see ShowcaseGeometry; `hudShown`:
    /// the HUD panel is shown where the HUD does not dock).
    public static func layout(size: Size = Showcase.size, hudShown: Bool = false, sidebarShown: Bool = false) -> Layout {
        layout(ShowcaseGeometry(size: size, hudShown: hudShown, sidebarShown: sidebarShown))
    }

    /// The showcase laid out by `g`.
    public static func layout(_ g: ShowcaseGeometry) -> Layout {
        var b = Builder(g: g, layout: Layout(size: g.size))
        b.toolbar()
        if g.sidebar != .collapsed { b.sidebar() }
        b.add(Element(id: ID.content, kind: .scrollView, frame: g.content, label: "Cards",
                      traits: ElementTraits(scroll: ScrollConfiguration(contentSize: g.contentSize, axes: .vertical,
                                                                        bouncesWhenContentFits: false))))
        for i in 0..<12 {
            b.add(Element(id: ID.panels[i], kind: .group, frame: g.cardFrame(i), cornerRadius: 14, label: panelTitles[i]), in: ID.content)
        }
        b.apps(); b.list(); b.text(); b.tabs()
        b.image(); b.graph(); b.video(); b.pages()
        b.collection(); b.dragAndDrop(); b.canvas(); b.controls()
        b.miniToolbar()
        b.windowEdges()
        if let r = g.hudFrame {
            // The panel over the content takes the pointer (an arrow, no effect): what is under
            // it cannot be reached through it.
            // A panel shorter than the HUD's rows scrolls them (G1, I5: kinetic, every row reachable).
            let rows = r.height < GestureHUD.panelHeight
                ? ScrollConfiguration(contentSize: Size(r.width, GestureHUD.panelHeight), axes: .vertical) : nil
            b.add(g.hudDocked && rows == nil ? Element(id: ID.hud, kind: .group, frame: r, cornerRadius: 14, label: "Gesture HUD")
                  : Element(id: ID.hud, kind: rows == nil ? .group : .scrollView, frame: r, cornerRadius: 14,
                            label: "Gesture HUD", style: PointerStyle(effect: .none), hitPadding: 0, zIndex: g.hudDocked ? 0 : 20,
                            traits: ElementTraits(scroll: rows)))
        }
        return b.layout
    }

    /// The frame of `id` on the surface with every scroll container at its initial offset
    /// (as the layout is first shown), points; nil when the layout has no such element.
    public static func restingFrame(of id: ElementID, in layout: Layout) -> Rect? {
        guard var r = layout[id]?.frame else { return nil }
        var c = layout.scrollContainer(of: id)
        while let container = c, let e = layout[container] {
            let viewport = e.frame
            let offset = e.traits.scroll?.initialOffset ?? .zero
            r = Rect(x: viewport.minX + r.minX - offset.dx, y: viewport.minY + r.minY - offset.dy, width: r.width, height: r.height)
            c = layout.scrollContainer(of: container)
        }
        return r
    }

    /// Adds elements in document order; a failure here is a programming error in this file.
    struct Builder {
        let g: ShowcaseGeometry
        var layout: Layout
        var size: Size { g.size }

        /// The content area of panel `i`, in the content view's coordinates.
        func contentFrame(_ i: Int) -> Rect { Showcase.contentFrame(ofPanel: g.cardFrame(i)) }

        mutating func add(_ e: Element, in parent: ElementID? = nil) {
            do { try layout.add(e, parent: parent) } catch { preconditionFailure("showcase: \(error)") }
        }

        mutating func toolbar() {
            add(Element(id: ID.toolbar, kind: .toolbar, frame: Rect(x: 0, y: 0, width: size.width, height: g.toolbarHeight),
                        label: "Toolbar", zIndex: 5))
            let left: [(ElementID, String)] = [(ID.sidebarToggle, "Sidebar"), (ID.back, "Back"), (ID.forward, "Forward")]
            for (i, (id, name)) in left.enumerated() {
                add(Element(id: id, kind: .barButton, frame: g.leadingButtonFrame(i), cornerRadius: 8, label: name), in: ID.toolbar)
            }
            let seg = g.segmentedFrame, segW = ShowcaseGeometry.segmentWidth, segX = seg.minX + 2
            add(Element(id: ID.segmented, kind: .segmentedControl, frame: seg, cornerRadius: 9, hasBezel: true,
                        label: "View"), in: ID.toolbar)
            for (i, name) in ["Grid", "List", "Columns"].enumerated() {
                add(Element(id: ID.segments[i], kind: .segment,
                            frame: Rect(x: segX + Double(i) * segW, y: seg.minY + 2, width: segW, height: seg.height - 4), cornerRadius: 7,
                            label: name), in: ID.segmented)
            }
            if let r = g.hudToggleFrame {
                add(Element(id: ID.hudToggle, kind: .barButton, frame: r, cornerRadius: 8, label: "HUD"), in: ID.toolbar)
            }
            let right: [(ElementID, String)] = [(ID.share, "Share"), (ID.add, "Add"), (ID.trash, "Delete"), (ID.search, "Search")]
            for (i, (id, name)) in right.enumerated() {
                add(Element(id: id, kind: .barButton, frame: g.trailingButtonFrame(i), cornerRadius: 8, label: name), in: ID.toolbar)
            }
            // The window's own buttons (issue 32.1, W1): bar buttons, so they highlight (E1).
            for (kind, r) in g.windowButtonFrames {
                add(Element(id: ID.windowButton(kind), kind: .barButton, frame: r, cornerRadius: r.height / 2,
                            label: kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()), in: ID.toolbar)
            }
        }

        /// The resize band along the window's edges (issue 32.1, W1): regions over everything
        /// that give the pointer the edge's P4 resize shape and its A1 arrows.
        mutating func windowEdges() {
            for (i, (edge, r)) in g.chrome.edgeFrames(size: size).enumerated() {
                add(Element(id: ID.windowEdges[i], kind: .group, frame: r, label: "",
                            style: PointerStyle(effect: .none, shape: .system(edge.cursor), accessories: PointerAccessory.resizeArrows(edge.axis)),
                            hitPadding: 0, zIndex: 40))
            }
        }

        mutating func sidebar() {
            // Docked, the sidebar runs the window's height beside the toolbar; shown over the
            // content, it starts under the toolbar (issue 30.11), which stays whole: its buttons,
            // title and second row are where they were and stay reachable.
            let top = g.sidebar == .overlay ? g.toolbarHeight : 0
            add(Element(id: ID.sidebar, kind: .sidebar,
                        frame: Rect(x: 0, y: top, width: sidebarWidth, height: size.height - top), label: "Sidebar",
                        // Shown over the content: above the cards, under the toolbar and the HUD panel.
                        zIndex: g.sidebar == .overlay ? 4 : 0,
                        traits: ElementTraits(contextMenu: ["New Folder", "Edit Sidebar"])))
            let firstRow = (top == 0 ? ShowcaseGeometry.toolbarRowHeight : top) + 12
            for (i, name) in sidebarNames.enumerated() {
                add(Element(id: ID.sidebarRows[i], kind: .row,
                            frame: Rect(x: 10, y: firstRow + Double(i) * 36, width: sidebarWidth - 20, height: 32), cornerRadius: 8,
                            label: name), in: ID.sidebar)
            }
            add(Element(id: ID.sidebarControls, kind: .revealingControls,
                        frame: Rect(x: 10, y: size.height - 48, width: sidebarWidth - 20, height: 36), label: "Sidebar controls",
                        traits: ElementTraits(reveal: .sidebar)), in: ID.sidebar)
            add(Element(id: ID.sidebarAdd, kind: .button, frame: Rect(x: 14, y: size.height - 44, width: 28, height: 28),
                        cornerRadius: 14, hasBezel: true, label: "New Folder"), in: ID.sidebarControls)
            add(Element(id: ID.sidebarEdit, kind: .button, frame: Rect(x: 150, y: size.height - 44, width: 56, height: 28),
                        cornerRadius: 14, hasBezel: true, label: "Edit Sidebar"), in: ID.sidebarControls)
        }

        mutating func apps() {
            let c = contentFrame(0)
            let side = 44.0, gapX = (c.width - 3 * side) / 2
            for i in 0..<9 {
                let col = Double(i % 3), row = Double(i / 3)
                let f = Rect(x: c.minX + col * (side + gapX), y: c.minY + 4 + row * 64, width: side, height: side)
                add(Element(id: ID.icons[i], kind: .icon, frame: f, cornerRadius: 12, label: iconNames[i],
                            traits: ElementTraits(isDraggable: true)), in: ID.panels[0])
                add(Element(id: ID.iconLabels[i], kind: .label,
                            frame: Rect(x: f.minX - 8, y: f.maxY + 3, width: side + 16, height: 14), label: iconNames[i]),
                    in: ID.panels[0])
            }
        }

        mutating func list() {
            let c = contentFrame(1)
            add(Element(id: ID.list, kind: .scrollView, frame: c, cornerRadius: 10, label: "List",
                        traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(c.width, 352), axes: .vertical))),
                in: ID.panels[1])
            for (i, name) in rowNames.enumerated() {
                add(Element(id: ID.rows[i], kind: .row, frame: Rect(x: 0, y: Double(i) * 38, width: c.width, height: 36),
                            cornerRadius: 8, label: name), in: ID.list)
            }
            let cw = (c.width - 10) / 2
            for i in 0..<4 {
                let f = Rect(x: Double(i % 2) * (cw + 10), y: 160 + Double(i / 2) * 96, width: cw, height: 84)
                add(Element(id: ID.cards[i], kind: .card, frame: f, cornerRadius: 12, label: ["Trip", "Recipes", "Garden", "Music"][i],
                            style: PointerStyle(effect: .hover(.card))), in: ID.list)
            }
        }

        mutating func text() {
            let c = contentFrame(2)
            add(Element(id: ID.text, kind: .textArea, frame: c, cornerRadius: 8, label: "Notes",
                        traits: ElementTraits(text: TextMetrics(lineHeight: lineHeight, firstLineOffset: 6))),
                in: ID.panels[2])
        }

        mutating func tabs() {
            let c = contentFrame(3)
            add(Element(id: ID.tabView, kind: .tabView, frame: c, label: "Tabs"), in: ID.panels[3])
            add(Element(id: ID.tabBar, kind: .tabBar, frame: Rect(x: c.minX, y: c.minY, width: c.width, height: 30),
                        cornerRadius: 9, hasBezel: true, label: "Tab bar",
                        traits: ElementTraits(contextMenu: tabMenu)), in: ID.tabView)
            let tw = c.width / 3
            for i in 0..<3 {
                let f = Rect(x: c.minX + Double(i) * tw + 2, y: c.minY + 2, width: tw - 4, height: 26)
                add(Element(id: ID.tabs[i], kind: .tab, frame: f, cornerRadius: 7, label: tabNames[i]), in: ID.tabBar)
            }
            for i in 0..<3 {
                let f = Rect(x: c.minX + Double(i) * tw + 6, y: c.minY + 8, width: 14, height: 14)
                add(Element(id: ID.tabCloseGroups[i], kind: .revealingControls, frame: f, label: "Close \(tabNames[i])",
                            zIndex: 1, traits: ElementTraits(reveal: .tabClose)), in: ID.tabView)
                // M1's 24 pt (no bezel): over its tab the tab is a direct hit and wins, so the
                // padding only widens the target outside the tab.
                add(Element(id: ID.tabCloses[i], kind: .button, frame: f, cornerRadius: 7, label: "Close \(tabNames[i])"),
                    in: ID.tabCloseGroups[i])
            }
            add(Element(id: ID.tabContent, kind: .group, frame: Rect(x: c.minX, y: c.minY + 38, width: c.width, height: c.height - 38),
                        cornerRadius: 10, label: "Tab content"), in: ID.tabView)
        }

        mutating func image() {
            let c = contentFrame(4)
            let f = Rect(x: c.minX + 8, y: c.minY + 12, width: 150, height: 104)
            add(Element(id: ID.image, kind: .image, frame: f, cornerRadius: 6, label: "Image"), in: ID.panels[4])
            let handles: [(ElementID, Rect, ResizeAxis)] = [
                (ID.resizeRight, Rect(x: f.maxX - 3, y: f.midY - 12, width: 6, height: 24), .horizontal),
                (ID.resizeBottom, Rect(x: f.midX - 12, y: f.maxY - 3, width: 24, height: 6), .vertical),
                (ID.resizeCorner, Rect(x: f.maxX - 6, y: f.maxY - 6, width: 12, height: 12), .diagonal),
            ]
            for (id, r, axis) in handles {
                // M1's 24 pt (no bezel): a thin grip is grabbed from well inside and outside the edge.
                add(Element(id: id, kind: .resizeHandle, frame: r, cornerRadius: 3, label: "Resize \(axis.rawValue)",
                            zIndex: 1, traits: ElementTraits(resizeAxis: axis)), in: ID.panels[4])
            }
        }

        mutating func graph() {
            let c = contentFrame(5)
            add(Element(id: ID.graph, kind: .graph, frame: Rect(x: c.minX + 4, y: c.minY + 4, width: c.width - 8, height: c.height - 8),
                        label: "Temperature",
                        traits: ElementTraits(graph: GraphAxes(x: 0...24, y: 0...30, xUnit: " h", yUnit: " °C", plotInsets: Showcase.graphPlotInsets))),
                in: ID.panels[5])
        }

        mutating func video() {
            let c = contentFrame(6)
            let v = Rect(x: c.minX, y: c.minY, width: c.width, height: (c.width * 9 / 16).rounded())
            add(Element(id: ID.video, kind: .image, frame: v, cornerRadius: 10, label: "Video",
                        traits: ElementTraits(contextMenu: ["Play", "Skip Back 10 s", "Skip Forward 10 s"])),
                in: ID.panels[6])
            add(Element(id: ID.playback, kind: .revealingControls,
                        frame: Rect(x: v.midX - 66, y: v.maxY - 42, width: 132, height: 34), cornerRadius: 17, label: "Playback",
                        zIndex: 1, traits: ElementTraits(reveal: .autoHide)), in: ID.panels[6])
            // Buttons of a floating control bar: bar buttons with highlight (E1), which does not
            // scale — a lift would grow them into each other (L4).
            let names: [(ElementID, String)] = [(ID.skipBack, "Skip Back"), (ID.play, "Play"), (ID.skipForward, "Skip Forward")]
            for (i, (id, name)) in names.enumerated() {
                add(Element(id: id, kind: .barButton, frame: Rect(x: v.midX - 62 + Double(i) * 42, y: v.maxY - 39, width: 40, height: 28),
                            cornerRadius: 14, label: name), in: ID.playback)
            }
            add(Element(id: ID.scrubber, kind: .scrubber, frame: Rect(x: c.minX, y: v.maxY + 22, width: c.width, height: 8),
                        cornerRadius: 4, label: "Scrubber",
                        traits: ElementTraits(scrubber: ScrubberConfiguration(duration: videoDuration))), in: ID.panels[6])
        }

        mutating func pages() {
            let c = contentFrame(7)
            let view = Rect(x: c.minX, y: c.minY, width: c.width, height: c.height - 22)
            add(Element(id: ID.pages, kind: .pagedView, frame: view, cornerRadius: 12, label: "Pages",
                        traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(view.width * 3, view.height),
                                                                          axes: .horizontal, isPaged: true))),
                in: ID.panels[7])
            for i in 0..<3 {
                add(Element(id: ID.pageCards[i], kind: .group,
                            frame: Rect(x: Double(i) * view.width + 6, y: 6, width: view.width - 12, height: view.height - 12),
                            cornerRadius: 10, label: "Page \(i + 1)"), in: ID.pages)
            }
        }

        mutating func collection() {
            let c = contentFrame(8)
            let side = 42.0, gap = (c.width - 4 * side) / 3
            add(Element(id: ID.collection, kind: .collection, frame: c, cornerRadius: 8, label: "Collection",
                        traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(c.width, 8 * (side + gap) + 4),
                                                                          axes: .vertical))),
                in: ID.panels[8])
            for i in 0..<32 {
                let f = Rect(x: Double(i % 4) * (side + gap), y: 4 + Double(i / 4) * (side + gap), width: side, height: side)
                // Dense grid: a small hit padding leaves the gaps to band selection (I1; lint L1
                // accepts it because M1's padding would reach the neighbouring items).
                add(Element(id: ID.collectionItems[i], kind: .collectionItem, frame: f, cornerRadius: 8, label: "Item \(i + 1)",
                            hitPadding: 2, traits: ElementTraits(isDraggable: true)), in: ID.collection)
            }
        }

        mutating func dragAndDrop() {
            let c = contentFrame(9)
            let side = 52.0, gap = (c.width - 3 * side) / 2
            for i in 0..<3 {
                add(Element(id: ID.draggables[i], kind: .icon,
                            frame: Rect(x: c.minX + Double(i) * (side + gap), y: c.minY + 6, width: side, height: side),
                            cornerRadius: 12, label: draggableNames[i], traits: ElementTraits(isDraggable: true)),
                    in: ID.panels[9])
            }
            let policies: [Set<DragOperation>] = [Set(DragOperation.allCases), [.copy], []]
            let tw = (c.width - 12) / 3
            for i in 0..<3 {
                add(Element(id: ID.dropTargets[i], kind: .dropTarget,
                            frame: Rect(x: c.minX + Double(i) * (tw + 6), y: c.maxY - 92, width: tw, height: 92),
                            cornerRadius: 12, label: dropNames[i], traits: ElementTraits(drop: DropPolicy(accepts: policies[i]))),
                    in: ID.panels[9])
            }
        }

        mutating func canvas() {
            let c = contentFrame(10)
            add(Element(id: ID.canvas, kind: .canvas, frame: c, cornerRadius: 10, label: "Canvas",
                        traits: ElementTraits(scroll: ScrollConfiguration(contentSize: c.size, axes: .both, minimumZoom: 0.5,
                                                                          maximumZoom: 4, allowsRotation: true))),
                in: ID.panels[10])
            let shapes = [Rect(x: 26, y: 30, width: 64, height: 64), Rect(x: 108, y: 52, width: 68, height: 68),
                          Rect(x: 52, y: 116, width: 96, height: 58)]
            for (i, r) in shapes.enumerated() {
                add(Element(id: ID.canvasShapes[i], kind: .group, frame: r, cornerRadius: i == 0 ? 32 : 10,
                            label: ["Sun", "Tile", "Hill"][i]), in: ID.canvas)
            }
        }

        mutating func controls() {
            let c = contentFrame(11)
            add(Element(id: ID.buy, kind: .button, frame: Rect(x: c.minX + 4, y: c.minY + 8, width: 88, height: 32), cornerRadius: 16,
                        hasBezel: true, label: "Buy"), in: ID.panels[11])
            add(Element(id: ID.follow, kind: .button, frame: Rect(x: c.maxX - 92, y: c.minY + 8, width: 88, height: 32),
                        cornerRadius: 16, hasBezel: true, label: "Follow"), in: ID.panels[11])
            add(Element(id: ID.picker, kind: .group, frame: Rect(x: c.minX + 4, y: c.minY + 56, width: c.width - 8, height: 64),
                        cornerRadius: 10, label: "Colour picker",
                        style: .shape(.path(.crosshair(size: 22, lineWidth: 2)))), in: ID.panels[11])
            add(Element(id: ID.menuCard, kind: .card, frame: Rect(x: c.minX + 4, y: c.minY + 128, width: c.width - 8, height: 72),
                        cornerRadius: 12, label: "Right-click or long-press",
                        style: PointerStyle(effect: .hover(.card)), // as every other card (L8)
                        traits: ElementTraits(contextMenu: ["Copy", "Duplicate", "Share…", "Delete"])), in: ID.panels[11])
        }

        mutating func miniToolbar() {
            let f = g.formatBarFrame
            add(Element(id: ID.miniToolbarArea, kind: .revealingControls, frame: f, cornerRadius: 20, label: "Format bar",
                        zIndex: 10, traits: ElementTraits(reveal: .autoHide, contextMenu: miniToolbarNames)))
            add(Element(id: ID.miniToolbar, kind: .toolbar, frame: f.insetBy(4), cornerRadius: 16, label: "Format"),
                in: ID.miniToolbarArea)
            for i in 0..<5 {
                add(Element(id: ID.miniButtons[i], kind: .barButton,
                            frame: Rect(x: f.minX + 8 + Double(i) * 40, y: f.minY + 4, width: 40, height: 32), cornerRadius: 8,
                            label: miniToolbarNames[i]), in: ID.miniToolbar)
            }
        }
    }
}
