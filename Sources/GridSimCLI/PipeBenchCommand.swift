import AdapterProtocol
import CommandLineKit
import Foundation
@_spi(GridSimInternals) import GridSimKit
import SyntheticSessions

/// `gridsim pipe-bench --adapter COMMAND [--echo COMMAND]`: an adapter's steps per second
/// through the line protocol, batched and one at a time, beside an echo adapter's (the pipe's
/// own cost), on a synthetic session or a trace.
enum PipeBenchCommand: SubcommandDefinition {
    static let echo = Option<String?>.text(
        "--echo", "command", help: "An echo adapter in the same language, timed beside it: what the pipe alone costs.")
    static let trace = Option<String?>.text(
        "--trace", "file", help: "Time this trace's events.", shownDefault: "a synthetic session (--photos, --events)")
    static let photos = Option.integer("--photos", "n", help: "The synthetic session's grid (PhotoKit-style ids).", default: 10_000)
    static let events = Option.integer("--events", "n", help: "The synthetic session's events.", default: 20_000)
    static let batch = Option.integer("--batch", "n", help: "Events per request, batched.", default: 1000)
    static let repetitions = Option.integer("--repetitions", "n", help: "Timed passes; medians are reported.", default: 5)
    static let single = Option.integer("--single", "n", help: "Events sent one per request in each pass.", default: 2000)

    static let syntax = CommandSyntax(
        name: "pipe-bench",
        abstract: "Time an adapter in any language through the protocol, beside an echo adapter.",
        positionals: [],
        options: AdapterOptions.all + [echo, trace, photos, events, batch, repetitions, single],
        discussion: """
            Each adapter answers the trace once with every answer checked, then is timed in
            passes from the trace's start: all events in batches (answers without state, as
            a benchmark wants) and the first --single events one per request. The pipe's share
            is the echo adapter's time per batched event over the adapter's.

            \(AdapterOptions.exitCodes)
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitCode {
        let settings = try benchmark(arguments)
        let workload = try self.workload(arguments, console: console)
        let connection: AdapterConnection
        switch try AdapterOptions.connect(arguments, console: console, command: "pipe-bench") {
        case .connected(let connected): connection = connected
        case .failed(let code): return code
        }
        defer { connection.close() }
        let handled = workload.trace.events.filter { !connection.handshake.unhandled.contains($0.event.name) }
        var trace = workload.trace
        trace.events = handled
        console.err("pipe-bench: \(handled.count) events of \(workload.name); batches of \(settings.batchSize), median of \(settings.repetitions) passes\n")
        var rows: [PipeBenchmark.Figures] = []
        do {
            rows.append(try settings.measure(trace, on: connection))
        } catch {
            console.out("FAULT \(error)\n")
            return .adapterFault
        }
        if let echoCommand = try arguments.value(echo) {
            var echoSettings = connection.settings
            echoSettings.command = echoCommand
            do {
                let echoConnection = try AdapterConnection(settings: echoSettings)
                defer { echoConnection.close() }
                rows.append(try settings.measure(trace, on: echoConnection))
            } catch {
                console.out("FAULT the echo adapter: \(error)\n")
                return .adapterFault
            }
        }
        console.out(table(rows, workload: workload.name, events: handled.count, settings: settings))
        return .success
    }

    private static func benchmark(_ arguments: ParsedArguments) throws -> PipeBenchmark {
        let settings = PipeBenchmark(
            batchSize: try arguments.value(batch), repetitions: try arguments.value(repetitions),
            singleEvents: try arguments.value(single))
        guard settings.batchSize >= 1, settings.repetitions >= 1, settings.singleEvents >= 1 else {
            throw UsageError("--batch, --repetitions and --single must be at least 1")
        }
        return settings
    }

    private static func workload(_ arguments: ParsedArguments, console: Console) throws -> (trace: Trace, name: String) {
        if let path = try arguments.value(trace) {
            return (try TraceLoading.load(path) { console.err($0 + "\n") }, path)
        }
        let photoCount = try arguments.value(photos)
        let eventCount = try arguments.value(events)
        guard photoCount >= 1, eventCount >= 1 else { throw UsageError("--photos and --events must be at least 1") }
        var session = SyntheticSession(SessionSettings(photoCount: photoCount, seed: 1, ids: .photokit), eventCount: eventCount)
        let header = session.header
        var events: [TraceEvent] = []
        events.reserveCapacity(eventCount)
        while let event = session.next() { events.append(event) }
        return (Trace(header: header, events: events), "a synthetic session over \(photoCount) PhotoKit-style photos")
    }

    private static func table(_ rows: [PipeBenchmark.Figures], workload: String, events: Int, settings: PipeBenchmark) -> String {
        func rate(_ value: Double) -> String { Int(value.rounded()).formatted(.number.grouping(.automatic)) }
        var text = "| adapter | batched events/s | ns/event batched | one at a time events/s | µs/round trip |\n|---|---:|---:|---:|---:|\n"
        for row in rows {
            text += "| \(row.name) | \(rate(row.batchedEventsPerSecond)) | \(String(format: "%.0f", row.batchedNanoseconds)) | \(rate(row.singleEventsPerSecond)) | \(String(format: "%.1f", row.roundTripMicroseconds)) |\n"
        }
        if rows.count == 2 {
            let share = rows[1].batchedNanoseconds / rows[0].batchedNanoseconds
            text += String(
                format: "the pipe's share of a batched step: %.1f %% (%@ carries %.0f ns/event; %@ spends %.0f)\n",
                min(share, 1) * 100, rows[1].name, rows[1].batchedNanoseconds, rows[0].name, rows[0].batchedNanoseconds)
        }
        return text
    }
}
