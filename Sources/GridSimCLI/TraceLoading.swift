import Foundation
import SelectionTrace

/// Reads a whole trace for a command, turning every failure into the message and exit code a
/// script expects: 66 for a file that cannot be opened, 65 for a malformed trace. Messages
/// start with the path (`FILE:LINE: what is wrong`), as compilers write them.
enum TraceLoading {
    struct Failure: Error {
        var code: ExitCode
        var message: String
    }

    static func load(_ path: String, limits: TraceLimits = .default) throws(Failure) -> Trace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Failure(code: .noInput, message: "\(path): no such file")
        }
        guard !isDirectory.boolValue else {
            throw Failure(code: .noInput, message: "\(path): is a directory, not a trace")
        }
        do {
            return try Trace(contentsOfFile: path, limits: limits)
        } catch let error as TraceError {
            throw Failure(code: .dataError, message: "\(path):\(error.line): \(error.message)")
        } catch let error as TraceFileError {
            throw Failure(code: .noInput, message: error.description)
        } catch {
            throw Failure(code: .ioError, message: "\(path): read failed: \(error)")
        }
    }
}
