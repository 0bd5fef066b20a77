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
}
