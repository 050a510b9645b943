// The headerbar's pointer gestures (issue 32.1, SPEC W1), as GTK's headerbar has them: a press
// on the toolbar's empty area that moves past a few points becomes the compositor's window move
// (so a click stays a click), a second press soon after and close by toggles maximize, a
// secondary press opens the compositor's window menu, and a press in the resize band starts the
// compositor's resize from that edge or corner. Pure: times come with the events (T2).
import InputProtocol
import PointerEngine

/// What is under a point, for the window's own controls.
public enum ChromeTarget: Equatable, Sendable {
    /// The toolbar's empty area: the title bar.
    case titleBar
    case edge(WindowEdge)
    /// Anything else (a control, the content): the app's own.
    case other
}

public struct WindowChromeInput: Sendable {
    /// How far a press on the title bar moves before it is a window move, points.
    public static let dragThreshold = 4.0
    /// A second press within this time and distance of the first is a double-click.
    public static let doubleClickInterval = 0.4
    public static let doubleClickDistance = 6.0

    private var pressed: (at: Point, time: Timestamp)?
    private var lastPress: (at: Point, time: Timestamp)?

    public init() {}

    /// The action `event` asks for, the pointer being at `position` (after the event) over
    /// `target(position)`.
    public mutating func handle(_ event: InputEvent, position: Point, target: (Point) -> ChromeTarget) -> WindowAction? {
        switch event.kind {
        case .button(.left, pressed: true):
            switch target(position) {
            case .edge(let e):
                pressed = nil
                return .resize(e)
            case .titleBar:
                if let last = lastPress, event.time.seconds(since: last.time) <= Self.doubleClickInterval,
                   last.at.distance(to: position) <= Self.doubleClickDistance {
                    lastPress = nil
                    pressed = nil
                    return .toggleMaximize
                }
                lastPress = (position, event.time)
                pressed = (position, event.time)
                return nil
            case .other:
                lastPress = nil
                pressed = nil
                return nil
            }
        case .button(.right, pressed: true):
            pressed = nil
            return target(position) == .titleBar ? .windowMenu(position) : nil
        case .button(_, pressed: false), .pointerLeave:
            pressed = nil
            return nil
        case .motion:
            guard let p = pressed, p.at.distance(to: position) >= Self.dragThreshold else { return nil }
            pressed = nil
            lastPress = nil
            return .move
        default:
            return nil
        }
    }
}
