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

/// How far an utterance's voice lies from the stream's (`StreamingMeanState.shift`), live
/// listening's test for decoding an utterance again whole.
final class StreamingMeanShiftTests: XCTestCase {
    /// A stream at 500 frames of mean 0, then 100 frames whose c1 is 3 and c2 is 4 on average:
    /// the utterance's own mean lies 5 from the stream's; c0 (loudness) does not count.
    func testTheShiftIsTheDistanceOfTheNewFramesMeanOverC1ToC12() throws {
        let begin = StreamingMeanState(mean: .init(repeating: 0, count: 13), sums: .init(repeating: 0, count: 13), frames: 500)
        var sums = [Float](repeating: 0, count: 13)
        sums[0] = 9_000; sums[1] = 300; sums[2] = 400
        let now = StreamingMeanState(mean: begin.mean, sums: sums, frames: 600)
        XCTAssertEqual(try XCTUnwrap(now.shift(since: begin, fedSamples: 100 * 160)), 5, accuracy: 1e-6)
        // Measured from a stream whose mean sits at c1 = 3, c2 = 4 already: no shift.
        var mean = begin.mean
        mean[1] = 3; mean[2] = 4
        let there = StreamingMeanState(mean: mean, sums: mean.map { $0 * 500 }, frames: 500)
        let after = StreamingMeanState(mean: mean, sums: zip(there.sums, sums).map { $0 + $1 }, frames: 600)
        XCTAssertEqual(try XCTUnwrap(after.shift(since: there, fedSamples: 100 * 160)), 0, accuracy: 1e-4)
    }

    /// When the frames no longer add up to the samples fed (PocketSphinx scaled its sums back
    /// past 800 frames), or none were added, there is no shift to tell.
    func testNoShiftWhenTheSumsWereScaledBackOrNothingWasHeard() {
        let begin = StreamingMeanState(mean: .init(repeating: 0, count: 13), sums: .init(repeating: 0, count: 13), frames: 700)
        let scaled = StreamingMeanState(mean: begin.mean, sums: .init(repeating: 1, count: 13), frames: 500 + 150)
        XCTAssertNil(scaled.shift(since: begin, fedSamples: 250 * 160))
        XCTAssertNil(begin.shift(since: begin, fedSamples: 0))
        XCTAssertNil(StreamingMeanState(mean: [], sums: [], frames: 0).shift(since: begin, fedSamples: 0))
    }
}
