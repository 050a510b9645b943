// Where the showcase's areas go for a window size (issue 17.1): the toolbar across the top, the
// sidebar on the left, the twelve cards in one vertically scrolling content view whose columns
// follow the width, and the gesture HUD docked as a side column when there is room for it, else
// a panel over the content that the toolbar's HUD button (or Tab) shows and hides.
//
// At the size the showcase was drawn for (Showcase.size, 1440×900) every frame is the one the
// fixed layout had: four columns from x 236, the HUD docked at x 1198.
import PointerEngine

/// The showcase's areas for one window size, points. A value: the same size and HUD choice give
/// the same geometry (the live window and headless replay lay out alike, T2).
public struct ShowcaseGeometry: Hashable, Sendable {
    /// The smallest window the showcase lays out for (xdg_toplevel.set_min_size), points: the
    /// sidebar (220) beside one column of cards (253 with its margins), the toolbar's two groups.
    public static let minimumSize = Size(640, 480)
    /// A card at its designed size: the content inside each card is laid out for this size and
    /// follows a card made wider (cardWidth).
    public static let cardSize = Size(225, 250)
    /// An adaptive grid (issue 30.11; G1): the room beside the grid grows up to this much on each
    /// side (its margin included); past that the cards widen to take the width, as an iPad
    /// app's grid does, up to `maximumCardWidth`, after which the grid centres, points.
    public static let maximumSideRoom = 64.0
    /// The widest a card grows: its video still leaves room for the scrubber below, points.
    public static let maximumCardWidth = 300.0
    /// Between two columns of cards, points.
    public static let columnGap = 16.0
    /// Between two rows of cards, points.
    public static let rowGap = 12.0
    /// From the content view's leading and top edges to the first card, points.
    public static let margin = 16.0
    /// Kept free right of the last column: the vertical scroll indicator (5 pt, inset 2) draws
    /// there, not over a card, points.
    public static let trailingGutter = 12.0
    /// From the last row of cards to the window's bottom when scrolled to the end: the Format bar
    /// (40 pt, 10 pt from the bottom) and 8 pt above it, points.
    public static let bottomInset = 58.0
    /// The strip at the content's bottom that the Format bar sits in (issue 30.11): the cards'
    /// viewport ends above it, so neither the bar nor its minimized pill ever covers a card,
    /// points.
    public static let formatBarStrip = formatBarBottom + formatBarSize.height
    /// Column counts tried, widest first: the divisors of 12, so every row is full.
    public static let columnChoices = [6, 4, 3, 2, 1]
    /// The docked HUD's column, and its gap to the window edge, points.
    public static let hudWidth = 226.0
    public static let hudMargin = 16.0
    /// Below this height the HUD does not dock: the docked column would cut its last rows.
    public static let hudDockMinimumHeight = 768.0
    /// The HUD docks only with at least this many columns of cards beside it.
    public static let hudDockMinimumColumns = 2
    /// One toolbar row, points; a narrow window puts the segmented control in a second row.
    public static let toolbarRowHeight = 52.0
    public static let toolbarSecondRow = 40.0
    public static let sidebarWidth = 220.0
    /// Below this width the sidebar starts collapsed (the toolbar's sidebar button shows it
    /// over the content): docked, it would leave the cards fewer than 2 columns. The sidebar
    /// beside 2 columns with their margins and gutter, 714 points.
    public static let sidebarDockMinimumWidth = sidebarWidth + margin + gridWidth(2) + trailingGutter
    /// The sidebar toggle's left edge while the sidebar does not dock: the toolbar's leading
    /// edge, aligned with the cards' margin (issue 30.11), points.
    public static let leadingButtonsInset = margin
    /// Between the sidebar toggle and the back button while the sidebar does not dock, points.
    public static let leadingButtonsGap = 8.0
    /// Bar buttons: width, height and their row's top, points.
    public static let barButtonWidth = 40.0
    public static let barButtonHeight = 32.0
    public static let barButtonTop = 10.0
    /// The right-hand bar buttons end this far from the window's right edge, points.
    public static let trailingButtonsInset = 32.0
    /// One segment of the segmented control, points.
    public static let segmentWidth = 92.0
    /// Kept between the segmented control and the button groups beside it, points.
    public static let toolbarSpacing = 12.0
    /// The left-hand buttons end here (sidebar toggle, back, forward) while the sidebar docks:
    /// the toggle at the sidebar's trailing end, back and forward right of it, points.
    public static let dockedLeadingButtonsEnd = 316.0
    /// The Format bar: five 40 pt buttons and 8 pt ends, 40 tall, 10 pt above the bottom.
    public static let formatBarSize = Size(5 * 40.0 + 16, 40)
    public static let formatBarBottom = 10.0
    public static let cardCount = 12

