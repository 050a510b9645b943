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

    @Test("frames in no hurry draw into a spare buffer that reached spareRefreshAge; input frames take the youngest (issue 8)")
    func spareRefresh() throws {
        for limit in [nil, 3] as [Int?] {
            let allocator = MemoryAllocator()
            let chain = BufferChain(allocator: allocator)
            chain.spareRefreshAge = limit
            // The compositor holds two buffers once: a third is made.
            let a = try #require(try chain.nextBuffer(size: size)); chain.submitted(a)
            let b = try #require(try chain.nextBuffer(size: size)); chain.submitted(b)
            let c = try #require(try chain.nextBuffer(size: size)); chain.submitted(c)
            #expect(chain.buffers.count == 3)
            for r in allocator.releases { r() }
            // Then it releases each buffer soon after the next commit, as sway does; every third
            // frame is an animation frame (in no hurry), the others input.
            var oldest = 0
            for k in 0..<40 {
                let idle = chain.buffers.filter { !$0.isBusy }
                let youngest = idle.map(\.age).min()
                let next = try #require(try chain.nextBuffer(size: size, refreshingSpare: k % 3 == 0))
                if k % 3 != 0 { #expect(next.age == youngest, "input takes the youngest idle buffer") }
                chain.submitted(next)
                for (i, buffer) in chain.buffers.enumerated() where buffer !== next && buffer.isBusy { allocator.releases[i]() }
                oldest = max(oldest, chain.buffers.filter { !$0.isBusy }.map(\.age).max() ?? 0)
            }
            if let limit {
                #expect(oldest <= limit + 3, "the spare is refreshed before it grows much older than \(limit): \(oldest)")
            } else {
                #expect(oldest > 8, "without a limit the youngest is always reused and the spare ages: \(oldest)")
            }
        }
    }

    @Test("with input frames only, a spare buffer is still drawn into when it reaches spareAgeLimit (issue 8)")
    func spareAgeLimit() throws {
        for limit in [nil, 6] as [Int?] {
            let allocator = MemoryAllocator()
            let chain = BufferChain(allocator: allocator)
            chain.spareRefreshAge = 3
            chain.spareAgeLimit = limit
            for _ in 0..<3 { chain.submitted(try #require(try chain.nextBuffer(size: size))) }
            for r in allocator.releases { r() }
            var oldest = 0
            for _ in 0..<40 {
                let next = try #require(try chain.nextBuffer(size: size))
                chain.submitted(next)
                for (i, buffer) in chain.buffers.enumerated() where buffer !== next && buffer.isBusy { allocator.releases[i]() }
                oldest = max(oldest, chain.buffers.filter { !$0.isBusy }.map(\.age).max() ?? 0)
            }
            if let limit {
                #expect(oldest <= limit, "\(oldest)")
            } else {
                #expect(oldest > 8, "input frames alone never refresh the spare without a limit: \(oldest)")
            }
        }
    }

    @Test("a size change drops every buffer of the old size, held ones too: never more than the cap in all")
    func resize() throws {
        let allocator = MemoryAllocator()
        let chain = BufferChain(allocator: allocator)
        var old: [Buffer] = []
        for _ in 0..<chain.maximumBuffers {
            let b = try #require(try chain.nextBuffer(size: size))
            chain.submitted(b)
            old.append(b)
        }
        #expect(try chain.nextBuffer(size: size) == nil, "all held")
        let bigger = PixelSize(width: 16, height: 8)
        let c = try #require(try chain.nextBuffer(size: bigger))
        #expect(c.size == bigger && c.age == 0)
        #expect(chain.buffers.count == 1 && !chain.buffers.contains { b in old.contains { $0 === b } })
        chain.submitted(c)
        // A late release of a dropped buffer changes nothing.
        allocator.releases[0]()
        for _ in 1..<chain.maximumBuffers { chain.submitted(try #require(try chain.nextBuffer(size: bigger))) }
        #expect(chain.buffers.count == chain.maximumBuffers)
        #expect(try chain.nextBuffer(size: bigger) == nil)
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
