import Foundation
import ParloAudio
import ParloCapture
import ParloCatalog
import ParloCommands
import ParloCore
import ParloEcho
import ParloGrammar
import ParloListen
import ParloRecognizer
import ParloTesting
import XCTest

/// Live listening's second look at a rejected streamed result at other vocal-tract warps
/// (`CatalogRecognizer.reconsider`, `parlo listen --warps`), for voices far from the model's.
final class LiveWarpTests: XCTestCase {
    static let compiled: Result<CompiledCatalog, Error> = Result {
        try CatalogCompiler(model: AcousticModel.locate()).compile(CatalogLoader.load(folder: Repository.grammars), decoys: [.english, .italian])
    }

    /// eSpeak NG's en-us voice with every frequency scaled by 0.8 (its samples played a fifth
    /// slower), two commands in one stream with room noise between them, through the room
    /// pipeline `parlo listen` uses. Without warps fewer of them are heard right; with them both
    /// are, each at the 0.8 warp.
    func testALoweredVoiceIsHeardLiveAtItsWarp() throws {
        let texts = ["go faster", "start a twenty five minute timer"]
        var seed: UInt64 = 7
        var stream = Fixtures.roomNoise(16_000, seed: &seed)
        for text in texts {
            let url = try FreshSpeech.wav(text, voice: "en-us", rate: 150)
            defer { try? FileManager.default.removeItem(at: url) }
            // Taken at 12.8 kHz and played at 16 kHz: every frequency × 0.8.
            let lowered = try Resampler.resample(try AudioFileReader(path: url.path).readAll(), from: 12_800, to: 16_000)
            stream += lowered.map { Int16(clamping: Int($0) / 2) } + Fixtures.roomNoise(24_000, seed: &seed)
        }
        let unwarped = try Self.heard(stream, warps: [])
        let warped = try Self.heard(stream, warps: CatalogRecognizer.defaultWarps)
        XCTAssertEqual(warped.map(\.text), texts)
        XCTAssertEqual(warped.map { $0.evidence?.warp }, [0.8, 0.8])
        XCTAssertLessThan(zip(unwarped, texts).filter { $0.text == $1 }.count, texts.count,
                          "unwarped (if this fails, eSpeak's voice or the model changed): \(unwarped.map(\.text))")
    }

    /// The warped decodes restart the decoder; the stream's cepstral mean and its sums are put
    /// back afterwards, exactly, where a whole decode alone leaves them elsewhere. Only a
    /// rejected result gets them: an accepted one stands, even one a warp would beat (its score
    /// here is far below any real decode's).
    func testTheStreamsMeanIsPutBackAfterTheWarpedDecodes() throws {
        let recognizer = try CatalogRecognizer(compiled: Self.compiled.get(), model: AcousticModel.locate(), rejection: .live)
        recognizer.warps = CatalogRecognizer.defaultWarps
        let url = try FreshSpeech.wav("read this page", voice: "en-us", rate: 150)
        defer { try? FileManager.default.removeItem(at: url) }
        let speech = try AudioFileReader(path: url.path).readAll()
        try recognizer.primary.begin()
        try recognizer.primary.process(speech)
        _ = try recognizer.primary.end()
        let before = recognizer.primary.streamingMean()
        let unsure = Recognition(text: "", words: [], score: 0, audioSeconds: Double(speech.count) / 16_000, rejected: true)
        _ = try recognizer.reconsider(speech, streamed: unsure)
        XCTAssertEqual(recognizer.primary.streamingMean(), before)
        // An accepted result acts at once, however unsure: no second look.
        let accepted = Recognition(text: "read the page", words: [], score: -1_000_000, audioSeconds: unsure.audioSeconds, confidence: 0.6)
        XCTAssertEqual(try recognizer.reconsider(speech, streamed: accepted).text, "read the page")
        _ = try recognizer.primary.decode(speech, cepstralPriorSeconds: 0.625)
        XCTAssertNotEqual(recognizer.primary.streamingMean(), before, "a whole decode moves the mean (else this test proves nothing)")
    }

