// `lodestone record` (issue 7): not built yet. Replace this file's body when it is.
enum RecordCommand {
    static let command = Command(name: "record", usage: "[--out FILE]", summary: "record an input trace (private by default)",
                                 run: CLI.notYetAvailable("record", issue: 7))
}
