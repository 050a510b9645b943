// Issue 31: Debian 13's cage 0.2 (wlroots 0.18 kiosk) inside the Debian 13 root, with the
// sway-inject shim built for wlroots 0.18 and the showcase as its program (run inside the root,
// on Debian 13's libraries): the same checks as under Debian 12's cage 0.1.4.
import Foundation
import Testing
import TestSupport

/// The cage 0.1.4 suite, whose tests run here against cage 0.2.
private typealias Cage014 = CompositorMatrix.ShowcaseUnderCageTests

@Suite("cage 0.2 (Debian 13), input through the sway-inject shim for wlroots 0.18 (issue 31)", .serialized, .debian13, InDebian13Root())
struct ShowcaseUnderCage02Tests {
    @Test("the root's cage is 0.2; the window fills cage's output at scale 1; Lodestone draws its own pointer and binds the data device at v3; what cage 0.2 lacks, named once each")
    func window() throws {
        _ = try Debian13Root.require("cage", at: "0.2")
        let w = try CageShowcase()
        CompositorChecks.expectDataDevice(try CompositorChecks.waitForOwnPointer(w.state))
        // The program's stderr is cage's (cage starts it): wait for the lines rather than race them.
        try? waitUntil(timeout: 5, "Lodestone's warnings") { CompositorChecks.lacked(in: w.cage.process.stderr).count >= Self.lacks.count }
        let lacked = CompositorChecks.lacked(in: w.cage.process.stderr)
        #expect(lacked == Self.lacks, "cage 0.2 lacks \(lacked)")
        let shot = try w.cage.screenshot()
        #expect(shot.width == Cage.outputSize.width && shot.height == Cage.outputSize.height)
    }

    /// What cage 0.2 lacks of the globals Lodestone binds (measured; cage 0.1.4 lacked these and
    /// viewporter, relative pointer and presentation time too): no fractional scale, and no
    /// pointer gestures, so the shim's pinches and swipes still reach no client.
    static let lacks = ["wp_fractional_scale_manager_v1", "zwp_pointer_gestures_v1", "zwp_pointer_constraints_v1"]

}

/// cage 0.2 and labwc 0.8 both show the showcase as their program, filling the output: cage
/// 0.1.4's checks under each, through its seat.
@Suite("cage 0.2 and labwc 0.8 (Debian 13): the kiosk checks through the seat (issue 31)", .serialized, .debian13, InDebian13Root())
struct KiosksInDebian13Tests {
    enum Kiosk: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case cage02 = "cage 0.2", labwc08 = "labwc 0.8"
        var testDescription: String { rawValue }
        func run(_ check: () throws -> Void) throws { try CageShowcase.$labwc.withValue(self == .labwc08) { try check() } }
    }

    @Test("E2 G9: through the seat an icon lifts, and a right-click opens the menu with no input after it", arguments: Kiosk.allCases)
    func liftAndMenu(kiosk: Kiosk) throws { try kiosk.run { try Cage014().liftAndMenu() } }

    @Test("G11: through the seat a touch tap on Back activates it by touch, and a one-finger touch drag on the list scrolls it", arguments: Kiosk.allCases)
    func touch(kiosk: Kiosk) throws { try kiosk.run { try Cage014().touch() } }

    @Test("G1: a finger scroll through the seat (axis source finger, then axis_stop) glides on with momentum", arguments: Kiosk.allCases)
    func fingerScrollMomentum(kiosk: Kiosk) throws { try kiosk.run { try Cage014().fingerScrollMomentum() } }
}
