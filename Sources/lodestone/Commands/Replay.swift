// `lodestone replay` (issue 7): not built yet. Replace this file's body when it is.
enum ReplayCommand {
    static let command = Command(name: "replay", usage: "TRACE [--layout FILE] [--headless --out DIR]", summary: "replay a trace live or headless to PNG frames",
                                 run: CLI.notYetAvailable("replay", issue: 7))
}
