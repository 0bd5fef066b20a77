import Foundation
import XCTest
@testable import ParloText

final class SentenceSetTests: XCTestCase {
    let seg = SentenceSegmenter()

    func testItalianAndEnglishAbbreviationsDecimalsInitialsEllipsesQuotes() {
        XCTAssertEqual(seg.sentenceStrings(in: "Nel 27 a.C. Ottaviano ricevette il titolo di Augusto. Iniziò la pace."),
                       ["Nel 27 a.C. Ottaviano ricevette il titolo di Augusto.", "Iniziò la pace."])
        XCTAssertEqual(seg.sentenceStrings(in: "Roma fu fondata nel 753 a.C. In pochi secoli divenne un impero."),
                       ["Roma fu fondata nel 753 a.C.", "In pochi secoli divenne un impero."])
        XCTAssertEqual(seg.sentenceStrings(in: "Nel 476 d.C. l'impero cadde. Vedi pag. 12 e il cap. 3, ecc. Poi il prof. Neri."),
                       ["Nel 476 d.C. l'impero cadde.", "Vedi pag. 12 e il cap. 3, ecc.", "Poi il prof. Neri."])
        XCTAssertEqual(seg.sentenceStrings(in: "Il sig. Rossi e il dott. Bianchi, i.e. i medici, pagano 3,14 euro. Mr. Smith vs. Dr. Who, e.g. today."),
                       ["Il sig. Rossi e il dott. Bianchi, i.e. i medici, pagano 3,14 euro.", "Mr. Smith vs. Dr. Who, e.g. today."])
        XCTAssertEqual(seg.sentenceStrings(in: "J. R. R. Tolkien wrote it in 1937. Pi is 3.14, etc. Then stop."),
                       ["J. R. R. Tolkien wrote it in 1937.", "Pi is 3.14, etc.", "Then stop."])
        XCTAssertEqual(seg.sentenceStrings(in: "Wait… what happened? He left... And never came back. «Basta.» Disse lui."),
                       ["Wait… what happened?", "He left...", "And never came back.", "«Basta.»", "Disse lui."])
    }

    /// The development set's boundaries (the test set is reported once in docs/reading-text.md).
    func testDevelopmentSetBoundaries() throws {
        let score = try SentenceSetScore(set: "dev", segmenter: seg)
        XCTAssertGreaterThan(score.gold, 500)
        XCTAssertGreaterThanOrEqual(score.precision, 0.99, "\(score.misses.prefix(10))")
        XCTAssertGreaterThanOrEqual(score.recall, 0.99, "\(score.misses.prefix(10))")
    }
}

/// Sentence boundary precision and recall on sentences-`set`.txt (scripts/make-text-sets): each
/// paragraph's gold sentences are joined with spaces and segmented again; boundaries inside
/// paragraphs are counted (their ends are given).
struct SentenceSetScore {
    var gold = 0, found = 0, right = 0
    var misses: [String] = []
    var precision: Double { found == 0 ? 1 : Double(right) / Double(found) }
    var recall: Double { gold == 0 ? 1 : Double(right) / Double(gold) }

    init(set: String, segmenter: SentenceSegmenter) throws {
        let url = TextSets.folder.appendingPathComponent("sentences-\(set).txt")
        let paragraphs = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n\n")
            .map { $0.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init) }.filter { !$0.isEmpty }
        for sentences in paragraphs {
            let text = sentences.joined(separator: " ")
            var goldEnds = Set<Int>(), offset = 0
            for s in sentences.dropLast() { offset += s.utf16.count; goldEnds.insert(offset); offset += 1 }
            let foundEnds = Set(segmenter.sentences(in: text).dropLast().map { text.utf16.distance(from: text.startIndex, to: $0.upperBound) })
            gold += goldEnds.count
            found += foundEnds.count
            right += goldEnds.intersection(foundEnds).count
            if goldEnds != foundEnds { misses.append(text) }
        }
    }
}
