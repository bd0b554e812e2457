import CommandLineKit
import Testing

private enum Colour: String, CaseIterable, Sendable {
    case red, green
}

private enum Options {
    static let json = Option.flag("--json", help: "As JSON.")
    static let count = Option.integer("--count", "n", help: "How many.", default: 7)
    static let at = Option<Int?>.integer("--at", "step", help: "A step.", shownDefault: "the last")
    static let colour = Option<Colour>.choice("--colour", "colour", help: "A colour.", default: .green)
    static let name = Option<String?>.text("--name", "text", help: "A name.")
    static let syntax = CommandSyntax(
        name: "demo", abstract: "A demo.", positionals: [.init(name: "file", help: "A file.")],
        options: [json, count, at, colour, name])
}

@Suite("CommandLineKit: declared once, read typed")
struct CommandSyntaxTests {
    @Test func absentOptionsReadAsTheirDeclaredDefaults() throws {
        let parsed = try Options.syntax.parse(["f"])
        #expect(parsed.value(Options.json) == false)
        #expect(try parsed.value(Options.count) == 7)
        #expect(try parsed.value(Options.at) == nil)
        #expect(try parsed.value(Options.colour) == .green)
        #expect(!parsed.isGiven(Options.count))
        #expect(parsed.positionals == ["f"])
    }

    @Test func givenOptionsReadAsTypedValues() throws {
        let parsed = try Options.syntax.parse(["--json", "--count=3", "--at", "-2", "--colour", "red", "f", "--name", "x"])
        #expect(parsed.value(Options.json))
        #expect(try parsed.value(Options.count) == 3)
        #expect(try parsed.value(Options.at) == -2)
        #expect(try parsed.value(Options.colour) == .red)
        #expect(try parsed.value(Options.name) == "x")
    }

    @Test func theHelpShowsTheDefaultTheCommandGets() {
        let help = Options.syntax.help
        #expect(help.contains("--count <n>             How many. (default: 7)\n"))
        #expect(help.contains("--at <step>             A step. (default: the last)\n"))
        #expect(help.contains("A colour. (one of: red, green; default: green)\n"))
        #expect(help.hasPrefix("OVERVIEW: A demo.\n\nUSAGE: gridsim demo [--json] [--count <n>]"))
    }

    @Test(arguments: [
        (["--nope", "f"], "unknown option '--nope'"),
        (["--json=1", "f"], "option '--json' takes no value"),
        (["--help=1"], "option '--help' takes no value"),
        (["f", "--count"], "option '--count' needs a value"),
        (["--count", "--json", "f"], "option '--count' needs a value"),
        (["--colour", "blue", "f"], "option '--colour' must be one of red, green; found 'blue'"),
        ([], "missing argument <file>"),
        (["f", "g"], "unexpected argument 'g'"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Options.syntax.parse(arguments) }
    }

    @Test func aBadNumberIsRefusedWhenRead() throws {
        let parsed = try Options.syntax.parse(["--count", "x", "f"])
        #expect(throws: UsageError("option '--count' needs a whole number; found 'x'")) { try parsed.value(Options.count) }
    }

    @Test func hiddenOptionsAreAcceptedButNotShown() throws {
        let secret = Option<Int?>.integer("--secret", "n", help: "Internal.").hidden()
        let syntax = CommandSyntax(name: "demo", abstract: "A demo.", options: [Options.json, secret])
        #expect(try syntax.parse(["--secret", "3"]).value(secret) == 3)
        #expect(!syntax.help.contains("--secret"))
        #expect(syntax.usageLine == "gridsim demo [--json]")
    }

    @Test func helpAndDoubleDash() throws {
        #expect(try Options.syntax.parse(["-h"]).wantsHelp)
        #expect(try Options.syntax.parse(["--", "--json"]).positionals == ["--json"])
    }

    @Test func exitCodesKeepTheirNumbers() {
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.regression.rawValue == 2)
        #expect(ExitCode.baselineMissing.rawValue == 5)
        #expect(ExitCode.cantCreate.rawValue == 73)
    }
}
