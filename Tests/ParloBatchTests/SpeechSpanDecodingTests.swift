import Foundation
import XCTest
import ParloAudio
import ParloCore
import ParloTesting
@testable import ParloBatch

/// `FileDecoder` decodes a short file from its speech span (`SpeechSpan`), on a real recording
/// (pocketsphinx-testdata's "ten of clubs") laid in pink room noise.
final class SpeechSpanDecodingTests: XCTestCase {
    /// A command with 1.5 s of noise either side at 5 dB, as a person's recording in a noisy room
    /// has it: decoded from its span, it is heard as the same recording is with little noise.
    func testAFileIsDecodedFromItsSpeech() throws {
        let speech = try AudioFileReader(path: BatchRunnerTests.cards + "/001.wav").readAll()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-span-\(UUID()).wav").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try SoundFileWriter(path: path, sampleRate: SpeechFormat.sampleRate)
        try writer.write(RoomSignals.inPinkNoise(speech, lead: 1.5, tail: 1.5, snr: 5))
        writer.close()
        let recognizer = try BatchRunnerTests.factory()()
        let r = try FileDecoder().decode(path, with: recognizer)
        XCTAssertEqual(r.text, "ten of clubs")
        XCTAssertEqual(r.audioSeconds, SpeechFormat.seconds(speech.count) + 3, accuracy: 0.001, "the recording's length")
        XCTAssertGreaterThan(r.words.first?.start ?? 0, 1.3, "word times count from the recording's start")
        XCTAssertLessThan(r.words.last?.end ?? 9, SpeechFormat.seconds(speech.count) + 1.7)
    }
}
