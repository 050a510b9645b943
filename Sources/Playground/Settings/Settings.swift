// User settings: $XDG_CONFIG_HOME/lodestone/settings.json (else ~/.config/lodestone/…), then
// command-line flags on top (SPEC P1, P5, P6, G1, G5). Errors name the file, line and column.
//
//     {
//       "generation": "modern",          // or "classic" (P1)
//       "size": 1.5,                     // 0.5 … 4 (P6)
//       "color": "#1C1C1E",              // #RRGGBB or #RRGGBBAA (P6)
//       "contrastBorder": true,          // (P6)
//       "autoHideDelay": 3,              // seconds, or "never" (or null): never hide for idleness (P5)
//       "reduceMotion": false,           // (P6)
//       "naturalScrolling": true,        // touchpads read through libinput (G1)
//       "scrollSpeed": 1.0,              // 0.1 … 10 (P6)
//       "kineticScrolling": true,        // (G1, P6)
//       "magnetism": true,               // (M3, M4)
//       "conventions": "desktop",        // or "mac": what modifier keys mean (I1, I2, G9)
//       "plainDrop": "move",             // or "ask": a drop in with no modifier opens the drop menu (issue 18.3)
//       "reservedGestures": ["4-finger swipe", "3-finger vertical swipe"],  // (G5)
//       "inputBackend": "wayland",       // "wayland", "libinput" or "both"
//       "decorations": "auto",           // "auto", "client" or "server": who draws the window's controls (W1)
//       "windowButtons": "appmenu:minimize,maximize,close"  // GNOME's button-layout: left:right (W1)
//     }
import InputProtocol
import PointerEngine

/// Everything the settings file and flags decide.
public struct AppSettings: Sendable, Equatable {
    public var pointer = PointerSettings()
    public var inputBackend = InputPolicy.wayland
    /// G1: natural scrolling for touchpads Lodestone reads itself (`--input libinput|both`), set
    /// as libinput's own device option; on by default, as on a Mac or iPad. The compositor's
    /// seat scrolls as the compositor says (its own natural-scrolling setting). Version-1
    /// traces, recorded before the direction was applied, are read with it too.
    public var naturalScrolling = true
    /// W1: who draws the window's controls (issue 32.1): `auto` takes the compositor's where it
    /// offers xdg-decoration, else draws Lodestone's own.
    public var decorations = DecorationSetting.auto
    /// W1: where Lodestone's own window buttons go, in GNOME's `button-layout` syntax (issue
    /// 32.1); by default close at the right end, minimize and maximize before it.
    public var windowButtons = WindowButtonLayout.standard
    public init() {}
}

/// A settings problem: what, and where (file:line:column, or the flag).
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public var file: String?
    public var position: SourcePosition?
    public init(_ message: String, file: String? = nil, at position: SourcePosition? = nil) {
        self.message = message; self.file = file; self.position = position
    }
    public var description: String {
        var s = file ?? "settings"
        if let position { s += ":\(position.line):\(position.column)" }
        return s + ": " + message
    }
}

public enum SettingsFile {
    /// The settings file's path for an environment (XDG base directory spec).
    public static func path(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/lodestone/settings.json" }
        if let h = environment["HOME"], !h.isEmpty { return h + "/.config/lodestone/settings.json" }
        return nil
    }

    public static let keys = ["generation", "size", "color", "contrastBorder", "autoHideDelay", "reduceMotion",
                              "naturalScrolling", "scrollSpeed", "kineticScrolling", "magnetism", "conventions", "plainDrop", "reservedGestures", "inputBackend", "decorations",
                              "windowButtons"]
    public static let scrollSpeedRange: ClosedRange<Double> = 0.1...10
    /// Longest auto-hide delay accepted, seconds (an hour; null means never).
    public static let maximumAutoHide = 3600.0

    /// Parses a settings file's text over `base`.
    public static func parse(_ text: String, file: String? = nil, over base: AppSettings = AppSettings()) throws(SettingsError) -> AppSettings {
        var ignored: [SettingsError] = []
        return try parse(text, file: file, over: base, overriddenBy: [:], warnings: &ignored)
    }

