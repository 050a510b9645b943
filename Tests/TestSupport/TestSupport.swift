// Shared helpers for end-to-end tests: real compositors (sway, weston headless), the
// lodestone binary as a child process, grim screenshots decoded with libpng.
//
//     let sway = try Sway.start(output: .init(width: 640, height: 480, scale: 2))
//     let app = try Lodestone.launch(["--report-frames"], on: sway)
//     try app.waitForLine(containing: "scale 2.0")
//     let shot = try sway.screenshot()
//     #expect(shot.pixel(x: 10, y: 10) == RGBA(hex: 0xF2F2F7))
import Foundation
import Posix

/// Something the harness could not do (start a compositor, find a window), with the reason
/// and whatever the child printed.
public struct HarnessError: Error, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A fresh directory under $TMPDIR (or /tmp), removed when the value is released.
public final class TemporaryDirectory {
    public let path: String

    public init(prefix: String = "lodestone-test") throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
        var template = Array("\(base)/\(prefix).XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw HarnessError("mkdtemp in \(base) failed: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Hands the directory to `uid` with mode 0700 (XDG_RUNTIME_DIR rules).
    public func give(to uid: uid_t, gid: gid_t) throws {
        guard chown(path, uid, gid) == 0, chmod(path, 0o700) == 0 else {
            throw HarnessError("cannot hand \(path) to uid \(uid): \(String(cString: strerror(errno)))")
        }
    }

    public func file(_ name: String) -> String { "\(path)/\(name)" }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Polls `condition` every 10 ms until it holds or `timeout` seconds pass.
public func waitUntil(timeout: Double, _ what: @autoclosure () -> String, _ condition: () throws -> Bool) throws {
    let deadline = monotonicSeconds() + timeout
    while true {
        if try condition() { return }
        if monotonicSeconds() > deadline { throw HarnessError("timed out after \(timeout) s waiting for \(what())") }
        usleep(10_000)
    }
}

public func monotonicSeconds() -> Double { MonotonicClock.seconds() }
