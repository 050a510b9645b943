// The seat's data device (issue 18.1): drag and drop and the selection between applications,
// wl_data_device_manager v3. Typed wrappers for the device, its offers and a data source: no
// C type shows above this file. An offer collects what the source announces (MIME types,
// source actions, the compositor's chosen action); the device tracks which offer the drag
// over our window carries, and reports each step as a `DataDeviceEvent`.
import CWayland
import InputProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The drag-and-drop actions of wl_data_device_manager.dnd_action, as a set.
public struct DragActions: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let copy = DragActions(rawValue: WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue)
    public static let move = DragActions(rawValue: WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue)
    /// "ask": the destination asks the user (a menu at the drop point).
    public static let ask = DragActions(rawValue: WL_DATA_DEVICE_MANAGER_DND_ACTION_ASK.rawValue)
    public static let all: DragActions = [.copy, .move, .ask]

    /// Decodes a bitmask from the wire. Bits the protocol does not define are an error naming
    /// `what` (the event it came with); the known bits are kept in the error.
    public init(wire: UInt32, what: String) throws(DataDeviceError) {
        let known = wire & DragActions.all.rawValue
        guard known == wire else {
            throw .unknownActions(bits: wire, in: what, known: DragActions(rawValue: known))
        }
        self.init(rawValue: wire)
    }

    /// "copy", "move", "ask" in that order.
    public var names: [String] {
        [(DragActions.copy, "copy"), (.move, "move"), (.ask, "ask")].filter { contains($0.0) }.map(\.1)
    }

    public var description: String { isEmpty ? "none" : names.joined(separator: "|") }
}

/// One action: what wl_data_offer.action / wl_data_source.action report (nil = none).
public enum DragAction: String, Sendable, CaseIterable {
    case copy, move, ask

    public var set: DragActions {
        switch self {
        case .copy: .copy
        case .move: .move
        case .ask: .ask
        }
    }

    /// Decodes a single action from the wire: 0 is none (nil); more than one bit, or an
    /// unknown bit, is an error naming `what`.
    public static func decode(wire: UInt32, what: String) throws(DataDeviceError) -> DragAction? {
        let set = try DragActions(wire: wire, what: what)
        if set.isEmpty { return nil }
        guard let one = DragAction.allCases.first(where: { $0.set == set }) else {
            throw .notOneAction(bits: wire, in: what)
        }
        return one
    }
}

/// Bad input on the data device: from the compositor or from the peer that offers the data.
public enum DataDeviceError: Error, Equatable, CustomStringConvertible {
    case unknownActions(bits: UInt32, in: String, known: DragActions)
    case notOneAction(bits: UInt32, in: String)
    case noTypes(offer: UInt32)
    case tooManyTypes(offer: UInt32, limit: Int)
    case typeTooLong(offer: UInt32, length: Int, limit: Int)
    /// A type with a byte outside printable ASCII (a control byte, non-ASCII or not UTF-8 at
    /// all): `byte` at `offset`, the name shown with such bytes escaped.
    case typeNotPrintable(offer: UInt32, byte: UInt8, offset: Int, escaped: String)

    public var description: String {
        switch self {
        case let .unknownActions(bits, what, known):
            "\(what) carries action bits 0x\(String(bits, radix: 16)), which wl_data_device_manager does not define (copy 0x1, move 0x2, ask 0x4): only \(known) is used"
        case let .notOneAction(bits, what):
            "\(what) must be one action, but carries 0x\(String(bits, radix: 16)): it is read as none"
        case let .noTypes(offer):
            "drag offer \(offer) announces no MIME types: nothing can be dropped from it"
        case let .tooManyTypes(offer, limit):
            "drag offer \(offer) announces more than \(limit) MIME types: the rest are ignored"
        case let .typeTooLong(offer, length, limit):
            "drag offer \(offer) announces a MIME type of \(length) bytes (limit \(limit)): it is ignored"
        case let .typeNotPrintable(offer, byte, offset, escaped):
            "drag offer \(offer) announces the MIME type \"\(escaped)\" with byte 0x\(byte < 16 ? "0" : "")\(String(byte, radix: 16, uppercase: true)) at offset \(offset), outside printable ASCII (RFC 6838): it is ignored"
        }
    }
}

