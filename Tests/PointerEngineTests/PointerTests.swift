import Testing
@testable import PointerEngine

@Suite("P1–P6 pointer, M3–M6 magnetism")
struct PointerTests {
    @Test("M3: 100 ms after stopping inside a bar button's hit region the drawn pointer is near its rest point (below the glyph)")
    func snapAfter100ms() {
        var s = Scenario(Fixtures.layout())
        let b = s.engine.layout[Fixtures.buttons[2]]!.frame
        s.enter(at: Point(b.midX, 200))
        // Stop 4 pt right and 5 pt below the centre (inside the region, not the centre; within
        // settleReach, 6 pt, of the rest point).
        let rest = Point(b.midX + 4, b.midY + 5)
        s.move(to: rest, duration: 0.15, steps: 15)
        s.wait(0.1)
        let f = s.frame()
        #expect(f.pointer.logicalPosition == rest) // M6: the logical pointer is the user's
        // Modern arrow on a highlight element: the tip settles below the glyph (issue 16.4).
        let settled = Point(b.midX, b.midY + min(MagnetismTuning.settledTipDrop, b.height / 2))
        let d = f.pointer.position.distance(to: settled)
        #expect(d < 1.5, "drawn pointer \(f.pointer.position) is \(d) pt from the rest point \(settled)")
        #expect(s.engine.attraction == .snap(Fixtures.buttons[2]))
    }

    @Test("M3: hover elements never snap")
    func hoverNoSnap() {
        var s = Scenario(Fixtures.layout())
        let c = s.engine.layout[Fixtures.card]!.frame
        s.enter(at: Point(c.minX + 20, c.minY + 20))
        s.wait(0.5)
        let f = s.frame()
        #expect(f.pointer.position == f.pointer.logicalPosition)
        #expect(f.effects.first?.kind == .hover)
    }

    @Test("M6: leaving the region releases the drawn pointer at once")
    func escape() {
        var s = Scenario(Fixtures.layout())
        let b = s.engine.layout[Fixtures.plainButton]!.frame
        s.enter(at: Point(b.midX + 5, b.midY)) // within settleReach of the centre
        s.wait(0.5)
        #expect(s.frame().pointer.position.distance(to: b.center) < 0.5)
        s.move(to: Point(b.midX, b.maxY + 60), duration: 0.05, steps: 5)
        s.wait(MagnetismTuning.releaseResponse * 2)
        let f = s.frame()
        #expect(f.pointer.position.distance(to: f.pointer.logicalPosition) < 1)
    }

    @Test("M4: a fast flick toward a button pulls the drawn pointer toward it before arrival")
    func prediction() {
        var s = Scenario(Fixtures.layout())
        let b = s.engine.layout[Fixtures.plainButton]!.frame
        s.enter(at: Point(b.midX - 200, b.midY))
        // 2000 pt/s toward the button; stop 40 pt short of its region.
        s.move(to: Point(b.minX - HitRegion.bezelPadding - 40, b.midY), duration: 0.064, steps: 8)
        #expect(s.engine.attraction == .prediction(Fixtures.plainButton))
        #expect(s.engine.drawnPosition.x > s.engine.logicalPosition.x)
        // Once the pointer rests outside any region, nothing stays attracted (no false snap).
        s.wait(0.5)
        #expect(s.engine.attraction == .none)
        #expect(s.engine.drawnPosition.distance(to: s.engine.logicalPosition) < 0.01)
    }

