// `lodestone lint [FILE] [--json]` (SPEC L1–L8; no FILE: the built-in showcase): the rules and formatting live in
// Playground/Lint (LintReport), so tests run them without a process.
import Playground
import WaylandClient

enum LintCommand {
    static let command = Command(name: "lint", usage: "[FILE] [--json]", summary: "check a pointer layout (default: the showcase) against the consistency rules",
                                 run: { args in
                                     let r = LintReport.run(arguments: args)
                                     for line in r.output { Diagnostics.write(line + "\n", to: 1) }
                                     for line in r.errors { Diagnostics.emit(line + "\n") }
                                     return r.status
                                 })
}
