import AdapterProtocol
import CommandLineKit
@_spi(GridSimInternals) import GridSimKit

/// What every command that drives an adapter over the line protocol takes
/// (docs/adapter-protocol.md): the command, and how long to wait for an answer.
enum AdapterOptions {
    static let adapter = Option<String?>.text(
        "--adapter", "command", help: "The adapter: a shell command line that speaks docs/adapter-protocol.md (required).")
    static let timeout = Option<String>.text(
        "--timeout", "seconds", help: "How long to wait for one answer before calling the adapter hung.", default: "5")
    static let hangTimeout = Option<String>.text(
        "--hang-timeout", "seconds",
        help: "How long to wait once the adapter has hung (shrinking a hang replays it many times).", default: "0.5")

    static let all: [any OptionDeclaring] = [adapter, timeout, hangTimeout]

    /// The exit codes every such command shares.
    static let exitCodes = """
        EXIT CODES:
          0   everything compared agrees with SPEC.md
          1   the adapter departs from SPEC.md
          3   the adapter faulted (exited, hung, or broke the protocol) and nothing departed first
          64  bad flags or arguments
          65  a malformed trace
        """

    /// A started adapter, or the exit code of one that could not start.
    enum Connected {
        case connected(AdapterConnection)
        case failed(ExitCode)
    }

    /// Starts the adapter and makes it the one `PipeAdapter` speaks to; a handshake that fails
    /// is reported and given back as the exit code.
    static func connect(_ arguments: ParsedArguments, console: Console, command name: String) throws -> Connected {
        guard let command = try arguments.value(adapter), !command.isEmpty else {
            throw UsageError("\(name) needs --adapter COMMAND: the command line that starts your adapter")
        }
        let settings = AdapterConnection.Settings(
            command: command, timeout: try seconds(arguments.value(timeout), "--timeout"),
            timeoutAfterHang: try seconds(arguments.value(hangTimeout), "--hang-timeout"), gridsimVersion: GridSim.version)
        do {
            let connection = try AdapterConnection(settings: settings)
            PipeAdapter.connect(connection)
            let handshake = connection.handshake
            let exposes = ExposedPart.allCases.filter(handshake.exposes.contains).map(\.protocolWord)
            console.err(
                "\(name): adapter \(handshake.name) (\(command)): exposes "
                    + (exposes.isEmpty ? "no optional part" : exposes.joined(separator: ", "))
                    + "; unhandled: "
                    + (handshake.unhandled.isEmpty ? "none" : handshake.unhandled.map(\.rawValue).sorted().joined(separator: ", "))
                    + "\n")
            return .connected(connection)
        } catch {
            console.err("gridsim: error: \(error)\n")
            return .failed(.adapterFault)
        }
    }

    private static func seconds(_ text: String, _ name: String) throws -> Double {
        guard let value = Double(text), value > 0, value.isFinite else {
            throw UsageError("option '\(name)' needs a number of seconds above 0; found '\(text)'")
        }
        return value
    }

    /// Whether `mismatch` is the adapter failing to answer rather than answering wrongly.
    static func isFault(_ mismatch: AdapterMismatch) -> Bool {
        mismatch.part == .step && mismatch.actual.hasPrefix(AdapterFault.prefix)
    }
}
