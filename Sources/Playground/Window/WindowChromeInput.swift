// The headerbar's pointer gestures (issue 32.1, SPEC W1), as GTK's headerbar has them: a press
// on the toolbar's empty area that moves past a few points becomes the compositor's window move
// (so a click stays a click), a second press soon after and close by toggles maximize, a
// secondary press opens the compositor's window menu, and a press in the resize band starts the
// compositor's resize from that edge or corner. A finger does the same as the primary button
// (a touch moved past a few points on the title bar moves the window, a touch down in the
// resize band resizes), the compositor taking the touch point over; a second finger down makes
// it no move (a pinch or a two-finger gesture). Pure: times come with the events (T2).
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

    /// How far a touch on the title bar moves before it is a window move, points (a finger
    /// wobbles more than a pointer).
    public static let touchDragThreshold = 8.0

    private var pressed: (at: Point, time: Timestamp)?
    private var lastPress: (at: Point, time: Timestamp)?
    /// The touch point down on the title bar that may become a move.
    private var touch: (id: TouchID, at: Point)?
    /// The touch points down on the surface.
    private var touchesDown: Set<TouchID> = []

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
            return .move()
        case .touchDown(let id, let at):
            touchesDown.insert(id)
            guard touchesDown.count == 1 else {
                touch = nil
                return nil
            }
            let p = Point(at.x, at.y)
            switch target(p) {
            case .edge(let e): return .resize(e, touch: id)
            case .titleBar: touch = (id, p)
            case .other: break
            }
            return nil
        case .touchMotion(let id, let at):
            guard let t = touch, t.id == id, t.at.distance(to: Point(at.x, at.y)) >= Self.touchDragThreshold else { return nil }
            touch = nil
            return .move(touch: id)
        case .touchUp(let id):
            touchesDown.remove(id)
            if touch?.id == id { touch = nil }
            return nil
        case .touchCancel:
            touchesDown = []
            touch = nil
            return nil
        default:
            return nil
        }
    }
}
