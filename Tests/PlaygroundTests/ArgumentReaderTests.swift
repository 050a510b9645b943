// The one argument reader of every subcommand and of the settings flags (issue 20.4): each
// error names the flag and the value it found.
import Testing
@testable import Playground

@Suite("ArgumentReader: values, ranges and the errors that name them (issue 20.4)")
struct ArgumentReaderTests {
    @Test("values in range are read in order; flags without values are left to the command")
    func reads() throws {
        var r = ArgumentReader(["--fps", "60", "--every", "4", "--tap", "off", "--layout", "a.json", "--json"])
        #expect(r.next() == "--fps")
        #expect(try r.number("--fps", 1...240) == 60)
        #expect(r.next() == "--every")
        #expect(try r.integer("--every", 1...100) == 4)
        #expect(r.next() == "--tap")
        #expect(try r.onOff("--tap") == false)
        #expect(r.next() == "--layout")
        #expect(try r.value("--layout") == "a.json")
        #expect(r.next() == "--json")
        #expect(r.next() == nil)
    }

    func error(_ args: [String], _ read: (inout ArgumentReader) throws -> Void) -> String? {
        var r = ArgumentReader(args)
        do { try read(&r); return nil } catch { return (error as? ArgumentError)?.description ?? "not an ArgumentError: \(error)" }
    }

    @Test("bad values name the flag, what it wants and what was found; a missing value names the flag")
    func errors() {
        #expect(error(["500"]) { _ = try $0.number("--fps", 1...240) } == "--fps: wants a number between 1 and 240, found '500'")
        #expect(error(["2.5"]) { _ = try $0.integer("--every", 1...100_000) } == "--every: wants a whole number between 1 and 100000, found '2.5'")
        #expect(error(["0"]) { _ = try $0.integer("--events", 1...) } == "--events: wants a whole number of at least 1, found '0'")
        #expect(error(["inf"]) { _ = try $0.number("--max-growth", 0...) } == "--max-growth: wants a number of at least 0, found 'inf'")
        #expect(error(["maybe"]) { _ = try $0.onOff("--dwt") } == "--dwt: wants on or off, found 'maybe'")
        #expect(error([]) { _ = try $0.value("--out") } == "--out: needs a value")
        #expect(ArgumentReader.unknown("--bogus").description == "unknown option '--bogus'")
        #expect(ArgumentReader.isOption("--json") && ArgumentReader.isOption("-o") && !ArgumentReader.isOption("-") && !ArgumentReader.isOption("a.trace"))
    }

    @Test("a settings flag's error names the flag as a settings error does")
    func settingsFlag() {
        var s = AppSettings()
        #expect(throws: SettingsError("wants on or off, found 'maybe'", file: "--kinetic")) { _ = try SettingsFile.applyFlags(["--kinetic", "maybe"], to: &s) }
        #expect(throws: SettingsError("needs a value", file: "--pointer-size")) { _ = try SettingsFile.applyFlags(["--pointer-size"], to: &s) }
    }
}
