// Issue 8 "done when": `lodestone bench all --json` prints every figure the issue lists, each
// with its reference (measured in the same run) and its goal. Run with --quick (short runs, the
// same figures): a bench that stops printing a required figure, or drops its reference or goal,
// fails the build. Values are not judged here (speed targets live in the benchmarks).
import Foundation
import Testing
import TestSupport

@Suite("lodestone bench all --json: every figure of issue 8")
struct BenchFiguresTests {
    /// A figure issue 8 asks for, and which fields it must carry.
    struct Required: CustomStringConvertible, Sendable {
        var name: String
        var reference = false
        var goal = false
        var description: String { name }
    }

    static let required: [Required] = {
        var r: [Required] = []
        // engine: ns/event and events/s at 100, 1k, 10k, 100k (goal at 10k).
        for n in ["100", "1k", "10k", "100k"] {
            r.append(Required(name: "engine.ns_per_event_\(n)", goal: n == "10k"))
            r.append(Required(name: "engine.events_per_s_\(n)"))
        }
        // render: pointer move and full frame at 1080p and 4K vs memcpy, vs cairo idiomatic and cached.
        for size in ["1080p", "4K"] {
            let base = "render.\(size)"
            r += [
                Required(name: "\(base).pointer_move.median", reference: true, goal: true),
                Required(name: "\(base).pointer_move.p99", reference: true, goal: true),
                Required(name: "\(base).full_repaint", reference: true, goal: true),
                Required(name: "\(base).full_repaint.cairo_idiomatic", reference: true, goal: true),
                Required(name: "\(base).full_repaint.cairo_cached", reference: true, goal: true),
                Required(name: "\(base).pointer_move.cairo_idiomatic.median", reference: true, goal: true),
                Required(name: "\(base).pointer_move.cairo_cached.median", reference: true, goal: true),
            ]
        }
        // latency: event → commit p50/p99 under headless sway; late frames per wp_presentation.
        r += [
            Required(name: "latency.event_to_commit.p50", reference: true),
            Required(name: "latency.event_to_commit.p99", reference: true, goal: true),
            Required(name: "latency.late_frames", reference: true, goal: true),
            // frames: the client's CPU per commit for the latency trace, no compositor.
            Required(name: "frames.commit_cpu.p99", goal: true),
            // startup: first frame and peak RSS at 1080p.
            Required(name: "startup.first_frame", reference: true, goal: true),
            Required(name: "startup.peak_rss_1080p", reference: true, goal: true),
        ]
        return r
    }()

    @Test("bench all --json --quick prints every required figure with its reference and goal (issue 8)")
    func everyFigure() throws {
        let app = try Lodestone.launch(["bench", "all", "--json", "--quick"], on: nil)
        // Every suite must run here (the latency bench needs the sway-inject fixture, which
        // make test builds): exit 1 means one said "not available".
        #expect(try app.wait(timeout: 600) == .exited(0), "\(app.stderr)")
        var figures: [String: [String: Any]] = [:]
        for line in app.stdoutLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
            let name = try #require(object["name"] as? String)
            #expect(figures[name] == nil, "\(name) printed twice")
            #expect(object["unit"] is String && object["value"] != nil, "\(line)")
            figures[name] = object
        }
        for need in Self.required {
            guard let f = figures[need.name] else {
                Issue.record("bench all --json did not print \(need.name)")
                continue
            }
            #expect(f["value"] is NSNumber, "\(need.name) has no value (the bench could not measure it)")
            if need.reference {
                #expect(f["reference"] is String && f["reference_value"] is NSNumber, "\(need.name) lacks its reference")
            }
            if need.goal { #expect(f["goal"] is String, "\(need.name) lacks its goal") }
        }
        // feel (issue 5): magnetism on vs off, with the goal on small targets.
        #expect(figures.contains { name, f in
            name.hasPrefix("feel.") && name.hasSuffix(".on.miss_rate") && f["reference"] is String && f["goal"] is String
        }, "no feel.*.on.miss_rate figure with reference and goal")
        // The latency figures come from a real run: the client saw events and sway presented frames.
        let presented = try #require(figures["latency.late_frames"]?["reference_value"] as? NSNumber)
        #expect(presented.intValue > 0, "no frame was presented (wp_presentation feedback missing)")
        let p50 = try #require(figures["latency.event_to_commit.p50"]?["value"] as? NSNumber)
        #expect(p50.doubleValue > 0)
        let commits = try #require(figures["frames.commits"]?["value"] as? NSNumber)
        #expect(commits.intValue > 200, "bench frames timed too few commits")
    }
}
