// Drives the input devices that the sway-inject fixture (Tests/Fixtures/sway-inject) adds to a
// headless sway, so end-to-end tests read like a user: `seat.move(to:)`, `seat.press(.left)`,
// `seat.hold(.leftAlt) { … }`, `seat.swipe(fingers: 3, …)`. Every call returns after sway has
// handled the events (the shim answers each command from sway's own event loop).
import Foundation
import InputProtocol
import SwayHarness

/// Where to find the shim and how to ask sway to load it.
public enum SwayInject {
    /// The LD_PRELOAD library built by scripts/build-fixtures, or nil when it is missing.
    public static func library(repositoryRoot: String = RepositoryRoot.path) -> String? {
        let path = repositoryRoot + "/.build/fixtures/sway-inject.so"
        return access(path, R_OK) == 0 ? path : nil
    }

}

extension Sway {
    /// Starts headless sway with the sway-inject shim preloaded and connects a `SeatInjector`
    /// to it. The cursor never auto-hides (it would send leave/enter between commands).
    /// `library`: the shim to preload (default: the one scripts/build-fixtures built); sway
    /// loads a copy staged in its own runtime directory, wherever this file lives.
    /// `root`: the Debian 13 root whose sway 1.10 to run, with the shim built for its wlroots 0.18.
    public static func startWithInjectedSeat(output: Output = Output(),
                                             devices: Set<SeatInjector.Device> = Set(SeatInjector.Device.allCases),
                                             config: [String] = [], library: String? = nil,
                                             root: Debian13Root? = nil) throws -> (sway: Sway, seat: SeatInjector) {
        guard let library = library ?? (root == nil ? SwayInject.library() : Debian13Root.injectLibrary()) else {
            throw HarnessError("the sway-inject fixture\(root == nil ? "" : " for wlroots 0.18") is not built: run scripts/build-fixtures (make test does)")
        }
        let dir = try TemporaryDirectory(prefix: "lodestone-inject")
        try dir.give(to: 65534, gid: 65534)
        let socket = dir.file("inject.sock")
        let sway = try Sway.start(output: output, config: config,
                                  inject: .init(library: library, socket: socket, devices: devices.map(\.rawValue)), root: root)
        let layout = (Double(output.width) / output.scale, Double(output.height) / output.scale)
        let seat = try SeatInjector(socket: socket, layoutSize: layout, keepAlive: dir)
        return (sway, seat)
    }
}

extension Sway {
    /// Waits until the window with `appID` is mapped and sway's layout of it has settled (two
    /// readings 50 ms apart agree): sway lays a window out again once it has content (title
    /// bar, border), and pointer positions depend on where the content is.
    @discardableResult
    public func waitForSettledWindow(appID: String, timeout: Double = 10, while pump: () -> Void = {}) throws -> WindowInfo {
        var last: WindowInfo?
        var settled: WindowInfo?
        try waitUntil(timeout: timeout, "sway's layout of \(appID) to settle") {
            pump()
            guard let info = try windows().first(where: { $0.appID == appID && $0.visible && $0.content.width > 0 }) else { return false }
            defer { last = info }
            if let last, last.content == info.content { settled = info; return true }
            usleep(50_000)
            return false
        }
        return settled!
    }
}

/// The repository root, found from this source file's location (Tests/TestSupport/…).
public enum RepositoryRoot {
    public static let path: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
}

