// `lodestone dnd` under GNOME's mutter 43 and 48 and KDE's KWin 5.27 and 6.3 (issue 33; I2,
// G11), each through its test input route (RemoteDesktop, fake input), driven like a person
// (DndGuidedRun). What the reports must say is what docs/dnd.md's "who chose the action" rows
// measured with the showcase there (DragBetweenWindowsUnderMutterTests, …UnderKWinTests): with
// no key the source offers copy, move and ask and the destination's preference (move) is
// taken; a key held before the press narrows the source's offer to its action, which stands;
// and what each does with keys pressed mid-drag, Escape, an ask and a refusal (expectMutter,
// expectKWin).
import Foundation
import Testing
import TestSupport

enum DndUnderDesktops {
    static let output = (width: 1440, height: 900)

    /// The seven window-to-window steps on `compositor`, driven like a person; the report, each
    /// case printed as measured.
    static func sevenSteps(_ name: String, on compositor: Compositor, send: @escaping (String) throws -> Void,
                           prime: Bool = false) throws -> [String: Any] {
        let run = try DndGuidedRun(name: name, on: compositor, output: output,
                                   args: ["--steps", "plain,copy,move,link,copy-mid,escape,refuse", "--pause", "0.8", "--timeout", "90"],
                                   send: send)
        if prime { try run.key(.shift, true); try run.key(.shift, false) }
        let plan: [(String, [DndGuidedRun.Key], [DndGuidedRun.Key])] = [
            ("plain", [], []), ("copy", [.ctrl], []), ("move", [.shift], []), ("link", [.ctrl, .shift], []),
            ("copy-mid", [], [.ctrl]), ("escape", [], [.esc]), ("refuse", [], []),
        ]
        for (step, held, mid) in plan {
            try run.focusSource()
            try run.perform(step, held: held, mid: mid)
        }
        let report = try run.report()
        for c in report["cases"] as? [[String: Any]] ?? [] {
            print("MEASURED \(name) \(c["step"] ?? "?"): offered \(c["offered"] ?? "?") chosen \(c["chosen"] ?? "?") by \(c["decided_by"] ?? "?"), "
                  + "\(c["result"] ?? "?") cancelled_by \(c["cancelled_by"] ?? "-"), read \(c["read"] ?? "-"), keys_reached \(c["keys_reached"] ?? "-"), verdict \(c["verdict"] ?? "?")")
        }
        for d in report["diagnoses"] as? [[String: Any]] ?? [] { print("MEASURED \(name) diagnosis \(d["id"] ?? "?") (\(d["step"] ?? "?"))") }
        return report
    }

    static func events(_ c: [String: Any]) -> [String] {
        (c["events"] as? [[String: Any]] ?? []).compactMap { $0["event"] as? String }
    }

    static func diagnosed(_ report: [String: Any], _ id: String, _ step: String) -> Bool {
        (report["diagnoses"] as? [[String: Any]] ?? []).contains { $0["id"] as? String == id && $0["step"] as? String == step }
    }

    static func reached(_ c: [String: Any], _ side: String) -> Bool? { (c["keys_reached"] as? [String: Any])?[side] as? Bool }

