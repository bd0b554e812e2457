// The seed corpus of the binary target: every trace in Traces/ and Fuzz/seeds/ converted to
// binary (with sync points every few events, so the fuzzer meets every record kind), and short
// synthetic sessions. scripts/fuzz asks for it by starting the target with
// GRIDSIM_WRITE_SEED_CORPUS=TRACE_DIRECTORIES:OUTPUT_DIRECTORY (directories separated by
// commas), before fuzzing.

import Foundation
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Called by libFuzzer once, before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func initializeBinaryTraceFuzzing(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let request = ProcessInfo.processInfo.environment["GRIDSIM_WRITE_SEED_CORPUS"] else { return 0 }
    let parts = request.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { fatalError("GRIDSIM_WRITE_SEED_CORPUS needs TRACE_DIRECTORIES:OUTPUT_DIRECTORY") }
    do {
        let written = try writeSeedCorpus(from: parts[0].split(separator: ",").map(String.init), to: parts[1])
        print("seed corpus: wrote \(written) binary traces to \(parts[1])")
        exit(0)
    } catch {
        fatalError("cannot write the seed corpus: \(error)")
    }
}

func writeSeedCorpus(from inputs: [String], to output: String) throws -> Int {
    try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    var written = 0
    let files = try inputs.flatMap { input in
        try FileManager.default.contentsOfDirectory(atPath: input).sorted().filter { $0.hasSuffix(".jsonl") }
            .map { (path: input + "/" + $0, name: $0) }
    }
    for (path, name) in files {
        let trace = try Trace(contentsOfFile: path)
        let bytes = trace.binaryEncoded(salt: 0x5EED_0000 + UInt32(written), syncInterval: 4)
        try Data(bytes).write(to: URL(fileURLWithPath: output + "/" + name.dropLast(".jsonl".count) + ".gstrace"))
        written += 1
    }
    for seed in 1...3 {
        let trace = Trace(
            header: TraceHeader(photos: .count(40 * seed)), events: shortSession(photos: 40 * seed, events: 60 * seed, seed: seed))
        let bytes = trace.binaryEncoded(salt: UInt32(seed), syncInterval: 8)
        try Data(bytes).write(to: URL(fileURLWithPath: output + "/synthetic-\(seed).gstrace"))
        written += 1
    }
    return written
}

/// A short seeded session over photos "1" … "N": taps, long presses, drags, Done, library
/// changes that remove one photo and insert a new id, and taps on ids the grid never had, so
/// that the seeds hold id definitions past the header and every event record's shape.
func shortSession(photos: Int, events: Int, seed: Int) -> [TraceEvent] {
    var random = SplitMix64(seed: UInt64(seed))
    var t = 0
    var fresh = 0
    func photo() -> PhotoID { String(1 + random.multiplyHigh(below: photos)) }
    return (0..<events).map { _ in
        t += 30 + random.multiplyHigh(below: 571)
        let event: Event
        switch random.multiplyHigh(below: 10) {
        case 0: event = .longPress(photo())
        case 1: event = .done
        case 2: event = .dragBegan(photo())
        case 3: event = .dragMoved(photo())
        case 4: event = .dragEnded
        case 5:
            fresh += 1
            event = .libraryChanged(removed: [photo()], inserted: [Insertion(photo: "new-\(fresh)", at: 0)])
        case 6:
            fresh += 1
            event = .tap("unknown-\(fresh)")
        default: event = .tap(photo())
        }
        return TraceEvent(t: t, event)
    }
}
