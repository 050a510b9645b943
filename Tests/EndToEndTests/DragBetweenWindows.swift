// Two Lodestone windows in one compositor and an item dragged from one onto the other's Folder
// (issue 18.6, docs/dnd.md; I2): shared by the mutter and the KWin tests.
// Input goes through the line protocol Tests/Fixtures/mutter-input and kwin-fake-input share
// ("abs X Y", "button CODE 0|1", "key CODE 0|1"). Each drag says what the source offered, what
// the destination preferred, what the compositor chose (before and after keys pressed over the
// target), whether a key change reached either window, and how the drop ended on both sides.
import Foundation
import Testing
import TestSupport
import PointerEngine
import Playground

/// A modifier key by its evdev code (the fixtures' "key" command).
enum DragKey: Int, CustomStringConvertible, Sendable {
    case ctrl = 29, shift = 42
    var description: String { self == .ctrl ? "Ctrl" : "Shift" }
}

/// What one drag between the windows showed.
struct DragMeasurement: CustomStringConvertible {
    var held: [DragKey], mid: [DragKey]
    /// Over the Folder, before any key pressed there: the offer's source actions, the
    /// destination's preferred action, the action the compositor chose (nil: none).
    var offered: [String], preferred: String?, chose: String?
    /// After the `mid` keys were pressed over the Folder (nil when none were).
    var midPreferred: String?, midChose: String?
    /// Whether a key change reached the window while the drag went on.
    var keysReachedSource = false, keysReachedDestination = false
    /// The drop menu's entries ("ask"), nil when no menu opened.
    var menuEntries: Int?
    /// The indices of the menu's disabled entries (the actions the drop cannot take).
    var menuDisabled: [Int] = []
    /// Where the menu's keys went 0.5 s after it opened (state `menu.keys`; issue 30.5): here,
    /// asked (xdg_activation_v1 requested, no keyboard given) or elsewhere.
    var menuKeys: String?
    /// The source's last word: its negotiated action and phase (finished, cancelled, or still
    /// dropped when `ended` is false: neither dnd_finished nor cancelled came), and whether the
    /// item left its collection.
    var sourceAction: String?, sourcePhase: String?, ended = false, removed = false
    /// The operation of the destination's drop, nil when it read none.
    var destinationDid: String?
    /// Who chose the action, as each window's HUD says just before the drop (state
    /// `chosen_by`; issue 30.6): source, destination, compositor, or from the source's side
    /// "destination or compositor".
    var chosenAtDestination: String?, chosenAtSource: String?

    /// The action the compositor settled on before the drop.
    var final: String? { mid.isEmpty ? chose : midChose }

    var description: String {
        var s = "keys held \(held.isEmpty ? "none" : held.map(\.description).joined(separator: "+"))"
        s += ": source offered \(offered), destination preferred \(preferred ?? "none"), chose \(chose ?? "none")"
        if !mid.isEmpty {
            s += "; \(mid.map(\.description).joined(separator: "+")) pressed over the target: preferred \(midPreferred ?? "none"), chose \(midChose ?? "none")"
        }
        s += "; keys reached source \(keysReachedSource), destination \(keysReachedDestination)"
        if let menuEntries { s += "; menu of \(menuEntries) entries, disabled \(menuDisabled), its keys \(menuKeys ?? "none")" }
        s += "; source: \(sourceAction ?? "none") \(sourcePhase ?? "?")\(ended ? "" : " (not ended)"), removed \(removed)"
        s += "; destination did \(destinationDid ?? "nothing")"
        s += "; chosen by \(chosenAtDestination ?? "none") (destination's HUD), \(chosenAtSource ?? "none") (source's)"
        return s
    }
}

/// Two showcase windows placed side by side by the compositor, found by probing.
final class TwoWindowDrags {
    let logs: [StateLog]
    let apps: [ChildProcess]
    /// Index of the left window (the source) and the right one (the destination).
    let src: Int, dst: Int
    let so: (x: Double, y: Double), dO: (x: Double, y: Double)
    let sourceModel: PlaygroundSession, destinationModel: PlaygroundSession
    private let send: (String) throws -> Void
    private let scratch: TemporaryDirectory
    private var pointer: (x: Double, y: Double)
    private var drops = 0
    let name: String

