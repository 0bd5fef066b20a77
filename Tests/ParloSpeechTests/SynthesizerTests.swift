import XCTest
import ParloESpeak
@testable import ParloSpeech

final class SynthesizerTests: XCTestCase {
    let synth = Synthesizer()

    func testWordRangesMapToTheInputIncludingAccents() throws {
        let text = "Perché è già città? Sì, leggi."
        let speech = try synth.synthesize(text, voice: ESpeakVoice(name: "it"))
        let words = speech.words.map { String(text[$0.range]) }
        XCTAssertEqual(words, ["Perché", "è", "già", "città", "Sì", "leggi"], "\(words)")
        XCTAssertEqual(speech.sampleRate, 22050)
        XCTAssertGreaterThan(speech.seconds, 1)
        let starts = speech.words.map(\.sample)
        XCTAssertEqual(starts, starts.sorted(), "word positions increase")
        XCTAssertLessThan(starts.last!, speech.samples.count)
    }

    func testSubrangePositionsAreIndicesOfTheWholeText() throws {
        let text = "First part. Second part here."
        let range = text.range(of: "Second part here.")!
        let speech = try synth.synthesize(text, range: range, voice: ESpeakVoice(name: "en-us"))
        XCTAssertEqual(speech.words.map { String(text[$0.range]) }, ["Second", "part", "here"])
        XCTAssertEqual(speech.sentences.count, 1)
    }

    func testDurationScalesWithRate() throws {
        let text = "The quick brown fox jumps over the lazy dog near the river bank."
        let slow = try synth.synthesize(text, voice: ESpeakVoice(name: "en-us", rate: 120)).seconds
        let fast = try synth.synthesize(text, voice: ESpeakVoice(name: "en-us", rate: 240)).seconds
        let ratio = slow / fast
        XCTAssertGreaterThan(ratio, 1.6, "slow \(slow) s, fast \(fast) s")
        XCTAssertLessThan(ratio, 2.4, "slow \(slow) s, fast \(fast) s")
    }

    func testMixedLanguageUsesBothVoices() throws {
        let eva = try CharacterCatalog.defaults.character(named: "eva")
        let text = "Open the book, per favore, e leggi la prima pagina."
        let parts = LanguageSplitter().split(text)
        XCTAssertEqual(parts.map(\.language), [.en, .it], "\(parts.map { text[$0.range] })")
        let speech = try synth.synthesize(text, as: eva)
        XCTAssertEqual(speech.words.map { String(text[$0.range]) },
                       ["Open", "the", "book", "per", "favore", "e", "leggi", "la", "prima", "pagina"])
        XCTAssertEqual(speech.words.map(\.sample), speech.words.map(\.sample).sorted())
    }

    func testAbortStopsSynthesis() throws {
        var chunks = 0
        _ = try synth.stream(String(repeating: "This is a long sentence that goes on. ", count: 20),
                             voice: ESpeakVoice(name: "en-us")) { _, _, _ in
            chunks += 1
            return chunks < 2
        }
        XCTAssertEqual(chunks, 2)
        // The engine is usable afterwards.
        XCTAssertGreaterThan(try synth.synthesize("ok", voice: ESpeakVoice(name: "en-us")).samples.count, 0)
    }
}