    @Test("P5: the pointer fades after the auto-hide delay and comes back on motion")
    func autoHide() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(300, 300))
        s.wait(1)
        #expect(s.frame().pointer.opacity > 0.99)
        s.wait(PointerSettings().autoHideDelay! - 1 + 1.5)
        #expect(s.engine.visibilityState == .idle)
        #expect(s.frame().pointer.opacity < 0.01)
        s.move(to: Point(310, 300))
        s.wait(0.3)
        #expect(s.frame().pointer.opacity > 0.99)
    }

    @Test("P5: over text the I-beam fades out as an I-beam (issue 17.7): no arrow during the fade; shown again it is the beam at once")
    func beamFadesAsBeam() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(200, 470))
        s.move(to: Point(210, 470))
        s.wait(1)
        func beamOnly(_ f: Frame) -> Bool {
            // The beam: one thin rounded rect (the arrow is a path 13 pt wide).
            f.pointer.layers.allSatisfy { $0.shape == .beam && $0.bounds.width <= PointerTuning.beamWidth * 1.5 }
        }
        #expect(beamOnly(s.frame()))
        s.wait(PointerSettings().autoHideDelay! - 1 + 0.001)
        var last = s.frame().pointer.opacity
        #expect(last > 0.99)
        var samples = 0
        for _ in 0..<90 { // 1.5 s of 60 Hz frames through the fade
            s.wait(1.0 / 60)
            let f = s.frame()
            if f.pointer.opacity > 0.01 {
                samples += 1
                #expect(beamOnly(f), "during the fade at opacity \(f.pointer.opacity): \(f.pointer.layers)")
            }
            #expect(f.pointer.opacity <= last + 1e-9, "the opacity only decreases")
            last = f.pointer.opacity
        }
        #expect(samples >= 5, "the fade was sampled")
        #expect(last < 0.01)
        // Moved again over the text: the beam comes back as itself, not from an arrow.
        s.move(to: Point(215, 470), duration: 0.016, steps: 1)
        #expect(beamOnly(s.frame()))
    }

    @Test("P5: never hides while a button is held (drag or selection)")
    func noHideWhileActive() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(300, 300))
        s.press()
        s.wait(10)
        #expect(s.engine.visibilityState == .visible)
        s.release()
        s.wait(PointerSettings().autoHideDelay! + 1)
        #expect(s.engine.visibilityState == .idle)
    }

    @Test("P5: losing pointer focus hides the pointer")
    func focusLoss() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(300, 300))
        s.send(.pointerLeave)
        s.wait(1)
        #expect(s.frame().pointer.opacity < 0.01)
    }

    @Test("G8: a trackpad gesture hides the pointer; the next motion shows it where it was")
    func gestureHides() {
        var s = Scenario(Fixtures.layout())
        s.enter(at: Point(300, 300))
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .begin, fingers: 2)), from: s.trackpad)
        s.wait(1)
        #expect(s.engine.visibilityState == .gesture)
        #expect(s.frame().pointer.opacity < 0.01)
        s.send(.gesture(GestureEvent(kind: .pinch, phase: .end, fingers: 2)), from: s.trackpad)
        s.move(to: Point(301, 300), duration: 0.01, steps: 1)
        s.wait(0.3)
        #expect(s.frame().pointer.opacity > 0.99)
        #expect(s.frame().pointer.logicalPosition == Point(301, 300))
    }

    @Test("P2: over text the pointer is an I-beam as long as the line height")
    func beam() throws {
        var s = Scenario(Fixtures.layout())
        let t = s.engine.layout[Fixtures.text]!.frame
        s.enter(at: Point(t.midX, t.midY))
        s.wait(1)
        let layer = try #require(s.frame().pointer.layers.last)
        #expect(layer.shape == .beam, "the engine says it is the beam; the renderer draws what it is told")
        #expect(abs(layer.bounds.height - 20) < 1e-6)
        #expect(abs(layer.bounds.width - PointerTuning.beamWidth) < 1e-6)
    }

    @Test("P1 classic: the 19 pt circle morphs into the platter around a bar button")
    func classicMorph() throws {
        var settings = PointerSettings()
        settings.generation = .classic
        var s = Scenario(Fixtures.layout(), settings: settings)
        s.enter(at: Point(300, 300))
        s.wait(1)
        let circle = try #require(s.frame().pointer.layers.first)
        #expect(abs(circle.bounds.width - PointerTuning.classicDiameter) < 1e-9)
        #expect(abs(circle.cornerRadius - PointerTuning.classicDiameter / 2) < 1e-9)
        let b = s.engine.layout[Fixtures.buttons[0]]!.frame
        s.move(to: b.center, duration: 0.05, steps: 5)
        s.wait(0.06)
        let mid = try #require(s.frame().pointer.layers.first)
        #expect(s.frame().pointer.layers.count == 1) // a continuous morph, not a cut
        #expect(mid.bounds.width > PointerTuning.classicDiameter && mid.bounds.width < b.width + 2 * PointerTuning.classicPlatterPadding + 4)
        s.wait(1)
        let end = try #require(s.frame().pointer.layers.first)
        #expect(abs(end.bounds.width - (b.width + 2 * PointerTuning.classicPlatterPadding)) < 0.01)
        #expect(s.frame().pointer.isUnderContent)
    }

    @Test("P6: pointer size is clamped to 0.5–4× and scales the shape")
    func size() {
        var settings = PointerSettings()
        settings.size = 10
        #expect(settings.size == 4)
        settings.size = 0.1
        #expect(settings.size == 0.5)
        settings.size = 2
        settings.contrastBorder = true
        var s = Scenario(Fixtures.layout(), settings: settings)
        s.enter(at: Point(300, 300))
        s.wait(1)
        let f = s.frame()
        #expect(abs(f.pointer.layers[0].bounds.height - PointerTuning.arrowSize.height * 2) < 1e-9)
        #expect(f.pointer.borderColor != nil)
        #expect(f.pointer.borderWidth == PointerTuning.borderWidth * 2)
    }

    @Test("P6 reduce motion: a shape change is a short cross-fade, not a morph")
    func reduceMotion() {
        var settings = PointerSettings()
        settings.reduceMotion = true
        settings.generation = .classic
        var s = Scenario(Fixtures.layout(), settings: settings)
        s.enter(at: Point(300, 300))
        s.wait(1)
        let b = s.engine.layout[Fixtures.buttons[0]]!.frame
        s.move(to: b.center, duration: 0.01, steps: 1)
        s.wait(Animated.reducedMotionFade / 2)
        let layers = s.frame().pointer.layers
        #expect(layers.count == 2)
        #expect(abs(layers[0].opacity + layers[1].opacity / PointerTuning.classicPlatterOpacity - 1) < 0.05)
        s.wait(Animated.reducedMotionFade)
        #expect(s.frame().pointer.layers.count == 1)
    }

    @Test("A1: a resize handle shows two arrows along its axis; A2 they fade out on leaving")
    func resizeArrows() {
        var s = Scenario(Fixtures.layout())
        let h = s.engine.layout[Fixtures.handle]!.frame
        s.enter(at: h.center)
        s.wait(1)
        let acc = s.frame().accessories
        #expect(acc.count == 2)
        #expect(acc.allSatisfy { $0.glyph == .arrow && $0.opacity > 0.99 })
        let angles = acc.map(\.angle).sorted()
        #expect(abs(angles[0]) < 1e-6 && abs(angles[1] - Double.pi) < 1e-6)
        s.move(to: Point(300, 550), duration: 0.05, steps: 5)
        s.wait(0.05)
        let fading = s.frame().accessories
        #expect(fading.count == 2 && fading.allSatisfy { $0.opacity < 0.99 && $0.opacity > 0 })
        s.wait(1)
        #expect(s.frame().accessories.isEmpty)
    }

    @Test("A3: over a graph an annotation shows the live X/Y values")
    func graphAnnotation() throws {
        var s = Scenario(Fixtures.layout())
        let g = s.engine.layout[Fixtures.graph]!.frame
        s.enter(at: Point(g.minX + g.width / 4, g.maxY - g.height / 2))
        s.wait(0.5)
        let a = try #require(s.frame().annotations.first)
        #expect(a.text == "x 2.5  y 50.0")
        #expect(a.origin.x > g.minX)
    }

    @Test("M5: while selecting, small vertical motion stays on the line; a deliberate move leaves it")
    func textStickiness() {
        var s = Scenario(Fixtures.layout())
        let t = s.engine.layout[Fixtures.text]!.frame
        let line2 = t.minY + 2.5 * 20
        s.enter(at: Point(t.minX + 10, line2))
        s.press()
        s.move(to: Point(t.minX + 80, line2 + 14)) // past the line's edge (10 pt) but within 0.75 lh
        #expect(s.engine.textSelection?.focus.line == 2)
        s.wait(0.3)
        #expect(abs(s.engine.drawnPosition.y - line2) < 0.5) // the beam sticks to the line
        s.move(to: Point(t.minX + 90, line2 + 17))
        #expect(s.engine.textSelection?.focus.line == 3)
        s.release()
        #expect(!s.engine.isSelectingText)
        #expect(s.frame().textSelection?.rects.count == 2)
    }

    @Test("G9: a click inside the padded region activates the button")
    func activation() {
        var s = Scenario(Fixtures.layout())
        let b = s.engine.layout[Fixtures.plainButton]!.frame
        s.enter(at: Point(b.maxX + 8, b.midY))
        s.press(); s.release()
        #expect(s.engine.drainOutputs() == [.activated(Fixtures.plainButton, input: .pointer, clickCount: 1)])
        s.send(.touchDown(id: 1, position: InputPoint(x: b.midX, y: b.midY)), from: s.touchscreen)
        s.send(.touchUp(id: 1), from: s.touchscreen)
        #expect(s.engine.drainOutputs() == [.activated(Fixtures.plainButton, input: .touch, clickCount: 1)])
    }
}