    /// `send`: one fixture command. `output`: the output in points, where the pointer goes.
    init(name: String, on compositor: Compositor, output: (width: Int, height: Int), windowSize: (width: Int, height: Int),
         send: @escaping (String) throws -> Void) throws {
        self.name = name
        self.send = send
        let scratch = try TemporaryDirectory(prefix: "lodestone-dnd")
        self.scratch = scratch
        let logs = [StateLog(path: scratch.file("a.jsonl")), StateLog(path: scratch.file("b.jsonl"))]
        self.logs = logs
        var apps: [ChildProcess] = []
        for log in logs {
            apps.append(try Lodestone.launch(["--state-out", log.path, "--auto-hide", "never", "--size", "\(windowSize.width)x\(windowSize.height)"],
                                             on: compositor))
            try log.waitFor("a first frame", timeout: 30, settled: false) { $0.size != nil }
        }
        self.apps = apps
        // Where the compositor placed each window: the pointer moved by a known step is
        // reported moved by exactly that step in the window under it. Whole points: KWin 5.27
        // delivers pointer positions rounded to them (ShowcaseUnderKWinTests.hitTesting).
        func at(_ k: Int) -> (x: Double, y: Double)? { logs[k].last?.pointerAt }
        var origin: [(x: Double, y: Double)?] = [nil, nil]
        let step = (x: 7.0, y: 3.0), y = Double(output.height / 2)
        var tried: [Double] = []
        for gx in stride(from: 40.0, to: Double(output.width) - 20, by: Double(windowSize.width / 3)) where origin.contains(where: { $0 == nil }) {
            tried.append(gx)
            try send("abs \(gx) \(y)")
            usleep(150_000)
            let before = [at(0), at(1)]
            try send("abs \(gx + step.x) \(y + step.y)")
            try? waitUntil(timeout: 0.6, "a window to report the step") {
                (0..<2).contains { k in
                    guard origin[k] == nil, let a = at(k), let b = before[k] else { return false }
                    return abs(a.x - b.x - step.x) < 0.01 && abs(a.y - b.y - step.y) < 0.01
                }
            }
            for k in 0..<2 where origin[k] == nil {
                if let a = at(k), let b = before[k], abs(a.x - b.x - step.x) < 0.01, abs(a.y - b.y - step.y) < 0.01 {
                    origin[k] = (gx + step.x - a.x, y + step.y - a.y)
                }
            }
        }
        guard let o0 = origin[0], let o1 = origin[1] else {
            apps.forEach { $0.stop() }
            let seen = logs.map { l in "size \(String(describing: l.last?.size)) pointer \(String(describing: l.last?.pointerAt)) frames \(l.count)" }
            throw HarnessError("\(name) placed the windows over each other (origins \(origin), probed x \(tried) at y \(y); \(seen))\n\(apps.map { $0.stderr.suffix(800) })")
        }
        let (src, dst) = o0.x < o1.x ? (0, 1) : (1, 0)
        (self.src, self.dst) = (src, dst)
        (so, dO) = src == 0 ? (o0, o1) : (o1, o0)
        func model(_ k: Int) throws -> PlaygroundSession {
            guard let size = logs[k].last?.size else {
                apps.forEach { $0.stop() }
                throw HarnessError("no size from window \(k)")
            }
            return PlaygroundSession(size: Size(size.width, size.height))
        }
        let sourceModel = try model(src)
        self.sourceModel = sourceModel
        destinationModel = try model(dst)
        pointer = (so.x + 10, so.y + 10)
        print("\(name): window origins \(so) (source), \(dO) (destination)")
        // Keys held from a drag's start go to the window with the keyboard focus, which after
        // mapping may be either: one click on empty space in the source makes it the source.
        let size = sourceModel.layout.size
        let empty = stride(from: size.height - 12, to: 12, by: -16).lazy.flatMap { y in
            stride(from: size.width - 12, to: 12, by: -16).lazy.map { Point($0, y) }
        }.first { p in
            // Over nothing, or over a scroll view's background (a click there does nothing).
            sourceModel.engine.element(at: p).map { sourceModel.layout[$0]?.kind == .scrollView } ?? true
        }
        guard let empty else { throw HarnessError("no empty spot in the source window to click") }
        try glide(to: (so.x + empty.x, so.y + empty.y), steps: 8)
        usleep(200_000)
        try button(true); usleep(50_000); try button(false)
        usleep(300_000)
    }

    /// Run after the windows stop (the compositor and its input client, for example).
    var stops: [() -> Void] = []

    deinit {
        apps.forEach { $0.stop() }
        stops.forEach { $0() }
    }

