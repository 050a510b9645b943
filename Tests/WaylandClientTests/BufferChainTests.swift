// The buffer chain without a compositor: a test allocator hands out plain memory and the test
// plays the compositor (holding and releasing buffers).
import Testing
@testable import WaylandClient

/// Plain memory buffers; remembers each buffer's release callback so the test can release.
final class MemoryAllocator: BufferAllocator {
    var releases: [() -> Void] = []
    func makeStorage(size: PixelSize, released: @escaping () -> Void) throws(SystemError) -> BufferStorage {
        let bytes = size.width * size.height * 4
        let p = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        releases.append(released)
        return BufferStorage(pixels: p, size: size, stride: size.width * 4, wlBuffer: nil) { p.deallocate() }
    }
}

@Suite("Buffer chain")
struct BufferChainTests {
    let size = PixelSize(width: 8, height: 4)

    @Test("a held buffer is never handed out; a second one is made instead")
    func heldBufferIsNotReused() throws {
        let chain = BufferChain(allocator: MemoryAllocator())
        let a = try #require(try chain.nextBuffer(size: size))
        chain.submitted(a)
        let b = try #require(try chain.nextBuffer(size: size))
        #expect(a !== b)
        #expect(a.isBusy && !b.isBusy)
        #expect(chain.statistics.inFlight == 1)
    }

    @Test("when the compositor holds every buffer, the chain waits for a release")
    func starvesThenRecovers() throws {
        let allocator = MemoryAllocator()
        let chain = BufferChain(allocator: allocator, maximumBuffers: 2)
        var available = 0
        chain.onBufferAvailable = { available += 1 }
        for _ in 0..<2 { chain.submitted(try #require(try chain.nextBuffer(size: size))) }
        #expect(try chain.nextBuffer(size: size) == nil)
        #expect(chain.statistics.starved == 1)
        allocator.releases[0]()
        #expect(available == 1)
        let again = try #require(try chain.nextBuffer(size: size))
        #expect(again === chain.buffers[0])
        #expect(chain.statistics.writesIntoHeldBuffer == 0)
        #expect(chain.statistics.maxInFlight == 2)
    }

    @Test("buffer age: new = 0, just shown = 1, one frame older = 2; the youngest idle buffer is reused")
    func ages() throws {
        let allocator = MemoryAllocator()
        let chain = BufferChain(allocator: allocator)
        let a = try #require(try chain.nextBuffer(size: size))
        #expect(a.age == 0)
        chain.submitted(a)
        let b = try #require(try chain.nextBuffer(size: size))
        chain.submitted(b)
        #expect(a.age == 2 && b.age == 1)
        allocator.releases[0]()
        allocator.releases[1]()
        // Both idle: b holds the newest frame, so it needs the least repainting.
        #expect(try chain.nextBuffer(size: size) === b)
    }

    @Test("a size change drops idle buffers of the old size; held ones go after release")
    func resize() throws {
        let allocator = MemoryAllocator()
        let chain = BufferChain(allocator: allocator)
        let a = try #require(try chain.nextBuffer(size: size))
        chain.submitted(a)
        let bigger = PixelSize(width: 16, height: 8)
        let c = try #require(try chain.nextBuffer(size: bigger))
        #expect(c.size == bigger && c.age == 0)
        allocator.releases[0]()
        _ = try chain.nextBuffer(size: bigger)
        #expect(!chain.buffers.contains { $0 === a })
    }

    @Test("writing a buffer the compositor still holds is counted")
    func heldWriteIsCounted() throws {
        let chain = BufferChain(allocator: MemoryAllocator())
        let a = try #require(try chain.nextBuffer(size: size))
        chain.submitted(a)
        // Simulate a broken bookkeeping path: busy flag cleared without a release event.
        a.isBusy = false
        _ = try chain.nextBuffer(size: size)
        #expect(chain.statistics.writesIntoHeldBuffer == 1)
    }
}

@Suite("Frame scheduler")
struct FrameSchedulerTests {
    @Test("many redraw requests make one frame; none is drawn while a callback is outstanding")
    func oneFrameInFlight() {
        var s = FrameScheduler()
        #expect(!s.shouldDraw(ready: true))
        s.requestRedraw(); s.requestRedraw(); s.requestRedraw()
        #expect(!s.shouldDraw(ready: false), "not before the first configure")
        #expect(s.shouldDraw(ready: true))
        s.frameCommitted()
        #expect(!s.shouldDraw(ready: true))
        s.requestRedraw()
        #expect(!s.shouldDraw(ready: true), "the request waits for the frame callback")
        s.frameDone()
        #expect(s.shouldDraw(ready: true))
        #expect(s.committedFrames == 1 && s.presentedFrames == 1)
    }

    @Test("an immediate request (input) is drawn while a callback is outstanding and shares that callback")
    func immediateFrames() {
        var s = FrameScheduler()
        s.requestRedraw()
        #expect(s.needsFrameCallback)
        s.frameCommitted()
        s.requestRedraw()
        #expect(!s.shouldDraw(ready: true), "animation waits for the callback")
        s.requestRedraw(immediate: true)
        #expect(s.shouldDraw(ready: true), "input does not wait")
        #expect(!s.needsFrameCallback, "one frame callback at most: the outstanding one serves this commit too")
        s.frameCommitted()
        #expect(!s.shouldDraw(ready: true))
        s.requestRedraw()
        #expect(!s.shouldDraw(ready: true), "the immediate flag does not outlive its frame")
        s.frameDone()
        #expect(s.shouldDraw(ready: true) && s.needsFrameCallback)
        #expect(s.committedFrames == 2 && s.presentedFrames == 1)
    }
}
