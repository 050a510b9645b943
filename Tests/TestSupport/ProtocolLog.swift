// Reads a client's WAYLAND_DEBUG=1 log (libwayland prints every request "->" and event on
// stderr), so tests can check the protocol conversation itself: which buffer was attached
// when, what was damaged, how many frame callbacks were outstanding.
import Foundation

public struct ProtocolLog {
    public struct Message: Sendable, CustomStringConvertible {
        /// True for requests (client → compositor), false for events.
        public var isRequest: Bool
        /// "wl_surface@3"
        public var object: String
        /// "attach"
        public var name: String
        /// Raw argument text, split at ", ".
        public var arguments: [String]
        public var description: String { "\(isRequest ? "-> " : "")\(object).\(name)(\(arguments.joined(separator: ", ")))" }

        public var interface: String { String(object.prefix { $0 != "@" }) }
        /// Integer arguments (non-numbers dropped).
        public var integers: [Int] { arguments.compactMap { Int($0) } }
    }

    public let messages: [Message]

    /// Parses lines such as `[1023525.014]  -> wl_surface@3.attach(wl_buffer@15, 0, 0)`.
    public init(_ text: String) {
        var out: [Message] = []
        for line in text.split(separator: "\n") {
            guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { continue }
            var rest = line[line.index(after: close)...].drop { $0 == " " }
            let isRequest = rest.hasPrefix("->")
            if isRequest { rest = rest.dropFirst(2).drop { $0 == " " } }
            // wayland 1.21 may prefix events with a queue name ("{Default Queue} "): skip it.
            if rest.hasPrefix("{"), let end = rest.firstIndex(of: "}") { rest = rest[rest.index(after: end)...].drop { $0 == " " } }
            guard let open = rest.firstIndex(of: "("), let dot = rest[..<open].lastIndex(of: "."), rest.hasSuffix(")") else { continue }
            let args = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
            out.append(Message(isRequest: isRequest, object: String(rest[..<dot]), name: String(rest[rest.index(after: dot)..<open]),
                               arguments: args.isEmpty ? [] : args.components(separatedBy: ", ")))
        }
        messages = out
    }

    public func requests(_ name: String, on interface: String) -> [Message] {
        messages.filter { $0.isRequest && $0.name == name && $0.interface == interface }
    }

    /// The life of the client's wl_buffers as the conversation shows it.
    public struct BufferLife: Sendable {
        /// Buffers attached again before the compositor released them (must stay empty).
        public var attachedWhileHeld: [String] = []
        /// wl_buffers made (wl_shm_pool.create_buffer).
        public var created = 0
        /// The most wl_buffers alive (made and not destroyed) at once.
        public var maxAlive = 0
        /// The most buffers held by the compositor (attached, not released) at once.
        public var maxHeld = 0
        public var attaches = 0
        public var releases = 0
    }

    /// Every attach checked against the releases before it; ids freed by wl_buffer.destroy
    /// start afresh (libwayland reuses them).
    public var bufferLife: BufferLife {
        var life = BufferLife()
        var held = Set<String>(), alive = Set<String>()
        for m in messages {
            switch (m.isRequest, m.interface, m.name) {
            case (true, "wl_shm_pool", "create_buffer"):
                if let id = m.arguments.first?.replacingOccurrences(of: "new id ", with: "") {
                    alive.insert(id)
                    life.created += 1
                    life.maxAlive = max(life.maxAlive, alive.count)
                }
            case (true, "wl_buffer", "destroy"):
                alive.remove(m.object)
                held.remove(m.object)
            case (true, "wl_surface", "attach"):
                if let buffer = m.arguments.first, buffer.hasPrefix("wl_buffer@") {
                    life.attaches += 1
                    if held.contains(buffer) { life.attachedWhileHeld.append(buffer) }
                    held.insert(buffer)
                    life.maxHeld = max(life.maxHeld, held.count)
                }
            case (false, "wl_buffer", "release"):
                life.releases += 1
                held.remove(m.object)
            default: break
            }
        }
        return life
    }
}
