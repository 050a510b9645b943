// What the damage diff of SceneRenderer.swift decides with: whether an operation only moved
// or only changed colour (its record is then moved or recoloured, not redrawn), an outline's
// strips around its untouched interior, which items moved in the stacking order, and the
// merging of damage rectangles (issue 6 §2, issue 8).
import PointerEngine

extension SceneRenderer {
    /// When operation `j` moved by whole pixels and nothing else changed (a lift's parallax,
    /// the pointer leaving a rest), its record moves along (true). False when there is no
    /// record to move or it cannot follow: the operation changed otherwise, or its record is
    /// narrowed (by the canvas edge or a clip) or drawn through a rounded clip, whose corners
    /// do not move with it. (An operation not recorded yet is not recorded for moving: the
    /// pointer's snapped size changes with its sub-pixel position every other frame or so,
    /// and most such recordings were thrown away at the next frame — measured.)
    static func movedWhole(from old: DrawOp, to new: DrawOp, _ prepared: PreparedItem, _ j: Int, on canvas: Canvas) -> Bool {
        guard prepared.rounded == nil, let record = prepared.ops[j], record.isWhole else { return false }
        let (dx, dy) = canvas.pixelMove(from: old, to: new)
        guard canvas.samePixels(old, new, movedBy: dx, dy) else { return false }
        record.move(by: dx, dy)
        return true
    }

    /// Whether `new` is `old` in another colour that draws through the same pixman calls: a
    /// fill, outline, shadow or line of text whose colour stays visible and stays opaque or
    /// translucent (the colour then enters drawing only as the fill colour or the solid source).
    static func onlyColourChanged(from old: DrawOp, to new: DrawOp) -> Bool {
        guard let c = new.paintColor, let o = old.paintColor, c.alpha > 0, o.alpha > 0, (c.alpha >= 1) == (o.alpha >= 1) else {
            return false
        }
        return old.recoloured(c) == new
    }

    /// `b` without `hole` (which lies inside it): the strips above and below it, then left and
    /// right of it; `b` itself when the hole is empty.
    static func pieces(of b: PixelRect, around hole: PixelRect) -> [PixelRect] {
        guard !hole.isEmpty else { return [b] }
        return [PixelRect(x: b.x, y: b.y, width: b.width, height: hole.y - b.y),
                PixelRect(x: b.x, y: hole.maxY, width: b.width, height: b.maxY - hole.maxY),
                PixelRect(x: b.x, y: hole.y, width: hole.x - b.x, height: hole.height),
                PixelRect(x: hole.maxX, y: hole.y, width: b.maxX - hole.maxX, height: hole.height)].filter { !$0.isEmpty }
    }

    /// For each item, by its index in the previous list (-1: new), whether it moved in the
    /// stacking order: every item outside one longest run that kept its old relative order
    /// (longest increasing subsequence, patience sorting). Two items whose order flipped have
    /// at least one moved item between them, so repainting the moved ones covers every change.
    static func moved(_ oldIndex: [Int]) -> [Bool] {
        var tails: [Int] = []
        var parent = [Int](repeating: -1, count: oldIndex.count)
        for (k, v) in oldIndex.enumerated() where v >= 0 {
            var lo = 0, hi = tails.count
            while lo < hi {
                let m = (lo + hi) / 2
                if oldIndex[tails[m]] < v { lo = m + 1 } else { hi = m }
            }
            parent[k] = lo > 0 ? tails[lo - 1] : -1
            if lo == tails.count { tails.append(k) } else { tails[lo] = k }
        }
        var moved = oldIndex.map { $0 >= 0 }
        var k = tails.last ?? -1
        while k >= 0 { moved[k] = false; k = parent[k] }
        return moved
    }

    /// Merges rectangles whose union costs little more than they cover (overlapping, nested,
    /// or near neighbours); two that overlap in a cross or an L keep apart, the second cut to
    /// what lies outside the first — so no pixel is painted twice and no large empty corner is
    /// painted at all (merging a tall and a wide rect that touch used to repaint their whole
    /// bounding box; issue 8, damage per frame).
    static func coalesce(_ rects: [PixelRect]) -> [PixelRect] {
        // First merge whatever merges cheaply (to a fixpoint), then cut the overlaps that are left.
        var out = rects.filter { !$0.isEmpty }
        var merged = true
        while merged {
            merged = false
            var i = 0
            while i < out.count {
                var j = i + 1
                while j < out.count {
                    let a = out[i], b = out[j]
                    let u = a.union(b)
                    if u.area <= a.area + b.area - a.intersection(b).area + 256 {
                        out[i] = u
                        out.remove(at: j)
                        merged = true
                    } else {
                        j += 1
                    }
                }
                i += 1
            }
        }
        // Every later rect loses what an earlier one covers; its pieces lie inside it, so they
        // overlap nothing it did not, and the total overlap shrinks with each cut.
        var i = 0
        while i < out.count {
            var j = i + 1
            while j < out.count {
                if out[i].intersects(out[j]) {
                    out += out.remove(at: j).subtracting(out[i])
                } else {
                    j += 1
                }
            }
            i += 1
        }
        return out
    }
}

extension PixelRect {
    /// The parts of this rectangle outside `r`: up to four disjoint rectangles (above, below,
    /// left and right of `r`).
    func subtracting(_ r: PixelRect) -> [PixelRect] {
        let i = intersection(r)
        guard !i.isEmpty else { return isEmpty ? [] : [self] }
        var parts: [PixelRect] = []
        if i.y > y { parts.append(PixelRect(x: x, y: y, width: width, height: i.y - y)) }
        if i.maxY < maxY { parts.append(PixelRect(x: x, y: i.maxY, width: width, height: maxY - i.maxY)) }
        if i.x > x { parts.append(PixelRect(x: x, y: i.y, width: i.x - x, height: i.height)) }
        if i.maxX < maxX { parts.append(PixelRect(x: i.maxX, y: i.y, width: maxX - i.maxX, height: i.height)) }
        return parts
    }
}

extension DrawOp {
    /// The colour of a fill, outline, shadow or text (nil for the other kinds).
    var paintColor: Color? {
        switch self {
        case .fill(_, _, let c), .stroke(_, _, _, let c), .shadow(_, _, _, _, let c), .text(_, _, _, let c): return c
        case .gradient, .spotlight: return nil
        }
    }

    /// The operation in colour `c` (`paintColor`'s kinds; others unchanged).
    func recoloured(_ c: Color) -> DrawOp {
        switch self {
        case .fill(let s, let r, _): return .fill(s, r, c)
        case .stroke(let s, let r, let w, _): return .stroke(s, r, lineWidth: w, c)
        case .shadow(let s, let r, let b, let o, _): return .shadow(s, r, blur: b, offset: o, c)
        case .text(let t, let f, let b, _): return .text(t, f, baseline: b, c)
        case .gradient, .spotlight: return self
        }
    }
}
