// What the Debian 13 suites share (issue 31): their condition, the root checked to hold the
// version a suite's name says, and the trait that makes a suite's showcase windows start the
// root's compositor instead of the host's.
import Foundation
import Testing
import TestSupport

/// The Debian 13 suites' condition: they run where the root is, and under .ci/run, which fails
/// them naming the reason instead of skipping.
extension Trait where Self == ConditionTrait {
    static var debian13: Self {
        .enabled(if: Debian13Root.runnable, Comment(rawValue: Debian13Root.unavailable ?? "the Debian 13 root is made"))
    }
}

extension Debian13Root {
    /// The root, its `package` checked to be at `version` (what the suite's name says).
    static func require(_ package: String, at version: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Debian13Root {
        let root = try require()
        #expect(root.versions[package]?.hasPrefix(version) == true, "the root's \(package): \(root.versions)", sourceLocation: sourceLocation)
        return root
    }
}

/// Makes the suite's KWinShowcase and CageShowcase windows start the Debian 13 root's KWin 6.3
/// and cage 0.2 instead of the host's.
/// With `labwc`, CageShowcase windows are labwc 0.8's program instead of cage 0.2's.
struct InDebian13Root: SuiteTrait, TestScoping {
    var labwc = false
    var isRecursive: Bool { false }
    func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        let root = try Debian13Root.require()
        try await KWinShowcase.$root.withValue(root) {
            try await CageShowcase.$root.withValue(root) {
                try await CageShowcase.$labwc.withValue(labwc) { try await function() }
            }
        }
    }
}
