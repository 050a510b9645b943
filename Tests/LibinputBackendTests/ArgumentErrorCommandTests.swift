// Every subcommand reads its flags with Playground's ArgumentReader (issue 20.4): a bad value
// names the flag and the value, an unknown option names itself, and both exit 2. Run through the
// real program (TestSupport's child process) for the soak, replay, record and playground commands.
import Foundation
import Testing
import TestSupport

@Suite("Subcommands read their flags with the one argument reader (issue 20.4)",
       .enabled(if: FileManager.default.isExecutableFile(atPath: Lodestone.executable), "lodestone not built"))
struct ArgumentErrorCommandTests {
    @Test("a bad value: exit 2, naming the flag, what it wants and the value found",
          arguments: [
            (["soak", "--events", "0"], "soak: --events: wants a whole number of at least 1, found '0'"),
            (["soak", "--seed", "-3"], "soak: --seed: wants a whole number of at least 0, found '-3'"),
            (["replay", "trace.json", "--fps", "500"], "replay: --fps: wants a number between 1 and 240, found '500'"),
            (["replay", "trace.json", "--every", "2.5"], "replay: --every: wants a whole number between 1 and 100000, found '2.5'"),
            (["--frames", "many"], "--frames: wants a whole number of at least 1, found 'many'"),
          ])
    func badValue(args: [String], message: String) throws {
        let r = try lodestone(args)
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
    }

    @Test("an unknown option or a missing value: exit 2, naming the option",
          arguments: [
            (["soak", "--bogus", "1"], "soak: unknown option '--bogus'"),
            (["replay", "trace.json", "--bogus"], "replay: unknown option '--bogus'"),
            (["replay", "--json", "--bogus"], "replay: unknown option '--bogus'"),
            (["record", "--bogus"], "record: unknown option '--bogus'"),
            (["record", "--out"], "record: --out: needs a value"),
            (["soak", "--events"], "soak: --events: needs a value"),
          ])
    func unknownOption(args: [String], message: String) throws {
        let r = try lodestone(args)
        #expect(r.status == 2, "\(args): \(r.err)")
        #expect(r.err.contains(message), "\(args): \(r.err)")
    }
}
