// The live soak's driver (issue 19; SPEC G7, T1): seeded, human-paced random input through a real
// compositor's input route into the showcase window, with the program's resident memory and open
// file descriptors sampled from /proc. SoakLiveTests runs it under sway and mutter.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

/// The modifiers the soak holds during drags and taps.
enum SoakKey: CaseIterable, Hashable { case ctrl, shift, alt, super_ }

/// What a compositor's input route offers the soak, and the calls that drive it. Positions are
/// output (layout) points.
protocol SoakSeat: AnyObject {
    var name: String { get }
    /// The modifiers it may hold (mutter moves windows with Super+drag: not sent there).
    var keys: [SoakKey] { get }
    var gestures: Bool { get }
    var touch: Bool { get }
    /// The devices that can be unplugged and plugged back in.
    var devices: [SeatInjector.Device] { get }
    func aim(_ x: Double, _ y: Double) throws
    func button(right: Bool, down: Bool) throws
    func key(_ k: SoakKey, down: Bool) throws
    func escape() throws
    func fingerScroll(dx: Double, dy: Double) throws
    func fingerScrollStop() throws
    func wheel(detents: Int32) throws
    func gesture(_ command: String) throws
    func touchDown(_ id: Int, _ x: Double, _ y: Double) throws
    func touchMove(_ id: Int, _ x: Double, _ y: Double) throws
    func touchUp(_ id: Int) throws
    func unplug(_ d: SeatInjector.Device) throws
    func plug(_ d: SeatInjector.Device) throws
}

/// sway 1.7 through the sway-inject shim: everything, devices removed and added at runtime.
final class SwaySoakSeat: SoakSeat {
    let seat: SeatInjector
    init(_ seat: SeatInjector) { self.seat = seat }
    let name = "sway"
    let keys = SoakKey.allCases
    let gestures = true, touch = true
    let devices = SeatInjector.Device.allCases
    func code(_ k: SoakKey) -> SeatInjector.Key {
        switch k { case .ctrl: .leftCtrl; case .shift: .leftShift; case .alt: .leftAlt; case .super_: .leftSuper }
    }
    func aim(_ x: Double, _ y: Double) throws { try seat.move(to: x, y) }
    func button(right: Bool, down: Bool) throws {
        down ? try seat.press(right ? .right : .left) : try seat.release(right ? .right : .left)
    }
    func key(_ k: SoakKey, down: Bool) throws { down ? try seat.press(key: code(k)) : try seat.release(key: code(k)) }
    func escape() throws { try seat.type(.escape) }
    func fingerScroll(dx: Double, dy: Double) throws { try seat.scroll(dx: dx, dy: dy) }
    func fingerScrollStop() throws { try seat.scrollStop(vertical: true, horizontal: true) }
    func wheel(detents: Int32) throws { try seat.wheel(detents: detents) }
    func gesture(_ command: String) throws { try seat.send(command) }
    func touchDown(_ id: Int, _ x: Double, _ y: Double) throws { try seat.touchDown(.init(id: Int32(id), x: x, y: y)) }
    func touchMove(_ id: Int, _ x: Double, _ y: Double) throws { try seat.touchMove(.init(id: Int32(id), x: x, y: y)) }
    func touchUp(_ id: Int) throws { try seat.touchUp(Int32(id)) }
    func unplug(_ d: SeatInjector.Device) throws { try seat.remove(d) }
    func plug(_ d: SeatInjector.Device) throws { try seat.add(d) }
}

