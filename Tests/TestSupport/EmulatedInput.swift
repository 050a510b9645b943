// Runs a program on emulated evdev devices (umockdev + the fixtures in Tests/Fixtures/umockdev)
// and plays a script of kernel event frames into them live, so real libinput in the program
// sees a touchpad or keyboard. Scripts are written by `TouchpadScript`/`KeyboardScript` (in
// millimetres and seconds) or come from EVEMU recordings.
import Foundation

public struct EvdevEvent: Hashable, Sendable {
    public var type: Int, code: Int, value: Int32
    public init(type: Int, code: Int, value: Int32) { self.type = type; self.code = code; self.value = value }
}

/// Events that the kernel reports together, closed by SYN_REPORT.
public struct EvdevFrame: Sendable {
    /// Seconds after the start of playback.
    public var time: Double
    public var events: [EvdevEvent]
    public init(time: Double, events: [EvdevEvent]) { self.time = time; self.events = events }
}

/// An emulated device in one run: its description and its node number (/dev/input/eventN).
public struct EmulatedDevice: Sendable {
    public var device: EvdevDevice
    public var eventNumber: Int
    public var node: String { "/dev/input/event\(eventNumber)" }
    public init(_ device: EvdevDevice, eventNumber: Int) { self.device = device; self.eventNumber = eventNumber }
}

/// What the driver plays: frames and unplugs, by device, in time order.
public struct EmulatedScript: Sendable {
    public enum Step: Sendable { case frame(EvdevFrame), unplug(time: Double) }
    public var steps: [(node: String, step: Step)] = []
    public init() {}

    public mutating func append(_ frames: [EvdevFrame], to node: String, offset: Double = 0) {
        for var f in frames { f.time += offset; steps.append((node, .frame(f))) }
    }

    public var duration: Double {
        steps.map { switch $0.step { case .frame(let f): f.time; case .unplug(let t): t } }.max() ?? 0
    }

    /// The driver's script format (see Tests/Fixtures/umockdev/driver.c).
    public func render() -> String {
        let ordered = steps.enumerated().sorted { a, b in
            let ta = a.element.step.time, tb = b.element.step.time
            return ta != tb ? ta < tb : a.offset < b.offset
        }.map(\.element)
        var out = "# lodestone emulated input script\n"
        var current = ""
        for (node, step) in ordered {
            if node != current { out += "D: \(node)\n"; current = node }
            switch step {
            case .frame(let f):
                for e in f.events {
                    out += String(format: "E: %.6f %04x %04x %d\n", f.time, e.type, e.code, e.value)
                }
            case .unplug(let t):
                out += String(format: "R: %.6f\n", t)
            }
        }
        return out
    }
}

extension EmulatedScript.Step {
    var time: Double { switch self { case .frame(let f): f.time; case .unplug(let t): t } }
}

public struct EmulatedRunError: Error, CustomStringConvertible {
    public var description: String
}

/// The fixture binaries built by scripts/build-fixtures into .build/fixtures/umockdev.
public enum EmulatedInput {
    /// The package root, found from this source file.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static var fixtureDirectory: URL { packageRoot.appendingPathComponent(".build/fixtures/umockdev") }

    /// Where `swift build` put the products (the test bundle lives there too).
    public static var productsDirectory: URL {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if FileManager.default.fileExists(atPath: bundle.appendingPathComponent("lodestone").path) { return bundle }
        return packageRoot.appendingPathComponent(".build/debug")
    }

    /// Why the emulated route cannot run here, or nil when it can.
    public static var unavailableReason: String? {
        let driver = fixtureDirectory.appendingPathComponent("lodestone-umockdev-driver").path
        if !FileManager.default.isExecutableFile(atPath: driver) {
            return "emulated-device fixture not built (\(driver)); run scripts/build-fixtures"
        }
        return nil
    }

    /// Runs `command` on `devices`, plays `script` once the program printed `readyToken` on
    /// `readyCount` lines, and returns the program's stdout lines (see `EmulatedSession` to read
    /// them while it runs).
    public static func run(devices: [EmulatedDevice], script: EmulatedScript, command: [String],
                           readyToken: String, readyCount: Int, settle: Double = 0.4,
                           driverOptions: [String] = [], acceptedStatus: Set<Int32> = [0],
                           environment: [String: String] = [:]) throws -> (lines: [String], stderr: String, status: Int32) {
        let session = try EmulatedSession(devices: devices, script: script, command: command, readyToken: readyToken,
                                          readyCount: readyCount, settle: settle, driverOptions: driverOptions,
                                          environment: environment)
        let (lines, stderr, status) = session.finish()
        guard acceptedStatus.contains(status) else {
            throw EmulatedRunError(description: "driver exited with \(status): \(stderr)")
        }
        return (lines.filter { !$0.isEmpty }, stderr, status)
    }
}
