// `lodestone bench latency --plot FILE.png` (issue 8): the distribution of event → commit
// latencies drawn by Lodestone's own renderer (pixman, FreeType text, libpng): a histogram of
// event → commit and of the client's own part, the cumulative share of events (right axis),
// and markers for p50, p99, the 1 ms goal and the refresh period.
import PointerEngine
import PixmanRenderer
#if canImport(Glibc)
import Glibc
#endif

enum LatencyPlot {
    static let size = Size(960, 540)
    static let background = Color(hex: 0xFFFFFF)
    static let ink = Color(hex: 0x1C1C1E)
    static let grid = Color(hex: 0xE5E5EA)
    static let total = Color(hex: 0x0A84FF)
    static let own = Color(hex: 0xFF9F0A)
    static let goal = Color(hex: 0x30D158)
    static let refreshColor = Color(hex: 0x8E8E93)

    /// Draws the plot; `note` (date, machine, load) goes under the title.
    static func draw(_ record: LatencyRecord, note: String, scale: Double = 2) -> Canvas {
        let canvas = Canvas(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
        canvas.clear(background)
        let title = Font.system(17, bold: true), label = Font.system(11), small = Font.system(10)
        let ms = record.eventToCommit.map { $0 * 1000 }.sorted()
        let mine = record.clientPart.map { $0 * 1000 }.sorted()
        canvas.draw("Lodestone — event → commit latency under headless sway (\(ms.count) events)", font: title,
                    at: Point(24, 30), ink)
        canvas.draw(note, font: label, at: Point(24, 50), refreshColor)
        let plot = Rect(x: 64, y: 80, width: size.width - 64 - 72, height: size.height - 80 - 84)
        guard let maxValue = ms.last, maxValue > 0 else {
            canvas.draw("no events recorded", font: title, at: Point(plot.midX - 80, plot.midY), ink)
            return canvas
        }
        // x: milliseconds on a log scale, whole decades from below the smallest value to above
        // the largest (client work is tenths of a millisecond, waits for a frame are tens).
        let positive = ms.filter { $0 > 0 } + mine.filter { $0 > 0 }
        let decadeLow = floor(log10(max(positive.min() ?? 0.01, 0.001)))
        let decadeHigh = max(decadeLow + 2, ceil(log10(maxValue * 1.01)))
        let bins = 20 * Int(decadeHigh - decadeLow)
        func unit(_ v: Double) -> Double { (log10(max(v, 1e-9)) - decadeLow) / (decadeHigh - decadeLow) }
        func histogram(_ v: [Double]) -> [Int] {
            var h = [Int](repeating: 0, count: bins)
            for x in v { h[min(bins - 1, max(0, Int(unit(x) * Double(bins))))] += 1 }
            return h
        }
        let hTotal = histogram(ms), hOwn = histogram(mine)
        let yMax = niceCeiling(Double(max(hTotal.max() ?? 1, hOwn.max() ?? 1)))
        func px(_ x: Double) -> Double { plot.minX + min(1, max(0, unit(x))) * plot.width }
        func py(_ count: Double) -> Double { plot.maxY - count / yMax * plot.height }
        func pyShare(_ share: Double) -> Double { plot.maxY - share * plot.height }

        // Grid and axes.
        for i in 0...5 {
            let y = plot.maxY - Double(i) / 5 * plot.height
            canvas.fill(Rect(x: plot.minX, y: y, width: plot.width, height: 1), grid)
            let count = BenchFigure.text(yMax * Double(i) / 5)
            let w = canvas.measure(count, font: small).width
            canvas.draw(count, font: small, at: Point(plot.minX - 8 - w, y + 4), ink)
            canvas.draw("\(i * 20) %", font: small, at: Point(plot.maxX + 8, y + 4), total)
        }
        var decade = decadeLow
        while decade <= decadeHigh {
            let base = pow(10, decade)
            for m in [1.0, 2, 5] where decade < decadeHigh || m == 1 {
                let x = px(m * base)
                canvas.fill(Rect(x: x, y: plot.minY, width: 1, height: plot.height), m == 1 ? grid.mixed(with: ink, 0.15) : grid)
                let text = BenchFigure.text(m * base)
                let w = canvas.measure(text, font: small).width
                canvas.draw(text, font: small, at: Point(x - w / 2, plot.maxY + 16), m == 1 ? ink : refreshColor)
            }
            decade += 1
        }
        canvas.draw("milliseconds (log scale) from the event reaching the client to the wl_surface.commit that shows it", font: label,
                    at: Point(plot.minX, plot.maxY + 36), ink)
        canvas.draw("events", font: label, at: Point(12, plot.minY - 10), ink)
        canvas.draw("share ≤ x", font: label, at: Point(plot.maxX - 10, plot.minY - 10), total)

        // Histograms: event → commit (blue), the client's own part (orange) over it.
        for (h, color) in [(hTotal, total.fading(0.55)), (hOwn, own.fading(0.75))] {
            for (i, n) in h.enumerated() where n > 0 {
                let x0 = plot.minX + Double(i) / Double(bins) * plot.width, x1 = plot.minX + Double(i + 1) / Double(bins) * plot.width
                canvas.fill(Rect(x: x0 + 0.5, y: py(Double(n)), width: max(1, x1 - x0 - 1), height: plot.maxY - py(Double(n))), color)
            }
        }
        // Cumulative share of events (event → commit).
        var points: [Point] = [Point(px(0), pyShare(0))]
        let step = max(1, ms.count / 400)
        for i in stride(from: 0, to: ms.count, by: step) {
            points.append(Point(px(ms[i]), pyShare(Double(i + 1) / Double(ms.count))))
        }
        points.append(Point(px(ms[ms.count - 1]), pyShare(1)))
        polyline(points, on: canvas, width: 2, total)

        // Markers.
        let p50 = LatencyRecord.percentile(ms, 0.5), p99 = LatencyRecord.percentile(ms, 0.99)
        let period = record.refresh > 0 ? record.refresh * 1000 : 1000 / Double(LatencyBench.refreshHz)
        var labelY = plot.minY + 14
        for (value, text, color) in [(LatencyBench.goalP99Ms, "goal p99 ≤ 1 ms", goal),
                                     (p50, "p50 \(BenchFigure.text(p50)) ms", ink),
                                     (p99, "p99 \(BenchFigure.text(p99)) ms", ink),
                                     (period, "refresh \(BenchFigure.text(period)) ms", refreshColor)] {
            let x = px(value)
            canvas.fill(Rect(x: x - 0.75, y: plot.minY, width: 1.5, height: plot.height), color)
            canvas.draw(text, font: small, at: Point(x + 4, labelY), color)
            labelY += 14
        }
        // Legend.
        let legendY = size.height - 18
        canvas.fill(Rect(x: plot.minX, y: legendY - 9, width: 12, height: 10), total.fading(0.55))
        canvas.draw("event → commit (p99 \(BenchFigure.text(p99)) ms)", font: label, at: Point(plot.minX + 18, legendY), ink)
        canvas.fill(Rect(x: plot.minX + 300, y: legendY - 9, width: 12, height: 10), own.fading(0.75))
        let ownP99 = LatencyRecord.percentile(mine, 0.99)
        canvas.draw("client's own work, after the frame callback (p99 \(BenchFigure.text(ownP99)) ms)", font: label,
                    at: Point(plot.minX + 318, legendY), ink)
        canvas.draw("late frames: \(record.late) of \(record.presented)", font: label, at: Point(plot.maxX - 110, legendY), ink)
        return canvas
    }

    /// A polyline as thin quads (the canvas strokes closed shapes; a chart needs open lines).
    static func polyline(_ points: [Point], on canvas: Canvas, width: Double, _ color: Color) {
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length > 0 else { continue }
            let nx = -dy / length * width / 2, ny = dx / length * width / 2
            let quad = Path.polygon([Point(a.x + nx, a.y + ny), Point(b.x + nx, b.y + ny), Point(b.x - nx, b.y - ny), Point(a.x - nx, a.y - ny)])
            let bounds = quad.bounds
            guard bounds.width > 0, bounds.height > 0 else { continue }
            canvas.fill(.path(quad), in: bounds, color)
        }
    }

    /// 1, 2 or 5 × a power of ten, at least `v`.
    static func niceCeiling(_ v: Double) -> Double {
        guard v > 0 else { return 1 }
        var p = 1.0
        while p * 10 <= v { p *= 10 }
        while p > v { p /= 10 }
        for m in [1.0, 2, 5, 10] where m * p >= v { return m * p }
        return 10 * p
    }
}