/// mutter 43 through RemoteDesktop (absolute motion and touch on the screen-cast stream): no
/// gestures (the session has no gesture requests) and no devices to unplug.
final class MutterSoakSeat: SoakSeat {
    let seat: MutterSeat
    init(_ seat: MutterSeat) { self.seat = seat }
    let name = "mutter"
    let keys: [SoakKey] = [.ctrl, .shift, .alt]
    let gestures = false, touch = true
    let devices: [SeatInjector.Device] = []
    func code(_ k: SoakKey) -> MutterSeat.Key {
        switch k { case .ctrl: .leftCtrl; case .shift: .leftShift; case .alt: .leftAlt; case .super_: .leftSuper }
    }
    func aim(_ x: Double, _ y: Double) throws { try seat.move(to: x, y) }
    func button(right: Bool, down: Bool) throws {
        down ? try seat.press(right ? .right : .left) : try seat.release(right ? .right : .left)
    }
    func key(_ k: SoakKey, down: Bool) throws { down ? try seat.press(key: code(k)) : try seat.release(key: code(k)) }
    func escape() throws { try seat.press(key: .escape); try seat.release(key: .escape) }
    func fingerScroll(dx: Double, dy: Double) throws { try seat.scroll(dx: dx, dy: dy, flags: .finger) }
    func fingerScrollStop() throws { try seat.scroll(dy: 0, flags: [.finger, .finish]) }
    func wheel(detents: Int32) throws { try seat.scroll(dy: Double(detents) * 10, flags: .wheel) }
    func gesture(_ command: String) throws { throw HarnessError("mutter's RemoteDesktop has no gestures") }
    func touchDown(_ id: Int, _ x: Double, _ y: Double) throws { try seat.touchDown(slot: id, x, y) }
    func touchMove(_ id: Int, _ x: Double, _ y: Double) throws { try seat.touchMove(slot: id, x, y) }
    func touchUp(_ id: Int) throws { try seat.touchUp(slot: id) }
    func unplug(_ d: SeatInjector.Device) throws { throw HarnessError("no devices to unplug under mutter") }
    func plug(_ d: SeatInjector.Device) throws { throw HarnessError("no devices to plug under mutter") }
}

/// One process's resident memory and open descriptors, from /proc.
struct ProcessSample: CustomStringConvertible {
    let seconds: Double
    let residentKB: Int
    let fds: Int
    /// Anonymous (heap) resident memory: the resident size less mapped files and shared memory,
    /// whose wl_shm buffers come and go with the compositor's hold on them (a third buffer is
    /// 5 MB at 1440×900).
    let anonymousKB: Int
    /// What the render cache held then (it fills to its bound over a long run).
    let cacheKB: Int
    /// The heap less the render cache: what grows with a leak.
    var netKB: Int { anonymousKB - cacheKB }
    /// User + system CPU seconds so far.
    let cpu: Double

    static func of(_ pid: pid_t, at seconds: Double, cacheKB: Int) -> ProcessSample? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let kb = field("VmRSS:", of: status), let anonymous = field("RssAnon:", of: status),
              let fds = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else { return nil }
        return ProcessSample(seconds: seconds, residentKB: kb, fds: fds.count, anonymousKB: anonymous, cacheKB: cacheKB, cpu: cpuSeconds(pid) ?? 0)
    }

    /// "NAME:   1234 kB" of /proc/PID/status, in kB.
    static func field(_ name: String, of status: String) -> Int? {
        status.split(separator: "\n").first { $0.hasPrefix(name) }?.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// utime + stime of /proc/PID/stat (fields 14 and 15, after the parenthesised name).
    static func cpuSeconds(_ pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let u = Double(fields[11]), let s = Double(fields[12]) else { return nil }
        return (u + s) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Where each open descriptor points (for a failure message).
    static func fdTargets(_ pid: pid_t) -> [String] {
        let dir = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }.map {
            "\($0) → \((try? FileManager.default.destinationOfSymbolicLink(atPath: "\(dir)/\($0)")) ?? "?")"
        }
    }

    var description: String { "\(Int(seconds)) s: \(residentKB) kB (heap \(anonymousKB), cache \(cacheKB)), \(fds) fds" }
}

/// Seeded, human-paced random input for `seconds` into one showcase window: glides, pauses,
/// clicks, right-clicks dismissed as a person would, drags with modifiers (onto drop targets or
/// across the collection as a band), finger and wheel scrolls, pinches and swipes, touch taps and
/// drags, modifier taps, and devices unplugged (mid-drag too) and plugged back in.
final class LiveSoak {
    let seat: SoakSeat
    let window: AimedShowcase
    let app: ChildProcess
    let state: StateLog
    var random: SeededRandom
    let seconds: Double
    /// What was done, the newest last (a failure names the last few).
    private(set) var actions: [String] = []
    private(set) var counts: [String: Int] = [:]
    private(set) var samples: [ProcessSample] = []
    private var unplugged: Set<SeatInjector.Device> = []
    private let start = monotonicSeconds()
    /// The surface's size, points: every aim stays inside it.
    private let size: Size

    init(seat: SoakSeat, window: AimedShowcase, app: ChildProcess, state: StateLog, seed: UInt64, seconds: Double) {
        self.seat = seat
        self.window = window
        self.app = app
        self.state = state
        random = SeededRandom(seed: seed)
        self.seconds = seconds
        size = window.model.layout.size
    }

