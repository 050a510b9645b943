// The screens of `lodestone check` (issue 21.1, 21.4): one per step — its title, what to do, a
// small illustration of the fingers on a touchpad (drawn by Lodestone's renderer; `phase` 0…1
// moves them, the live window animates it, a still shows the motion as fading ghosts), the
// step's parts ticked off, its result and figures. `--headless --out DIR` writes each as
// DIR/step-NAME.png and all of them as DIR/contact-sheet.png.
import GestureCheck
import InputProtocol
import PixmanRenderer
import PointerEngine
#if canImport(Glibc)
import Glibc
#endif

enum CheckScreens {
    /// A screen, in points.
    static let size = Size(560, 340)
    /// Contact sheet: tiles per row, and their scale (half size).
    static let sheetColumns = 4
    static let sheetTileScale = 0.5
    /// Ghost fingers a still shows along the motion.
    static let ghosts = 5

    static let background = Color(hex: 0xF2F2F7)
    static let card = Color(hex: 0xFFFFFF)
    static let ink = Color(hex: 0x1C1C1E)
    static let secondary = Color(hex: 0x6C6C70)
    static let pad = Color(hex: 0xE5E5EA)
    static let padBorder = Color(hex: 0xC7C7CC)
    static let pass = Color(hex: 0x34C759)
    static let fail = Color(hex: 0xFF3B30)
    static let skip = Color(hex: 0x8E8E93)

    /// What the live window adds to a step's screen while the step runs.
    struct Live {
        /// Where the illustration's fingers are in their motion, 0…1 (nil: at rest).
        var phase: Double?
        /// The parts so far.
        var parts: [(String, Bool)]
        /// The newest relevant event, as a line ("pinch ×1.24, 6°").
        var feedback: String?
        /// Seconds until the step times out.
        var secondsLeft: Double?
        /// The modifiers held and the locks on (the keys step lights their keycaps).
        var held: Modifiers = []
    }

