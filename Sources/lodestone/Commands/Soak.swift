// `lodestone soak [--events N] [--seed S] [--render-every N] [--max-growth MB]` (issue 8): the
// seeded soak of Playground/Soak/Soak+Testing.swift with this process's resident memory sampled every
// 10,000 events. Memory is flat when the resident size at the end (and, less the render cache's
// bound, at its peak) exceeds the size after the warm-up (the first half) by at most --max-growth. Prints one
// `key value …` report; exit 0 when nothing stuck, nothing unsettled, every checked frame
// equals a full repaint and memory stayed flat; 1 otherwise (the problems on stderr).
import Playground
import WaylandClient
import Posix
#if canImport(Glibc)
import Glibc
#endif

enum SoakCommand {
    static let command = Command(name: "soak", usage: "[--events N] [--seed S] [--render-every N] [--repaint-checks N] [--max-growth MB]",
                                 summary: "feed a long random input stream through engine and renderer; check state and memory",
                                 run: run)

    static func run(_ args: [String]) -> Int32 {
        var options = Soak.Options()
        var maxGrowthMB = 4.0
        var reader = ArgumentReader(args)
        do throws(ArgumentError) {
            while let a = reader.next() {
                switch a {
                case "--events": options.events = try reader.integer(a, 1...)
                case "--seed": options.seed = try reader.integer(a, UInt64(0)...)
                case "--render-every": options.renderEvery = try reader.integer(a, 1...)
                case "--max-growth": maxGrowthMB = try reader.number(a, 0...)
                case "--repaint-checks": options.repaintChecks = try reader.integer(a, 0...)
                case "--scale": options.scale = try reader.value(a, wants: "a number above 0, at most 4") { Double($0).flatMap { $0 > 0 && $0 <= 4 ? $0 : nil } }
                default: throw ArgumentReader.unknown(a)
                }
            }
        } catch {
            Diagnostics.error("soak: \(error) (usage: lodestone soak \(command.usage))")
            return CLI.Status.usage
        }

        // Sampled every 10,000 events: the first sample past the warm-up (the first half of the
        // run: the bounded caches — render masks, text runs, glyphs, the session's recent
        // outputs — fill over the first few hundred thousand events), the largest after it and
        // the last. A leak grows through the second half; the caches do not.
        let warmUp = options.events / 2
        var atWarmUp: Int?
        var peak = 0, last = 0
        let start = monotonicSeconds()
        let report = Soak(options: options).run(progressEvery: 10_000) { done in
            last = residentKB()
            if atWarmUp == nil, done >= warmUp { atWarmUp = last }
            if atWarmUp != nil { peak = max(peak, last) }
        }
        let seconds = monotonicSeconds() - start
        let base = atWarmUp ?? last
        let allowed = Int(maxGrowthMB * 1024)
        // The end may not exceed the warm-up by more than the allowance; a peak in between may
        // also hold a full render cache (it is trimmed by half when it passes its bound).
        let growth = last - base, peakGrowth = peak - base
        let flat = growth <= allowed && peakGrowth <= allowed + options.cacheLimit / 1024

        writeLine("soak events \(report.events) frames \(report.frames) rendered \(report.rendered) seconds \(formatSeconds(seconds)) seed \(options.seed)")
        writeLine("episodes " + report.episodes.sorted { $0.key < $1.key }.map { "\($0.key.replacingOccurrences(of: " ", with: "-")) \($0.value)" }.joined(separator: " "))
        writeLine("outputs total \(report.outputs) drops \(report.drops) selections \(report.selectionChanges) pages \(report.pageChanges) activations \(report.activations) external-drops \(report.externalDrops)")
        writeLine("memory rss-warm-up-kb \(base) rss-peak-kb \(peak) rss-end-kb \(last) growth-kb \(growth) peak-growth-kb \(peakGrowth) allowed-kb \(allowed) cache-limit-kb \(options.cacheLimit / 1024)")
        writeLine("checks stuck \(report.stuck) unsettled \(report.unsettled) off-surface \(report.offSurface) repaint-checks \(report.repaintChecks) repaint-mismatches \(report.repaintMismatches) dnd-violations \(report.dndViolations)")
        for p in report.problems { Diagnostics.error("soak: \(p)") }
        if !flat {
            Diagnostics.error("soak: resident memory grew after the warm-up: \(growth) KB at the end, \(peakGrowth) KB at the peak (allowed \(allowed) KB, plus the \(options.cacheLimit / 1024) KB render cache at the peak)")
        }
        return report.ok && flat ? CLI.Status.ok : CLI.Status.failure
    }

    /// Resident set size of this process, KB (/proc/self/statm: size and resident, in pages).
    static func residentKB() -> Int {
        let fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 128)
        let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return 0 }
        let fields = String(decoding: bytes[..<n], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 2, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
    }

    static func monotonicSeconds() -> Double { MonotonicClock.seconds() }

    static func formatSeconds(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
