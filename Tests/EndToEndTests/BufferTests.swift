// Issue 2 "done when": the client never draws into a buffer the compositor holds. The client
// animates for a fixed number of frames under sway and reports its buffer chain's counters,
// which compare each buffer handed out for drawing against the raw attach/release events.
import Testing
import TestSupport

@Suite("Buffers under sway")
struct BufferTests {
    struct Stats {
        var values: [String: Int] = [:]
        init(line: String) {
            let words = line.split(separator: " ").map(String.init)
            for (i, w) in words.enumerated() where i + 1 < words.count {
                if let v = Int(words[i + 1]) { values[w] = v }
            }
        }
        subscript(_ key: String) -> Int { values[key] ?? -1 }
    }

    @Test("an animation of 120 frames never writes a buffer the compositor holds")
    func neverWritesBusyBuffers() throws {
        let sway = try Sway.start()
        let app = try Lodestone.launch(["--animate", "--frames", "120", "--stats"], on: sway)
        #expect(try app.wait(timeout: 20) == .exited(0))
        let line = try #require(app.stdoutLines.first { $0.hasPrefix("buffers ") }, "no stats line in: \(app.stdout)")
        let s = Stats(line: line)
        #expect(s["writes-into-held"] == 0)
        #expect(s["submitted"] >= 120)
        #expect(s["created"] >= 2, "a chain needs at least two buffers to draw while one is held")
        #expect(s["max-in-flight"] >= 1 && s["max-in-flight"] <= s["created"])
        // Every frame but the last few was handed back.
        #expect(s["released"] >= s["submitted"] - s["created"])
    }
}
