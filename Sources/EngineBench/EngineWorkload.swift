// Engine-side workloads for `lodestone bench engine` (issue 5 item 8). The CLI times them; the
// engine never reads a clock. Everything is generated from a seed, so every run measures the
// same work.

import PointerEngine

public enum EngineWorkload {
    /// A layout of about `count` elements: toolbars of bar buttons (contiguous regions), grids of
    /// icons, lists of rows, cards and text areas, a quarter of them inside scroll views.
    /// Elements are 40–120 pt and spaced so the density (elements per pt²) stays the same at
    /// every size: the surface grows with the count, as a real document would.
    public static func layout(elements count: Int, seed: UInt64 = 1) -> Layout {
        var rng = SeededRandom(seed: seed)
        let cell = 64.0
        let side = max(4, Int(Double(count).squareRoot().rounded(.up)))
        let size = Size(Double(side) * cell + 40, Double(side) * cell + 40)
        var layout = Layout(size: size)
        var next: Int32 = 1
        func id() -> ElementID { defer { next += 1 }; return ElementID(next) }
        var made = 0
        // Scroll views: one per 16×16 block of cells in the top-left quarter.
        var row = 0
        while made < count {
            let y = 20 + Double(row) * cell
            if row % 8 == 0 {
                // A toolbar of bar buttons across the row.
                let bar = id()
                try? layout.add(Element(id: bar, kind: .toolbar, frame: Rect(x: 20, y: y, width: Double(side) * cell, height: 44)))
                made += 1
                var x = 24.0
                while x + 44 < Double(side) * cell, made < count {
                    try? layout.add(Element(id: id(), kind: .barButton, frame: Rect(x: x, y: y + 6, width: 36, height: 32), cornerRadius: 6), parent: bar)
                    x += 44; made += 1
                }
            } else if row % 8 == 4 {
                // A scroll view holding a list of rows.
                let sv = id()
                let rows = min(count - made - 1, side)
                try? layout.add(Element(id: sv, kind: .scrollView, frame: Rect(x: 20, y: y, width: Double(side) * cell, height: cell),
                                        traits: ElementTraits(scroll: ScrollConfiguration(contentSize: Size(Double(side) * cell, Double(max(rows, 1)) * 44)))))
                made += 1
                for r in 0..<max(0, rows) {
                    try? layout.add(Element(id: id(), kind: .row, frame: Rect(x: 0, y: Double(r) * 44, width: Double(side) * cell, height: 44)), parent: sv)
                    made += 1
                }
            } else {
                for c in 0..<side where made < count {
                    let x = 20 + Double(c) * cell
                    let pick = rng.next() % 10
                    let kind: ElementKind = pick < 5 ? .icon : (pick < 7 ? .button : (pick < 9 ? .card : .textArea))
                    let w = kind == .icon ? 48.0 : 56.0
                    try? layout.add(Element(id: id(), kind: kind, frame: Rect(x: x + 4, y: y + 4, width: w, height: 48), cornerRadius: 10,
                                            hasBezel: kind == .button,
                                            traits: kind == .textArea ? ElementTraits(text: TextMetrics(lineHeight: 16)) : ElementTraits()))
                    made += 1
                }
            }
            row += 1
        }
        return layout
    }

    /// `count` pointer events over `size`: motion that wanders, flicks and stops (120 Hz, as a
    /// trackpad reports), with a click every ~100 events. Times start at 1 s.
    public static func events(count: Int, size: Size, seed: UInt64 = 2) -> [InputEvent] {
        var rng = SeededRandom(seed: seed)
        var out: [InputEvent] = []
        out.reserveCapacity(count + 2)
        let dev = DeviceID(1)
        var t: UInt64 = 1_000_000
        out.append(InputEvent(time: Timestamp(rawValue: t), device: dev, .deviceAdded(name: "bench mouse", capabilities: .pointer)))
        var p = Point(size.width / 2, size.height / 2)
        out.append(InputEvent(time: Timestamp(rawValue: t), device: dev, .pointerEnter(position: InputPoint(x: p.x, y: p.y))))
        var v = Vector(0, 0)
        while out.count < count {
            t += 8_333
            if rng.next() % 100 == 0 {
                out.append(InputEvent(time: Timestamp(rawValue: t), device: dev, .button(.left, pressed: true)))
                out.append(InputEvent(time: Timestamp(rawValue: t + 50_000), device: dev, .button(.left, pressed: false)))
                t += 50_000
                continue
            }
            // Speed changes: mostly slow aiming, sometimes a flick.
            if rng.next() % 40 == 0 { v = Vector(rng.uniform(-2500...2500), rng.uniform(-2500...2500)) }
            v = v * 0.93 + Vector(rng.uniform(-40...40), rng.uniform(-40...40))
            let d = v / 120
            p = Point(clamp(p.x + d.dx, 0, size.width), clamp(p.y + d.dy, 0, size.height))
            out.append(InputEvent(time: Timestamp(rawValue: t), device: dev,
                                  .motion(position: InputPoint(x: p.x, y: p.y), delta: InputVector(dx: d.dx, dy: d.dy), unaccelerated: .zero)))
        }
        return out
    }
}
