// Placing text for the looks (issue 34.3: moved from Playground's ElementLook with the
// composer, which places its overlays' text with it): centred, leading, trailing, ellipsized,
// all measured by the composer's measure at the canvas's scale.
import PointerEngine

/// Drawing helpers shared by the looks.
package struct Ink {
    /// The measure the helpers place text with.
    package let measure: TextMeasure

    /// Helpers placing text measured by `measure`.
    package init(measure: @escaping TextMeasure) { self.measure = measure }

    /// Text centred in `rect`.
    package func centered(_ s: String, in rect: Rect, font: Font, _ color: Color) -> DrawOp {
        let m = measure(s, font)
        return .text(s, font, baseline: Point((rect.midX - m.width / 2).rounded(), (rect.midY + (m.ascent - m.descent) / 2).rounded()), color)
    }

    /// Text with its left edge at `x`, vertically centred in `rect`.
    package func leading(_ s: String, x: Double, in rect: Rect, font: Font, _ color: Color) -> DrawOp {
        let m = measure(s, font)
        return .text(s, font, baseline: Point(x.rounded(), (rect.midY + (m.ascent - m.descent) / 2).rounded()), color)
    }

    /// Text with its right edge at `x`.
    package func trailing(_ s: String, x: Double, in rect: Rect, font: Font, _ color: Color) -> DrawOp {
        let m = measure(s, font)
        return .text(s, font, baseline: Point((x - m.width).rounded(), (rect.midY + (m.ascent - m.descent) / 2).rounded()), color)
    }

    package func width(_ s: String, _ font: Font) -> Double { measure(s, font).width }

    /// `s` if it fits in `width` points, otherwise its longest beginning that fits with "…"
    /// after it ("…" alone when nothing more fits).
    package func ellipsized(_ s: String, toWidth width: Double, font: Font) -> String {
        guard measure(s, font).width > width else { return s }
        let chars = Array(s)
        var lo = 0, hi = chars.count - 1 // lo fits (the ellipsis alone is the floor); find the most
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if measure(String(chars[..<mid]) + "…", font).width <= width { lo = mid } else { hi = mid - 1 }
        }
        var head = String(chars[..<lo])
        while head.last == " " { head.removeLast() } // "over …" reads worse than "over…"
        return head + "…"
    }
}
