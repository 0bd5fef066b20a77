import Foundation
import XCTest
import ParloAudio
import ParloCatalog
import ParloCommands
import ParloGrammar
import ParloRecognizer
import ParloTesting

/// Home Assistant's intents through the real decoder: their JSGF would compile to millions of
/// words (refused), so the catalog is handed to PocketSphinx as the template graph's FSG;
/// commands synthesised by eSpeak NG must come back as their intent and slots. Italian words
/// are pronounced through the same eSpeak NG mapping as the study catalog's.
final class HomeAssistantRecognitionTests: XCTestCase {
    func compiled(_ language: String) throws -> CompiledCatalog {
        let catalog = try CatalogLoader.load(folder: Repository.fixtures("hassil/intents-\(language).json"),
                                             fixtures: Repository.fixtures("hassil/fixtures-\(language).yaml"))
        return try CatalogCompiler(model: AcousticModel.locate()).compile(catalog)
    }

    func testEnglishCommandsDecodeThroughTheCatalogsFSG() throws {
        let compiled = try compiled("en")
        XCTAssertFalse(JSGFGrammar.compilesWithinBounds(try JSGFWriter(catalog: compiled.catalog).write()),
                       "Home Assistant's JSGF now fits sphinxbase: this test no longer covers the FSG")
        XCTAssertEqual(compiled.grammar.format, .fsg)
        try expect(compiled, voice: "en-us", [
            ("turn on the kitchen light", "HassTurnOn", ["area": .text("Kitchen"), "domain": .text("light")]),
            ("start a timer for five minutes", "HassStartTimer", ["minutes": .number(5)]),
        ])
    }

    func testItalianCommandDecodesThroughTheCatalogsFSG() throws {
        let compiled = try compiled("it")
        XCTAssertEqual(compiled.grammar.format, .fsg)
        try expect(compiled, voice: "it", [
            ("accendi il ventilatore", "HassTurnOn", ["name": .text("Ventilatore")]),
        ])
    }

    func expect(_ compiled: CompiledCatalog, voice: String, _ cases: [(String, String, [String: SlotValue])],
                file: StaticString = #filePath, line: UInt = #line) throws {
        // As `parlo batch` decodes files: eSpeak NG's silence is digital, a faint floor under it.
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(),
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let matcher = compiled.matcher()
        for (text, intent, slots) in cases {
            let heard = try recognizer.decode(synthesize(text, voice: voice)).text
            let m = matcher.match(heard)
            XCTAssertEqual(m.command, intent, "\(voice) \"\(text)\" heard as \"\(heard)\"", file: file, line: line)
            XCTAssertEqual(m.slots, slots, "\(voice) \"\(text)\" heard as \"\(heard)\"", file: file, line: line)
        }
    }
}
