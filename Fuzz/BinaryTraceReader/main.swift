// libFuzzer target: the binary trace reader on arbitrary bytes.
//
// Built and run by scripts/fuzz. Each input is read four ways: strictly, salvaging, and both
// again with CRC checks off, so that the fuzzer also reaches the record decoders behind the
// checksum (a crafted file can carry valid CRCs). Every way must end in events or a
// `TraceError`, never a trap; whatever reads must re-encode to the same trace; the pass that
// only counts must meet the same events, each with the same seen (SPEC.md section 7); and
// replaying it by slot into a FastEngine must give the report that replaying it by id gives.

@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace
@_spi(GridSimInternals) import TraceReplay

let limits = TraceLimits(maximumPhotoCount: 100_000, maximumIDListCount: 10_000, maximumHeaderBytes: 1 << 16, maximumRecordBytes: 1 << 20)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryTraceReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for salvage in [false, true] {
        for verifiesChecksums in [true, false] {
            let options = BinaryTraceReader.Options(limits: limits, salvage: salvage, verifiesChecksums: verifiesChecksums)
            guard let trace = read(bytes, options) else { continue }
            do {
                let again = try Trace(binary: trace.binaryEncoded(syncInterval: 2), options: .init(limits: limits))
                precondition(again == trace, "re-encoding changed the trace")
            } catch {
                fatalError("a trace that was read could not be read again after writing: \(error)")
            }
            checkCountingPass(bytes, options, trace)
            if !salvage { checkReplayBySlot(bytes, options, trace) }
        }
    }
    return 0
}

func read(_ bytes: [UInt8], _ options: BinaryTraceReader.Options) -> Trace? {
    do {
        var reader = try BinaryTraceReader(bytes: bytes, options: options)
        var events: [TraceEvent] = []
        while let event = try reader.next() {
            events.append(event)
            precondition(events.count <= bytes.count, "more events than bytes")
        }
        precondition(reader.damage.allSatisfy { $0.byteOffset + $0.byteCount <= bytes.count }, "damage beyond the input")
        return Trace(header: reader.header, events: events)
    } catch is TraceError {
        return nil
    } catch {
        fatalError("the binary reader threw something other than a TraceError: \(error)")
    }
}

/// A reader that keeps no ids reads the same events, and hears the same seen after each.
func checkCountingPass(_ bytes: [UInt8], _ options: BinaryTraceReader.Options, _ trace: Trace) {
    var counting = options
    counting.keepsIDs = false
    do {
        var reader = try BinaryTraceReader(bytes: bytes, options: counting)
        var index = 0
        while let (name, t) = try reader.nextKind() {
            precondition(index < trace.events.count, "the counting pass reads more events")
            let event = trace.events[index]
            precondition(name == event.event.name && t == event.t, "the counting pass reads another event")
            precondition(reader.seen == event.seen, "the counting pass hears another seen")
            index += 1
        }
        precondition(index == trace.events.count, "the counting pass reads fewer events")
    } catch {
        fatalError("a trace that was read could not be counted: \(error)")
    }
}

/// The slots the reader hands out must be the ones a FastEngine interns.
func checkReplayBySlot(_ bytes: [UInt8], _ options: BinaryTraceReader.Options, _ trace: Trace) {
    guard trace.header.photos.count <= 2_000, trace.events.count <= 2_000 else { return }
    do {
        var reader = try BinaryTraceReader(bytes: bytes, options: options)
        let engine = try BinaryTraceReplay.replay(&reader)
        let byID = Replayer.replay(trace, engine: FastEngine.self)
        precondition(ReplayFinal(engine) == byID.final, "replay by slot and by id disagree")
    } catch {
        fatalError("a trace that was read could not be replayed by slot: \(error)")
    }
}
