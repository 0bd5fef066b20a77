import Foundation
import XCTest
import ParloAudio
import ParloCatalog
import ParloRecognizer
@testable import ParloCommands

/// Speech → grammar → matcher, end to end: commands synthesised by the `espeak-ng` CLI are
/// decoded by PocketSphinx with the compiled study grammar and matched back to commands.
final class RecognitionTests: XCTestCase {
    static let compiled: Result<CompiledCatalog, Error> = Result {
        try CatalogCompiler(model: AcousticModel.locate()).compile(folder: studyFolder)
    }

    /// Synthesises `text` with `voice` into a temporary WAV and returns its 16 kHz samples.
    func speak(_ text: String, voice: String, rate: Int = 150) throws -> [Int16] {
        let path = NSTemporaryDirectory() + "parlo-rec-\(getpid())-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        p.arguments = ["-v", voice, "-s", String(rate), "-w", path, text]
        try p.run(); p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        return try SpeechFileReader(path: path).readAll()
    }

    func recognise(_ samples: [Int16], _ recognizer: Recognizer, _ matcher: CommandMatcher) throws -> (String, MatchResult) {
        let silence = [Int16](repeating: 0, count: 4_000)
        let hyp = try recognizer.decode(silence + samples + silence).text
        return (hyp, matcher.match(hyp))
    }

    func testEnglishAndItalianCommandsAreRecognisedAndMatched() throws {
        let compiled = try Self.compiled.get()
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: compiled.grammar, pronunciations: compiled.dictionary)
        let matcher = CommandMatcher(sentences: compiled.sentences)
        let cases: [(String, String, String, [String: SlotValue], Language)] = [
            ("en-us", "open mathematics", "open_subject", ["subject": .text("math")], .english),
            ("en-us", "what can I say", "help", [:], .english),
            ("en-us", "use the voice of max", "use_voice", ["character": .text("max")], .english),
            ("it", "cosa posso dire", "help", [:], .italian),
            ("it", "apri la storia", "open_subject", ["subject": .text("history")], .italian),
        ]
        for (voice, text, command, slots, language) in cases {
            let (hyp, m) = try recognise(try speak(text, voice: voice), recognizer, matcher)
            XCTAssertEqual(m.command, command, "\(voice) \"\(text)\" heard as \"\(hyp)\"")
            XCTAssertEqual(m.slots, slots, "\(voice) \"\(text)\" heard as \"\(hyp)\"")
            XCTAssertEqual(m.language, language, "\(voice) \"\(text)\" heard as \"\(hyp)\"")
        }
    }

    /// Accuracy over every template of the catalog (first slot values), printed; runs only with
    /// PARLO_RECOGNITION_SWEEP=1 because it takes ~1 minute.
    func testSweepAccuracy() throws {
        guard ProcessInfo.processInfo.environment["PARLO_RECOGNITION_SWEEP"] == "1" else { throw XCTSkip("set PARLO_RECOGNITION_SWEEP=1") }
        let compiled = try Self.compiled.get()
        let recognizer = try Recognizer(model: AcousticModel.locate(), grammar: compiled.grammar, pronunciations: compiled.dictionary)
        let matcher = CommandMatcher(sentences: compiled.sentences)
        var seen = Set<String>()
        var total: [Language: Int] = [:], right: [Language: Int] = [:]
        for s in compiled.sentences {
            // One sentence per template and slot value, numbers sampled.
            if let n = s.slots["minutes"]?.intValue, ![1, 5, 12, 21, 25, 38, 45, 60].contains(n) { continue }
            let key = "\(s.location)|\(s.slots)|\(s.words.count)"
            guard seen.insert(key).inserted else { continue }
            let spoken = s.words.joined(separator: " ")
            let (hyp, m) = try recognise(try speak(spoken, voice: s.language.espeakVoice), recognizer, matcher)
            total[s.language, default: 0] += 1
            if m.command == s.command && m.slots == s.slots { right[s.language, default: 0] += 1 } else {
                print("MISS \(s.language) \"\(spoken)\" → \"\(hyp)\" → \(m.command ?? "nil") \(m.slots)")
            }
        }
        for l in total.keys.sorted() {
            print("SWEEP \(l): \(right[l] ?? 0)/\(total[l]!) = \(String(format: "%.1f", 100 * Double(right[l] ?? 0) / Double(total[l]!)))%")
        }
    }
}
