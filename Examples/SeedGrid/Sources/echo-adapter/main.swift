// echo-adapter: GridSim's line protocol, version 1 (docs/adapter-protocol.md), with no
// selection code behind it: the handshake, a `started` with the grid as given, and a `step`
// for every event. It measures the transport alone: standard input read in large chunks and
// split into lines here, each request scanned once without building a value, the answers to
// everything read written with one `write` before the next read.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

if CommandLine.arguments.count > 1 {
    printError("echo-adapter: unknown argument \"\(CommandLine.arguments[1])\"\nusage: echo-adapter\n")
    exit(64)
}
signal(SIGPIPE, SIG_IGN)

var output = Output()
var session = EchoSession()
var input = LineInput(capacity: 1 << 20)
while true {
    let more = input.fill()
    while let line = input.nextLine(atEnd: !more) {
        if !session.answer(line, into: &output) {
            exit(output.flush() ? 0 : 1)
        }
    }
    guard output.flush() else { exit(1) }
    if !more { exit(0) }
}

/// `message` on standard error, unbuffered.
func printError(_ message: String) {
    var text = message
    text.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
}
