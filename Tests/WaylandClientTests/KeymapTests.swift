// The keymap loader takes what wl_keyboard.keymap delivers: a format, an fd and a size. A bad
// keymap is an error value, never a crash (SPEC G10; issue 3 "a bad keymap is reported").
import CShim
import InputProtocol
import Testing
@testable import WaylandClient

/// A sealed-free memfd holding `bytes`, as a compositor would send.
private func memfd(_ bytes: [UInt8]) -> Int32 {
    let fd = memfd_create("lodestone-test-keymap", UInt32(MFD_CLOEXEC))
    precondition(fd >= 0, "memfd_create failed")
    bytes.withUnsafeBytes { raw in
        var off = 0
        while off < raw.count {
            let n = write(fd, raw.baseAddress! + off, raw.count - off)
            precondition(n > 0, "write to memfd failed")
            off += n
        }
    }
    return fd
}

/// The system default keymap's text, NUL-terminated like wlroots sends it.
private func defaultKeymapBytes() throws -> [UInt8] {
    let keymap = try Keymap.systemDefault().get()
    return Array(keymap.text.utf8) + [0]
}

@Suite("Keymap loader (SPEC G10)")
struct KeymapTests {
    @Test("a compositor keymap in a memfd loads and tracks modifier masks")
    func loadsValidKeymap() throws {
        let bytes = try defaultKeymapBytes()
        let keymap = try Keymap.load(format: Keymap.formatXKBv1, fd: memfd(bytes), size: bytes.count).get()
        let alt = keymap.mask(.alt), caps = keymap.mask(.capsLock), logo = keymap.mask(.super)
        #expect(alt != 0 && caps != 0 && logo != 0 && alt != logo)

        let held = keymap.update(depressed: alt | logo, latched: 0, locked: caps, group: 0)
        #expect(held.depressed == [.alt, .super])
        #expect(held.locked == [.capsLock])
        #expect(held.effective == [.alt, .super, .capsLock])

        let released = keymap.update(depressed: 0, latched: 0, locked: 0, group: 0)
        #expect(released == .none)
    }

    @Test("a size larger than the file is reported, not read past the end")
    func sizeLargerThanFile() throws {
        let bytes = try defaultKeymapBytes()
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: memfd(bytes), size: bytes.count + 4096)
        #expect(throws: KeymapError.badSize(declared: bytes.count + 4096, actual: bytes.count)) { try result.get() }
    }

    @Test("a zero size is reported")
    func zeroSize() throws {
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: memfd([0]), size: 0)
        #expect(throws: KeymapError.badSize(declared: 0, actual: 1)) { try result.get() }
    }

    @Test("a truncated keymap does not compile")
    func truncated() throws {
        let bytes = try defaultKeymapBytes()
        let half = Array(bytes[..<(bytes.count / 2)])
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: memfd(half), size: half.count)
        #expect(throws: KeymapError.notAKeymap) { try result.get() }
    }

    @Test("text that is not a keymap is reported", arguments: [
        "hello, world", "xkb_keymap { garbage", String(repeating: "\u{1}", count: 300),
    ])
    func notAKeymap(text: String) throws {
        let bytes = Array(text.utf8) + [0]
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: memfd(bytes), size: bytes.count)
        #expect(throws: KeymapError.notAKeymap) { try result.get() }
    }

    // Regression from the keymap fuzz target: libxkbcommon 1.5 crashes (NULL dereference) on a
    // key body that opens with an empty element; the loader must report it instead (SPEC G10).
    @Test("a key body opening with an empty element is reported, not handed to libxkbcommon", arguments: [
        ("key <AE01> { , [ Alt_L ] };", "key <AE01> { [ Alt_L ] };"),
        ("key <AE01> {\n // c\n , type = \"ONE\" };", "key <AE01> {\n // c\n type = \"ONE\" };"),
        ("key <AE01> { # c\n , [ a ] };", "key <AE01> { # c\n [ a ] };"),
    ])
    func emptyLeadingElement(bad: String, good: String) throws {
        func keymap(_ body: String) -> [UInt8] {
            let text = """
            xkb_keymap {
             xkb_keycodes "k" { minimum = 8; maximum = 255; <AE01> = 10; };
             xkb_types "t" { type "ONE" { modifiers = none; level_name[Level1] = "Any"; }; };
             xkb_compat "c" { };
             xkb_symbols { \(body) };
            };
            """
            return Array(text.utf8) + [0]
        }
        let refused = keymap(bad)
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: memfd(refused), size: refused.count)
        #expect(throws: KeymapError.notAKeymap) { try result.get() }
        // The same keymap without the empty element compiles: the guard does not refuse it all.
        let fine = keymap(good)
        #expect(throws: Never.self) { try Keymap.load(format: Keymap.formatXKBv1, fd: memfd(fine), size: fine.count).get() }
    }

    @Test("format no_keymap is reported")
    func noKeymapFormat() throws {
        let result = Keymap.load(format: 0, fd: memfd([0]), size: 1)
        #expect(throws: KeymapError.unsupportedFormat(0)) { try result.get() }
    }

    @Test("an fd that is not a file is reported")
    func closedFD() {
        let result = Keymap.load(format: Keymap.formatXKBv1, fd: -1, size: 100)
        #expect(throws: KeymapError.unreadable(errno: EBADF)) { try result.get() }
    }
}
