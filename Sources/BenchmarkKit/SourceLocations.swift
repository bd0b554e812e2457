import Foundation

/// The source file and line of an executable's functions, read from its symbol table (`nm`)
/// and its debug information (`addr2line`, binutils).
///
/// Callgrind cannot tell them itself: valgrind 3.19 gives up on a binary with any DWARF 5
/// unit (clang writes one for each C target, such as CCRC32C), so the counted copy is
/// stripped of its debug information (`CallgrindInvocation`). binutils reads DWARF 5, so the
/// lines come from the unstripped executable instead: the line of each function's entry,
/// its declaration.
public enum SourceLocations {
    /// `symbols` (as the symbol table names them) to the file and line of their entry in
    /// `executable`; symbols without debug information are left out. Empty when `nm` or
    /// `addr2line` is missing. O(symbol table + symbols), two processes.
    public static func resolve(_ symbols: Set<String>, in executable: String) -> [String: (file: String, line: Int)] {
        guard !symbols.isEmpty, let nm = CallgrindInvocation.findOnPath("nm"),
              let addr2line = CallgrindInvocation.findOnPath("addr2line"),
              let table = ExternalTool.output(of: nm, ["--defined-only", executable], input: nil)
        else { return [:] }
        var addresses: [(symbol: String, address: String)] = []
        var seen = Set<String>()
        for line in table.split(separator: "\n") {
            // `ADDRESS TYPE NAME`; a Swift symbol has no spaces.
            let fields = line.split(separator: " ", maxSplits: 2)
            guard fields.count == 3, symbols.contains(String(fields[2])), seen.insert(String(fields[2])).inserted else { continue }
            addresses.append((String(fields[2]), "0x" + fields[0]))
        }
        guard !addresses.isEmpty,
              let answer = ExternalTool.output(of: addr2line, ["-e", executable], input: addresses.map(\.address).joined(separator: "\n") + "\n")
        else { return [:] }
        var locations: [String: (file: String, line: Int)] = [:]
        for (entry, line) in zip(addresses, answer.split(separator: "\n", omittingEmptySubsequences: false)) {
            // `FILE:LINE`, `FILE:LINE (discriminator N)`, or `??:0` without information.
            let location = line.split(separator: " ").first ?? ""
            guard let colon = location.lastIndex(of: ":"), let number = Int(location[location.index(after: colon)...]), number > 0 else { continue }
            let file = String(location[..<colon])
            guard file != "??" else { continue }
            locations[entry.symbol] = (file, number)
        }
        return locations
    }
}

/// A tool of the machine run to completion: its standard output.
enum ExternalTool {
    /// Runs `executable` with `arguments` in `directory` (default: the current one), `input`
    /// fed through a file; its standard output, or nil when it could not run or failed.
    static func output(of executable: String, _ arguments: [String], input: String?, in directory: String? = nil) -> String? {
        let process = Process()
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var inputFile: URL?
        defer { if let inputFile { try? FileManager.default.removeItem(at: inputFile) } }
        if let input {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("gridsim-tool-input-\(UUID().uuidString)")
            guard (try? Data(input.utf8).write(to: file)) != nil, let handle = try? FileHandle(forReadingFrom: file) else { return nil }
            inputFile = file
            process.standardInput = handle
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
