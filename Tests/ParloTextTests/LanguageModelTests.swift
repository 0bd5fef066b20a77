import Foundation
import ParloTesting
import XCTest
@testable import ParloText

/// The labelled sets of scripts/make-text-sets (docs/reading-text.md).
enum TextSets {
    static let folder = Repository.root.appendingPathComponent("Tests/ParloTextTests/Data")

    /// (language, text) items of language-`name`.tsv.
    static func languages(_ name: String) throws -> [(language: Language, text: String)] {
        let text = try String(contentsOf: folder.appendingPathComponent("language-\(name).tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            let f = $0.split(separator: "\t", omittingEmptySubsequences: false)
            return (Language(String(f[0])), String(f[1]))
        }
    }
}

final class LanguageModelTests: XCTestCase {
    let detector = LanguageDetector()

    /// The guard of the frozen model: the development sets, interface strings (dev) and prose
    /// (dev3). The held-out sets are reported in docs/reading-text.md by
    /// `swift run ParloReadingEval language test|test2|test3|test4`.
    func testDevelopmentSetsAreAbove98Percent() throws {
        for (name, size) in [("dev", 600), ("dev3", 400)] {
            let items = try TextSets.languages(name)
            XCTAssertGreaterThanOrEqual(items.count, size, name)
            let wrong = items.filter { detector.guess($0.text[...]) != $0.language }
            let accuracy = 1 - Double(wrong.count) / Double(items.count)
            XCTAssertGreaterThanOrEqual(accuracy, 0.98, "\(name) wrong: \(wrong.prefix(20))")
        }
    }

    func testGluedWordsAreJudgedByTheirParts() {
        XCTAssertEqual(LanguageModel.words("CtrlAltCanc").map(\.tokens), [["ctrl"], ["alt"], ["canc"]])
        XCTAssertEqual(LanguageModel.words("KernelFAQ").map(\.tokens), [["kernel"], ["faq"]])
        XCTAssertEqual(LanguageModel.words("ACL").map(\.tokens), [["acl"]], "capitals alone stay one word")
        XCTAssertEqual(detector.guess("CtrlSpazio"), .it)
    }

    func testShortHeadingsOfTheIssue() {
        XCTAssertEqual(detector.detect("Sommario"), .it)
        XCTAssertEqual(detector.detect("Titolo"), .it)
        XCTAssertEqual(detector.detect("Introduction"), .en)
        XCTAssertEqual(detector.detect("Summary"), .en)
        XCTAssertEqual(detector.detect("Il gatto è sul tavolo e dorme."), .it)
        XCTAssertEqual(detector.detect("What is the capital of Italy?"), .en)
        XCTAssertNil(detector.detect("42"))
    }

    func testItalianWithEnglishLoanwordsStaysItalian() {
        XCTAssertEqual(detector.detect("Impossibile aprire il file di configurazione"), .it)
        XCTAssertEqual(detector.detect("Scarica il software dal link"), .it)
        XCTAssertEqual(detector.detect("Usa la directory di lavoro"), .it)
    }

    func testEachSentenceGetsItsOwnLanguage() {
        let text = "Questa è una frase di prova. This is an English sentence."
        let ranges = SentenceSegmenter().sentences(in: text)
        XCTAssertEqual(SentenceLanguages().languages(of: text, sentences: ranges), [.it, .en])
    }

    func testSentencesWithoutEvidenceTakeTheirContext() {
        let tagger = SentenceLanguages()
        // A heading alone takes what follows; a name inside a paragraph takes what came before.
        XCTAssertEqual(tagger.languages(of: [.init("3.2", wholeBlock: true),
                                             .init("Il teorema di Pitagora riguarda i triangoli rettangoli.")]), [.it, .it])
        XCTAssertEqual(tagger.languages(of: [.init("The theorem is about right triangles."), .init("(1632)"),
                                             .init("Vale per ogni triangolo rettangolo.")]), [.en, .en, .it])
        XCTAssertEqual(tagger.languages(of: [.init("42")], before: nil, after: .it), [.it])
        XCTAssertEqual(tagger.languages(of: [.init("42")]), [.en], "nothing at all: the fallback")
    }
}
