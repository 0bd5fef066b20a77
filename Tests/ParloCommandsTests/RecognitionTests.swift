import Foundation
import XCTest
import ParloTesting
import ParloAudio
import ParloCatalog
import ParloGrammar
import ParloRecognizer
@testable import ParloCommands

/// Speech → grammar → matcher, end to end: commands synthesised by the `espeak-ng` CLI are
/// decoded by PocketSphinx with the compiled study grammar and matched back to commands.
final class RecognitionTests: XCTestCase {
    static let compiled: Result<CompiledCatalog, Error> = Result {
        try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
    }

    func speak(_ text: String, voice: String, rate: Int = 150) throws -> [Int16] {
        try synthesize(text, voice: voice, rate: rate)
    }

    /// Decodes in streaming mode (0.1 s blocks, as live listening does): whole-utterance mode
    /// sometimes ends outside a final grammar state and returns nothing (see the report).
    func recognise(_ samples: [Int16], _ recognizer: Recognizer, _ matcher: CommandMatcher,
                   streaming: Bool = true) throws -> (String, MatchResult) {
        let hyp: String
        if streaming {
            try recognizer.begin()
            for start in stride(from: 0, to: samples.count, by: 1_600) {
                try recognizer.process(Array(samples[start..<min(samples.count, start + 1_600)]))
            }
            hyp = try recognizer.end().text
        } else {
            hyp = try recognizer.decode(samples).text
        }
        return (hyp, matcher.match(hyp))
    }

