// The keymap the compositor sends with wl_keyboard.keymap, and the xkb state kept in sync with
// wl_keyboard.modifiers (SPEC G10). A bad keymap (wrong format, wrong size, not a keymap) is an
// error value: the seat reports it and ignores that keyboard; the client keeps running.
import Glibc
import CXkbcommon

import InputProtocol

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

    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// xkb modifier index for each of our modifiers (nil when the keymap lacks it).
    private let indices: [(Modifiers, xkb_mod_index_t)]

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
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return .failure(.notAKeymap) }
        guard text.count > 0,
              let base = text.baseAddress?.assumingMemoryBound(to: CChar.self),
              let keymap = xkb_keymap_new_from_buffer(context, base, text.count, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        else {
            xkb_context_unref(context)
            return .failure(.notAKeymap)
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            return .failure(.notAKeymap)
        }
        return .success(Keymap(context: context, keymap: keymap, state: state))
    }

    /// Compiles text given as a Swift string.
    public static func compile(_ text: String) -> Result<Keymap, KeymapError> {
        var copy = Array(text.utf8)
        return copy.withUnsafeMutableBytes { compile(UnsafeRawBufferPointer($0)) }
    }

    /// The keymap the system's RMLVO defaults give (XKB_DEFAULT_* or evdev/pc105/us).
    public static func systemDefault() -> Result<Keymap, KeymapError> {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return .failure(.notAKeymap) }
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else {
            xkb_context_unref(context)
            return .failure(.notAKeymap)
        }
        return .success(Keymap(context: context, keymap: keymap, state: state))
    }

    /// The keymap as XKB text (what a compositor would send).
    public var text: String {
        guard let s = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(s) }
        return String(cString: s)
    }

    private init(context: OpaquePointer, keymap: OpaquePointer, state: OpaquePointer) {
        self.context = context
        self.keymap = keymap
        self.state = state
        let names: [(Modifiers, String)] = [
            (.shift, XKB_MOD_NAME_SHIFT), (.control, XKB_MOD_NAME_CTRL), (.alt, XKB_MOD_NAME_ALT),
            (.super, XKB_MOD_NAME_LOGO), (.capsLock, XKB_MOD_NAME_CAPS), (.numLock, XKB_MOD_NAME_NUM),
        ]
        indices = names.compactMap { mod, name in
            let i = xkb_keymap_mod_get_index(keymap, name)
            return i == XKB_MOD_INVALID ? nil : (mod, i)
        }
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Applies wl_keyboard.modifiers and returns the resulting state.
    public func update(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32) -> ModifierState {
        xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        return modifiers
    }

    /// The modifier state now, split as the protocol does.
    public var modifiers: ModifierState {
        ModifierState(depressed: active(XKB_STATE_MODS_DEPRESSED), latched: active(XKB_STATE_MODS_LATCHED),
                      locked: active(XKB_STATE_MODS_LOCKED), effective: active(XKB_STATE_MODS_EFFECTIVE))
    }

    private func active(_ component: xkb_state_component) -> Modifiers {
        var m = Modifiers()
        for (mod, index) in indices where xkb_state_mod_index_is_active(state, index, component) > 0 {
            m.insert(mod)
        }
        return m
    }

    /// The xkb mask for a set of modifiers (tests build wl_keyboard.modifiers arguments with it).
    public func mask(_ mods: Modifiers) -> UInt32 {
        indices.reduce(0) { mods.contains($1.0) ? $0 | (1 << $1.1) : $0 }
    }
}