    /// Parses over `base`; a bad value for a setting in `overridden` (setting → the flag that
    /// sets it) is no error but a warning: the flag decides (issue 16.9).
    static func parse(_ text: String, file: String?, over base: AppSettings, overriddenBy overridden: [String: String],
                      warnings: inout [SettingsError]) throws(SettingsError) -> AppSettings {
        let root: JSONNode
        do { root = try JSONReader.parse(text) } catch { throw SettingsError(error.message, file: file, at: error.position) }
        guard case .object(let members) = root.value else {
            throw SettingsError("expected an object of settings, found \(root.typeName)", file: file, at: root.position)
        }
        var s = base
        for m in members {
            do { try apply(key: m.key, node: m.value, to: &s) } catch {
                var e = error
                e.file = file
                if e.position == nil { e.position = m.value.position }
                guard let flag = overridden[m.key] else { throw e }
                e.message += " (ignored: \(flag) overrides it)"
                warnings.append(e)
            }
            _ = m.keyPosition
        }
        return s
    }

    static func apply(key: String, node n: JSONNode, to s: inout AppSettings) throws(SettingsError) {
        func bool() throws(SettingsError) -> Bool {
            guard case .bool(let b) = n.value else { throw SettingsError("\(key) must be true or false, found \(n.typeName)") }
            return b
        }
        func number(_ range: ClosedRange<Double>) throws(SettingsError) -> Double {
            guard case .number(let text) = n.value else { throw SettingsError("\(key) must be a number, found \(n.typeName)") }
            let v = Double(text) ?? .infinity // beyond a Double: out of every range
            guard range.contains(v) else {
                throw SettingsError("\(key) must be between \(fmt(range.lowerBound, 1)) and \(fmt(range.upperBound, 1)), found \(fmt(v, 2))")
            }
            return v
        }
        func string() throws(SettingsError) -> String {
            guard case .string(let v) = n.value else { throw SettingsError("\(key) must be a string, found \(n.typeName)") }
            return v
        }
        switch key {
        case "generation": s.pointer.generation = try generation(try string())
        case "size": s.pointer.size = try number(PointerSettings.sizeRange)
        case "color": s.pointer.color = try color(try string())
        case "contrastBorder": s.pointer.contrastBorder = try bool()
        case "autoHideDelay":
            switch n.value {
            case .null: s.pointer.autoHideDelay = nil
            case .number(let v), .string(let v): s.pointer.autoHideDelay = try autoHideDelay(v, name: key)
            default: throw SettingsError("\(key) must be \(autoHideGrammar), found \(n.typeName)")
            }
        case "reduceMotion": s.pointer.reduceMotion = try bool()
        case "naturalScrolling": s.naturalScrolling = try bool()
        case "scrollSpeed": s.pointer.gestures.scrollSpeed = try number(scrollSpeedRange)
        case "kineticScrolling": s.pointer.kineticScrolling = try bool()
        case "magnetism": s.pointer.magnetism = try bool()
        case "conventions": s.pointer.conventions = try conventions(try string())
        case "plainDrop": s.pointer.plainDrop = try plainDrop(try string())
        case "reservedGestures":
            guard case .array(let items) = n.value else { throw SettingsError("reservedGestures must be an array of strings, found \(n.typeName)") }
            var set = Set<GesturePattern>()
            for item in items {
                guard case .string(let t) = item.value else {
                    throw SettingsError("reservedGestures entries must be strings like \"4-finger swipe\", found \(item.typeName)", at: item.position)
                }
                do { set.insert(try gesture(t)) } catch { throw SettingsError(error.message, at: item.position) }
            }
            s.pointer.gestures.reserved = set
        case "inputBackend": s.inputBackend = try backend(try string())
        case "decorations": s.decorations = try decorations(try string())
        case "windowButtons": s.windowButtons = try WindowButtonLayout(parsing: try string())
        default:
            let near = keys.min { distance($0, key) < distance($1, key) }
            let hint = near.map { distance($0, key) <= 3 ? " (did you mean \"\($0)\"?)" : "" } ?? ""
            throw SettingsError("unknown setting \"\(key)\"\(hint); known: \(keys.joined(separator: ", "))")
        }
    }

