import Testing
@testable import InputProtocol

@Suite("SPEC T3: private keys")
struct KeyPrivacyTests {
    @Test("letters and digits become the placeholder; modifiers and navigation keep identity",
          arguments: [(30 as UInt32, false), (2, false), (56, true), (42, true), (103, true), (109, true)])
    func redaction(code: UInt32, keeps: Bool) {
        let out = KeyPrivacy.redactText.apply(KeyCode(rawValue: code))
        #expect((out == KeyCode(rawValue: code)) == keeps)
        #expect(keeps || out == .placeholder)
    }

    @Test("opting in keeps every key")
    func keepKeys() {
        #expect(KeyPrivacy.keepKeys.apply(KeyCode(rawValue: 30)) == KeyCode(rawValue: 30))
    }
}
