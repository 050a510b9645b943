// Issue 16.1: `make test` from a checkout inside a private (0700) directory such as /root or a
// home directory. sway runs as uid 65534, which cannot read the sway-inject shim there; the
// harness stages a copy in sway's own runtime directory. A preload sway cannot load fails at
// once with a sentence naming the file and the reason, not after the control socket's 10 s wait.
import Foundation
import Testing
import TestSupport
import SwayHarness

@Suite("sway's preloads from a private checkout (issue 16.1)", .serialized,
       .enabled(if: getuid() == 0 && SwayInject.library() != nil, "needs root (sway as uid 65534) and the sway-inject fixture"))
struct PrivateCheckoutTests {
    /// Much less than the control socket's 10 s wait: a refused preload is known at sway's start.
    static let fastFailure = 5.0

    /// A root-owned mode-0700 directory (what mktemp -d and Debian's home directories are) holding
    /// `name` with `contents`, or a copy of the built shim.
    static func privateFile(_ name: String, contents: Data? = nil) throws -> (TemporaryDirectory, String) {
        let dir = try TemporaryDirectory(prefix: "lodestone-private")
        #expect(chmod(dir.path, 0o700) == 0)
        let path = dir.file(name)
        if let contents { try contents.write(to: URL(fileURLWithPath: path)) } else {
            try FileManager.default.copyItem(atPath: SwayInject.library()!, toPath: path)
        }
        return (dir, path)
    }

    @Test("the shim inside a 0700 directory uid 65534 cannot enter: sway starts with it and the seat answers")
    func shimFromPrivateDirectory() throws {
        let (dir, shim) = try Self.privateFile("sway-inject.so")
        // The premise: sway's uid really cannot read the file where it lies.
        let why = SwaySetup.unreadable(shim, uid: SwaySetup.unprivilegedID, gid: SwaySetup.unprivilegedID)
        #expect(why?.contains("\(dir.path) is mode 700 owned by uid 0, so uid 65534 cannot enter it") == true, "\(why ?? "readable")")
        let (sway, seat) = try Sway.startWithInjectedSeat(library: shim)
        defer { sway.stop(); withExtendedLifetime(dir) {} }
        try seat.move(to: 100, 80)
        try seat.click(.left)
        #expect(try seat.send("ping").hasPrefix("ok"))
    }

    @Test("a shim that is no shared object: sway's start fails at once, naming the file and ld.so's reason")
    func refusedPreloadFailsFast() throws {
        let (dir, shim) = try Self.privateFile("broken-inject.so", contents: Data(repeating: 0, count: 4096))
        defer { withExtendedLifetime(dir) {} }
        let t0 = monotonicSeconds()
        #expect {
            _ = try Sway.startWithInjectedSeat(library: shim)
        } throws: { error in
            let text = "\(error)"
            let elapsed = monotonicSeconds() - t0
            #expect(elapsed < Self.fastFailure, "failed after \(elapsed) s: \(text)")
            #expect(text.contains("sway cannot preload \(shim) (staged as "), "\(text)")
            #expect(text.contains("invalid ELF header"), "\(text)")
            return elapsed < Self.fastFailure
        }
    }

    @Test("a missing shim: fails before sway starts, naming the file and the reason")
    func missingPreloadFailsFast() throws {
        let missing = "/nonexistent/lodestone/sway-inject.so"
        let t0 = monotonicSeconds()
        #expect {
            _ = try Sway.startWithInjectedSeat(library: missing)
        } throws: { error in
            "\(error)".contains("cannot stage the preload \(missing) for sway: No such file or directory")
        }
        #expect(monotonicSeconds() - t0 < Self.fastFailure)
    }

    @Test("lodestone bench latency with a refused shim: fails at once naming it")
    func benchRefusedShim() throws {
        let (dir, shim) = try Self.privateFile("broken-inject.so", contents: Data(repeating: 0, count: 4096))
        defer { withExtendedLifetime(dir) {} }
        let t0 = monotonicSeconds()
        let app = try Lodestone.launch(["bench", "latency", "--quick"], on: nil, environment: ["LODESTONE_SWAY_INJECT": shim])
        _ = try app.wait(timeout: 60)
        let elapsed = monotonicSeconds() - t0
        let output = app.stdout + app.stderr
        #expect(output.contains("sway cannot preload \(shim) (staged as "), "\(output)")
        #expect(output.contains("invalid ELF header"), "\(output)")
        #expect(elapsed < Self.fastFailure, "took \(elapsed) s")
    }

    @Test("ld.so's complaint is read as file and reason; anything else is no complaint")
    func refusedPreloadLine() {
        let line = "ERROR: ld.so: object '/run/s/preload-0-x.so' from LD_PRELOAD cannot be preloaded (cannot open shared object file): ignored."
        let r = SwaySetup.refusedPreload(in: "00:00:00.001 [INFO] sway\n" + line + "\n")
        #expect(r?.file == "/run/s/preload-0-x.so" && r?.reason == "cannot open shared object file")
        #expect(SwaySetup.refusedPreload(in: "00:00:00.001 [ERROR] [wlr] something else\n") == nil)
    }
}
