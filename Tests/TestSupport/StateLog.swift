// Reads `lodestone --state-out FILE`: one JSON object per committed frame (see
// `lodestone --help`). Tests wait for a state and read what the program showed.
import Foundation

/// One line of the state file.
public struct AppState: CustomStringConvertible, @unchecked Sendable {
    public let json: [String: Any]
    public init(_ json: [String: Any]) { self.json = json }

    public var frame: Int { json["frame"] as? Int ?? -1 }
    public var time: Int { json["time_us"] as? Int ?? -1 }
    public var animationTime: Int { json["animation_time_us"] as? Int ?? -1 }
    public var scale: Double { (json["scale"] as? NSNumber)?.doubleValue ?? 0 }
    /// The surface's size in points when the frame was drawn.
    public var size: (width: Double, height: Double)? { AppState.point(json["size"]).map { ($0.x, $0.y) } }
    public var hovered: Int? { json["hovered"] as? Int }
    public var isAnimating: Bool { json["animating"] as? Bool ?? true }
    public var selection: Set<Int> { Set(json["selection"] as? [Int] ?? []) }
    public var effects: [[String: Any]] { json["effects"] as? [[String: Any]] ?? [] }
    public var accessories: [[String: Any]] { json["accessories"] as? [[String: Any]] ?? [] }
    public var drag: [String: Any]? { json["drag"] as? [String: Any] }
    public var drops: [[String: Any]] { json["drops"] as? [[String: Any]] ?? [] }
    public var activations: [[String: Any]] { json["activations"] as? [[String: Any]] ?? [] }
    /// Reveal opacity of each hover-revealed group, by element id.
    public var revealed: [Int: Double] {
        var out: [Int: Double] = [:]
        for (k, v) in json["revealed"] as? [String: Any] ?? [:] { if let id = Int(k) { out[id] = (v as? NSNumber)?.doubleValue } }
        return out
    }
    /// The band selection's rect, nil when no band is drawn.
    public var band: [NSNumber]? { json["band"] as? [NSNumber] }
    /// Whether the engine has anything in progress (a button or touch held, a drag, band,
    /// gesture, scrub …), and the interactions holding it by name.
    public var engineActive: Bool { json["engine_active"] as? Bool ?? true }
    public var active: [String] { json["active"] as? [String] ?? [] }
    /// The open context menu ({element, items, origin}), nil when none is open.
    public var menu: [String: Any]? { json["menu"] as? [String: Any] }
    /// The content offset of each scrolled container, by element id, points.
    public func offset(of element: Int) -> (x: Double, y: Double)? {
        AppState.point((json["offsets"] as? [String: Any])?["\(element)"])
    }
    /// Where the pointer is (the position input put it at), surface points.
    public var pointerAt: (x: Double, y: Double)? { AppState.point((json["pointer"] as? [String: Any])?["at"]) }
    /// The pointer's drawn (magnetised) hot spot, surface points.
    public var drawnPointer: (x: Double, y: Double)? { AppState.point(json["pointer"].flatMap { ($0 as? [String: Any])?["drawn"] }) }

    /// The effect on `element`, if any.
    public func effect(on element: Int) -> [String: Any]? { effects.first { $0["element"] as? Int == element } }

    /// `[x, y, w, h]` → a rect tuple.
    public static func rect(_ any: Any?) -> (x: Double, y: Double, width: Double, height: Double)? {
        guard let a = any as? [NSNumber], a.count == 4 else { return nil }
        return (a[0].doubleValue, a[1].doubleValue, a[2].doubleValue, a[3].doubleValue)
    }

    public static func point(_ any: Any?) -> (x: Double, y: Double)? {
        guard let a = any as? [NSNumber], a.count == 2 else { return nil }
        return (a[0].doubleValue, a[1].doubleValue)
    }

    public var description: String {
        (try? String(decoding: JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]), as: UTF8.self)) ?? "\(json)"
    }
}

/// The state file of one running lodestone.
public final class StateLog {
    public let path: String
    private var parsed: [AppState] = []
    private var offset: UInt64 = 0
    /// How many states `states()` keeps (nil: all). A long run (the live soak writes tens of
    /// thousands of lines) keeps the newest few only.
    private let keeping: Int?
    /// Every state read so far, including those no longer kept.
    public private(set) var count = 0

    public init(path: String, keeping: Int? = nil) {
        self.path = path
        self.keeping = keeping
    }

    /// Every complete line so far (the newest `keeping` of them when that is set). Reads only
    /// what was appended since the last call.
    public func states() -> [AppState] {
        guard let file = FileHandle(forReadingAtPath: path) else { return parsed }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: offset)) != nil, let data = try? file.readToEnd(), !data.isEmpty,
              let lastNewline = data.lastIndex(of: UInt8(ascii: "\n")) else { return parsed }
        for line in data[data.startIndex...lastNewline].split(separator: UInt8(ascii: "\n")) {
            if let obj = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] { parsed.append(AppState(obj)); count += 1 }
        }
        offset += UInt64(lastNewline - data.startIndex + 1)
        if let keeping, parsed.count > keeping { parsed.removeFirst(parsed.count - keeping) }
        return parsed
    }

    public var last: AppState? { states().last }

    /// Waits until the newest state satisfies `condition` and nothing animates any more
    /// (so the frame on screen is the final one); returns it.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 10, settled: Bool = true, _ condition: (AppState) -> Bool) throws -> AppState {
        var found: AppState?
        do {
            try waitUntil(timeout: timeout, what) {
                guard let s = last, condition(s), !settled || !s.isAnimating else { return false }
                found = s
                return true
            }
            if ProcessInfo.processInfo.environment["LODESTONE_TRACE_WAITS"] != nil { print("\(monotonicSeconds()) waited for \(what)") }
        } catch {
            throw HarnessError("\(error)\n--- last state: \(last?.description ?? "none")")
        }
        return found!
    }
}