    /// The sidebar: beside the content, hidden, or shown over the content.
    public enum Sidebar: String, Hashable, Sendable { case docked, collapsed, overlay }

    /// The window, points.
    public let size: Size
    /// Where the sidebar is.
    public let sidebar: Sidebar
    /// The HUD is a column beside the cards (else a panel over them, or hidden).
    public let hudDocked: Bool
    /// The HUD is on screen (docked, or the panel shown).
    public let hudShown: Bool
    /// Columns of cards.
    public let columns: Int
    /// A card's width: `cardSize.width`, or wider where the room beside the grid would pass
    /// `maximumSideRoom` (issue 30.11), points.
    public let cardWidth: Double
    /// The toolbar's height: one row, or two when the segmented control does not fit in one.
    public let toolbarHeight: Double
    /// The content scroll view's viewport, surface points.
    public let content: Rect
    /// Its content: the card grid and its margins (at least the viewport), points.
    public let contentSize: Size
    /// The first card's origin in the content view's coordinates.
    public let gridOrigin: Point
    /// The window's own controls at the toolbar's ends and along its edges (issue 32.1, W1;
    /// none where the compositor decorates, and headless).
    public let chrome: WindowChrome

    /// The layout for a window of `size` points; `hudShown` says whether the HUD panel is shown
    /// when the HUD does not dock. Below `minimumSize` (a compositor may not honour it: sway
    /// tiles a 1440×900 output at scale 2 as 720×450) it still lays out for the size given, so
    /// nothing is cut off; it is only no longer promised to look tidy.
    /// `sidebarShown`: the collapsed sidebar is shown over the content.
    /// `chrome`: the window's own controls (issue 32.1), which push the bar buttons inwards.
    public init(size: Size, hudShown: Bool = false, sidebarShown: Bool = false, chrome: WindowChrome = .none) {
        self.size = size
        self.chrome = chrome
        sidebar = size.width >= Self.sidebarDockMinimumWidth ? .docked : sidebarShown ? .overlay : .collapsed
        let leading = sidebar == .docked ? Self.sidebarWidth : 0
        let beside = size.width - leading - Self.hudWidth - Self.hudMargin
        hudDocked = size.height >= Self.hudDockMinimumHeight && Self.columns(fitting: beside) >= Self.hudDockMinimumColumns
        self.hudShown = hudDocked || hudShown
        let viewportWidth = hudDocked ? beside : size.width - leading
        columns = Self.columns(fitting: viewportWidth)
        cardWidth = Self.cardWidth(columns: columns, viewport: viewportWidth)
        // The segmented control: centred in the window when it fits between the button groups,
        // else centred between them, else in a second row.
        let free = Self.trailingButtonsStart(width: size.width, hudDocked: hudDocked, chrome: chrome)
            - Self.leadingButtonsEnd(sidebar, chrome: chrome)
        toolbarHeight = free >= Self.segmentedWidth + 2 * Self.toolbarSpacing
            ? Self.toolbarRowHeight : Self.toolbarRowHeight + Self.toolbarSecondRow
        // The viewport ends above the Format bar's strip; scrolled to the end, the last row
        // ends `bottomInset` above the window's bottom as before.
        content = Rect(x: leading, y: toolbarHeight, width: viewportWidth,
                       height: max(0, size.height - toolbarHeight - Self.formatBarStrip))
        let rows = Double(Self.cardCount / columns)
        let gridHeight = Self.margin + rows * Self.cardSize.height + (rows - 1) * Self.rowGap + Self.bottomInset - Self.formatBarStrip
        contentSize = Size(viewportWidth, max(gridHeight, content.height))
        let gridWidth = Self.gridWidth(columns, cardWidth: cardWidth)
        gridOrigin = Point(max(Self.margin, ((viewportWidth - gridWidth) / 2).rounded(.down)), Self.margin)
    }

