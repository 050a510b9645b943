// Property tests over random event sequences (issue 5 "done when"; SPEC G7, I1, I2, I5, P5):
// fixed seeds, many sequences with cancels, finger-count changes, device removal, modifier
// changes mid-drag, touch interleaved. Invariants: nothing crashes, nothing is left active after
// its end or cancel, positions stay finite and in bounds, animations settle.
import InputProtocol
import Testing
@testable import PointerEngine

/// Helpers over the engine's SplitMix64 (`PointerEngine.SeededRandom`).
extension SeededRandom {
    mutating func double(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    mutating func chance(_ p: Double) -> Bool { double(0...1) < p }
}

/// Collects broken invariants cheaply (a `#expect` per event would dominate the run time).
struct Failures {
    private(set) var list: [String] = []
    mutating func check(_ ok: Bool, _ what: @autoclosure () -> String = "", line: Int = #line) {
        if !ok, list.count < 20 { list.append("line \(line): \(what())") }
    }
}

@Suite("Interaction invariants over random sequences (G7, I1, I2, I5)")
struct InteractionPropertyTests {
    /// Per component × 8 components = 100,000 sequences (a share of them under the sanitizers: `PropertyBudget`).
    static let sequences = PropertyBudget.sequences(12_500)

    @Test("GestureInterpreter: every begun zoom/page swipe ends once; idle after the end; hide/show alternate")
    func gestureInterpreter() {
        var f = Failures()
        var rng = SeededRandom(seed: 1)
        let kinds: [GestureKind] = [.swipe, .pinch, .hold]
        for _ in 0..<Self.sequences {
            var gi = GestureInterpreter()
            var t = 0.0, intents: [GestureIntent] = []
            _ = gi.handle(.at(0, .deviceAdded(name: "pad", capabilities: [.pointer, .gesture])), now: ms(0))
            for _ in 0..<rng.int(1...24) {
                t += rng.double(0...40)
                let fingers = rng.int(1...5)
                let kind: InputEventKind = switch rng.int(0...9) {
                case 0, 1: .gesture(GestureEvent(kind: kinds[rng.int(0...2)], phase: .begin, fingers: fingers))
                case 2, 3, 4: .gesture(GestureEvent(kind: kinds[rng.int(0...2)], phase: .update, fingers: fingers,
                                                    delta: InputVector(dx: rng.double(-40...40), dy: rng.double(-40...40)),
                                                    scale: rng.double(0.1...5), rotation: rng.double(-20...20)))
                case 5: .gesture(GestureEvent(kind: kinds[rng.int(0...2)], phase: .end, fingers: fingers, cancelled: rng.chance(0.5)))
                case 6: .scroll(source: rng.chance(0.5) ? .finger : .wheel, axis: rng.chance(0.5) ? .vertical : .horizontal,
                                value: rng.double(-30...30), value120: rng.chance(0.5) ? Int32(rng.int(-240...240)) : nil, stop: rng.chance(0.3))
                case 7: .button(rng.chance(0.5) ? .right : .left, pressed: rng.chance(0.5))
                case 8: rng.chance(0.3) ? .deviceRemoved : .motion(position: nil, delta: InputVector(dx: 1, dy: 0), unaccelerated: .zero)
                default: .touchDown(id: 0, position: .zero)
                }
                intents += gi.handle(.at(t, kind, device: rng.chance(0.9) ? 1 : 2), now: ms(t))
            }
            // End whatever runs: a device removal cancels it (G7).
            intents += gi.handle(.at(t + 1, .deviceRemoved), now: ms(t + 1))
            intents += gi.handle(.at(t + 1, .deviceRemoved, device: 2), now: ms(t + 1))
            intents += gi.advance(to: ms(t + 1_000))
            f.check(gi.state == .idle)
            var zooming = false, paging = false, hidden = false
            for i in intents {
                switch i {
                case .zoomBegan: f.check(!zooming); zooming = true
                case .zoomChanged: f.check(zooming)
                case .zoomEnded, .zoomCancelled: f.check(zooming); zooming = false
                case .pageSwipe(.began): f.check(!paging); paging = true
                case .pageSwipe(.changed(let dx)): f.check(paging && dx.isFinite)
                case .pageSwipe(.ended), .pageSwipe(.cancelled): f.check(paging); paging = false
                case .pointerHidden(let h): f.check(h != hidden); hidden = h
                case .scroll(let d, _): f.check(d.dx.isFinite && d.dy.isFinite)
                case .scrollEnded, .scrollLapsed, .stopMomentum, .smartZoom, .swipe, .reserved, .secondaryClick: break
                }
            }
            f.check(!zooming && !paging)
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("ScrollView: after the fingers lift everything settles inside the content, finite")
    func scrollView() {
        var f = Failures()
        var rng = SeededRandom(seed: 2)
        for _ in 0..<Self.sequences {
            var view = ScrollView(viewport: Size(rng.double(50...800), rng.double(50...800)),
                                  content: Size(rng.double(0...3_000), rng.double(0...3_000)), paging: rng.chance(0.3))
            view.kinetic = rng.chance(0.8)
            var t = 0.0
            for _ in 0..<rng.int(1...30) {
                t += rng.double(0...50)
                let d = Vector(rng.double(-300...300), rng.double(-300...300))
                let event: ScrollViewEvent = switch rng.int(0...8) {
                case 0, 1, 2: .fingerScroll(d)
                case 3: .fingerLift
                case 4: .wheel(d)
                case 5: .continuous(d)
                case 6: .stopMomentum
                case 7: .key(ScrollKey.allCases[rng.int(0...7)])
                default: .reveal(Rect(x: rng.double(-100...3_000), y: rng.double(-100...3_000), width: 50, height: 50), margin: 16)
                }
                view.handle(event, now: ms(t))
                f.check(view.offset.x.isFinite && view.offset.y.isFinite)
            }
            view.handle(.fingerLift, now: ms(t + 1))
            view.advance(to: ms(t + 20_000))
            f.check(!view.isScrolling)
            f.check(view.horizontal.overscroll == 0 && view.vertical.overscroll == 0)
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("ZoomController: after end or cancel the scale settles within the limits and the content in bounds")
    func zoom() {
        var f = Failures()
        var rng = SeededRandom(seed: 3)
        for _ in 0..<Self.sequences {
            var z = ZoomController(viewport: Size(400, 300), content: Size(rng.double(10...2_000), rng.double(10...2_000)),
                                   maximumScale: rng.double(1...10), rotationSnap: rng.chance(0.3) ? 90 : nil)
            var t = 0.0
            for _ in 0..<rng.int(1...20) {
                t += rng.double(0...60)
                let event: ZoomController.Event = switch rng.int(0...5) {
                case 0: .began(focus: Point(rng.double(0...400), rng.double(0...300)))
                case 1, 2: .changed(scale: rng.double(0.05...20), rotation: rng.double(-400...400), pan: Vector(rng.double(-500...500), 0))
                case 3: .ended
                case 4: .cancelled
                default: .smartZoom(at: Point(rng.double(0...400), rng.double(0...300)))
                }
                z.handle(event, now: ms(t))
                f.check(z.transform.scale.isFinite && z.transform.scale > 0)
            }
            z.handle(rng.chance(0.5) ? .ended : .cancelled, now: ms(t + 1))
            z.advance(to: ms(t + 20_000))
            f.check(z.state == .idle)
            f.check(z.transform.scale >= z.minimumScale * (1 - 1e-9) && z.transform.scale <= z.maximumScale * (1 + 1e-9))
            f.check(z.inBounds(z.transform) == z.transform) // I5: no gap at an edge, short content centred
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("PageTransition: after end or cancel it rests on a valid page with no offset")
    func pages() {
        var f = Failures()
        var rng = SeededRandom(seed: 4)
        for _ in 0..<Self.sequences {
            var p = PageTransition(pageWidth: rng.double(100...800), pageCount: rng.int(1...6))
            var t = 0.0
            for _ in 0..<rng.int(1...20) {
                t += rng.double(0...40)
                let event: PageSwipePhase = switch rng.int(0...4) {
                case 0: .began
                case 1, 2: .changed(dx: rng.double(-400...400))
                case 3: .ended
                default: .cancelled
                }
                p.handle(event, now: ms(t))
            }
            p.handle(rng.chance(0.5) ? .ended : .cancelled, now: ms(t + 1))
            p.advance(to: ms(t + 10_000))
            f.check(!p.isActive && p.offset == 0 && p.page >= 0 && p.page < p.pageCount)
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("DragSession: modifiers change mid-drag; the drop uses the ones held at drop time; nothing stays active",
          arguments: Conventions.allCases)
    func drags(conventions: Conventions) {
        var f = Failures()
        var rng = SeededRandom(seed: 5)
        let mods: [Modifiers] = [[], .alt, [.alt, .super], .shift, .control, .super, [.alt, .shift], [.control, .shift]]
        for _ in 0..<Self.sequences {
            var s = DragSession<Int, Int>(conventions: conventions)
            var t = 0.0
            for _ in 0..<rng.int(1...25) {
                t += rng.double(0...30)
                let target: DropTarget<Int>? = rng.chance(0.5) ? DropTarget(id: 1, accepts: rng.chance(0.5) ? [.move] : Set(DragOperation.allCases)) : nil
                let event: DragSession<Int, Int>.Event = switch rng.int(0...5) {
                case 0: .press(item: rng.int(0...3), at: .zero, input: DragInput.allCases[rng.int(0...2)])
                case 1, 2: .move(to: Point(rng.double(-50...50), rng.double(-50...50)), target: target)
                case 3: .modifiers(mods[rng.int(0...(mods.count - 1))])
                case 4: .release
                default: .cancel
                }
                let held = s.modifiers
                if let r = s.handle(event, now: ms(t)) {
                    if case .release = event { f.check(r.operation == conventions.dragOperation(for: held)) }
                    f.check(!s.isActive)
                }
            }
            s.handle(rng.chance(0.5) ? .release : .cancel, now: ms(t + 1))
            f.check(!s.isActive && s.accessory == .none)
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("BandSelection: cancel restores the selection; selections hold only items; autoscroll stays in the content",
          arguments: Conventions.allCases)
    func bands(conventions: Conventions) {
        var f = Failures()
        var rng = SeededRandom(seed: 6)
        let items = (0..<30).map { i in (id: i, frame: Rect(x: Double(i % 5) * 90, y: Double(i / 5) * 90, width: 80, height: 80)) }
        let ids = Set(items.map(\.id))
        for _ in 0..<Self.sequences {
            let start = Set((0..<rng.int(0...4)).map { _ in rng.int(0...29) })
            var b = BandSelection(items: items, viewport: Rect(x: 0, y: 0, width: 300, height: 200), contentSize: Size(450, 540), selection: start,
                                  conventions: conventions)
            var t = 0.0, before = start
            for _ in 0..<rng.int(1...25) {
                t += rng.double(0...50)
                let p = Point(rng.double(-200...500), rng.double(-200...400))
                let event: BandSelection<Int>.Event = switch rng.int(0...4) {
                case 0: .press(p, modifiers: [[], .shift, .control, .super][rng.int(0...3)])
                case 1, 2: .move(p)
                case 3: .release
                default: .cancel
                }
                if !b.isActive { before = b.selection }
                let wasActive = b.isActive
                b.handle(event, now: ms(t))
                b.advance(to: ms(t + rng.double(0...100)))
                if case .cancel = event, wasActive { f.check(b.selection == before) }
                f.check(b.selection.isSubset(of: ids))
                f.check(b.contentOffset.dx >= 0 && b.contentOffset.dx <= 150 && b.contentOffset.dy >= 0 && b.contentOffset.dy <= 340)
            }
            b.handle(rng.chance(0.5) ? .release : .cancel, now: ms(t + 1))
            f.check(!b.isActive && b.band == nil)
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }

    @Test("Scrubber, hidden controls, context menus: times in range, nothing stuck after release")
    func small() {
        var f = Failures()
        var rng = SeededRandom(seed: 7)
        for _ in 0..<Self.sequences {
            var s = Scrubber(track: Rect(x: 10, y: 10, width: 300, height: 6), duration: rng.double(0...600), time: rng.double(-10...700))
            var c = RevealableControls<Int>(area: Rect(x: 0, y: 0, width: 200, height: 50),
                                            controls: [HiddenControl(id: 1, title: "A", frame: Rect(x: 10, y: 10, width: 30, height: 30))],
                                            policy: [.timed, .sidebar, .untilPointer][rng.int(0...2)])
            var m = ContextMenuRecognizer()
            var t = 0.0
            for _ in 0..<rng.int(1...25) {
                t += rng.double(0...400)
                let p = Point(rng.double(-50...400), rng.double(-50...100))
                switch rng.int(0...5) {
                case 0: s.handle(.press(p, input: rng.chance(0.5) ? .pointer : .touch), now: ms(t))
                case 1: s.handle(.move(p), now: ms(t)); _ = m.handle(.touchMotion(id: 1, p), now: ms(t))
                case 2: s.handle(rng.chance(0.5) ? .release : .cancel, now: ms(t)); _ = m.handle(.touchUp(id: 1), now: ms(t))
                case 3: c.handle(rng.chance(0.5) ? .touchTap(p) : .pointerClick(p), now: ms(t))
                case 4: c.handle(.pointerMoved(rng.chance(0.9) ? p : nil), now: ms(t)); s.handle(.hover(p), now: ms(t))
                default: _ = m.handle(.touchDown(id: Int32(rng.int(1...2)), p), now: ms(t))
                }
                f.check(s.time >= 0 && s.time <= s.duration)
                let o = c.opacity(at: ms(t))
                f.check(o >= 0 && o <= 1)
            }
            s.handle(.release, now: ms(t + 1))
            _ = m.handle(.touchCancel, now: ms(t + 1))
            f.check(!s.isScrubbing && m.state == .idle)
            if c.policy == .timed { c.handle(.pointerMoved(Point(1_000, 1_000)), now: ms(t + 2)); c.advance(to: ms(t + 10_000)); f.check(!c.isRevealed) }
        }
        #expect(f.list.isEmpty, "\(f.list)")
    }
}