    /// One step's screen; `result` nil: the step is in progress (`live` ticks its parts).
    static func render(_ step: StepName, result: StepResult?, index: Int, of total: Int, scale: Double = 1,
                       reduceMotion: Bool = false, live: Live? = nil) -> Canvas {
        let c = Canvas(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), scale: scale)
        c.clear(background)
        c.fill(.roundedRect(cornerRadius: 14), in: Rect(x: 12, y: 12, width: size.width - 24, height: size.height - 24), card)
        c.draw("Step \(index) of \(total)", font: .system(11), at: Point(32, 40), secondary)
        c.draw(step.title, font: .system(22, bold: true), at: Point(32, 68), ink)
        c.draw(step.instruction, font: .system(12), at: Point(32, 90), secondary)
        // The illustration.
        let padRect = Rect(x: 32, y: 110, width: 230, height: 160)
        illustrate(step, in: padRect, on: c, reduceMotion: reduceMotion, phase: result == nil ? live?.phase : nil,
                   animated: live != nil && result == nil, held: result == nil ? live?.held ?? [] : [])
        // The parts.
        var y = 128.0
        let parts = result?.parts ?? live?.parts ?? step.parts.map { ($0, false) }
        for (part, done) in parts {
            let dot = Rect(x: 290, y: y - 11, width: 14, height: 14)
            if done {
                c.fill(.ellipse, in: dot, pass)
                c.fill(.path(check), in: dot.insetBy(3.5), .white)
            } else {
                c.stroke(.ellipse, in: dot, lineWidth: 1.5, padBorder)
            }
            c.draw(part, font: .system(13), at: Point(312, y), done ? ink : secondary)
            y += 22
        }
        if result == nil, let live {
            // Live feedback: the newest event, and the time left.
            if let line = live.feedback { c.draw(line, font: .system(12), at: Point(290, y + 8), ink) }
            if let left = live.secondsLeft {
                c.draw("\(Int(left.rounded(.up))) s left", font: .system(11), at: Point(290, y + 28), secondary)
            }
        }
        // The result and figures.
        if let r = result {
            let (label, color): (String, Color) = switch r.outcome {
            case .passed: ("Passed", pass)
            case .failed: ("Failed", fail)
            case .skipped: ("Skipped", skip)
            }
            let badge = Rect(x: 290, y: y, width: 78, height: 22)
            c.fill(.capsule, in: badge, color)
            let w = c.measure(label, font: .system(12, bold: true)).width
            c.draw(label, font: .system(12, bold: true), at: Point(badge.midX - w / 2, badge.minY + 15.5), .white)
            var figures: [String] = []
            if let f = r.figures.firstEvent { figures.append("first event \(fmt(f)) s") }
            if let hz = r.figures.updateRate { figures.append("\(fmt(hz, decimals: 0)) Hz") }
            if let off = r.figures.sourceOffset { figures.append("compositor \(fmt(off, decimals: 1)) ms after libinput") }
            figures += r.figures.measured.map { "\($0.0) \(fmt($0.1))" }
            var fy = y + 42
            for line in figures.prefix(3) {
                c.draw(line, font: .system(11), at: Point(290, fy), secondary)
                fy += 16
            }
        }
        c.draw("Tab next   Enter retry   S skip   Esc done", font: .system(11), at: Point(32, size.height - 34), secondary)
        return c
    }

    /// A tick mark, in a unit square.
    static let check = Path { p in
        p.move(to: Point(0, 0.55)); p.line(to: Point(0.15, 0.4)); p.line(to: Point(0.38, 0.62))
        p.line(to: Point(0.85, 0.1)); p.line(to: Point(1, 0.25)); p.line(to: Point(0.38, 0.9)); p.close()
    }

    // MARK: illustration

    /// `phase` (the live window, `animated`): the fingers there in their motion, trailed by two
    /// ghosts; taps pulse their ring. A still (not `animated`) shows the motion as ghosts.
    /// Reduce motion: the fingers at rest, no ghosts, no pulse.
    static func illustrate(_ step: StepName, in r: Rect, on c: Canvas, reduceMotion: Bool, phase: Double? = nil, animated: Bool = false,
                           held: Modifiers = []) {
        if ![StepName.wheel, .touch, .keys].contains(step) {
            c.fill(.roundedRect(cornerRadius: 12), in: r, pad)
            c.stroke(.roundedRect(cornerRadius: 12), in: r, lineWidth: 1, padBorder)
        }
        let center = Point(r.midX, r.midY)
        // Finger positions at phase t (0…1), for this step.
        let fingers: (Double) -> [Point]
        var taps = false
        switch step {
        case .scroll:
            fingers = { t in [Point(center.x - 14, center.y + 30 - 60 * t), Point(center.x + 14, center.y + 30 - 60 * t)] }
        case .wheel:
            // A mouse, not a touchpad: body and wheel.
            let body = Rect(x: center.x - 34, y: center.y - 55, width: 68, height: 110)
            c.fill(.capsule, in: body, pad)
            c.stroke(.capsule, in: body, lineWidth: 1.5, padBorder)
            c.fill(.capsule, in: Rect(x: center.x - 4, y: center.y - 38, width: 8, height: 22), secondary)
            fingers = { t in [Point(center.x, center.y - 20 - 16 * t)] }
        case .pinch:
            fingers = { t in
                let d = 18 + 42 * t
                return [Point(center.x - d * 0.7, center.y + d * 0.7), Point(center.x + d * 0.7, center.y - d * 0.7)]
            }
        case .rotate:
            fingers = { t in
                let a = (-0.6 + 1.2 * t) * Double.pi / 2
                return [Point(center.x - 40 * cos(a), center.y - 40 * sin(a)), Point(center.x + 40 * cos(a), center.y + 40 * sin(a))]
            }
        case .smartZoom:
            taps = true
            fingers = { _ in [Point(center.x - 14, center.y), Point(center.x + 14, center.y)] }
        case .swipe3, .swipe4:
            let n = step == .swipe3 ? 3 : 4
            // Side by side, swiping up (the ghosts trail below).
            let spread = 26.0
            let first = -spread * Double(n - 1) / 2
            fingers = { t in
                let y0: Double = center.y + 40 - 80 * t
                return (0..<n).map { i -> Point in
                    let x: Double = center.x + first + spread * Double(i)
                    let y: Double = y0 - (i == 0 || i == n - 1 ? 0 : 8)
                    return Point(x, y)
                }
            }
        case .hold:
            taps = true
            fingers = { _ in [Point(center.x - 26, center.y + 4), Point(center.x, center.y - 6), Point(center.x + 26, center.y + 4)] }
        case .tap:
            taps = true
            fingers = { _ in [Point(center.x, center.y)] }
        case .click:
            taps = true
            fingers = { _ in [Point(center.x, r.maxY - 34)] }
        case .drag:
            fingers = { t in [Point(center.x - 60 + 120 * t, center.y + 20 - 40 * t)] }
        case .touch:
            let screen = Rect(x: center.x - 50, y: r.minY + 8, width: 100, height: r.height - 16)
            c.fill(.roundedRect(cornerRadius: 10), in: screen, ink)
            c.fill(.roundedRect(cornerRadius: 6), in: Rect(x: screen.minX + 5, y: screen.minY + 8, width: screen.width - 10, height: screen.height - 16), pad)
            fingers = { t in [Point(center.x, center.y + 30 - 60 * t)] }
        case .keys:
            let keys: [(String, Modifiers)] = [("Shift", .shift), ("Ctrl", .control), ("Alt", .alt), ("Super", .super),
                                               ("Caps", .capsLock), ("Num", .numLock)]
            for (i, (name, mod)) in keys.enumerated() {
                let key = Rect(x: r.minX + 10 + Double(i % 3) * 72, y: r.minY + 30 + Double(i / 3) * 56, width: 64, height: 44)
                // Live: a key held (or a lock on) is lit.
                let lit = held.contains(mod)
                c.fill(.roundedRect(cornerRadius: 7), in: key, lit ? Color.accent : pad)
                c.stroke(.roundedRect(cornerRadius: 7), in: key, lineWidth: 1, lit ? Color.accent : padBorder)
                let w = c.measure(name, font: .system(12)).width
                c.draw(name, font: .system(12), at: Point(key.midX - w / 2, key.midY + 4), lit ? .white : ink)
            }
            return
        }
        let radius = 11.0
        func finger(_ p: Point, _ alpha: Double) {
            c.fill(.ellipse, in: Rect(x: p.x - radius, y: p.y - radius, width: radius * 2, height: radius * 2), Color.accent.fading(alpha))
        }
        let t = reduceMotion ? nil : phase
        if taps {
            // A ring around each finger; live, it pulses (grows and fades) with the phase.
            let grow = animated ? (t ?? 1) : 1
            for p in fingers(1) {
                let rr = radius * (1.2 + 0.7 * grow)
                c.stroke(.ellipse, in: Rect(x: p.x - rr, y: p.y - rr, width: rr * 2, height: rr * 2),
                         lineWidth: 1.5, Color.accent.fading(animated && t != nil ? 0.6 * (1 - grow) + 0.1 : 0.35))
            }
        } else if !reduceMotion {
            if animated {
                // Two ghosts just behind the fingers' place in the motion.
                if let t {
                    for (lag, alpha) in [(0.16, 0.12), (0.08, 0.25)] where t - lag >= 0 {
                        for p in fingers(t - lag) { finger(p, alpha) }
                    }
                }
            } else {
                // The motion as ghosts, faint to strong.
                for g in 0..<ghosts {
                    for p in fingers(Double(g) / Double(ghosts)) { finger(p, 0.08 + 0.12 * Double(g)) }
                }
            }
        }
        let at = taps ? 1 : (reduceMotion ? 0.5 : (animated ? (t ?? 0.5) : 1))
        for p in fingers(at) { finger(p, 0.9) }
    }

    // MARK: summary

    /// The live window's last screen: every step's result, the counts, and where the report is.
    /// `diagnoses`: their ids, above the report's path; `noInput`: why nothing could reach the
    /// check (the title says so, every step is skipped).
    static func summary(_ results: [StepResult], report: String?, diagnoses: [String] = [], noInput: String? = nil,
                        scale: Double = 1) -> Canvas {
        let c = Canvas(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()), scale: scale)
        c.clear(background)
        c.fill(.roundedRect(cornerRadius: 14), in: Rect(x: 12, y: 12, width: size.width - 24, height: size.height - 24), card)
        func count(_ name: String) -> Int { results.filter { $0.outcome.name == name }.count }
        c.draw(noInput == nil ? "Check done" : "No input can reach the check", font: .system(22, bold: true), at: Point(32, 52), ink)
        let line = noInput.map { "No step could run: \($0)." }
            ?? "\(count("passed")) passed, \(count("failed")) failed, \(count("skipped")) skipped"
        c.draw(line, font: .system(12), at: Point(32, 74), noInput == nil ? secondary : fail)
        // Two columns of steps, each with its result's colour.
        let perColumn = (results.count + 1) / 2
        for (i, r) in results.enumerated() {
            let x = i < perColumn ? 32.0 : 290.0
            let y = 106 + Double(i % max(perColumn, 1)) * 26
            let color: Color = switch r.outcome {
            case .passed: pass
            case .failed: fail
            case .skipped: skip
            }
            c.fill(.ellipse, in: Rect(x: x, y: y - 10, width: 12, height: 12), color)
            c.draw(r.step.title, font: .system(13), at: Point(x + 20, y), ink)
            let w = c.measure(r.outcome.name, font: .system(12)).width
            c.draw(r.outcome.name, font: .system(12), at: Point(x + 236 - w, y), secondary)
        }
        if !diagnoses.isEmpty {
            c.draw("Diagnoses: " + diagnoses.joined(separator: ", "), font: .system(11, bold: true), at: Point(32, size.height - 66), ink)
        }
        let footer = report.map { "Report: \($0)" } ?? "The report is on the terminal."
        c.draw(footer, font: .system(11), at: Point(32, size.height - 50), secondary)
        c.draw("Enter or Esc closes", font: .system(11), at: Point(32, size.height - 34), secondary)
        return c
    }

    // MARK: files

    /// Writes DIR/step-NAME.png for every result and DIR/contact-sheet.png; returns the paths.
    static func write(_ results: [StepResult], to dir: String, reduceMotion: Bool = false) throws -> [String] {
        var paths: [String] = []
        for (i, r) in results.enumerated() {
            let path = "\(dir)/step-\(r.step.rawValue).png"
            try render(r.step, result: r, index: i + 1, of: results.count, reduceMotion: reduceMotion).writePNG(to: path)
            paths.append(path)
        }
        let rows = (results.count + sheetColumns - 1) / sheetColumns
        let tileW = Int((size.width * sheetTileScale).rounded()), tileH = Int((size.height * sheetTileScale).rounded())
        let columns = min(sheetColumns, max(1, results.count))
        let sheet = Canvas(width: tileW * columns, height: max(1, tileH * rows))
        sheet.clear(background)
        for (i, r) in results.enumerated() {
            let tile = render(r.step, result: r, index: i + 1, of: results.count, scale: sheetTileScale, reduceMotion: reduceMotion)
            sheet.draw(tile, at: Point(Double(tileW * (i % sheetColumns)), Double(tileH * (i / sheetColumns))))
        }
        let sheetPath = "\(dir)/contact-sheet.png"
        try sheet.writePNG(to: sheetPath)
        return paths + [sheetPath]
    }
}
