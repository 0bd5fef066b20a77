import ArgumentParser
import Foundation
import ParloCore

/// A one-line problem found by the command line itself (a file it cannot read, …).
struct CLIError: ParloError {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Writes one line to stderr, prefixed so it stands out in a log.
func printError(_ line: String) {
    FileHandle.standardError.write(Data("parlo: \(line)\n".utf8))
}

/// Prints a Parlo error as one line and gives the exit code to throw.
func fail(_ error: any Error) -> ExitCode {
    printError(oneLine(error))
    return ExitCode.failure
}
