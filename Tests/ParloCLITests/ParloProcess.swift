import Foundation
import XCTest

/// Runs the built `parlo` executable, as a user would, and captures what it prints.
struct ParloProcess {
    struct Output { var status: Int32; var stdout: String; var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    static var binary: URL {
        // XCTest on Linux runs from the build folder that also holds the `parlo` product.
        Bundle.main.bundleURL.appendingPathComponent("parlo")
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe(), input = Pipe()
        p.standardOutput = out; p.standardError = err; p.standardInput = input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Output(status: p.terminationStatus, stdout: String(decoding: o, as: UTF8.self), stderr: String(decoding: e, as: UTF8.self))
    }

    /// Parses a JSON Lines output line into a dictionary.
    static func object(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
}
