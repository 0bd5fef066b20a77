import XCTest
import ParloCatalog
@testable import ParloFixtures

/// Sentence choice without audio: coverage and stability.
final class FixturePlannerTests: XCTestCase {
    func testPlanIsStableAndCoversSlotValues() throws {
        let catalog = try CatalogLoader.load(folder: studyFolder)
        let a = try FixturePlanner(catalog: catalog, perCommand: 2, seed: 3).plan()
        let b = try FixturePlanner(catalog: catalog, perCommand: 2, seed: 3).plan()
        XCTAssertEqual(a, b)
        let other = try FixturePlanner(catalog: catalog, perCommand: 2, seed: 4).plan()
        XCTAssertNotEqual(a.map(\.text), other.map(\.text), "the seed picks other variants")
        for language in [Language.english, .italian] {
            let subjects = Set(a.filter { $0.language == language }.compactMap { $0.slots["subject"] })
            XCTAssertEqual(subjects.count, 6, "\(language)")
            let characters = Set(a.filter { $0.language == language }.compactMap { $0.slots["character"] })
            XCTAssertEqual(characters.count, 4, "\(language)")
        }
        // Every sentence is one the catalog accepts.
        let accepted = Set(try SentenceExpander(catalog: catalog).sentences().map { "\($0.command)|\($0.words)" })
        for s in a { XCTAssertTrue(accepted.contains("\(s.command!)|\(s.words)"), s.text) }
    }

    func testRangeSpreadDiffersBetweenLanguages() throws {
        let catalog = try CatalogLoader.load(folder: studyFolder)
        let planner = FixturePlanner(catalog: catalog)
        let slot = try XCTUnwrap(catalog.slots["minutes"])
        let en = planner.values(of: slot, languageIndex: 0), it = planner.values(of: slot, languageIndex: 1)
        XCTAssertEqual(en.first, .number(1))
        XCTAssertEqual(en.last, .number(60))
        XCTAssertEqual(en.count, 8)
        XCTAssertTrue(Set(en).intersection(it).count <= 1, "\(en) vs \(it)")
    }

    func testTimerSentencesSayTheUnitAsAStudentWould() throws {
        let catalog = try CatalogLoader.load(folder: studyFolder)
        let timers = try FixturePlanner(catalog: catalog, perCommand: 6).plan().filter { $0.command == "set_timer" }
        XCTAssertGreaterThanOrEqual(timers.count, 16)
        for t in timers {
            let n = try XCTUnwrap(t.slots["minutes"]?.intValue)
            let unit = try XCTUnwrap(t.words.first { $0.hasPrefix("minut") })
            let attributive = t.words.contains("timer") && t.words.last == "timer"
            let singular = unit == "minute" || unit == "minuto"
            XCTAssertEqual(singular, n == 1 || attributive, t.text)
        }
        XCTAssertTrue(NumberAgreement.isNatural(["start", "a", "twenty", "five", "minute", "timer"], slots: ["minutes": .number(25)], language: .english))
        XCTAssertFalse(NumberAgreement.isNatural(["start", "a", "timer", "for", "one", "minutes"], slots: ["minutes": .number(1)], language: .english))
        XCTAssertFalse(NumberAgreement.isNatural(["metti", "un", "timer", "di", "quattro", "minuto"], slots: ["minutes": .number(4)], language: .italian))
        XCTAssertTrue(NumberAgreement.isNatural(["avvia", "un", "timer", "di", "un", "minuto"], slots: ["minutes": .number(1)], language: .italian))
    }
}
