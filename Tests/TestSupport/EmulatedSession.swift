// A program running on emulated devices whose output the test reads WHILE it runs: the test
// can wait for a line (the program saw a gesture begin) before it acts elsewhere (a compositor
// injection), instead of guessing with sleeps. `EmulatedInput.run` is the blocking form.
import Foundation

public final class EmulatedSession: @unchecked Sendable {
    private let process: Process
    private let directory: URL
    private let lock = NSCondition()
    private var lines: [String] = []
    private var stderrData = Data()
    private var outDone = false, errDone = false

    /// Starts `command` under the umockdev driver (see `EmulatedInput.run` for the parameters);
    /// `script` starts playing once the program printed `readyToken` on `readyCount` lines.
    public init(devices: [EmulatedDevice], script: EmulatedScript, command: [String],
                readyToken: String, readyCount: Int, settle: Double = 0.4,
                driverOptions: [String] = [], environment: [String: String] = [:]) throws {
        if let reason = EmulatedInput.unavailableReason { throw EmulatedRunError(description: reason) }
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("lodestone-emulated-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fixtures = EmulatedInput.fixtureDirectory
        // The preload is loaded by the program, which may run as another user (`--as-user`):
        // a copy in this run's directory (0755 under $TMPDIR), not the checkout's, which may
        // sit in a private (0700) directory (issue 16.1).
        let preload = directory.appendingPathComponent("liblodestone-udevfix.so")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("liblodestone-udevfix.so"), to: preload)
        chmod(directory.path, 0o755)
        chmod(preload.path, 0o644)
        var args = ["--preload", preload.path]
        for d in devices {
            let desc = directory.appendingPathComponent("event\(d.eventNumber).umockdev")
            let ioctl = directory.appendingPathComponent("event\(d.eventNumber).ioctl")
            try d.device.umockdevDescription(eventNumber: d.eventNumber).write(to: desc, atomically: true, encoding: .utf8)
            try d.device.umockdevIoctls(eventNumber: d.eventNumber).write(to: ioctl, atomically: true, encoding: .utf8)
            args += ["--device", desc.path, "--ioctl", "\(d.node)=\(ioctl.path)"]
        }
        let scriptFile = directory.appendingPathComponent("script.txt")
        try script.render().write(to: scriptFile, atomically: true, encoding: .utf8)
        args += ["--script", scriptFile.path, "--ready-token", readyToken, "--ready-count", String(readyCount),
                 "--settle-ms", String(Int(settle * 1000))] + driverOptions + ["--"] + command

        process = Process()
        process.executableURL = fixtures.appendingPathComponent("lodestone-umockdev-driver")
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
        // Both pipes are read all along, so neither fills up; stdout line by line.
        Thread { [self] in
            var pending = Data()
            let handle = out.fileHandleForReading
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                pending.append(chunk)
                var complete: [String] = []
                while let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
                    complete.append(String(decoding: pending[pending.startIndex..<nl], as: UTF8.self))
                    pending.removeSubrange(pending.startIndex...nl)
                }
                if !complete.isEmpty { lock.lock(); lines += complete; lock.broadcast(); lock.unlock() }
            }
            lock.lock()
            if !pending.isEmpty { lines.append(String(decoding: pending, as: UTF8.self)) }
            outDone = true; lock.broadcast(); lock.unlock()
        }.start()
        Thread { [self] in
            let data = err.fileHandleForReading.readDataToEndOfFile()
            lock.lock(); stderrData = data; errDone = true; lock.broadcast(); lock.unlock()
        }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// The stdout lines so far.
    public var output: [String] {
        lock.lock(); defer { lock.unlock() }
        return lines
    }

    /// Waits until a stdout line after the first `after` lines satisfies `matches`; returns
    /// its index. Throws when `timeout` passes or the program ends first.
    @discardableResult
    public func waitForLine(after: Int = 0, timeout: Double = 10, _ what: String,
                            _ matches: (String) -> Bool) throws -> Int {
        let deadline = Date(timeIntervalSinceNow: timeout)
        lock.lock(); defer { lock.unlock() }
        var checked = after
        while true {
            while checked < lines.count {
                if matches(lines[checked]) { return checked }
                checked += 1
            }
            if outDone { throw EmulatedRunError(description: "the program ended before \(what)") }
            if !lock.wait(until: deadline) {
                throw EmulatedRunError(description: "no \(what) within \(timeout) s; last lines: \(lines.suffix(5))")
            }
        }
    }

    /// Waits for the driver to end the program (after the script and the settle time) and
    /// returns every stdout line, stderr and the driver's status.
    public func finish() -> (lines: [String], stderr: String, status: Int32) {
        process.waitUntilExit()
        lock.lock()
        while !outDone || !errDone { lock.wait() }
        defer { lock.unlock() }
        return (lines, String(decoding: stderrData, as: UTF8.self), process.terminationStatus)
    }
}
