// Desktop integration (issue 7 item 7): the shell completions know every subcommand and option
// `lodestone --help` lists, and `make install PREFIX=…` installs the binary, the .desktop entry
// and every file under data/.
import Foundation
import Playground
import Testing
import TestSupport

@Suite("Desktop integration: completions and make install")
struct InstallTests {
    static let root = ReplayProgramTests.root
    static let completions = ["data/completions/lodestone.bash", "data/completions/_lodestone", "data/completions/lodestone.fish"]

    /// Subcommands (the "Commands:" section of --help) and every --option it mentions.
    static func helpWords() throws -> (commands: [String], options: [String]) {
        let app = try Lodestone.launch(["--help"], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(0))
        let lines = app.stdoutLines
        guard let start = lines.firstIndex(of: "Commands:") else { Issue.record("no Commands: in --help"); return ([], []) }
        var commands: [String] = []
        for line in lines[(start + 1)...] {
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
            commands.append(String(word))
        }
        var options = Set<String>()
        for line in lines {
            var rest = Substring(line)
            while let r = rest.range(of: "--") {
                let word = rest[r.lowerBound...].prefix { $0 == "-" || $0.isLetter || $0.isNumber }
                if word.count > 2 { options.insert(String(word)) }
                rest = rest[r.upperBound...]
            }
        }
        return (commands, options.sorted())
    }

    @Test("bash, zsh and fish completions mention every subcommand and option of --help")
    func completionsKnowEverything() throws {
        let (commands, options) = try Self.helpWords()
        #expect(commands.contains("replay") && commands.contains("lint") && commands.count >= 6, "\(commands)")
        #expect(options.contains("--headless") && options.contains("--speed"), "\(options)")
        for file in Self.completions {
            let text = try String(contentsOfFile: Self.root + "/" + file, encoding: .utf8)
            // Words as the shells see them: fish spells options without their dashes (-l speed).
            let words = Set(text.split { !($0 == "-" || $0 == "_" || $0.isLetter || $0.isNumber) }.map(String.init))
            for c in commands { #expect(words.contains(c), "\(file) does not complete the subcommand \(c)") }
            for o in options {
                let known = words.contains(o) || (file.hasSuffix(".fish") && text.contains("-l \(o.dropFirst(2))"))
                #expect(known, "\(file) does not complete \(o)")
            }
        }
    }

    @Test("--help names every settings flag the playground takes, with its values (issue 30.11: --plain-drop was missing)")
    func helpNamesEverySettingsFlag() throws {
        let app = try Lodestone.launch(["--help"], on: nil)
        #expect(try app.wait(timeout: 20) == .exited(0))
        let help = app.stdout.split(separator: "\n").joined(separator: " ").split(separator: " ").joined(separator: " ")
        for (flag, value) in SettingsFile.flags {
            // A choice is spelled out ("--plain-drop move|ask"); a free value is only named.
            let wanted = value.map { $0.contains("|") ? "\(flag) \($0)" : flag } ?? flag
            #expect(help.contains(wanted), "--help does not name \(wanted)")
        }
    }

    @Test("make install PREFIX=… installs the binary, the .desktop entry and the completions")
    func makeInstall() throws {
        let prefix = try TemporaryDirectory(prefix: "lodestone-install")
        // BIN: the binary the tests run (a release build would take minutes here).
        let make = try ChildProcess(["/usr/bin/make", "-C", Self.root, "install", "PREFIX=\(prefix.path)", "BIN=\(Lodestone.executable)"],
                                    environment: ["PATH": "/usr/bin:/bin"], name: "make-install")
        #expect(try make.wait(timeout: 60) == .exited(0), "\(make.stdout)\(make.stderr)")
        // Every file under data/ and where it goes: a new data file fails here until installed.
        let installs = ["lodestone.desktop": "share/applications/lodestone.desktop",
                        "completions/lodestone.bash": "share/bash-completion/completions/lodestone",
                        "completions/_lodestone": "share/zsh/site-functions/_lodestone",
                        "completions/lodestone.fish": "share/fish/vendor_completions.d/lodestone.fish"]
        let data = try FileManager.default.subpathsOfDirectory(atPath: Self.root + "/data").filter { path in
            var dir: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.root + "/data/" + path, isDirectory: &dir) && !dir.boolValue
        }
        #expect(Set(data) == Set(installs.keys), "files under data/ and the ones make install knows differ")
        for (source, target) in installs {
            let want = FileManager.default.contents(atPath: Self.root + "/data/" + source)
            #expect(want != nil && FileManager.default.contents(atPath: prefix.path + "/" + target) == want, "\(target) is not data/\(source)")
        }
        let binary = prefix.path + "/bin/lodestone"
        let mode = (try? FileManager.default.attributesOfItem(atPath: binary)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o755, "bin/lodestone is missing or not executable")
        // The .desktop entry starts the installed program.
        let desktop = try String(contentsOfFile: prefix.path + "/share/applications/lodestone.desktop", encoding: .utf8)
        #expect(desktop.contains("\nExec=lodestone\n") && desktop.contains("\nType=Application\n"))
        let installedBinary = try ChildProcess([binary, "--version"], environment: [:], name: "installed")
        #expect(try installedBinary.wait(timeout: 20) == .exited(0))
        // The program says the version the CHANGELOG released last (issue 34.1: it said 0.1.0
        // while the package was tagged 0.9.0).
        #expect(installedBinary.stdout == "lodestone \(try PackageDependentTests.newestVersion())\n", "\(installedBinary.stdout)")
    }