/// What the data device reports, in order.
public struct DataDeviceEvent: Sendable, Equatable {
    public var time: Timestamp
    public var kind: Kind

    /// The clock the device stamps its events with (CLOCK_MONOTONIC µs, SPEC T1), for what a
    /// consumer adds to the stream (a transfer's end).
    public static func now() -> Timestamp {
        EventClock.stamp(.none, now: UInt64(Sys.monotonicNow() * 1_000_000))
    }

    public enum Kind: Sendable, Equatable {
        /// A drag entered one of our surfaces at `position` (surface pt). `offer` is nil for a
        /// drag without data (a client-internal drag of another client).
        case enter(offer: OfferSummary?, position: InputPoint)
        case leave
        case motion(position: InputPoint)
        case drop
        /// The current drag offer's source actions changed (after enter).
        case sourceActions(DragActions)
        /// The compositor chose an action for the current drag offer (nil = none).
        case action(DragAction?)
        /// The selection (clipboard) changed: its types, nil when it was cleared.
        case selection(mimeTypes: [String]?)
        /// Bad input, reported and survived.
        case error(DataDeviceError)
    }
}

/// An offer's announcements at one moment.
public struct OfferSummary: Sendable, Equatable {
    /// The protocol object's id (server-created offers count down from 0xff000000).
    public var id: UInt32
    public var mimeTypes: [String]
    public var sourceActions: DragActions
}

/// wl_data_offer: data another client (or we) offers, by drag or as the selection.
public final class DataOffer {
    /// wl_data_offer*
    let proxy: OpaquePointer
    public let id: UInt32
    public private(set) var mimeTypes: [String] = []
    public private(set) var sourceActions: DragActions = []
    /// The action the compositor chose (wl_data_offer.action), nil = none.
    public private(set) var action: DragAction?
    /// The enter serial, for accept.
    var serial: UInt32 = 0
    private let loop: EventLoop
    fileprivate var report: (DataDeviceError) -> Void
    fileprivate var onChange: ((DataDeviceEvent.Kind) -> Void)?
    private var transfers: [PipeTransfer] = []
    private var warnedAboutTypes = false
    /// 256 types: GTK offers about a dozen per drag; hundreds mean a broken or hostile source.
    public static let maximumTypes = 256
    /// 255 bytes: RFC 6838 limits a media type's type and subtype to 127 characters each.
    public static let maximumTypeBytes = 255

    init(proxy: OpaquePointer, loop: EventLoop, report: @escaping (DataDeviceError) -> Void) {
        self.proxy = proxy
        self.loop = loop
        self.report = report
        id = wl_proxy_get_id(proxy)
        wl_data_offer_add_listener(proxy, DataOffer.listener, userData(self))
    }

    deinit {
        for t in transfers { t.cancel() }
        wl_data_offer_destroy(proxy)
    }

    var summary: OfferSummary { OfferSummary(id: id, mimeTypes: mimeTypes, sourceActions: sourceActions) }

    /// Tells the source which type we would take here (nil: we would take none).
    public func accept(_ mimeType: String?) {
        wl_data_offer_accept(proxy, serial, mimeType)
    }

    /// The actions the drop target takes and the one it prefers (v3).
    public func setActions(_ accepted: DragActions, preferred: DragAction?) {
        let preferredBits = preferred.map { accepted.contains($0.set) ? $0.set.rawValue : 0 } ?? 0
        wl_data_offer_set_actions(proxy, accepted.rawValue, preferredBits)
    }

    /// The drop is done with (after a successful transfer, v3).
    public func finish() {
        wl_data_offer_finish(proxy)
    }

