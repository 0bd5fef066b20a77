import ParloAudio
import ParloCore
import ParloEndpointer
import ParloVoiceActivity
import XCTest

final class WebRTCVoiceActivityTests: XCTestCase {
    let cards = "/usr/share/pocketsphinx/test/data/cards"

    /// A recorded utterance between two seconds of pink noise at about 5 dB under it: the
    /// detector calls most of the speech speech and most of the noise noise.
    func testTellsARecordingFromPinkNoise() throws {
        let speech = try AudioFileReader(path: "\(cards)/003.wav").readAll()
        let noise = PinkNoise.samples(count: speech.count + 64_000, seed: 3).map { $0 * PinkNoise.scale(toDBFS: -32) }
        var audio = [Int16](repeating: 0, count: 32_000) + speech + [Int16](repeating: 0, count: 32_000)
        for i in audio.indices { audio[i] = Int16(clamping: Int(Double(audio[i]) + noise[i])) }

        let vad = try WebRTCVoiceActivity()
        var verdicts: [Bool] = []
        audio.withUnsafeBufferPointer { vad.classify($0) { verdicts.append($0) } }
        XCTAssertEqual(verdicts.count, audio.count / 320)
        let lead = verdicts[5..<95]                                  // noise alone, after adapting
        XCTAssertLessThan(Double(lead.filter { $0 }.count) / Double(lead.count), 0.2)
        let tail = verdicts[(verdicts.count - 90)...]
        XCTAssertLessThan(Double(tail.filter { $0 }.count) / Double(tail.count), 0.2)
        let middle = verdicts[100..<(100 + speech.count / 320)]
        XCTAssertGreaterThan(Double(middle.filter { $0 }.count) / Double(middle.count), 0.5)
    }

    /// Chunks of any size give the same verdicts as one buffer (a partial window is carried).
    func testChunkingDoesNotChangeTheVerdicts() throws {
        let speech = try AudioFileReader(path: "\(cards)/001.wav").readAll()
        let whole = try WebRTCVoiceActivity(), chunked = try WebRTCVoiceActivity()
        var a: [Bool] = [], b: [Bool] = []
        speech.withUnsafeBufferPointer { whole.classify($0) { a.append($0) } }
        var i = 0
        while i < speech.count {
            let n = min(457, speech.count - i)
            speech[i..<(i + n)].withUnsafeBufferPointer { chunked.classify($0) { b.append($0) } }
            i += n
        }
        XCTAssertEqual(a, b)
        XCTAssertTrue(a.contains(true) && a.contains(false))
    }

    func testRefusesAWindowWebRTCCannotJudge() {
        XCTAssertThrowsError(try WebRTCVoiceActivity(windowSamples: 300))
        XCTAssertThrowsError(try WebRTCVoiceActivity(mode: 4))
    }
}
