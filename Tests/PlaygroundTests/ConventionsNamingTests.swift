// The conventions setting in what the showcase draws and reports (SPEC I1, I2, G9; issue 16
// item 7): the HUD's keys and the cards' hints name Ctrl, Alt, Super, Shift on the desktop and
// ⌃ ⌥ ⌘ ⇧ on the Mac; the state line names operations, never keys.
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Conventions in the showcase (I1, I2, G9)")
struct ConventionsNamingTests {
    /// Every text the showcase draws in its first frame.
    static func texts(_ conventions: Conventions) -> [String] {
        let s = PlaygroundSession(settings: PointerSettings(conventions: conventions), now: Timestamp(rawValue: 0))
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        return s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }).flatMap(\.ops).compactMap {
            if case .text(let t, _, _, _) = $0 { t } else { nil }
        }
    }

    static let macGlyphs = ["⌃", "⌥", "⌘", "⇧"]

    @Test("desktop: the HUD's keys read Shift, Ctrl, Alt, Super; the cards say Ctrl copy, Ctrl+Shift link; no Mac glyph anywhere")
    func desktopNames() {
        let texts = Self.texts(.desktop)
        for key in ["Shift", "Ctrl", "Alt", "Super"] { #expect(texts.contains(key), "HUD key \(key)") }
        #expect(texts.contains("drag · Ctrl copy · Ctrl+Shift link"))
        #expect(texts.filter { $0 == "Ctrl copy" }.count == 2, "the Drag & drop card's corner and the copy-only folder")
        #expect(!texts.contains { t in Self.macGlyphs.contains { t.contains($0) } }, "\(texts.filter { t in Self.macGlyphs.contains { t.contains($0) } })")
    }

    @Test("mac: the HUD's keys read ⇧ ⌃ ⌥ ⌘; the cards say ⌥ copy, ⌥⌘ link; no desktop key name")
    func macNames() {
        let texts = Self.texts(.mac)
        for key in Self.macGlyphs { #expect(texts.contains(key), "HUD key \(key)") }
        #expect(texts.contains("drag · ⌥ copy · ⌥⌘ link"))
        #expect(texts.filter { $0 == "⌥ copy" }.count == 2)
        #expect(!texts.contains { $0.contains("Ctrl") || $0.contains("Super") })
    }

    @Test("labels: Ctrl+Shift on the desktop, ⌥⌘ on the Mac, in Apple's order ⌃⌥⇧⌘")
    func labels() {
        #expect(Conventions.desktop.label([.shift, .control]) == "Ctrl+Shift")
        #expect(Conventions.desktop.label([.super, .alt, .control, .shift]) == "Ctrl+Alt+Shift+Super")
        #expect(Conventions.mac.label([.super, .alt]) == "⌥⌘")
        #expect(Conventions.mac.label([.super, .alt, .control, .shift]) == "⌃⌥⇧⌘")
        #expect(Conventions.mac.label([]) == "")
    }

    @Test("the state line names the conventions, the band's operation and an open menu, never keys", arguments: Conventions.allCases)
    func stateLine(conventions: Conventions) throws {
        let s = PlaygroundSession(settings: PointerSettings(conventions: conventions), now: Timestamp(rawValue: 0))
        var t = 0.0
        func send(_ device: DeviceID, _ kind: InputEventKind) { t += 16; s.handle(InputEvent(time: .milliseconds(t), device: device, kind)) }
        let mouse = DeviceID(1), keyboard = DeviceID(2)
        send(mouse, .deviceAdded(name: "mouse", capabilities: .pointer))
        send(keyboard, .deviceAdded(name: "kbd", capabilities: .keyboard))
        func move(_ p: Point) { send(mouse, .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)) }
        func line() -> String {
            let canvas = Canvas(width: 720, height: 450, scale: 0.5)
            _ = s.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
            return StateReport.line(s, frame: s.lastFrame!, number: 1, scale: 1, size: s.layout.size)
        }
        let c = s.engine.surfaceFrame(of: Showcase.ID.collection)!
        move(Point(c.minX + 2, c.minY + 1))
        send(keyboard, .modifiers(ModifierState(depressed: conventions.keys(for: SelectionOperation.toggle))))
        send(mouse, .button(.left, pressed: true))
        for k in 1...8 { move(Point(c.minX + 2 + Double(k) * 15, c.minY + 1 + Double(k) * 8)) }
        let banding = line()
        #expect(banding.contains("\"band_operation\":\"toggle\""), "\(banding)")
        #expect(banding.contains("\"conventions\":\"\(conventions.rawValue)\""))
        send(mouse, .button(.left, pressed: false))
        send(keyboard, .modifiers(ModifierState()))
        #expect(line().contains("\"band\":null,\"band_operation\":null"))
        #expect(line().contains("\"menu\":null"))
        move(s.engine.surfaceFrame(of: Showcase.ID.video)!.center)
        send(mouse, .button(.right, pressed: true))
        send(mouse, .button(.right, pressed: false))
        let menu = line()
        #expect(menu.contains("\"menu\":{\"element\":"), "\(menu)")
        // Key names as JSON values ("window_controls" is a field name, not a key).
        for key in ["control", "Ctrl", "alt", "super", "shift"] { #expect(!menu.contains("\"\(key)\"") && !menu.contains("\(key)+")) }
        for glyph in Self.macGlyphs { #expect(!menu.contains(glyph)) }
    }
}
