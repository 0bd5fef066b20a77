import ParloCore
import ParloTesting
import XCTest
@testable import ParloReverb

final class StreamingDereverberatorTests: XCTestCase {
    private typealias Room = RoomSignals

    /// `samples` through `stage` in chunks of `chunk`, then its end.
    private func stream(_ samples: [Int16], through stage: StreamingDereverberator, chunk: Int = 320) -> [Int16] {
        var out: [Int16] = []
        for start in stride(from: 0, to: samples.count, by: chunk) {
            out += stage.process(samples[start..<min(start + chunk, samples.count)])
        }
        return out + stage.finish()
    }

    func testTakesTheLateTailOutOnceItHasHeardTheRoom() {
        let dry = Room.bursts(seconds: 12, seed: 1)
        let wet = Room.int16(Room.reverberate(dry, t60: 0.6, seed: 2))
        let out = stream(wet, through: StreamingDereverberator())
        XCTAssertEqual(out.count, wet.count, "as many samples out as in")
        // The second half, after 6 s of the room: the gaps hold only its tail.
        let gap = { (n: Int) in n % 5_600 >= 2_400 && n > 96_000 }
        let burst = { (n: Int) in n % 5_600 < 1_600 && n > 96_000 }
        let tailBefore = Room.level(wet, where: gap), tailAfter = Room.level(out, where: gap)
        XCTAssertLessThan(tailAfter, tailBefore - 2, "late reverberation in the gaps: \(tailBefore) dB before, \(tailAfter) dB after")
        // The wet bursts carry their own tail (as loud as the direct sound): taken out, they come
        // back towards the dry bursts' level.
        let drySamples = Room.int16(dry)
        XCTAssertEqual(Room.level(out, where: burst), Room.level(drySamples, where: burst), accuracy: 2, "the bursts keep the dry level")
    }

    func testLeavesDryAudioMostlyAsItIs() {
        let dry = Room.int16(Room.bursts(seconds: 6, seed: 3))
        let out = stream(dry, through: StreamingDereverberator())
        let error = zip(dry, out).map { Int16(clamping: Int($0) - Int($1)) }
        // 8 dB under here, where the offline stage stays 10 dB under: the frames 2 hops back
        // overlap the current one by half, and white bursts are the one sound that overlap alone
        // predicts; with nothing to learn it from but the past, the online predictor takes some.
        XCTAssertLessThan(Room.level(error) { _ in true }, Room.level(dry) { _ in true } - 6,
                          "no room to take out: what changes stays well under the signal")
    }

    func testLearnsOnlyWhileAdapting() {
        let wet = Room.int16(Room.reverberate(Room.bursts(seconds: 6, seed: 10), t60: 0.6, seed: 11))
        let idle = StreamingDereverberator()
        idle.adapting = false
        let out = stream(wet, through: idle)
        XCTAssertLessThanOrEqual(zip(wet, out).map { abs(Int($0) - Int($1)) }.max()!, 1, "a predictor that never learned takes nothing out")
        let learning = stream(wet, through: StreamingDereverberator())
        XCTAssertNotEqual(learning, out)
    }

    func testLagsByAFrameLessAHopAndHandsTheRestOnAtTheEnd() {
        let stage = StreamingDereverberator()
        let input = Room.int16(Room.bursts(seconds: 0.5, seed: 5))
        let first = stage.process(input[..<4_000])
        XCTAssertEqual(first.count, 4_000 / stage.hop * stage.hop - (stage.frameLength - stage.hop))
        XCTAssertEqual(stage.heldBack, 4_000 - first.count)
        XCTAssertEqual(stage.finish().count, stage.frameLength - stage.hop + 4_000 % stage.hop)
        XCTAssertEqual(stage.heldBack, 0, "finish forgets the input")
    }

    func testTheProvisionalTailLeavesTheStageAsItWas() {
        let input = Room.int16(Room.reverberate(Room.bursts(seconds: 3, seed: 6), t60: 0.5, seed: 7))
        let asked = StreamingDereverberator(), plain = StreamingDereverberator()
        var a = asked.process(input[..<20_000]), b = plain.process(input[..<20_000])
        let tail = asked.provisionalTail()
        XCTAssertEqual(tail.count, asked.heldBack, "the tail is what is held back")
        a += asked.process(input[20_000...]) + asked.finish()
        b += plain.process(input[20_000...]) + plain.finish()
        XCTAssertEqual(a, b, "asking for the tail changed nothing after it")
        // The tail is the held-back samples as if silence followed: close to what came later.
        let later = Array(a[(20_000 - tail.count)..<20_000])
        XCTAssertEqual(Room.level(tail) { _ in true }, Room.level(later) { _ in true }, accuracy: 3)
    }

    func testLongDigitalSilenceLeavesItReadyForSpeech() {
        // An hour-long session can hold minutes of digital silence (a muted microphone); the
        // recursive update must neither blow up on it nor forget how to work after it.
        let speech = Room.int16(Room.reverberate(Room.bursts(seconds: 3, seed: 8), t60: 0.5, seed: 9))
        let silence = [Int16](repeating: 0, count: 16_000 * 30)
        let out = stream(speech + silence + speech, through: StreamingDereverberator(), chunk: 4_000)
        let unbroken = stream(speech + speech, through: StreamingDereverberator(), chunk: 4_000)
        XCTAssertEqual(out.count, 2 * speech.count + silence.count)
        // Once the frames that reach back into the speech (taps and delay, and the frame) are past.
        let settled = speech.count + 16 * 256
        XCTAssertTrue(out[settled..<(speech.count + silence.count - 2_000)].allSatisfy { $0 == 0 }, "silence stays silence")
        // After it, the speech is dereverberated as if the silence had not been there.
        let again = Array(out[(speech.count + silence.count)...]), second = Array(unbroken[speech.count...])
        XCTAssertEqual(Room.level(again) { _ in true }, Room.level(second) { _ in true }, accuracy: 0.5, "speech after it is heard as before")
    }
}
