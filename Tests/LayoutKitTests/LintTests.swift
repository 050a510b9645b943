// SPEC L1–L8: each lint rule fires on the layout mistake it names, and stays quiet on the fix.
import InputProtocol
import LayoutKit
import PointerEngine
import Testing

@Suite("Layout linter (L1–L8)")
struct LintTests {
    static func findings(_ json: String) throws -> [LintFinding] {
        LayoutLinter.lint(try LayoutFile.parse(json, file: "t.json"))
    }
    static func rules(_ json: String) throws -> [String] {
        try findings(json).map { "\($0.rule.rawValue) \($0.name)" }
    }

    @Test("L1: 8 pt padding on a bezelled button, 16 pt on a bezel-less one; 12 / 24 pass")
    func l1() throws {
        let bad = try Self.findings(layoutJSON(
            #"{"id": "ok", "kind": "button", "bezel": true, "hitPadding": 12, "frame": [0, 0, 40, 40]}"#,
            #"{"id": "tight", "kind": "button", "bezel": true, "hitPadding": 8, "frame": [100, 0, 40, 40]}"#,
            #"{"id": "bare", "kind": "icon", "hitPadding": 16, "frame": [200, 0, 40, 40]}"#,
            #"{"id": "fine", "kind": "icon", "hitPadding": 24, "frame": [300, 0, 40, 40]}"#,
            #"{"id": "label", "kind": "label", "hitPadding": 0, "frame": [400, 0, 40, 40]}"#))
        #expect(bad.map { "\($0.rule.rawValue) \($0.name)" } == ["L1 tight", "L1 bare"])
        #expect(bad[0].reason == "hit padding 8 pt is under the 12 pt an element with a bezel needs (M1)")
        #expect(bad[1].reason.contains("16 pt is under the 24 pt an element without a bezel"))
        #expect(bad[0].position == SourcePosition(line: 3, column: 1))
    }

    @Test("L1 and I1: items of a dense collection may keep a small padding (M1's would cover the gaps a band starts in); sparse ones may not")
    func l1Collections() throws {
        func collection(gap: Double) -> String {
            let items = (0..<3).map { i in
                #"{"id": "item\#(i)", "kind": "collectionItem", "hitPadding": 2, "frame": [\#(Double(i) * (40 + gap)), 0, 40, 40]}"#
            }
            return layoutJSON(#"{"id": "grid", "kind": "collection", "frame": [0, 0, 400, 60], "children": [\#(items.joined(separator: ", "))]}"#)
        }
        #expect(try Self.rules(collection(gap: 10)) == [])
        #expect(try Self.rules(collection(gap: 60)) == ["L1 item0", "L1 item1", "L1 item2"])
        // The same dense items outside a collection have no band to make room for.
        let loose = (0..<2).map { i in #"{"id": "i\#(i)", "kind": "collectionItem", "hitPadding": 2, "frame": [\#(i * 50), 0, 40, 40]}"# }
        #expect(try Self.rules(layoutJSON(#"{"id": "g", "kind": "group", "frame": [0, 0, 400, 60], "children": [\#(loose.joined(separator: ", "))]}"#))
                == ["L1 i0", "L1 i1"])
    }

    @Test("L2: bar buttons in a plain group leave gaps between their regions; in a toolbar they meet")
    func l2() throws {
        let buttons = #"""
            {"id": "a", "kind": "barButton", "frame": [10, 10, 30, 30]},
            {"id": "b", "kind": "barButton", "frame": [100, 10, 30, 30]},
            {"id": "c", "kind": "barButton", "frame": [150, 10, 30, 30]}
            """#
        #expect(try Self.rules(layoutJSON(#"{"id": "g", "kind": "group", "frame": [0, 0, 400, 50], "children": [\#(buttons)]}"#))
                == ["L2 b"])
        let f = try Self.findings(layoutJSON(#"{"id": "g", "kind": "group", "frame": [0, 0, 400, 50], "children": [\#(buttons)]}"#))
        #expect(f.first?.reason.hasPrefix("12 pt gap between its hit region and a’s") == true) // 100 − 24 − (40 + 24)
        #expect(try Self.rules(layoutJSON(#"{"id": "t", "kind": "toolbar", "frame": [0, 0, 400, 50], "children": [\#(buttons)]}"#)) == [])
    }

    @Test("L3: a hover shadow without scale is flagged; with scale it is not")
    func l3() throws {
        #expect(try Self.rules(layoutJSON(
            #"{"id": "flat", "kind": "card", "frame": [0, 0, 200, 100], "style": {"effect": {"hover": {"shadow": true}}}}"#,
            #"{"id": "raised", "kind": "card", "frame": [0, 300, 200, 100], "style": {"effect": {"hover": {"shadow": true, "scale": 1.03}}}}"#))
                .filter { $0.hasPrefix("L3") } == ["L3 flat"])
    }

    @Test("L4: scaled rows that touch would overlap; tint-only rows and spaced cards do not")
    func l4() throws {
        let f = try Self.findings(layoutJSON(
            #"{"id": "r1", "kind": "row", "frame": [0, 0, 300, 44], "style": {"effect": {"hover": {"scale": 1.05}}}}"#,
            #"{"id": "r2", "kind": "row", "frame": [0, 44, 300, 44]}"#,
            #"{"id": "c1", "kind": "card", "frame": [400, 0, 200, 100]}"#,
            #"{"id": "c2", "kind": "card", "frame": [400, 120, 200, 100]}"#))
        let l4 = f.filter { $0.rule == .L4 }
        #expect(l4.map(\.name) == ["r1"])
        #expect(l4.first?.reason == "scaled ×1.05 under the pointer it would overlap r2 (rows take a tint only, E3)")
    }

    @Test("L4: lifted icons packed edge to edge overlap when lifted")
    func l4Lift() throws {
        #expect(try Self.rules(layoutJSON(#"{"id": "i1", "kind": "icon", "frame": [0, 0, 60, 60]}"#,
                                          #"{"id": "i2", "kind": "icon", "frame": [61, 0, 60, 60]}"#)) == ["L4 i1", "L4 i2"])
    }

    @Test("L5: a 14-segment path, a 62 pt shape, 5 parts and hairline strokes are too complex; a crosshair reads", arguments: [
        ("M 0 0 L 1 0 L 2 0 L 3 0 L 4 0 L 5 0 L 6 0 L 7 0 L 8 0 L 9 0 L 10 0 L 11 0 L 12 0 L 13 0 L 14 0", 1.5, "has 14 segments (> 12)"),
        ("M -30 0 L 30 0 M 0 -8 L 0 8", 2.0, "is 62 pt × 18 pt, larger than 48 pt"),
        ("M -8 0 L 8 0 M 0 -8 L 0 8", 0.5, "0.5 pt lines, under 1 pt"),
        ("M 0 0 L 1 1 M 2 2 L 3 3 M 4 4 L 5 5 M 6 6 L 7 7 M 8 8 L 9 9", 1.0, "5 separate parts"),
        ("M -8 0 L 8 0 M 0 -8 L 0 8", 1.5, ""),
    ])
    func l5(_ c: (d: String, width: Double, reason: String)) throws {
        let f = try Self.findings(layoutJSON(
            #"{"id": "g", "kind": "graph", "frame": [0, 0, 300, 200], "style": {"effect": "none", "shape": {"path": {"d": "\#(c.d)", "lineWidth": \#(c.width), "filled": false}}}}"#))
        let l5 = f.filter { $0.rule == .L5 }
        if c.reason.isEmpty { #expect(l5.isEmpty) } else { #expect(l5.count == 1 && l5[0].reason.contains(c.reason)) }
    }

    @Test("L6: a group that behaves like a button but has no lift; a button in a toolbar with lift")
    func l6() throws {
        let f = try Self.findings(layoutJSON(
            #"{"id": "fake", "kind": "group", "behavesLike": "button", "frame": [0, 0, 44, 44], "style": {"effect": "none"}}"#,
            #"{"id": "good", "kind": "group", "behavesLike": "button", "frame": [100, 0, 44, 44], "style": {"effect": "lift"}}"#,
            #"{"id": "bar", "kind": "toolbar", "frame": [0, 100, 400, 50], "children": [{"id": "stray", "kind": "button", "frame": [10, 110, 30, 30]}]}"#))
        #expect(f.filter { $0.rule == .L6 }.map(\.name) == ["fake", "stray"])
        #expect(f.first { $0.name == "fake" }?.reason == "behaves like a button but uses no effect instead of the standard lift (E4)")
    }

    @Test("L7: a vertical scroll view in a vertical one is flagged; a horizontal one inside is fine")
    func l7() throws {
        let inner = { (id: String, axes: String) in
            #"{"id": "\#(id)", "kind": "scrollView", "frame": [0, 0, 300, 100], "scroll": {"contentSize": [900, 900], "axes": "\#(axes)"}}"#
        }
        let outer = #"{"id": "outer", "kind": "scrollView", "frame": [0, 0, 400, 400], "scroll": {"contentSize": [400, 2000]}, "children": [\#(inner("v", "vertical")), \#(inner("h", "horizontal")), \#(inner("both", "both"))]}"#
        let f = try Self.findings(layoutJSON(outer))
        #expect(f.filter { $0.rule == .L7 }.map(\.name) == ["v", "both"])
        #expect(f.first { $0.name == "v" }?.reason.hasPrefix("vertical scroll view nested in the vertical scroll view outer") == true)
    }

    @Test("L8: one card styled with lift among hover cards is inconsistent; automatic size choices are not")
    func l8() throws {
        let f = try Self.findings(layoutJSON(
            #"{"id": "c1", "kind": "card", "frame": [0, 0, 200, 150]}"#,
            #"{"id": "c2", "kind": "card", "frame": [0, 200, 200, 150]}"#,
            #"{"id": "c3", "kind": "card", "frame": [0, 400, 200, 150], "style": {"effect": "lift"}}"#,
            #"{"id": "small", "kind": "button", "frame": [300, 0, 40, 40]}"#,
            #"{"id": "wide", "kind": "button", "frame": [300, 100, 200, 40]}"#))
        #expect(f.filter { $0.rule == .L8 }.map(\.name) == ["c3"])
        #expect(f.first { $0.rule == .L8 }?.reason.hasPrefix("uses lift while 2 other cards use hover") == true)
    }
}

