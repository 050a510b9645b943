// `lodestone dnd` driven like a person through a compositor's test input route (issue 33; I2,
// G11): the line protocol Tests/Fixtures/mutter-input and kwin-fake-input share ("abs X Y",
// "button CODE 0|1", "key CODE 0|1"). The compositor places the source and the target window
// where it likes; the run finds them the way a driver of `--state-out` would: the pointer put at
// a point of the output is reported at a point of one window, so that window's origin is the
// difference. Then each step as a person does it: a click to focus the source, a rest on the
// item, the step's keys down, the press, a slow glide onto the zone, a rest, the release.
import Foundation
import Testing
import TestSupport

final class DndGuidedRun {
    let name: String
    let app: ChildProcess
    let log: StateLog
    let scratch: TemporaryDirectory
    private let send: (String) throws -> Void
    /// Where the compositor put each window ("source", "target"): output points of its (0, 0).
    private(set) var origins: [String: (x: Double, y: Double)] = [:]
    private var pointer = (x: 0.0, y: 0.0)
    private var cases = 0

    /// evdev codes of the keys a step holds.
    enum Key: Int { case ctrl = 29, shift = 42, esc = 1, alt = 56, superKey = 125 }

    /// Starts `lodestone dnd ARGS` on `compositor` and finds its windows on the output.
    init(name: String, on compositor: Compositor, output: (width: Int, height: Int), args: [String],
         send: @escaping (String) throws -> Void) throws {
        self.name = name
        self.send = send
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd")
        self.scratch = scratch
        log = StateLog(path: scratch.file("state.jsonl"))
        app = try Lodestone.launch(["dnd", "--state-out", log.path, "--report", scratch.file("report.json")] + args, on: compositor)
        for window in ["source", "target"] {
            _ = try waitFor(window, "the \(window) window's first step", timeout: 30) { $0["step"] is String }
        }
        try find(output: output)
        try separate(output: output)
    }

    deinit { app.stop() }

    func latest(_ window: String) -> [String: Any]? {
        log.states().last { $0.json["window"] as? String == window }?.json
    }

    func waitFor(_ window: String, _ what: String, timeout: Double = 20, _ condition: ([String: Any]) -> Bool) throws -> [String: Any] {
        var found: [String: Any]?
        do {
            try waitUntil(timeout: timeout, what) {
                guard let s = latest(window), condition(s) else { return false }
                found = s
                return true
            }
        } catch {
            throw HarnessError("\(name): \(error)\n--- last \(window) state: \(latest(window) ?? [:])\n--- stderr: \(app.stderr.suffix(1500))")
        }
        return found!
    }

    private func pause(_ s: Double) { Thread.sleep(forTimeInterval: s) }

    /// Probes the output on a grid, nearest the middle first (windows of 300 × 250 points or
    /// more cannot hide between its points): the pointer put at (x, y), then at (x + 7, y + 3);
    /// a window reporting both, 7 and 3 apart, lies at (x, y) minus what it reported. Whole
    /// points (KWin 5.27 rounds the positions it delivers).
    private func find(output: (width: Int, height: Int)) throws {
        let (w, h) = (Double(output.width), Double(output.height))
        var grid: [(x: Double, y: Double)] = []
        for y in stride(from: 40.0, to: h - 20, by: 120) { for x in stride(from: 40.0, to: w - 20, by: 150) { grid.append((x, y)) } }
        grid.sort { hypot($0.x - w / 2, $0.y - h / 2) < hypot($1.x - w / 2, $1.y - h / 2) }
        var tried = 0
        for (x, y) in grid where origins.count < 2 {
            tried += 1
            try send("abs \(x) \(y)")
            pause(0.08)
            let before = ["source", "target"].map { latest($0)?["pointer"] as? [Double] }
            try send("abs \(x + 7) \(y + 3)")
            func moved(_ k: Int, _ w: String) -> [Double]? {
                guard let a = latest(w)?["pointer"] as? [Double], let b = before[k], abs(a[0] - b[0] - 7) < 0.01, abs(a[1] - b[1] - 3) < 0.01 else { return nil }
                return a
            }
            try? waitUntil(timeout: 0.3, "a window to report the step") {
                ["source", "target"].enumerated().contains { k, w in origins[w] == nil && moved(k, w) != nil }
            }
            for (k, w) in ["source", "target"].enumerated() where origins[w] == nil {
                if let a = moved(k, w) { origins[w] = (x + 7 - a[0], y + 3 - a[1]) }
            }
            pointer = (x + 7, y + 3)
        }
        guard origins.count == 2 else {
            throw HarnessError("\(name): found \(origins) after \(tried) probes\n\(app.stderr.suffix(1500))")
        }
        print("\(name): source at \(origins["source"]!), target at \(origins["target"]!) (\(tried) probes)")
    }