    /// Reads the data of `mimeType` through a pipe on the event loop; `completion` runs once,
    /// from the loop. The offer stays alive until the transfer ends.
    public func receive(_ mimeType: String, limits: TransferLimits = TransferLimits(),
                        completion: @escaping (Result<[UInt8], TransferError>) -> Void) {
        guard mimeTypes.contains(mimeType) else {
            let offered = mimeTypes
            loop.soon { completion(.failure(.notOffered(mimeType: mimeType, offered: offered))) }
            return
        }
        let fds: (read: Int32, write: Int32)
        switch Sys.pipe() {
        case .success(let p): fds = p
        case .failure(let e):
            loop.soon { completion(.failure(.system(mimeType: mimeType, e))) }
            return
        }
        wl_data_offer_receive(proxy, mimeType, fds.write)
        // libwayland duplicated the fd into the request; ours closes so the source's close is
        // the pipe's end.
        Sys.close(fds.write)
        var transfer: PipeTransfer?
        transfer = PipeTransfer(fd: fds.read, mimeType: mimeType, limits: limits, loop: loop) { [self] result in
            transfers.removeAll { $0 === transfer }
            completion(result)
        }
        transfers.append(transfer!)
    }

    /// One announced type, as the wire's bytes: a name that is too long or has a byte outside
    /// printable ASCII (control bytes, non-UTF-8) is reported and left out, never shown raw.
    func offered(_ bytes: [UInt8]) {
        guard mimeTypes.count < Self.maximumTypes else {
            if !warnedAboutTypes { report(.tooManyTypes(offer: id, limit: Self.maximumTypes)) }
            warnedAboutTypes = true
            return
        }
        guard bytes.count <= Self.maximumTypeBytes else {
            report(.typeTooLong(offer: id, length: bytes.count, limit: Self.maximumTypeBytes))
            return
        }
        if let bad = bytes.firstIndex(where: { !(0x20...0x7E).contains($0) }) {
            report(.typeNotPrintable(offer: id, byte: bytes[bad], offset: bad, escaped: Self.escaped(bytes)))
            return
        }
        let type = String(decoding: bytes, as: UTF8.self)
        if !mimeTypes.contains(type) { mimeTypes.append(type) }
    }

    /// `bytes` with every byte outside printable ASCII (and the backslash) as \xHH.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        for b in bytes {
            if (0x20...0x7E).contains(b), b != UInt8(ascii: "\\") { out.unicodeScalars.append(Unicode.Scalar(b)) }
            else { out += "\\x" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
        }
        return out
    }

    private func sourceActionsChanged(_ bits: UInt32) {
        let actions: DragActions
        do { actions = try DragActions(wire: bits, what: "wl_data_offer.source_actions") } catch {
            report(error)
            if case let .unknownActions(_, _, known) = error { actions = known } else { actions = [] }
        }
        guard actions != sourceActions else { return }
        sourceActions = actions
        onChange?(.sourceActions(actions))
    }

    private func actionChanged(_ bits: UInt32) {
        var chosen: DragAction?
        do { chosen = try DragAction.decode(wire: bits, what: "wl_data_offer.action") } catch {
            report(error)
            chosen = nil
        }
        action = chosen
        onChange?(.action(chosen))
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_data_offer_listener(
        offer: { data, _, type in
            let bytes = type.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
            object(data, as: DataOffer.self).offered(bytes ?? [])
        },
        source_actions: { data, _, bits in object(data, as: DataOffer.self).sourceActionsChanged(bits) },
        action: { data, _, bits in object(data, as: DataOffer.self).actionChanged(bits) }))
}

/// wl_data_device: one per seat.
public final class DataDevice {
    /// wl_data_device*
    let proxy: OpaquePointer
    let version: UInt32
    private let loop: EventLoop
    private let isOurSurface: (OpaquePointer?) -> Bool
    private let emit: (DataDeviceEvent.Kind) -> Void
    /// The newest wl_data_offer not yet claimed by enter or selection.
    private var pending: DataOffer?
    /// The offer the drag over our window carries (between enter and leave).
    public private(set) var drag: DataOffer?
    /// The offer that was dropped on us: alive until its consumer lets go of it.
    public private(set) var dropped: DataOffer?
    /// The current selection's offer.
    public private(set) var selection: DataOffer?
    /// Where the drag is over our surface (pt), nil outside.
    public private(set) var position: InputPoint?
    /// The wl_surface the drag is over (one of our windows'), nil outside.
    private var dragSurface: OpaquePointer?

    /// Whether the drag is over `window` now (a client with several windows: issue 33).
    public func isOver(_ window: Window) -> Bool { position != nil && dragSurface == window.surface }

