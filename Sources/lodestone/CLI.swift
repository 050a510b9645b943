// Command-line dispatch. Each subcommand lives in its own file under Commands/ and is one
// line of `CLI.commands`; a subcommand nobody built yet says so and exits 2 (no fake output).
import WaylandClient

/// A subcommand of `lodestone`.
struct Command: Sendable {
    var name: String
    /// Usage line after "lodestone NAME".
    var usage: String
    /// One line for --help.
    var summary: String
    /// Runs with the arguments after the subcommand name; returns the exit status.
    var run: @Sendable ([String]) -> Int32
}

enum CLI {
    /// The release: CHANGELOG.md's newest version (InstallTests.makeInstall checks they agree).
    static let version = "0.10.0"

    /// Exit statuses, documented in --help.
    enum Status {
        static let ok: Int32 = 0
        /// Runtime failure: compositor lost or unreachable, file errors.
        static let failure: Int32 = 1
        /// Usage error, or a subcommand that is not available yet.
        static let usage: Int32 = 2
        /// The compositor lacks a protocol Lodestone needs.
        static let missingProtocol: Int32 = MissingGlobalError.exitCode
    }

    /// The subcommands, in --help order. The playground is the default.
    static let commands: [Command] = [
        PlaygroundCommand.command,
        EventsCommand.command,
        RecordCommand.command,
        ReplayCommand.command,
        CheckCommand.command,
        DndCommand.command,
        LintCommand.command,
        BenchCommand.command,
        SoakCommand.command,
    ]

    /// A subcommand's options from `args`; nil when it ends at once with `status`: --help
    /// printed (0), or the usage error said with the help (2).
    static func options<O>(_ args: [String], command: String, help: String,
                           parse: ([String]) throws -> O) -> (options: O?, status: Int32) {
        if args.contains("--help") || args.contains("-h") { print(help); return (nil, Status.ok) }
        do { return (try parse(args), Status.ok) } catch {
            Diagnostics.error("\(command): \(error)\n\(help)")
            return (nil, Status.usage)
        }
    }

    static func run(_ args: [String]) -> Int32 {
        if let first = args.first {
            switch first {
            case "-h", "--help", "help":
                print(help)
                return Status.ok
            case "-V", "--version":
                print("lodestone \(version)")
                return Status.ok
            default:
                if let command = commands.first(where: { $0.name == first }) {
                    return command.run(Array(args.dropFirst()))
                }
                if !first.hasPrefix("-") {
                    Diagnostics.error("unknown command '\(first)' (see lodestone --help)")
                    return Status.usage
                }
            }
        }
        // No subcommand (or only options): the playground.
        return PlaygroundCommand.command.run(args)
    }

    static var help: String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { c in
            "  \(c.name)\(String(repeating: " ", count: width - c.name.count))  \(c.summary)"
        }.joined(separator: "\n")
        let usages = commands.map { "  lodestone \($0.name) \($0.usage)" }.joined(separator: "\n")
        return """
        lodestone \(version) — an iPadOS-style adaptive pointer for Linux (Wayland).

        Usage:
          lodestone [OPTIONS]            run the playground (same as 'lodestone playground')
        \(usages)
          lodestone --help | --version

        Commands:
        \(list)

        Playground options:
        \(PlaygroundCommand.optionsHelp)

        Replay options (lodestone replay TRACE …; settings flags as above):
        \(ReplayHeadless.optionsHelp)

        Exit status: 0 ok (also on SIGINT/SIGTERM), 1 failure (e.g. "compositor connection lost"),
        2 usage error or command not yet available, 3 the compositor lacks a required protocol.
        """
    }

    /// The body of a subcommand that a later issue fills in.
    static func notYetAvailable(_ name: String, issue: Int) -> @Sendable ([String]) -> Int32 {
        { _ in
            Diagnostics.error("'\(name)' is not yet available (issue \(issue))")
            return Status.usage
        }
    }
}
