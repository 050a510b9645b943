// Window controls where the compositor draws none (issue 32.1, SPEC W1): GNOME's mutter offers
// no xdg-decoration, so the showcase's toolbar becomes its headerbar. What the controls are
// (close always; minimize and maximize where the compositor's wm_capabilities offer them), in
// GNOME's default order (close alone at the right end), and the resize band along every edge and
// corner, whose regions give Lodestone's pointer the matching P4 resize shape. Pure: the live
// window decides the chrome from what the compositor said and acts on the `WindowAction`s.
import InputProtocol
import PointerEngine

/// Who draws the window's decorations (the `decorations` setting, issue 32.1).
public enum DecorationSetting: String, Sendable, CaseIterable {
    /// Server-side where the compositor offers xdg-decoration, else Lodestone's own controls.
    case auto
    /// Always Lodestone's own controls (asks the compositor for client-side).
    case client
    /// Always the compositor's (none at all where it offers no xdg-decoration).
    case server
}

/// A window button of the headerbar.
public enum WindowControlKind: String, Sendable, CaseIterable {
    case minimize, maximize, close
}

/// An edge or corner of the window a resize starts from (xdg_toplevel.resize_edge).
public enum WindowEdge: String, Sendable, CaseIterable {
    case top, bottom, left, right, topLeft = "top_left", topRight = "top_right", bottomLeft = "bottom_left", bottomRight = "bottom_right"

    /// The P4 resize shape the pointer takes over the edge.
    public var cursor: SystemCursor {
        switch self {
        case .top: .nResize
        case .bottom: .sResize
        case .left: .wResize
        case .right: .eResize
        case .topLeft: .nwResize
        case .topRight: .neResize
        case .bottomLeft: .swResize
        case .bottomRight: .seResize
        }
    }

    /// The axis of the A1 arrows beside the pointer.
    public var axis: ResizeAxis {
        switch self {
        case .top, .bottom: .vertical
        case .left, .right: .horizontal
        case .topLeft, .bottomRight: .diagonal
        case .topRight, .bottomLeft: .antiDiagonal
        }
    }
}

/// What the toolbar shows of the window's own controls: nothing (the compositor decorates, or
/// headless), or buttons and resize edges.
public struct WindowChrome: Hashable, Sendable {
    /// The buttons at the toolbar's left end, left to right (the `windowButtons` setting's left
    /// side; none by default).
    public var leading: [WindowControlKind]
    /// The buttons at the toolbar's right end, left to right (by default GNOME's order: close
    /// alone at the right end; minimize and maximize, when offered, go before it).
    public var trailing: [WindowControlKind]
    /// Whether the edges resize the window (not while maximized, fullscreen or tiled).
    public var resizable: Bool

    public init(leading: [WindowControlKind] = [], trailing: [WindowControlKind] = [], resizable: Bool = false) {
        self.leading = leading; self.trailing = trailing; self.resizable = resizable
    }

    /// No controls: the compositor draws them, or there is no compositor.
    public static let none = WindowChrome()

    /// The chrome for client-side decorations: the buttons of `layout` the compositor offers
    /// (`canMinimize`/`canMaximize` from its wm_capabilities; close always); `fixedSize` while
    /// maximized, fullscreen or tiled.
    public static func clientSide(canMinimize: Bool, canMaximize: Bool, fixedSize: Bool,
                                  layout: WindowButtonLayout = .standard) -> WindowChrome {
        let shown = layout.filter { kind in
            switch kind {
            case .minimize: canMinimize
            case .maximize: canMaximize
            case .close: true
            }
        }
        return WindowChrome(leading: shown.leading, trailing: shown.trailing, resizable: !fixedSize)
    }

    /// Every button, left to right.
    public var buttons: [WindowControlKind] { leading + trailing }

    public var isEmpty: Bool { buttons.isEmpty && !resizable }

    /// The window's outer corners, as GNOME rounds its windows', points.
    public static let windowCornerRadius = 12.0