    private func glide(to p: (x: Double, y: Double), steps: Int = 20) throws {
        let from = pointer
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            try send("abs \(from.x + (p.x - from.x) * t) \(from.y + (p.y - from.y) * t)")
            usleep(15_000)
        }
        pointer = p
    }

    private func key(_ k: DragKey, _ down: Bool) throws { try send("key \(k.rawValue) \(down ? 1 : 0)") }
    private func button(_ down: Bool) throws { try send("button 272 \(down ? 1 : 0)") }

    private func context() -> String {
        let keys: (AppState?) -> String = { s in ["drag", "drag_out", "external_drag", "pointer", "last_drag_out"].map { "\($0)=\(s?.json[$0] ?? "-")" }.joined(separator: " ") }
        return "--- source: \(keys(logs[src].last))\n--- destination: \(keys(logs[dst].last))\n\(apps[src].stderr.suffix(1500))\n\(apps[dst].stderr.suffix(1500))"
    }

    /// Carries `item` from the source onto the destination's Folder with `held` pressed before
    /// the press and `mid` pressed over the Folder; an "ask" menu is answered with `menuEntry`
    /// (nil: its last entry, Cancel). `endTimeout`: how long the source may take to hear
    /// dnd_finished or cancelled.
    func drag(_ item: ElementID, held: [DragKey], mid: [DragKey] = [], menuEntry: Int? = nil, endTimeout: Double = 10) throws -> DragMeasurement {
        let folder = Showcase.ID.dropTargets[0]
        guard let f = destinationModel.engine.surfaceFrame(of: folder), let g = sourceModel.engine.surfaceFrame(of: item) else {
            throw HarnessError("no frame for \(item) or the Folder")
        }
        // Both in view, away from the edges (the showcase scrolls what does not fit).
        let (ss, ds) = (sourceModel.layout.size, destinationModel.layout.size)
        guard g.minY > 0, g.maxY < ss.height - 20, f.minY > 0, f.maxY < ds.height - 20 else {
            throw HarnessError("\(item) at \(g) in \(ss) or the Folder at \(f) in \(ds) is not in view: a taller window")
        }
        let end = (x: dO.x + f.midX, y: dO.y + f.midY)
        let (s, d) = (logs[src], logs[dst])
        try glide(to: (so.x + g.midX, so.y + g.midY))
        usleep(300_000)
        for k in held { try key(k, true) }
        usleep(200_000)
        try button(true)
        try glide(to: end, steps: 30)
        do {
            try d.waitFor("the offer over the Folder", settled: false) { s in
                guard let x = s.json["external_drag"] as? [String: Any], x["target"] as? Int == Int(folder.rawValue) else { return false }
                return x["negotiated"] is String || x["accepted_type"] is NSNull
            }
        } catch {
            throw HarnessError("\(error)\n\(context())")
        }
        usleep(300_000)
        func offer() -> [String: Any] { d.last?.json["external_drag"] as? [String: Any] ?? [:] }
        let x = offer()
        var m = DragMeasurement(held: held, mid: mid, offered: x["source_operations"] as? [String] ?? [],
                                preferred: x["preferred"] as? String, chose: x["negotiated"] as? String)
        if !mid.isEmpty {
            for k in mid { try key(k, true) }
            try glide(to: (end.x + 4, end.y + 3), steps: 4)
            usleep(500_000)
            let y = offer()
            (m.midPreferred, m.midChose) = (y["preferred"] as? String, y["negotiated"] as? String)
        }
        m.keysReachedSource = s.last?.json["external_keys_reached"] as? Bool ?? false
        m.keysReachedDestination = d.last?.json["external_keys_reached"] as? Bool ?? false
        (m.chosenAtDestination, m.chosenAtSource) = (d.last?.json["chosen_by"] as? String, s.last?.json["chosen_by"] as? String)
        try button(false)
        if m.final == "link" {
            // ask: the menu at the drop point; `menuEntry`, else its last entry, Cancel.
            let opened = try d.waitFor("the drop menu", timeout: 5) { $0.menu != nil }
            let menu = opened.menu ?? [:]
            guard let fr = menu["frame"] as? [Double] else { throw HarnessError("a menu without a frame: \(menu)") }
            let n = menu["items"] as? Int ?? 0
            m.menuEntries = n
            m.menuDisabled = menu["disabled"] as? [Int] ?? []
            usleep(500_000)
            m.menuKeys = d.last?.menu?["keys"] as? String
            let row = Double(menuEntry ?? (n - 1)) + 0.5
            try glide(to: (dO.x + fr[0] + fr[2] / 2, dO.y + fr[1] + ContextMenuAppearance.inset + ContextMenuInteraction.itemHeight * row), steps: 5)
            usleep(200_000)
            try button(true); usleep(50_000); try button(false)
        }
        let ended = try? s.waitFor("the drag over", timeout: endTimeout) { s in
            s.json["drag_out"] is NSNull && (s.json["last_drag_out"] as? [String: Any])?["item"] as? Int == Int(item.rawValue)
        }
        for k in (held + mid).reversed() { try key(k, false) }
        let last = ended?.json["last_drag_out"] as? [String: Any] ?? s.last?.json["drag_out"] as? [String: Any] ?? [:]
        m.ended = ended != nil
        (m.sourceAction, m.sourcePhase) = (last["negotiated"] as? String, last["phase"] as? String)
        m.removed = ((ended ?? s.last)?.json["removed"] as? [Int] ?? []).contains(Int(item.rawValue))
        drops += 1
        let drop = try? d.waitFor("drop \(drops)", timeout: m.ended ? 5 : 1) { ($0.json["external_drop_count"] as? Int ?? 0) >= drops }
        if drop == nil { drops -= 1 }
        m.destinationDid = (drop?.json["external_drop"] as? [String: Any])?["operation"] as? String
        print("MEASURED \(name): \(m)")
        usleep(400_000)
        return m
    }
}