    /// The auto-hide delay's one grammar, in the file and for --auto-hide (P5): seconds from 0 to
    /// `maximumAutoHide`, or "never".
    public static func autoHideDelay(_ v: String, name: String) throws(SettingsError) -> Double? {
        if v == "never" { return nil }
        guard let d = Double(v), (0...maximumAutoHide).contains(d) else {
            throw SettingsError("\(name) must be \(autoHideGrammar), found \"\(v)\"")
        }
        return d
    }
    static let autoHideGrammar = "seconds (0 to \(Int(maximumAutoHide))) or \"never\""

    public static func generation(_ v: String) throws(SettingsError) -> PointerGeneration {
        guard let g = PointerGeneration(rawValue: v) else { throw SettingsError("generation must be \"modern\" or \"classic\", found \"\(v)\"") }
        return g
    }

    public static func conventions(_ v: String) throws(SettingsError) -> Conventions {
        guard let c = Conventions(rawValue: v) else { throw SettingsError("conventions must be \"desktop\" or \"mac\", found \"\(v)\"") }
        return c
    }

    public static func plainDrop(_ v: String) throws(SettingsError) -> PlainDrop {
        guard let p = PlainDrop(rawValue: v) else { throw SettingsError("plainDrop must be \"move\" or \"ask\", found \"\(v)\"") }
        return p
    }

    public static func decorations(_ v: String) throws(SettingsError) -> DecorationSetting {
        guard let d = DecorationSetting(rawValue: v) else {
            throw SettingsError("decorations must be \"auto\", \"client\" or \"server\", found \"\(v)\"")
        }
        return d
    }

    public static func backend(_ v: String) throws(SettingsError) -> InputPolicy {
        guard let b = InputPolicy(rawValue: v) else {
            throw SettingsError("inputBackend must be \"wayland\", \"libinput\" or \"both\", found \"\(v)\"")
        }
        return b
    }

