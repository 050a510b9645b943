// Keyboard state from xkbcommon (SPEC G10): a keymap compiled from the system's RMLVO defaults
// (XKB_DEFAULT_RULES/MODEL/LAYOUT/VARIANT/OPTIONS honoured) and one xkb_state that follows every
// key (module Xkb, shared with WaylandClient). Only the modifier state leaves here; key
// identities are redacted by InputPipeline (SPEC T3).
import Glibc
import InputProtocol
import Xkb

/// The RMLVO-default keymap and its state, fed key by key.
final class XkbKeyboard {
    private let xkb: XkbState

    init() throws(LibinputError) {
        guard let xkb = XkbState.systemDefault() else { throw .keymap(XkbKeyboard.describeDefaults()) }
        self.xkb = xkb
    }

    private static func describeDefaults() -> String {
        let vars = ["XKB_DEFAULT_RULES", "XKB_DEFAULT_MODEL", "XKB_DEFAULT_LAYOUT", "XKB_DEFAULT_VARIANT", "XKB_DEFAULT_OPTIONS"]
        let set = vars.compactMap { v in getenv(v).map { "\(v)=\(String(cString: $0))" } }
        return "cannot compile the xkb keymap from the system defaults"
            + (set.isEmpty ? "" : " (" + set.joined(separator: " ") + ")")
            + "; check the XKB_DEFAULT_* variables and that xkb-data is installed"
    }

    /// Feeds one key; returns the new modifier state when it changed.
    func update(evdevKey: UInt32, pressed: Bool) -> ModifierState? { xkb.update(evdevKey: evdevKey, pressed: pressed) }

}
