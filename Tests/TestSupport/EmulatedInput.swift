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
    /// `readyCount` lines, and returns the program's stdout lines.
    public static func run(devices: [EmulatedDevice], script: EmulatedScript, command: [String],
                           readyToken: String, readyCount: Int, settle: Double = 0.4,
                           driverOptions: [String] = [], acceptedStatus: Set<Int32> = [0],
                           environment: [String: String] = [:]) throws -> (lines: [String], stderr: String, status: Int32) {
        if let reason = unavailableReason { throw EmulatedRunError(description: reason) }
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("lodestone-emulated-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var args = ["--preload", fixtureDirectory.appendingPathComponent("liblodestone-udevfix.so").path]
        for d in devices {
            let desc = dir.appendingPathComponent("event\(d.eventNumber).umockdev")
            let ioctl = dir.appendingPathComponent("event\(d.eventNumber).ioctl")
            try d.device.umockdevDescription(eventNumber: d.eventNumber).write(to: desc, atomically: true, encoding: .utf8)
            try d.device.umockdevIoctls(eventNumber: d.eventNumber).write(to: ioctl, atomically: true, encoding: .utf8)
            args += ["--device", desc.path, "--ioctl", "\(d.node)=\(ioctl.path)"]
        }
        let scriptFile = dir.appendingPathComponent("script.txt")
        try script.render().write(to: scriptFile, atomically: true, encoding: .utf8)
        args += ["--script", scriptFile.path, "--ready-token", readyToken, "--ready-count", String(readyCount),
                 "--settle-ms", String(Int(settle * 1000))] + driverOptions + ["--"] + command

        let process = Process()
        process.executableURL = fixtureDirectory.appendingPathComponent("lodestone-umockdev-driver")
        process.arguments = args
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "LD_PRELOAD")
        env.removeValue(forKey: "UMOCKDEV_DIR")
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes concurrently so neither fills up.
        nonisolated(unsafe) var errData = Data()
        let errThread = Thread { errData = err.fileHandleForReading.readDataToEndOfFile() }
        errThread.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errThread.isExecuting || !errThread.isFinished { usleep(1000) }
        let stderr = String(decoding: errData, as: UTF8.self)
        guard acceptedStatus.contains(process.terminationStatus) else {
            throw EmulatedRunError(description: "driver exited with \(process.terminationStatus): \(stderr)")
        }
        let lines = String(decoding: outData, as: UTF8.self).split(separator: "\n").map(String.init)
        return (lines, stderr, process.terminationStatus)
    }
}
