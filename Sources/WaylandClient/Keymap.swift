// The keymap the compositor sends with wl_keyboard.keymap, and the xkb state kept in sync with
// wl_keyboard.modifiers (SPEC G10). A bad keymap (wrong format, wrong size, not a keymap) is an
// error value: the seat reports it and ignores that keyboard; the client keeps running.
import Glibc
import InputProtocol
import Xkb

public enum KeymapError: Error, Equatable, CustomStringConvertible {
    /// wl_keyboard.keymap_format other than xkb_v1 (e.g. no_keymap).
    case unsupportedFormat(UInt32)
    /// The declared size is zero, absurd, or larger than the file behind the fd.
    case badSize(declared: Int, actual: Int)
    /// mmap or fstat failed (errno).
    case unreadable(errno: Int32)
    /// xkbcommon could not compile the text.
    case notAKeymap

    public var description: String {
        switch self {
        case .unsupportedFormat(let f): "keymap format \(f) is not xkb_v1"
        case .badSize(let declared, let actual): "keymap size \(declared) does not fit its file (\(actual) bytes)"
        case .unreadable(let e): "keymap fd unreadable: \(String(cString: strerror(e)))"
        case .notAKeymap: "keymap text does not compile as an XKB keymap"
        }
    }
}

/// A compiled XKB keymap and the state that tracks the compositor's modifier masks.
public final class Keymap {
    /// wl_keyboard.keymap_format.xkb_v1
    public static let formatXKBv1: UInt32 = 1
    /// Real keymaps are ~60 KiB; anything past this is a broken or hostile sender.
    public static let maximumSize = 16 << 20

    /// The xkbcommon seam shared with LibinputBackend (module Xkb).
    private let xkb: XkbState

    /// Loads the keymap behind `fd` (which this call always closes), as wl_keyboard.keymap
    /// delivers it: mapped MAP_PRIVATE (the compositor may share one file with every client).
    public static func load(format: UInt32, fd: Int32, size: Int) -> Result<Keymap, KeymapError> {
        defer { close(fd) }
        guard format == formatXKBv1 else { return .failure(.unsupportedFormat(format)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .failure(.unreadable(errno: errno)) }
        let actual = Int(st.st_size)
        guard size > 0, size <= maximumSize, size <= actual else {
            return .failure(.badSize(declared: size, actual: actual))
        }
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            return .failure(.unreadable(errno: errno))
        }
        defer { munmap(map, size) }
        let bytes = UnsafeRawBufferPointer(start: map, count: size).bindMemory(to: UInt8.self)
        // The text is NUL-terminated within `size`; anything after the first NUL is ignored.
        let length = bytes.firstIndex(of: 0) ?? size
        return compile(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[..<length]))
    }

    /// Compiles keymap text (also used for RMLVO-free tests).
    public static func compile(_ text: UnsafeRawBufferPointer) -> Result<Keymap, KeymapError> {
        XkbState.compile(text).map { .success(Keymap($0)) } ?? .failure(.notAKeymap)
    }

    /// Compiles text given as a Swift string.
    public static func compile(_ text: String) -> Result<Keymap, KeymapError> {
        var copy = Array(text.utf8)
        return copy.withUnsafeMutableBytes { compile(UnsafeRawBufferPointer($0)) }
    }

    /// The keymap the system's RMLVO defaults give (XKB_DEFAULT_* or evdev/pc105/us).
    public static func systemDefault() -> Result<Keymap, KeymapError> {
        XkbState.systemDefault().map { .success(Keymap($0)) } ?? .failure(.notAKeymap)
    }

    private init(_ xkb: XkbState) { self.xkb = xkb }

    /// The keymap as XKB text (what a compositor would send).
    public var text: String { xkb.text }

    /// Applies wl_keyboard.modifiers and returns the resulting state.
    public func update(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> ModifierState {
        xkb.update(depressed: depressed, latched: latched, locked: locked, group: group)
    }

    /// The modifier state now, split as the protocol does.
    public var modifiers: ModifierState { xkb.modifiers }

    /// The xkb mask for a set of modifiers (tests build wl_keyboard.modifiers arguments with it).
    public func mask(_ mods: Modifiers) -> UInt32 { xkb.mask(mods) }
}
