// The window's own controls, between the compositor's window (WaylandClient.Window) and the
// showcase (issue 32.1, SPEC W1): which controls the toolbar shows for the decorations, states
// and wm_capabilities the compositor sent, and what their actions ask of the compositor.
import WaylandClient
import Playground
import PointerEngine

extension Window.DecorationRequest {
    init(_ setting: DecorationSetting) {
        switch setting {
        case .auto: self = .auto
        case .client: self = .clientSide
        case .server: self = .serverSide
        }
    }
}

extension Window.ResizeEdge {
    init(_ edge: WindowEdge) {
        switch edge {
        case .top: self = .top
        case .bottom: self = .bottom
        case .left: self = .left
        case .right: self = .right
        case .topLeft: self = .topLeft
        case .topRight: self = .topRight
        case .bottomLeft: self = .bottomLeft
        case .bottomRight: self = .bottomRight
        }
    }
}

struct WindowControls {
    let window: Window
    let session: PlaygroundSession
    /// Where the buttons go (the `windowButtons` setting).
    let layout: WindowButtonLayout

    /// The chrome for what the compositor said: controls only when the window draws its own
    /// decorations, the buttons of `layout` it offers; no resize edges while maximized,
    /// fullscreen or tiled.
    static func chrome(decorations: Window.DecorationMode, states: [ToplevelState], capabilities: Window.Capabilities,
                       layout: WindowButtonLayout = .standard) -> WindowChrome {
        guard decorations == .clientSide else { return .none }
        return .clientSide(canMinimize: capabilities.contains(.minimize), canMaximize: capabilities.contains(.maximize),
                           fixedSize: states.fixesSize, layout: layout)
    }

    func update() {
        session.setChrome(Self.chrome(decorations: window.decorationMode, states: window.toplevelStates, capabilities: window.capabilities,
                                      layout: layout))
        window.setNeedsDisplay()
    }

    func perform(_ actions: [WindowAction]) {
        for a in actions { Self.perform(a, on: window) }
    }

    /// Carries out what a window control asks of the compositor.
    static func perform(_ action: WindowAction, on window: Window) {
        switch action {
        case .close: window.requestClose()
        case .minimize: window.minimize()
        case .toggleMaximize: window.toggleMaximized()
        case .move(let touch): window.beginMove(touch: touch)
        case .resize(let edge, let touch): window.beginResize(Window.ResizeEdge(edge), touch: touch)
        case .windowMenu(let p): window.showWindowMenu(x: Int(p.x.rounded()), y: Int(p.y.rounded()))
        }
    }
}
