// The event loop without a compositor: extra fds, timers, signals.
import Testing
import CShim
#if canImport(Glibc)
import Glibc
#endif
@testable import WaylandClient

@Suite("Event loop", .serialized)
struct EventLoopTests {
    @Test("an added fd source runs its handler when readable, and not after removal")
    func fdSource() throws {
        let loop = EventLoop()
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        var seen: [PollEvents] = []
        let id = loop.addSource(fd: fds[0], events: .readable) { ev in
            seen.append(ev)
            var b: UInt8 = 0
            _ = read(fds[0], &b, 1)
        }
        var one: UInt8 = 1
        _ = write(fds[1], &one, 1)
        loop.iterate(timeout: 1000)
        #expect(seen == [.readable])
        loop.removeSource(id)
        _ = write(fds[1], &one, 1)
        loop.iterate(timeout: 0)
        #expect(seen.count == 1)
    }

    @Test("a timerfd wakes the loop; stop() ends run() with the reason given")
    func timerStops() throws {
        let loop = EventLoop()
        var fired = 0
        let timer = try LoopTimer(loop: loop) { _ in
            fired += 1
            loop.stop(.finished(code: 7))
        }
        timer.arm(after: 0.01)
        #expect(loop.run() == .finished(code: 7))
        #expect(fired == 1)
    }

    @Test("a termination signal arriving through signalfd stops the loop cleanly")
    func signalStops() throws {
        let loop = EventLoop()
        try loop.stopOnTerminationSignals([SIGUSR2])
        // Directed at this thread, which blocks it: the signal stays pending for signalfd.
        pthread_kill(pthread_self(), SIGUSR2)
        #expect(loop.run() == .signal(SIGUSR2))
        #expect(loop.run().exitCode == 0)
    }
}