public struct InjectionError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The injected seat of one headless sway. Coordinates are logical layout coordinates (the
/// output at (0, 0) spans `layoutSize` points), the same space as `swaymsg -t get_tree` rects.
public final class SeatInjector {
    public enum Device: String, CaseIterable, Sendable {
        case pointer, keyboard, touch
    }

    /// evdev key codes the tests use (linux/input-event-codes.h).
    public struct Key: RawRepresentable, Hashable, Sendable {
        public var rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let leftShift = Key(rawValue: 42)
        public static let leftCtrl = Key(rawValue: 29)
        public static let leftAlt = Key(rawValue: 56)
        public static let leftSuper = Key(rawValue: 125)
        public static let rightAlt = Key(rawValue: 100)
        public static let capsLock = Key(rawValue: 58)
        public static let numLock = Key(rawValue: 69)
        public static let a = Key(rawValue: 30)
        public static let space = Key(rawValue: 57)
        public static let pageDown = Key(rawValue: 109)
        public static let escape = Key(rawValue: 1)
        public static let tab = Key(rawValue: 15)
        public static let down = Key(rawValue: 108)
        public static let enter = Key(rawValue: 28)
        public var code: KeyCode { KeyCode(rawValue: rawValue) }
    }

    /// The layout's logical size; absolute positions are sent as fractions of it.
    public var layoutSize: (width: Double, height: Double)
    private let channel: LineChannel
    /// The socket's directory lives as long as the injector.
    private let keepAlive: AnyObject?
    /// Every command sent, in order (useful in failure messages).
    public private(set) var log: [String] = []

    /// Connects to the shim's control socket, waiting up to `timeout` seconds for sway to open it.
    public init(socket: String, layoutSize: (width: Double, height: Double), timeout: Double = 10,
                keepAlive: AnyObject? = nil) throws {
        self.layoutSize = layoutSize
        self.keepAlive = keepAlive
        do { channel = try LineChannel(socket: socket, timeout: timeout) } catch {
            throw InjectionError("\(error) (is the shim preloaded?)")
        }
        try send("ping")
    }

    // MARK: Pointer

    /// Moves the pointer to a layout position (absolute motion, like a tablet or a warp).
    public func move(to x: Double, _ y: Double) throws {
        let fx = x / layoutSize.width, fy = y / layoutSize.height
        guard (0...1).contains(fx), (0...1).contains(fy) else {
            throw InjectionError("move(to: \(x), \(y)) is outside the \(layoutSize.width)×\(layoutSize.height) layout")
        }
        try send("absolute \(fx) \(fy)")
    }

    /// Relative motion, as a mouse or touchpad reports it (accelerated and raw deltas).
    public func move(by dx: Double, _ dy: Double, unaccelerated: (dx: Double, dy: Double)? = nil) throws {
        let u = unaccelerated ?? (dx, dy)
        try send("motion \(dx) \(dy) \(u.dx) \(u.dy)")
    }

    public func press(_ button: PointerButton = .left) throws { try send("button \(button.rawValue) pressed") }
    public func release(_ button: PointerButton = .left) throws { try send("button \(button.rawValue) released") }
    public func click(_ button: PointerButton = .left) throws { try press(button); try release(button) }

    /// Presses `button`, runs `body` (moves), releases — a drag.
    public func drag<T>(_ button: PointerButton = .left, _ body: () throws -> T) throws -> T {
        try press(button)
        defer { try? release(button) }
        return try body()
    }

    /// One scroll frame. Values are in points (positive = down/right); `discrete` are wheel
    /// detents (wlroots 0.15 sends them as axis_discrete). Both axes share the frame's source.
    /// `natural`: the values are already inverted, as natural scrolling gives them; the shim for
    /// wlroots 0.18 marks them so (wl_pointer.axis_relative_direction inverted, wl_seat 9).
    public func scroll(dx: Double = 0, dy: Double = 0, source: ScrollSource = .finger,
                       discrete: (dx: Int32, dy: Int32) = (0, 0), natural: Bool = false) throws {
        let mark = natural ? " natural" : ""
        if dy != 0 { try send("axis \(source.rawValue) vertical \(dy) \(discrete.dy)\(mark)") }
        if dx != 0 { try send("axis \(source.rawValue) horizontal \(dx) \(discrete.dx)\(mark)") }
        try send("frame")
    }

    /// Ends a finger/continuous scroll on the given axes (wl_pointer.axis_stop).
    public func scrollStop(vertical: Bool = true, horizontal: Bool = false, source: ScrollSource = .finger) throws {
        if vertical { try send("axis \(source.rawValue) vertical 0 0") }
        if horizontal { try send("axis \(source.rawValue) horizontal 0 0") }
        try send("frame")
    }

    /// A mouse wheel turned by `detents` (positive = down), 15 points per detent like libinput.
    public func wheel(detents: Int32, horizontal: Bool = false) throws {
        let v = Double(detents) * 15
        if horizontal { try scroll(dx: v, source: .wheel, discrete: (detents, 0)) }
        else { try scroll(dy: v, source: .wheel, discrete: (0, detents)) }
    }

    // MARK: Gestures (the pointer device acts as a touchpad)

    /// A swipe: begin, one update per delta, end (or cancel).
    public func swipe(fingers: Int, deltas: [(dx: Double, dy: Double)], cancelled: Bool = false) throws {
        try send("swipe-begin \(fingers)")
        for d in deltas { try send("swipe-update \(fingers) \(d.dx) \(d.dy)") }
        try send("swipe-end\(cancelled ? " cancelled" : "")")
    }

    /// A pinch: each step gives the absolute scale since begin and the rotation (degrees,
    /// clockwise) since the previous step, plus the centre's motion.
    public func pinch(fingers: Int = 2, steps: [(scale: Double, rotation: Double)],
                      delta: (dx: Double, dy: Double) = (0, 0), cancelled: Bool = false) throws {
        try send("pinch-begin \(fingers)")
        for s in steps { try send("pinch-update \(fingers) \(delta.dx) \(delta.dy) \(s.scale) \(s.rotation)") }
        try send("pinch-end\(cancelled ? " cancelled" : "")")
    }

    /// A pinch to `scale` with `rotation` degrees in total, split into `steps` updates.
    public func pinch(scale: Double, rotation: Double = 0, steps: Int = 4, fingers: Int = 2) throws {
        let n = max(1, steps)
        try pinch(fingers: fingers, steps: (1...n).map { i in
            (1 + (scale - 1) * Double(i) / Double(n), rotation / Double(n))
        })
    }

    /// A hold gesture, the fingers resting `seconds` before they lift. sway 1.7 never forwards
    /// holds to clients; tests use this to show that. sway 1.10 does (issue 31.4).
    public func holdGesture(fingers: Int, cancelled: Bool = false, lasting seconds: Double = 0) throws {
        try send("hold-begin \(fingers)")
        if seconds > 0 { usleep(useconds_t(seconds * 1_000_000)) }
        try send("hold-end\(cancelled ? " cancelled" : "")")
    }

    // MARK: Keyboard

    public func press(key: Key) throws { try send("key \(key.rawValue) pressed") }
    public func release(key: Key) throws { try send("key \(key.rawValue) released") }
    /// Presses and releases `key` (Caps Lock toggles its lock this way).
    public func type(_ key: Key) throws { try press(key: key); try release(key: key) }

    /// Holds `keys` (in order) while `body` runs, then releases them in reverse order.
    public func hold<T>(_ keys: Key..., body: () throws -> T) throws -> T {
        try hold(keys, body: body)
    }

    /// `hold(_:body:)` for a list of keys.
    public func hold<T>(_ keys: [Key], body: () throws -> T) throws -> T {
        var held: [Key] = []
        defer { for k in held.reversed() { try? release(key: k) } }
        for k in keys { try press(key: k); held.append(k) }
        return try body()
    }

    // MARK: Touch

    /// One touch point in layout coordinates.
    public struct TouchPoint: Sendable {
        public var id: Int32
        public var x: Double
        public var y: Double
        public init(id: Int32, x: Double, y: Double) { self.id = id; self.x = x; self.y = y }
    }

    public func touchDown(_ points: TouchPoint...) throws {
        for p in points { try send("touch-down \(p.id) \(try fraction(p))") }
        try send("touch-frame")
    }

    public func touchMove(_ points: TouchPoint...) throws {
        for p in points { try send("touch-motion \(p.id) \(try fraction(p))") }
        try send("touch-frame")
    }

    public func touchUp(_ ids: Int32...) throws {
        for id in ids { try send("touch-up \(id)") }
        try send("touch-frame")
    }

    public func touchCancel(_ ids: Int32...) throws {
        for id in ids { try send("touch-cancel \(id)") }
        try send("touch-frame")
    }

    /// A one-finger touch drag from `from` to `to` in `steps` motions.
    public func touch(id: Int32 = 0, from: (x: Double, y: Double), to: (x: Double, y: Double), steps: Int = 3) throws {
        try touchDown(TouchPoint(id: id, x: from.x, y: from.y))
        for i in 1...max(1, steps) {
            let t = Double(i) / Double(max(1, steps))
            try touchMove(TouchPoint(id: id, x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t))
        }
        try touchUp(id)
    }

    // MARK: Devices

    /// Adds a device at runtime: sway's seat gains that capability.
    public func add(_ device: Device) throws { try send("add \(device.rawValue)") }
    /// Removes a device at runtime: the capability disappears.
    public func remove(_ device: Device) throws { try send("remove \(device.rawValue)") }
    /// The devices present now.
    public func devices() throws -> Set<Device> {
        let reply = try send("devices")
        return Set(reply.split(separator: " ").dropFirst().compactMap { Device(rawValue: String($0)) })
    }

    // MARK: Channel

    /// Sends one command and waits for sway's answer; throws on "error …".
    @discardableResult
    public func send(_ command: String) throws -> String {
        log.append(command)
        do { return try channel.send(command) } catch { throw InjectionError(error.description) }
    }

    private func fraction(_ p: TouchPoint) throws -> String {
        let fx = p.x / layoutSize.width, fy = p.y / layoutSize.height
        guard (0...1).contains(fx), (0...1).contains(fy) else {
            throw InjectionError("touch \(p.id) at (\(p.x), \(p.y)) is outside the layout")
        }
        return "\(fx) \(fy)"
    }
}
