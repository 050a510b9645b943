// Where the window's own buttons go (issue 32.1, SPEC W1): the `windowButtons` setting takes
// GNOME's `button-layout` syntax (org.gnome.desktop.wm.preferences): the names before the colon
// sit at the toolbar's left end, those after it at the right end, each side in the order given
// ("appmenu:minimize,maximize,close", "close,minimize,maximize:" as on a Mac). GNOME's other
// names (appmenu, icon, menu, spacer) are accepted and draw nothing here; any other name is an
// error naming it.

/// The window buttons' order on each side of the toolbar.
public struct WindowButtonLayout: Hashable, Sendable, CustomStringConvertible {
    /// Left to right at the toolbar's left end.
    public var leading: [WindowControlKind]
    /// Left to right at the toolbar's right end.
    public var trailing: [WindowControlKind]

    public init(leading: [WindowControlKind] = [], trailing: [WindowControlKind] = []) {
        self.leading = leading; self.trailing = trailing
    }

    /// Without the setting: close at the right end, minimize and maximize before it (GNOME's
    /// order, with the buttons the compositor offers).
    public static let standard = WindowButtonLayout(trailing: [.minimize, .maximize, .close])

    /// GNOME's names that are no button Lodestone draws: accepted, and left out.
    public static let ignoredNames = ["appmenu", "icon", "menu", "spacer"]

    /// Reads GNOME's syntax: "LEFT:RIGHT", each side names separated by commas (either side may
    /// be empty; without a colon every name is on the left, as GNOME reads it).
    public init(parsing text: String) throws(SettingsError) {
        let sides = text.split(separator: ":", omittingEmptySubsequences: false)
        guard sides.count <= 2 else {
            throw SettingsError("windowButtons takes one \":\" between the left and the right buttons, found \(sides.count - 1) in \"\(text)\"")
        }
        var seen: Set<WindowControlKind> = []
        func side(_ part: Substring) throws(SettingsError) -> [WindowControlKind] {
            var out: [WindowControlKind] = []
            for raw in part.split(separator: ",", omittingEmptySubsequences: true) {
                let name = raw.trimmingSpaces
                if name.isEmpty || Self.ignoredNames.contains(name) { continue }
                guard let kind = WindowControlKind(rawValue: name) else {
                    let known = WindowControlKind.allCases.map(\.rawValue) + Self.ignoredNames
                    throw SettingsError("windowButtons names \"\(name)\" in \"\(text)\", which is no window button; known: \(known.joined(separator: ", "))")
                }
                guard seen.insert(kind).inserted else {
                    throw SettingsError("windowButtons names \"\(name)\" twice in \"\(text)\"")
                }
                out.append(kind)
            }
            return out
        }
        leading = try side(sides[0])
        trailing = sides.count == 2 ? try side(sides[1]) : []
    }

    /// GNOME's syntax for it.
    public var description: String {
        leading.map(\.rawValue).joined(separator: ",") + ":" + trailing.map(\.rawValue).joined(separator: ",")
    }

    /// Only the buttons for which `offered` holds, each side in its order.
    public func filter(_ offered: (WindowControlKind) -> Bool) -> WindowButtonLayout {
        WindowButtonLayout(leading: leading.filter(offered), trailing: trailing.filter(offered))
    }
}
