import Foundation
import XCTest
import ParloCatalog
@testable import ParloCommands

final class MatcherTests: XCTestCase {
    let m = studyMatcher

    func assertMatch(_ text: String, _ command: String, _ slots: [String: SlotValue] = [:], _ language: Language? = nil,
                     file: StaticString = #filePath, line: UInt = #line) {
        let r = m.match(text)
        XCTAssertEqual(r.command, command, "\(text): \(r)", file: file, line: line)
        XCTAssertEqual(r.slots, slots, text, file: file, line: line)
        if let language { XCTAssertEqual(r.language, language, text, file: file, line: line) }
        XCTAssertFalse(r.rejected, file: file, line: line)
    }

    func testNormalisation() {
        let n = TextNormalizer()
        XCTAssertEqual(n.tokens("Apri L’Inglese, per favore!"), ["apri", "inglese"])
        XCTAssertEqual(n.tokens("leggi PIÙ veloce"), ["leggi", "piu", "veloce"])
        XCTAssertEqual(n.tokens("start a twenty-five minute timer, please"), ["start", "25", "minute", "timer"])
        XCTAssertEqual(n.tokens("avvia un timer di venticinque minuti"), ["avvia", "1", "timer", "di", "25", "minuti"])
        // "a" is an English article and an Italian preposition: dropped on both sides.
        XCTAssertEqual(n.tokens("vai alla storia"), ["vai", "storia"])
        XCTAssertEqual(n.tokens("vai a storia"), n.tokens("vai alla storia"))
        XCTAssertEqual(n.tokens("one hundred and five"), ["105"])
        XCTAssertEqual(n.tokens("venti cinque"), ["25"])
        XCTAssertEqual(n.tokens("let's study"), ["let's", "study"])
        // Decimals, written or spoken, are one token (hassil's `fractions`).
        XCTAssertEqual(n.tokens("set it to 21.5 degrees"), ["set", "it", "to", "21.5", "degrees"])
        XCTAssertEqual(n.tokens("set it to twenty-one point five"), ["set", "it", "to", "21.5"])
        XCTAssertEqual(n.tokens("imposta a 21,5 o ventuno virgola cinque"), ["imposta", "21.5", "o", "21.5"])
        XCTAssertEqual(n.tokens("the point is 5. Then 6"), ["point", "is", "5", "then", "6"])
        XCTAssertEqual(n.tokens("per una ora"), ["per", "1", "ora"])
    }

    func testIssueCasesMatchWithTypedSlotsAndLanguage() {
        assertMatch("open math", "open_subject", ["subject": .text("math")], .english)
        assertMatch("Open Mathematics.", "open_subject", ["subject": .text("math")], .english)
        assertMatch("apri l'inglese", "open_subject", ["subject": .text("english")], .italian)
        assertMatch("vai a storia per favore", "open_subject", ["subject": .text("history")], .italian)
        assertMatch("start a 25 minute timer", "set_timer", ["minutes": .number(25)], .english)
        assertMatch("start a twenty five minute timer", "set_timer", ["minutes": .number(25)], .english)
        assertMatch("avvia un timer di venticinque minuti", "set_timer", ["minutes": .number(25)], .italian)
        assertMatch("avvia un timer di 25 minuti", "set_timer", ["minutes": .number(25)], .italian)
        assertMatch("avvia un timer di ventuno minuti", "set_timer", ["minutes": .number(21)], .italian)
        assertMatch("avvia un timer di trentotto minuti", "set_timer", ["minutes": .number(38)], .italian)
        assertMatch("avvia un timer di un minuto", "set_timer", ["minutes": .number(1)], .italian)
        assertMatch("leggi piu veloce", "faster", [:], .italian)
        assertMatch("leggi più lentamente", "slower", [:], .italian)
        assertMatch("please read this page", "read_page", [:], .english)
        assertMatch("What can I say?", "help", [:], .english)
        assertMatch("usa la voce di Mia", "use_voice", ["character": .text("mia")], .italian)
        assertMatch("use the voice of Eva", "use_voice", ["character": .text("eva")], .english)
        assertMatch("basta", "stop", [:], .italian)
        assertMatch("pausa", "pause", [:], .italian)
    }