    func testEnglishAndItalianCommandsAreRecognisedAndMatched() throws {
        let compiled = try Self.compiled.get()
        let catalogRecognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate())
        let recognizer = catalogRecognizer.primary
        let matcher = compiled.matcher()
        let cases: [(String, String, String, [String: SlotValue], Language)] = [
            ("en-us", "open mathematics", "open_subject", ["subject": .text("math")], .english),
            ("en-us", "what can I say", "help", [:], .english),
            ("en-us", "show me the mind map", "show_mind_map", [:], .english),
            ("it", "cosa posso dire", "help", [:], .italian),
            ("it", "apri la storia", "open_subject", ["subject": .text("history")], .italian),
            ("it", "prossimo", "next", [:], .italian),
        ]
        for (voice, text, command, slots, language) in cases {
            let audio = try speak(text, voice: voice)
            // eSpeak NG's audio differs slightly between runs; either decoding mode may get it.
            let (streamed, a) = try recognise(audio, recognizer, matcher, streaming: true)
            let whole = try catalogRecognizer.decode(audio).text
            let b = matcher.match(whole)
            let m = a.command == command ? a : b
            let heard = "\(voice) \"\(text)\" heard as \"\(streamed)\" / \"\(whole)\""
            XCTAssertEqual(m.command, command, heard)
            XCTAssertEqual(m.slots, slots, heard)
            XCTAssertEqual(m.language, language, heard)
        }
    }

    static let outOfGrammarEnglish = [
        "the weather is nice today", "I had pasta for lunch", "where did you put my keys", "my brother plays football",
        "this homework is really hard", "can you call my mother", "the train leaves at noon", "I like green apples",
        "turn off the lights in the kitchen", "how old is the teacher", "we went to the beach last summer",
        "please buy some milk", "the cat is sleeping on the sofa", "tomorrow it will rain", "open the window",
        "what time is it",
    ]
    static let outOfGrammarItalian = [
        "oggi fa molto caldo", "ho mangiato la pizza a pranzo", "dove hai messo le chiavi", "mio fratello gioca a calcio",
        "questo compito è difficile", "chiama la mamma", "il treno parte a mezzogiorno", "mi piacciono le mele verdi",
        "spegni la luce in cucina", "quanti anni ha la maestra", "siamo andati al mare", "compra il latte",
        "il gatto dorme sul divano", "domani pioverà", "apri la finestra", "che ore sono",
    ]

    /// With rejection on, speech that is no command comes back rejected (no text, so no
    /// command), while clear commands still get through.
    func testRejectionOnTheCatalogRefusesOutOfGrammarSpeech() throws {
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
        // Generated speech is digitally silent between words: decode it as `parlo batch` does a file.
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let matcher = compiled.matcher()
        for (voice, text) in [("en-us", "the weather is nice today"), ("it", "il gatto dorme sul divano")] {
            let r = try recognizer.decode(try speak(text, voice: voice))
            XCTAssertTrue(r.rejected, "\(text) heard as \(r.text)")
            XCTAssertNil(matcher.match(r.text).command)
        }
        for (voice, text, command) in [("en-us", "what can I say", "help"), ("it", "cosa posso dire", "help")] {
            let hyp = try recognizer.decode(try speak(text, voice: voice)).text
            XCTAssertEqual(matcher.match(hyp).command, command, "\(text) heard as \(hyp)")
        }
    }

    /// The catalog's garbage loop: command words in an order no command has run through the
    /// loop and are rejected, while the same words as a command are accepted.
    func testCommandWordsInNoCommandsOrderAreRejected() throws {
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
        XCTAssertEqual(Rejection.catalog.loop?.units, .grammarWords)
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let salad = try recognizer.decode(try speak("page timer history voice next", voice: "en-us"))
        XCTAssertTrue(salad.rejected, "heard as \(salad.text)")
        XCTAssertEqual(salad.text, "")
        XCTAssertNil(salad.evidence, "rejected by the loop itself, before the score checks")
        let command = try recognizer.decode(try speak("open history", voice: "en-us"))
        XCTAssertFalse(command.rejected)
        XCTAssertEqual(studyMatcher.match(command.text).command, "open_subject")
    }

    /// A command cut short ("start a timer for eighteen", then silence) still comes back as a
    /// whole sentence of the grammar, "... minute(s)" forced on: its evidence says the search had
    /// not ended there (`unfinished`), and live listening's confidence holds that against it.
    /// The whole command ends where the search was.
    func testASentenceForcedToAnEndIsUnfinished() throws {
        let compiled = try Self.compiled.get()
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let whole = try AudioFileReader(path: Repository.fixtures("commands/en-set_timer-02-clean.flac")).readAll()
        let full = try recognizer.decode(whole)
        XCTAssertEqual(full.text, "start a timer for eighteen minutes")
        XCTAssertEqual(full.evidence?.unfinished, false)
        // Streamed, the last partial counts too: a result other than it was still changing.
        let words = full.text.split(separator: " ").map(String.init)
        XCTAssertEqual(try recognizer.primary.decode(whole, afterPartial: words).evidence?.unfinished, false)
        XCTAssertEqual(try recognizer.primary.decode(whole, afterPartial: Array(words.prefix(3))).evidence?.unfinished, true)
        let silence = [Int16](repeating: 0, count: 16_000)
        let cut = try recognizer.decode(Array(whole.prefix(24_000)) + silence)      // 1.5 s: "... for eighteen"
        XCTAssertTrue(cut.text.hasPrefix("start a timer for"), cut.text)
        let evidence = try XCTUnwrap(cut.evidence)
        XCTAssertEqual(evidence.unfinished, true, cut.text)
        var finished = evidence
        finished.unfinished = false
        XCTAssertLessThan(ConfidenceModel.live.probability(evidence), ConfidenceModel.live.probability(finished) - 0.1)
    }

    /// A file's result does not depend on what the catalog recognizer did before: a new one, one
    /// whose decoder was reset for a new file (as `parlo batch` does), and one after two other
    /// files. The 15 dB "pausa" came back as "pausa" from a reset decoder and as "help" from
    /// the others while the cepstral mean depended on the decoder's past (see
    /// `Recognizer.decode(_:cepstralPriorSeconds:)`); "next" after other files was "that's enough".
    func testCatalogResultsDoNotDependOnEarlierFiles() throws {
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
        func recognizer() throws -> CatalogRecognizer {
            try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                  noiseFloor: Recognizer.fileNoiseFloorDB)
        }
        let commands = URL(fileURLWithPath: studyFolder).deletingLastPathComponent().appendingPathComponent("audio-fixtures/commands")
        func decode(_ name: String, with r: CatalogRecognizer) throws -> Recognition {
            try r.decode(AudioFileReader(path: commands.appendingPathComponent(name + ".flac").path).readAll())
        }
        // en-faster-00-snr05 scored -29.7 per frame alone and -31.2 after en-faster-00-clean
        // while a reused decoder kept the state of the old searching pass (session 10).
        let expected = ["it-pause-01-snr15": "pause", "en-next-01-snr15": "next", "en-faster-00-snr05": "faster"]
        for (name, command) in expected.sorted(by: { $0.key < $1.key }) {
            let fresh = try decode(name, with: recognizer())
            let reset = try recognizer()
            try reset.primary.startStream()
            let afterReset = try decode(name, with: reset)
            let used = try recognizer()
            _ = try decode("en-next-01-clean", with: used)
            _ = try decode("it-help-00-clean", with: used)
            _ = try decode("en-faster-00-clean", with: used)
            let afterOthers = try decode(name, with: used)
            for other in [afterReset, afterOthers] {
                XCTAssertEqual(other.text, fresh.text, name)
                XCTAssertEqual(other.score, fresh.score, name)
                XCTAssertEqual(other.evidence, fresh.evidence, name)
            }
            XCTAssertEqual(studyMatcher.match(fresh.text).command, command, fresh.text)
        }
    }

    /// A whole decode measures the utterance's own cepstral mean (what a long recording's running
    /// mean learns from) and can be normalised towards another mean than the model's: another
    /// mean, another score; none given, the same result as before.
    func testAWholeDecodeMeasuresItsMeanAndCanStartFromAnother() throws {
        let compiled = try Self.compiled.get()
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let commands = URL(fileURLWithPath: studyFolder).deletingLastPathComponent().appendingPathComponent("audio-fixtures/commands")
        func samples(_ name: String) throws -> [Int16] { try AudioFileReader(path: commands.appendingPathComponent(name + ".flac").path).readAll() }
        let other = try samples("it-help-00-clean"), heard = try samples("en-next-01-clean")
        _ = try recognizer.decode(other)
        let mean = try XCTUnwrap(recognizer.primary.measuredMean)
        XCTAssertEqual(mean.seconds, Double(other.count) / 16_000, accuracy: 0.05, "every 10 ms frame of the file")
        XCTAssertEqual(mean.values.count, 13)
        let plain = try recognizer.decode(heard)
        let again = try recognizer.decode(heard, cepstralPrior: nil)
        let towards = try recognizer.decode(heard, cepstralPrior: CepstralMean(values: mean.values, seconds: 2))
        XCTAssertEqual(again.score, plain.score)
        XCTAssertNotEqual(towards.score, plain.score, "normalised by another mean")
        XCTAssertEqual(studyMatcher.match(towards.text).command, "next", towards.text)
        _ = try recognizer.primary.decode(heard)
        XCTAssertNil(recognizer.primary.measuredMean, "a decode that measured nothing leaves none")
    }

    /// Accuracy over every template of the catalog (first slot values), printed; runs only with
    /// PARLO_RECOGNITION_SWEEP=1 because it takes ~1 minute.
    func testSweepAccuracy() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["PARLO_RECOGNITION_SWEEP"] == "1" else { throw XCTSkip("set PARLO_RECOGNITION_SWEEP=1") }
        var compiler = try CatalogCompiler(model: AcousticModel.locate())
        compiler.variants = env["PARLO_IPA_VARIANTS"] == "1"
        let compiled = try compiler.compile(folder: studyFolder)
        // PARLO_RECOGNITION_OPTIONS="-beam 1e-80 -pbeam 1e-80" tries decoder options.
        let words = (ProcessInfo.processInfo.environment["PARLO_RECOGNITION_OPTIONS"] ?? "").split(separator: " ").map(String.init)
        var options: [String: String] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) { options[words[i]] = words[i + 1] }
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: compiled.grammar, pronunciations: compiled.dictionary,
                                        options: options)
        // Second pass for empty hypotheses: without filler words the search reaches a final state.
        let catalogRecognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), options: options)
        let matcher = compiled.matcher()
        let started = Date()
        var decodeSeconds = 0.0, audioSeconds = 0.0
        var seen = Set<String>()
        var total: [Language: Int] = [:], right: [Language: Int] = [:]
        for s in compiled.graph.allSentences(limit: 20_000)! {
            // One sentence per template and slot value, numbers sampled.
            if let n = s.slots["minutes"]?.intValue, ![1, 5, 12, 21, 25, 38, 45, 60].contains(n) { continue }
            let key = "\(s.location)|\(s.slots)|\(s.words.count)"
            guard seen.insert(key).inserted else { continue }
            let spoken = s.words.joined(separator: " ")
            let audio = try speak(spoken, voice: s.language.espeakVoice)
            total[s.language, default: 0] += 1
            for mode in ["stream", "whole", "fallback"] {
                var (hyp, m) = try recognise(audio, recognizer, matcher, streaming: mode == "stream")
                if mode == "fallback" {
                    let t0 = Date()
                    hyp = try catalogRecognizer.decode(audio).text
                    decodeSeconds += Date().timeIntervalSince(t0)
                    audioSeconds += Double(audio.count) / 16_000
                    m = matcher.match(hyp)
                }
                if m.command == s.command && m.slots == s.slots { right[Language(mode + "-" + s.language.rawValue), default: 0] += 1 } else {
                    print("MISS \(mode) \(s.language) \"\(spoken)\" → \"\(hyp)\" → \(m.command ?? "nil") \(m.slots)")
                }
            }
        }
        print("SWEEP CatalogRecognizer: \(String(format: "%.1f", audioSeconds)) s of audio in \(String(format: "%.2f", decodeSeconds)) s = \(String(format: "%.3f", decodeSeconds / audioSeconds)) xRT")
        var rejected: [String: Int] = [:]
        for (voice, list) in [("en-us", Self.outOfGrammarEnglish), ("it", Self.outOfGrammarItalian)] {
            for text in list {
                let hyp = try catalogRecognizer.decode(try speak(text, voice: voice)).text
                let m = matcher.match(hyp)
                if m.rejected { rejected[voice, default: 0] += 1 } else { print("ACCEPTED \(voice) \"\(text)\" → \"\(hyp)\" → \(m.command!)") }
            }
            print("SWEEP out-of-grammar \(voice) rejected \(rejected[voice] ?? 0)/\(list.count)")
        }
        print("SWEEP options \(options) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        for l in right.keys.sorted() {
            let n = total[Language(String(l.rawValue.split(separator: "-").last!))]!
            print("SWEEP \(l): \(right[l] ?? 0)/\(n) = \(String(format: "%.1f", 100 * Double(right[l] ?? 0) / Double(n)))%")
        }
    }
}
