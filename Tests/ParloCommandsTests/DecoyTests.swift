import XCTest
import ParloTesting
import ParloCatalog
@testable import ParloGrammar
import ParloRecognizer
import ParloAudio

/// Decoys (`CatalogCompiler.compile(_:decoys:)`): common words of a language offered beside the
/// commands, so that one word that is no command is heard as itself and rejected.
final class DecoyTests: XCTestCase {
    static let catalog: Result<Catalog, Error> = Result { try CatalogLoader.load(folder: studyFolder) }

    func compile(_ decoys: Set<Language>) throws -> CompiledCatalog {
        try CatalogCompiler(model: AcousticModel.locate()).compile(Self.catalog.get(), decoys: decoys)
    }

    /// A per-file recognizer (as `parlo batch` decodes) of `compiled` with `rejection`.
    func recognizer(_ compiled: CompiledCatalog, _ rejection: Rejection = .catalog) throws -> CatalogRecognizer {
        try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: rejection,
                              noiseFloor: Recognizer.fileNoiseFloorDB)
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
    /// a good score ("we" as "wait", "have" as "show math") are heard as the decoys they are and
    /// rejected, while commands of both languages still get through. "money" (heard as
    /// "avanti") is the price of `decoyProbability` at 2e-5: at session 39's 2e-4 its decoy took
    /// it, and a quiet "stop" with it (`RecordingLevelTests`).
    func testADecoySaidAloneIsRejectedAndCommandsStillPass() throws {
        let compiled = try compile([.english, .italian])
        let recognizer = try self.recognizer(compiled)
        let matcher = compiled.matcher()
        for word in ["we", "have"] {
            let r = try recognizer.decode(try synthesize(word, voice: "en-us", rate: 150))
            XCTAssertTrue(r.rejected, "\(word) heard as \(r.text)")
            XCTAssertNil(r.evidence, "\(word): rejected by taking the decoy, before the score checks")
        }
        let money = try synthesize("money", voice: "en-us", rate: 150)
        XCTAssertEqual(matcher.match(try recognizer.decode(money).text).command, "next")
        var dearer = Rejection.catalog, loop = try XCTUnwrap(dearer.loop)
        loop.decoyProbability = 2e-4
        dearer.loop = loop
        XCTAssertTrue(try self.recognizer(compiled, dearer).decode(money).rejected, "at 2e-4 the decoy takes it")
        for (voice, text, command) in [("en-us", "next page", "next"), ("en-us", "open mathematics", "open_subject"),
                                       ("it", "prossimo", "next"), ("it", "cosa posso dire", "help")] {
            let r = try recognizer.decode(try synthesize(text, voice: voice, rate: 150))
            XCTAssertEqual(matcher.match(r.text).command, command, "\(text) heard as \(r.text)")
        }
    }

    /// A long command is not explained as a run of decoys: the loop prices each decoy at
    /// `decoyUnitProbability` (1e-6), not at the grammar words' 1e-4, at which seven decoys in a
    /// row took this clean "metti un timer di quattro minuti" (session 40).
    func testALongCommandIsNotARunOfDecoys() throws {
        let compiled = try compile([.english, .italian])
        let audio = try AudioFileReader(path: Repository.fixtures("commands/it-set_timer-00-clean.flac")).readAll()
        let r = try recognizer(compiled).decode(audio)
        XCTAssertEqual(compiled.matcher().match(r.text).command, "set_timer", "heard as \(r.text)")
        var cheaper = Rejection.catalog, loop = try XCTUnwrap(cheaper.loop)
        loop.decoyUnitProbability = loop.unitProbability
        cheaper.loop = loop
        XCTAssertTrue(try recognizer(compiled, cheaper).decode(audio).rejected, "at the grammar words' price the decoys take it, or this test proves nothing")
    }
}
