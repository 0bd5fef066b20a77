import Foundation
import ParloCore
import XCTest
@testable import ParloRecognizer

final class NoiseFloorTests: XCTestCase {
    private func floored(_ samples: [Int16], _ floor: inout NoiseFloor) -> [Int16] {
        samples.withUnsafeBufferPointer { input in floor.apply(input) { Array($0) } }
    }

    func testDigitalSilenceGetsAFloorAtTheAskedLevel() {
        var floor = NoiseFloor(levelDB: -55)
        let out = floored([Int16](repeating: 0, count: 160_000), &floor)
        let rms = (out.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(out.count)).squareRoot()
        XCTAssertEqual(20 * log10(rms / 32768), -55, accuracy: 1)
        XCTAssertGreaterThan(Set(out).count, 50)            // noise, not an offset
    }

    func testEachUtteranceHearsTheSameNoise() {
        var floor = NoiseFloor(levelDB: -55)
        let speech = (0..<4_000).map { Int16(clamping: Int(8_000 * sin(Double($0) / 9))) }
        let first = floored(speech, &floor)
        let carriedOn = floored(speech, &floor)
        floor.reset()
        XCTAssertEqual(floored(speech, &floor), first)     // deterministic per utterance
        XCTAssertNotEqual(carriedOn, first)                // within a stream the noise goes on
        XCTAssertLessThan(zip(first, speech).map { abs(Int($0) - Int($1)) }.max()!, 600)  // faint under speech
    }

    func testNoLevelLeavesTheAudioUntouched() {
        var floor = NoiseFloor(levelDB: nil)
        let speech: [Int16] = [0, 0, 5, -7, 1_000, 0]
        XCTAssertEqual(floored(speech, &floor), speech)
    }

    func testPinkNoiseHasItsDocumentedLevel() {
        let n = PinkNoise.samples(count: 200_000, seed: 7)
        let rms = (n.reduce(0) { $0 + $1 * $1 } / Double(n.count)).squareRoot()
        XCTAssertEqual(rms, PinkNoise.rms, accuracy: PinkNoise.rms * 0.05)
    }
}