    func testExactMatchHasFullConfidenceAndFuzzyLess() {
        XCTAssertEqual(m.match("read this page").confidence, 1)
        let typo = m.match("opne history")
        XCTAssertEqual(typo.command, "open_subject")
        XCTAssertEqual(typo.text("subject"), "history")
        XCTAssertLessThan(typo.confidence, 1)
        XCTAssertGreaterThan(typo.confidence, 0.65)
    }

    func testUnrelatedTextIsRejectedWithReason() {
        let r = m.match("the weather is nice today")
        XCTAssertNil(r.command)
        XCTAssertTrue(r.rejected)
        XCTAssertNotNil(r.reason)
    }

    func testAmbiguityRuleReportsCandidates() {
        // A timer without its number is equally close to every number: no guess.
        let r = m.match("start a minute timer please now")
        XCTAssertNil(r.command, "\(r)")
        XCTAssertTrue(r.rejected)
        XCTAssertGreaterThanOrEqual(r.candidates.count, 2)
        XCTAssertTrue(r.reason?.contains("ambiguous") ?? false, "\(r)")
        // Two commands with the same sentence.
        let twins = CommandMatcher(sentences: [
            ExpandedSentence(command: "a", language: .english, words: ["go", "on"]),
            ExpandedSentence(command: "b", language: .english, words: ["go", "on"]),
        ])
        let t = twins.match("go on")
        XCTAssertNil(t.command)
        XCTAssertEqual(Set(t.candidates.map(\.command)), ["a", "b"])
    }


    /// A sentence of nothing but skip words is a command's own, not nothing: "thank you" and
    /// "grazie" skipped to no tokens could never match (Asterisk's "thank you", decoded right,
    /// came back "no words"), while "open math, thank you" still skips them.
    func testSentenceOfSkipWordsMatches() {
        XCTAssertEqual(TextNormalizer().textTokens("Thank you!"), ["thank", "you"])
        XCTAssertEqual(TextNormalizer().textTokens("open math, thank you"), ["open", "math"])
        let polite = CommandMatcher(sentences: [
            ExpandedSentence(command: "close", language: .english, words: ["thank", "you"]),
            ExpandedSentence(command: "close", language: .italian, words: ["grazie"]),
            ExpandedSentence(command: "open", language: .english, words: ["open", "math"]),
        ])
        XCTAssertEqual(polite.match("thank you").command, "close")
        XCTAssertEqual(polite.match("grazie").command, "close")
        XCTAssertEqual(polite.match("open math thank you").command, "open")
        // The bundled catalog has no such sentence: a lone "please" is no command.
        let please = m.match("please")
        XCTAssertNil(please.command)
        XCTAssertTrue(please.rejected)
    }

    /// The same through a catalog file's templates, alternatives and optional words included.
    func testCatalogTemplateOfSkipWordsMatches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-skip-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        commands:
          close:
            en: ["[please] thank you", "(thanks|ok|that's all)"]
            it: ["grazie"]
          open:
            en: ["open math [please]"]
        """.write(to: folder.appendingPathComponent("polite.yaml"), atomically: true, encoding: .utf8)
        let matcher = try CommandMatcher(catalog: CatalogLoader.load(folder: folder.path))
        for text in ["thank you", "please thank you", "thanks", "OK", "grazie", "that's all, thanks"] {
            XCTAssertEqual(matcher.match(text).command, "close", text)
        }
        XCTAssertEqual(matcher.match("open math please").command, "open")
        XCTAssertEqual(matcher.match("open math, thank you").command, "open")
        XCTAssertEqual(matcher.parses("thank you").map(\.command), ["close"])
    }

    func testFilterRestrictsCommands() {
        let f = m.filter(allowing: ["open_subject"])
        XCTAssertNil(m.match("pause", filter: f).command)
        XCTAssertEqual(m.match("open math", filter: f).command, "open_subject")
    }

    func testJSONLineFieldNames() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let ok = String(decoding: try encoder.encode(m.match("start a 25 minute timer")), as: UTF8.self)
        XCTAssertEqual(ok, #"{"command":"set_timer","confidence":1,"language":"en","rejected":false,"slots":{"minutes":25},"text":"start a 25 minute timer","type":"match"}"#)
        let no = String(decoding: try encoder.encode(m.match("xyzzy")), as: UTF8.self)
        XCTAssertTrue(no.contains(#""command":null"#) && no.contains(#""rejected":true"#), no)
    }
}
