import Foundation
import XCTest
import ParloAudio
@testable import ParloRecognizer

/// Real PocketSphinx decoding of Debian's human `cards` recordings (package pocketsphinx-testdata).
final class RecognizerTests: XCTestCase {
    static let cards = "/usr/share/pocketsphinx/test/data/cards"

    func cardsGrammar() throws -> JSGFGrammar {
        try JSGFGrammar(String(contentsOfFile: Self.cards + "/cards.gram", encoding: .utf8))
    }

    /// The five transcripts shipped in cards.transcription, as (file id, text).
    func transcripts() throws -> [(String, String)] {
        try String(contentsOfFile: Self.cards + "/cards.transcription", encoding: .utf8)
            .split(separator: "\n").map { line in
                let id = String(line[line.index(after: line.lastIndex(of: "(")!)..<line.lastIndex(of: ")")!])
                let text = line.replacingOccurrences(of: "<s>", with: "").replacingOccurrences(of: "</s>", with: "")
                    .replacingOccurrences(of: "(\(id))", with: "").split(separator: " ").joined(separator: " ")
                return (id, text)
            }
    }

    func testAllFiveCardsRecordingsMatchTheirTranscripts() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        let expected = try transcripts()
        XCTAssertEqual(expected.count, 5)
        for (id, text) in expected {
            let samples = try AudioFileReader(path: "\(Self.cards)/\(id).wav").readAll()
            let result = try recognizer.decode(samples)
            XCTAssertEqual(result.text, text, id)
            XCTAssertEqual(result.words.map(\.word).joined(separator: " "), text, id)
            XCTAssertLessThan(result.score, 0)
            for w in result.words {
                XCTAssertLessThan(w.start, w.end, "\(id) \(w.word)")
                XCTAssertLessThanOrEqual(w.end, result.audioSeconds + 0.05)
            }
        }
    }

    /// `startStream` makes a file's result independent of what the decoder heard before: the
    /// same recording decodes to the same score fresh and after two others (PocketSphinx keeps
    /// state across utterances that its own reset calls leave alone).
    func testAFileDecodesTheSameAfterOtherInput() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        func decode(_ id: String) throws -> Recognition {
            try recognizer.startStream()
            return try recognizer.decode(AudioFileReader(path: "\(Self.cards)/\(id).wav").readAll())
        }
        let fresh = try decode("003")
        _ = try decode("001")
        _ = try decode("005")
        let again = try decode("003")
        XCTAssertEqual(again.text, fresh.text)
        XCTAssertEqual(again.score, fresh.score)
        XCTAssertEqual(again.words, fresh.words)
    }

    /// `decode(_:cepstralPriorSeconds:)` normalises by a blend of the model's cepstral mean and
    /// the utterance's own: all five recordings stay right at the catalog's 0.625 s, a result
    /// does not depend on streamed input before it, and the blend lies between its ends (the
    /// model's mean alone and the utterance's alone score differently).
    func testCepstralPriorBlendsTheModelsMeanWithTheUtterances() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        for (id, text) in try transcripts() {
            let samples = try AudioFileReader(path: "\(Self.cards)/\(id).wav").readAll()
            XCTAssertEqual(try recognizer.decode(samples, cepstralPriorSeconds: 0.625).text, text, id)
        }
        let samples = try AudioFileReader(path: "\(Self.cards)/003.wav").readAll()
        let blend = try recognizer.decode(samples, cepstralPriorSeconds: 0.625)
        try recognizer.begin()
        try recognizer.process(AudioFileReader(path: "\(Self.cards)/001.wav").readAll())
        _ = try recognizer.end()
        let again = try recognizer.decode(samples, cepstralPriorSeconds: 0.625)
        XCTAssertEqual(again.score, blend.score)
        XCTAssertEqual(again.words, blend.words)
        let model = try recognizer.decode(samples, cepstralPriorSeconds: 1e6)
        let own = try recognizer.decode(samples, cepstralPriorSeconds: 0)
        XCTAssertNotEqual(model.score, own.score)
        XCTAssertNotEqual(blend.score, model.score)
        XCTAssertNotEqual(blend.score, own.score)
    }

    func testStreamingInChunksHearsTheSameCards() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        let samples = try AudioFileReader(path: Self.cards + "/005.wav").readAll()
        try recognizer.begin()
        var partials: [String] = []
        for start in stride(from: 0, to: samples.count, by: 320) {
            try recognizer.process(Array(samples[start..<min(start + 320, samples.count)]))
            partials.append(recognizer.partial)
        }
        let result = try recognizer.end()
        XCTAssertEqual(result.text, "eight of spades four of clubs seven of hearts")
        XCTAssertTrue(partials.contains { !$0.isEmpty && $0 != result.text }, "partial hypotheses appear while streaming")
    }

    /// A word's times are seconds from its utterance's start, for the second utterance of a
    /// stream too (PocketSphinx numbers frames from the start of the stream): streamed, "ten of
    /// clubs" after another recording has the times it has decoded alone.
    func testStreamedWordTimesCountFromTheUtterancesStart() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        let ten = try AudioFileReader(path: Self.cards + "/001.wav").readAll()
        let alone = try recognizer.decode(ten).words
        try recognizer.startStream()
        try recognizer.process(AudioFileReader(path: Self.cards + "/005.wav").readAll())
        _ = try recognizer.end()
        try recognizer.process(ten)
        let streamed = try recognizer.end()
        XCTAssertEqual(streamed.text, "ten of clubs")
        XCTAssertEqual(streamed.words.map(\.word), alone.map(\.word))
        for (s, a) in zip(streamed.words, alone) {
            XCTAssertEqual(s.start, a.start, accuracy: 0.1, "\(streamed.words) against \(alone)")
            XCTAssertLessThanOrEqual(s.end, streamed.audioSeconds + 0.01)
        }
    }

    func testUnknownWordsAreReportedByName() throws {
        let g = try JSGFGrammar("#JSGF V1.0;\ngrammar g;\npublic <x> = open zorblax | flurbify math;")
        XCTAssertThrowsError(try Recognizer(model: AcousticModel.locate(), grammar: g)) { error in
            guard let e = error as? RecognizerError else { return XCTFail("\(error)") }
            XCTAssertEqual(e.code, .unknownWords)
            XCTAssertEqual(e.words, ["zorblax", "flurbify"])
            XCTAssertTrue(e.message.contains("zorblax, flurbify"))
        }
    }

    func testExtraPronunciationsMakeNewWordsKnown() throws {
        let g = try JSGFGrammar("#JSGF V1.0;\ngrammar g;\npublic <x> = apri matematica;")
        var extra = PronunciationDictionary()
        extra.add("apri", "AA P R IY")
        extra.add("matematica", "M AA T EH M AA T IY K AA")
        XCTAssertNoThrow(try Recognizer(model: AcousticModel.locate(), grammar: g, pronunciations: extra))
    }

    func testMissingModelNamesThePackage() {
        XCTAssertThrowsError(try AcousticModel.locate("/nonexistent/model")) { error in
            XCTAssertTrue("\(error)".contains("pocketsphinx-en-us"))
            XCTAssertTrue("\(error)".contains("/nonexistent/model"))
        }
        XCTAssertThrowsError(try AcousticModel.locate(nil, environment: ["PARLO_MODEL": "/also/missing"])) { error in
            XCTAssertTrue("\(error)".contains("/also/missing"))
        }
    }
}