    /// What ldd prints for a library the bench's cairo peer needs: the shipping program must not.
    static let benchOnlyLibrary = "libcairo"

    @Test("the installed lodestone links no cairo; lodestone bench runs the lodestone-bench installed next to it (issue 20.4)")
    func installedProgramHasNoBench() throws {
        let prefix = try TemporaryDirectory(prefix: "lodestone-install")
        let make = try ChildProcess(["/usr/bin/make", "-C", Self.root, "install", "PREFIX=\(prefix.path)", "BIN=\(Lodestone.executable)"],
                                    environment: ["PATH": "/usr/bin:/bin"], name: "make-install")
        #expect(try make.wait(timeout: 60) == .exited(0), "\(make.stdout)\(make.stderr)")
        let binary = prefix.path + "/bin/lodestone", bench = prefix.path + "/bin/lodestone-bench"
        #expect(FileManager.default.isExecutableFile(atPath: bench), "make install did not install bin/lodestone-bench")
        let ldd = try ChildProcess(["/usr/bin/ldd", binary], environment: ["PATH": "/usr/bin:/bin"], name: "ldd")
        #expect(try ldd.wait(timeout: 20) == .exited(0), "\(ldd.stderr)")
        // ldd resolved the program's libraries (so an absent cairo means it is not linked).
        #expect(ldd.stdout.contains("libwayland-client"), "\(ldd.stdout)")
        #expect(!ldd.stdout.contains(Self.benchOnlyLibrary), "bin/lodestone links \(Self.benchOnlyLibrary):\n\(ldd.stdout)")
        // The bench peer is where cairo went: the bench program links it.
        let benchLdd = try ChildProcess(["/usr/bin/ldd", bench], environment: ["PATH": "/usr/bin:/bin"], name: "ldd-bench")
        #expect(try benchLdd.wait(timeout: 20) == .exited(0))
        #expect(benchLdd.stdout.contains(Self.benchOnlyLibrary), "\(benchLdd.stdout)")
        // `lodestone bench` is the installed bench program: its own usage error, its exit status.
        let unknown = try ChildProcess([binary, "bench", "warp"], environment: ["PATH": "/usr/bin:/bin"], name: "installed-bench")
        #expect(try unknown.wait(timeout: 20) == .exited(2))
        #expect(unknown.stderr.contains("unknown bench 'warp'"), "\(unknown.stderr)")
        // Without it, `lodestone bench` says what is missing.
        #expect(unlink(bench) == 0)
        let missing = try ChildProcess([binary, "bench", "engine"], environment: ["PATH": "/usr/bin:/bin"], name: "no-bench")
        #expect(try missing.wait(timeout: 20) == .exited(1))
        #expect(missing.stderr.contains("cannot run \(bench): No such file or directory"), "\(missing.stderr)")
    }
}
