// Drops from other applications (issue 18.3, first part): what an offer entering the window
// announces, and what the drop target under it answers. The target's policy says which
// operations it takes; the modifiers the window knows about, read by the `conventions`
// setting (I2: desktop Ctrl copy, Shift move, Ctrl+Shift link; mac Option copy,
// Option+Command link), say which it prefers; the compositor then chooses (wlroots lets the
// destination's preference decide, weston and mutter apply Shift/Ctrl themselves). Pure: the
// Wayland side (lodestone's playground) applies the answer with accept and set_actions.
import InputProtocol
import PointerEngine

/// An offer from another application over the window, as the state report shows it.
public struct ExternalDrag: Sendable, Equatable {
    public var offer: UInt32
    public var mimeTypes: [String]
    /// The source's actions, as operations (ask is link).
    public var sourceOperations: Set<DragOperation>
    public var position: Point
    /// What the window answered at `position`.
    public var answer: ExternalDropAnswer
    /// The compositor's choice (wl_data_offer.action; nil = none yet or none matches).
    public var negotiated: DragOperation?
    /// When `negotiated` last changed.
    public var negotiatedAt: Timestamp?

    public init(offer: UInt32, mimeTypes: [String], sourceOperations: Set<DragOperation>, position: Point,
                answer: ExternalDropAnswer = .refused, negotiated: DragOperation? = nil) {
        self.offer = offer; self.mimeTypes = mimeTypes; self.sourceOperations = sourceOperations
        self.position = position; self.answer = answer; self.negotiated = negotiated
    }
}

/// A finished drop from another application: what was read into which target.
public struct ExternalDropResult: Sendable, Equatable {
    public var target: ElementID?
    public var mimeType: String
    public var operation: DragOperation?
    /// Bytes read, or why nothing was (the transfer's error).
    public var outcome: Result<Int, ExternalDropFailure>
    /// FNV-1a 64 of the bytes read (ByteDigest), to compare with what the source sent.
    public var digest: String?
    /// From the receive request to the data's end, µs (the bench's read time; nil: not read).
    public var readMicros: Int?
    public init(target: ElementID?, mimeType: String, operation: DragOperation?, outcome: Result<Int, ExternalDropFailure>,
                digest: String? = nil, readMicros: Int? = nil) {
        self.target = target; self.mimeType = mimeType; self.operation = operation; self.outcome = outcome; self.digest = digest
        self.readMicros = readMicros
    }
}

public struct ExternalDropFailure: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// The window's answer to an offer at one point: accept a type and operations, or refuse.
public struct ExternalDropAnswer: Sendable, Equatable {
    /// The drop target under the offer, nil outside every target.
    public var target: ElementID?
    /// The type taken (wl_data_offer.accept), nil: none.
    public var mimeType: String?
    /// What the target takes of what the source offers (wl_data_offer.set_actions).
    public var operations: Set<DragOperation>
    /// The one the held modifiers ask for, when the target takes it.
    public var preferred: DragOperation?

    public static let refused = ExternalDropAnswer(target: nil, mimeType: nil, operations: [], preferred: nil)
}

