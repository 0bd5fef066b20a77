import Foundation

/// Runs a program and captures what it prints: the one way Parlo's tests start processes
/// (`parlo` itself, `git`, `swift`, `python3`, installed copies).
public enum Subprocess {
    public struct Output {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Stdout's bytes as written (binary output: `parlo say --out -`).
        public var data = Data()
        /// Stdout as lines.
        public var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        /// Stderr as lines, for "exactly one line" checks.
        public var errorLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// Runs `program` to its end. `environment` replaces this process's (PATH kept when it has
    /// none); nil inherits it.
    public static func run(_ program: String, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String]? = nil, directory: URL? = nil) throws -> Output {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        if var env = environment {
            if env["PATH"] == nil { env["PATH"] = ProcessInfo.processInfo.environment["PATH"] }
            p.environment = env
        }
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        // Stdin and stderr on their own threads: a child filling one pipe while another is
        // read or written would otherwise hang.
        let e = Box(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { e.data = err.fileHandleForReading.readDataToEndOfFile(); done.signal() }
        let writer = Thread {
            if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
                      stderr: String(decoding: e.data, as: UTF8.self), data: o)
    }

    /// Stderr's bytes, written by the reader and read after the semaphore says it is done.
    // @unchecked Sendable: written once by the reader, read only after `done` is signalled.
    private final class Box: @unchecked Sendable { var data = Data() }
}
