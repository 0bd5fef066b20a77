import Foundation
import XCTest

/// Issue 13, `parlo batch`: bad options and odd output targets end with one clear line, exit 1
/// or 64, and lose nothing already written.
final class BatchHardeningTests: XCTestCase {
    static let cards = BatchCommandTests.cards
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-harden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A headerless file (zeros) the raw options could apply to.
    func rawFile() -> String {
        let path = dir.appendingPathComponent("x.raw").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(count: 3200))
        return path
    }

    func testOutOfRangeRawRateAndChannelsAreRefusedWithOneLine() throws {
        for option in ["--raw-rate=2147483648", "--raw-rate=0", "--raw-channels=2147483648", "--raw-channels=0"] {
            let out = try ParloProcess.run(["batch", "--raw-rate=16000", option, rawFile()])
            XCTAssertEqual(out.status, 64, "\(option): \(out.stderr)")
            let lines = ParloProcess.errorLines(out)
            XCTAssertEqual(lines.count, 1, out.stderr)
            XCTAssertTrue(lines.first?.contains(String(option.prefix { $0 != "=" })) ?? false, out.stderr)
        }
    }

    func testNegativeLevelsAndScoresAreTakenAsValues() throws {
        let out = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--noise-floor", "-55",
                                        "--denoise", "-15", Self.cards + "/003.wav"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try ParloProcess.object(out.lines[0])["text"] as? String, "seven of clubs")
        let rejecting = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--reject-word-score", "-12",
                                              "--reject-score", "-9", "--reject-short-score", "-9", Self.cards + "/003.wav"])
        XCTAssertEqual(rejecting.status, 0, rejecting.stderr)
        XCTAssertEqual(rejecting.lines.count, 2, rejecting.stdout)
    }
}
