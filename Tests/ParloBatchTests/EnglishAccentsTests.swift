import Foundation
import XCTest
import ParloTesting
import ParloCatalog
@testable import ParloGrammar
import ParloRecognizer
@testable import ParloBatch

/// English words in British and Caribbean accents (`EnglishAccents`), so that a British
/// "go faster" is heard as the command rather than as the garbage loop's Italian "basta".
final class EnglishAccentsTests: XCTestCase {
    static let catalog: Result<Catalog, Error> = Result { try CatalogLoader.load(folder: Repository.grammars) }

    func testNonRhoticAndBroadBathVariants() {
        XCTAssertEqual(EnglishAccents.variants(of: "F AE S T ER"), ["F AE S T AH", "F AA S T ER", "F AA S T AH"])
        XCTAssertEqual(EnglishAccents.variants(of: "N AH M B ER Z"), ["N AH M B AH Z"])
        XCTAssertEqual(EnglishAccents.variants(of: "AE N S ER D"), ["AE N S AH D"], "an n between: not broadened")
        XCTAssertEqual(EnglishAccents.variants(of: "K L AE S"), ["K L AA S"], "a final s")
        XCTAssertEqual(EnglishAccents.variants(of: "AE F T ER"), ["AE F T AH", "AA F T ER", "AA F T AH"])
        XCTAssertEqual(EnglishAccents.variants(of: "HH ER"), [], "stressed: the word's only vowel")
        XCTAssertEqual(EnglishAccents.variants(of: "F ER S T"), [], "stressed, and not final")
        XCTAssertEqual(EnglishAccents.variants(of: "M AE TH"), [], "maths keeps its short a")
        XCTAssertEqual(EnglishAccents.variants(of: "P L AE S AH"), [], "a vowel after the s")
        XCTAssertEqual(EnglishAccents.variants(of: "HH EH L P"), [])
    }

    /// The bundled catalog's English words get the variants after cmudict's own, and a compiler
    /// told not to adds none.
    func testTheCatalogOffersThemAfterCmudicts() throws {
        var compiler = try CatalogCompiler(model: AcousticModel.locate())
        let compiled = try compiler.compile(Self.catalog.get())
        XCTAssertEqual(compiled.dictionary["faster"], ["F AE S T ER", "F AE S T AH", "F AA S T ER", "F AA S T AH"])
        XCTAssertEqual(compiled.dictionary["slower"], ["S L OW ER", "S L OW AH"])
        XCTAssertEqual(compiled.dictionary["math"], ["M AE TH"])
        XCTAssertEqual(compiled.pronunciations["faster"]?.map(\.source), [.cmudict, .accent, .accent, .accent],
                       "`parlo grammar check` says which are variants")
        compiler.accentVariants = false
        XCTAssertEqual(try compiler.compile(Self.catalog.get()).dictionary["faster"], ["F AE S T ER"])
    }

    /// "go faster" in eSpeak NG's British, Scottish and Caribbean voices, each file decoded as
    /// `parlo batch` decodes it: every one heard as its command with the variants; with cmudict's
    /// pronunciation alone, not one (the loop's "basta", the Italian for "stop", or nothing).
    func testBritishScottishAndCaribbeanFasterIsHeard() throws {
        var compiler = try CatalogCompiler(model: AcousticModel.locate())
        let voices = ["en-gb-x-rp", "en-gb-x-gbclan", "en-gb", "en-gb-scotland", "en-029"]
        let files = try voices.map { try FreshSpeech.wav("go faster", voice: $0, rate: 150) }
        defer { for url in files { try? FileManager.default.removeItem(at: url) } }
        func heard() throws -> [String] {
            let compiled = try compiler.compile(Self.catalog.get(), decoys: [.english, .italian])
            let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                                   noiseFloor: Recognizer.fileNoiseFloorDB)
            return try files.map { try FileDecoder().decode($0.path, with: recognizer).text }
        }
        XCTAssertEqual(try heard(), Array(repeating: "go faster", count: voices.count))
        compiler.accentVariants = false
        XCTAssertFalse(try heard().contains("go faster"), "without the variants (if this fails, eSpeak's voices changed)")
    }
}
