// The headless sway the benches start themselves (issue 8), from the same recipe as the tests'
// (SwayHarness.SwaySetup): as uid 65534 when run as root (sway refuses root), with its own
// runtime directory, optionally with the sway-inject shim preloaded
// (Tests/Fixtures/sway-inject, built into .build/fixtures by scripts/build-fixtures) so a bench
// can drive sway's seat like a real pointer. Torn down by its pid.
import SwayHarness
import WaylandClient
#if canImport(Glibc)
import Glibc
#endif

final class HeadlessSway {
    let pid: pid_t
    let directory: String
    let socket: String
    /// The shim's control socket, when started with it.
    let injectSocket: String?

    struct StartError: Error, CustomStringConvertible { var description: String }

    /// The sway-inject shim next to this program's build (…/.build/<config>/lodestone →
    /// …/.build/fixtures/sway-inject.so), or $LODESTONE_SWAY_INJECT.
    static func injectLibrary() -> Result<String, StartError> {
        if let p = getenv("LODESTONE_SWAY_INJECT") {
            let path = String(cString: p)
            return access(path, R_OK) == 0 ? .success(path) : .failure(StartError(description: "LODESTONE_SWAY_INJECT=\(path) is not readable"))
        }
        // .build/debug is a link to .build/<triple>/debug: look up to three levels above the program.
        var dir = StartupBench.selfPath
        var tried: [String] = []
        for _ in 0..<4 {
            guard let slash = dir.lastIndex(of: "/") else { break }
            dir = String(dir[..<slash])
            let path = dir + "/fixtures/sway-inject.so"
            if access(path, R_OK) == 0 { return .success(path) }
            tried.append(path)
        }
        return .failure(StartError(description: "the sway-inject fixture is not built (looked for \(tried.dropFirst().first ?? "fixtures/sway-inject.so")): "
                                   + "run scripts/build-fixtures (needs libwlroots-dev; make test runs it), or set LODESTONE_SWAY_INJECT"))
    }

    /// Starts sway with one headless output of `width`×`height` at `refreshHz`; with `inject`
    /// (the shim's path) the injected pointer, keyboard and touch devices are present.
    /// `config`: more sway config lines (the drag bench lays windows out without borders).
    static func start(width: Int, height: Int, refreshHz: Int = 60, inject: String? = nil, config: [String] = []) throws(StartError) -> HeadlessSway {
        var template = Array("/tmp/lodestone-bench-XXXXXX".utf8CString)
        guard let dirPtr = mkdtemp(&template) else { throw StartError(description: "mkdtemp: \(String(cString: strerror(errno)))") }
        let dir = String(cString: dirPtr)
        let injectSocket = inject.map { _ in "\(dir)/inject.sock" }
        let setup = SwaySetup(width: width, height: height, refreshHz: refreshHz,
                              inject: inject.map { SwaySetup.Inject(library: $0, socket: injectSocket!, present: true) }, extraConfig: config)
        // The config and a copy of the shim go into sway's own directory (issue 16.1): the
        // checkout may sit where sway's uid cannot read (a 0700 home directory).
        let root = getuid() == 0
        let prepared: SwaySetup.Prepared
        do { prepared = try setup.prepare(runtimeDirectory: dir, asRoot: root) } catch {
            rmdirAll(dir)
            throw StartError(description: error.description)
        }
        let env = prepared.environment.map { "\($0.key)=\($0.value)" }
        // sway's stderr, for ld.so's complaint about a preload it cannot load.
        let stderrPath = "\(dir)/sway.stderr"
        let argv = SwaySetup.commandLine(config: prepared.config, asRoot: root)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = env.map { strdup($0) } + [nil]
        defer { cArgs.forEach { free($0) }; cEnv.forEach { free($0) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, nil, cArgs, cEnv)
        guard rc == 0 else { throw StartError(description: "cannot start sway: \(String(cString: strerror(rc)))") }
        let sway = HeadlessSway(pid: pid, directory: dir, socket: "\(dir)/wayland-1", injectSocket: injectSocket)
        // Wait for the socket to answer (sway creates wayland-1 in its runtime dir).
        let deadline = Spawn.now() + 10
        var problem: String?
        while Spawn.now() < deadline {
            let stderr = BenchFiles.readText(stderrPath) ?? ""
            if let why = prepared.startupProblem(stderr: stderr, socketsUp: false) { problem = why; break }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { problem = "sway exited during startup"; break }
            if access(sway.socket, F_OK) == 0, (try? Display(name: sway.socket)) != nil {
                problem = prepared.startupProblem(stderr: BenchFiles.readText(stderrPath) ?? "", socketsUp: true)
                if problem == nil { return sway }
                break
            }
            usleep(20_000)
        }
        sway.stop()
        throw StartError(description: problem ?? "sway did not create \(sway.socket) within 10 s")
    }

    private init(pid: pid_t, directory: String, socket: String, injectSocket: String?) {
        self.pid = pid; self.directory = directory; self.socket = socket; self.injectSocket = injectSocket
    }

    private var stopped = false

    func stop() {
        guard !stopped else { return }
        stopped = true
        Spawn.terminate(pid, grace: 3) { usleep(10_000) }
        // The runtime directory holds only sway's sockets, lock, our config, the staged shim and records.
        rmdirAll(directory)
    }

    deinit { stop() }
}

/// Removes `directory` and the files in it (no subdirectories: a runtime directory has none).
private func rmdirAll(_ directory: String) {
    if let d = opendir(directory) {
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name != "." && name != ".." { unlink("\(directory)/\(name)") }
        }
        closedir(d)
    }
    rmdir(directory)
}