    /// A sentence that is no command gets its second look off the listening thread: the level
    /// meter goes on meanwhile and the pipeline says it is deciding; the look's result comes
    /// before the next utterance starts, which is then heard as usual.
    func testListeningGoesOnWhileARejectedUtteranceIsDecodedAgain() throws {
        var seed: UInt64 = 11
        var stream = Fixtures.roomNoise(16_000, seed: &seed)
        for text in ["yesterday we went to the museum with my grandmother", "go faster"] {
            let url = try FreshSpeech.wav(text, voice: "en-us", rate: 150)
            defer { try? FileManager.default.removeItem(at: url) }
            stream += try AudioFileReader(path: url.path).readAll().map { Int16(clamping: Int($0) / 2) }
                + Fixtures.roomNoise(48_000, seed: &seed)
        }
        let compiled = try Self.compiled.get()
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .live)
        recognizer.warps = CatalogRecognizer.defaultWarps
        let pipeline = try RoomListening.pipeline(recognizer: recognizer, interpreter: CommandInterpreter(matcher: compiled.matcher()),
                                                  options: RoomListening.options(), fileNoiseFloorDB: Recognizer.fileNoiseFloorDB)
        var events: [ListenEvent] = [], sawDeciding = false
        for i in stride(from: 0, to: stream.count, by: 1_600) {
            try pipeline.process(AudioChunk(samples: Array(stream[i..<min(stream.count, i + 1_600)]), start: i)) { events.append($0) }
            if case .speechEnd? = events.last(where: { if case .level = $0 { false } else { true } }), pipeline.phase == .deciding { sawDeciding = true }
        }
        try pipeline.finish { events.append($0) }
        let kinds = events.compactMap { event -> String? in
            switch event {
            case .speechStart: "start"
            case .speechEnd: "end"
            case .recognized: "recognized"
            case .command(_, let match, _): match.command
            case .rejected: "rejected"
            default: nil
            }
        }
        XCTAssertEqual(kinds, ["start", "end", "recognized", "rejected", "start", "end", "recognized", "faster"])
        XCTAssertTrue(sawDeciding, "the pipeline never said it was deciding while the second look ran")
        let firstEnd = try XCTUnwrap(events.firstIndex { if case .speechEnd = $0 { true } else { false } })
        let firstResult = try XCTUnwrap(events.firstIndex { if case .recognized = $0 { true } else { false } })
        XCTAssertGreaterThan(events[firstEnd..<firstResult].filter { if case .level = $0 { true } else { false } }.count, 0,
                             "no level between the sentence's end and its result: the second look held the meter")
    }

    /// The recognitions of `samples` streamed through the room pipeline with `warps`, and with
    /// the second look within the loudest speech that `loudestSpeech` finds (nil: none).
    static func heard(_ samples: [Int16], warps: [Double], loudestSpeech: (@Sendable ([Int16]) -> Range<Int>?)? = nil) throws -> [Recognition] {
        let compiled = try Self.compiled.get()
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .live)
        recognizer.warps = warps
        recognizer.loudestSpeech = loudestSpeech
        var options = RoomListening.options()
        options.emitLevels = false
        let pipeline = try RoomListening.pipeline(recognizer: recognizer, interpreter: CommandInterpreter(matcher: compiled.matcher()),
                                                  options: options, fileNoiseFloorDB: Recognizer.fileNoiseFloorDB)
        var recognitions: [Recognition] = []
        for i in stride(from: 0, to: samples.count, by: 1_600) {
            try pipeline.process(AudioChunk(samples: Array(samples[i..<min(samples.count, i + 1_600)]), start: i)) {
                if case .recognized(_, let r, _) = $0 { recognitions.append(r) }
            }
        }
        try pipeline.finish { if case .recognized(_, let r, _) = $0 { recognitions.append(r) } }
        return recognitions
    }
}
