// The Gesture HUD's rows (issue 17.7): a value never runs over its label. Each value is
// ellipsized ("…") to the column between its label and the panel's right margin, measured with
// the renderer's own text measurement.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Gesture HUD rows ellipsize (issue 17.7)")
struct HUDEllipsisTests {
    typealias ID = Showcase.ID

    /// Every label/value pair drawn, with the drawn text's left edge and width.
    static func rows(_ hud: GestureHUD, in r: Rect, scale: Double) -> [(label: String, labelEnd: Double, value: String, x: Double, width: Double)] {
        let canvas = Canvas(width: Int(400 * scale), height: Int(900 * scale), scale: scale)
        let ink = Ink(measure: { canvas.measure($0, font: $1) })
        let (head, y) = hud.gestureParts(in: r)
        var out: [(String, Double, String, Double, Double)] = []
        var label: (String, Double)?
        for part in head + hud.pointerParts(in: r, from: y) {
            let ops = part.ops(in: r, ink: ink)
            guard case .text(let t, let font, let baseline, _)? = ops.first else { continue }
            let w = canvas.measure(t, font: font).width
            switch part {
            case .label: label = (t, baseline.x + w)
            case .value:
                if let l = label { out.append((l.0, l.1, t, baseline.x, w)) }
                label = nil
            default: break
            }
        }
        return out
    }

    @Test("a long value ends in … inside its column and clear of its label", arguments: [1.0, 2.0])
    func longValues(scale: Double) {
        var hud = GestureHUD()
        hud.hovered = "Right-click or long-press"
        hud.effect = "a very long effect name that cannot fit"
        // The showcase's HUD panel width.
        let r = Showcase.layout().elements.first { $0.id == ID.hud }!.frame
        let rows = Self.rows(hud, in: r, scale: scale)
        #expect(rows.count >= 15)
        for row in rows {
            #expect(row.x >= row.labelEnd + HUDPart.valueGap - 1, "\(row.label): \"\(row.value)\" starts at \(row.x), over its label (ends \(row.labelEnd))")
            #expect(row.x + row.width <= r.maxX - 16 + 1, "\(row.label): \"\(row.value)\" runs past the column")
        }
        let over = rows.first { $0.label == "over" }!
        #expect(over.value.hasSuffix("…"))
        #expect(over.value.count > 3, "as much of the value as fits shows: \(over.value)")
        #expect(rows.first { $0.label == "effect" }!.value.hasSuffix("…"))
        // Short values are drawn whole.
        #expect(rows.first { $0.label == "phase" }!.value.hasSuffix("…") == false)
    }
}
