import XCTest
import ParloTesting
import ParloCatalog
@testable import ParloGrammar
import ParloRecognizer

/// Decoys (`CatalogCompiler.compile(_:decoys:)`): common words of a language offered beside the
/// commands, so that one word that is no command is heard as itself and rejected.
final class DecoyTests: XCTestCase {
    static let catalog: Result<Catalog, Error> = Result { try CatalogLoader.load(folder: studyFolder) }

    func compile(_ decoys: Set<Language>) throws -> CompiledCatalog {
        try CatalogCompiler(model: AcousticModel.locate()).compile(Self.catalog.get(), decoys: decoys)
    }

    /// The bundled catalog's lists are read, and each language's decoys come only when asked for.
    /// No decoy is a word of the catalog ("next" is in the English list), nor sounds like a
    /// sentence of it in broad phone classes: "both" and "pause" are stop, vowel, fricative.
    func testDecoysLeaveOutCatalogWordsAndWordsThatSoundLikeACommand() throws {
        let catalog = try Self.catalog.get()
        XCTAssertTrue(catalog.decoys[.english]?.contains("next") == true)
        XCTAssertTrue(catalog.decoys[.english]?.contains("both") == true)
        XCTAssertEqual(try compile([]).grammar.decoys.entries.count, 0)
        let english = try compile([.english]).grammar.decoys
        XCTAssertGreaterThan(english.entries.count, 150)
        let words = Set(try compile([]).grammar.words)
        XCTAssertTrue(english.entries.keys.allSatisfy { !words.contains($0) })
        XCTAssertNil(english["next"])
        XCTAssertNil(english["both"], "sounds like pause")
        XCTAssertEqual(english["people"], ["P IY P AH L"])
        XCTAssertNil(english["della"], "an Italian decoy in an English-only grammar")
        let both = try compile([.english, .italian]).grammar.decoys
        XCTAssertNotNil(both["della"])
        XCTAssertEqual(CatalogCompiler.distance(CatalogCompiler.broadClasses(["B", "OW", "TH"]),
                                                CatalogCompiler.broadClasses(["P", "AO", "Z"])), 0)
    }

    /// Single English words that eSpeak NG says and the search otherwise hears as a command with
    /// a good score ("we" as "wait", "have" as "show math", "money" as "avanti") are heard as the
    /// decoys they are and rejected, while commands of both languages still get through.
    func testADecoySaidAloneIsRejectedAndCommandsStillPass() throws {
        let compiled = try compile([.english, .italian])
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let matcher = compiled.matcher()
        for word in ["we", "have", "money"] {
            let r = try recognizer.decode(try synthesize(word, voice: "en-us", rate: 150))
            XCTAssertTrue(r.rejected, "\(word) heard as \(r.text)")
            XCTAssertNil(r.evidence, "\(word): rejected by taking the decoy, before the score checks")
        }
        for (voice, text, command) in [("en-us", "next page", "next"), ("en-us", "open mathematics", "open_subject"),
                                       ("it", "prossimo", "next"), ("it", "cosa posso dire", "help")] {
            let r = try recognizer.decode(try synthesize(text, voice: voice, rate: 150))
            XCTAssertEqual(matcher.match(r.text).command, command, "\(text) heard as \(r.text)")
        }
    }
}
