// `lodestone events` (issue 3): the Wayland backend is not built yet; `--backend libinput`
// (issue 4) is, in LibinputEvents.swift.
enum EventsCommand {
    static let command = Command(name: "events", usage: "[--backend wayland|libinput] [--device PATH]... [--json]", summary: "live inspector of the normalized input stream",
                                 run: { args in
                                     if let i = args.firstIndex(of: "--backend"), args.dropFirst(i + 1).first == "libinput" {
                                         return LibinputEventsCommand.run(args)
                                     }
                                     return CLI.notYetAvailable("events --backend wayland", issue: 3)(args)
                                 })
}
