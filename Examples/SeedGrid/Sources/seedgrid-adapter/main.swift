// seedgrid-adapter: the seed-style model behind GridSim's line protocol, version 1
// (docs/adapter-protocol.md). Requests arrive on standard input, one JSON object a line; the
// answers go to standard output. `--bug positional` serves the copy of the model that keeps
// the selection by grid position instead.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import SeedGridBugs
import SeedGridConformance

let usage = "usage: seedgrid-adapter [--bug positional]"

func usageError(_ message: String) -> Never {
    printError("seedgrid-adapter: \(message)\n\(usage)\n")
    exit(64)
}

var positional = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--bug":
        guard let bug = arguments.popFirst() else { usageError("--bug needs a value: positional") }
        guard bug == "positional" else { usageError("unknown bug \"\(bug)\": the only one is positional") }
        positional = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        usageError("unknown argument \"\(argument)\"")
    }
}

// A reader gone is the end of the session, not a signal to die of.
signal(SIGPIPE, SIG_IGN)
if positional {
    var server = Server<PositionalAdapter>(name: "seedgrid-positional")
    exit(server.run())
} else {
    var server = Server<SeedGridAdapter>(name: "seedgrid")
    exit(server.run())
}

/// `message` on standard error, unbuffered.
func printError(_ message: String) {
    var text = message
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
