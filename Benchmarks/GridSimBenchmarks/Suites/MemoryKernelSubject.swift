import BenchmarkKit

/// The physical-limit subject every set-operation suite shares: a streaming copy of as many
/// bytes as the lower-bound subject must read, so that its time is what memory bandwidth
/// alone costs. It computes no result and is exempt from the result check and the gate.
enum MemoryKernelSubject {
    static func make<Fixture>(name: String, bytes: @escaping (CaseParameters) -> Int) -> Subject<Fixture> {
        Subject(name: name, role: .physicalLimit) { _, parameters in
            let kernel = StreamingCopyKernel(byteCount: bytes(parameters))
            return PreparedOperation(
                perform: { count in
                    for _ in 0..<count { kernel.copyOnce() }
                },
                result: { nil })
        }
    }
}