    var elapsed: Double { monotonicSeconds() - start }

    /// A person's pause.
    func pause(_ range: ClosedRange<Double>) throws {
        Thread.sleep(forTimeInterval: random.uniform(range))
    }

    /// One motion event's worth of time (a 60 Hz hand).
    func tick() throws { Thread.sleep(forTimeInterval: 0.016) }

    func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(random.next() % UInt64(r.count)) }
    func chance(_ p: Double) -> Bool { random.unit() < p }
    func pick<T>(_ a: [T]) -> T { a[int(0...a.count - 1)] }

    /// A point inside the window, 2 points from its edges.
    func anywhere() -> Point { Point(random.uniform(2...size.width - 2), random.uniform(2...size.height - 2)) }
    /// Somewhere on `id` when it lies inside the window, else anywhere.
    func on(_ id: ElementID) -> Point {
        guard let f = window.model.engine.surfaceFrame(of: id), f.midX > 2, f.midX < size.width - 2, f.midY > 2, f.midY < size.height - 2
        else { return anywhere() }
        return Point(f.midX + random.uniform(-0.3...0.3) * f.width, f.midY + random.uniform(-0.3...0.3) * f.height)
    }

    func glide(to p: Point, steps: Int? = nil) throws {
        let from = window.pointer, n = steps ?? int(4...18)
        for k in 1...n {
            try window.move(to: from.lerp(to: p, Double(k) / Double(n)))
            try tick()
        }
    }

    func note(_ what: String) {
        actions.append(String(format: "%.1f s %@", elapsed, what))
        if actions.count > 40 { actions.removeFirst() }
        counts[what.split(separator: " ").first.map(String.init) ?? what, default: 0] += 1
    }

    /// The resident size and descriptors now, with what the render cache holds (the newest state).
    func sample() {
        let cache = (state.last?.json["render_cache_bytes"] as? Int).map { $0 / 1024 } ?? 0
        if let s = ProcessSample.of(app.pid, at: elapsed, cacheKB: cache) { samples.append(s) }
    }

    /// Every kind of action the route offers (the soak goes on past `seconds` until each ran).
    var kinds: Set<String> {
        var k: Set<String> = ["glide", "pause", "click", "menu", "drag", "scroll", "wheel", "modifiers"]
        if seat.gestures { k.formUnion(["pinch", "swipe"]) }
        if seat.touch { k.insert("touch") }
        if !seat.devices.isEmpty { k.formUnion(["unplug", "plug"]) }
        return k
    }

    /// Runs until `seconds` have passed and every kind of action ran (at most twice as long),
    /// sampling every 2 s; throws naming the last actions when the program exits or an input
    /// route refuses a command.
    func run() throws {
        sample()
        var nextSample = 2.0
        let kinds = self.kinds
        while elapsed < seconds || (!kinds.isSubset(of: Set(counts.keys)) && elapsed < 2 * seconds) {
            if let t = app.poll() { throw HarnessError("lodestone exited (\(t)) during the soak under \(seat.name)") }
            do { try step() } catch {
                throw HarnessError("\(error)\nthe last actions under \(seat.name):\n" + actions.suffix(12).joined(separator: "\n"))
            }
            if elapsed >= nextSample { sample(); nextSample += 2 }
        }
        try plugEverything()
    }

    func plugEverything() throws {
        for d in unplugged.sorted(by: { $0.rawValue < $1.rawValue }) { try seat.plug(d) }
        unplugged = []
    }

    var pointerPresent: Bool { !unplugged.contains(.pointer) }
    var keyboardPresent: Bool { !unplugged.contains(.keyboard) }

    /// One human action, chosen by weight among those the route and the plugged devices allow.
    func step() throws {
        var choices: [(Double, String)] = []
        if pointerPresent { choices += [(5, "glide"), (2, "click"), (1, "menu"), (3, "drag"), (2, "scroll"), (1, "wheel")] }
        if pointerPresent && seat.gestures { choices += [(1, "pinch"), (1, "swipe")] }
        if seat.touch && !unplugged.contains(.touch) { choices += [(1.5, "touch")] }
        if keyboardPresent { choices += [(0.5, "modifiers")] }
        if !seat.devices.isEmpty { choices += [(unplugged.isEmpty ? 0.6 : 2, "devices")] }
        choices += [(1.5, "pause")]
        var roll = random.unit() * choices.reduce(0) { $0 + $1.0 }
        var action = choices.last!.1
        for (w, name) in choices { roll -= w; if roll < 0 { action = name; break } }
        switch action {
        case "glide": note("glide"); try glide(to: chance(0.5) ? anywhere() : on(pick(Showcase.ID.icons + [Showcase.ID.back, Showcase.ID.forward, Showcase.ID.share])))
        case "pause": note("pause"); try pause(0.2...1.2)
        case "click": try click()
        case "menu": try menu()
        case "drag": try drag()
        case "scroll": try scroll()
        case "wheel":
            note("wheel")
            try glide(to: on(Showcase.ID.list))
            for _ in 0..<int(1...4) { try seat.wheel(detents: chance(0.5) ? 1 : -1); try pause(0.05...0.25) }
        case "pinch": try pinch()
        case "swipe": try swipe()
        case "touch": try touch()
        case "modifiers":
            let k = pick(seat.keys)
            note("modifiers \(k)")
            try seat.key(k, down: true); try pause(0.05...0.4); try seat.key(k, down: false)
        default: try devices()
        }
    }

    /// Clicks over controls that change nothing lasting: bar buttons, icons, list rows, segments.
    func click() throws {
        note("click")
        try glide(to: on(pick([Showcase.ID.back, Showcase.ID.forward] + Showcase.ID.segments + Showcase.ID.icons + Showcase.ID.rows)))
        try pause(0.05...0.3)
        let n = chance(0.2) ? 2 : 1
        for _ in 0..<n {
            try seat.button(right: false, down: true); try pause(0.04...0.12)
            try seat.button(right: false, down: false); try pause(0.08...0.2)
        }
    }

    /// A right-click, a look at the menu, and a dismissal: Escape or a click over no element.
    func menu() throws {
        note("menu")
        try glide(to: on(pick([Showcase.ID.menuCard, Showcase.ID.sidebar] + Showcase.ID.icons)))
        try seat.button(right: true, down: true); try pause(0.04...0.12)
        try seat.button(right: true, down: false)
        try pause(0.4...1.2)
        if keyboardPresent && chance(0.5) {
            try seat.escape()
        } else {
            try glide(to: ShowcaseWindow.clamped(ShowcaseWindow.probe, to: size))
            try seat.button(right: false, down: true); try tick(); try seat.button(right: false, down: false)
        }
        try pause(0.2...0.5)
    }

    /// A press, a drag with 0–2 modifiers held (pressed before or during it, some released early)
    /// onto a drop target or across the collection, and the release. Sometimes the pointer or
    /// keyboard is unplugged mid-drag and plugged back in after a while.
    func drag() throws {
        let keys = keyboardPresent ? Array(seat.keys.shuffled(using: &random).prefix(int(0...2))) : []
        let band = chance(0.3)
        note("drag \(band ? "band" : "items") \(keys)")
        let start = band ? on(Showcase.ID.collection) : on(pick(Showcase.ID.draggables))
        try glide(to: start)
        let early = keys.filter { _ in chance(0.6) }
        for k in early { try seat.key(k, down: true); try pause(0.05...0.2) }
        try seat.button(right: false, down: true)
        try pause(0.05...0.3)
        let end = band ? on(Showcase.ID.collection) : (chance(0.7) ? on(pick(Showcase.ID.dropTargets)) : anywhere())
        let late = keys.filter { !early.contains($0) }
        let n = int(10...30)
        let from = window.pointer
        var down = Set(early)
        for k in 1...n {
            try window.move(to: from.lerp(to: end, Double(k) / Double(n)))
            if k == n / 2 { for key in late { try seat.key(key, down: true); down.insert(key) } }
            if k == 2 * n / 3, let key = down.first, chance(0.3) { try seat.key(key, down: false); down.remove(key) }
            if k == 3 * n / 4, chance(0.08), let d = [SeatInjector.Device.pointer, .keyboard].filter({ seat.devices.contains($0) && !unplugged.contains($0) }).randomElement(using: &random) {
                // Pulled out mid-drag: the compositor releases what it held.
                note("unplug \(d) mid-drag")
                try seat.unplug(d)
                try pause(0.3...1.0)
                try seat.plug(d)
                if d == .keyboard { down = [] }
                if d == .pointer {
                    // Measured: sway 1.7 keeps the removed pointer's button pressed (no release
                    // comes from a device that is gone), and after the next touch no pointer motion
                    // reaches the client any more, through any pointer, until a lone release; a
                    // click does not mend it. The soak sends that release from the new pointer.
                    try seat.button(right: false, down: false)
                    return try release(down)
                }
            }
            try tick()
        }
        try pause(0.05...0.4)
        try seat.button(right: false, down: false)
        try release(down)
        try pause(0.1...0.4)
    }

    func release(_ keys: Set<SoakKey>) throws { for k in keys { try seat.key(k, down: false) } }

    /// A finger scroll over the list or the content (with the stop), sometimes two-axis.
    func scroll() throws {
        note("scroll")
        try glide(to: on(chance(0.5) ? Showcase.ID.list : Showcase.ID.content))
        let dy = random.uniform(-14...14), dx = chance(0.2) ? random.uniform(-8...8) : 0
        for _ in 0..<int(3...10) {
            try seat.fingerScroll(dx: dx * random.uniform(0.5...1.5), dy: dy * random.uniform(0.5...1.5))
            try tick()
        }
        try seat.fingerScrollStop()
        try pause(0.3...1.5)
    }

    func pinch() throws {
        let fingers = chance(0.8) ? 2 : 3, scale = random.uniform(0.5...2.2), turn = random.uniform(-40...40)
        note("pinch \(fingers)")
        try glide(to: chance(0.6) ? on(pick([Showcase.ID.image, Showcase.ID.canvas, Showcase.ID.graph])) : anywhere())
        try seat.gesture("pinch-begin \(fingers)")
        let n = int(4...12)
        for k in 1...n {
            try seat.gesture("pinch-update \(fingers) \(random.uniform(-2...2)) \(random.uniform(-2...2)) \(1 + (scale - 1) * Double(k) / Double(n)) \(turn / Double(n))")
            try tick()
        }
        try seat.gesture("pinch-end\(chance(0.15) ? " cancelled" : "")")
        try pause(0.2...0.8)
    }

    func swipe() throws {
        let fingers = chance(0.6) ? 3 : 4
        note("swipe \(fingers)")
        let dx = random.uniform(-30...30), dy = random.uniform(-12...12)
        try glide(to: chance(0.6) ? on(Showcase.ID.pages) : anywhere())
        try seat.gesture("swipe-begin \(fingers)")
        for _ in 0..<int(4...10) { try seat.gesture("swipe-update \(fingers) \(dx) \(dy)"); try tick() }
        try seat.gesture("swipe-end\(chance(0.15) ? " cancelled" : "")")
        try pause(0.2...0.8)
    }

    /// A tap, a hold-and-drag of an item (a lift, then a touch drag), or a two-finger touch.
    func touch() throws {
        let o = window.origin
        let kind = int(0...2)
        note("touch \(["tap", "drag", "two"][kind])")
        let from = kind == 1 ? on(pick(Showcase.ID.draggables)) : anywhere()
        try seat.touchDown(0, o.x + from.x, o.y + from.y)
        if kind == 2 {
            let other = anywhere()
            try seat.touchDown(1, o.x + other.x, o.y + other.y)
        }
        try pause(kind == 1 ? 0.5...0.9 : 0.05...0.15)
        if kind > 0 {
            let to = kind == 1 ? on(pick(Showcase.ID.dropTargets)) : anywhere()
            let n = int(6...16)
            for k in 1...n {
                let p = from.lerp(to: to, Double(k) / Double(n))
                try seat.touchMove(0, o.x + p.x, o.y + p.y)
                try tick()
            }
        }
        if kind == 2 { try seat.touchUp(1) }
        try seat.touchUp(0)
        try pause(0.2...0.6)
    }

    /// A device pulled out and, on a later turn, plugged back in.
    func devices() throws {
        if let d = unplugged.first, chance(0.7) {
            note("plug \(d)")
            try seat.plug(d)
            unplugged.remove(d)
        } else if let d = seat.devices.filter({ !unplugged.contains($0) }).randomElement(using: &random) {
            note("unplug \(d)")
            try seat.unplug(d)
            unplugged.insert(d)
        }
        try pause(0.2...0.8)
    }
}

extension ShowcaseWindow {
    /// `p` moved inside a window of `size` (the probe of the 1500×1000 sway window, for smaller ones).
    static func clamped(_ p: Point, to size: Size) -> Point {
        Point(min(p.x, size.width - 20), min(p.y, size.height - 20))
    }
}
