// The lodestone command-line program (skeleton; the foundation issue fills it).
import Foundation

if CommandLine.arguments.dropFirst().first == "events" {
    exit(EventsCommand.run(Array(CommandLine.arguments.dropFirst(2))))
}
print("lodestone: not yet available")
