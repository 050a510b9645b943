import Testing
@testable import PointerEngine

@Suite("E1–E5 content effects")
struct EffectTests {
    @Test("E4: automatic effect by kind", arguments: [
        (ElementKind.barButton, Size(36, 28), EffectKind?.some(.highlight)),
        (.segment, Size(60, 28), .highlight),
        (.tab, Size(120, 32), .highlight),
        (.menuItem, Size(200, 28), .highlight),
        (.button, Size(80, 32), .lift),
        (.icon, Size(60, 60), .lift),
        (.collectionItem, Size(80, 80), .lift),
        (.button, Size(300, 200), .hover),
        (.card, Size(300, 180), .hover),
        (.row, Size(300, 44), .hover),
        (.textArea, Size(300, 200), nil),
        (.resizeHandle, Size(8, 40), nil),
        (.graph, Size(200, 100), nil),
        (.toolbar, Size(400, 40), nil),
    ])
    func automatic(kind: ElementKind, size: Size, expected: EffectKind?) {
        #expect(EffectChooser.automatic(kind: kind, size: size) == expected)
    }

    @Test("E3: rows get tint only, cards scale with a shadow")
    func hoverDefaults() {
        let row = Element(id: ElementID(1), kind: .row, frame: Rect(x: 0, y: 0, width: 300, height: 44))
        let card = Element(id: ElementID(2), kind: .card, frame: Rect(x: 0, y: 0, width: 300, height: 180))
        #expect(EffectChooser.hoverEffect(for: row).scale == 1)
        #expect(EffectChooser.hoverEffect(for: row).tint == .overlay)
        #expect(EffectChooser.hoverEffect(for: row).hasShadow == false)
        #expect(EffectChooser.hoverEffect(for: card).scale > 1)
        #expect(EffectChooser.hoverEffect(for: card).hasShadow)
    }

    @Test("E1: the highlight platter is larger than the button and drifts toward the pointer")
    func highlightPlatter() throws {
        var s = Scenario(Fixtures.layout())
        let f = s.engine.layout[Fixtures.buttons[1]]!.frame
        s.enter(at: Point(300, 300))
        s.move(to: Point(f.maxX - 2, f.midY))
        s.wait(0.5)
        let frame = s.frame()
        let fx = try #require(frame.effects.first { $0.element == Fixtures.buttons[1] })
        #expect(fx.kind == .highlight)
        let platter = try #require(fx.platter)
        #expect(platter.rect.width > f.width)
        #expect(platter.rect.midX > f.midX) // parallax toward the pointer on the right
        #expect(platter.rect.midX - f.midX <= EffectTuning.highlightParallax + 1e-9)
        #expect(abs(platter.opacity - EffectTuning.platterOpacity) < 0.01)
    }

    @Test("E2: lift scales up, casts a shadow below and fades the pointer")
    func lift() throws {
        var s = Scenario(Fixtures.layout())
        let f = s.engine.layout[Fixtures.icon]!.frame
        s.enter(at: Point(300, 300))
        s.move(to: f.center)
        s.wait(0.6)
        let frame = s.frame()
        let fx = try #require(frame.effects.first { $0.element == Fixtures.icon })
        #expect(fx.kind == .lift)
        #expect(abs(fx.contentScale - EffectTuning.liftScale(for: f.size)) < 0.005)
        let shadow = try #require(fx.shadow)
        #expect(shadow.rect.midY > f.midY)
        #expect(fx.specular != nil)
        #expect(frame.pointer.opacity < 0.05)
        #expect(frame.pointer.isUnderContent)
    }

    @Test("E5: moving between neighbours cross-fades: both effects are present mid-way")
    func crossFade() {
        var s = Scenario(Fixtures.layout())
        let a = s.engine.layout[Fixtures.buttons[0]]!.frame, b = s.engine.layout[Fixtures.buttons[1]]!.frame
        s.enter(at: a.center)
        s.wait(0.5)
        s.move(to: b.center, duration: 0.02, steps: 2)
        s.wait(0.05)
        let mid = s.frame()
        let pa = mid.effects.first { $0.element == Fixtures.buttons[0] }?.progress ?? 0
        let pb = mid.effects.first { $0.element == Fixtures.buttons[1] }?.progress ?? 0
        #expect(pa > 0.05 && pa < 0.95)
        #expect(pb > 0.05 && pb < 0.95)
        s.wait(1)
        let end = s.frame()
        #expect(end.effects.map(\.element) == [Fixtures.buttons[1]])
        #expect(end.isAnimating == false)
    }
}
