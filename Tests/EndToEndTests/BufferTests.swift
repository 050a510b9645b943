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

/// The same rules read from the protocol conversation itself (WAYLAND_DEBUG=1), independent
/// of the client's own counters.
@Suite("Protocol conversation under sway")
struct ProtocolConversationTests {
    @Test("animation: one frame callback at a time, only held-and-released buffers reattached, small damage")
    func animationConversation() throws {
        let sway = try Sway.start()
        let app = try Lodestone.launch(["--animate", "--frames", "40"], on: sway, environment: ["WAYLAND_DEBUG": "1"])
        #expect(try app.wait(timeout: 20) == .exited(0))
        let log = ProtocolLog(app.stderr)

        var outstanding = 0, maxOutstanding = 0
        var callbacks = Set<String>()
        var damages: [[Int]] = []
        for m in log.messages {
            switch (m.isRequest, m.interface, m.name) {
            case (true, "wl_surface", "frame"):
                outstanding += 1
                maxOutstanding = max(maxOutstanding, outstanding)
                callbacks.insert(m.arguments.first?.replacingOccurrences(of: "new id ", with: "") ?? "")
            case (false, "wl_callback", "done") where callbacks.contains(m.object):
                callbacks.remove(m.object)
                outstanding -= 1
            case (true, "wl_surface", "damage_buffer"):
                damages.append(m.integers)
            default: break
            }
        }
        #expect(log.requests("commit", on: "wl_surface").count >= 40)
        #expect(maxOutstanding == 1, "frame callbacks outstanding at once: \(maxOutstanding)")
        let attachedWhileHeld = log.bufferLife.attachedWhileHeld
        #expect(attachedWhileHeld.isEmpty, "reattached before release: \(attachedWhileHeld)")
        // After the first full frame, each frame damages only the marker's old and new places.
        let later = damages.dropFirst(2)
        #expect(!later.isEmpty)
        #expect(later.allSatisfy { $0.count == 4 && $0[2] <= 64 && $0[3] <= 64 }, "damage rects: \(later.prefix(4))")
    }
}
