// The compositor's cursor by name (SPEC P4, W2; issue 32.2): cursor-shape-v1's shapes, which
// are the CSS cursor names, their values in wp_cursor_shape_device_v1.shape, the version that
// added each, and the XCursor names to try where the compositor offers no cursor-shape.

/// A cursor the compositor draws over a surface where Lodestone draws no pointer of its own.
/// Raw values are wp_cursor_shape_device_v1.shape's.
public enum CursorShape: UInt32, CaseIterable, Sendable {
    case `default` = 1, contextMenu, help, pointer, progress, wait, cell, crosshair, text, verticalText
    case alias, copy, move, noDrop, notAllowed, grab, grabbing
    case eResize, nResize, neResize, nwResize, sResize, seResize, swResize, wResize
    case ewResize, nsResize, neswResize, nwseResize, colResize, rowResize
    case allScroll, zoomIn, zoomOut
    /// cursor-shape v2: the user picks the drop's action; anything may be moved or resized.
    case dndAsk, allResize

    /// The CSS name (the engine's SystemCursor raw values, P4), e.g. `nwse-resize`.
    public var cssName: String {
        switch self {
        case .dndAsk: "dnd-ask"
        case .allResize: "all-resize"
        default: String(protocolName.map { $0 == "_" ? "-" : $0 })
        }
    }

    /// The entry's name in the protocol, e.g. `nwse_resize`.
    public var protocolName: String {
        switch self {
        case .default: "default"
        case .contextMenu: "context_menu"
        case .help: "help"
        case .pointer: "pointer"
        case .progress: "progress"
        case .wait: "wait"
        case .cell: "cell"
        case .crosshair: "crosshair"
        case .text: "text"
        case .verticalText: "vertical_text"
        case .alias: "alias"
        case .copy: "copy"
        case .move: "move"
        case .noDrop: "no_drop"
        case .notAllowed: "not_allowed"
        case .grab: "grab"
        case .grabbing: "grabbing"
        case .eResize: "e_resize"
        case .nResize: "n_resize"
        case .neResize: "ne_resize"
        case .nwResize: "nw_resize"
        case .sResize: "s_resize"
        case .seResize: "se_resize"
        case .swResize: "sw_resize"
        case .wResize: "w_resize"
        case .ewResize: "ew_resize"
        case .nsResize: "ns_resize"
        case .neswResize: "nesw_resize"
        case .nwseResize: "nwse_resize"
        case .colResize: "col_resize"
        case .rowResize: "row_resize"
        case .allScroll: "all_scroll"
        case .zoomIn: "zoom_in"
        case .zoomOut: "zoom_out"
        case .dndAsk: "dnd_ask"
        case .allResize: "all_resize"
        }
    }

    /// The wp_cursor_shape_manager_v1 version that added the shape.
    public var since: UInt32 {
        switch self {
        case .dndAsk, .allResize: 2
        default: 1
        }
    }

    /// The shape a manager bound at `version` is asked for: this one, or for a shape newer than
    /// the version the nearest older one (set_shape with an unknown shape is a protocol error).
    public func forManager(version: UInt32) -> CursorShape {
        guard since > version else { return self }
        switch self {
        case .dndAsk: return .copy
        case .allResize: return .move
        default: return .default
        }
    }

    /// The shape for a P4 cursor by its CSS name (PointerEngine's SystemCursor raw value); nil
    /// for a name cursor-shape does not know.
    public init?(cssName: String) {
        guard let s = CursorShape.allCases.first(where: { $0.cssName == cssName }) else { return nil }
        self = s
    }

    /// XCursor names to try in the user's theme, best first: the CSS name (freedesktop themes
    /// such as Adwaita and Breeze have them) and the X11 core names older themes and
    /// libwayland-cursor's built-in fallback use. The arrow tries `left_ptr` first: every theme
    /// has it.
    public var xcursorNames: [String] {
        let legacy: [String] = switch self {
        case .default: ["left_ptr"]
        case .contextMenu: ["left_ptr"]
        case .help: ["question_arrow", "left_ptr"]
        case .pointer: ["hand2", "hand1"]
        case .progress: ["left_ptr_watch", "watch"]
        case .wait: ["watch"]
        case .cell: ["plus", "crosshair"]
        case .crosshair: ["cross", "tcross"]
        case .text: ["xterm"]
        case .verticalText: ["xterm"]
        case .alias: ["link", "dnd-link"]
        case .copy: ["dnd-copy"]
        case .move: ["dnd-move", "fleur"]
        case .noDrop: ["dnd-none", "crossed_circle"]
        case .notAllowed: ["crossed_circle", "dnd-none"]
        case .grab: ["openhand", "hand1"]
        case .grabbing: ["closedhand", "fleur"]
        case .eResize: ["right_side"]
        case .nResize: ["top_side"]
        case .neResize: ["top_right_corner"]
        case .nwResize: ["top_left_corner"]
        case .sResize: ["bottom_side"]
        case .seResize: ["bottom_right_corner"]
        case .swResize: ["bottom_left_corner"]
        case .wResize: ["left_side"]
        case .ewResize: ["sb_h_double_arrow", "h_double_arrow"]
        case .nsResize: ["sb_v_double_arrow", "v_double_arrow"]
        case .neswResize: ["fd_double_arrow", "size_bdiag"]
        case .nwseResize: ["bd_double_arrow", "size_fdiag"]
        case .colResize: ["sb_h_double_arrow", "split_h"]
        case .rowResize: ["sb_v_double_arrow", "split_v"]
        case .allScroll: ["fleur"]
        case .zoomIn: ["zoom-in"]
        case .zoomOut: ["zoom-out"]
        case .dndAsk: ["dnd-ask", "dnd-copy"]
        case .allResize: ["fleur", "move"]
        }
        let names = self == .default ? legacy + [cssName] : [cssName] + legacy
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted } + (names.contains("left_ptr") ? [] : ["left_ptr"])
    }
}
