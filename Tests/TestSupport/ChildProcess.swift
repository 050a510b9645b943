// A child process started with posix_spawn: stdout and stderr go to files (no pipe can fill
// up and block it), stdin is /dev/null. Stopped by its PID only, never by name.
import Foundation

public final class ChildProcess {
    /// How the process ended.
    public enum Termination: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        public var description: String {
            switch self {
            case .exited(let c): "exit status \(c)"
            case .signaled(let s): "signal \(s)"
            }
        }
    }

    public let pid: pid_t
    public let arguments: [String]
    public let stdoutPath: String
    public let stderrPath: String
    public private(set) var termination: Termination?
    /// Keeps the output files' directory alive when the process made it.
    private let scratch: TemporaryDirectory?

    /// Starts `arguments[0]` (searched in PATH when it has no slash) with exactly `environment`.
    public init(_ arguments: [String], environment: [String: String], outputDirectory: String? = nil, name: String? = nil) throws {
        precondition(!arguments.isEmpty)
        self.arguments = arguments
        let dir: String
        if let outputDirectory {
            dir = outputDirectory
            scratch = nil
        } else {
            let t = try TemporaryDirectory(prefix: "lodestone-child")
            dir = t.path
            scratch = t
        }
        let base = name ?? (arguments[0] as NSString).lastPathComponent
        stdoutPath = "\(dir)/\(base).stdout"
        stderrPath = "\(dir)/\(base).stderr"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // Nothing else of the test runner's: a descriptor another test thread holds open (a
        // program copy being written, say) would otherwise live on in this child, and exec of
        // that copy fails with ETXTBSY for as long as the child runs (seen in .ci/run).
        if let closeFrom = Self.addCloseFrom { _ = closeFrom(&actions, 3) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no blocked signals and default handlers, whatever the test runner set.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGHUP] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        var rc = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        // ETXTBSY: the program was just copied and a child another thread was forking at that
        // moment still holds the copy's descriptor until its own exec; that lasts microseconds.
        for _ in 0..<Self.busyRetries where rc == ETXTBSY {
            usleep(Self.busyRetryDelay)
            rc = posix_spawnp(&child, arguments[0], &actions, &attributes, argv, envp)
        }
        guard rc == 0 else { throw HarnessError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))") }
        pid = child
    }

    deinit {
        if termination == nil { _ = stop() }
    }

    /// glibc's posix_spawn_file_actions_addclosefrom_np (2.34+), which Swift's Glibc module does
    /// not declare (it needs _GNU_SOURCE): looked up once; without it children inherit as before.
    static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }()

    /// How often a spawn that fails with ETXTBSY is tried again, and how long apart (µs).
    static let busyRetries = 20
    static let busyRetryDelay: useconds_t = 50_000

    public var stdout: String { (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    public var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

    /// Reaps the process if it ended; nil while it runs.
    @discardableResult
    public func poll() -> Termination? {
        if let termination { return termination }
        var status: Int32 = 0
        let r = waitpid(pid, &status, WNOHANG)
        guard r == pid else { return nil }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros: decode by hand.
        let signal = status & 0x7f
        termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return termination
    }

    public var isRunning: Bool { poll() == nil }

    /// Waits up to `timeout` seconds for the process to end.
    public func wait(timeout: Double) throws -> Termination {
        try waitUntil(timeout: timeout, "\(arguments[0]) (pid \(pid)) to exit") { poll() != nil }
        return termination!
    }

    /// Sends `signal` to this PID.
    public func send(_ signal: Int32) {
        if termination == nil { kill(pid, signal) }
    }

    /// SIGTERM, then SIGKILL after `grace` seconds; always reaps.
    @discardableResult
    public func stop(grace: Double = 2) -> Termination {
        if let termination { return termination }
        send(SIGTERM)
        if let t = try? wait(timeout: grace) { return t }
        send(SIGKILL)
        return (try? wait(timeout: 5)) ?? .signaled(SIGKILL)
    }

    /// Waits until a line of stdout contains `text`; returns that line.
    @discardableResult
    public func waitForLine(containing text: String, timeout: Double = 10) throws -> String {
        var found: String?
        do {
            try waitUntil(timeout: timeout, "'\(text)' on stdout of \(arguments[0])") {
                found = stdoutLines.first { $0.contains(text) }
                if found == nil, poll() != nil { throw HarnessError("\(arguments[0]) ended (\(termination!)) before printing '\(text)'") }
                return found != nil
            }
        } catch let e as HarnessError {
            throw HarnessError("\(e.message)\n--- stdout:\n\(stdout)--- stderr:\n\(stderr)")
        }
        return found!
    }
}
