import Foundation
import GridSimCLI

exit(GridSim.main(arguments: Array(CommandLine.arguments.dropFirst())))
