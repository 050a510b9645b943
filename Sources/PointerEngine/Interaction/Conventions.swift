// Desktop conventions (SPEC I1, I2, G9): what the held modifier keys ask of a click, a band or
// a drop. Linux desktops and the Mac read the same keys differently; this is the one place
// that knows how. Every interaction asks it (selection, band, drag, context menu) and none
// tests a key itself, so pointer, trackpad and touch give the same result in both.
import InputProtocol

/// What a drop with no modifier does (issue 18.3): GNOME Files' move, or Dolphin's menu.
public enum PlainDrop: String, Sendable, Hashable, CaseIterable {
    /// The drop moves (GNOME Files, GTK4, the Mac's Finder within a volume).
    case move
    /// The drop asks: the destination prefers "ask" and opens Move here, Copy here, Link
    /// here, Cancel at the drop point (KDE Dolphin's default).
    case ask
}

/// Whose habits the modifier keys follow.
public enum Conventions: String, Sendable, Hashable, CaseIterable {
    /// GNOME, KDE and GTK (the default). Ctrl-click or Ctrl-drag toggles the selection, Shift
    /// extends it, and Control-click is an ordinary click (menus are the right button's). Drops
    /// follow GNOME Files and Dolphin: Ctrl copies, Shift moves, Ctrl+Shift links.
    case desktop
    /// The Mac. Control-click is a secondary click (opens the menu), Command (Super) toggles,
    /// Shift extends, Option (Alt) copies, Option+Command links.
    case mac

    /// What a click or a band with `keys` held does to the selection.
    public func selectionOperation(for keys: Modifiers) -> SelectionOperation {
        if keys.contains(toggleKey) { return .toggle }
        if keys.contains(.shift) { return .extend }
        return .replace
    }

    /// What a drop with `keys` held does (locks and keys without a meaning change nothing).
    public func dragOperation(for keys: Modifiers) -> DragOperation {
        switch self {
        case .desktop:
            guard keys.contains(.control) else { return .move } // Shift alone: move, the default
            return keys.contains(.shift) ? .link : .copy
        case .mac:
            guard keys.contains(.alt) else { return .move }
            return keys.contains(.super) ? .link : .copy
        }
    }

    /// What a drop from another application with `keys` held asks for, with `plain` deciding
    /// a drop with none of the drop keys (Shift, Ctrl, Alt/Option, Super/Command) held:
    /// a move, or "ask" (shown as link: the drop menu at the drop point, Dolphin's way).
    public func dropOperation(for keys: Modifiers, plain: PlainDrop) -> DragOperation {
        if plain == .ask, keys.intersection([.shift, .control, .alt, .super]).isEmpty { return .link }
        return dragOperation(for: keys)
    }

    /// Whether a primary press (click or touch) with `keys` held is a secondary click: the
    /// Mac's Control-click. Never on the desktop, where Ctrl-click toggles.
    public func isSecondaryClick(_ keys: Modifiers) -> Bool {
        self == .mac && keys.contains(.control)
    }

    /// The keys that ask for `operation` at a drop (the inverse of `dragOperation(for:)`).
    public func keys(for operation: DragOperation) -> Modifiers {
        switch (self, operation) {
        case (.desktop, .move): .shift
        case (.desktop, .copy): .control
        case (.desktop, .link): [.control, .shift]
        case (.mac, .move): []
        case (.mac, .copy): .alt
        case (.mac, .link): [.alt, .super]
        }
    }

    /// The keys that ask for `operation` on a click or a band.
    public func keys(for operation: SelectionOperation) -> Modifiers {
        switch operation {
        case .replace: []
        case .extend: .shift
        case .toggle: toggleKey
        }
    }

    private var toggleKey: Modifiers { self == .desktop ? .control : .super }

    /// The four keys in the order a label names them (Apple's ⌃⌥⇧⌘; Ctrl+Alt+Shift+Super).
    static let labelOrder: [Modifiers] = [.control, .alt, .shift, .super]

    /// A key's name: Ctrl, Alt, Shift, Super on the desktop; ⌃ ⌥ ⇧ ⌘ on the Mac.
    public func name(of key: Modifiers) -> String {
        switch (self, key) {
        case (.desktop, .control): "Ctrl"
        case (.desktop, .alt): "Alt"
        case (.desktop, .shift): "Shift"
        case (.desktop, .super): "Super"
        case (.mac, .control): "⌃"
        case (.mac, .alt): "⌥"
        case (.mac, .shift): "⇧"
        case (.mac, .super): "⌘"
        default: key.names.joined(separator: "+") // locks, or several keys: see `label(_:)`
        }
    }

    /// Held keys as people write them: "Ctrl+Shift" on the desktop, "⌥⌘" on the Mac.
    public func label(_ keys: Modifiers) -> String {
        Self.labelOrder.filter { keys.contains($0) }.map { name(of: $0) }.joined(separator: self == .mac ? "" : "+")
    }
}

/// How a click or a band combines with the selection held before it (I1).
public enum SelectionOperation: String, Sendable, Hashable, CaseIterable {
    /// Only what was clicked or what the band covers.
    case replace
    /// The old selection plus what was clicked or covered.
    case extend
    /// What was clicked or covered flips.
    case toggle
}
