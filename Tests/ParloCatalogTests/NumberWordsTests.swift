import XCTest
@testable import ParloCatalog

final class NumberWordsTests: XCTestCase {
    func testEnglishOneToSixty() {
        let e = { NumberWords.phrases($0, in: .english)!.first! }
        XCTAssertEqual(e(1), "one")
        XCTAssertEqual(e(13), "thirteen")
        XCTAssertEqual(e(20), "twenty")
        XCTAssertEqual(e(25), "twenty five")
        XCTAssertEqual(e(40), "forty")
        XCTAssertEqual(e(59), "fifty nine")
        XCTAssertEqual(e(60), "sixty")
        XCTAssertEqual(e(105), "one hundred five")
        for n in 1...60 { XCTAssertFalse(e(n).contains("-"), "cmudict has no hyphenated words: \(e(n))") }
    }

    func testItalianEveryElisionAndStressedTre() {
        let i = { NumberWords.phrases($0, in: .italian)! }
        XCTAssertEqual(i(1), ["uno", "un"])
        XCTAssertEqual(i(17), ["diciassette"])
        XCTAssertEqual(i(19), ["diciannove"])
        XCTAssertEqual(i(25), ["venticinque"])
        for (n, word) in [(21, "ventuno"), (28, "ventotto"), (31, "trentuno"), (38, "trentotto"), (41, "quarantuno"),
                          (48, "quarantotto"), (51, "cinquantuno"), (58, "cinquantotto")] {
            XCTAssertEqual(i(n).first, word)
        }
        for (n, short) in [(21, "ventun"), (31, "trentun"), (41, "quarantun"), (51, "cinquantun")] {
            XCTAssertEqual(i(n), [String(short) + "o", short])
        }
        for (n, word) in [(23, "ventitré"), (33, "trentatré"), (43, "quarantatré"), (53, "cinquantatré")] {
            XCTAssertEqual(i(n), [word])
        }
        XCTAssertEqual(i(60), ["sessanta"])
        XCTAssertEqual(i(108), ["centotto"])
        XCTAssertEqual(i(180), ["centottanta"])
        // No vowel clash anywhere in 20…60 except the documented forms.
        for n in 20...60 {
            for w in i(n) { XCTAssertFalse(w.contains("iu") || w.contains("au") || w.contains("io") || w.contains("ao"), w) }
        }
    }

    func testWordValuesReadBothLanguages() {
        let t = NumberWords.wordValues()
        XCTAssertEqual(t["venticinque"], 25)
        XCTAssertEqual(t["ventitre"], 23)
        XCTAssertEqual(t["trentotto"], 38)
        XCTAssertEqual(t["ventun"], 21)
        XCTAssertEqual(t["twenty"], 20)
        XCTAssertEqual(t["five"], 5)
        XCTAssertEqual(t["un"], 1)
    }
}
