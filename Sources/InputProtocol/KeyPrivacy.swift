// SPEC T3: only modifier and navigation keys keep their identity outside a backend unless the
// user opts in; everything else (letters, digits, punctuation, function keys) becomes
// `KeyCode.placeholder`. Codes are evdev (linux/input-event-codes.h).

/// The names of the keys that keep their identity (modifiers and navigation keys, SPEC T3).
public enum KeyNames {
    /// Modifier keys: their identity is needed to follow the modifier state.
    public static let modifiers: [UInt32: String] = [
        29: "leftctrl", 97: "rightctrl", 42: "leftshift", 54: "rightshift",
        56: "leftalt", 100: "rightalt", 125: "leftmeta", 126: "rightmeta",
        58: "capslock", 69: "numlock",
    ]
    /// Navigation keys: scroll views answer them (SPEC G10).
    public static let navigation: [UInt32: String] = [
        1: "esc", 15: "tab", 28: "enter", 57: "space",
        102: "home", 103: "up", 104: "pageup", 105: "left", 106: "right",
        107: "end", 108: "down", 109: "pagedown",
    ]

    /// The name of a modifier or navigation key, nil for others.
    public static func name(of code: KeyCode) -> String? {
        modifiers[code.rawValue] ?? navigation[code.rawValue]
    }

    /// The key named `name` (a modifier or navigation key), nil if none.
    public static func code(named name: String) -> KeyCode? {
        if name == "private" { return .placeholder }
        if let hit = modifiers.first(where: { $0.value == name }) ?? navigation.first(where: { $0.value == name }) {
            return KeyCode(rawValue: hit.key)
        }
        return nil
    }
}

/// Which key identities leave a backend (SPEC T3).
public enum KeyPrivacy: Sendable {
    /// Default: text keys are replaced by the placeholder.
    case redactText
    /// `--keep-keys`: the user explicitly opted in to keep every key's identity.
    case keepKeys

    /// Whether `code` may leave a backend with its identity under the default policy.
    public static func isPublic(_ code: KeyCode) -> Bool {
        KeyNames.modifiers[code.rawValue] != nil || KeyNames.navigation[code.rawValue] != nil
    }

    /// `code`, or the placeholder when this policy hides it.
    public func apply(_ code: KeyCode) -> KeyCode {
        switch self {
        case .keepKeys: code
        case .redactText: KeyPrivacy.isPublic(code) ? code : .placeholder
        }
    }

    /// `event` with its key made private under this policy (other events unchanged).
    public func apply(_ event: InputEvent) -> InputEvent {
        guard case let .key(code, pressed) = event.kind else { return event }
        var e = event
        e.kind = .key(apply(code), pressed: pressed)
        return e
    }
}
