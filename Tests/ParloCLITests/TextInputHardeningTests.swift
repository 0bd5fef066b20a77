import Foundation
import XCTest
import ParloTesting

/// Issue 13 defect 13.8: study materials and `parlo read` files that are not UTF-8 text are
/// named, with why, instead of being skipped in silence or read as nothing.
final class TextInputHardeningTests: ScratchFolderTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("math"), withIntermediateDirectories: true)
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func testStudyWarnsOnceForEachSkippedMaterialAndKeepsTheRest() throws {
        _ = try write("math/fractions.md", Array("# Fractions\n\nA half is one of two equal parts.\n".utf8))
        let latin1 = try write("math/latin.txt", Array("caf".utf8) + [0xE9] + Array(" au lait.\n".utf8))
        let binary = try write("math/scan.md", [0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02])
        let (out, timedOut) = try ParloProcess.run(["study", "--text", "--json", "--out", dir.appendingPathComponent("r.wav").path,
                                                    "--grammar", SpeechHardeningTests.grammar, dir.path],
                                                   stdin: "open math\nread this page\n", timeout: 60)
        XCTAssertFalse(timedOut)
        XCTAssertEqual(out.status, 0, out.stderr)
        let warnings = ParloProcess.errorLines(out)
        XCTAssertEqual(warnings.count, 2, out.stderr)
        XCTAssertTrue(warnings.contains { $0.contains(latin1) && $0.contains("not UTF-8") }, out.stderr)
        XCTAssertTrue(warnings.contains { $0.contains(binary) && $0.contains("binary") }, out.stderr)
        XCTAssertTrue(out.stdout.contains("half is one of two"), "the good material is still read: \(out.stdout)")
    }

    func testReadRefusesWhatIsNotTextInOneLine() throws {
        let cases: [(String, String)] = [
            (try write("latin.txt", Array("caf".utf8) + [0xE9, 0x0A]), "not UTF-8"),
            (try write("scan.md", [0x25, 0x50, 0x44, 0x46, 0x00]), "binary"),
            (try write("empty.txt", []), "empty"),
            ("/dev/zero", "is a device"),
        ]
        for (file, reason) in cases {
            let (out, timedOut) = try ParloProcess.run(["read", "--out", dir.appendingPathComponent("r.wav").path, file], timeout: 30)
            XCTAssertFalse(timedOut, "\(file): parlo read hung")
            XCTAssertEqual(out.status, 1, "\(file): \(out.stderr)")
            let lines = ParloProcess.errorLines(out)
            XCTAssertEqual(lines.count, 1, out.stderr)
            XCTAssertTrue(lines.first?.contains(reason) ?? false, "\(file): \(out.stderr)")
        }
    }
}
