// `lodestone dnd`'s picture of one case (issue 33.4; I2, G11): GestureCheck's `DndDiagram` (the
// lanes, the rows, the caption) painted with the renderer and written as a PNG next to the
// report, `BASE-STEP.png`. Blue is the source window, orange the target, grey the compositor,
// red a problem; the verdict's badge is green, red or grey.
import GestureCheck
import PixmanRenderer
import PointerEngine

public enum DndPicture {
    public static let background = Color(hex: 0xFFFFFF)
    public static let ink = Color(hex: 0x1C1C1E)
    public static let secondary = Color(hex: 0x636366)
    public static let source = Color(hex: 0x0A60C8)
    public static let target = Color(hex: 0xC2410C)
    public static let compositor = Color(hex: 0x636366)
    public static let problem = Color(hex: 0xD70015)
    public static let asExpected = Color(hex: 0x1E7B34)
    public static let skipped = Color(hex: 0x8E8E93)
    /// A lane's lifeline: its colour, light.
    public static let lifelineAlpha = 0.35
    public static let arrowHead = 9.0

    public static func color(_ tone: DndDiagram.Tone) -> Color {
        switch tone {
        case .source: source
        case .target: target
        case .compositor: compositor
        case .problem: problem
        }
    }

    public static func color(_ lane: DndDiagram.Lane) -> Color {
        switch lane {
        case .source: source
        case .compositor: compositor
        case .target: target
        }
    }

    public static func color(_ verdict: DndVerdict) -> Color {
        switch verdict {
        case .asExpected: asExpected
        case .differs: problem
        case .skipped: skipped
        }
    }

    /// The colour the painting has at one of the layout's probes.
    public static func color(_ probe: DndDiagram.Probe) -> Color {
        switch probe {
        case .head(let lane): color(lane)
        case .lifeline(let lane): lifeline(lane)
        case .arrow(let tone): color(tone)
        case .badge(let verdict): color(verdict)
        case .background: background
        }
    }

    /// The probes whose pixel in `canvas` (a painting of `d`, at 1x) is not the colour they
    /// should have, each with what it is and the colour found (empty: the painting keeps to the
    /// layout). `tolerance`: per channel, out of 255.
    public static func misplaced(in canvas: Canvas, _ d: DndDiagram, tolerance: Int = 8) -> [String] {
        var wrong: [String] = []
        for p in d.probes {
            let found: UInt32 = canvas.pixel(x: Int(p.x), y: Int(p.y))
            let want: UInt32 = color(p.probe).argb32
            let shifts: [UInt32] = [0, 8, 16, 24]
            let off = shifts.contains { shift -> Bool in
                let a = Int((found >> shift) & 0xFF), b = Int((want >> shift) & 0xFF)
                return abs(a - b) > tolerance
            }
            if off { wrong.append("\(p.what) at (\(Int(p.x)), \(Int(p.y))): \(String(found, radix: 16)), not \(String(want, radix: 16))") }
        }
        return wrong
    }

    /// The lifeline's colour over the white background, as a pixel reads it.
    public static func lifeline(_ lane: DndDiagram.Lane) -> Color { background.mixed(with: color(lane), lifelineAlpha) }

    public static func render(_ d: DndDiagram, scale: Double = 1) -> Canvas {
        let c = Canvas(width: Int((DndDiagram.width * scale).rounded()), height: Int((d.height * scale).rounded()), scale: scale)
        c.clear(background)
        let m = DndDiagram.margin
        c.draw(d.title, font: .system(16, bold: true), at: Point(m, DndDiagram.titleY), ink)
        c.draw(d.subtitle, font: .system(11), at: Point(m, DndDiagram.subtitleY), secondary)
        let headBottom = DndDiagram.headTop + DndDiagram.headHeight
        for lane in DndDiagram.Lane.allCases {
            let x = DndDiagram.x(lane)
            c.fill(Rect(x: x - 1, y: headBottom, width: 2, height: d.lanesBottom - headBottom), lifeline(lane))
            let head = Rect(x: x - DndDiagram.headWidth / 2, y: DndDiagram.headTop, width: DndDiagram.headWidth, height: DndDiagram.headHeight)
            c.fill(.roundedRect(cornerRadius: 8), in: head, color(lane))
            centred(DndDiagram.title(lane), font: .system(13, bold: true), x: x, baseline: head.midY + 5, background, on: c)
        }
        for row in d.rows { draw(row, on: c) }
        // The caption: the verdict's badge, then what was chosen and by whom.
        let badgeFont = Font.system(13, bold: true)
        let badgeWidth = c.measure(d.badge, font: badgeFont).width + 20
        let badge = Rect(x: m, y: d.badgeTop, width: badgeWidth, height: DndDiagram.badgeHeight)
        c.fill(.capsule, in: badge, color(d.verdict))
        centred(d.badge, font: badgeFont, x: badge.midX, baseline: d.captionY, background, on: c)
        for (i, line) in d.caption.enumerated() {
            c.draw(line, font: .system(13, bold: i == 0), at: Point(badge.maxX + 12, d.captionY + Double(i) * DndDiagram.captionLine),
                   i == 0 ? ink : secondary)
        }
        return c
    }

