// Issue 31: Debian 13's labwc 0.8 (a wlroots 0.18 stacking compositor) inside the Debian 13
// root, with the sway-inject shim built for wlroots 0.18; labwc starts the showcase (inside the
// root) and a window rule maximizes it without a title bar: cage 0.1.4's checks, through
// labwc's seat (KiosksInDebian13Tests, beside cage 0.2), and the gestures labwc forwards.
import Foundation
import Testing
import TestSupport

@Suite("labwc 0.8 (Debian 13), input through the sway-inject shim for wlroots 0.18 (issue 31)", .serialized, .debian13, InDebian13Root(labwc: true))
struct ShowcaseUnderLabwc08Tests {
    /// What labwc 0.8 lacks of the globals Lodestone binds (measured).
    static let lacks: [String] = []

    @Test("the root's labwc is 0.8; the window fills the output at scale 1; Lodestone draws its own pointer and binds the data device at v3; what labwc lacks, named once each")
    func window() throws {
        _ = try Debian13Root.require("labwc", at: "0.8")
        let w = try CageShowcase()
        CompositorChecks.expectDataDevice(try CompositorChecks.waitForOwnPointer(w.state))
        usleep(300_000)
        #expect(CompositorChecks.lacked(in: w.cage.process.stderr) == Self.lacks, "\(w.cage.process.stderr)")
    }

    @Test("G2 G5 G7: a swipe, a pinch and a hold on the injected device reach the window through labwc's pointer-gestures (labwc forwards all three)")
    func gesturesThroughTheDevice() throws {
        let w = try CageShowcase(arguments: ["--report-input"])
        try w.seat.swipe(fingers: 3, deltas: Array(repeating: (dx: 12, dy: 0), count: 4))
        try w.seat.pinch(scale: 1.5)
        try w.seat.holdGesture(fingers: 2, lasting: 0.3)
        // lodestone is labwc's child: its --report-input lines are on labwc's stdout.
        for kind in ["swipe", "pinch", "hold"] {
            try waitUntil(timeout: 10, "a \(kind) ending in Lodestone's input") {
                w.cage.process.stdoutLines.contains { $0.contains("\"type\": \"gesture\"") && $0.contains("\"kind\": \"\(kind)\"") && $0.contains("\"phase\": \"end\"") }
            }
        }
    }
}
