// A window whose content tracks its own damage (the live playground) reports what changed in
// each frame; a frame that changed nothing must still get its frame callback, or the window
// stops drawing (issue 2, issue 6 §2).
import Glibc
import Testing
import TestSupport
@testable import WaylandClient

@Suite("Window damage under sway")
struct WindowDamageTests {
    @Test("frames that report no damage keep coming: each still gets its frame callback")
    func framesWithoutDamageKeepComing() throws {
        let sway = try Sway.start()
        let loop = EventLoop()
        let client = try Client(displayName: sway.socket, loop: loop, warn: { _ in })
        var window: Window? = client.makeWindow(Window.Configuration(title: "damage", defaultSize: (200, 150), tracksOwnDamage: true))
        defer { window = nil }
        var presented = 0, drawn = 0
        window?.draw = { ctx in
            drawn += 1
            if ctx.isFullRepaint {
                memset(ctx.buffer.pixels, 0xff, ctx.buffer.stride * ctx.buffer.size.height)
                window?.reportDamage([BufferRect(size: ctx.buffer.size)])
            } else {
                window?.reportDamage([])   // nothing changed
            }
        }
        window?.onPresented = { _ in
            presented += 1
            window?.setNeedsDisplay()
        }
        try SeatSession.pump(loop, "30 presented frames (\(presented) so far, \(drawn) drawn)", timeout: 10) { presented >= 30 }
        #expect(drawn >= 30)
    }

    /// The window keeps no damage history (issue 20.5): content that tracks its own damage is
    /// told to repaint whole exactly when the buffer's content is unknown (its first frame, a
    /// new buffer, a new size) and otherwise repaints from the buffer's age itself; other content
    /// repaints every frame whole.
    @Test("whole repaints: new buffers and sizes for content tracking its damage, every frame for the rest", arguments: [true, false])
    func wholeRepaints(tracksOwnDamage: Bool) throws {
        let sway = try Sway.start()
        let loop = EventLoop()
        let client = try Client(displayName: sway.socket, loop: loop, warn: { _ in })
        var window: Window? = client.makeWindow(Window.Configuration(title: "damage", appID: "damage", defaultSize: (200, 150),
                                                                     tracksOwnDamage: tracksOwnDamage))
        defer { window = nil }
        var frames: [(full: Bool, age: Int, width: Int)] = []
        window?.draw = { ctx in
            frames.append((ctx.isFullRepaint, ctx.buffer.age, ctx.buffer.size.width))
            if tracksOwnDamage { window?.reportDamage(ctx.isFullRepaint ? [BufferRect(size: ctx.buffer.size)] : []) }
        }
        window?.onPresented = { _ in window?.setNeedsDisplay() }
        try SeatSession.pump(loop, "12 frames (\(frames.count) so far)", timeout: 10) { frames.count >= 12 }
        let width = frames.last?.width ?? 0
        try sway.command("[app_id=\"damage\"] floating enable, resize set 300 200")
        try SeatSession.pump(loop, "6 frames of the new size", timeout: 10) { frames.filter { $0.width != width }.count >= 6 }
        #expect(frames.first?.full == true, "the first frame repaints whole")
        if tracksOwnDamage {
            for (k, f) in frames.enumerated() { #expect(f.full == (f.age == 0), "frame \(k + 1): \(f)") }
            #expect(frames.contains { !$0.full }, "no frame repainted from its buffer's age")
            let resized = try #require(frames.firstIndex { $0.width != width })
            #expect(frames[resized].full, "the first frame of a new size repaints whole")
        } else {
            #expect(frames.allSatisfy { $0.full }, "\(frames.filter { !$0.full }.count) frames repainted in part")
        }
    }
}
