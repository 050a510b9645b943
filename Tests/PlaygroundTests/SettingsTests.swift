// Settings file and flags (SPEC P1, P5, P6, G1, G5): values land where they belong; every
// error names the file, line and column (or the flag).
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

    @Test("the file lives under XDG_CONFIG_HOME, else ~/.config")
    func path() {
        #expect(SettingsFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/lodestone/settings.json")
        #expect(SettingsFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/lodestone/settings.json")
        #expect(SettingsFile.path(environment: [:]) == nil)
    }
}
