// How elements look at rest, by kind: the generic look used for any layout (user files too).
// The showcase refines some elements (ShowcaseContent.swift). Ops are in surface points.
import PointerEngine
import PixmanRenderer

typealias Paint = PointerEngine.Color
typealias TextSize = PixmanRenderer.TextExtents

/// The showcase palette (iOS-like system colours).
enum Palette {
    static let window = Paint(hex: 0xECECF1)
    static let panel = Paint(hex: 0xFFFFFF)
    static let sidebar = Paint(hex: 0xE3E4EA)
    static let bar = Paint(hex: 0xF7F7FA)
    static let ink = Paint(hex: 0x1C1C1E)
    static let secondaryInk = Paint(hex: 0x6C6C70)
    static let tertiaryInk = Paint(hex: 0xA1A1A6)
    static let hairline = Paint(hex: 0x000000, alpha: 0.09)
    static let fill = Paint(hex: 0xEFEFF3)
    static let accent = Paint(hex: 0x0A84FF)
    static let green = Paint(hex: 0x30B158)
    static let orange = Paint(hex: 0xFF9F0A)
    static let red = Paint(hex: 0xFF453A)
    static let purple = Paint(hex: 0xAF52DE)
    static let pink = Paint(hex: 0xFF375F)
    static let teal = Paint(hex: 0x30B0C7)
    static let indigo = Paint(hex: 0x5E5CE6)
    static let yellow = Paint(hex: 0xFFD60A)
    static let hues: [Paint] = [accent, green, orange, purple, pink, teal, indigo, red]
}

/// Looks by kind.
enum ElementLook {
    /// The generic look of an element at rest in `r` (its surface frame).
    static func generic(_ e: Element, in r: Rect, state: ElementState?, ink: Ink) -> [DrawOp] {
        let shape = Shape.roundedRect(cornerRadius: e.cornerRadius)
        let selected = state?.isSelected ?? false
        let pressed = state?.isPressed ?? false
        let body = Font.system(13)
        var ops: [DrawOp] = []
        switch e.kind {
        case .barButton, .segment, .tab, .menuItem:
            if pressed { ops.append(.fill(shape, r, Palette.ink.withAlpha(0.08))) }
            ops.append(ink.centered(e.label, in: r, font: .system(12), selected ? Palette.accent : Palette.ink))
        case .button:
            ops += Painter.control(r, cornerRadius: e.cornerRadius, fill: pressed ? Paint(hex: 0xE5E5EA) : .white,
                                   border: Palette.hairline, shadow: e.hasBezel)
            ops.append(ink.centered(e.label, in: r, font: .system(12, bold: true), Palette.accent))
        case .icon, .collectionItem:
            let hue = Palette.hues[Int(e.id.rawValue) % Palette.hues.count]
            ops += Painter.appIcon(r, top: hue.mixed(with: .white, 0.25), bottom: hue, glyph: nil)
            if selected { ops.append(.stroke(shape, r.outsetBy(3), lineWidth: 2.5, Palette.accent)) }
        case .card:
            ops += Painter.control(r, cornerRadius: e.cornerRadius, fill: .white, border: Palette.hairline, shadow: true)
            ops.append(ink.leading(e.label, x: r.minX + 12, in: r, font: .system(13, bold: true), Palette.ink))
        case .row:
            if selected { ops.append(.fill(shape, r, Palette.accent.withAlpha(0.16))) }
            ops.append(ink.leading(e.label, x: r.minX + 12, in: r, font: body, Palette.ink))
            ops.append(.fill(.rect, Rect(x: r.minX + 12, y: r.maxY - 0.5, width: r.width - 12, height: 0.5), Palette.hairline))
        case .textArea:
            ops.append(.fill(shape, r, Paint(hex: 0xFBFBFD)))
            ops.append(.stroke(shape, r, lineWidth: 0.5, Palette.hairline))
        case .resizeHandle:
            ops.append(.fill(.capsule, r, .white))
            ops.append(.stroke(.capsule, r, lineWidth: 1, Palette.accent))
        case .graph, .image, .canvas:
            ops.append(.fill(shape, r, Palette.fill))
        case .scrubber:
            ops.append(.fill(.capsule, r, Palette.fill))
        case .dropTarget:
            ops += Painter.dropTarget(r, cornerRadius: e.cornerRadius, state: .idle)
            ops.append(ink.centered(e.label, in: r, font: .system(11), Palette.secondaryInk))
        case .toolbar, .tabBar, .segmentedControl, .menu:
            ops.append(.fill(shape, r, e.kind == .toolbar ? Palette.bar : Palette.fill))
        case .sidebar:
            ops.append(.fill(.rect, r, Palette.sidebar))
        case .collection, .scrollView, .pagedView, .tabView:
            ops.append(.fill(shape, r, Palette.panel))
        case .group:
            if e.parent == nil {
                ops += Painter.control(r, cornerRadius: e.cornerRadius, fill: Palette.panel, border: Palette.hairline, shadow: true)
                if !e.label.isEmpty {
                    ops.append(.text(e.label, .system(13, bold: true), baseline: Point(r.minX + 14, r.minY + 22), Palette.ink))
                }
            } else {
                ops.append(.fill(shape, r, Palette.fill))
            }
        case .label:
            ops.append(ink.centered(e.label, in: r, font: .system(11), Palette.secondaryInk))
        case .revealingControls:
            break
        }
        return ops
    }
}
