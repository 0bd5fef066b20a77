import Foundation
import ParloTesting

/// Runs any program (an installed `parlo`, `scripts/install`) with exactly the environment and
/// working folder given: the data look-up tests must not see the developer's own config or
/// installs, which `ParloProcess` (it inherits the environment) would let through.
enum CLIRun {
    struct Output {
        var status: Int32, stdout: String, stderr: String
        var errorLines: [Substring] { stderr.split(separator: "\n") }
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The test run's environment without anything that steers Parlo's data look-up, with `home`
    /// as HOME and `extra` on top.
    static func isolated(home: String, _ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PARLO_") && !$0.key.hasPrefix("XDG_") }
        env["HOME"] = home
        // Nothing found through the defaults: no other install on this machine takes part.
        env["XDG_DATA_DIRS"] = home + "/no-data-dirs"
        return env.merging(extra) { $1 }
    }

    /// Runs `program` with `environment` (PATH kept when it has none; nil: this process's own).
    static func run(_ program: String, _ arguments: [String], stdin: String? = nil,
                    environment: [String: String]? = nil, directory: String? = nil) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        if var env = environment {
            if env["PATH"] == nil { env["PATH"] = ProcessInfo.processInfo.environment["PATH"] }
            p.environment = env
        }
        if let directory { p.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Both pipes at once: a child filling stderr while stdout is read would otherwise hang.
        let e = Box(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { e.data = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e.data, as: UTF8.self))
    }

    /// Stderr's bytes, written by the reader thread and read after the semaphore says it is done.
    private final class Box: @unchecked Sendable { var data = Data() }
}
