// Issue 8 "Reliability": the soak. `lodestone soak` feeds 1,000,000 seeded random events —
// drags across the drop targets, band selections, momentum scrolls, swipes and pinches whose
// finger count changes, devices removed and re-added mid-gesture, modifier storms, touch and
// pointer interleaved, absurd coordinates — through the engine and the renderer (every 500th
// 60 Hz frame painted with damage; `make soak` paints every frame of a release build). It runs
// in its own process so its resident memory is its own, not the parallel tests'.
// An unoptimised build (a plain `swift build`, without `make test`'s LODESTONE_OPTIMISE_DEBUG,
// issue 34.1) soaks a tenth of the events, with the counts it expects scaled alike.
import PointerEngine
import Testing
import TestSupport

@Suite("Soak: a million random events through engine and renderer (G7, P5, issue 8)")
struct SoakTests {
    @Test("no crash; nothing stuck after ends and cancels; damage-painted frames equal full repaints; memory flat")
    func millionEvents() throws {
        let share = BuildConfiguration.isOptimised ? 1 : 10, events = 1_000_000 / share
        let app = try Lodestone.launch(["soak", "--events", "\(events)", "--render-every", "500", "--max-growth", "4"], on: nil)
        let end = try app.wait(timeout: 600)
        let lines = app.stdoutLines
        func stats(_ prefix: String) -> BufferTests.Stats {
            BufferTests.Stats(line: lines.first { $0.hasPrefix(prefix + " ") } ?? "")
        }
        let run = stats("soak"), checks = stats("checks"), memory = stats("memory"), outputs = stats("outputs"), episodes = stats("episodes")
        #expect(end == .exited(0), "lodestone soak: \(end)\n\(app.stdout)\(app.stderr)")
        #expect(run["events"] >= events)
        #expect(run["rendered"] >= 2_000 / share, "frames painted: \(run["rendered"])")
        // G7: after every episode's ends or cancels no drag, gesture, scroll, scrub or selection is active.
        #expect(checks["stuck"] == 0, "\(app.stderr)")
        #expect(checks["unsettled"] == 0, "\(app.stderr)")
        #expect(checks["off-surface"] == 0, "\(app.stderr)")
        #expect(checks["repaint-checks"] >= 8 && checks["repaint-mismatches"] == 0, "\(app.stderr)")
        // Issue 18: every answer to another application's offer kept the rules (a drop target,
        // only operations offered and taken), and no offer or drag out stayed active (above).
        #expect(checks["dnd-violations"] == 0, "\(app.stderr)")
        // Memory flat: after the warm-up (the first half: bounded caches fill) the resident size
        // grows by at most 4 MB — a leak of 8 bytes per event would exceed it.
        #expect(memory["rss-warm-up-kb"] > 0)
        #expect(memory["growth-kb"] <= 4096, "\(lines.joined(separator: "\n"))")
        #expect(memory["peak-growth-kb"] <= 4096 + memory["cache-limit-kb"], "\(lines.joined(separator: "\n"))")
        // The stream really did what it claims: drops on the targets, band selections, page turns.
        #expect(outputs["drops"] >= 500 / share && outputs["selections"] >= 500 / share && outputs["pages"] >= 10 / share, "\(lines.joined(separator: "\n"))")
        for kind in ["pointer-drag", "touch-drag", "band-selection", "momentum-scroll", "gesture", "modifier-storm", "touches", "chaos", "wheel",
                     "external-drag"] {
            #expect(episodes[kind] >= 1_000 / share, "\(kind) episodes: \(episodes[kind])")
        }
        #expect(episodes["drag-out"] >= 300 / share, "drag-out episodes: \(episodes["drag-out"])")
        #expect(outputs["external-drops"] >= 100 / share, "\(lines.joined(separator: "\n"))")
    }
}
