// Settings file and flags (SPEC P1, P5, P6, G1, G5): values land where they belong; every
// error names the file, line and column (or the flag).
import Glibc
import InputProtocol
import Testing
import PointerEngine
@testable import Playground

@Suite("Settings (P1 P5 P6 G1 G5)")
struct SettingsTests {
    @Test("a full file sets every field")
    func fullFile() throws {
        let text = """
        {
          "generation": "classic",
          "size": 2.5,
          "color": "#FF000080",
          "contrastBorder": true,
          "autoHideDelay": null,
          "reduceMotion": true,
          "naturalScrolling": false,
          "scrollSpeed": 1.5,
          "kineticScrolling": false,
          "magnetism": false,
          "reservedGestures": ["4-finger swipe", "3-finger horizontal swipe", "2-finger pinch"],
          "inputBackend": "both"
        }
        """
        let s = try SettingsFile.parse(text, file: "settings.json")
        #expect(s.pointer.generation == .classic)
        #expect(s.pointer.size == 2.5)
        #expect(s.pointer.color.red == 1 && s.pointer.color.green == 0 && abs(s.pointer.color.alpha - 128.0 / 255) < 1e-9)
        #expect(s.pointer.contrastBorder)
        #expect(s.pointer.autoHideDelay == nil)
        #expect(s.pointer.reduceMotion)
        #expect(!s.naturalScrolling)
        #expect(s.pointer.gestures.scrollSpeed == 1.5)
        #expect(!s.pointer.kineticScrolling)
        #expect(!s.pointer.magnetism)
        #expect(s.pointer.gestures.reserved == [GesturePattern(.swipe, fingers: 4), GesturePattern(.swipe, fingers: 3, axis: .horizontal),
                                                GesturePattern(.pinch, fingers: 2)])
        #expect(s.inputBackend == .both)
    }

    @Test("an empty object keeps the defaults")
    func defaults() throws {
        let s = try SettingsFile.parse("{}")
        #expect(s == AppSettings())
        #expect(s.pointer.autoHideDelay == 3)
        #expect(s.pointer.gestures.reserved == GesturePattern.desktopDefaults)
    }

    @Test("errors name file, line and column", arguments: [
        ("{\n  \"size\": 7\n}", 2, 11, "size must be between 0.5 and 4.0, found 7.00"),
        ("{\n  \"generation\": \"retro\"\n}", 2, 17, "generation must be \"modern\" or \"classic\""),
        ("{\n  \"sise\": 2\n}", 2, 11, "unknown setting \"sise\" (did you mean \"size\"?)"),
        ("{\n  \"color\": \"red\"\n}", 2, 12, "color must look like"),
        ("{\n  \"reservedGestures\": [\"4-finger swipe\", 3]\n}", 2, 42, "reservedGestures entries must be strings"),
        ("{\n  \"reservedGestures\": [\"four fingers\"]\n}", 2, 24, "gesture must look like"),
        ("{\n  \"kineticScrolling\": \"yes\"\n}", 2, 23, "kineticScrolling must be true or false, found a string"),
        ("{\n  \"size\": 2,\n}", 3, 1, ""),
        ("[1]", 1, 1, "expected an object of settings"),
    ])
    func errors(text: String, line: Int, column: Int, message: String) {
        #expect {
            _ = try SettingsFile.parse(text, file: "/home/u/.config/lodestone/settings.json")
        } throws: { error in
            guard let e = error as? SettingsError else { return false }
            return e.position == SourcePosition(line: line, column: column) && e.message.hasPrefix(message)
                && e.description.hasPrefix("/home/u/.config/lodestone/settings.json:\(line):\(column): ")
        }
    }

    @Test("flags override the file and leave other arguments")
    func flags() throws {
        var s = try SettingsFile.parse("{\"size\": 3, \"inputBackend\": \"libinput\"}")
        let rest = try SettingsFile.applyFlags(["--pointer-size", "1.25", "--layout", "x.json", "--kinetic", "off", "--reserved",
                                                "4-finger swipe, 3-finger vertical swipe", "--auto-hide", "never", "--classic"], to: &s)
        #expect(rest == ["--layout", "x.json"])
        #expect(s.pointer.size == 1.25 && !s.pointer.kineticScrolling && s.pointer.autoHideDelay == nil)
        #expect(s.pointer.generation == .classic && s.inputBackend == .libinput)
        #expect(s.pointer.gestures.reserved == GesturePattern.desktopDefaults)
    }

    @Test("a bad flag names the flag", arguments: [["--pointer-size", "9"], ["--kinetic", "maybe"], ["--input", "x11"], ["--scroll-speed"]])
    func badFlag(args: [String]) {
        var s = AppSettings()
        #expect {
            _ = try SettingsFile.applyFlags(args, to: &s)
        } throws: { error in
            (error as? SettingsError)?.description.hasPrefix(args[0] + ": ") ?? false
        }
    }

    @Test("plainDrop: move by default; \"ask\" in the file or --plain-drop ask; a bad value is named (issue 18.3)")
    func plainDrop() throws {
        #expect(try SettingsFile.parse("{}").pointer.plainDrop == .move)
        var s = try SettingsFile.parse("{\n  \"plainDrop\": \"ask\"\n}")
        #expect(s.pointer.plainDrop == .ask)
        _ = try SettingsFile.applyFlags(["--plain-drop", "move"], to: &s)
        #expect(s.pointer.plainDrop == .move)
        _ = try SettingsFile.applyFlags(["--plain-drop", "ask"], to: &s)
        #expect(s.pointer.plainDrop == .ask)
        #expect(SettingsFile.keys.contains("plainDrop") && SettingsFile.flags.contains { $0.name == "--plain-drop" && $0.value == "move|ask" })
        #expect {
            _ = try SettingsFile.parse("{\n  \"plainDrop\": \"copy\"\n}", file: "settings.json")
        } throws: { error in
            (error as? SettingsError)?.description == "settings.json:2:16: plainDrop must be \"move\" or \"ask\", found \"copy\""
        }
        #expect {
            _ = try SettingsFile.applyFlags(["--plain-drop", "always"], to: &s)
        } throws: { error in
            (error as? SettingsError)?.description.hasPrefix("--plain-drop: plainDrop must be") ?? false
        }
    }

    @Test("conventions: desktop by default; \"mac\" in the file or --conventions mac; a bad value is named (I1, I2, G9)")
    func conventions() throws {
        #expect(try SettingsFile.parse("{}").pointer.conventions == .desktop)
        var s = try SettingsFile.parse("{\n  \"conventions\": \"mac\"\n}")
        #expect(s.pointer.conventions == .mac)
        _ = try SettingsFile.applyFlags(["--conventions", "desktop"], to: &s)
        #expect(s.pointer.conventions == .desktop)
        _ = try SettingsFile.applyFlags(["--conventions", "mac"], to: &s)
        #expect(s.pointer.conventions == .mac)
        #expect {
            _ = try SettingsFile.parse("{\n  \"conventions\": \"gnome\"\n}", file: "settings.json")
        } throws: { error in
            (error as? SettingsError)?.description == "settings.json:2:18: conventions must be \"desktop\" or \"mac\", found \"gnome\""
        }
        #expect {
            _ = try SettingsFile.applyFlags(["--conventions", "windows"], to: &s)
        } throws: { error in
            (error as? SettingsError)?.description.hasPrefix("--conventions: conventions must be") ?? false
        }
    }

    @Test("the file lives under XDG_CONFIG_HOME, else ~/.config")
    func path() {
        #expect(SettingsFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/lodestone/settings.json")
        #expect(SettingsFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/lodestone/settings.json")
        #expect(SettingsFile.path(environment: [:]) == nil)
    }

    // Issue 16.9: one grammar for the file and the flag; a bad file value a flag overrides only
    // warns; a settings file that cannot be read says why.

    @Test("autoHideDelay: the file takes what --auto-hide takes", arguments: [
        ("\"never\"", "never", nil), ("2.5", "2.5", 2.5), ("\"2.5\"", "2.5", 2.5), ("0", "0", 0), ("null", "never", nil),
    ] as [(String, String, Double?)])
    func autoHideGrammar(json: String, flag: String, expected: Double?) throws {
        let fromFile = try SettingsFile.parse("{\"autoHideDelay\": \(json)}")
        var fromFlag = AppSettings()
        _ = try SettingsFile.applyFlags(["--auto-hide", flag], to: &fromFlag)
        #expect(fromFile.pointer.autoHideDelay == expected)
        #expect(fromFlag.pointer.autoHideDelay == expected)
    }

    @Test("autoHideDelay: the same values are refused in the file and the flag, with the same words", arguments: [
        "soon", "-1", "3601", "Never",
    ])
    func autoHideRefused(value: String) {
        let words = "must be seconds (0 to 3600) or \"never\", found \"\(value)\""
        #expect {
            _ = try SettingsFile.parse("{\"autoHideDelay\": \"\(value)\"}", file: "s.json")
        } throws: { ($0 as? SettingsError)?.description == "s.json:1:19: autoHideDelay " + words }
        var s = AppSettings()
        #expect {
            _ = try SettingsFile.applyFlags(["--auto-hide", value], to: &s)
        } throws: { ($0 as? SettingsError)?.description == "--auto-hide: --auto-hide " + words }
    }

    @Test("a bad file value that a flag overrides: a warning naming file:line:column, and the flag's value")
    func overriddenBadValue() throws {
        let text = "{\n  \"size\": 2,\n  \"autoHideDelay\": \"soon\"\n}"
        let loaded = try SettingsFile.load(text, file: "/h/settings.json", flags: ["--auto-hide", "never", "--layout", "x.json"])
        #expect(loaded.settings.pointer.autoHideDelay == nil)
        #expect(loaded.settings.pointer.size == 2)
        #expect(loaded.rest == ["--layout", "x.json"])
        #expect(loaded.warnings.map(\.description) == [
            "/h/settings.json:3:20: autoHideDelay must be seconds (0 to 3600) or \"never\", found \"soon\" (ignored: --auto-hide overrides it)",
        ])
        // Without the flag the same file is an error; a flag for another setting does not excuse it.
        for flags in [[], ["--pointer-size", "3"]] {
            #expect(throws: SettingsError.self) { _ = try SettingsFile.load(text, file: "/h/settings.json", flags: flags) }
        }
        // A flag that itself is bad stays an error.
        #expect {
            _ = try SettingsFile.load(text, file: "/h/settings.json", flags: ["--auto-hide", "later"])
        } throws: { ($0 as? SettingsError)?.file == "--auto-hide" }
        // Malformed JSON is no value a flag can override.
        #expect(throws: SettingsError.self) { _ = try SettingsFile.load("{\"size\": ", file: "f", flags: ["--pointer-size", "2"]) }
    }

    @Test("every settings flag names the file setting it overrides")
    func everyFlagHasItsSetting() {
        #expect(Set(SettingsFile.flags.map(\.name)) == Set(SettingsFile.flagSettings.keys))
        for key in SettingsFile.flagSettings.values { #expect(SettingsFile.keys.contains(key), "\(key)") }
    }

    @Test("reading: no file is no settings; a directory says so")
    func reading() throws {
        let dir = "/tmp/lodestone-settings-read-\(getpid())"
        mkdir(dir, 0o700)
        defer { rmdir(dir) }
        #expect(try SettingsFile.read(path: dir + "/missing/settings.json") == nil)
        #expect {
            _ = try SettingsFile.read(path: dir)
        } throws: { ($0 as? SettingsError)?.description == "\(dir): cannot read the settings file: is a directory" }
        #expect(SettingsFile.readError("/h/settings.json", EACCES).description == "/h/settings.json: cannot read the settings file: permission denied")
    }
}
