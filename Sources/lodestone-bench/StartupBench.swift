// `lodestone bench startup` (issue 8): launch → first frame on screen, and peak RSS, of the
// playground window at 1920×1080. Runs against $WAYLAND_DISPLAY when it answers; otherwise it
// starts its own headless sway (as uid 65534 when run as root: sway refuses root) and stops it.
// References measured in the same run: spawning /bin/true (process start cost) and the peak RSS
// of the bare window (`--first-frame`: runtime, libraries, Wayland, one buffer; no showcase).
import Posix
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

enum StartupBench {
    /// Goals from issue 8.
    static let firstFrameGoalMs = 150.0
    static let peakRSSGoalMB = 48.0

    static func run(quick: Bool) -> BenchOutcome {
        let runs = quick ? 2 : 7
        var compositor: HeadlessSway?
        var display = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }
        if display == nil || !displayAnswers(display!) {
            do { compositor = try HeadlessSway.start(width: 1920, height: 1080) } catch {
                return .unavailable("no compositor: \(error)")
            }
            display = compositor!.socket
        }
        defer { compositor?.stop() }
        guard let display else { return .unavailable("no compositor") }

        // Peak RSS is the window process's own high-water mark (VmHWM), read once the first
        // frame is presented: wait4's ru_maxrss cannot serve, because a child spawned with
        // vfork (posix_spawn) inherits the bench's own peak across exec.
        var firstFrame: [Double] = []
        var rss: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let t0 = Spawn.now()
            let app: BenchChild
            do { app = try BenchChild([lodestonePath, "--display", display, "--report-frames", "--size", "1920x1080"]) } catch {
                return .unavailable(error.description)
            }
            guard app.waitForLine(containing: "frame 1 ", timeout: 10) else {
                return .unavailable("the playground presented no frame within 10 s")
            }
            firstFrame.append((Spawn.now() - t0) * 1000)
            rss.append(app.peakRSSMiB() ?? .nan)
            cpu.append((app.cpuSeconds() ?? .nan) * 1000)
            app.stop()
        }
        var trueMs: [Double] = []
        for _ in 0..<runs {
            if case let .success(r) = Spawn.run(["/bin/true"], untilLineContaining: nil, timeout: 5) { trueMs.append(r.elapsed * 1000) }
        }
        // The bare window: the foundation's first frame (background and a few controls), no
        // engine, showcase or text: what the showcase adds is the difference.
        var baseRSS = Double.nan
        if let bare = try? BenchChild([lodestonePath, "--display", display, "--first-frame", "--report-frames", "--size", "1920x1080"]),
           bare.waitForLine(containing: "frame 1 ", timeout: 10) {
            baseRSS = bare.peakRSSMiB() ?? .nan
            bare.stop()
        }
        let ff = median(firstFrame), peak = rss.max() ?? .nan
        return .figures([
            BenchFigure(name: "startup.first_frame", value: ff, unit: "ms", reference: "spawn of /bin/true",
                        referenceValue: median(trueMs), goal: "<= \(Int(firstFrameGoalMs))", met: ff <= firstFrameGoalMs),
            BenchFigure(name: "startup.first_frame.max", value: firstFrame.max() ?? .nan, unit: "ms"),
            BenchFigure(name: "startup.peak_rss_1080p", value: peak, unit: "MB", reference: "lodestone --first-frame (bare window)",
                        referenceValue: baseRSS, goal: "<= \(Int(peakRSSGoalMB))", met: peak <= peakRSSGoalMB),
            // The CPU the window process used up to its first frame: what a loaded machine does
            // not inflate (the wall time above includes waiting for a CPU and for sway).
            BenchFigure(name: "startup.first_frame_cpu", value: median(cpu), unit: "ms cpu", reference: "startup.first_frame",
                        referenceValue: ff),
        ])
    }

    static var selfPath: String {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        return n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// The lodestone program the benches start as the window: the one next to this program
    /// (`swift build` and `make install` put both in one directory).
    static var lodestonePath: String {
        let me = selfPath
        guard let slash = me.lastIndex(of: "/") else { return "lodestone" }
        return String(me[...slash]) + "lodestone"
    }

    static func median(_ v: [Double]) -> Double {
        guard !v.isEmpty else { return .nan }
        let s = v.sorted()
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }

    static func displayAnswers(_ name: String) -> Bool {
        Spawn.run([lodestonePath, "--version"], untilLineContaining: nil, timeout: 1).map { _ in true }.isOk
            && (try? Display(name: name)) != nil
    }
}