    /// "#RRGGBB" or "#RRGGBBAA".
    public static func color(_ v: String) throws(SettingsError) -> Color {
        let hex = Array(v.utf8)
        func digit(_ c: UInt8) -> Int? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
            default: nil
            }
        }
        guard hex.first == UInt8(ascii: "#"), hex.count == 7 || hex.count == 9 else {
            throw SettingsError("color must look like \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(v)\"")
        }
        var c: [Double] = []
        var i = 1
        while i < hex.count {
            guard let a = digit(hex[i]), let b = digit(hex[i + 1]) else {
                throw SettingsError("color must look like \"#RRGGBB\" or \"#RRGGBBAA\", found \"\(v)\"")
            }
            c.append(Double(a * 16 + b) / 255)
            i += 2
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
    }

    /// "4-finger swipe", "3-finger vertical swipe", "3-finger horizontal swipe", "2-finger pinch",
    /// "3-finger hold".
    public static func gesture(_ v: String) throws(SettingsError) -> GesturePattern {
        let words = v.lowercased().split(separator: " ").map(String.init)
        let bad = SettingsError("gesture must look like \"4-finger swipe\" or \"3-finger vertical swipe\", found \"\(v)\"")
        guard words.count == 2 || words.count == 3, words[0].hasSuffix("-finger"),
              let n = Int(words[0].dropLast("-finger".count)), (1...5).contains(n),
              let kind = GestureKind(rawValue: words[words.count - 1]) else { throw bad }
        var axis: SwipeAxis?
        if words.count == 3 {
            guard kind == .swipe else { throw bad }
            switch words[1] {
            case "vertical": axis = .vertical
            case "horizontal": axis = .horizontal
            default: throw bad
            }
        }
        return GesturePattern(kind, fingers: n, axis: axis)
    }

    /// Edit distance (typo hints).
    static func distance(_ a: String, _ b: String) -> Int {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        var row = Array(0...y.count)
        for i in 1...max(x.count, 1) where !x.isEmpty {
            var prev = row[0]
            row[0] = i
            for j in 1...max(y.count, 1) where !y.isEmpty {
                let cur = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, prev + (x[i - 1] == y[j - 1] ? 0 : 1))
                prev = cur
            }
        }
        return row[y.count]
    }

    /// Applies command-line flags (after the file). Returns the arguments it did not know.
    public static func applyFlags(_ args: [String], to s: inout AppSettings) throws(SettingsError) -> [String] {
        var keys: [String: String] = [:]
        return try applyFlags(args, to: &s, keys: &keys)
    }

    /// Also records which settings the flags set (setting → the last flag that set it).
    static func applyFlags(_ args: [String], to s: inout AppSettings, keys: inout [String: String]) throws(SettingsError) -> [String] {
        var rest: [String] = []
        var reader = ArgumentReader(args)
        func value(_ flag: String) throws(SettingsError) -> String {
            do { return try reader.value(flag) } catch { throw SettingsError(error) }
        }
        func number(_ flag: String, _ range: ClosedRange<Double>) throws(SettingsError) -> Double {
            do { return try reader.number(flag, range) } catch { throw SettingsError(error) }
        }
        func onOff(_ flag: String) throws(SettingsError) -> Bool {
            do { return try reader.onOff(flag) } catch { throw SettingsError(error) }
        }
        while let a = reader.next() {
            if let key = flagSettings[a] { keys[key] = a }
            do throws(SettingsError) {
                switch a {
                case "--generation": s.pointer.generation = try generation(try value(a))
                case "--classic": s.pointer.generation = .classic
                case "--pointer-size": s.pointer.size = try number(a, PointerSettings.sizeRange)
                case "--pointer-color": s.pointer.color = try color(try value(a))
                case "--contrast-border": s.pointer.contrastBorder = try onOff(a)
                case "--auto-hide": s.pointer.autoHideDelay = try autoHideDelay(try value(a), name: a)
                case "--reduce-motion": s.pointer.reduceMotion = true
                case "--natural-scrolling": s.naturalScrolling = try onOff(a)
                case "--scroll-speed": s.pointer.gestures.scrollSpeed = try number(a, scrollSpeedRange)
                case "--kinetic": s.pointer.kineticScrolling = try onOff(a)
                case "--magnetism": s.pointer.magnetism = try onOff(a)
                case "--conventions": s.pointer.conventions = try conventions(try value(a))
                case "--plain-drop": s.pointer.plainDrop = try plainDrop(try value(a))
                case "--reserved":
                    let v = try value(a)
                    var set = Set<GesturePattern>()
                    for part in v.split(separator: ",") where !part.trimmingSpaces.isEmpty { set.insert(try gesture(part.trimmingSpaces)) }
                    s.pointer.gestures.reserved = set
                case "--input": s.inputBackend = try backend(try value(a))
                case "--decorations": s.decorations = try decorations(try value(a))
                case "--window-buttons": s.windowButtons = try WindowButtonLayout(parsing: try value(a))
                default: rest.append(a)
                }
            } catch {
                var e = error
                if e.file == nil { e.file = a }
                throw e
            }
        }
        return rest
    }

    /// Flags `applyFlags` understands and whether each takes a value (completions, help).
    public static let flags: [(name: String, value: String?)] = [
        ("--generation", "modern|classic"), ("--classic", nil), ("--pointer-size", "0.5-4"), ("--pointer-color", "#RRGGBB[AA]"),
        ("--contrast-border", "on|off"), ("--auto-hide", "SECONDS|never"), ("--reduce-motion", nil),
        ("--natural-scrolling", "on|off"), ("--scroll-speed", "0.1-10"), ("--kinetic", "on|off"), ("--magnetism", "on|off"),
        ("--conventions", "desktop|mac"), ("--plain-drop", "move|ask"), ("--reserved", "GESTURE[,GESTURE…]"), ("--input", "wayland|libinput|both"),
        ("--decorations", "auto|client|server"), ("--window-buttons", "LEFT:RIGHT"),
    ]

    /// The file's setting each flag sets: a bad value there only warns when the flag is given.
    public static let flagSettings: [String: String] = [
        "--generation": "generation", "--classic": "generation", "--pointer-size": "size", "--pointer-color": "color",
        "--contrast-border": "contrastBorder", "--auto-hide": "autoHideDelay", "--reduce-motion": "reduceMotion",
        "--natural-scrolling": "naturalScrolling", "--scroll-speed": "scrollSpeed", "--kinetic": "kineticScrolling",
        "--magnetism": "magnetism", "--conventions": "conventions", "--plain-drop": "plainDrop", "--reserved": "reservedGestures", "--input": "inputBackend",
        "--decorations": "decorations", "--window-buttons": "windowButtons",
    ]
}

extension Substring {
    var trimmingSpaces: String {
        var s = self[...]
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
