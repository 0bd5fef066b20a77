import XCTest
@testable import ParloRecognizer

/// What `ModelAdaptation` reads of SphinxTrain's output, on log lines as `bw` writes them.
final class ModelAdaptationTests: XCTestCase {
    func testAnUtteranceBwIgnoresIsNotCountedAsAligned() {
        let log = """
            INFO: cmn.c(133): CMN: 60.47  9.62 -8.97
            utt>     0                     u0000  120    0    60 20 1.1e-102 -1.4e+02 -1.7e+04 utt 0.01x
            INFO: cmn.c(133): CMN: 61.10  0.59 -10.34
            ERROR: "backward.c", line 421: Failed to align audio to trancript: final state of the search is not reached
            ERROR: "baum_welch.c", line 324: u0001 ignored
            utt>     1                     u0001  199    0    92 32  utt 0.007x 1.000e
            utt>     2                     u0002  150    0    70 21 1.2e-102 -1.5e+02 -2.2e+04 utt 0.01x
            """
        XCTAssertEqual(ModelAdaptation.alignedUtterances(bwLog: log), 2)
        XCTAssertEqual(ModelAdaptation.alignedUtterances(bwLog: ""), 0)
    }

    func testATransformIsCheckedBeforeAnyDecoderLoadsIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-mllr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // One class, 3 streams of 13: the length, a 13 × 13 matrix, 13 shifts and 13 variance scales each.
        var good = "1\n3\n"
        for _ in 0..<3 { good += "13\n" + String(repeating: "1 ", count: 13 * 13 + 13 + 13) + "\n" }
        let ok = dir.appendingPathComponent("ok.mllr").path, short = dir.appendingPathComponent("short.mllr").path
        try good.write(toFile: ok, atomically: true, encoding: .utf8)
        try String(good.dropLast(4)).write(toFile: short, atomically: true, encoding: .utf8)
        XCTAssertNoThrow(try ModelAdaptation.checkTransform(at: ok))
        XCTAssertThrowsError(try ModelAdaptation.checkTransform(at: short)) { XCTAssertEqual(($0 as? AdaptationError)?.code, .notATransform) }
        XCTAssertThrowsError(try AcousticModel.locate().adapted(with: dir.appendingPathComponent("none.mllr").path))
    }
}
