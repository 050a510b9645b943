// Issue 8 (latency), issue 34.3: the display list the frame composer keeps between frames
// (FrameComposer, with the showcase as its client) must always equal one built from scratch.
// A property test over seeded sequences: the soak's generator (drags with modifiers, band selections, scrolls with momentum, pinches, swipes, touch taps on hidden
// controls, device removal mid-gesture, chaos) drives the showcase, and at every 60 Hz frame
// the kept list is compared with a fresh one (Soak.Options.checkDisplayList).
import Testing
import PointerEngine
import PixmanRenderer
@testable import Playground

@Suite("Frame composer: kept items equal a fresh build (issue 8; E1–E5, I1–I5, H1–H4)")
struct FrameComposerTests {
    func soak(seed: UInt64, events: Int, fault: FrameComposer.TouchFault = .none) -> Soak.Report {
        var o = Soak.Options()
        o.touchFault = fault
        o.events = events
        o.seed = seed
        o.renderEvery = 1
        o.repaintChecks = 0
        o.scale = 0.5
        o.checkDisplayList = true
        return Soak(options: o).run()
    }

    @Test("after every frame of a seeded random sequence, the kept display list equals a fresh one", arguments: SanitizerBudget.seeds([1, 7, 23]))
    func keptEqualsFresh(seed: UInt64) {
        let events = SanitizerBudget.events(800)
        let report = soak(seed: seed, events: events)
        // The full run's bar (more than 200 comparisons in 800 events), scaled with the events.
        #expect(report.displayListChecks > events / 4)
        #expect(report.displayListMismatches == 0, "\(report.problems.joined(separator: "\n"))")
    }

    @Test("the check has teeth: skipping elements for a reason they may change (last frame's state or effect, a moved scroll container), reusing a look whatever the state, or a list changed in place that keeps old items, is caught",
          .disabled(if: SanitizerBudget.isReduced, "planted faults: run by the plain swift test"),
          arguments: [FrameComposer.TouchFault.ignoresPreviousFrame, .ignoresContainerChanges, .lookIgnoresState, .listKeepsTouchedItems])
    func touchFaultIsCaught(fault: FrameComposer.TouchFault) {
        let caught = ([1, 7, 23] as [UInt64]).contains { soak(seed: $0, events: 800, fault: fault).displayListMismatches > 0 }
        #expect(caught, "the soak never saw a stale item with \(fault)")
    }

    @Test("the marks have teeth: a list built again that leaves its rebuilt items unmarked paints stale pixels, caught by the repaint checks; complete marks paint what a full repaint paints",
          .disabled(if: SanitizerBudget.isReduced, "planted faults: run by the plain swift test"))
    func rebuildMarksAreChecked() {
        func mismatches(_ fault: FrameComposer.TouchFault) -> Int {
            ([1, 7] as [UInt64]).reduce(0) { n, seed in
                var o = Soak.Options()
                o.touchFault = fault
                o.events = 800
                o.seed = seed
                o.renderEvery = 1
                o.repaintChecks = 200
                o.scale = 0.5
                return n + Soak(options: o).run().repaintMismatches
            }
        }
        #expect(mismatches(.none) == 0)
        #expect(mismatches(.rebuildLeavesBuiltUnmarked) > 0, "a rebuilt list without its marks was never caught")
    }

    /// Frames in which only a revealing group has a state (H1–H4: the engine also states its
    /// controls, a layout's own interactions need not), its reveal opacity changing; whether a
    /// kept list ever differed from a fresh one.
    func groupFadeGoesStale(fault: FrameComposer.TouchFault) -> Bool {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let engine = session.engine, layout = session.layout
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        let measure: TextMeasure = { [canvas] in canvas.measure($0, font: $1) }
        let special: Set<ElementID> = [Showcase.ID.miniToolbarArea, Showcase.ID.playback] // drawn by the showcase itself
        guard let group = layout.elements.first(where: { $0.kind == .revealingControls && !$0.children.isEmpty && !special.contains($0.id) })
        else { Issue.record("the showcase has no revealing group with children"); return false }
        let hidden = Set([group.id] + group.children)
        let composer = ShowcaseComposer(layout: layout, state: session.state, isShowcase: true)
        let kept = FrameComposer(scale: 0.5)
        kept.touchFault = fault
        let hudCache = HUDItemCache()
        var differed = false
        for o in [1, 0.5, 0.8, 0.3, 0.9] {
            var f = engine.describe()
            f.elementStates = f.elementStates.filter { !hidden.contains($0.element) } + [ElementState(element: group.id, revealOpacity: o)]
            composer.compose(f, into: kept, hudCache: hudCache, surfaceFrame: { engine.surfaceFrame(of: $0) }, measure: measure)
            if kept.scene.items != composer.items(for: f, surfaceFrame: { engine.surfaceFrame(of: $0) }, measure: measure) { differed = true }
        }
        return differed
    }

