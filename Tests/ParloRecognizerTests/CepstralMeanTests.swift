import ParloRecognizer
import XCTest

/// The running mean a long recording's whole decodes start from (`ListenPipeline`'s
/// `streamCepstralPriorSeconds`): each mean weighs by its seconds, the past by at most its memory.
final class CepstralMeanTests: XCTestCase {
    func testARunningMeanWeighsEachPartByItsSeconds() {
        let first = CepstralMean(values: [0, 10], seconds: 3)
        let running = first.followed(by: CepstralMean(values: [4, 2], seconds: 1), memorySeconds: 10)
        XCTAssertEqual(running.values[0], 1, accuracy: 1e-6)
        XCTAssertEqual(running.values[1], 8, accuracy: 1e-6)
        XCTAssertEqual(running.seconds, 4)
    }

    func testThePastCountsAtMostItsMemory() {
        let long = CepstralMean(values: [0], seconds: 60)
        let running = long.followed(by: CepstralMean(values: [11], seconds: 1), memorySeconds: 10)
        XCTAssertEqual(running.values[0], 1, accuracy: 1e-6, "60 s of the past count as 10")
        XCTAssertEqual(running.seconds, 11)
    }

    func testAMeanOfAnotherShapeIsReplaced() {
        let next = CepstralMean(values: [1, 2, 3], seconds: 1)
        XCTAssertEqual(CepstralMean(values: [0], seconds: 5).followed(by: next, memorySeconds: 10), next)
    }
}