    /// Where the compositor put the windows over each other (mutter 48 cascades them), drags
    /// the target away by its title strip, as a person would, and finds them again.
    private func separate(output: (width: Int, height: Int)) throws {
        guard let s = origins["source"], let t = origins["target"],
              let ss = latest("source")?["size"] as? [Int], let ts = latest("target")?["size"] as? [Int] else { return }
        let overlap = s.x < t.x + Double(ts[0]) && t.x < s.x + Double(ss[0]) && s.y < t.y + Double(ts[1]) && t.y < s.y + Double(ss[1])
        guard overlap else { return }
        let top = latest("target")?["content_top"] as? Double ?? 0
        guard top > 0 else { throw HarnessError("\(name): the windows overlap (\(origins)) and the target has no title strip to move it by") }
        let right = s.x + Double(ss[0]) + 16, left = s.x - Double(ts[0]) - 16
        let x = right + Double(ts[0]) <= Double(output.width) ? right : max(0, left)
        let grip = (x: t.x + Double(ts[0]) / 2, y: t.y + top / 2)
        try glide(to: grip, steps: 10)
        pause(0.3)
        try button(true)
        pause(0.1)
        try glide(to: (grip.x + x - t.x, grip.y + s.y - t.y), steps: 30, rest: 0.02)
        pause(0.3)
        try button(false)
        pause(0.5)
        origins = [:]
        try find(output: output)
        print("\(name): moved the target off the source by its title strip")
    }

    private func glide(to p: (x: Double, y: Double), steps: Int = 20, arc: Double = 0, rest: Double = 0.02) throws {
        let from = pointer
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try send("abs \((from.x + (p.x - from.x) * t).rounded()) \((from.y + (p.y - from.y) * t + arc * sin(t * .pi)).rounded())")
            pause(rest)
        }
        pointer = p
    }

    private func button(_ down: Bool) throws { try send("button 272 \(down ? 1 : 0)") }
    func key(_ k: Key, _ down: Bool) throws { try send("key \(k.rawValue) \(down ? 1 : 0)") }

    /// The centre of the source's item or the target's zone, output points.
    private func centre(_ window: String, _ field: String) throws -> (x: Double, y: Double) {
        let f = try #require(latest(window)?[field] as? [Double], "\(window) \(field)")
        let o = try #require(origins[window])
        return (o.x + f[0] + f[2] / 2, o.y + f[1] + f[3] / 2)
    }

    /// Clicks an empty spot of the source, as a person does to give it the keyboard.
    func focusSource() throws {
        let o = try #require(origins["source"]), size = try #require(latest("source")?["size"] as? [Int])
        try glide(to: (o.x + 24, o.y + Double(size[1]) - 24), steps: 8)
        pause(0.3)
        try button(true); pause(0.06); try button(false)
        pause(0.3)
    }

    /// One step: `held` down before the press, `mid` pressed over the zone, the release, the
    /// keys up; returns once the case is recorded.
    func perform(_ step: String, held: [Key] = [], mid: [Key] = [], timeout: Double = 30) throws {
        _ = try waitFor("source", "step \(step) ready") { $0["step"] as? String == step && $0["phase"] as? String == "ready" }
        _ = try waitFor("target", "the target on step \(step)") { $0["step"] as? String == step }
        let item = try centre("source", "item"), zone = try centre("target", "zone")
        try glide(to: (item.x + 30, item.y + 20), steps: 10)
        pause(0.2)
        try glide(to: item, steps: 6)
        pause(0.4)
        for k in held { try key(k, true) }
        pause(0.3)
        try button(true)
        pause(0.15)
        try glide(to: zone, steps: 40, arc: 14, rest: 0.025)
        pause(0.5)
        if !mid.isEmpty {
            for k in mid { try key(k, true) }
            try glide(to: (zone.x + 4, zone.y + 3), steps: 4, rest: 0.05)
            pause(0.5)
        }
        try button(false)
        pause(0.4)
        for k in (held + mid).reversed() { try key(k, false) }
        cases += 1
        let n = cases
        _ = try waitFor("source", "case \(n) (\(step)) recorded", timeout: timeout) { ($0["cases"] as? Int ?? 0) >= n }
        pause(0.3)
    }

    /// The report once the run ends by itself after its last step.
    func report(timeout: Double = 30) throws -> [String: Any] {
        let end = try app.wait(timeout: timeout)
        #expect(end == .exited(0), "\(name): \(app.stderr.suffix(1500))")
        let data = try Data(contentsOf: URL(fileURLWithPath: scratch.file("report.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The report's case for `step`.
    static func `case`(_ report: [String: Any], _ step: String) throws -> [String: Any] {
        try #require((report["cases"] as? [[String: Any]])?.first { $0["step"] as? String == step }, "no case \(step) in \(report)")
    }
}
