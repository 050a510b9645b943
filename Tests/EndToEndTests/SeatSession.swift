// A headless sway with injected input devices (Tests/Fixtures/sway-inject) and a Lodestone
// window in this process, collecting what WaylandClient's seat backend emits through the
// program's input stage (InputPipeline: time, privacy). Tests drive `seat` like a user and read
// `events` as InputProtocol events (issue 3).
import Glibc
import InputProtocol
import InputPipeline
import TestSupport
@testable import WaylandClient

final class SeatSession {
    let sway: Sway
    let seat: SeatInjector
    let loop = EventLoop()
    let client: Client
    /// Released before the client in deinit (a window must not outlive its client).
    private(set) var window: Window!
    /// Everything the seat emitted since the last `take`/`reset`.
    private(set) var events: [InputEvent] = []
    /// The stage every command puts the seat's events through (issue 20.2).
    private var pipeline = InputPipeline()
    /// Top-left of the window's surface in layout coordinates.
    private(set) var origin = (x: 0.0, y: 0.0)

    /// Starts sway (640×480 logical points at `scale`), maps a window and waits until it has
    /// keyboard focus (when there is a keyboard).
    init(scale: Double = 1, devices: Set<SeatInjector.Device> = Set(SeatInjector.Device.allCases)) throws {
        (sway, seat) = try Sway.startWithInjectedSeat(output: .init(width: Int(640 * scale), height: Int(480 * scale), scale: scale),
                                                      devices: devices)
        client = try Client(displayName: sway.socket, loop: loop, warn: { _ in })
        window = client.makeWindow(Window.Configuration(title: "seat test", defaultSize: (400, 300), drawsOwnPointer: false))
        window.draw = { _ in }
        client.onInput = { [unowned self] in self.events += self.pipeline.seat($0) }
        var presented = false
        window.onPresented = { _ in presented = true }
        try Self.pump(loop, "the window's first frame", timeout: 10) { presented }
        let placed = try sway.waitForSettledWindow(appID: "lodestone") { [loop] in loop.iterate(timeout: 0) }
        origin = (Double(placed.content.x), Double(placed.content.y))
        if devices.contains(.keyboard) {
            try Self.pump(loop, "keyboard focus", timeout: 10) { [client] in client.seat?.keyboard?.focused == true }
        }
    }

    deinit {
        window = nil
        sway.stop()
    }

    /// A surface position in layout coordinates (what the injector takes).
    func layout(_ x: Double, _ y: Double) -> (Double, Double) { (origin.x + x, origin.y + y) }

    /// Moves the pointer to a surface position.
    func move(toSurface x: Double, _ y: Double) throws {
        let p = layout(x, y)
        try seat.move(to: p.0, p.1)
    }

    /// Waits until an event matching `last` arrived, lets in what sway sent with it, then
    /// returns every event since the last take and forgets them.
    func take(until what: String, _ last: (InputEventKind) -> Bool) throws -> [InputEvent] {
        try Self.pump(loop, "\(what); got \(events.map(\.kind))", timeout: 5) { events.contains { last($0.kind) } }
        try settle()
        defer { events.removeAll() }
        return events
    }

    /// Lets in what sway already sent and returns every event since the last take (possibly
    /// none), forgetting them.
    func takeAll() throws -> [InputEvent] {
        try settle()
        defer { events.removeAll() }
        return events
    }

    /// Forgets what arrived so far.
    func reset() throws {
        try settle()
        events.removeAll()
    }

    /// Lets in what sway already sent: its answer to a ping means it handled every earlier
    /// command, and it flushes clients before it sleeps again.
    func settle() throws {
        try seat.send("ping")
        for _ in 0..<3 { loop.iterate(timeout: 10) }
    }

    /// Dispatches the client until `condition` holds.
    static func pump(_ loop: EventLoop, _ what: @autoclosure () -> String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = monotonicSeconds() + timeout
        while try !condition() {
            if loop.isStopped { throw HarnessError("the client stopped while waiting for \(what())") }
            guard monotonicSeconds() < deadline else { throw HarnessError("timed out after \(timeout) s waiting for \(what())") }
            loop.iterate(timeout: 20)
        }
    }
}
