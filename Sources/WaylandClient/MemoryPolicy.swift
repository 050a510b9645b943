// How the live window's heap behaves (issue 8, latency). glibc hands freed memory back to the
// kernel (the top of the heap past 128 KiB, any block it mmapped), and the next allocation
// there faults in zeroed pages again, inside a commit. The window keeps what it freed instead —
// its peak is what it needs anyway (`startup.peak_rss_1080p` measures it) — so steady drawing
// faults no pages in.
import CShim

public enum MemoryPolicy {
    /// Keep freed memory in the process: no trimming below 64 MiB of free heap top, blocks up
    /// to 32 MiB (glibc's largest mmap threshold) from the heap, which grows 1 MiB at a time.
    public static func keepFreedMemory() {
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TOP_PAD, 1 << 20)
    }

    /// Gives the kernel back what the heap holds free, once: after a large transfer ended
    /// (issue 30.8: a 50 MB drop refused at 16 MiB left the window 40 MB larger for good,
    /// as `keepFreedMemory` keeps freed blocks). Rare and explicit, never on the drawing path.
    public static func giveBackFreedMemory() {
        _ = malloc_trim(0)
    }
}
