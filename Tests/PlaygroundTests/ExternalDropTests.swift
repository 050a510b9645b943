// A drop target's answer to another application's offer (issue 18.3, SPEC I2): the best type,
// the target's policy met with the source's actions, the modifiers' preference by convention.
import InputProtocol
import PointerEngine
import Testing
@testable import Playground

@Suite("External drops: what a drop target answers (issue 18.3, I2)")
struct ExternalDropTests {
    let session = PlaygroundSession()
    let folder = Showcase.ID.dropTargets[0], copiesOnly = Showcase.ID.dropTargets[1], locked = Showcase.ID.dropTargets[2]

    func answer(_ target: ElementID, _ keys: Modifiers, _ conventions: Conventions,
                source: Set<DragOperation> = [.move, .copy, .link], types: [String] = ["text/plain", "text/uri-list"]) -> ExternalDropAnswer {
        ExternalDrop.answer(in: session.layout, hit: target, offered: types, sourceOperations: source,
                            modifiers: keys, conventions: conventions)
    }

    @Test("the best type: file names, then UTF-8 text, else the first offered; none offered: nothing")
    func bestType() {
        #expect(ExternalDrop.bestType(["text/plain", "text/uri-list"]) == "text/uri-list")
        #expect(ExternalDrop.bestType(["text/plain", "text/plain;charset=utf-8"]) == "text/plain;charset=utf-8")
        #expect(ExternalDrop.bestType(["application/x-wayland-dnd-flower"]) == "application/x-wayland-dnd-flower")
        #expect(ExternalDrop.bestType([]) == nil)
    }

    @Test("desktop: Ctrl copies, Shift moves, Ctrl+Shift links, no key moves; mac: Option copies, Option+Command links")
    func preferredByConvention() {
        #expect(answer(folder, [], .desktop).preferred == .move)
        #expect(answer(folder, .control, .desktop).preferred == .copy)
        #expect(answer(folder, .shift, .desktop).preferred == .move)
        #expect(answer(folder, [.control, .shift], .desktop).preferred == .link)
        #expect(answer(folder, .alt, .mac).preferred == .copy)
        #expect(answer(folder, [.alt, .super], .mac).preferred == .link)
        #expect(answer(folder, .control, .mac).preferred == .move, "Control means nothing to a Mac drop")
        let a = answer(folder, [], .desktop)
        #expect(a.target == folder && a.mimeType == "text/uri-list" && a.operations == [.move, .copy, .link])
    }

    @Test("plainDrop ask (Dolphin's way): with no drop key held the target prefers ask (link); any key still decides by the conventions")
    func plainDropAsks() {
        func ask(_ keys: Modifiers, _ c: Conventions, source: Set<DragOperation> = [.move, .copy, .link]) -> DragOperation? {
            ExternalDrop.answer(in: session.layout, hit: folder, offered: ["text/uri-list"], sourceOperations: source,
                                modifiers: keys, conventions: c, plainDrop: .ask).preferred
        }
        for c in Conventions.allCases {
            #expect(ask([], c) == .link, "\(c): a plain drop asks")
            #expect(ask(.capsLock, c) == .link, "\(c): a lock is no drop key")
            #expect(ask(c.keys(for: .copy), c) == .copy)
            #expect(ask(c.keys(for: .link), c) == .link)
            #expect(ask([], c, source: [.move, .copy]) == nil, "\(c): a source that cannot ask: no preference, the compositor picks")
        }
        #expect(ask(.shift, .desktop) == .move, "Shift still asks for move on the desktop")
        #expect(answer(folder, [], .desktop).preferred == .move, "the default, plainDrop move")
    }

    @Test("a plain drop of text (no file list) prefers copy, so GTK keeps the user's text; a file list still moves; a key still decides; a target without copy keeps move (issue 30.7)")
    func plainTextCopies() {
        let text = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]
        for c in Conventions.allCases {
            #expect(answer(folder, [], c, source: [.copy, .move], types: text).preferred == .copy, "\(c)")
            #expect(answer(folder, [], c, source: [.copy, .move], types: ["application/x-wayland-dnd-flower", "text/plain"]).preferred == .copy, "\(c)")
            #expect(answer(folder, [], c, source: [.copy, .move], types: ["text/uri-list", "text/plain"]).preferred == .move, "\(c): files move")
            if !c.keys(for: .move).isEmpty {
                #expect(answer(folder, c.keys(for: .move), c, source: [.copy, .move], types: text).preferred == .move, "\(c): the move key moves text")
            }
            #expect(answer(folder, [], c, source: [.move], types: text).preferred == .move, "\(c): a move-only source")
        }
        #expect(ExternalDrop.answer(in: session.layout, hit: folder, offered: ["text/plain"], sourceOperations: [.copy, .move, .link],
                                    modifiers: [], conventions: .desktop, plainDrop: .ask).preferred == .link, "plainDrop ask still asks")
    }

    @Test("the target's policy meets the source's actions; a preference outside them is none; a refusing target takes no type")
    func policy() {
        let copies = answer(copiesOnly, [], .desktop)
        #expect(copies.operations == [.copy] && copies.preferred == nil && copies.mimeType == "text/uri-list")
        #expect(answer(copiesOnly, .control, .desktop).preferred == .copy)
        #expect(answer(folder, [.control, .shift], .desktop, source: [.copy, .move]).preferred == nil)
        let refused = answer(locked, .control, .desktop)
        #expect(refused.target == locked && refused.mimeType == nil && refused.operations.isEmpty)
        let moveOnly = answer(copiesOnly, [], .desktop, source: [.move])
        #expect(moveOnly.mimeType == nil && moveOnly.operations.isEmpty)
        #expect(answer(folder, [], .desktop, types: []) == .refused)
    }

    @Test("outside every drop target: refused; inside a target's child: that target")
    func targets() {
        #expect(ExternalDrop.answer(in: session.layout, hit: nil, offered: ["text/plain"], sourceOperations: [.copy],
                                    modifiers: [], conventions: .desktop) == .refused)
        #expect(ExternalDrop.answer(in: session.layout, hit: Showcase.ID.draggables[0], offered: ["text/plain"], sourceOperations: [.copy],
                                    modifiers: [], conventions: .desktop) == .refused)
        #expect(ExternalDrop.dropTarget(in: session.layout, from: folder) == folder)
    }
}
