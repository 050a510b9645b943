// The first frame Lodestone paints (issue 2): a background and a few anti-aliased rounded-rect
// controls at fixed places, proving the buffer → pixman → commit path at any scale. The
// showcase layout replaces it; end-to-end tests read these positions to check screenshots.
import PointerEngine
import PixmanRenderer

public enum FirstFrame {
    /// One control: where (points, from the window's top-left), what shape, what colour.
    public struct Control: Sendable {
        public var name: String
        public var frame: Rect
        public var cornerRadius: Double
        public var color: PointerEngine.Color
    }

    /// Every control lies inside this many points from the top-left corner, so the layout fits
    /// any window at least this big.
    public static let minimumSize = Size(width: 600, height: 400)
    public static let background = PointerEngine.Color(hex: 0xF2F2F7)

    public static let controls: [Control] = [
        Control(name: "toolbar", frame: Rect(x: 16, y: 16, width: 568, height: 52), cornerRadius: 14, color: PointerEngine.Color(hex: 0xFFFFFF)),
        Control(name: "back button", frame: Rect(x: 26, y: 24, width: 36, height: 36), cornerRadius: 10, color: PointerEngine.Color(hex: 0xE5E5EA)),
        Control(name: "share button", frame: Rect(x: 538, y: 24, width: 36, height: 36), cornerRadius: 10, color: PointerEngine.Color(hex: 0xE5E5EA)),
        Control(name: "card", frame: Rect(x: 16, y: 88, width: 272, height: 200), cornerRadius: 18, color: PointerEngine.Color(hex: 0xFFFFFF)),
        Control(name: "segmented control", frame: Rect(x: 308, y: 88, width: 276, height: 36), cornerRadius: 9, color: PointerEngine.Color(hex: 0xD1D1D6)),
        Control(name: "primary button", frame: Rect(x: 308, y: 144, width: 160, height: 44), cornerRadius: 22, color: PointerEngine.Color(hex: 0x0A84FF)),
        Control(name: "destructive button", frame: Rect(x: 484, y: 144, width: 100, height: 44), cornerRadius: 12, color: PointerEngine.Color(hex: 0xFF3B30)),
        Control(name: "slider track", frame: Rect(x: 308, y: 216, width: 276, height: 8), cornerRadius: 4, color: PointerEngine.Color(hex: 0xC7C7CC)),
        Control(name: "slider knob", frame: Rect(x: 420, y: 206, width: 28, height: 28), cornerRadius: 14, color: PointerEngine.Color(hex: 0x34C759)),
        Control(name: "row", frame: Rect(x: 16, y: 308, width: 568, height: 76), cornerRadius: 12, color: PointerEngine.Color(hex: 0xFFFFFF)),
    ]

    public static func control(named name: String) -> Control? { controls.first { $0.name == name } }

    /// Paints the frame into `canvas` (its clip limits the work to the damaged area).
    /// `marker`, when given, is a small dot drawn on top (animated by `--animate`).
    public static func draw(on canvas: Canvas, marker: Rect? = nil) {
        canvas.clear(background)
        for c in controls {
            canvas.fill(.roundedRect(cornerRadius: c.cornerRadius), in: c.frame, c.color)
        }
        if let marker {
            canvas.fill(.ellipse, in: marker, PointerEngine.Color(hex: 0x1C1C1E))
        }
    }

    /// The frame as display items for a SceneRenderer with `background` (the window draws it so,
    /// repainting only what changed): the same fills `draw` makes, in the same order.
    public static func items(marker: Rect? = nil) -> [DisplayItem] {
        var items = controls.map { c in
            DisplayItem(ItemID("control \(c.name)"), [.fill(.roundedRect(cornerRadius: c.cornerRadius), c.frame, c.color)])
        }
        if let marker { items.append(DisplayItem(ItemID("marker"), [.fill(.ellipse, marker, PointerEngine.Color(hex: 0x1C1C1E))])) }
        return items
    }

    /// Where the animated marker is on frame `n`: it sweeps across the card.
    public static func marker(frame n: Int) -> Rect {
        let card = control(named: "card")!.frame
        let travel = card.width - 24
        let x = card.minX + Double(n % Int(travel))
        return Rect(x: x, y: card.midY - 6, width: 12, height: 12)
    }
}
