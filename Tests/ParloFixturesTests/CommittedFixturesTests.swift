import Foundation
import XCTest
import ParloCatalog
import ParloCommands
@testable import ParloFixtures

/// The committed set (audio-fixtures/commands) against the study catalog.
final class CommittedFixturesTests: XCTestCase {
    func entries() throws -> [FixtureManifestEntry] {
        let text = try String(contentsOfFile: committedFixtures + "/manifest.jsonl", encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(FixtureManifestEntry.self, from: Data($0.utf8)) }
    }

    func testEveryCommandAndSlotValueIsCoveredInBothLanguages() throws {
        let catalog = try CatalogLoader.load(folder: studyFolder)
        let all = try entries()
        for command in catalog.commands {
            for language in [Language.english, .italian] {
                let mine = all.filter { $0.command == command.name && $0.language == language }
                XCTAssertGreaterThanOrEqual(mine.filter { $0.snrDB == nil }.count, 2, "\(command.name) \(language)")
                XCTAssertEqual(Set(mine.compactMap(\.snrDB)), [15, 5], "\(command.name) \(language)")
            }
            for name in command.slotNames {
                let heard = Set(all.filter { $0.command == command.name }.compactMap { $0.slots[name] })
                switch catalog.slots[name]!.kind {
                case .values(let values):
                    XCTAssertEqual(heard, Set(values.map { SlotValue.text($0.canonical) }), "\(command.name).\(name)")
                case .range(let from, let to, _):
                    XCTAssertTrue(heard.contains(.number(from)) && heard.contains(.number(to)), "\(command.name).\(name)")
                    XCTAssertGreaterThanOrEqual(heard.count, 12, "\(command.name).\(name): a spread of numbers")
                }
            }
        }
        let voices = Set(all.map(\.voice))
        XCTAssertGreaterThanOrEqual(voices.count, 6, "three voices per language")
        XCTAssertGreaterThanOrEqual(Set(all.map(\.rate)).count, 3)
    }

    func testOutOfGrammarSentencesInBothLanguages() throws {
        let all = try entries()
        for language in [Language.english, .italian] {
            let oog = all.filter { $0.rejected && $0.language == language }
            XCTAssertGreaterThanOrEqual(oog.count, 20, "\(language)")
            XCTAssertTrue(oog.allSatisfy { $0.command == nil && $0.slots.isEmpty && $0.snrDB == nil })
        }
        let texts = Set(all.filter(\.rejected).map(\.text))
        for nearMiss in ["open the window", "apri la finestra", "what time is it", "che ore sono"] {
            XCTAssertTrue(texts.contains(nearMiss), nearMiss)
        }
    }

    /// The committed files are what `parlo fixtures synth` would write now: same names and texts.
    /// Fails when the catalog changed and the fixtures were not regenerated.
    func testCommittedSetMatchesTheCatalogPlanAndFilesExist() throws {
        let catalog = try CatalogLoader.load(folder: studyFolder)
        let generator = FixtureGenerator(catalog: catalog)
        let planned = try generator.plan().map(\.sentence.text)
        let all = try entries()
        XCTAssertEqual(all.count, try generator.fileCount(), "regenerate with `parlo fixtures synth`")
        let cleanTexts = all.filter { $0.snrDB == nil }.map(\.text)
        XCTAssertEqual(cleanTexts, planned, "regenerate with `parlo fixtures synth`")
        var bytes = 0
        for e in all {
            let size = (try FileManager.default.attributesOfItem(atPath: committedFixtures + "/" + e.audio)[.size] as? Int) ?? 0
            XCTAssertGreaterThan(size, 1_000, e.audio)
            bytes += size
        }
        XCTAssertLessThan(bytes, 12_000_000, "keep the committed set small")
    }
}

/// The manifest's texts read back through the matcher: labels and sentences agree.
final class ManifestMatcherTests: XCTestCase {
    func testEveryCommandTextMatchesItsLabelAndOutOfGrammarTextIsNoCommand() throws {
        let matcher = try CommandMatcher(catalog: CatalogLoader.load(folder: studyFolder))
        let text = try String(contentsOfFile: committedFixtures + "/manifest.jsonl", encoding: .utf8)
        let entries = try text.split(separator: "\n").map { try JSONDecoder().decode(FixtureManifestEntry.self, from: Data($0.utf8)) }
        var accepted: [String] = []
        for e in entries {
            let m = matcher.match(e.text)
            if e.rejected {
                if m.command != nil { accepted.append("\(e.text) → \(m.command!)") }
            } else {
                XCTAssertEqual(m.command, e.command, e.text)
                XCTAssertEqual(m.slots, e.slots, e.text)
                // "stop" is English and Italian alike: its language cannot be told from the text.
                let bilingual = entries.contains { $0.text == e.text && $0.language != e.language }
                if !bilingual { XCTAssertEqual(m.language, e.language, e.text) }
            }
        }
        XCTAssertEqual(accepted, [], "out-of-grammar sentences the text matcher accepts")
    }
}
