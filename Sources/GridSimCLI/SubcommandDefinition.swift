import CommandLineKit

/// A subcommand of `gridsim` as its type declares it: the syntax (name, options, help) and
/// what it does. `GridSim.subcommands` lists the types, in the order the overview shows them.
protocol SubcommandDefinition: SendableMetatype {
    static var syntax: CommandSyntax { get }
    /// May throw a `UsageError` (reported with the usage, exit 64) or a `TraceLoading.Failure`
    /// (its message and exit code).
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode
}