    /// What mutter 43 and 48 did, measured the same on both: link asks and the target lets go
    /// (cancelled); Ctrl pressed over the zone reaches neither window, yet mutter itself makes
    /// the drop a copy; Esc cancels the drag; a refusal cancels it.
    static func expectMutter(_ report: [String: Any], _ name: String) throws {
        try expectPlainCopyMove(report, name)
        let link = try DndGuidedRun.case(report, "link"), mid = try DndGuidedRun.case(report, "copy-mid"),
            escape = try DndGuidedRun.case(report, "escape"), refuse = try DndGuidedRun.case(report, "refuse")
        #expect(link["offered"] as? [String] == ["ask"] && link["chosen"] as? String == "ask" && link["result"] as? String == "cancelled"
                && link["read"] is [String: Any] && link["verdict"] as? String == "as-expected", "\(name): \(link)")
        #expect(mid["chosen"] as? String == "copy" && mid["decided_by"] as? String == "compositor" && mid["result"] as? String == "finished"
                && reached(mid, "source") == false && reached(mid, "target") == false, "\(name): \(mid)")
        #expect(!diagnosed(report, "compositor-ignores-modifiers", "copy-mid"), "\(name): mutter applies the key itself")
        #expect(escape["result"] as? String == "cancelled" && escape["cancelled_by"] as? String == "compositor"
                && escape["read"] is NSNull && escape["verdict"] as? String == "as-expected", "\(name): \(escape)")
        #expect(refuse["result"] as? String == "cancelled" && refuse["verdict"] as? String == "as-expected", "\(name): \(refuse)")
    }

    /// What KWin 5.27 and 6.3 did: the keys held reach both windows; Ctrl pressed over the zone
    /// reaches the destination, which prefers copy, and the drop is a copy; after link's ask
    /// the target lets the offer go and KWin tells the source nothing (source-never-told); Esc
    /// cancels the drag; KWin 6.3 performs the drop of a refused offer before it cancels.
    static func expectKWin(_ report: [String: Any], _ name: String) throws {
        try expectPlainCopyMove(report, name)
        let link = try DndGuidedRun.case(report, "link"), mid = try DndGuidedRun.case(report, "copy-mid"),
            escape = try DndGuidedRun.case(report, "escape"), refuse = try DndGuidedRun.case(report, "refuse")
        #expect(link["chosen"] as? String == "ask" && link["result"] as? String == "none" && link["read"] is [String: Any], "\(name): \(link)")
        #expect(diagnosed(report, "source-never-told", "link"), "\(name): \(report["diagnoses"] ?? "none")")
        #expect(mid["chosen"] as? String == "copy" && mid["decided_by"] as? String == "destination" && mid["result"] as? String == "finished"
                && reached(mid, "target") == true, "\(name): \(mid)")
        #expect(escape["result"] as? String == "cancelled" && escape["cancelled_by"] as? String == "compositor"
                && escape["read"] is NSNull && escape["verdict"] as? String == "as-expected", "\(name): \(escape)")
        #expect(refuse["result"] as? String == "cancelled" && refuse["read"] is NSNull, "\(name): \(refuse)")
        if name == "KWin 6.3" {
            #expect(refuse["verdict"] as? String == "differs" && events(refuse).contains("dnd_drop_performed"), "\(name): \(refuse)")
        } else {
            #expect(refuse["verdict"] as? String == "as-expected", "\(name): \(refuse)")
        }
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

        @Test("the seven window-to-window steps through RemoteDesktop, as measured")
        func sevenSteps() throws {
            let mutter = try Mutter.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height)
            defer { mutter.stop() }
            let seat = try mutter.remoteDesktop()
            defer { seat.helper.stop() }
            let report = try DndUnderDesktops.sevenSteps("mutter 43", on: mutter, send: { _ = try seat.send($0) }, prime: true)
            try DndUnderDesktops.expectMutter(report, "mutter 43")
        }
    }

    @Suite("lodestone dnd under KWin 5.27 (issue 33; I2, G11)", .serialized,
           .enabled(if: ShowcaseUnderKWinTests.inputUnavailable == nil, Comment(rawValue: ShowcaseUnderKWinTests.inputUnavailable ?? "")))
    struct DndCommandUnderKWinTests {

        @Test("the seven window-to-window steps through fake input, as measured")
        func sevenSteps() throws {
            let root = KWinShowcase.root
            let kwin = try KWin.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height, scale: 1,
                                      placementPolicy: "Smart", root: root)
            defer { kwin.stop() }
            let seat = try kwin.fakeInput()
            defer { seat.client.stop() }
            let name = root == nil ? "KWin 5.27" : "KWin 6.3"
            let report = try DndUnderDesktops.sevenSteps(name, on: kwin) { _ = try seat.send($0) }
            try DndUnderDesktops.expectKWin(report, name)
        }
    }
}

@Suite("lodestone dnd under mutter 48 (Debian 13; issue 33; I2, G11)", .serialized, .debian13)
struct DndCommandUnderMutter48Tests {

    @Test("the seven window-to-window steps through RemoteDesktop, as measured")
    func sevenSteps() throws {
        let root = try Debian13Root.require("mutter", at: "48.")
        let mutter = try Mutter.start(width: DndUnderDesktops.output.width, height: DndUnderDesktops.output.height, root: root)
        defer { mutter.stop() }
        let seat = try mutter.remoteDesktop()
        defer { seat.helper.stop() }
        let report = try DndUnderDesktops.sevenSteps("mutter 48", on: mutter, send: { _ = try seat.send($0) }, prime: true)
        try DndUnderDesktops.expectMutter(report, "mutter 48")
    }
}

@Suite("lodestone dnd under KWin 6.3 (Debian 13; issue 33; I2, G11)", .serialized, .debian13, InDebian13Root())
struct DndCommandUnderKWin63Tests {

    @Test("the seven window-to-window steps through fake input, as measured")
    func sevenSteps() throws {
        _ = try Debian13Root.require("kwin-wayland", at: "4:6.3")
        try CompositorMatrix.DndCommandUnderKWinTests().sevenSteps()
    }
}
