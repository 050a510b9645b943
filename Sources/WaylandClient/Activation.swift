// xdg_activation_v1 (issue 30.5; I6, G9): a window asks the compositor for the keyboard focus,
// as the drop menu does when it opens in a window the compositor left without the keyboard
// (wlroots keeps it with the drag's source). A token is requested with the window's surface
// and no serial: this window has no input serial the compositor would honour (the drop's
// button press went to the source). What the compositor does with it is its policy: sway
// 1.7 (wlroots 0.15) takes such a token and applies `focus_on_window_activation` (urgent by
// default, focus with `smart` or `focus`); sway 1.10 moves the focus only for a token made by
// a window that had the keyboard, with its serial, and marks this one urgent (both measured:
// DragOutUnderSwayTests' dropMenuKeys cases). mutter and KWin not tried.
import CWayland
import CWaylandProtocols

final class Activation {
    /// xdg_activation_v1*
    private let manager: OpaquePointer
    /// Tokens requested and not yet answered: each is destroyed once its `done` arrives.
    private var pending: [Request] = []

    private final class Request {
        let token: OpaquePointer
        let surface: OpaquePointer
        weak var owner: Activation?
        init(token: OpaquePointer, surface: OpaquePointer, owner: Activation) {
            self.token = token
            self.surface = surface
            self.owner = owner
        }
    }

    init(manager: OpaquePointer) { self.manager = manager }

    deinit {
        for r in pending { xdg_activation_token_v1_destroy(r.token) }
        xdg_activation_v1_destroy(manager)
    }

    /// Asks for a token for `surface`, then activates it with that token.
    func activate(_ surface: OpaquePointer) {
        guard let token = xdg_activation_v1_get_activation_token(manager) else { return }
        let r = Request(token: token, surface: surface, owner: self)
        pending.append(r)
        xdg_activation_token_v1_add_listener(token, Activation.tokenListener, userData(r))
        xdg_activation_token_v1_set_surface(token, surface)
        xdg_activation_token_v1_commit(token)
    }

    private func done(_ r: Request, token: String) {
        pending.removeAll { $0 === r }
        token.withCString { xdg_activation_v1_activate(manager, $0, r.surface) }
        xdg_activation_token_v1_destroy(r.token)
    }

    nonisolated(unsafe) private static let tokenListener = makeListener(xdg_activation_token_v1_listener(
        done: { data, _, token in
            let r = object(data, as: Request.self)
            r.owner?.done(r, token: token.map { String(cString: $0) } ?? "")
        }))
}
