// `lodestone events` (issue 3): not built yet. Replace this file's body when it is.
enum EventsCommand {
    static let command = Command(name: "events", usage: "[--backend wayland|libinput] [--json]", summary: "live inspector of the normalized input stream",
                                 run: CLI.notYetAvailable("events", issue: 3))
}
