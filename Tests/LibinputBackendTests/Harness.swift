// Runs `lodestone events --backend libinput --json` on emulated devices (real libinput 1.22 on
// umockdev) and decodes its output into InputProtocol events.
import Foundation
import InputProtocol
import TestSupport

enum Backend: String, CaseIterable, CustomStringConvertible {
    /// libinput's path backend: `--device /dev/input/eventN` for every emulated device.
    case path
    /// libinput's udev backend on seat0 (device hotplug and removal through udev).
    case udev
    var description: String { rawValue }
}

struct EventsRun {
    var events: [InputEvent]
    var stderr: String

    var gestures: [GestureEvent] {
        events.compactMap { if case .gesture(let g) = $0.kind { g } else { nil } }
    }

    func gestures(_ kind: GestureKind) -> [GestureEvent] { gestures.filter { $0.kind == kind } }

    func count(_ kind: GestureKind, _ phase: GesturePhase) -> Int {
        gestures.filter { $0.kind == kind && $0.phase == phase }.count
    }

    var scrolls: [(source: ScrollSource, axis: ScrollAxis, value: Double, value120: Int32?, stop: Bool)] {
        events.compactMap {
            if case .scroll(let s, let a, let v, let v120, let stop) = $0.kind { (s, a, v, v120, stop) } else { nil }
        }
    }

    /// libinput scroll events: one frame closes the axes of one event.
    var scrollEventCount: Int {
        zip(events, events.dropFirst()).filter { a, b in
            if case .scroll = a.kind, case .frame = b.kind { true } else { false }
        }.count
    }

    var buttons: [(PointerButton, Bool)] {
        events.compactMap { if case .button(let b, let p) = $0.kind { (b, p) } else { nil } }
    }

    var motions: Int { events.filter { if case .motion = $0.kind { true } else { false } }.count }

    /// Net motion of a gesture kind: the sum of its update deltas.
    func travel(_ kind: GestureKind) -> InputVector {
        gestures(kind).filter { $0.phase == .update }.reduce(InputVector.zero) {
            InputVector(dx: $0.dx + $1.delta.dx, dy: $0.dy + $1.delta.dy)
        }
    }
}

enum Harness {
    static var lodestone: String { EmulatedInput.productsDirectory.appendingPathComponent("lodestone").path }

    /// Why these tests cannot run here (printed by the skipping tests), or nil.
    static var unavailable: String? {
        if let reason = EmulatedInput.unavailableReason { return reason }
        if !FileManager.default.isExecutableFile(atPath: lodestone) { return "\(lodestone) not built" }
        return nil
    }

    static func run(_ devices: [EmulatedDevice], _ script: EmulatedScript, backend: Backend = .path,
                    options: [String] = [], settle: Double = 0.4, environment: [String: String] = [:]) throws -> EventsRun {
        var command = [lodestone, "events", "--backend", "libinput", "--json"] + options
        if backend == .path { command += devices.flatMap { ["--device", $0.node] } }
        let (lines, stderr, _) = try EmulatedInput.run(devices: devices, script: script, command: command,
                                                    readyToken: "\"device_added\"", readyCount: devices.count,
                                                    settle: settle, environment: environment)
        return EventsRun(events: try decode(lines), stderr: stderr)
    }

    /// Runs a program without emulated devices; its stdout (stderr passes through).
    static func capture(_ command: [String]) throws -> (stdout: String, status: Int32) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: command[0])
        p.arguments = Array(command.dropFirst())
        let out = Pipe()
        p.standardOutput = out
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), p.terminationStatus)
    }

    /// Reads `--json` output as the trace it is: a header, then events (SPEC T1, T4).
    static func decode(_ lines: [String]) throws -> [InputEvent] {
        var reader = TraceReader()
        var events: [InputEvent] = []
        for line in lines {
            if let e = try reader.read(line: Array(line.utf8)) { events.append(e) }
        }
        guard reader.header != nil else { throw TraceError(line: 1, .notATrace("no header line")) }
        return events
    }

    /// One emulated touchpad playing `pad`'s frames.
    static func touchpad(_ pad: TouchpadScript, backend: Backend = .path, options: [String] = []) throws -> EventsRun {
        let device = EmulatedDevice(.touchpad(), eventNumber: 7)
        var script = EmulatedScript()
        script.append(pad.frames, to: device.node)
        return try run([device], script, backend: backend, options: options)
    }
}