extension Result {
    var isOk: Bool { if case .success = self { true } else { false } }
}

struct SpawnFailure: Error, CustomStringConvertible { var description: String }

/// Child processes for the benches: posix_spawn, a stdout pipe, wait4 for the peak RSS.
enum Spawn {
    struct Outcome {
        /// Seconds from spawn to the first stdout line containing the marker.
        var lineAfter: Double?
        /// Seconds from spawn to exit.
        var elapsed: Double
        var status: Int32
        /// wait4's ru_maxrss: includes this process's own peak (posix_spawn uses vfork), so it
        /// says nothing about the child alone; BenchChild.peakRSSMiB does.
        var maxRSSKiB: Int
    }

    static func now() -> Double { MonotonicClock.seconds() }

    /// Starts `argv` with its stdout on a new pipe (stderr to /dev/null); returns the pid and
    /// the pipe's read end.
    static func start(_ argv: [String], environment: [String]? = nil) -> Result<(pid: pid_t, stdout: Int32), SpawnFailure> {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return .failure(SpawnFailure(description: "pipe: \(String(cString: strerror(errno)))")) }
        // Close-on-exec on both ends: the child gets the write end only as its stdout (dup2).
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) } }
        let env = environment ?? currentEnvironment()
        let cEnv = env.map { strdup($0) } + [nil]
        defer { cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        close(fds[1])
        guard rc == 0 else { close(fds[0]); return .failure(SpawnFailure(description: "cannot start \(argv[0]): \(String(cString: strerror(rc)))")) }
        return .success((pid, fds[0]))
    }

    static func run(_ argv: [String], environment: [String]? = nil, untilLineContaining marker: String?,
                    timeout: Double) -> Result<Outcome, SpawnFailure> {
        let t0 = now()
        let pid: pid_t, output: Int32
        switch start(argv, environment: environment) {
        case .success(let child): (pid, output) = child
        case .failure(let why): return .failure(why)
        }
        let fds = [output]
        var lineAfter: Double?
        var pending: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        let deadline = t0 + timeout
        while true {
            var p = pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
            let left = Int32(max(0, (deadline - now()) * 1000))
            let n = Posix.retryingEINTR { poll(&p, 1, left) }
            if n == 0 { kill(pid, SIGKILL); break }
            if n < 0 { break }
            let got = read(fds[0], &buf, buf.count)
            if got <= 0 { break }
            if lineAfter == nil, let marker {
                pending += buf[0..<got]
                if String(decoding: pending, as: UTF8.self).contains(marker) { lineAfter = now() - t0 }
            }
        }
        close(fds[0])
        var status: Int32 = 0
        var usage = rusage()
        _ = Posix.retryingEINTR { wait4(pid, &status, 0, &usage) }
        let elapsed = now() - t0
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return .success(Outcome(lineAfter: lineAfter, elapsed: elapsed, status: exitStatus, maxRSSKiB: Int(usage.ru_maxrss)))
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; reaps the child. `waiting` runs between checks.
    static func terminate(_ pid: pid_t, grace: Double, waiting: () -> Void) {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        let deadline = now() + grace
        while waitpid(pid, &status, WNOHANG) == 0 {
            if now() > deadline { kill(pid, SIGKILL); waitpid(pid, &status, 0); return }
            waiting()
        }
    }

    static func currentEnvironment() -> [String] {
        var out: [String] = []
        var p = environ
        while let entry = p.pointee { out.append(String(cString: entry)); p += 1 }
        return out
    }
}
