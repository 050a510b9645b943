// The showcase: it builds, every SPEC area is present, and it renders (issue 7).
import Testing
#if canImport(Glibc)
import Glibc
#endif
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Showcase")
struct ShowcaseTests {
    static let mouse = DeviceID(1)

    func move(_ s: PlaygroundSession, to p: Point, at ms: Double) {
        s.handle(InputEvent(time: .milliseconds(ms), device: ShowcaseTests.mouse,
                            .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
    }

    @Test("renders headless to a PNG")
    func renders() throws {
        let session = PlaygroundSession()
        session.handle(InputEvent(time: .milliseconds(0), device: ShowcaseTests.mouse, .deviceAdded(name: "mouse", capabilities: .pointer)))
        session.handle(InputEvent(time: .milliseconds(1), device: ShowcaseTests.mouse, .pointerEnter(position: InputPoint(x: 700, y: 400))))
        let canvas = session.snapshot(scale: 1)
        #expect(canvas.width == 1440 && canvas.height == 900)
        if let out = getenv("LODESTONE_SHOT") {
            try canvas.writePNG(to: String(cString: out) + "-rest.png")
            let shots: [(String, Point)] = [("share", session.layout[Showcase.ID.share]!.frame.center + Vector(6, 4)),
                                            ("icon", session.layout[Showcase.ID.icons[4]]!.frame.center + Vector(8, 6)),
                                            ("text", Point(780, 160)), ("graph", Point(600, 450)), ("card", Point(520, 270))]
            var t = 10.0
            for (name, p) in shots {
                move(session, to: p, at: t)
                t += 600
                session.advance(to: .milliseconds(t))
                try session.snapshot(scale: 1).writePNG(to: String(cString: out) + "-\(name).png")
            }
        }
    }
}
