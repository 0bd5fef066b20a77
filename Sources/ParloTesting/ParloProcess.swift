import Foundation

/// Runs the built `parlo` executable, as a user would, and captures what it prints.
public struct ParloProcess {
    public typealias Output = Subprocess.Output

    public static var binary: URL {
        // XCTest on Linux runs from the build folder that also holds the `parlo` product.
        Bundle.main.bundleURL.appendingPathComponent("parlo")
    }

    public static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        try Subprocess.run(binary.path, arguments, stdin: stdin,
                           environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    }

    /// Runs `parlo` with a deadline: a run still going after `timeout` seconds is killed and
    /// reported as a failure (status nil), so a hang fails the test instead of blocking it.
    public static func run(_ arguments: [String], stdin: String? = nil, timeout: Double,
                    directory: URL? = nil) throws -> (output: Output, timedOut: Bool) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        let killer = Thread {
            while p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            if p.isRunning { kill(p.processIdentifier, SIGKILL) }
        }
        killer.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while killer.isExecuting { Thread.sleep(forTimeInterval: 0.01) }
        let timedOut = p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGKILL
        return (Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                       stderr: String(decoding: e, as: UTF8.self)), timedOut)
    }

    /// Starts `parlo`, waits until `ready()`, lets it run `seconds` more, sends `signal`, and returns what it printed and
    /// how it ended (`terminationReason` tells a signal from an exit).
    public static func interrupt(_ arguments: [String], after seconds: Double, signal: Int32,
                          environment: [String: String] = [:], ready: () -> Bool = { true }) throws -> (Output, Process.TerminationReason) {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = FileHandle.nullDevice
        try p.run()
        // A loaded machine can be slow to start: wait for `ready` (up to 30 s), then `seconds`.
        let deadline = Date().addingTimeInterval(30)
        while !ready() && p.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        Thread.sleep(forTimeInterval: seconds)
        kill(p.processIdentifier, signal)
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                       stderr: String(decoding: e, as: UTF8.self)), p.terminationReason)
    }

    /// Stderr as lines, for "exactly one line" checks.
    public static func errorLines(_ output: Output) -> [Substring] { output.stderr.split(separator: "\n") }

    /// Parses a JSON Lines output line into a dictionary.
    public static func object(_ line: String) throws -> [String: Any] {
        guard let o = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw CocoaError(.coderReadCorrupt, userInfo: [NSDebugDescriptionErrorKey: "not a JSON object: \(line)"])
        }
        return o
    }
}
