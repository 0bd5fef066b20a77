import Foundation
import ParloGrammar
import ParloRecognizer
import XCTest
@testable import ParloSpeech

/// Word events fall on the words as heard: real eSpeak NG speech through the queue, checked
/// against a forced alignment of the same audio by PocketSphinx (docs/reading-text.md).
final class WordTimingTests: XCTestCase {
    struct Timed { var text: String; var language: Language; var t: Double }

    /// Reads `text` through a speech queue into memory; the word events and the audio played.
    static func speak(_ text: String, language: Language? = nil) async throws -> (words: [Timed], audio: [Int16], rate: Int) {
        let sink = MemorySink(instant: true)
        let queue = SpeechQueue(sink: sink, character: CharacterCatalog.defaults.characters[0])
        let ranges = SentenceSegmenter().sentences(in: text)
        let languages = language.map { Array(repeating: $0, count: ranges.count) }
            ?? SentenceLanguages().languages(of: text, sentences: ranges)
        let id = await queue.enqueue(text, sentences: ranges, sentenceLanguages: languages)
        var words: [Timed] = []
        for await e in queue.events where e.id == id {
            if case .word(_, let s, let r, let t) = e { words.append(Timed(text: String(text[r]), language: languages[s], t: t)) }
            if e.isEnd { break }
        }
        return (words, sink.played, sink.sampleRate)
    }

    /// |event time − aligned onset| per word, or nil when the alignment failed.
    static func errors(_ text: String, language: Language? = nil) async throws -> [Double]? {
        let (words, audio, rate) = try await speak(text, language: language)
        let aligner = ForcedAligner(model: try AcousticModel.locate())
        guard let aligned = try aligner.align(words.map { ($0.text, $0.language) }, samples: audio, sampleRate: rate),
              aligned.count == words.count else { return nil }
        return zip(words, aligned).map { abs($0.t - $1.start) }
    }

    func testWordEventsAreWithin50msOfTheWordsHeard() async throws {
        for (text, language) in [("The water cycle moves water between the sea, the air and the land.", Language.en),
                                 ("Il Po è il fiume più lungo d'Italia e attraversa la pianura padana.", .it)] {
            let result = try await Self.errors(text, language: language)
            let errors = try XCTUnwrap(result, "no alignment for \(text)")
            let sorted = errors.sorted()
            let median = sorted[sorted.count / 2]
            let within = Double(errors.filter { $0 <= 0.05 }.count) / Double(errors.count)
            print("word timing \(language): median \(median) s, within 50 ms \(within), errors \(errors.map { ($0 * 1000).rounded() })")
            XCTAssertLessThanOrEqual(median, 0.05, "\(language): \(errors)")
            XCTAssertGreaterThanOrEqual(within, 0.8, "\(language): \(errors)")
        }
    }
}
