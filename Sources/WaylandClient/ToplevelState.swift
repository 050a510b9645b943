// xdg_toplevel.configure's states (the `states` array of 32-bit values), decoded without
// Wayland so it can be tested alone. `suspended` (xdg_wm_base 6, issue 32.4): the compositor
// does not repaint the window now (another workspace, fully covered, minimized, screen locked);
// the window stops drawing and animating until it ends.

public enum ToplevelState: String, Sendable, CaseIterable, Hashable {
    case maximized, fullscreen, resizing, activated
    case tiledLeft = "tiled_left", tiledRight = "tiled_right", tiledTop = "tiled_top", tiledBottom = "tiled_bottom"
    case suspended

    /// xdg_toplevel.state's wire value (1 maximized … 9 suspended).
    public init?(wire: UInt32) {
        switch wire {
        case 1: self = .maximized
        case 2: self = .fullscreen
        case 3: self = .resizing
        case 4: self = .activated
        case 5: self = .tiledLeft
        case 6: self = .tiledRight
        case 7: self = .tiledTop
        case 8: self = .tiledBottom
        case 9: self = .suspended   // xdg_wm_base 6; wayland-protocols 1.31's header has no name for it
        default: return nil
        }
    }

    /// Any of the four tiled edges (xdg_toplevel v2).
    public var isTiled: Bool { self == .tiledLeft || self == .tiledRight || self == .tiledTop || self == .tiledBottom }

    /// The states of a configure's array, in the order sent, unknown values (a newer protocol's)
    /// left out and each state once.
    public static func decode(_ wire: [UInt32]) -> [ToplevelState] {
        var out: [ToplevelState] = []
        for v in wire { if let s = ToplevelState(wire: v), !out.contains(s) { out.append(s) } }
        return out
    }
}

extension Array where Element == ToplevelState {
    /// Whether the window's size is the compositor's to decide: maximized, fullscreen or tiled
    /// (no resize edges then, issue 32.1).
    public var fixesSize: Bool { contains { $0 == .maximized || $0 == .fullscreen || $0.isTiled } }

    /// The names `--state-out`'s `window_states` reports: the four tiled edges as one "tiled".
    public var summaryNames: [String] {
        [("maximized", contains(.maximized)), ("fullscreen", contains(.fullscreen)), ("tiled", contains { $0.isTiled }),
         ("activated", contains(.activated)), ("suspended", contains(.suspended)), ("resizing", contains(.resizing))]
            .filter(\.1).map(\.0)
    }
}