    init(manager: OpaquePointer, seat: OpaquePointer, loop: EventLoop,
         isOurSurface: @escaping (OpaquePointer?) -> Bool, emit: @escaping (DataDeviceEvent.Kind) -> Void) {
        proxy = wl_data_device_manager_get_data_device(manager, seat)
        version = wl_proxy_get_version(proxy)
        self.loop = loop
        self.isOurSurface = isOurSurface
        self.emit = emit
        wl_data_device_add_listener(proxy, DataDevice.listener, userData(self))
    }

    /// Releases the device (the seat went away: a drag over the window leaves, when `notify`).
    /// Offers still held elsewhere stay valid objects until released.
    func destroy(notify: Bool = true) {
        if notify, drag != nil { emit(.leave) }
        pending = nil; drag = nil; dropped = nil; selection = nil; position = nil
        if version >= 2 { wl_data_device_release(proxy) } else { wl_data_device_destroy(proxy) }
    }

    /// Hands the dropped offer to whoever handles the drop (and forgets it here): the caller
    /// keeps it alive while it reads the data, then calls `finish`.
    public func takeDropped() -> DataOffer? {
        defer { dropped = nil }
        return dropped
    }

    private func newOffer(_ p: OpaquePointer?) {
        guard let p else { return }
        // Weak: a dropped offer goes to its consumer and may outlive the device (the seat
        // removed while the drop is read).
        let offer = DataOffer(proxy: p, loop: loop) { [weak self] in self?.emit(.error($0)) }
        pending = offer
    }

    private func claim(_ p: OpaquePointer?) -> DataOffer? {
        guard let p, let offer = pending, offer.proxy == p else { return nil }
        pending = nil
        return offer
    }

    private func enter(serial: UInt32, surface: OpaquePointer?, x: Double, y: Double, offer p: OpaquePointer?) {
        drag = nil
        // A drag over another of the client's surfaces (a drag icon) is not over the window.
        let offer = claim(p)
        guard isOurSurface(surface) else { return }
        offer?.serial = serial
        drag = offer
        dragSurface = surface
        position = InputPoint(x: x, y: y)
        emit(.enter(offer: offer?.summary, position: position!))
        if let offer {
            if offer.mimeTypes.isEmpty { emit(.error(.noTypes(offer: offer.id))) }
            offer.onChange = { [weak self, weak offer] change in
                guard let self, let offer, self.drag === offer else { return }
                self.emit(change)
            }
        }
    }

    private func leave() {
        guard position != nil else { return }
        drag?.onChange = nil
        drag = nil
        position = nil
        dragSurface = nil
        emit(.leave)
    }

    private func motion(x: Double, y: Double) {
        guard position != nil else { return }
        position = InputPoint(x: x, y: y)
        emit(.motion(position: position!))
    }

    private func drop() {
        guard position != nil else { return }
        dropped = drag
        emit(.drop)
    }

    private func selectionChanged(_ p: OpaquePointer?) {
        selection = claim(p)
        emit(.selection(mimeTypes: selection?.mimeTypes))
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_data_device_listener(
        data_offer: { data, _, offer in object(data, as: DataDevice.self).newOffer(offer) },
        enter: { data, _, serial, surface, x, y, offer in
            object(data, as: DataDevice.self).enter(serial: serial, surface: surface,
                                                    x: wl_fixed_to_double(x), y: wl_fixed_to_double(y), offer: offer)
        },
        leave: { data, _ in object(data, as: DataDevice.self).leave() },
        motion: { data, _, _, x, y in
            object(data, as: DataDevice.self).motion(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
        },
        drop: { data, _ in object(data, as: DataDevice.self).drop() },
        selection: { data, _, offer in object(data, as: DataDevice.self).selectionChanged(offer) }))
}

/// What a data source hears while its drag or selection goes on.
public enum DataSourceEvent: Sendable, Equatable {
    /// The destination would take this type (nil: it takes none here).
    case target(String?)
    /// The compositor chose this action (nil = none) (v3).
    case action(DragAction?)
    /// The user dropped; the destination may still read (v3).
    case dropPerformed
    /// The destination is done: a move may now remove the original (v3).
    case finished
    /// The drag was refused or cancelled, or the selection replaced: nothing happened.
    case cancelled
    /// A send could not be served (the source has no data for the type, or writing failed).
    case sendFailed(mimeType: String, reason: String)
}

/// wl_data_source: data we offer. The data for a type is asked for when a destination reads
/// it (`provide`), and written to the destination's pipe from the event loop, never blocking.
public final class DataSource {
    /// wl_data_source*
    let proxy: OpaquePointer
    public let mimeTypes: [String]
    public let actions: DragActions
    /// The action the compositor chose (nil = none).
    public private(set) var action: DragAction?
    public var onEvent: ((DataSourceEvent) -> Void)?
    /// After each send: the type asked for, the bytes the reader took, and whether it took them
    /// all (sizes only: what a peer requested and how much, issue 33).
    public var onSent: ((_ mimeType: String, _ bytes: Int, _ complete: Bool) -> Void)?
    private let loop: EventLoop
    private let provide: (String) -> [UInt8]?
    private let limits: TransferLimits

