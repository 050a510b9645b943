// Text selection with line stickiness (SPEC P2, M5).
//
// ```mermaid
// stateDiagram-v2
//     [*] --> idle
//     idle --> selecting: press in a text area
//     selecting --> selecting: move (line changes only past textLineEscape)
//     selecting --> idle: release / cancel (selection kept)
// ```

/// A position in a text area: line index and offset along the line, points from the line's start.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, 0-based, in the text area's lines (`TextMetrics.lineHeight` apart).
    public var line: Int
    /// Points from the start of the line along it.
    public var offset: Double
    /// The position at `offset` points along line `line`.
    public init(line: Int, offset: Double) { self.line = line; self.offset = offset }
    public static func < (a: TextPosition, b: TextPosition) -> Bool { a.line != b.line ? a.line < b.line : a.offset < b.offset }
    public var description: String { "L\(line)+\(formatNumber(offset))" }
}

/// Text selected in a text area (P2, M5): from where the drag began to where it is.
public struct TextSelection: Hashable, Sendable {
    /// The text area.
    public var element: ElementID
    /// Where the selection began (the press).
    public var anchor: TextPosition
    /// Where the selection ends now (the pointer).
    public var focus: TextPosition
    /// Whether anchor and focus coincide (an insertion point, no text).
    public var isEmpty: Bool { anchor == focus }
}

/// Line geometry of one text area on the surface.
struct TextLines {
    let frame: Rect
    let lineHeight: Double
    let first: Double
    let vertical: Bool

    init(frame: Rect, metrics: TextMetrics, zoom: Double) {
        self.frame = frame; lineHeight = max(metrics.lineHeight * zoom, 1); first = metrics.firstLineOffset * zoom
        vertical = metrics.isVertical
    }

    var lineCount: Int { max(1, Int(((vertical ? frame.width : frame.height) - first) / lineHeight)) }

    func along(_ p: Point) -> Double { vertical ? p.x - frame.minX - first : p.y - frame.minY - first }
    func across(_ p: Point) -> Double { vertical ? p.y - frame.minY : p.x - frame.minX }

    func line(at p: Point) -> Int { clampLine(Int((along(p) / lineHeight).rounded(.down))) }
    func clampLine(_ l: Int) -> Int { min(max(l, 0), lineCount - 1) }
    /// Centre of a line along the cross-line axis, surface points.
    func centre(of line: Int) -> Double {
        (vertical ? frame.minX : frame.minY) + first + (Double(line) + 0.5) * lineHeight
    }
    func position(at p: Point, line: Int) -> TextPosition {
        TextPosition(line: line, offset: clamp(across(p), 0, vertical ? frame.height : frame.width))
    }

    func rect(line: Int, from a: Double, to b: Double) -> Rect {
        let start = first + Double(line) * lineHeight
        return vertical
            ? Rect(x: frame.minX + start, y: frame.minY + min(a, b), width: lineHeight, height: abs(b - a))
            : Rect(x: frame.minX + min(a, b), y: frame.minY + start, width: abs(b - a), height: lineHeight)
    }
}

package enum TextTrackerState: Hashable, Sendable {
    case idle
    case selecting(ElementID)
}

struct TextTracker: Hashable, Sendable {
    var state: TextTrackerState = .idle
    var selection: TextSelection?
    /// The line the focus sticks to (M5).
    var line = 0

    var isSelecting: Bool {
        switch state {
        case .idle: false
        case .selecting: true
        }
    }

    /// A press at `p` in text area `id` starts selecting there (M5); `extend` (shift held)
    /// keeps the anchor of a selection already in that area. The start goes to `log`.
    mutating func begin(_ id: ElementID, at p: Point, lines: TextLines, extend: Bool, log: TransitionLog?) {
        let l = lines.line(at: p)
        line = l
        let pos = lines.position(at: p, line: l)
        if extend, let s = selection, s.element == id {
            selection = TextSelection(element: id, anchor: s.anchor, focus: pos)
        } else {
            selection = TextSelection(element: id, anchor: pos, focus: pos)
        }
        state = .selecting(id)
        if let log { log("text: selecting in \(id) from \(selection?.anchor.description ?? "-")") }
    }

    /// M5: the focus changes line only once the pointer is `textLineEscape` line heights from
    /// the current line's centre.
    /// Returns whether the selection changed.
    mutating func move(to p: Point, lines: TextLines) -> Bool {
        guard case .selecting(let id) = state, var s = selection, s.element == id else { return false }
        let before = selection
        let distance = abs((lines.vertical ? p.x : p.y) - lines.centre(of: line))
        if distance > MagnetismTuning.textLineEscape * lines.lineHeight {
            line = lines.line(at: p)
        }
        s.focus = lines.position(at: p, line: line)
        selection = s
        return selection != before
    }

    /// Ends a selection in progress (the end goes to `log`); false when none was.
    @discardableResult
    mutating func end(log: TransitionLog?) -> Bool {
        switch state {
        case .idle: return false
        case .selecting:
            state = .idle
            if let log { log("text: selecting → idle") }
            return true
        }
    }

    func appearance(lines: TextLines) -> TextSelectionAppearance? {
        guard let s = selection else { return nil }
        if s.isEmpty {
            let r = lines.rect(line: s.focus.line, from: s.focus.offset, to: s.focus.offset)
            let caret = lines.vertical ? Rect(x: r.minX, y: r.minY - 1, width: r.width, height: 2)
                                       : Rect(x: r.minX - 1, y: r.minY, width: 2, height: r.height)
            return TextSelectionAppearance(element: s.element, rects: [], caret: caret)
        }
        let a = min(s.anchor, s.focus), b = max(s.anchor, s.focus)
        let full = lines.vertical ? lines.frame.height : lines.frame.width
        var rects: [Rect] = []
        for l in a.line...b.line {
            let from = l == a.line ? a.offset : 0
            let to = l == b.line ? b.offset : full
            rects.append(lines.rect(line: l, from: from, to: to))
        }
        return TextSelectionAppearance(element: s.element, rects: rects, caret: nil)
    }
}
