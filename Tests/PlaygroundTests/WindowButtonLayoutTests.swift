// Issue 32.1, SPEC W1: the `windowButtons` setting (GNOME's button-layout syntax) and where it
// puts the window's own buttons in the showcase's toolbar.
import Testing
import PointerEngine
@testable import Playground

@Suite("Window button layout (issue 32.1, W1)")
struct WindowButtonLayoutTests {
    static func layout(_ text: String) throws -> WindowButtonLayout { try WindowButtonLayout(parsing: text) }

    @Test("W1: GNOME's syntax: left:right, either side empty, GNOME's other names ignored, spaces trimmed, no colon puts all at the left")
    func parsing() throws {
        #expect(try Self.layout("appmenu:minimize,maximize,close") == .standard)
        #expect(try Self.layout("close,minimize,maximize:") == WindowButtonLayout(leading: [.close, .minimize, .maximize]))
        #expect(try Self.layout(":") == WindowButtonLayout())
        #expect(try Self.layout("") == WindowButtonLayout())
        #expect(try Self.layout("appmenu:close") == WindowButtonLayout(trailing: [.close]))
        #expect(try Self.layout("icon,spacer:spacer,menu,close") == WindowButtonLayout(trailing: [.close]))
        #expect(try Self.layout(" close , maximize :minimize") == WindowButtonLayout(leading: [.close, .maximize], trailing: [.minimize]))
        #expect(try Self.layout("close,,minimize") == WindowButtonLayout(leading: [.close, .minimize]))
        #expect(try Self.layout("close") == WindowButtonLayout(leading: [.close]))
        #expect(WindowButtonLayout(leading: [.close], trailing: [.minimize]).description == "close:minimize")
    }

