// The one xkbcommon seam (SPEC G10): a compiled keymap and the xkb_state that follows it, read
// out as Lodestone's modifiers. Both keyboards use it — the compositor's keymap in WaylandClient
// (state set from wl_keyboard.modifiers masks) and the keymap compiled from the system's RMLVO
// defaults in LibinputBackend (state fed key by key). The C objects never leave this type.
import CXkbcommon
import Glibc
import InputProtocol

public final class XkbState {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// Our modifiers and the xkb modifier index that stands for each (ones the keymap lacks are
    /// left out).
    private let indices: [(Modifiers, xkb_mod_index_t)]

    /// evdev key codes are offset by 8 in xkb (the X11 convention xkb inherited).
    static let evdevOffset: UInt32 = 8

    /// The keymap xkbcommon compiles from its RMLVO defaults, overridden by the XKB_DEFAULT_*
    /// environment (RULES, MODEL, LAYOUT, VARIANT, OPTIONS); nil when it does not compile.
    public static func systemDefault() -> XkbState? {
        make { context in xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) }
    }

    /// A keymap from XKB text (wl_keyboard.keymap's xkb_v1 format); nil when it does not compile.
    public static func compile(_ text: UnsafeRawBufferPointer) -> XkbState? {
        guard text.count > 0, let base = text.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
        return make { context in
            xkb_keymap_new_from_buffer(context, base, text.count, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
    }

    private static func make(_ compile: (OpaquePointer) -> OpaquePointer?) -> XkbState? {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        guard let keymap = compile(context) else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return nil
        }
        return XkbState(context: context, keymap: keymap, state: state)
    }

    private init(context: OpaquePointer, keymap: OpaquePointer, state: OpaquePointer) {
        self.context = context; self.keymap = keymap; self.state = state
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

    /// The keymap as XKB text (what a compositor would send).
    public var text: String {
        guard let s = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1) else { return "" }
        defer { free(s) }
        return String(cString: s)
    }

    /// Feeds one evdev key; returns the new modifier state when it changed.
    public func update(evdevKey: UInt32, pressed: Bool) -> ModifierState? {
        let before = modifiers
        _ = xkb_state_update_key(state, evdevKey + Self.evdevOffset, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        let after = modifiers
        return after == before ? nil : after
    }

    /// Sets the state from modifier masks (wl_keyboard.modifiers) and returns it.
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
        for (mod, index) in indices where xkb_state_mod_index_is_active(state, index, component) > 0 { m.insert(mod) }
        return m
    }

    /// The xkb mask for a set of modifiers (tests build wl_keyboard.modifiers arguments with it).
    public func mask(_ mods: Modifiers) -> UInt32 {
        indices.reduce(0) { mods.contains($1.0) ? $0 | (1 << $1.1) : $0 }
    }
}
