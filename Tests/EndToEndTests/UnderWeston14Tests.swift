// Issue 31: Debian 13's weston 14, headless inside the Debian 13 root: as weston 10, no seat
// headless (degraded mode), so the window's check is weston 10's with what weston 14 lacks.
import Foundation
import Testing
import TestSupport

@Suite("weston 14 (Debian 13) headless, no seat (issue 31)", .serialized, .debian13)
struct ShowcaseUnderWeston14Tests {
    /// What weston 14 headless with desktop-shell lacks of the globals Lodestone binds (measured).
    static let lacks = ["wl_seat", "zxdg_decoration_manager_v1", "wp_fractional_scale_manager_v1", "zwp_pointer_gestures_v1"]

    @Test("the root's weston is 14; the showcase maps and draws; Lodestone names once each global weston 14 lacks; data device v3 with no device, its own pointer")
    func window() throws {
        let root = try Debian13Root.require("weston", at: "14.")
        try CompositorMatrix.ShowcaseUnderWestonTests.window(root: root, lacks: Self.lacks)
    }
}