    /// How round the window's outer corners are: rounded while the window draws its own
    /// decorations and floats; square while maximized, fullscreen or tiled (no resize edges
    /// then), and where the compositor decorates.
    public var cornerRadius: Double { resizable ? Self.windowCornerRadius : 0 }

    /// A window button's size, its gap to the next and to the window's left or right edge, points.
    public static let buttonSize = 32.0
    public static let buttonGap = 6.0
    public static let trailingInset = 10.0
    /// Between the app's own bar buttons and the window buttons, points.
    public static let separation = 12.0
    /// The resize band inside the surface along each edge, and the corners' reach, points.
    public static let edgeBand = 6.0
    public static let cornerReach = 16.0

    /// How much of the toolbar's right end the trailing buttons take (with the separation
    /// before them).
    public var trailingWidth: Double { Self.width(of: trailing.count) }

    /// How much of the toolbar's left end the leading buttons take (with the separation after).
    public var leadingWidth: Double { Self.width(of: leading.count) }

    static func width(of count: Int) -> Double {
        guard count > 0 else { return 0 }
        let n = Double(count)
        return n * buttonSize + (n - 1) * buttonGap + trailingInset + separation
    }

    /// The buttons' frames in a window `width` points wide, vertically centred on a bar button,
    /// left to right: the leading ones from the left edge, the trailing ones ending at the right.
    public func buttonFrames(width: Double, top: Double, rowHeight: Double) -> [(WindowControlKind, Rect)] {
        let y = top + (rowHeight - Self.buttonSize) / 2, step = Self.buttonSize + Self.buttonGap
        let start = [Self.trailingInset, width - Self.trailingWidth(trailing.count)]
        return [leading, trailing].enumerated().flatMap { side, kinds in
            kinds.enumerated().map { i, kind in
                (kind, Rect(x: start[side] + Double(i) * step, y: y, width: Self.buttonSize, height: Self.buttonSize))
            }
        }
    }

    /// From the first of `count` trailing buttons to the window's right edge, points.
    private static func trailingWidth(_ count: Int) -> Double {
        count == 0 ? 0 : width(of: count) - separation
    }

    /// The resize regions of a window of `size` points (empty when not resizable).
    public func edgeFrames(size: Size) -> [(WindowEdge, Rect)] {
        guard resizable else { return [] }
        let b = Self.edgeBand, c = Self.cornerReach, w = size.width, h = size.height
        return [
            (.top, Rect(x: c, y: 0, width: w - 2 * c, height: b)),
            (.bottom, Rect(x: c, y: h - b, width: w - 2 * c, height: b)),
            (.left, Rect(x: 0, y: c, width: b, height: h - 2 * c)),
            (.right, Rect(x: w - b, y: c, width: b, height: h - 2 * c)),
            // Corners: an L of the band reaching `c` along both edges, as two rects each.
            (.topLeft, Rect(x: 0, y: 0, width: c, height: b)), (.topLeft, Rect(x: 0, y: 0, width: b, height: c)),
            (.topRight, Rect(x: w - c, y: 0, width: c, height: b)), (.topRight, Rect(x: w - b, y: 0, width: b, height: c)),
            (.bottomLeft, Rect(x: 0, y: h - b, width: c, height: b)), (.bottomLeft, Rect(x: 0, y: h - c, width: b, height: c)),
            (.bottomRight, Rect(x: w - c, y: h - b, width: c, height: b)), (.bottomRight, Rect(x: w - b, y: h - c, width: b, height: c)),
        ]
    }
}

/// What the window's controls ask of the compositor (the live window carries them out).
public enum WindowAction: Equatable, Sendable {
    case close, minimize, toggleMaximize
    /// xdg_toplevel.move with the press that began it: the pointer's, or touch point `touch`'s.
    case move(touch: TouchID? = nil)
    /// xdg_toplevel.resize from an edge or corner, with the pointer's press or a touch point's.
    case resize(WindowEdge, touch: TouchID? = nil)
    /// xdg_toplevel.show_window_menu at a surface point.
    case windowMenu(Point)
}
