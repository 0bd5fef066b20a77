import Foundation
import ParloALSA
import ParloAudio
import ParloCapture
import ParloCatalog
import ParloGrammar
import ParloCommands
import ParloCore
import ParloListen
import ParloRecognizer
import ParloSpeech
import XCTest
@testable import ParloStudy

/// A whole study session from a recording: the demo fixture (English and Italian commands with
/// pauses) is played through a real libasound capture device (the `file` plugin), decoded live
/// against the study catalog, dispatched through the registry, and the spoken replies written to
/// a WAV are recognised back.
final class StudyAudioSessionTests: XCTestCase {
    /// What each command of the fixture must do, and the reply Parlo must speak.
    static let expected: [(command: String, language: String, slots: [String: JSONValue], reply: String)] = [
        ("open_subject", "en", ["subject": .string("math")], "Opening math, 3 materials"),
        ("show_mind_map", "en", [:], "Mind map of Fractions: Adding fractions, Simplifying."),
        ("next", "en", [:], "Next: Percentages"),
        ("open_subject", "it", ["subject": .string("history")], "Apro storia, 2 materiali"),
        ("use_voice", "it", ["character": .string("mia")], "Ciao, sono Mia"),
        ("set_timer", "en", ["minutes": .number(20)], "Timer set for 20 minutes"),
        ("next", "it", [:], "Avanti: Il Rinascimento"),
    ]

    /// How many of the fixture's commands are acted on: all of them. The least sure is the third,
    /// an English "next" (0.529 since session 24, whose `unfinished` evidence it carries: its
    /// partials were "that's", then "next"); the last, a lone Italian "prossimo", was (0.534
    /// until session 23, 0.727 now, over `Rejection.live`'s 0.5). In session 13, when the
    /// study's full catalog moved to `parlo listen`'s room pipeline, it came out at 0.46 and was
    /// rejected; session 14's quietest speech (−60 dBFS, `RoomEndpointing.minimumSpeechDB`) brought it
    /// back (docs/listening.md).
    static let acted = 7

    /// The replies as spoken words, one catalog "command" each, to recognise the WAV back.
    /// "Timer" in Mia's high English voice (pitch 75) is not recognised by the en-us model
    /// (PocketSphinx hears "set for twenty minutes"), so that word is optional.
    static let replyCatalog = """
        commands:
          r0: {en: [opening math three materials]}
          r1: {en: [mind map of fractions adding fractions simplifying]}
          r2: {en: [next percentages]}
          r3: {it: [apro storia due materiali]}
          r4: {it: [ciao sono mia]}
          r5: {en: ["[timer] set for twenty minutes"]}
          r6: {it: [avanti il rinascimento]}
        """

    func testRecordedSessionThroughALSADrivesTheSessionAndRepliesAreRecognisedBack() async throws {
        let script = try StudyScript(text: String(contentsOfFile: StudyFixtures.sessionScript, encoding: .utf8))
        XCTAssertEqual(script.lines.map(\.command), Self.expected.map(\.command))

        // The recording as a capture device.
        let audio = try AudioFileReader(path: StudyFixtures.sessionAudio).readAll()
        let raw = StudyFixtures.directory + "/session.raw"
        try audio.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))
        var options = ALSACaptureSource.Options(device: "study_mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "study_mic", rawFile: raw))
        options.maxSeconds = Double(audio.count) / 16_000 + 0.5
        let source = try ALSACaptureSource(options: options)

        // Replies to a WAV; remember where each command's replies start in it.
        let wav = StudyFixtures.directory + "/replies.wav"
        let sink = try WAVFileSink(path: wav)
        let (session, rec, _) = try await StudyFixtures.session(sink: sink)
        let starts = Starts()
        rec.onEvent = { if $0.type == "command" { starts.add(sink.writtenFrames) } }

        let model = try AcousticModel.locate()
        let listener = try StudyFixtures.listener(session, recording: true)
        var heard: [String] = [], hypotheses: [String] = []
        try await listener.run(source.start()) {
            if case .recognized(_, let r, _) = $0 { heard.append(r.text); hypotheses.append(r.hypothesis) }
        }
        await session.waitUntilQuiet()
        try sink.drain()
        sink.close()

        // The command events, in order, with language and slots.
        let commands = rec.of("command"), expected = Self.expected.prefix(Self.acted)
        XCTAssertEqual(commands.map { $0.string("command") ?? "" }, expected.map(\.command), "heard: \(heard)")
        XCTAssertEqual(commands.map { $0.string("language") ?? "" }, expected.map(\.language))
        XCTAssertEqual(commands.map { $0["slots"] }, expected.map { .object($0.slots) })
        XCTAssertTrue(commands.allSatisfy { $0.string("source") == "voice" })
        XCTAssertEqual(rec.of("reply").map { $0.string("text") ?? "" }, expected.map(\.reply))
        XCTAssertEqual(rec.of("reply").map { $0.string("color") ?? "" }, ["#EC4899", "#EC4899", "#EC4899", "#EC4899", "#A855F7", "#A855F7", "#A855F7"])
        XCTAssertEqual(heard.count, Self.expected.count, "every utterance decoded once: \(heard)")
        XCTAssertEqual(heard.last, "prossimo")
        XCTAssertEqual(hypotheses.last, "prossimo")
        XCTAssertEqual(rec.of("timer_started").count, 1)

        // Each reply's audio, recognised against a grammar of the expected replies.
        let replies = try AudioFileReader(path: wav).readAll()
        let bounds = (starts.values.map { $0 * 16_000 / sink.sampleRate }) + [replies.count]
        XCTAssertEqual(bounds.count, Self.acted + 1)
        let catalog = try CatalogLoader.parse(Self.replyCatalog, file: "replies.yaml")
        let replyCompiled = try CatalogCompiler(model: model).compile(catalog)
        let recognizer = try CatalogRecognizer(compiled: replyCompiled, model: model)
        let matcher = replyCompiled.matcher()
        var seed: UInt64 = 3
        var recognised: [String] = []
        for i in 0..<(bounds.count - 1) where bounds[i] < bounds[i + 1] {
            let pad = StudyScript.roomNoise(4_800, seed: &seed)
            let r = try recognizer.decode(pad + Array(replies[bounds[i]..<bounds[i + 1]]) + pad)
            recognised.append(matcher.match(r.text).command ?? "?(\(r.text))")
            if ProcessInfo.processInfo.environment["PARLO_DUMP"] != nil {
                let d = try WAVFileSink(path: StudyFixtures.directory + "/reply\(i).wav", sampleRate: 16_000)
                try d.write(Array(replies[bounds[i]..<bounds[i + 1]])); d.close()
                print("reply \(i): \(StudyFixtures.directory)/reply\(i).wav \(bounds[i + 1] - bounds[i]) samples")
            }
        }
        XCTAssertEqual(recognised, (0..<Self.acted).map { "r\($0)" })
    }
}

/// Sink positions at each command, collected from the session's actor.
final class Starts: @unchecked Sendable {
    private let lock = NSLock()
    private var _values: [Int] = []
    func add(_ v: Int) { lock.withLock { _values.append(v) } }
    var values: [Int] { lock.withLock { _values } }
}
