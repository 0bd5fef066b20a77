import Foundation
import ParloAudio
import ParloCore
import ParloGrammar
import ParloRecognizer
import ParloTesting
import ParloVoiceActivity
import XCTest

/// Live listening's second look within a rejected utterance's loudest speech
/// (`CatalogRecognizer.loudestSpeech`, `parlo listen --second-look-loudest`): another person
/// talking around a command, which the endpointer keeps in the utterance.
final class LiveLoudestLookTests: XCTestCase {
    /// "open math" (eSpeak NG's en-us) with an Italian voice talking 15 dB quieter for 1.5 s
    /// right before and after it, in room noise, through the room pipeline `parlo listen` uses
    /// (its warps on). Without the look the one utterance is rejected; with it the command is
    /// heard, its words where the speaker's are. The command alone is heard the same either way.
    func testACommandWithAnotherPersonTalkingAroundItIsHeardLive() throws {
        let command = try Self.samples(FreshSpeech.wav("open math", voice: "en-us", rate: 150))
        let talk = try Self.samples(FreshSpeech.wav(RoomSignals.talkerSentence, voice: "it+m5", rate: 160))
        let said = try XCTUnwrap(RoomSignals.withTalker(command, talk: talk, belowDB: 15), "the talker talks for 3 s")
        var seed: UInt64 = 5
        let lead = Fixtures.roomNoise(16_000, seed: &seed)
        let stream = lead + said.map { Int16(clamping: Int($0) / 2) } + Fixtures.roomNoise(32_000, seed: &seed)

        let plain = try LiveWarpTests.heard(stream, warps: CatalogRecognizer.defaultWarps)
        XCTAssertFalse(plain.contains { !$0.rejected && $0.text.hasPrefix("open math") },
                       "without the look (if this fails, eSpeak's voices or the model changed): \(plain.map(\.text))")
        let looking = try LiveWarpTests.heard(stream, warps: CatalogRecognizer.defaultWarps, loudestSpeech: SpeechSpan.secondLook())
        let heard = try XCTUnwrap(looking.first { !$0.rejected && $0.text.hasPrefix("open math") }, "\(looking.map(\.text)), without: \(plain.map(\.text))")
        XCTAssertEqual(looking.filter { !$0.rejected && !$0.text.isEmpty }.count, 1, "\(looking.map(\.text))")
        // Word times count from the utterance's start, which the talker opened 1.5 s before the command.
        let start = try XCTUnwrap(heard.words.first { !$0.word.isEmpty }?.start)
        XCTAssertEqual(start, 1.5, accuracy: 0.4, "the words are the speaker's, not the talker's: \(heard.words)")

        let alone = lead + command.map { Int16(clamping: Int($0) / 2) } + Fixtures.roomNoise(32_000, seed: &seed)
        let once = try LiveWarpTests.heard(alone, warps: CatalogRecognizer.defaultWarps)
        let twice = try LiveWarpTests.heard(alone, warps: CatalogRecognizer.defaultWarps, loudestSpeech: SpeechSpan.secondLook())
        XCTAssertEqual(once.map(\.text), ["open math"])
        XCTAssertEqual(twice, once, "an accepted utterance keeps its first result")
    }

    static func samples(_ url: URL) throws -> [Int16] {
        defer { try? FileManager.default.removeItem(at: url) }
        return try AudioFileReader(path: url.path).readAll()
    }
}