    /// A card's width for `columns` in a content view `viewport` wide: the designed width while
    /// the room beside the grid stays within `maximumSideRoom` a side, else as wide as leaves
    /// that room, up to `maximumCardWidth` (issue 30.11).
    static func cardWidth(columns: Int, viewport: Double) -> Double {
        let side = (viewport - gridWidth(columns)) / 2
        guard side > maximumSideRoom else { return cardSize.width }
        let gaps = Double(columns - 1) * columnGap
        return min(maximumCardWidth, ((viewport - 2 * maximumSideRoom - gaps) / Double(columns)).rounded(.down))
    }

    /// Where the left-hand buttons end for a sidebar so placed, and window buttons at the left.
    static func leadingButtonsEnd(_ sidebar: Sidebar, chrome: WindowChrome) -> Double {
        (sidebar == .docked ? dockedLeadingButtonsEnd : leadingButtonsInset + 3 * barButtonWidth + leadingButtonsGap)
            + leadingButtonsShift(sidebar, chrome: chrome)
    }

    /// How far window buttons at the toolbar's left end (the `windowButtons` setting, issue
    /// 32.1) push the left-hand bar buttons right: none while the sidebar toggle sits clear of
    /// them (at the docked sidebar's trailing end), points.
    static func leadingButtonsShift(_ sidebar: Sidebar, chrome: WindowChrome) -> Double {
        let toggle = sidebar == .docked ? sidebarWidth - 4 - barButtonWidth : leadingButtonsInset
        return max(0, chrome.leadingWidth - toggle)
    }

    /// Where the left-hand buttons end (sidebar toggle, back, forward), points.
    public var leadingButtonsEnd: Double { Self.leadingButtonsEnd(sidebar, chrome: chrome) }

    /// The frame of left-hand bar button `i` (0 sidebar toggle, 1 back, 2 forward), surface
    /// points: while the sidebar docks the toggle sits at its trailing end and back and forward
    /// right of it; otherwise all three at the toolbar's leading edge (issue 30.11), where they
    /// stay while the sidebar shows over the content (the toggle does not move under the pointer).
    public func leadingButtonFrame(_ i: Int) -> Rect {
        let w = Self.barButtonWidth, end = leadingButtonsEnd
        let shift = Self.leadingButtonsShift(sidebar, chrome: chrome)
        let x = i == 0 ? (sidebar == .docked ? Self.sidebarWidth - 4 - w : Self.leadingButtonsInset) + shift : end - Double(3 - i) * w
        return Rect(x: x, y: Self.barButtonTop, width: w, height: Self.barButtonHeight)
    }

    /// The most columns (of `columnChoices`) whose cards fit a content view `width` wide.
    static func columns(fitting width: Double) -> Int {
        columnChoices.first { Self.margin + Self.gridWidth($0) + Self.trailingGutter <= width } ?? 1
    }

    static func gridWidth(_ columns: Int, cardWidth: Double = cardSize.width) -> Double {
        Double(columns) * cardWidth + Double(columns - 1) * columnGap
    }

    static var segmentedWidth: Double { 3 * segmentWidth + 4 }

    /// Where the right-hand bar buttons start (with the HUD button when the HUD does not dock).
    static func trailingButtonsStart(width: Double, hudDocked: Bool, chrome: WindowChrome) -> Double {
        width - max(trailingButtonsInset, chrome.trailingWidth) - Double(hudDocked ? 4 : 5) * barButtonWidth
    }

    /// Rows of cards.
    public var rows: Int { Self.cardCount / columns }

    /// The frame of card `i` (row-major) in the content view's coordinates.
    public func cardFrame(_ i: Int) -> Rect {
        let c = Double(i % columns), r = Double(i / columns)
        return Rect(x: gridOrigin.x + c * (cardWidth + Self.columnGap), y: gridOrigin.y + r * (Self.cardSize.height + Self.rowGap),
                    width: cardWidth, height: Self.cardSize.height)
    }

