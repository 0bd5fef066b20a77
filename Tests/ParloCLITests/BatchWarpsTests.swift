import Foundation
import XCTest
import ParloTesting

/// `--warps` of `parlo batch`, `listen` and `study`: a bad list is refused in one line before any
/// file is read or any device opened.
final class BatchWarpsTests: XCTestCase {
    func testBadWarpsAreRefusedInOneLine() throws {
        let commands = [["batch", "x.wav"], ["listen", "--input", "x.wav"], ["study", "--text"]]
        for bad in ["fast", "0.8,", "2", "0.8;1.25"] {
            for command in commands {
                let out = try ParloProcess.run([command[0], "--warps", bad] + command.dropFirst())
                XCTAssertNotEqual(out.status, 0, "\(command) \(bad)")
                XCTAssertTrue(out.stderr.contains("--warps takes frequency warps between 0.7 and 1.4"), out.stderr)
                XCTAssertEqual(out.stderr.split(separator: "\n").filter { !$0.isEmpty }.count, 1, out.stderr)
            }
        }
    }
}
