import XCTest
import ParloCatalog
import ParloGrammar
import ParloAudio
import ParloESpeak
import ParloRecognizer
@testable import ParloSpeech

/// Speech Parlo synthesises is recognised back by Parlo's own recognizer (EN and IT).
final class RoundTripTests: XCTestCase {
    /// eSpeak's 22050 Hz PCM → the recognizer's 16 kHz.
    func to16k(_ speech: SynthesizedSpeech) throws -> [Int16] {
        try Resampler.resample(speech.samples, from: speech.sampleRate, to: 16_000)
    }

    func recognise(_ text: String, lang: Language, grammar: String, dictionary: PronunciationDictionary = .init(),
                   character: Int = 1) throws -> String {
        let model = try AcousticModel.locate()
        let recognizer = try Recognizer(model: model, grammar: try JSGFGrammar(grammar), pronunciations: dictionary)
        var voice = CharacterCatalog.defaults.characters[character].voice(for: lang)
        voice.rate = 140
        let speech = try Synthesizer().synthesize("  " + text + ".", voice: voice)
        let silence = [Int16](repeating: 0, count: 4000)
        return try recognizer.decode(silence + (try to16k(speech)) + silence).text
    }

    /// Eva's voice (the default here) is recognised in both languages; Adam's very low pitch
    /// and Max's en/it variants are recognised less reliably by the en-us acoustic model.
    func testEnglishSentenceIsRecognisedBack() throws {
        let grammar = """
        #JSGF V1.0;
        grammar commands;
        public <command> = open the book | close the window | read the next page | stop reading | go back to the first chapter;
        """
        XCTAssertEqual(try recognise("read the next page", lang: .en, grammar: grammar), "read the next page")
        XCTAssertEqual(try recognise("go back to the first chapter", lang: .en, grammar: grammar), "go back to the first chapter")
    }

    func testItalianSentenceIsRecognisedBackWithAnESpeakDictionary() throws {
        let grammar = """
        #JSGF V1.0;
        grammar comandi;
        public <comando> = apri il libro | chiudi la finestra | leggi la prossima pagina | vai avanti;
        """
        var dict = PronunciationDictionary()
        for word in try JSGFGrammar(grammar).words {
            dict.add(word, try IPAPhoneMap.phones(forIPA: ESpeakEngine.shared.ipa(word, voice: "it"), language: .italian).joined(separator: " "))
        }
        XCTAssertEqual(dict["leggi"], ["L EY JH IY"])
        XCTAssertEqual(try recognise("leggi la prossima pagina", lang: .it, grammar: grammar, dictionary: dict), "leggi la prossima pagina")
        XCTAssertEqual(try recognise("chiudi la finestra", lang: .it, grammar: grammar, dictionary: dict), "chiudi la finestra")
    }
}