    /// The card grid's bounds in the content view's coordinates.
    public var gridFrame: Rect {
        Rect(x: gridOrigin.x, y: gridOrigin.y, width: Self.gridWidth(columns, cardWidth: cardWidth),
             height: Double(rows) * Self.cardSize.height + Double(rows - 1) * Self.rowGap)
    }

    /// The HUD's frame on the surface: the docked column, or the panel over the content's
    /// right side (as tall as the HUD's rows need, within the window). Nil while hidden.
    public var hudFrame: Rect? {
        guard hudShown else { return nil }
        let x = size.width - Self.hudMargin - Self.hudWidth, top = toolbarHeight + Self.hudMargin
        let needed = GestureHUD.panelHeight
        if hudDocked {
            // As the fixed layout had it (clear of the Format bar's row) when the rows fit so,
            // else down to the window's bottom margin.
            let clearOfFormatBar = size.height - top - Self.bottomInset
            let h = clearOfFormatBar >= needed ? clearOfFormatBar : size.height - top - Self.hudMargin
            return Rect(x: x, y: top, width: Self.hudWidth, height: h)
        }
        return Rect(x: x, y: top, width: Self.hudWidth, height: min(needed, size.height - top - Self.hudMargin))
    }

    /// The segmented control's frame on the surface.
    public var segmentedFrame: Rect {
        let w = Self.segmentedWidth, h = Self.barButtonHeight + 2
        if toolbarHeight > Self.toolbarRowHeight {
            // Second row: centred over the content.
            let x = ((content.minX + size.width - w) / 2).rounded(.down)
            return Rect(x: x, y: Self.toolbarRowHeight + (Self.toolbarSecondRow - h) / 2, width: w, height: h)
        }
        let start = Self.trailingButtonsStart(width: size.width, hudDocked: hudDocked, chrome: chrome)
        var x = size.width / 2 - 1.5 * Self.segmentWidth - 2
        if x < leadingButtonsEnd + Self.toolbarSpacing || x + w > start - Self.toolbarSpacing {
            x = ((leadingButtonsEnd + start - w) / 2).rounded(.down)
        }
        return Rect(x: x, y: Self.barButtonTop - 1, width: w, height: h)
    }

    /// The frame of right-hand bar button `i` (0 Share … 3 Search), surface points.
    public func trailingButtonFrame(_ i: Int) -> Rect {
        let start = Self.trailingButtonsStart(width: size.width, hudDocked: true, chrome: chrome)
        return Rect(x: start + Double(i) * Self.barButtonWidth, y: Self.barButtonTop, width: Self.barButtonWidth, height: Self.barButtonHeight)
    }

    /// The HUD button's frame (left of Share), nil when the HUD docks.
    public var hudToggleFrame: Rect? {
        guard !hudDocked else { return nil }
        let start = Self.trailingButtonsStart(width: size.width, hudDocked: false, chrome: chrome)
        return Rect(x: start, y: Self.barButtonTop, width: Self.barButtonWidth, height: Self.barButtonHeight)
    }

    /// The Format bar: centred under the visible part of the card grid, at the window's bottom,
    /// in the strip below the content's viewport.
    public var formatBarFrame: Rect {
        let grid = Rect(x: content.minX + gridOrigin.x, y: content.minY, width: gridFrame.width, height: content.height)
        let span = grid.intersection(content) ?? content
        let w = Self.formatBarSize.width
        return Rect(x: (span.midX - w / 2).rounded(.down), y: size.height - Self.formatBarBottom - Self.formatBarSize.height,
                    width: w, height: Self.formatBarSize.height)
    }

    /// The window buttons' frames on the surface (issue 32.1), left to right.
    public var windowButtonFrames: [(WindowControlKind, Rect)] {
        chrome.buttonFrames(width: size.width, top: Self.barButtonTop, rowHeight: Self.barButtonHeight)
    }

    /// The largest content offset (how far the content scrolls), points.
    public var maximumOffset: Double { max(0, contentSize.height - content.height) }
}
