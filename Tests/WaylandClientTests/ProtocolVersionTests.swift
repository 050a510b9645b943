// Versions decided at run time (issue 32.3–32.5): wl_seat 9 and wl_compositor 6 only with a
// libwayland that dispatches their new events; xdg_toplevel's configure states, `suspended`
// (xdg_wm_base 6) among them.
import CWayland
import CWaylandProtocols
import Testing
@testable import WaylandClient

@Suite("Protocol versions and toplevel states (issue 32.3–32.5)")
struct ProtocolVersionTests {
    static func spec(_ name: String) -> GlobalSpec { Registry.table.first { $0.interface == name }! }

    @Test("G1: wl_seat binds at 9 only where the compositor and the loaded libwayland both know 9 (libwayland 1.21 stops at 8)")
    func seatVersion() {
        let seat = Self.spec("wl_seat")
        #expect(seat.preferred == 9)
        #expect(Registry.bindVersion(seat, advertised: 9, library: 9) == 9)
        #expect(Registry.bindVersion(seat, advertised: 9, library: 8) == 8, "libwayland 1.21 under sway 1.10")
        #expect(Registry.bindVersion(seat, advertised: 7, library: 9) == 7, "sway 1.7 with libwayland 1.23")
        #expect(Registry.bindVersion(seat, advertised: 10, library: 10) == 9, "never past what Lodestone handles")
        let compositor = Self.spec("wl_compositor")
        #expect(Registry.bindVersion(compositor, advertised: 6, library: 5) == 5)
        #expect(Registry.bindVersion(compositor, advertised: 6, library: 6) == 6)
        #expect(Registry.bindVersion(compositor, advertised: 4, library: 6) == 4)
    }

    @Test("the library's versions are read from the loaded libwayland-client: at least what its headers were built with")
    func loadedLibrary() {
        let seat = lodestone_library_version(lodestone_wl_seat_interface())
        let pointerEvents = lodestone_wl_pointer_interface().pointee.event_count
        #expect(seat >= 8)
        // The pointer's event table and the seat's version go together: 10 events at 8, 11 at 9.
        #expect(pointerEvents == (seat >= 9 ? 11 : 10))
        #expect(MemoryLayout<lodestone_wl_pointer_listener_v9>.size == 11 * MemoryLayout<UnsafeRawPointer>.size)
        #expect(MemoryLayout<lodestone_wl_surface_listener_v6>.size == 4 * MemoryLayout<UnsafeRawPointer>.size)
    }

    @Test("xdg_toplevel states: wire values 1–9 by name, suspended (9) included, unknown values and repeats dropped")
    func toplevelStates() {
        #expect(ToplevelState.decode([4, 1, 9]) == [.activated, .maximized, .suspended])
        #expect(ToplevelState.decode([5, 6, 7, 8, 2, 3]) == [.tiledLeft, .tiledRight, .tiledTop, .tiledBottom, .fullscreen, .resizing])
        #expect(ToplevelState.decode([0, 10, 4, 4]) == [.activated])
        #expect(ToplevelState.suspended.rawValue == "suspended" && ToplevelState.tiledLeft.rawValue == "tiled_left")
    }
}
