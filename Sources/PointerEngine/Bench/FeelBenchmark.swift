// `lodestone bench feel` (issue 5 item 9): a simulated person acquiring targets with the
// engine's hit regions and magnetism off, on, and with a bubble cursor as the baseline.
//
// The person: moves along a minimum-jerk trajectory (Flash & Hogan 1985:
// x(τ) = x₀ + (x₁ − x₀)(10τ³ − 15τ⁴ + 6τ⁵)) aimed at the target's centre, for a Fitts' law
// duration MT = a + b·log₂(D/W + 1), landing with Gaussian endpoint noise σ = k·W + σ₀ per
// axis (wider targets are aimed at less carefully; σ₀ is motor noise), sampled at 120 Hz like a
// touchpad. After a short dwell they click. A miss costs a corrective sub-movement (same model,
// from where they landed) until the target is hit. Some trials aim at empty space instead: a
// highlight or snap there is a false snap. Seeds are fixed: every run simulates the same people.

public enum FeelBenchmark {
    /// Fitts' law intercept (s) and slope (s/bit) for trackpad pointing.
    public static let fittsA = 0.12
    public static let fittsB = 0.12
    /// Endpoint noise: σ = noisePerWidth · W + motorNoise (pt, per axis).
    public static let noisePerWidth = 0.15
    public static let motorNoise = 2.0
    /// Samples per second of the simulated touchpad.
    public static let sampleRate = 120.0
    /// Pause between landing and pressing, and press duration (s).
    public static let dwell = 0.15
    public static let pressDuration = 0.06
    /// Corrective sub-movements allowed before a trial counts as failed.
    public static let maximumCorrections = 3
    /// Empty-space aims stay this many σ clear of every hit region.
    public static let emptyClearance = 4.0

    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Visible bounds only: no hit-region padding, no contiguous bars, no magnetism.
        case off
        /// The engine as shipped: M1 padding, M2 contiguous bars, M3/M4 magnetism.
        case on
        /// Bubble cursor (Grossman & Balakrishnan 2005): the target nearest the pointer is
        /// always the one selected.
        case bubble
    }

    public struct Scene: Hashable, Sendable {
        public var name: String
        public var target: Size
        /// Gap between neighbouring targets, pt.
        public var gap: Double
        /// Targets sit in bars (toolbars of bar buttons) rather than loose (icons).
        public var inBars: Bool
        public init(name: String, target: Size, gap: Double, inBars: Bool) {
            self.name = name; self.target = target; self.gap = gap; self.inBars = inBars
        }
    }

    /// Small (≤ 24 pt) and large targets, sparse and dense.
    public static let scenes: [Scene] = [
        Scene(name: "small_sparse", target: Size(20, 20), gap: 80, inBars: false),
        Scene(name: "small_dense", target: Size(22, 22), gap: 6, inBars: true),
        Scene(name: "large_sparse", target: Size(64, 64), gap: 80, inBars: false),
        Scene(name: "large_dense", target: Size(60, 36), gap: 4, inBars: true),
    ]

    public struct Result: Hashable, Sendable {
        public var scene: String
        public var mode: Mode
        public var trials: Int
        /// First attempts that did not select the intended target.
        public var misses: Int
        /// Mean time from the start of the movement until the target is acquired for good
        /// (hovered, or nearest for the bubble cursor), corrections included, seconds.
        public var meanAcquisition: Double
        public var emptyTrials: Int
        /// Empty-space aims that ended with something highlighted or snapped (or selected).
        public var falseSnaps: Int
        public var missRate: Double { trials > 0 ? Double(misses) / Double(trials) : 0 }
    }

    static let surface = Size(1600, 1000)
    /// Targets fill this part of the surface; the margins are empty space.
    static let field = Rect(x: 200, y: 150, width: 1200, height: 700)

    /// The layout of a scene; `plain` drops padding and bars (mode off).
    public static func layout(_ s: Scene, plain: Bool) -> Layout {
        var l = Layout(size: surface)
        var next: Int32 = 1
        let stepX = s.target.width + s.gap
        let rowStep = s.inBars ? max(s.target.height + 40, 60) : s.target.height + s.gap
        var y = field.minY
        while y + s.target.height <= field.maxY {
            var parent: ElementID? = nil
            if s.inBars {
                let bar = ElementID(next); next += 1
                try? l.add(Element(id: bar, kind: plain ? .group : .toolbar,
                                   frame: Rect(x: field.minX - 4, y: y - 4, width: field.width + 8, height: s.target.height + 8)))
                parent = bar
            }
            var x = field.minX
            while x + s.target.width <= field.maxX {
                try? l.add(Element(id: ElementID(next), kind: s.inBars ? .barButton : .icon,
                                   frame: Rect(x: x, y: y, width: s.target.width, height: s.target.height), cornerRadius: 6,
                                   hitPadding: plain ? 0 : nil), parent: parent)
                next += 1
                x += stepX
            }
            y += rowStep
        }
        return l
    }

    static func sigma(_ w: Double) -> Double { noisePerWidth * w + motorNoise }

    /// Runs every scene in every mode.
    public static func run(trials: Int = 400, emptyTrials: Int = 100, seed: UInt64 = 42) -> [Result] {
        var out: [Result] = []
        for (i, s) in scenes.enumerated() {
            for m in Mode.allCases {
                out.append(run(scene: s, mode: m, trials: trials, emptyTrials: emptyTrials, seed: seed &+ UInt64(i) &* 7919))
            }
        }
        return out
    }

    struct Sim {
        var engine: Engine
        var time: UInt64 = 1_000_000
        var at: Point
        let dev = DeviceID(1)

        mutating func send(_ k: InputEventKind) {
            engine.handle(InputEvent(time: Timestamp(rawValue: time), device: dev, k))
        }

        /// One minimum-jerk movement to `aim` over `duration`; calls `sample` after each event.
        mutating func move(to aim: Point, duration: Double, sample: (Double, Engine) -> Void) {
            let start = at
            let n = max(1, Int((duration * FeelBenchmark.sampleRate).rounded()))
            var elapsed = 0.0
            for i in 1...n {
                let tau = Double(i) / Double(n)
                let s = tau * tau * tau * (10 - 15 * tau + 6 * tau * tau)
                let p = start.lerp(to: aim, s)
                let d = p - at
                time += UInt64(1e6 / FeelBenchmark.sampleRate)
                elapsed += 1 / FeelBenchmark.sampleRate
                at = p
                send(.motion(position: InputPoint(x: p.x, y: p.y), delta: InputVector(dx: d.dx, dy: d.dy), unaccelerated: .zero))
                sample(elapsed, engine)
            }
        }

        mutating func wait(_ s: Double) {
            time += UInt64(s * 1e6)
            engine.advance(to: Timestamp(rawValue: time))
        }

        mutating func click() -> ElementID? {
            _ = engine.drainOutputs()
            send(.button(.left, pressed: true))
            wait(FeelBenchmark.pressDuration)
            send(.button(.left, pressed: false))
            for o in engine.drainOutputs() { if case .activated(let id, _, _) = o { return id } }
            return nil
        }
    }

    static func nearest(_ p: Point, _ targets: [(ElementID, Rect)]) -> ElementID? {
        var best: (ElementID, Double)? = nil
        for (id, f) in targets {
            let d = f.distance(to: p)
            if best == nil || d < best!.1 { best = (id, d) }
        }
        return best?.0
    }

    public static func run(scene s: Scene, mode: Mode, trials: Int, emptyTrials: Int, seed: UInt64) -> Result {
        var rng = SeededRandom(seed: seed)
        let layout = layout(s, plain: mode == .off)
        let targets: [(ElementID, Rect)] = layout.elements.filter { $0.kind == .icon || $0.kind == .barButton }.map { ($0.id, $0.frame) }
        var settings = PointerSettings()
        settings.magnetism = mode == .on
        settings.autoHideDelay = nil
        var sim = Sim(engine: Engine(layout: layout, settings: settings, interactions: []), at: Point(100, 100))
        sim.send(.deviceAdded(name: "feel", capabilities: .pointer))
        sim.send(.pointerEnter(position: InputPoint(x: 100, y: 100)))
        let regions = HitRegion.regions(of: layout)

        var misses = 0, acquisitionSum = 0.0
        for _ in 0..<trials {
            // A target at least 80 pt away.
            var target = targets[Int(rng.next() % UInt64(targets.count))]
            for _ in 0..<20 where target.1.center.distance(to: sim.at) < 80 {
                target = targets[Int(rng.next() % UInt64(targets.count))]
            }
            let w = min(target.1.width, target.1.height)
            var elapsed = 0.0
            var acquiredAt: Double? = nil
            var attempt = 0
            while true {
                let d = sim.at.distance(to: target.1.center)
                let duration = fittsA + fittsB * Math.log(d / w + 1) / Math.log(2)
                let aim = Point(target.1.midX + rng.gaussian() * sigma(w), target.1.midY + rng.gaussian() * sigma(w))
                let base = elapsed
                sim.move(to: aim, duration: duration) { t, e in
                    let on: Bool = mode == .bubble ? nearest(e.logicalPosition, targets) == target.0 : e.hovered == target.0
                    if on { if acquiredAt == nil { acquiredAt = base + t } } else { acquiredAt = nil }
                }
                elapsed += duration
                sim.wait(dwell)
                elapsed += dwell
                let hit: ElementID?
                if mode == .bubble {
                    hit = nearest(sim.at, targets)
                    _ = sim.click()
                } else {
                    hit = sim.click()
                }
                elapsed += pressDuration
                if hit == target.0 { break }
                if attempt == 0 { misses += 1 }
                attempt += 1
                if attempt > maximumCorrections { acquiredAt = nil; break }
            }
            acquisitionSum += acquiredAt ?? elapsed
            sim.wait(0.2)
        }

        // Empty space: points clear of every hit region by emptyClearance σ.
        let wEmpty = 40.0
        let clearance = emptyClearance * sigma(wEmpty)
        var falseSnaps = 0, empties = 0
        for _ in 0..<emptyTrials {
            var aimAt: Point? = nil
            for _ in 0..<200 {
                let p = Point(rng.uniform(20...(surface.width - 20)), rng.uniform(20...(surface.height - 20)))
                if regions.values.allSatisfy({ $0.distance(to: p) >= clearance }) { aimAt = p; break }
            }
            guard let p = aimAt else { continue }
            empties += 1
            let d = sim.at.distance(to: p)
            let aim = Point(p.x + rng.gaussian() * sigma(wEmpty), p.y + rng.gaussian() * sigma(wEmpty))
            sim.move(to: aim, duration: fittsA + fittsB * Math.log(d / wEmpty + 1) / Math.log(2)) { _, _ in }
            sim.wait(dwell)
            let snapped: Bool
            switch mode {
            case .bubble: snapped = nearest(sim.at, targets) != nil
            case .on, .off: snapped = sim.engine.hovered != nil || sim.engine.attraction != .none
                || sim.engine.drawnPosition.distance(to: sim.engine.logicalPosition) > 0.5
            }
            if snapped { falseSnaps += 1 }
            sim.wait(0.2)
        }
        return Result(scene: s.name, mode: mode, trials: trials, misses: misses,
                      meanAcquisition: trials > 0 ? acquisitionSum / Double(trials) : 0,
                      emptyTrials: empties, falseSnaps: falseSnaps)
    }
}
