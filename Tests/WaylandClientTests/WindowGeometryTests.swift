// Issue 32.1, SPEC W1: xdg_surface.set_window_geometry is the whole surface (Lodestone draws no
// shadow or margin outside the window), in logical points, sent with each new size only.
import Testing
@testable import WaylandClient

@Suite("Window geometry (issue 32.1, W1)")
struct WindowGeometryTests {
    @Test("W1: the first frame sends the whole surface; the same size sends nothing; a new size sends the new whole surface")
    func sentWithEachSize() {
        let first = WindowGeometry.toSend(surface: (860, 600), sent: nil)
        #expect(first == WindowGeometry(x: 0, y: 0, width: 860, height: 600))
        #expect(WindowGeometry.toSend(surface: (860, 600), sent: first) == nil)
        let maximized = WindowGeometry.toSend(surface: (1280, 800), sent: first)
        #expect(maximized == WindowGeometry(width: 1280, height: 800))
        #expect(WindowGeometry.toSend(surface: (860, 600), sent: maximized) == first, "restored: sent again")
    }

    @Test("W1: the geometry is the visible window: no inset, whatever the surface's size")
    func visible() {
        for size in [(1, 1), (640, 480), (1441, 901)] {
            let g = WindowGeometry.visible(surface: size)
            #expect(g.x == 0 && g.y == 0 && g.width == size.0 && g.height == size.1, "\(g)")
        }
    }
}
