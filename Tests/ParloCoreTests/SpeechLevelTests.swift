import Foundation
import XCTest
@testable import ParloCore

final class SpeechLevelTests: XCTestCase {
    /// One second of a 440 Hz tone at `dBFS` RMS, between half a second of digital silence.
    func tone(_ dBFS: Double) -> [Int16] {
        let amplitude = pow(10, dBFS / 20) * 32768 * 2.0.squareRoot()
        let silence = [Int16](repeating: 0, count: 8_000)
        return silence + (0..<16_000).map { Int16((amplitude * sin(2 * .pi * 440 * Double($0) / 16_000)).rounded()) } + silence
    }

    func testTheActiveLevelLeavesTheSilenceAroundSpeechOut() throws {
        XCTAssertEqual(try XCTUnwrap(SpeechLevel.activeDBFS(tone(-30))), -30, accuracy: 0.1)
        XCTAssertNil(SpeechLevel.activeDBFS([Int16](repeating: 0, count: 1_000)))
    }

    func testFilesNearTheStandardLevelAreLeftAsTheyAre() {
        for level in [-31.0, -26, -21] {
            let t = tone(level)
            XCTAssertEqual(SpeechLevel.standardised(t), t, "\(level) dBFS")
        }
    }

    func testSoftAndLoudFilesAreBroughtToTheNearerEdgeOfTheRange() throws {
        XCTAssertEqual(try XCTUnwrap(SpeechLevel.activeDBFS(SpeechLevel.standardised(tone(-46)))), -32, accuracy: 0.1)
        XCTAssertEqual(try XCTUnwrap(SpeechLevel.activeDBFS(SpeechLevel.standardised(tone(-10)))), -20, accuracy: 0.1)
    }

    func testTheGainIsBoundedByItsMaximumAndByFullScale() throws {
        // −80 dBFS would need 48 dB: it gets 30.
        XCTAssertEqual(try XCTUnwrap(SpeechLevel.activeDBFS(SpeechLevel.standardised(tone(-80)))), -50, accuracy: 0.3)
        // A soft tone with one full-scale click cannot be raised at all.
        var clicked = tone(-46)
        clicked[100] = 32_000
        let raised = SpeechLevel.standardised(clicked)
        XCTAssertLessThanOrEqual(raised[100], .max)
        XCTAssertGreaterThan(raised[100], 32_000)
        XCTAssertLessThan(try XCTUnwrap(SpeechLevel.activeDBFS(raised)) - SpeechLevel.activeDBFS(clicked)!, 0.25)
    }
}

extension SpeechLevelTests {
    /// The meter's histogram gives what a frame-by-frame sum gives, for audio fed in pieces.
    func testTheMeterAgreesWithAFrameByFrameSumWhateverThePieces() throws {
        var seed: UInt64 = 9
        let samples = (0..<48_000).map { i -> Int16 in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let envelope = i % 16_000 < 8_000 ? 3_000.0 : 30.0     // speech-like bursts and quiet
            return Int16((Double(Int(seed >> 52) - 2048) / 2048 * envelope).rounded())
        }
        var energies: [Double] = []
        for start in stride(from: 0, to: samples.count, by: SpeechLevel.frameLength) {
            let frame = samples[start..<min(samples.count, start + SpeechLevel.frameLength)]
            energies.append(frame.reduce(0) { $0 + Double($1) * Double($1) } / Double(frame.count))
        }
        let floor = energies.max()! * pow(10, -SpeechLevel.activityRangeDB / 10)
        let active = energies.filter { $0 >= floor }
        let expected = active.reduce(0, +) / Double(active.count)
        var meter = SpeechLevel.Meter()
        var i = 0
        for size in [1, 7, 320, 1000, 33] where i < samples.count {
            meter.add(samples[i..<min(samples.count, i + size)]); i += size
        }
        meter.add(samples[i...])
        XCTAssertEqual(meter.activePower / expected, 1, accuracy: 1e-9)
        XCTAssertEqual(SpeechLevel.activePower(samples) / expected, 1, accuracy: 1e-9)
    }
}
