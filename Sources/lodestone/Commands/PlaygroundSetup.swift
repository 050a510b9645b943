// Settings, layout files and the headless showcase for `lodestone` / `lodestone playground`
// (issue 7). The option table stays in Playground.swift; this file does the work.
import WaylandClient
import InputPipeline
import LayoutKit
import PixmanRenderer
import PointerEngine
import Playground
#if canImport(Glibc)
import Glibc
#endif

/// An exit status carried as an error.
struct ExitStatus: Error { var code: Int32 }

enum PlaygroundSetup {
    /// Reads the settings file (if any), then applies the settings flags in `args`. Returns the
    /// settings and the arguments left for the command. Errors name file:line:column or the flag;
    /// a bad file value that a flag overrides is a warning on stderr (issue 16.9).
    static func settings(_ args: [String]) throws(SettingsError) -> (AppSettings, [String]) {
        var env: [String: String] = [:]
        for key in ["XDG_CONFIG_HOME", "HOME"] { if let v = getenv(key) { env[key] = String(cString: v) } }
        let path = SettingsFile.path(environment: env)
        var text: String?
        if let path { text = try SettingsFile.read(path: path) }
        let loaded = try SettingsFile.load(text, file: path, flags: args)
        for w in loaded.warnings { Diagnostics.warning("\(w)") }
        return (loaded.settings, loaded.rest)
    }

    /// A session over the showcase, or over the layout file at `path`. A malformed file is a
    /// usage error: exit status 2 with file:line:column.
    static func session(layoutPath: String?, settings: AppSettings, size: Size? = nil,
                        now: Timestamp = PlaygroundLive.now()) -> Result<PlaygroundSession, ExitStatus> {
        guard let path = layoutPath else {
            return .success(PlaygroundSession(size: size ?? Showcase.size, settings: settings.pointer, now: now))
        }
        do {
            let doc = try LayoutFile.load(path: path)
            return .success(PlaygroundSession(layout: doc.layout, settings: settings.pointer, now: now))
        } catch {
            Diagnostics.error("\(error)")
            return .failure(ExitStatus(code: CLI.Status.usage))
        }
    }

    /// Renders the session's first frame at every scale; prints each PNG's path.
    static func renderHeadless(_ session: PlaygroundSession, out: String, scales: [Double], name: String) -> Int32 {
        writePNGs(out: out, scales: scales, name: name) { session.snapshot(scale: $0) }
    }

    /// Writes `render(scale)` to OUT/NAME@Sx.png for every scale; prints each path.
    static func writePNGs(out: String, scales: [Double], name: String, render: (Double) -> Canvas) -> Int32 {
        guard makeOutputDirectory(out) else { return CLI.Status.failure }
        for scale in scales {
            let canvas = render(scale)
            let tag = scale == scale.rounded() ? "\(Int(scale))" : "\(scale)"
            let path = "\(out)/\(name)@\(tag)x.png"
            do { try canvas.writePNG(to: path) } catch {
                Diagnostics.error("cannot write \(error)")
                return CLI.Status.failure
            }
            print(path)
        }
        return CLI.Status.ok
    }
}

/// Trace files for replay.
enum TraceFile {
    /// The trace's events; a missing, malformed or truncated file is reported with its line and
    /// gives exit status 2 (SPEC T4: nothing is replayed half-way).
    static func load(_ path: String) -> Result<[InputEvent], ExitStatus> {
        do {
            return .success(InputPipeline.replayed(try TraceDecoder.decode(try TraceFiles.read(path))).events)
        } catch let error as TraceError {
            Diagnostics.error("\(path): \(error)")
            return .failure(ExitStatus(code: CLI.Status.usage))
        } catch {
            Diagnostics.error("\(error)")
            return .failure(ExitStatus(code: CLI.Status.usage))
        }
    }
}
