// Vector paths in points: custom pointer shapes (SPEC P3), accessories (A1), icons.
import PointerEngine
#if canImport(Glibc)
import Glibc
#endif

/// A vector outline made of lines and Bézier curves, in points. Filled with the non-zero
/// rule; give holes the opposite direction (see `Path.ring`). Its commands are the engine's
/// `PathCommand`s (control points first, then the end point), so an engine path converts as is.
public struct Path: Hashable, Sendable {
    public private(set) var commands: [PathCommand] = []

    public init() {}
    public init(commands: [PathCommand]) { self.commands = commands }
    public init(_ build: (inout Path) -> Void) { build(&self) }

    public mutating func move(to p: Point) { commands.append(.move(p)) }
    public mutating func line(to p: Point) { commands.append(.line(p)) }
    public mutating func quad(control c: Point, to p: Point) { commands.append(.quad(control: c, to: p)) }
    public mutating func cubic(control1 c1: Point, control2 c2: Point, to p: Point) {
        commands.append(.cubic(control1: c1, control2: c2, to: p))
    }
    public mutating func close() { commands.append(.close) }

    /// A polygon through `points`, closed.
    public static func polygon(_ points: [Point]) -> Path {
        Path { p in
            guard let first = points.first else { return }
            p.move(to: first)
            for q in points.dropFirst() { p.line(to: q) }
            p.close()
        }
    }

    /// An ellipse inscribed in `rect`, drawn clockwise on screen (or counter-clockwise).
    public static func ellipse(in rect: Rect, clockwise: Bool = true) -> Path {
        // Cubic approximation of a quarter circle.
        let k = 0.5522847498
        let cx = rect.midX, cy = rect.midY, rx = rect.width / 2, ry = rect.height / 2
        let s: Double = clockwise ? 1 : -1
        return Path { p in
            p.move(to: Point(cx + rx, cy))
            p.cubic(control1: Point(cx + rx, cy + s * k * ry), control2: Point(cx + k * rx, cy + s * ry), to: Point(cx, cy + s * ry))
            p.cubic(control1: Point(cx - k * rx, cy + s * ry), control2: Point(cx - rx, cy + s * k * ry), to: Point(cx - rx, cy))
            p.cubic(control1: Point(cx - rx, cy - s * k * ry), control2: Point(cx - k * rx, cy - s * ry), to: Point(cx, cy - s * ry))
            p.cubic(control1: Point(cx + k * rx, cy - s * ry), control2: Point(cx + rx, cy - s * k * ry), to: Point(cx + rx, cy))
            p.close()
        }
    }

    /// A ring (circle with a concentric hole) — the hole winds the other way.
    public static func ring(in rect: Rect, thickness: Double) -> Path {
        var p = ellipse(in: rect, clockwise: true)
        p.commands += ellipse(in: rect.insetBy(thickness), clockwise: false).commands
        return p
    }

    /// This path moved by `v`.
    public func offsetBy(_ v: Vector) -> Path { mapped { $0 + v } }

    /// This path with every point transformed.
    public func mapped(_ f: (Point) -> Point) -> Path {
        var out = Path()
        out.commands = commands.map {
            switch $0 {
            case .move(let p): return .move(f(p))
            case .line(let p): return .line(f(p))
            case .quad(let c, let p): return .quad(control: f(c), to: f(p))
            case .cubic(let c1, let c2, let p): return .cubic(control1: f(c1), control2: f(c2), to: f(p))
            case .close: return .close
            }
        }
        return out
    }