    init(manager: OpaquePointer, mimeTypes: [String], actions: DragActions, loop: EventLoop,
         limits: TransferLimits, provide: @escaping (String) -> [UInt8]?) {
        proxy = wl_data_device_manager_create_data_source(manager)
        self.mimeTypes = mimeTypes
        self.actions = actions
        self.loop = loop
        self.limits = limits
        self.provide = provide
        wl_data_source_add_listener(proxy, DataSource.listener, userData(self))
        for type in mimeTypes { wl_data_source_offer(proxy, type) }
        if !actions.isEmpty { wl_data_source_set_actions(proxy, actions.rawValue) }
    }

    deinit {
        wl_data_source_destroy(proxy)
    }

    private func send(_ mimeType: String, fd: Int32) {
        guard let bytes = provide(mimeType) else {
            Sys.close(fd)
            onSent?(mimeType, 0, false)
            onEvent?(.sendFailed(mimeType: mimeType, reason: "no data for \(mimeType)"))
            return
        }
        // The source may be gone when the write ends (issue 30.1: a destination that reads
        // after the drag was cancelled): then only `onSent`, as it was at the send, hears how it
        // went. The writer keeps itself alive until it ends (PipeWriter): nothing here holds it.
        weak var writer: PipeWriter?
        let sent = onSent
        writer = PipeWriter.start(fd: fd, bytes: bytes, timeout: limits.timeout, loop: loop) { [weak self] failure in
            sent?(mimeType, failure == nil ? bytes.count : writer?.written ?? 0, failure == nil)
            if let failure { self?.onEvent?(.sendFailed(mimeType: mimeType, reason: failure)) }
        }
    }

    private func actionChanged(_ bits: UInt32) {
        do { action = try DragAction.decode(wire: bits, what: "wl_data_source.action") } catch {
            action = nil
            onEvent?(.sendFailed(mimeType: "", reason: error.description))
        }
        onEvent?(.action(action))
    }

    nonisolated(unsafe) private static let listener = makeListener(wl_data_source_listener(
        target: { data, _, type in object(data, as: DataSource.self).onEvent?(.target(type.map { String(cString: $0) })) },
        send: { data, _, type, fd in object(data, as: DataSource.self).send(type.map { String(cString: $0) } ?? "", fd: fd) },
        cancelled: { data, _ in object(data, as: DataSource.self).onEvent?(.cancelled) },
        dnd_drop_performed: { data, _ in object(data, as: DataSource.self).onEvent?(.dropPerformed) },
        dnd_finished: { data, _ in object(data, as: DataSource.self).onEvent?(.finished) },
        action: { data, _, bits in object(data, as: DataSource.self).actionChanged(bits) }))
}

extension Client {
    /// A data source offering `mimeTypes` with `actions`, nil when the compositor has no
    /// wl_data_device_manager v3. `provide` gives the bytes for a type when a destination reads.
    public func makeDataSource(mimeTypes: [String], actions: DragActions, limits: TransferLimits = TransferLimits(),
                               provide: @escaping (String) -> [UInt8]?) -> DataSource? {
        guard let manager = registry.dataDeviceManager else { return nil }
        return DataSource(manager: manager, mimeTypes: mimeTypes, actions: actions, loop: loop, limits: limits, provide: provide)
    }
}
