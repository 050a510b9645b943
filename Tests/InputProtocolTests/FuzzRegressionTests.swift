// Issue 8: the trace decoder's fuzz inputs kept in the repository. Seeds (Tests/Fuzz/corpus/trace)
// are valid traces that round-trip; crash inputs (Tests/Fuzz/crashes/trace, added when libFuzzer
// finds one) must decode or fail with a line — never crash, never round-trip differently.
import Glibc
import Testing
@testable import InputProtocol

enum FuzzInputs {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(2)
        return parts.joined(separator: "/") + "/Fuzz"
    }()

    static func files(in dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if !name.hasPrefix(".") { out.append("\(dir)/\(name)") }
        }
        return out.sorted()
    }

    static func read(_ path: String) -> [UInt8] {
        guard let f = fopen(path, "rb") else { return [] }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }
}

@Suite("issue 8: trace fuzz inputs")
struct FuzzRegressionTests {
    @Test("seed traces decode and round-trip", arguments: FuzzInputs.files(in: FuzzInputs.root + "/corpus/trace"))
    func seeds(path: String) throws {
        let trace = try TraceDecoder.decode(FuzzInputs.read(path))
        #expect(try TraceDecoder.decode(trace.encoded()) == trace)
    }

    @Test("the seed corpus exists (the fuzzer starts from it)")
    func corpusPresent() {
        #expect(FuzzInputs.files(in: FuzzInputs.root + "/corpus/trace").count >= 2)
    }

    @Test("saved crash inputs decode or fail with a line, and what decodes round-trips",
          arguments: FuzzInputs.files(in: FuzzInputs.root + "/crashes/trace"))
    func crashes(path: String) throws {
        do {
            let trace = try TraceDecoder.decode(FuzzInputs.read(path))
            #expect(try TraceDecoder.decode(trace.encoded()) == trace)
        } catch {
            #expect(error.line >= 1)
        }
    }
}
