import XCTest
import ParloESpeak
@testable import ParloSpeech

/// The four characters must sound clearly different: measured by median pitch.
final class CharacterVoiceTests: XCTestCase {
    let sentences: [Language: String] = [
        .en: "Open the book at page twelve and read the first paragraph aloud, please.",
        .it: "Apri il libro a pagina dodici e leggi ad alta voce il primo paragrafo.",
    ]

    func medianPitches(_ catalog: CharacterCatalog, _ lang: Language) throws -> [String: Double] {
        var result: [String: Double] = [:]
        for c in catalog.characters {
            let speech = try Synthesizer().synthesize(sentences[lang]!, voice: c.voice(for: lang))
            result[c.name] = try XCTUnwrap(PitchTracker(sampleRate: speech.sampleRate).medianPitch(speech.samples))
        }
        return result
    }

    func testCharactersDifferInPitchInBothLanguages() throws {
        let catalog = CharacterCatalog.defaults
        for lang in Language.allCases {
            let pitch = try medianPitches(catalog, lang)
            let chars = catalog.characters
            print("median pitch \(lang):", chars.map { "\($0.name) \(Int(pitch[$0.name]!)) Hz" }.joined(separator: ", "))
            for (i, a) in chars.enumerated() {
                for b in chars[(i + 1)...] {
                    let lo = min(pitch[a.name]!, pitch[b.name]!), hi = max(pitch[a.name]!, pitch[b.name]!)
                    let diff = (hi - lo) / lo
                    let needed = a.gender != b.gender ? 0.15 : 0.08
                    XCTAssertGreaterThanOrEqual(diff, needed, "\(lang): \(a.name) \(pitch[a.name]!) Hz vs \(b.name) \(pitch[b.name]!) Hz")
                }
            }
            for c in chars where c.gender == .male { XCTAssertLessThan(pitch[c.name]!, 140, "\(lang) \(c.name)") }
            for c in chars where c.gender == .female { XCTAssertGreaterThan(pitch[c.name]!, 150, "\(lang) \(c.name)") }
        }
    }

    func testPitchTrackerFindsASineTone() {
        let rate = 22050
        let tone = (0..<rate).map { Int16(8000 * sin(2 * Double.pi * 200 * Double($0) / Double(rate))) }
        let p = PitchTracker(sampleRate: rate).medianPitch(tone)!
        XCTAssertEqual(p, 200, accuracy: 3)
        XCTAssertNil(PitchTracker(sampleRate: rate).medianPitch([Int16](repeating: 0, count: rate)))
    }

    func testYAMLOverridesDefaultsAndAddsCharacters() throws {
        let yaml = """
        characters:
          eva:
            colour: "#FF0000"
            it: { voice: it, variant: f5, pitch: 80 }
          leo:
            gender: male
            en: { voice: en, variant: m7, rate: 150 }
        """
        let catalog = try CharacterCatalog.defaults.overridden(byYAML: yaml)
        let eva = try catalog.character(named: "Eva")
        XCTAssertEqual(eva.colour, "#FF0000")
        XCTAssertEqual(eva.voice(for: .it), ESpeakVoice(name: "it", variant: "f5", rate: 165, pitch: 80, range: 60))
        XCTAssertEqual(eva.voice(for: .en), CharacterCatalog.defaults.characters[1].voice(for: .en))
        let leo = try catalog.character(named: "leo")
        XCTAssertEqual(leo.voice(for: .en).identifier, "en+m7")
        XCTAssertEqual(catalog.characters.count, 5)
        XCTAssertThrowsError(try catalog.character(named: "zed"))
        XCTAssertThrowsError(try CharacterCatalog.defaults.overridden(byYAML: "characters: [1, 2"))
    }
}
