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
