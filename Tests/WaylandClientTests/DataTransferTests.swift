// Offer transfers without a compositor (issue 18.1): a real pipe read by the real event loop,
// with the size limit and the timeout, and the data-device action bitmasks.
import Testing
import CShim
#if canImport(Glibc)
import Glibc
#endif
@testable import WaylandClient

@Suite("Data transfers", .serialized)
struct DataTransferTests {
    /// A non-blocking pipe: (read, write).
    private func makePipe() throws -> (Int32, Int32) {
        let p = try Sys.pipe().get()
        _ = try Sys.setNonBlocking(p.write).get()
        return (p.read, p.write)
    }

    /// Turns the loop until `done` or `seconds` pass (the loop sleeps in poll, no spinning).
    private func turn(_ loop: EventLoop, seconds: Double = 10, until done: () -> Bool) {
        let end = Sys.monotonicNow() + seconds
        while !done(), Sys.monotonicNow() < end { loop.iterate(timeout: 50) }
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    private func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) } }

    @Test("1 MB written in pieces as the pipe drains arrives byte-identical, the loop never blocked")
    func largeTransfer() throws {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        let data = pattern(1_000_000)
        var sent = 0
        var writer: SourceID?
        writer = loop.addSource(fd: w, events: .writable) { _ in
            let n = data[sent...].withUnsafeBytes { Glibc.write(w, $0.baseAddress, min($0.count, 8192)) }
            if n > 0 { sent += n }
            if sent == data.count { loop.removeSource(writer!); close(w) }
        }
        var result: Result<[UInt8], TransferError>?
        let t = PipeTransfer(fd: r, mimeType: "text/plain;charset=utf-8", limits: TransferLimits(), loop: loop) { result = $0 }
        turn(loop) { result != nil }
        #expect(try result?.get() == data)
        #expect(!t.isActive)
    }

    /// Writes `data` into a pipe, closes it, and reads it with a `limit`-byte transfer.
    private func transfer(_ data: [UInt8], limit: Int, mimeType: String) throws -> Result<[UInt8], TransferError>? {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        #expect(write(w, data) == data.count)
        close(w)
        var result: Result<[UInt8], TransferError>?
        let t = PipeTransfer(fd: r, mimeType: mimeType, limits: TransferLimits(maximumBytes: limit, timeout: 5), loop: loop) { result = $0 }
        turn(loop) { result != nil }
        _ = t
        return result
    }

    @Test("a source that writes past the limit: refused, the error names the type and the limit (issue 30.8)")
    func tooLarge() throws {
        let data = pattern(5000)
        let result = try transfer(data, limit: 1000, mimeType: "text/uri-list")
        guard case let .failure(.tooLarge(mime, limit, received)) = result else {
            Issue.record("expected tooLarge, got \(String(describing: result))"); return
        }
        #expect(mime == "text/uri-list")
        #expect(limit == 1000)
        #expect(received == Array(data.prefix(1000)))
        #expect(result.map { if case let .failure(e) = $0 { "\(e)" } else { "" } }?.contains("text/uri-list") == true)
        #expect(result.map { if case let .failure(e) = $0 { "\(e)" } else { "" } }?.contains("larger than the 1000 B limit: it was refused") == true)
        #expect(TransferLimits.describe(bytes: TransferLimits.maximumTransferBytes) == "16 MiB")
    }

    @Test("exactly the limit is not too much")
    func exactlyTheLimit() throws {
        let data = pattern(1000)
        #expect(try transfer(data, limit: 1000, mimeType: "text/plain")?.get() == data)
    }

    @Test("a source that never closes times out with what came; a second transfer is not affected")
    func timeout() throws {
        let loop = EventLoop()
        let (r1, w1) = try makePipe()
        let (r2, w2) = try makePipe()
        defer { close(w1) }
        #expect(write(w1, [1, 2, 3]) == 3)
        var stuck: Result<[UInt8], TransferError>?
        var other: Result<[UInt8], TransferError>?
        let start = Sys.monotonicNow()
        let t1 = PipeTransfer(fd: r1, mimeType: "application/x-wayland-dnd-flower", limits: TransferLimits(maximumBytes: 1 << 20, timeout: 0.2), loop: loop) { stuck = $0 }
        let t2 = PipeTransfer(fd: r2, mimeType: "text/plain", limits: TransferLimits(), loop: loop) { other = $0 }
        turn(loop) { stuck != nil }
        let elapsed = Sys.monotonicNow() - start
        guard case let .failure(.timedOut(mime, seconds, received)) = stuck else {
            Issue.record("expected timedOut, got \(String(describing: stuck))"); return
        }
        #expect(mime == "application/x-wayland-dnd-flower")
        #expect(seconds == 0.2)
        #expect(received == [1, 2, 3])
        #expect(elapsed >= 0.2)
        // The other transfer still runs and completes.
        #expect(t2.isActive && other == nil)
        #expect(write(w2, Array("hello".utf8)) == 5)
        close(w2)
        turn(loop) { other != nil }
        #expect(try other?.get() == Array("hello".utf8))
        _ = t1
    }

    @Test("a source that closes without writing is an error naming the type")
    func closedEarly() throws {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        close(w)
        var result: Result<[UInt8], TransferError>?
        let t = PipeTransfer(fd: r, mimeType: "text/plain", limits: TransferLimits(), loop: loop) { result = $0 }
        turn(loop) { result != nil }
        #expect(result.map { if case .failure(.closedEarly("text/plain")) = $0 { true } else { false } } == true)
        _ = t
    }

    @Test("a source's writer: 1 MB reaches the reader through the loop; a reader that went away is an error, not SIGPIPE")
    func writer() throws {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        let data = pattern(1_000_000)
        var failure: String?? = .none
        PipeWriter.start(fd: w, bytes: data, timeout: 5, loop: loop) { failure = .some($0) }
        var result: Result<[UInt8], TransferError>?
        let reader = PipeTransfer(fd: r, mimeType: "text/plain", limits: TransferLimits(), loop: loop) { result = $0 }
        turn(loop) { result != nil && failure != nil }
        #expect(failure == .some(nil))
        #expect(try result?.get() == data)

        let (r2, w2) = try makePipe()
        close(r2)
        var broken: String?? = .none
        PipeWriter.start(fd: w2, bytes: data, timeout: 5, loop: loop) { broken = .some($0) }
        turn(loop) { broken != nil }
        #expect(broken??.contains("Broken pipe") == true, "\(String(describing: broken))")
        _ = reader
    }

    /// The owner of a write (a data source) that is released before the reader reads: the
    /// write still ends, once, whole, and then the writer goes (issue 30.1: weston-terminal
    /// asked for the text, the drag was cancelled and the source released, and it read a
    /// moment later; the writer's callback then read its released source and aborted).
    final class Owner {
        var heard: [String?] = []
    }

    @Test("a write outlives its owner: the reader that reads after the source is released gets every byte; the writer then goes (issue 30.1)")
    func writerOutlivesOwner() throws {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        let data = pattern(200_000) // more than a pipe holds: the write needs the reader
        var owner: Owner? = Owner()
        weak var writer: PipeWriter?
        writer = PipeWriter.start(fd: w, bytes: data, timeout: 5, loop: loop) { [weak owner] failure in owner?.heard.append(failure) }
        weak let gone = owner
        owner = nil
        #expect(gone == nil, "the owner is released before anything is read")
        loop.iterate(timeout: 0)
        #expect(writer != nil, "the write goes on without its owner")
        var result: Result<[UInt8], TransferError>?
        let reader = PipeTransfer(fd: r, mimeType: "text/plain", limits: TransferLimits(), loop: loop) { result = $0 }
        turn(loop) { result != nil }
        #expect(try result?.get() == data)
        #expect(writer == nil, "the writer released itself once the write ended")
        _ = reader
    }

    @Test("an idle handler removed by another in the same turn does not run (issue 30.1's audit: its owner may be gone)")
    func removedIdleDoesNotRun() {
        let loop = EventLoop()
        var ran: [String] = []
        var second: SourceID?
        loop.addIdle { ran.append("first"); if let second { loop.removeIdle(second) } }
        second = loop.addIdle { ran.append("second") }
        loop.iterate(timeout: 0)
        loop.iterate(timeout: 0)
        #expect(ran == ["first", "first"])
    }

    @Test("a write nobody reads ends at its timeout, and the writer goes (issue 30.1: a destination that never reads)")
    func writerTimesOut() throws {
        let loop = EventLoop()
        let (r, w) = try makePipe()
        var failure: String?? = .none
        weak var writer: PipeWriter?
        writer = PipeWriter.start(fd: w, bytes: pattern(200_000), timeout: 0.05, loop: loop) { failure = .some($0) }
        turn(loop) { failure != nil }
        #expect(failure??.contains("did not take the data within 0.05 s") == true, "\(String(describing: failure))")
        #expect(writer == nil)
        close(r)
    }

    @Test("the limits' defaults: 16 MiB and 5 s")
    func defaults() {
        #expect(TransferLimits.maximumTransferBytes == 16 * 1024 * 1024)
        #expect(TransferLimits.transferTimeout == 5)
    }

    @Test("action bitmasks decode; unknown bits and several actions where one is due are errors")
    func actions() throws {
        #expect(try DragActions(wire: 0, what: "t") == [])
        #expect(try DragActions(wire: 1, what: "t") == .copy)
        #expect(try DragActions(wire: 3, what: "t") == [.copy, .move])
        #expect(try DragActions(wire: 7, what: "t") == .all)
        #expect(DragActions.all.description == "copy|move|ask")
        #expect(DragActions().description == "none")
        #expect(throws: DataDeviceError.unknownActions(bits: 0x9, in: "wl_data_offer.source_actions", known: .copy)) {
            try DragActions(wire: 0x9, what: "wl_data_offer.source_actions")
        }
        #expect(try DragAction.decode(wire: 0, what: "t") == nil)
        #expect(try DragAction.decode(wire: 2, what: "t") == .move)
        #expect(try DragAction.decode(wire: 4, what: "t") == .ask)
        #expect(throws: DataDeviceError.notOneAction(bits: 3, in: "wl_data_offer.action")) {
            try DragAction.decode(wire: 3, what: "wl_data_offer.action")
        }
        let message = DataDeviceError.unknownActions(bits: 0x10, in: "wl_data_offer.action", known: []).description
        #expect(message.contains("wl_data_offer.action") && message.contains("0x10"))
    }
}

@Suite("Offered MIME type names (issue 18, bad input)")
struct OfferedTypeNameTests {
    @Test("a name is shown with control bytes, non-ASCII and non-UTF-8 bytes and the backslash escaped, printable ASCII as it is")
    func escaped() {
        #expect(DataOffer.escaped(Array("text/plain;charset=utf-8".utf8)) == "text/plain;charset=utf-8")
        #expect(DataOffer.escaped([0x74, 0x07, 0x1B, 0x5B]) == "t\\x07\\x1B[")
        #expect(DataOffer.escaped([0x61, 0xFF, 0xFE, 0x5C]) == "a\\xFF\\xFE\\x5C")
        #expect(DataOffer.escaped(Array("é".utf8)) == "\\xC3\\xA9")
    }

    @Test("the error names the offer, the byte, its offset and the escaped name")
    func message() {
        let e = DataDeviceError.typeNotPrintable(offer: 7, byte: 0x07, offset: 7, escaped: "text/pl\\x07ain")
        #expect(e.description == "drag offer 7 announces the MIME type \"text/pl\\x07ain\" with byte 0x07 at offset 7, outside printable ASCII (RFC 6838): it is ignored")
    }
}
