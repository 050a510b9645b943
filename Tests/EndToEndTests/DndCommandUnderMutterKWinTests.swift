// `lodestone dnd` under GNOME's mutter 43 and 48 and KDE's KWin 5.27 and 6.3 (issue 33; I2,
// G11), each through its test input route (RemoteDesktop, fake input), driven like a person
// (DndGuidedRun). What the reports must say is what docs/dnd.md's "who chose the action" rows
// measured with the showcase there (DragBetweenWindowsUnderMutterTests, …UnderKWinTests): with
// no key the source offers copy, move and ask and the destination's preference (move) is
// taken; a key held before the press narrows the source's offer to its action, which stands.
import Foundation
import Testing
import TestSupport

enum DndUnderDesktops {
    static let output = (width: 1440, height: 900)

    /// plain, copy and move on `compositor`, then what its report says.
    static func plainCopyMove(_ name: String, on compositor: Compositor, send: @escaping (String) throws -> Void,
                              prime: Bool = false) throws -> [String: Any] {
        let run = try DndGuidedRun(name: name, on: compositor, output: output,
                                   args: ["--steps", "plain,copy,move", "--pause", "0.8", "--timeout", "90"], send: send)
        if prime {
            // mutter adds the RemoteDesktop keyboard at its first key, and the window with the
            // focus then sees no modifier for that key: a user's keyboard exists already.
            try run.key(.shift, true); try run.key(.shift, false)
        }
        try run.focusSource()
        try run.perform("plain")
        try run.focusSource()
        try run.perform("copy", held: [.ctrl])
        try run.focusSource()
        try run.perform("move", held: [.shift])
        let report = try run.report()
        print("\(name): \(report["compositor"] ?? "none")")
        try expectPlainCopyMove(report, name)
        return report
    }

    static func expectPlainCopyMove(_ report: [String: Any], _ name: String) throws {
        #expect((report["compositor"] as? [String: Any])?["data_device_manager"] as? Int == 3, "\(name)")
        let plain = try DndGuidedRun.case(report, "plain"), copy = try DndGuidedRun.case(report, "copy"),
            move = try DndGuidedRun.case(report, "move")
        #expect(plain["offered"] as? [String] == ["copy", "move", "ask"], "\(name): \(plain)")
        #expect(plain["chosen"] as? String == "move" && plain["decided_by"] as? String == "destination", "\(name): \(plain)")
        #expect(copy["offered"] as? [String] == ["copy"], "\(name): \(copy)")
        #expect(copy["chosen"] as? String == "copy" && copy["decided_by"] as? String == "source", "\(name): \(copy)")
        #expect(move["offered"] as? [String] == ["move"], "\(name): \(move)")
        #expect(move["chosen"] as? String == "move" && move["decided_by"] as? String == "source", "\(name): \(move)")
        for c in [plain, copy, move] {
            #expect(c["result"] as? String == "finished" && c["verdict"] as? String == "as-expected", "\(name): \(c)")
            #expect((c["read"] as? [String: Any])?["type"] as? String == "text/uri-list", "\(name): \(c)")
            #expect(c["action_before_enter"] as? Bool == false, "\(name): \(c)")
        }
    }
}

extension CompositorMatrix {
    @Suite("lodestone dnd under mutter 43 (issue 33; I2, G11)", .serialized,
           .enabled(if: Mutter.unavailable == nil, Comment(rawValue: Mutter.unavailable ?? "")))
    struct DndCommandUnderMutterTests {
        @Test("plain, copy and move driven through RemoteDesktop: destination, source, source; all finished and read")
        func plainCopyMove() throws {
            let mutter = try Mutter.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height)
            defer { mutter.stop() }
            let seat = try mutter.remoteDesktop()
            defer { seat.helper.stop() }
            _ = try DndUnderDesktops.plainCopyMove("mutter 43", on: mutter, send: { _ = try seat.send($0) }, prime: true)
        }
    }

    @Suite("lodestone dnd under KWin 5.27 (issue 33; I2, G11)", .serialized,
           .enabled(if: ShowcaseUnderKWinTests.inputUnavailable == nil, Comment(rawValue: ShowcaseUnderKWinTests.inputUnavailable ?? "")))
    struct DndCommandUnderKWinTests {
        @Test("plain, copy and move driven through fake input: destination, source, source; all finished and read")
        func plainCopyMove() throws {
            let root = KWinShowcase.root
            let kwin = try KWin.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height, scale: 1,
                                      placementPolicy: "Smart", root: root)
            defer { kwin.stop() }
            let seat = try kwin.fakeInput()
            defer { seat.client.stop() }
            _ = try DndUnderDesktops.plainCopyMove(root == nil ? "KWin 5.27" : "KWin 6.3", on: kwin) { _ = try seat.send($0) }
        }
    }
}

@Suite("lodestone dnd under mutter 48 (Debian 13; issue 33; I2, G11)", .serialized, .debian13)
struct DndCommandUnderMutter48Tests {
    @Test("plain, copy and move driven through RemoteDesktop: destination, source, source; all finished and read")
    func plainCopyMove() throws {
        let root = try Debian13Root.require("mutter", at: "48.")
        let mutter = try Mutter.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height, root: root)
        defer { mutter.stop() }
        let seat = try mutter.remoteDesktop()
        defer { seat.helper.stop() }
        _ = try DndUnderDesktops.plainCopyMove("mutter 48", on: mutter, send: { _ = try seat.send($0) }, prime: true)
    }
}

@Suite("lodestone dnd under KWin 6.3 (Debian 13; issue 33; I2, G11)", .serialized, .debian13, InDebian13Root())
struct DndCommandUnderKWin63Tests {
    @Test("plain, copy and move driven through fake input: destination, source, source; all finished and read")
    func plainCopyMove() throws {
        _ = try Debian13Root.require("kwin-wayland", at: "4:6.3")
        try CompositorMatrix.DndCommandUnderKWinTests().plainCopyMove()
    }
}