extension RecognizerTests {
    func testSwitchingGrammarKeepsTheModelAndChangesWhatIsHeard() throws {
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: cardsGrammar())
        let samples = try AudioFileReader(path: Self.cards + "/004.wav").readAll()
        XCTAssertEqual(try recognizer.decode(samples).text, "five five")
        try recognizer.load(JSGFGrammar("#JSGF V1.0;\ngrammar n;\npublic <n> = (five | nine) (five | nine);"))
        XCTAssertEqual(try recognizer.decode(samples).text, "five five")
        try recognizer.load(JSGFGrammar("#JSGF V1.0;\ngrammar n;\npublic <n> = nine nine | hello;"))
        XCTAssertNotEqual(try recognizer.decode(samples).text, "five five")
    }
}

extension RecognizerTests {
    /// Installing a grammar must not leak: 0.8+5prealpha's ps_set_jsgf_string keeps every
    /// parsed JSGF, so an app that switches grammars grew without bound: here 9.7 MB over 8
    /// switches of a 600-rule grammar before the fix, 0.5 MB after (allocator noise).
    func testSwitchingGrammarsAgainAndAgainDoesNotGrowMemory() throws {
        let grammar = try Self.commandGrammar()
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: grammar)
        for _ in 0..<2 { try recognizer.load(grammar) }           // allocator warm-up
        let before = Self.residentBytes()
        for _ in 0..<8 { try recognizer.load(grammar) }
        let grown = Self.residentBytes() - before
        XCTAssertLessThan(grown, 2_000_000, "resident memory grew by \(grown / 1000) KB over 8 grammar switches")
    }

    /// A grammar of a large command catalog's shape: 600 public rules of two words and a number.
    static func commandGrammar() throws -> JSGFGrammar {
        let words = ["open", "close", "read", "next", "previous", "stop", "pause", "resume", "help", "faster",
                     "slower", "start", "timer", "minutes", "seconds", "hours", "math", "history", "science", "page"]
        var text = "#JSGF V1.0;\ngrammar commands;\n<digit> = zero | one | two | three | four | five | six | seven | eight | nine;\n"
        text += "<number> = <digit> [<digit>] | ten | twenty | thirty | forty | fifty;\n"
        for i in 0..<600 {
            text += "public <c\(i)> = \(words[i % 20]) [the] \(words[(i * 7 + 3) % 20]) [<number>] [please];\n"
        }
        return try JSGFGrammar(text)
    }

    static func residentBytes() -> Int {
        let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
        let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
