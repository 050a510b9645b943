// The lodestone program: see CLI.swift for the command table.
#if canImport(Glibc)
import Glibc
#endif
import WaylandClient

// Issue 8: never run with borrowed privileges (see Privileges.swift).
if let refusal = Privileges.refusal() {
    Diagnostics.error(refusal)
    exit(CLI.Status.failure)
}
exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
