// The lodestone program: see CLI.swift for the command table.
#if canImport(Glibc)
import Glibc
#endif

exit(CLI.run(Array(CommandLine.arguments.dropFirst())))
