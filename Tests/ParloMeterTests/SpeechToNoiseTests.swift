import Foundation
import ParloMeter
import XCTest

final class SpeechToNoiseTests: XCTestCase {
    /// White noise of RMS `rms` (deterministic), plus a 440 Hz tone of RMS `toneRMS` where `tone` is true.
    func audio(seconds: Double, rms: Double, toneRMS: Double = 0, seed: inout UInt64) -> [Int16] {
        (0..<Int(seconds * 16_000)).map { i in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let u = Double(seed >> 11) / Double(1 << 53)            // uniform 0..<1: RMS 1/√12 around 0.5
            let noise = (u - 0.5) * 12.0.squareRoot() * rms
            let tone = toneRMS * 2.0.squareRoot() * sin(2 * .pi * 440 * Double(i) / 16_000)
            return Int16((noise + tone).rounded())
        }
    }

    func feed(_ s: inout SpeechToNoise, _ samples: [Int16]) { samples.withUnsafeBufferPointer { s.add($0) } }

    func testAToneTenDecibelsOverNoiseReadsTenDecibels() {
        var seed: UInt64 = 7
        var s = SpeechToNoise()
        feed(&s, audio(seconds: 3, rms: 300, seed: &seed))
        feed(&s, audio(seconds: 1, rms: 300, toneRMS: 300 * pow(10, 10.0 / 20), seed: &seed))
        let ratio = s.ratio(from: 3, to: 4)
        XCTAssertEqual(try XCTUnwrap(ratio), 10, accuracy: 0.5)
    }

    func testTheLastUtteranceIsNotTakenForTheRoom() {
        var seed: UInt64 = 8
        var s = SpeechToNoise()
        let loud = 300 * pow(10, 20.0 / 20)
        feed(&s, audio(seconds: 2, rms: 300, seed: &seed))
        feed(&s, audio(seconds: 3, rms: 300, toneRMS: loud, seed: &seed))   // 2–5 s
        feed(&s, audio(seconds: 0.5, rms: 300, seed: &seed))
        feed(&s, audio(seconds: 1, rms: 300, toneRMS: loud, seed: &seed))   // 5.5–6.5 s
        XCTAssertEqual(try XCTUnwrap(s.ratio(from: 2, to: 5)), 20, accuracy: 0.5)
        // The 4 s before the second utterance are mostly the first one: measured as the room,
        // the second would read about 0 dB.
        XCTAssertEqual(try XCTUnwrap(s.ratio(from: 5.5, to: 6.5)), 20, accuracy: 0.5)
    }

    func testNothingStandingOutOrNoRoomGivesNoRatio() {
        var seed: UInt64 = 9
        var s = SpeechToNoise()
        feed(&s, audio(seconds: 1, rms: 300, toneRMS: 3000, seed: &seed))
        XCTAssertNil(s.ratio(from: 0, to: 1), "no room heard before the stream's first moment")
        feed(&s, audio(seconds: 3, rms: 300, seed: &seed))
        XCTAssertNil(s.ratio(from: 3, to: 4), "noise alone is not speech")
        XCTAssertNil(s.ratio(from: 5, to: 6), "nothing heard there yet")
    }

    func testDigitalSilenceCountsAsTheQuietestRoom() {
        var s = SpeechToNoise()
        var seed: UInt64 = 10
        feed(&s, [Int16](repeating: 0, count: 32_000))
        feed(&s, audio(seconds: 1, rms: 0, toneRMS: 1000, seed: &seed))
        // 1000 RMS is −30.3 dBFS: 65.7 dB over −96 dBFS, not over −∞.
        XCTAssertEqual(try XCTUnwrap(s.ratio(from: 2, to: 3)), Double(-30.3 - SpeechToNoise.quietestRoomDB), accuracy: 0.3)
    }

    func testARecordingsSpeechAgainstTheRestOfIt() {
        var seed: UInt64 = 12
        let samples = audio(seconds: 0.5, rms: 300, seed: &seed) + audio(seconds: 1, rms: 300, toneRMS: 3000, seed: &seed)
            + audio(seconds: 0.5, rms: 300, seed: &seed)
        let levels = LevelMeter.levels(of: samples)
        XCTAssertEqual(try XCTUnwrap(SpeechToNoise.ratio(levels: levels, speech: 25..<75)), 20, accuracy: 0.5)
        XCTAssertNil(SpeechToNoise.ratio(levels: levels, speech: 0..<levels.count), "speech fills it: no room")
        XCTAssertNil(SpeechToNoise.ratio(levels: levels, speech: 0..<25), "the room alone stands out from nothing")
    }

    func testKeepsOnlyWhatItsRingHolds() {
        var seed: UInt64 = 11
        var s = SpeechToNoise(seconds: 6, roomSeconds: 4)
        feed(&s, audio(seconds: 10, rms: 300, seed: &seed))
        feed(&s, audio(seconds: 1, rms: 300, toneRMS: 3000, seed: &seed))
        XCTAssertNil(s.ratio(from: 1, to: 2), "long gone")
        XCTAssertEqual(try XCTUnwrap(s.ratio(from: 10, to: 11)), 20, accuracy: 0.5)
    }
}
