import Foundation
import Synchronization
import XCTest
import ParloAudio
import ParloCore
import ParloEndpointer
import ParloRecognizer
import ParloTesting
@testable import ParloBatch

final class BatchRunnerTests: XCTestCase {
    static let cards = "/usr/share/pocketsphinx/test/data/cards"

    static func factory() throws -> BatchRunner.RecognizerFactory {
        let model = try AcousticModel.locate()
        let grammar = try JSGFGrammar(String(contentsOfFile: Self.cards + "/cards.gram", encoding: .utf8))
        return { try Recognizer(model: model, grammar: grammar) }
    }

    /// `samples` as a 16 kHz WAV file in the temporary folder (the caller removes it).
    static func temporaryWAV(_ samples: [Int16]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-batch-\(UUID()).wav").path
        let writer = try SoundFileWriter(path: path, sampleRate: 16_000)
        try writer.write(samples)
        writer.close()
        return path
    }

    func testResultsComeInInputOrderWithFailuresInPlace() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-bad-\(UUID()).wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: bad, contents: Data("garbage".utf8)))
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let files = ["005", "001", "004"].map { "\(Self.cards)/\($0).wav" } + [bad] + ["\(Self.cards)/002.wav"]
        var delivered: [(Int, FileResult)] = []
        try BatchRunner(jobs: 2, recognizer: Self.factory()).run(files) { delivered.append(($0, $1)) }
        XCTAssertEqual(delivered.map(\.0), [0, 1, 2, 3, 4])
        XCTAssertEqual(delivered.map(\.1.file), files)
        XCTAssertEqual(delivered[0].1.text, "eight of spades four of clubs seven of hearts")
        XCTAssertEqual(delivered[1].1.text, "ten of clubs")
        XCTAssertNotNil(delivered[3].1.error)
        XCTAssertTrue(delivered[3].1.error!.contains(bad))
        XCTAssertEqual(delivered[4].1.text, "four queen of clubs", "the batch goes on after a bad file")
    }

    /// `BatchRunner.checked` builds the recognizer it checks the grammar with once, and the run
    /// uses it: two jobs build two recognizers in all, not three.
    func testTheCheckedRecognizerIsTheFirstWorkers() throws {
        let make = try Self.factory()
        let built = Mutex(0)
        let factory = try BatchRunner.checked { built.withLock { $0 += 1 }; return try make() }
        XCTAssertEqual(built.withLock { $0 }, 1, "checked builds one recognizer at once")
        var texts: [String] = []
        try BatchRunner(jobs: 2, recognizer: factory).run(["001", "002"].map { "\(Self.cards)/\($0).wav" }) { texts.append($1.text ?? "") }
        XCTAssertEqual(texts, ["ten of clubs", "four queen of clubs"])
        XCTAssertEqual(built.withLock { $0 }, 2, "the first worker took the checked recognizer; the second built its own")
        let bad = try JSGFGrammar("#JSGF V1.0;\ngrammar g;\npublic <c> = zzqxv;\n")
        XCTAssertThrowsError(try BatchRunner.checked { try Recognizer(model: AcousticModel.locate(), grammar: bad) },
                             "a grammar the decoder refuses fails at once")
    }

    func testOneAndTwoJobsAgree() throws {
        let files = (1...5).map { "\(Self.cards)/00\($0).wav" }
        var one: [String] = [], two: [String] = []
        try BatchRunner(jobs: 1, recognizer: Self.factory()).run(files) { one.append($1.text ?? "") }
        try BatchRunner(jobs: 2, recognizer: Self.factory()).run(files) { two.append($1.text ?? "") }
        XCTAssertEqual(one, two)
    }

    func testLongFilesAreCutAtPausesAndStillHeardWhole() throws {
        var decoder = FileDecoder()
        decoder.wholeUtteranceLimit = 1    // force the segmented path on a 3.5 s recording
        let recognizer = try Self.factory()()
        let r = try decoder.decode(Self.cards + "/005.wav", with: recognizer)
        XCTAssertEqual(r.words.count, 9, "\(r.text) \(r.words.map(\.word))")
        XCTAssertEqual(r.audioSeconds, 3.5, accuracy: 0.05)
        XCTAssertTrue(r.text.contains("eight of spades"), r.text)
        XCTAssertEqual(r.words.map(\.start), r.words.map(\.start).sorted(), "times grow across segments")
    }

    /// A long file is cut as live listening in a room cuts a stream (`RoomEndpointing`: its
    /// pre-roll, quietest speech, steady-noise and knock rules, the wait for the rest of a
    /// command), except that 0.2 s of speech opens an utterance, and that without commands
    /// (a JSGF grammar) nothing can tell a command unfinished.
    func testLongFilesAreCutAsLiveListeningInARoomCutsAStream() {
        let cut = FileDecoder.segmenting(waitingForCommands: true).endpointer
        var room = EndpointerConfiguration()
        RoomEndpointing.apply(to: &room)
        XCTAssertEqual(cut.preRoll, room.preRoll)
        XCTAssertEqual(cut.minimumSpeechDB, room.minimumSpeechDB)
        XCTAssertEqual(cut.steadySpreadDB, room.steadySpreadDB)
        XCTAssertEqual(cut.sustainedWindows, room.sustainedWindows)
        XCTAssertEqual(cut.hangover, room.hangover)
        XCTAssertEqual(cut.minimumSpeech, 0.2)
        XCTAssertEqual(cut.unfinishedHangover, room.unfinishedHangover)
        XCTAssertNil(FileDecoder.segmenting(waitingForCommands: false).endpointer.unfinishedHangover)
        XCTAssertNotEqual(cut.preRoll, EndpointerConfiguration().preRoll, "the room's pre-roll is not the energy endpointer's")
    }

    /// A long file's utterances are judged by `streamJudging` when it is set, and the decoder
    /// judges short files by its own rejection again afterwards: the cards recordings, a long
    /// file, pass the floors of `.default`; judged by the same floors' margin with 1 needed
    /// (which no result reaches), every utterance is rejected.
    func testLongFilesAreJudgedByTheirOwnRule() throws {
        let model = try AcousticModel.locate()
        let grammar = try JSGFGrammar(String(contentsOfFile: Self.cards + "/cards.gram", encoding: .utf8))
        let recognizer = try Recognizer(model: model, grammar: grammar, rejection: .default)
        var decoder = FileDecoder()
        decoder.wholeUtteranceLimit = 1
        let path = Self.cards + "/005.wav"
        XCTAssertTrue(try decoder.decode(path, with: recognizer).text.contains("eight of spades"))
        var never = Rejection.default
        never.minimumConfidence = 1
        decoder.streamJudging = never
        let judged = try decoder.decode(path, with: recognizer)
        XCTAssertTrue(judged.rejected)
        XCTAssertEqual(judged.text, "")
        XCTAssertNil(recognizer.judging, "the decoder's own rejection judges again after the file")
        decoder.wholeUtteranceLimit = 30
        XCTAssertTrue(try decoder.decode(path, with: recognizer).text.contains("eight of spades"), "a short file is judged as before")
    }

    /// A long file's late reverberation is taken out as the stream goes, as live listening's is
    /// (`StreamingDereverberator`; the whole-recording stage needs a short file): three cards
    /// recordings in a row through a synthetic room (a late tail of 0.9 s) reach the decoder
    /// changed by it: the search scores other audio. What that gains is measured on whole sets
    /// (docs/batch.md), not on three recordings.
    func testLongFilesAreDereverberatedAsTheyStream() throws {
        var dry: [Double] = []
        for n in 3...5 {
            dry += try AudioFileReader(path: "\(Self.cards)/00\(n).wav").readAll().map { Double($0) / 32768 }
            dry += [Double](repeating: 0, count: 19_200)
        }
        var seed: UInt64 = 5
        let wet = RoomSignals.int16(RoomSignals.reverberate(dry, t60: 0.9, seed: 1))
        let path = try Self.temporaryWAV(zip(wet, RoomNoise.samples(wet.count, seed: &seed)).map { $0 &+ $1 })
        defer { try? FileManager.default.removeItem(atPath: path) }
        let recognizer = try Self.factory()()
        var decoder = FileDecoder()
        decoder.wholeUtteranceLimit = 1
        let with = try decoder.decode(path, with: recognizer)
        decoder.dereverberator = nil
        let without = try decoder.decode(path, with: recognizer)
        XCTAssertTrue(with.text.contains("eight of spades four of clubs"), with.text)
        XCTAssertNotEqual(with.score, without.score, "the decoder hears the stage: other audio, another score")
    }

    /// The same recording 30 dB softer (speech near −50 dBFS), decoded in segments: measured in
    /// a first pass and brought to the standard level, it is heard as at its own level; played as
    /// it is, its speech is under what the endpointer takes for speech.
    func testALongSoftFileIsHeardAsAtItsOwnLevel() throws {
        let soft = try Self.temporaryWAV(try AudioFileReader(path: Self.cards + "/005.wav").readAll().map { Int16((Double($0) / 31.6).rounded()) })
        defer { try? FileManager.default.removeItem(atPath: soft) }
        var decoder = FileDecoder()
        decoder.wholeUtteranceLimit = 1
        let recognizer = try Self.factory()()
        let loud = try decoder.decode(Self.cards + "/005.wav", with: recognizer).text
        XCTAssertEqual(try decoder.decode(soft, with: recognizer).text, loud)
        decoder.standardiseLevel = false
        XCTAssertNotEqual(try decoder.decode(soft, with: recognizer).text, loud, "the level must matter here, or this test proves nothing")
    }

    /// A recording with a room around its words says how far they stood above it, short or
    /// long (cut into utterances): the cards recording in the fixture's quiet room, then with a
    /// room 20 dB louder running under the words too.
    func testEachFileSaysHowFarItsSpeechStoodAboveTheRoom() throws {
        var seed: UInt64 = 3
        let words = try AudioFileReader(path: Self.cards + "/001.wav").readAll()
        let room = { (n: Int) in RoomNoise.samples(n, seed: &seed) }
        let quiet = room(16_000) + words + room(16_000)
        let noisy = zip(quiet, room(quiet.count)).map { Int16(clamping: Int($0) + 9 * Int($1)) }
        let recognizer = try Self.factory()()
        var ratios: [[Double]] = []
        for samples in [quiet, noisy] {
            let path = try Self.temporaryWAV(samples)
            defer { try? FileManager.default.removeItem(atPath: path) }
            var decoder = FileDecoder()
            let short = try decoder.decodeMeasuring(path, with: recognizer)
            XCTAssertEqual(short.recognition.text, "ten of clubs")
            decoder.wholeUtteranceLimit = 1
            ratios.append([try XCTUnwrap(short.snrDB), try XCTUnwrap(decoder.decodeMeasuring(path, with: recognizer).snrDB)])
        }
        XCTAssertGreaterThan(ratios[0][0], 25, "\(ratios)")
        XCTAssertEqual(ratios[0][0] - ratios[1][0], 20, accuracy: 4, "\(ratios)")
        XCTAssertEqual(ratios[0][1], ratios[0][0], accuracy: 3, "cut as live listening cuts, the same ratio: \(ratios)")
        XCTAssertEqual(ratios[1][1], ratios[1][0], accuracy: 3, "\(ratios)")
    }

    func testFoldersExpandToSortedAudioFiles() throws {
        let (files, missing) = AudioFiles.expand([Self.cards, "/no/such/place"])
        XCTAssertEqual(files.map { ($0 as NSString).lastPathComponent }, ["001.wav", "002.wav", "003.wav", "004.wav", "005.wav"])
        XCTAssertEqual(missing, ["/no/such/place"])
    }
}