    @Test("W1: an unknown name, a second colon or a name given twice is an error naming it, and where (file line and column, or the flag)")
    func errors() throws {
        let unknown = #expect(throws: SettingsError.self) { try Self.layout("appmenu:minimise,close") }
        #expect(unknown?.message.contains("\"minimise\"") == true && unknown?.message.contains("known: minimize, maximize, close") == true,
                "\(String(describing: unknown))")
        let colons = #expect(throws: SettingsError.self) { try Self.layout("close:minimize:maximize") }
        #expect(colons?.message.contains("found 2") == true, "\(String(describing: colons))")
        let twice = #expect(throws: SettingsError.self) { try Self.layout("close:minimize,close") }
        #expect(twice?.message.contains("\"close\" twice") == true, "\(String(describing: twice))")
        // From the file: the file, line and column of the value.
        let file = #expect(throws: SettingsError.self) {
            try SettingsFile.parse("{\n  \"windowButtons\": \"close,gear:\"\n}", file: "/home/u/.config/lodestone/settings.json")
        }
        #expect(file?.description.hasPrefix("/home/u/.config/lodestone/settings.json:2:20: windowButtons names \"gear\"") == true,
                "\(String(describing: file))")
        let notString = #expect(throws: SettingsError.self) { try SettingsFile.parse("{\"windowButtons\": [\"close\"]}") }
        #expect(notString?.message == "windowButtons must be a string, found an array", "\(String(describing: notString))")
        // From the command line: the flag.
        var s = AppSettings()
        let flag = #expect(throws: SettingsError.self) { _ = try SettingsFile.applyFlags(["--window-buttons", "close:x"], to: &s) }
        #expect(flag?.description.hasPrefix("--window-buttons: windowButtons names \"x\"") == true, "\(String(describing: flag))")
    }

    @Test("W1: the setting: the standard layout by default, from the file and --window-buttons (the flag over the file)")
    func setting() throws {
        #expect(try SettingsFile.parse("{}").windowButtons == .standard)
        var s = try SettingsFile.parse("{\"windowButtons\": \"close,minimize,maximize:\"}")
        #expect(s.windowButtons == WindowButtonLayout(leading: [.close, .minimize, .maximize]))
        _ = try SettingsFile.applyFlags(["--window-buttons", "appmenu:close"], to: &s)
        #expect(s.windowButtons == WindowButtonLayout(trailing: [.close]))
        #expect(SettingsFile.flags.contains { $0.name == "--window-buttons" } && SettingsFile.flagSettings["--window-buttons"] == "windowButtons")
    }

    @Test("W1: only the buttons wm_capabilities offer, each side in the layout's order; close whatever the capabilities")
    func offered() {
        let left = WindowButtonLayout(leading: [.close, .minimize, .maximize])
        #expect(WindowChrome.clientSide(canMinimize: false, canMaximize: true, fixedSize: false, layout: left)
            == WindowChrome(leading: [.close, .maximize], resizable: true))
        #expect(WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: true, layout: WindowButtonLayout(leading: [.maximize], trailing: [.close]))
            == WindowChrome(leading: [.maximize], trailing: [.close]))
        // The default keeps what the showcase had: all at the right, close last.
        #expect(WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: false).trailing == [.minimize, .maximize, .close])
    }

    @Test("W1: rounded outer corners while the window decorates itself and floats; square while maximized, fullscreen or tiled, and where the compositor decorates")
    func cornerRadius() {
        #expect(WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: false).cornerRadius == WindowChrome.windowCornerRadius)
        #expect(WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: true).cornerRadius == 0)
        #expect(WindowChrome.none.cornerRadius == 0)
    }

    static let leftChrome = WindowChrome.clientSide(canMinimize: true, canMaximize: true, fixedSize: false,
                                                     layout: WindowButtonLayout(leading: [.close, .minimize, .maximize]))

    @Test("W1: buttons at the left start at the window's left edge; the docked sidebar's toggle stays clear of them; the right-hand bar buttons take the room they left")
    func leftFramesDocked() throws {
        let s = PlaygroundSession(size: Size(1000, 700))
        let plain = try #require(s.layout[Showcase.ID.sidebarToggle]?.frame)
        let plainSearch = try #require(s.layout[Showcase.ID.search]?.frame)
        s.setChrome(Self.leftChrome)
        let close = try #require(s.layout[Showcase.ID.windowClose]?.frame)
        let min = try #require(s.layout[Showcase.ID.windowMinimize]?.frame)
        let max = try #require(s.layout[Showcase.ID.windowMaximize]?.frame)
        #expect(close.minX == WindowChrome.trailingInset && close.maxX < min.minX && min.maxX < max.minX)
        #expect(close.midY == plain.midY, "the buttons centre on the bar buttons' row")
        let toggle = try #require(s.layout[Showcase.ID.sidebarToggle]?.frame)
        #expect(toggle == plain && toggle.minX >= max.maxX + WindowChrome.separation)
        // Nothing at the right: Search where it was without window buttons.
        #expect(s.layout[Showcase.ID.search]?.frame == plainSearch)
        #expect(s.chromeTarget(at: Point(max.maxX + 20, 24)) == .titleBar)
    }

    @Test("W1: with the sidebar collapsed, buttons at the left push the sidebar toggle, back and forward right by their width")
    func leftFramesCollapsed() throws {
        let s = PlaygroundSession(size: Size(700, 600))
        let before = try [Showcase.ID.sidebarToggle, Showcase.ID.back, Showcase.ID.forward].map { try #require(s.layout[$0]?.frame) }
        s.setChrome(Self.leftChrome)
        let max = try #require(s.layout[Showcase.ID.windowMaximize]?.frame)
        let after = try [Showcase.ID.sidebarToggle, Showcase.ID.back, Showcase.ID.forward].map { try #require(s.layout[$0]?.frame) }
        #expect(after[0].minX == max.maxX + WindowChrome.separation, "toggle \(after[0]) after maximize \(max)")
        let shift = after[0].minX - before[0].minX
        #expect(shift > 0)
        for (a, b) in zip(after, before) { #expect(a == b.offsetBy(Vector(shift, 0))) }
        // The segmented control and the right-hand buttons stay clear of them.
        let segmented = try #require(s.layout[Showcase.ID.segmented]?.frame)
        #expect(segmented.minY > ShowcaseGeometry.toolbarRowHeight || segmented.minX >= after[2].maxX + ShowcaseGeometry.toolbarSpacing)
    }
}
