// Issue 32.2 / SPEC P4: every P4 cursor has a cursor-shape-v1 shape (by CSS name), the shapes'
// values are the protocol's, a shape newer than the bound manager is never asked for, and the
// XCursor fallback has names every theme knows.
import Foundation
import Testing
import PointerEngine
@testable import WaylandClient

@Suite("P4 cursors as cursor-shape-v1 shapes and XCursor names (issue 32.2)")
struct CursorShapeTests {
    @Test("P4: every SystemCursor names a cursor-shape-v1 shape of version 1, by its CSS name", arguments: SystemCursor.allCases)
    func everySystemCursor(cursor: SystemCursor) throws {
        let shape = try #require(CursorShape(cssName: cursor.rawValue), "no shape for \(cursor.rawValue)")
        #expect(shape.cssName == cursor.rawValue)
        #expect(shape.since == 1, "\(cursor) needs v2, which KWin 6.3 and sway 1.10 lack")
        #expect(shape.forManager(version: 1) == shape)
    }

    @Test("P4's named set maps to the shapes a user expects", arguments: [
        ("default", "default"), ("pointer", "pointer"), ("grab", "grab"), ("grabbing", "grabbing"),
        ("text", "text"), ("vertical-text", "vertical_text"), ("crosshair", "crosshair"),
        ("context-menu", "context_menu"), ("copy", "copy"), ("alias", "alias"), ("not-allowed", "not_allowed"),
        ("no-drop", "no_drop"), ("zoom-in", "zoom_in"), ("zoom-out", "zoom_out"), ("n-resize", "n_resize"),
        ("se-resize", "se_resize"), ("nwse-resize", "nwse_resize"), ("nesw-resize", "nesw_resize"),
        ("ew-resize", "ew_resize"), ("ns-resize", "ns_resize"), ("col-resize", "col_resize"), ("row-resize", "row_resize"),
    ])
    func namedSet(css: String, protocolName: String) throws {
        let cursor = try #require(SystemCursor(rawValue: css), "P4 lacks \(css)")
        #expect(CursorShape(cssName: cursor.rawValue)?.protocolName == protocolName)
    }

    @Test("v2's shapes become v1's nearest on a v1 manager (set_shape with an unknown shape is a protocol error) and stay on v2")
    func v2OnlyWhenBound() {
        #expect(CursorShape.dndAsk.since == 2 && CursorShape.allResize.since == 2)
        #expect(CursorShape.dndAsk.forManager(version: 1) == .copy)
        #expect(CursorShape.allResize.forManager(version: 1) == .move)
        #expect(CursorShape.dndAsk.forManager(version: 2) == .dndAsk)
        for s in CursorShape.allCases { #expect(s.forManager(version: 1).since == 1) }
        #expect(CursorShape(cssName: "all-resize") == .allResize)
        #expect(CursorShape(cssName: "poof") == nil)
    }

    /// cursor-shape-v1.xml on this machine or in the Debian 13 root, if any.
    static let protocolXML: String? = {
        let candidates = ["/usr/share/wayland-protocols/staging/cursor-shape/cursor-shape-v1.xml",
                          "/var/cache/lodestone/debian13-v1/usr/share/wayland-protocols/staging/cursor-shape/cursor-shape-v1.xml"]
        return candidates.lazy.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }.first
    }()

    @Test("the shapes' names, values and versions are the protocol's (its XML, where wayland-protocols ≥ 1.42 is here or in the Debian 13 root)",
          .enabled(if: protocolXML != nil, "no cursor-shape-v1.xml with v2 on this machine or in /var/cache/lodestone/debian13-v1"))
    func matchesTheProtocol() throws {
        let xml = try #require(Self.protocolXML)
        // <entry name="default" value="1" summary="…"/>, since="2" on v2's.
        let entry = try Regex(#"<entry name="([a-z_]+)" value="([0-9]+)"[^>]*?(since="([0-9]+)")?\s*/>"#)
        let shapeEnum = try #require(xml.range(of: "<enum name=\"shape\">").flatMap { start in
            xml[start.upperBound...].range(of: "</enum>").map { xml[start.upperBound..<$0.lowerBound] } })
        var entries: [String: (value: UInt32, since: UInt32)] = [:]
        for m in shapeEnum.matches(of: entry) {
            let name = String(m.output[1].substring ?? "")
            entries[name] = (UInt32(m.output[2].substring ?? "") ?? 0, m.output[4].substring.flatMap { UInt32($0) } ?? 1)
        }
        #expect(entries.count == CursorShape.allCases.count, "the protocol has \(entries.count) shapes")
        for s in CursorShape.allCases {
            let e = try #require(entries[s.protocolName], "the protocol has no \(s.protocolName)")
            #expect(e.value == s.rawValue && e.since == s.since, "\(s.protocolName)")
        }
    }

    @Test("XCursor fallback: the CSS name first, then X11's names, left_ptr last (every theme and libwayland-cursor's own have it); the arrow is left_ptr first")
    func xcursorNames() {
        #expect(CursorShape.default.xcursorNames.first == "left_ptr")
        for s in CursorShape.allCases where s != .default {
            #expect(s.xcursorNames.first == s.cssName)
            #expect(s.xcursorNames.last == "left_ptr")
            #expect(Set(s.xcursorNames).count == s.xcursorNames.count)
        }
        #expect(CursorShape.nwseResize.xcursorNames.contains("bd_double_arrow"))
        #expect(CursorShape.text.xcursorNames.contains("xterm"))
    }

    @Test("this build's Wayland glue has cursor-shape (committed from wayland-protocols 1.44, scripts/gen-wayland-glue), and knows v2")
    func buildHasIt() {
        #expect(Registry.buildHasCursorShape)
        let spec = Registry.table.first { $0.interface == "wp_cursor_shape_manager_v1" }
        #expect(spec?.preferred == 2 && spec?.required == false && spec?.quietWhenMissing == true)
    }
}