public enum ExternalDrop {
    /// Types a drop target shows best, best first (file names, then text, as GNOME Files and
    /// GTK4 ask for them). Any other offered type is still taken, shown by its name and size.
    public static let preferredTypes = ["text/uri-list", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING", "TEXT", "STRING"]

    /// The type to accept from `offered`: the best known one, else the first offered.
    public static func bestType(_ offered: [String]) -> String? {
        preferredTypes.first(where: offered.contains) ?? offered.first
    }

    /// The answer at `point`: the drop target there (the element hit or its nearest drop-target
    /// ancestor), its policy intersected with the source's operations, the preferred one from
    /// `modifiers` by `conventions` (with none held, `plainDrop`'s: move, or ask shown as link —
    /// but a plain drop of anything that is not a file list prefers copy, issue 30.7: a move
    /// of text tells the source to delete it, and GTK does, from the user's entry; GNOME Files
    /// and Dolphin copy a dropped text into a new file too). Refused outside a target, with no
    /// types, or when nothing the source offers is taken.
    public static func answer(in layout: Layout, hit: ElementID?, offered: [String], sourceOperations: Set<DragOperation>,
                              modifiers: Modifiers, conventions: Conventions, plainDrop: PlainDrop = .move) -> ExternalDropAnswer {
        guard let target = dropTarget(in: layout, from: hit), let type = bestType(offered) else { return .refused }
        let policy = layout[target]?.traits.drop?.accepts ?? Set(DragOperation.allCases)
        let operations = policy.intersection(sourceOperations)
        guard !operations.isEmpty else { return ExternalDropAnswer(target: target, mimeType: nil, operations: [], preferred: nil) }
        var asked = conventions.dropOperation(for: modifiers, plain: plainDrop)
        let plain = modifiers.intersection([.shift, .control, .alt, .super]).isEmpty
        if plain, plainDrop == .move, !carriesFiles(type), operations.contains(.copy) { asked = .copy }
        return ExternalDropAnswer(target: target, mimeType: type, operations: operations,
                                  preferred: operations.contains(asked) ? asked : nil)
    }

    /// Whether a drop of `type` brings files (a URI list), which a plain drop moves; any other
    /// type is content a plain drop copies.
    public static func carriesFiles(_ type: String) -> Bool { type == "text/uri-list" }

    /// `id` or its nearest ancestor that is a drop target.
    public static func dropTarget(in layout: Layout, from id: ElementID?) -> ElementID? {
        var current = id
        while let c = current, let e = layout[c] {
            if e.kind == .dropTarget { return c }
            current = e.parent
        }
        return nil
    }
}

extension PlaygroundSession {
    /// The answer to an offer at `point` (window pt), with the modifiers the engine knows about.
    public func externalDropAnswer(at point: Point, offered: [String], sourceOperations: Set<DragOperation>) -> ExternalDropAnswer {
        // Our own touch drag that the compositor kept here: its positions are another
        // surface's, so no target of ours is where they say (issue 30.4).
        if outgoingDrag?.uncarried == true { return .refused }
        return ExternalDrop.answer(in: layout, hit: engine.element(at: point), offered: offered, sourceOperations: sourceOperations,
                            modifiers: engine.modifiers, conventions: engine.settings.conventions, plainDrop: engine.settings.plainDrop)
    }
}

extension ExternalDrop {
    /// What a drop target shows of a drop (issue 18.3): the file names of a URI list, the first
    /// line of a text, or the type and size of anything else; at most `limit` characters.
    public static func summary(mimeType: String, bytes: [UInt8], limit: Int = 22) -> String {
        let text: String
        if mimeType == "text/uri-list" {
            let uris = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline)
                .filter { !$0.hasPrefix("#") }
            text = uris.map { uri in percentDecoded(String(uri.split(separator: "/").last ?? uri[...])) }.joined(separator: ", ")
        } else if mimeType.hasPrefix("text/") || ["UTF8_STRING", "TEXT", "STRING"].contains(mimeType) {
            // The first line only, so decode no more than it (a 1 MB drop is shown within the
            // bench's 50 ms, not split whole): past leading line breaks, up to the next one,
            // each search at most 4 KiB long (a 1 MB text with no line break was scanned whole,
            // 150 ms in a debug build); the split then finds any non-ASCII line break in that.
            let window = 4096
            let lead = bytes.prefix(window)
            let start = lead.firstIndex { !(0x0A...0x0D).contains($0) } ?? lead.endIndex
            let rest = bytes[start..<min(bytes.endIndex, start + window)]
            let line = rest[..<(rest.firstIndex { (0x0A...0x0D).contains($0) } ?? rest.endIndex)]
            text = String(String(decoding: line, as: UTF8.self).split(whereSeparator: \.isNewline).first ?? "")
        } else {
            text = "\(mimeType) · \(bytes.count) B"
        }
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// `%2F`-style escapes decoded (bad escapes kept as they are).
    static func percentDecoded(_ s: String) -> String {
        var out: [UInt8] = []
        var bytes = Array(s.utf8)[...]
        while let b = bytes.popFirst() {
            if b == UInt8(ascii: "%"), bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) {
                out.append(v)
                bytes = bytes.dropFirst(2)
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Where the keys go while a drop's menu is open (issue 30.5; I6, G9). The drop's button went
/// to the source's window, and wlroots (sway) leaves the keyboard there after the drag.
public enum DropMenuKeys: String, Sendable {
    /// This window has the keyboard: Escape, the arrows and Enter work in the menu.
    case here
    /// Asked for with xdg_activation_v1, not given (yet): sway and the others apply their
    /// policy (sway's default marks the window urgent), so the menu says to click.
    case asked
    /// The compositor offers no way to ask, or the keyboard left the window: the menu says
    /// to click.
    case elsewhere

    /// Said under the menu while its keys cannot reach it.
    public static let hint = "Click an entry: the keyboard is in the other window"
}
