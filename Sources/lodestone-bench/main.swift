// lodestone-bench: the benchmarks, a program of their own (issue 20.4) so that the lodestone
// binary links no cairo and carries no bench code. `lodestone bench ARGS` runs this program
// from its own directory; see BenchCommand.swift for the arguments.
#if canImport(Glibc)
import Glibc
#endif

exit(BenchCommand.run(Array(CommandLine.arguments.dropFirst())))
