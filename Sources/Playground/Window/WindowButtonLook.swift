// How the window's own buttons look (issue 32.1, SPEC W1): GNOME's headerbar buttons, a round
// grey disc with the glyph; hover and press are the engine's highlight (E1) like every bar button.
import PointerEngine
import PixmanRenderer

extension ShowcaseContent {
    /// A window button (issue 32.1, W1): GNOME's look, a round grey disc with the glyph.
    func windowButton(_ kind: WindowControlKind, _ r: Rect) -> [DrawOp] {
        let disc = r.insetBy(5)
        var ops: [DrawOp] = [.fill(.ellipse, disc, Palette.ink.withAlpha(0.08))]
        switch kind {
        case .close: ops.append(ink.centered("×", in: r, font: .system(17), Palette.ink))
        case .minimize: ops.append(.fill(.rect, Rect(x: r.midX - 4.5, y: r.midY + 2, width: 9, height: 1.5), Palette.ink))
        case .maximize: ops.append(.stroke(.rect, Rect(x: r.midX - 4.5, y: r.midY - 4.5, width: 9, height: 9), lineWidth: 1.5, Palette.ink))
        }
        return ops
    }
}
