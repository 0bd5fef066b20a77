import Foundation
import XCTest
import ParloAudio
import ParloCore
import ParloTesting
import ParloCatalog
import ParloGrammar
import ParloRecognizer
@testable import ParloBatch

/// A rejected file decoded again within its loudest speech (`FileDecoder.loudestSecondLook`):
/// another person talking before and after a command, real PocketSphinx decodes on the catalog.
final class LoudestSecondLookTests: XCTestCase {
    /// "open math" (eSpeak NG's en-us) with an Italian voice talking 15 dB quieter (active levels)
    /// for 1.5 s before and after it (at 12 dB this voice's loudest syllables come within 10 dB of
    /// the command's, and the second look does not leave it out). The span takes the talker in and the file is rejected; the second look hears
    /// the command, its words where the speaker's are. The command alone is decoded once: an
    /// accepted file keeps its first result.
    func testACommandWithAnotherPersonTalkingAroundItIsHeardOnTheSecondLook() throws {
        let command = try Self.samples(FreshSpeech.wav("open math", voice: "en-us", rate: 150))
        let talk = try Self.samples(FreshSpeech.wav(RoomSignals.talkerSentence, voice: "it+m5", rate: 160))
        let half = 1.5
        let mixed = try Self.file(XCTUnwrap(RoomSignals.withTalker(command, talk: talk, belowDB: 15, seconds: half), "the talker talks for 3 s"))
        let alone = try Self.file(command)
        defer { for url in [mixed, alone] { try? FileManager.default.removeItem(at: url) } }

        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(VocalTractWarpTests.catalog.get(), decoys: [.english, .italian])
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        var plain = FileDecoder()
        plain.loudestSecondLook = nil
        let looking = FileDecoder()
        XCTAssertEqual(looking.loudestSecondLook, 10, "on by default")
        XCTAssertTrue(try plain.decode(mixed.path, with: recognizer).rejected,
                      "without the second look the talker's speech is in the span (if this fails, eSpeak's voices or the model changed)")
        let heard = try looking.decode(mixed.path, with: recognizer)
        XCTAssertEqual(heard.text, "open math")
        XCTAssertFalse(heard.rejected)
        let start = try XCTUnwrap(heard.words.first { !$0.word.isEmpty }?.start)
        XCTAssertEqual(start, half, accuracy: 0.25, "word times are the file's: \(heard.words)")
        let once = try plain.decode(alone.path, with: recognizer), twice = try looking.decode(alone.path, with: recognizer)
        XCTAssertEqual(once.text, "open math")
        XCTAssertEqual(twice.text, once.text)
        XCTAssertEqual(twice.confidence, once.confidence, "an accepted file keeps its first decode")
    }

    static func samples(_ url: URL) throws -> [Int16] {
        defer { try? FileManager.default.removeItem(at: url) }
        return try AudioFileReader(path: url.path).readAll()
    }

    /// `samples` in a temporary WAV file that says they were taken at `sampleRate`.
    static func file(_ samples: [Int16], sampleRate: Int = SpeechFormat.sampleRate) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-batch-\(UUID().uuidString).wav")
        let writer = try SoundFileWriter(path: url.path, sampleRate: sampleRate)
        try writer.write(samples)
        writer.close()
        return url
    }
}
