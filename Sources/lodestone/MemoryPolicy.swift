// How the live window's heap behaves (issue 8, latency). glibc hands freed memory back to the
// kernel (the top of the heap past 128 KiB, any block it mmapped), and the next allocation
// there faults in zeroed pages again, inside a commit. The window keeps what it freed instead —
// its peak is what it needs anyway (`startup.peak_rss_1080p` measures it) — so steady drawing
// faults no pages in.
#if canImport(Glibc)
import Glibc
#endif

enum MemoryPolicy {
    /// Keep freed memory in the process: no trimming below 64 MiB of free heap top, blocks up
    /// to 32 MiB (glibc's largest mmap threshold) from the heap, which grows 1 MiB at a time.
    /// (`mallopt` is declared in malloc.h, which Glibc's module does not include: looked up.)
    static func keepFreedMemory() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3 // malloc.h's M_*
        _ = mallopt(trimThreshold, 64 << 20)
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(topPad, 1 << 20)
        #endif
    }
}
