// Keyboard state from xkbcommon (SPEC G10): a keymap compiled from the system's RMLVO defaults
// (XKB_DEFAULT_RULES/MODEL/LAYOUT/VARIANT/OPTIONS honoured) and one xkb_state that follows every
// key. Only the modifier state leaves here; key identities are redacted by the backend (SPEC T3).
import CXkbcommon
import Glibc
import InputProtocol

/// xkb keymap + state. The C objects never leave this type.
final class XkbKeyboard {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    /// Our modifiers and the xkb modifier index that stands for each (missing ones skipped).
    private let indices: [(Modifiers, xkb_mod_index_t)]

    /// evdev key codes are offset by 8 in xkb (the X11 convention xkb inherited).
    private static let evdevOffset: UInt32 = 8

    init() throws(LibinputError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else {
            throw .keymap("xkb_context_new failed")
        }
        // nil names: xkbcommon uses its defaults, overridden by the XKB_DEFAULT_* environment.
        guard let keymap = xkb_keymap_new_from_names(context, nil, XKB_KEYMAP_COMPILE_NO_FLAGS) else {
            xkb_context_unref(context)
            throw .keymap(XkbKeyboard.describeDefaults())
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap); xkb_context_unref(context)
            throw .keymap("xkb_state_new failed")
        }
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

    private static func describeDefaults() -> String {
        let vars = ["XKB_DEFAULT_RULES", "XKB_DEFAULT_MODEL", "XKB_DEFAULT_LAYOUT", "XKB_DEFAULT_VARIANT", "XKB_DEFAULT_OPTIONS"]
        let set = vars.compactMap { v in getenv(v).map { "\(v)=\(String(cString: $0))" } }
        return "cannot compile the xkb keymap from the system defaults"
            + (set.isEmpty ? "" : " (" + set.joined(separator: " ") + ")")
            + "; check the XKB_DEFAULT_* variables and that xkb-data is installed"
    }

    /// Feeds one key; returns the new modifier state when it changed.
    func update(evdevKey: UInt32, pressed: Bool) -> ModifierState? {
        let before = modifierState
        _ = xkb_state_update_key(state, evdevKey + XkbKeyboard.evdevOffset, pressed ? XKB_KEY_DOWN : XKB_KEY_UP)
        let after = modifierState
        return after == before ? nil : after
    }

    var modifierState: ModifierState {
        func mods(_ component: xkb_state_component) -> Modifiers {
            var m = Modifiers()
            for (mod, i) in indices where xkb_state_mod_index_is_active(state, i, component) > 0 { m.insert(mod) }
            return m
        }
        return ModifierState(depressed: mods(XKB_STATE_MODS_DEPRESSED), latched: mods(XKB_STATE_MODS_LATCHED),
                             locked: mods(XKB_STATE_MODS_LOCKED), effective: mods(XKB_STATE_MODS_EFFECTIVE))
    }
}