    public static func draw(_ row: DndDiagram.Row, on c: Canvas) {
        let tint = color(row.tone)
        if let time = row.time {
            let font = Font.monospaced(11)
            c.draw(time, font: font, at: Point(DndDiagram.timeRight - c.measure(time, font: font).width, row.y + 4), secondary)
        }
        switch row.shape {
        case .arrow(let from, let to):
            let x0 = DndDiagram.x(from), x1 = DndDiagram.x(to)
            let dir: Double = x1 > x0 ? 1 : -1
            let end = x1 - dir * 2
            let shaft = Rect(x: min(x0, end - dir * arrowHead), y: row.y - 1, width: abs(end - dir * arrowHead - x0), height: 2)
            if row.event.map({ if case .read = $0.kind { true } else { false } }) ?? false {
                // The bytes through the pipe: dashed.
                var x = shaft.minX
                while x < shaft.maxX {
                    c.fill(Rect(x: x, y: shaft.minY, width: min(7, shaft.maxX - x), height: 2), tint)
                    x += 11
                }
            } else {
                c.fill(shaft, tint)
            }
            let head = Path.polygon([Point(end, row.y), Point(end - dir * arrowHead, row.y - 5), Point(end - dir * arrowHead, row.y + 5)])
            // A path is laid into the rect its bounds map to: the head's own box.
            c.fill(.path(head), in: Rect(x: min(end, end - dir * arrowHead), y: row.y - 5, width: arrowHead, height: 10), tint)
            let mid = (x0 + x1) / 2
            centred(row.label, font: .system(12, bold: true), x: mid, baseline: row.y - 7, tint, on: c, backed: true)
            if let detail = row.detail { centred(detail, font: .system(11), x: mid, baseline: row.y + 16, secondary, on: c, backed: true) }
        case .note(let lane):
            let x = DndDiagram.x(lane)
            let font = Font.system(12, bold: true), small = Font.system(11)
            let width = max(c.measure(row.label, font: font).width, row.detail.map { c.measure($0, font: small).width } ?? 0) + 20
            let height = row.detail == nil ? 24.0 : 38.0
            // On its lane, inside the picture's margins.
            let left = min(max(x - width / 2, DndDiagram.margin), DndDiagram.width - DndDiagram.margin - width)
            let box = Rect(x: left, y: row.y - 12, width: width, height: height)
            c.fill(.roundedRect(cornerRadius: 6), in: box, background.mixed(with: tint, 0.1))
            c.stroke(.roundedRect(cornerRadius: 6), in: box, lineWidth: 1, tint)
            centred(row.label, font: font, x: box.midX, baseline: row.y + 4, tint, on: c)
            if let detail = row.detail { centred(detail, font: small, x: box.midX, baseline: row.y + 19, secondary, on: c) }
        }
    }

    /// `backed`: on the background's colour, so a lifeline it crosses does not run through it.
    public static func centred(_ text: String, font: Font, x: Double, baseline: Double, _ color: Color, on c: Canvas, backed: Bool = false) {
        let e = c.measure(text, font: font)
        if backed {
            c.fill(Rect(x: x - e.width / 2 - 3, y: baseline - e.ascent - 1, width: e.width + 6, height: e.ascent + e.descent + 2), background)
        }
        c.draw(text, font: font, at: Point(x - e.width / 2, baseline), color)
    }

    /// Writes BASE-STEP.png for every case (BASE-STEP-2.png for a step's second case): the file
    /// names (no directory: they sit next to the report) by case index, and why any picture
    /// could not be written (it is left out).
    public static func write(_ report: DndReport, base: String) -> (names: [Int: String], errors: [String]) {
        var names: [Int: String] = [:], errors: [String] = [], seen: [DndStep: Int] = [:]
        for (i, c) in report.cases.enumerated() {
            seen[c.step, default: 0] += 1
            let path = DndDiagram.pictureName(base: base, step: c.step, occurrence: seen[c.step]!)
            do {
                try render(DndDiagram(c, compositor: report.compositor.name)).writePNG(to: path)
                names[i] = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(path))
            } catch {
                errors.append("\(error)")
            }
        }
        return (names, errors)
    }
}