    /// The bounds of every point and control point (curves never leave it).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        func add(_ p: Point) { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        for e in commands {
            switch e {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(p); add(c)
            case .cubic(let c1, let c2, let p): add(p); add(c1); add(c2)
            case .close: break
            }
        }
        guard minX <= maxX else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Flattened sub-paths (polylines) with a per-point transform, curves split finely enough
    /// that no chord strays more than ~0.1 px (`pixelsPerUnit` tells how large a unit is).
    func flattened(pixelsPerUnit: Double, _ f: (Point) -> (Double, Double)) -> [(points: [(Double, Double)], closed: Bool)] {
        var out: [(points: [(Double, Double)], closed: Bool)] = []
        var current: [(Double, Double)] = []
        var last = Point.zero, start = Point.zero
        func flush(closed: Bool) {
            if current.count >= 2 { out.append((current, closed)) }
            current = []
        }
        func steps(_ length: Double) -> Int { max(2, min(64, Int((length * pixelsPerUnit / 3).rounded(.up)))) }
        for e in commands {
            switch e {
            case .move(let p):
                flush(closed: false); current = [f(p)]; last = p; start = p
            case .line(let p):
                if current.isEmpty { current = [f(last)] }
                current.append(f(p)); last = p
            case .quad(let c, let p):
                if current.isEmpty { current = [f(last)] }
                let n = steps(last.distance(to: c) + c.distance(to: p))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(f(Point(u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                                           u * u * last.y + 2 * u * t * c.y + t * t * p.y)))
                }
                last = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [f(last)] }
                let n = steps(last.distance(to: c1) + c1.distance(to: c2) + c2.distance(to: p))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(f(Point(a * last.x + b * c1.x + c * c2.x + d * p.x,
                                           a * last.y + b * c1.y + c * c2.y + d * p.y)))
                }
                last = p
            case .close:
                flush(closed: true); last = start
            }
        }
        flush(closed: false)
        return out
    }
}

/// Stroke outlines: each segment becomes a quad and each joint/cap a round disc, all wound the
/// same way so the accumulation rasterizer's non-zero union covers them exactly once.
func strokePolygons(_ lines: [(points: [(Double, Double)], closed: Bool)], width: Double) -> [[(Double, Double)]] {
    let hw = width / 2
    var polys: [[(Double, Double)]] = []
    func oriented(_ p: [(Double, Double)]) -> [(Double, Double)] {
        var area = 0.0
        for i in 0..<p.count { let a = p[i], b = p[(i + 1) % p.count]; area += a.0 * b.1 - b.0 * a.1 }
        return area < 0 ? p.reversed() : p
    }
    func disc(_ c: (Double, Double)) -> [(Double, Double)] {
        let n = max(8, min(32, Int(hw * 4)))
        return (0..<n).map { i in
            let a = Double(i) / Double(n) * 2 * Double.pi
            return (c.0 + hw * cos(a), c.1 + hw * sin(a))
        }
    }
    for line in lines {
        var pts = line.points
        if line.closed, let f = pts.first { pts.append(f) }
        for i in 0..<(pts.count - 1) {
            let a = pts[i], b = pts[i + 1]
            let dx = b.0 - a.0, dy = b.1 - a.1
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-9 else { continue }
            let nx = -dy / len * hw, ny = dx / len * hw
            polys.append(oriented([(a.0 + nx, a.1 + ny), (b.0 + nx, b.1 + ny), (b.0 - nx, b.1 - ny), (a.0 - nx, a.1 - ny)]))
        }
        // Round joins and caps; interior joins of a dense flattened curve are skipped where the
        // direction hardly changes (the quads already overlap there).
        for (i, p) in pts.enumerated() {
            let isEnd = !line.closed && (i == 0 || i == pts.count - 1)
            if isEnd || i == 0 { polys.append(oriented(disc(p))); continue }
            guard i + 1 < pts.count else { continue }
            let a = pts[i - 1], b = pts[i + 1]
            let d1 = (p.0 - a.0, p.1 - a.1), d2 = (b.0 - p.0, b.1 - p.1)
            let cross = d1.0 * d2.1 - d1.1 * d2.0, dot = d1.0 * d2.0 + d1.1 * d2.1
            if abs(atan2(cross, dot)) > 0.15 { polys.append(oriented(disc(p))) }
        }
    }
    return polys
}

@inline(__always) func _cos(_ a: Double) -> Double { cos(a) }
@inline(__always) func _sin(_ a: Double) -> Double { sin(a) }
