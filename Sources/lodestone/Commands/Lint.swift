// `lodestone lint` (issue 7): not built yet. Replace this file's body when it is.
enum LintCommand {
    static let command = Command(name: "lint", usage: "FILE [--json]", summary: "check a pointer layout against the consistency rules",
                                 run: CLI.notYetAvailable("lint", issue: 7))
}
