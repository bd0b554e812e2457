import Foundation
import GridSimBenchmarks

// Everything lives in GridSimBenchmarks so that `gridsim bench` runs the same command.
exit(BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst())))