    @Test("a revealing group's fade reaches its controls when only the group has a state; the check catches leaving them out")
    func groupFadeReachesControls() {
        #expect(!groupFadeGoesStale(fault: .none))
        #expect(groupFadeGoesStale(fault: .ignoresRevealedChildren), "controls of a fading group kept their old items unnoticed")
    }

    @Test("the check has teeth: a key that leaves out the frame facts a look reads goes stale and is caught")
    func staleKeyIsCaught() {
        // The scrubber's hover time and the playback controls' fade are frame facts: hover them.
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        session.composer.keyIgnoresContentFacts = true
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        let scrubber = session.engine.surfaceFrame(of: Showcase.ID.scrubber)!
        var t: UInt64 = 0
        var differed = false
        for k in 0..<40 {
            t += 16_000
            let x = scrubber.minX + scrubber.width * Double(k) / 40
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1),
                                      .motion(position: InputPoint(x: x, y: scrubber.midY), delta: .zero, unaccelerated: .zero)))
            session.advance(to: Timestamp(rawValue: t))
            let kept = session.displayItems(on: canvas)
            let fresh = session.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) })
            if kept != fresh { differed = true; break }
        }
        #expect(differed, "a cache keyed without the scrubber's hover facts was never caught stale")
    }

    /// Moves the pointer to a point 16 ms later and builds the kept display list.
    func mover(_ session: PlaygroundSession) -> (Point) -> Void {
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        var t: UInt64 = 0
        return { p in
            t += 16_000
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: DeviceID(1),
                                      .motion(position: InputPoint(x: p.x, y: p.y), delta: .zero, unaccelerated: .zero)))
            session.advance(to: Timestamp(rawValue: t))
            _ = session.displayItems(on: canvas)
        }
    }

    @Test("a pointer move rebuilds only the items that changed")
    func pointerMoveReusesItems() {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let move = mover(session)
        // A spot of the window background (nothing hovered, no effect), once everything settled.
        var spot: Point?
        search: for y in stride(from: 60.0, to: Showcase.size.height, by: 37) {
            for x in stride(from: 200.0, to: Showcase.size.width, by: 41) {
                for _ in 0..<40 { move(Point(x, y)) }
                if session.engine.hovered == nil, session.engine.describe().effects.isEmpty, !session.engine.describe().isAnimating {
                    spot = Point(x, y)
                    break search
                }
            }
        }
        guard let spot else { Issue.record("no spot of bare background found"); return }
        let before = session.composer.misses, inPlace = session.composer.listsChangedInPlace
        move(Point(spot.x - 2, spot.y - 1))
        #expect(session.composer.misses == before, "a move over the background rebuilt \(session.composer.misses - before) elements")
        #expect(session.composer.hits > 100)
        #expect(session.composer.listsChangedInPlace == inPlace + 1, "the list was built again, not changed in place")
    }

    @Test("rows scrolled into and out of a list's viewport are inserted into and removed from the kept list in place, which stays equal to a fresh one (I5)")
    func scrolledRowsMoveInPlace() {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        var t: UInt64 = 0
        var mismatches = 0
        func send(_ kind: InputEventKind, device: DeviceID = DeviceID(1)) {
            t += 8_000
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: device, kind))
            session.advance(to: Timestamp(rawValue: t))
            let kept = session.displayItems(on: canvas)
            if kept != session.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }) { mismatches += 1 }
        }
        send(.deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture]), device: DeviceID(2))
        let l = session.engine.surfaceFrame(of: Showcase.ID.list)!
        send(.motion(position: InputPoint(x: l.midX, y: l.midY), delta: .zero, unaccelerated: .zero))
        let cache = session.composer
        let (inserted, removed, inPlace) = (cache.listInsertions, cache.listRemovals, cache.listsChangedInPlace)
        for value in [14.0, -14] {
            for _ in 0..<30 { send(.scroll(source: .finger, axis: .vertical, value: value, value120: nil, stop: false), device: DeviceID(2)) }
            send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), device: DeviceID(2))
            for _ in 0..<60 { send(.frame) }
        }
        #expect(mismatches == 0)
        #expect(cache.listInsertions > inserted && cache.listRemovals > removed, "no row entered or left the viewport")
        #expect(cache.listsChangedInPlace > inPlace + 100)
    }

    /// Runs a scenario whose HUD changes with no input (the drawn pointer settling onto a
    /// button under magnetism, M3; momentum decaying, G1) with `fault` in the cache's HUD keys;
    /// whether a kept display list ever differed from a fresh one.
    func hudGoesStale(_ scenario: HUDItemCache.HUDKeyFault, fault: HUDItemCache.HUDKeyFault) -> Bool {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        session.hudCache.hudKeyFault = fault
        let canvas = Canvas(width: 720, height: 450, scale: 0.5)
        var t: UInt64 = 0
        var differed = false
        func frame() {
            session.advance(to: Timestamp(rawValue: t))
            let kept = session.displayItems(on: canvas)
            if kept != session.displayItems(measure: { [canvas] in canvas.measure($0, font: $1) }) { differed = true }
        }
        func send(_ kind: InputEventKind, device: DeviceID = DeviceID(1)) {
            t += 8_000
            session.handle(InputEvent(time: Timestamp(rawValue: t), device: device, kind))
            frame()
        }
        switch scenario {
        case .drawnPointer:
            // Onto a toolbar button off its centre, then rest: the drawn pointer is pulled in.
            let b = session.engine.surfaceFrame(of: Showcase.ID.back)!
            for k in 0..<10 {
                let p = InputPoint(x: b.minX + 3 + Double(k), y: b.minY + 4)
                send(.motion(position: p, delta: .zero, unaccelerated: .zero))
            }
        case .momentumTime:
            // A two-finger flick over the list, then the fingers lift: the content glides.
            send(.deviceAdded(name: "touchpad", capabilities: [.pointer, .gesture]), device: DeviceID(2))
            let l = session.engine.surfaceFrame(of: Showcase.ID.list)!
            send(.motion(position: InputPoint(x: l.midX, y: l.midY), delta: .zero, unaccelerated: .zero))
            for _ in 0..<8 { send(.scroll(source: .finger, axis: .vertical, value: 12, value120: nil, stop: false), device: DeviceID(2)) }
            send(.scroll(source: .finger, axis: .vertical, value: 0, value120: nil, stop: true), device: DeviceID(2))
        case .none:
            break
        }
        for _ in 0..<40 { t += 16_000; frame() }
        return differed
    }

    @Test("the HUD's keys have teeth: leaving out a fact that changes on its own (drawn pointer, momentum decay) is caught stale",
          arguments: [HUDItemCache.HUDKeyFault.drawnPointer, .momentumTime])
    func staleHUDKeyIsCaught(fault: HUDItemCache.HUDKeyFault) {
        #expect(!hudGoesStale(fault, fault: .none), "the scenario differs even with complete keys")
        #expect(hudGoesStale(fault, fault: fault), "a HUD key without that fact was never caught stale")
    }

    @Test("a pointer move redraws only the HUD rows whose values changed (logical and drawn position)")
    func pointerMoveRedrawsChangedHUDRows() {
        let session = PlaygroundSession(now: Timestamp(rawValue: 0))
        let move = mover(session)
        // Over the window background (the top-right corner of the sidebar's pane is bare).
        let spot = Point(Showcase.size.width - 6, Showcase.size.height - 6)
        for _ in 0..<60 { move(spot) }
        #expect(session.engine.hovered == nil)
        let before = session.hudCache.hudPartMisses
        move(Point(spot.x - 3, spot.y - 2))
        #expect(session.hudCache.hudPartMisses - before == 2, "a move redrew \(session.hudCache.hudPartMisses - before) HUD parts")
    }
}
