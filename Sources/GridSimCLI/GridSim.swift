import CommandLineKit

/// The `gridsim` command line: subcommands, help and exit codes.
package enum GridSim {
    package static let version = "0.1.0"

    /// A subcommand: its syntax and what it does (see `SubcommandDefinition`).
    struct Subcommand: Sendable {
        var syntax: CommandSyntax
        var run: @Sendable (ParsedArguments, Console) throws -> ExitCode

        init(_ command: any SubcommandDefinition.Type) {
            syntax = command.syntax
            run = { try command.run($0, console: $1) }
        }
    }

    /// A command that parses its own arguments, because it is another executable.
    struct ForwardedCommand: Sendable {
        var name: String
        var abstract: String
        var run: @Sendable ([String], Console) -> Int32
    }

    /// In the order the overview lists them.
    static let subcommands: [Subcommand] = ([
        ReplayCommand.self, DiffCommand.self, ViewCommand.self, CheckCommand.self, ShrinkCommand.self,
        PropertiesCommand.self, MutantsCommand.self, RecordCommand.self, RecoverCommand.self, ConvertCommand.self, InspectCommand.self,
        ExploreCommand.self, GenerateCommand.self, ConformCommand.self, DifferCommand.self, CompareCommand.self,
        PipeBenchCommand.self,
    ] as [any SubcommandDefinition.Type]).map(Subcommand.init)

    /// Commands that parse their own arguments (they hand over to another executable).
    static let forwardedCommands: [ForwardedCommand] = [
        ForwardedCommand(name: "bench", abstract: BenchSubcommand.abstract, run: { BenchSubcommand.run($0, console: $1) })
    ]

    static var overview: String {
        var text = """
            OVERVIEW: GridSim replays, measures and checks the selection logic of a photo grid's
            multi-select mode.

            USAGE: gridsim <subcommand> [options]

            SUBCOMMANDS:

            """
        for command in subcommands {
            text += "  " + command.syntax.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.syntax.abstract + "\n"
        }
        for command in forwardedCommands {
            text += "  " + command.name.padding(toLength: 12, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += "\n  See 'gridsim help <subcommand>' or 'gridsim <subcommand> --help' for details.\n"
        return text
    }

    /// Runs the command line `arguments` (without the program name) and returns the exit code.
    package static func main(arguments: [String], console: Console = .standard) -> Int32 {
        guard let first = arguments.first else {
            console.err(overview)
            return ExitCode.usage.rawValue
        }
        switch first {
        case "-h", "--help":
            console.out(overview)
            return ExitCode.success.rawValue
        case "--version":
            console.out("gridsim \(version)\n")
            return ExitCode.success.rawValue
        case "help":
            guard arguments.count > 1 else {
                console.out(overview)
                return ExitCode.success.rawValue
            }
            if let command = subcommands.first(where: { $0.syntax.name == arguments[1] }) {
                console.out(command.syntax.help)
                return ExitCode.success.rawValue
            }
            if let command = forwardedCommands.first(where: { $0.name == arguments[1] }) {
                return command.run(["--help"], console)
            }
            return usageError("unknown subcommand '\(arguments[1])'", usage: overview, console: console)
        default:
            break
        }
        let rest = Array(arguments.dropFirst())
        if let command = forwardedCommands.first(where: { $0.name == first }) {
            return command.run(rest, console)
        }
        guard let command = subcommands.first(where: { $0.syntax.name == first }) else {
            return usageError("unknown subcommand '\(first)'", usage: overview, console: console)
        }
        do {
            let parsed = try command.syntax.parse(rest)
            if parsed.wantsHelp {
                console.out(command.syntax.help)
                return ExitCode.success.rawValue
            }
            return try command.run(parsed, console).rawValue
        } catch let error as UsageError {
            return usageError(error.message, usage: "USAGE: \(command.syntax.usageLine)\n  See 'gridsim \(first) --help'.\n", console: console)
        } catch let failure as TraceLoading.Failure {
            console.err(failure.message + "\n")
            return failure.code.rawValue
        } catch {
            console.err("gridsim: error: \(error)\n")
            return ExitCode.failure.rawValue
        }
    }

    private static func usageError(_ message: String, usage: String, console: Console) -> Int32 {
        console.err("gridsim: error: \(message)\n\(usage)")
        return ExitCode.usage.rawValue
    }
}
