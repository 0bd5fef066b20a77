import Foundation
import XCTest
import ParloTesting

/// `parlo batch --warps`: a bad list is refused in one line before any file is read.
final class BatchWarpsTests: XCTestCase {
    func testBadWarpsAreRefusedInOneLine() throws {
        for bad in ["fast", "0.8,", "2", "0.8;1.25"] {
            let out = try ParloProcess.run(["batch", "--warps", bad, "x.wav"])
            XCTAssertNotEqual(out.status, 0, bad)
            XCTAssertTrue(out.stderr.contains("--warps takes frequency warps between 0.7 and 1.4"), out.stderr)
            XCTAssertEqual(out.stderr.split(separator: "\n").filter { !$0.isEmpty }.count, 1, out.stderr)
        }
    }
}
