// What a 1 MB drop goes through before it is shown (issue 18 bench): the byte digest both ends
// compare (FNV-1a 64, the array's fast path the same as the sequence's) and the text summary.
import Testing
@testable import Playground

@Suite("ByteDigest: FNV-1a 64 (issue 18)")
struct ByteDigestTests {
    @Test("known values; an array digests as the same bytes in any other sequence")
    func values() {
        #expect(ByteDigest.fnv1a([UInt8]()) == "cbf29ce484222325")
        #expect(ByteDigest.fnv1a(Array("a".utf8)) == "af63dc4c8601ec8c")
        #expect(ByteDigest.fnv1a("a".utf8) == "af63dc4c8601ec8c")
        let bytes = (0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }
        #expect(ByteDigest.fnv1a(bytes) == ByteDigest.fnv1a(bytes.lazy.map { $0 }))
        #expect(ByteDigest.fnv1a(bytes) != ByteDigest.fnv1a(bytes.dropLast()))
    }
}

extension ByteDigestTests {
    @Test("a drop's text summary reads at most 4 KiB: a 1 MB line shows its start, cut; leading line breaks are skipped")
    func summaryOfALongLine() {
        let mb = [UInt8](repeating: UInt8(ascii: "A"), count: 1_000_000)
        #expect(ExternalDrop.summary(mimeType: "text/plain;charset=utf-8", bytes: mb) == String(repeating: "A", count: 21) + "…")
        #expect(ExternalDrop.summary(mimeType: "text/plain", bytes: Array("\n\r\nfirst line\nsecond".utf8)) == "first line")
        #expect(ExternalDrop.summary(mimeType: "text/plain", bytes: [UInt8](repeating: 0x0A, count: 10_000) + Array("late".utf8)) == "",
                "past 4 KiB of line breaks: nothing shown, not a scan of the whole drop")
    }
}
