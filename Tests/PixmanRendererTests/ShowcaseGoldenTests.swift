// The showcase at the window sizes people have (issue 17.1 "Done when"): 1024×768, a 1280×800
// laptop at scale 2, 1440×900, 1920×1080 and 2560×1440 at scale 1.5, plus the 640×480 minimum
// with the HUD panel shown. The pointer rests on the Share button (highlight, E1).
import Testing
import PointerEngine
import PixmanRenderer
import Playground

@Suite("Showcase golden images at window sizes (issue 17.1; E1, G1, I5)")
struct ShowcaseGoldenTests {
    struct Case: Sendable, CustomStringConvertible {
        var size: Size
        var scale: Double
        var hudPanel = false
        var name: String { "showcase-\(Int(size.width))x\(Int(size.height))\(hudPanel ? "-hud" : "")" }
        var description: String { Golden.name(name, scale: scale) }
    }

    static let cases: [Case] = [
        Case(size: Size(1024, 768), scale: 1), Case(size: Size(1280, 800), scale: 2), Case(size: Size(1440, 900), scale: 1),
        Case(size: Size(1920, 1080), scale: 1), Case(size: Size(2560, 1440), scale: 1.5),
        Case(size: Size(640, 480), scale: 1, hudPanel: true),
    ]

    @Test("the showcase laid out for the size matches its golden", arguments: cases)
    func showcase(_ c: Case) throws {
        let s = PlaygroundSession(size: c.size, now: .milliseconds(0))
        let mouse = DeviceID(1)
        s.handle(InputEvent(time: .milliseconds(0), device: mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        if c.hudPanel { s.showHUDPanel(true) }
        let share = try #require(s.layout[Showcase.ID.share]).frame.center
        s.handle(InputEvent(time: .milliseconds(10), device: mouse,
                            .motion(position: InputPoint(x: share.x, y: share.y), delta: .zero, unaccelerated: .zero)))
        s.advance(to: .milliseconds(1000))
        #expect(s.engine.hovered == Showcase.ID.share)
        try Golden.check(s.snapshot(scale: c.scale), named: Golden.name(c.name, scale: c.scale))
    }
}
