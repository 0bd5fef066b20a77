import Foundation
import ParloALSA
import ParloCapture
import ParloCore
import ParloEcho
import ParloEndpointer
import ParloGrammar
import ParloListen
import ParloRecognizer
import XCTest
import ParloCommands

final class ListenPipelineTests: XCTestCase {
    func run(_ pipeline: ListenPipeline, _ source: CaptureSource) async throws -> [ListenEvent] {
        var events: [ListenEvent] = []
        try await pipeline.run(source.start()) { events.append($0) }
        return events
    }

    func assertUtterances(_ events: [ListenEvent], _ stream: Fixtures.Stream, file: StaticString = #filePath, line: UInt = #line) {
        let recognized = events.compactMap { e -> (Double, String, Int)? in
            if case .recognized(let t, let r, let ms) = e { return (t, r.text, ms) } else { return nil }
        }
        XCTAssertEqual(recognized.map(\.1), Fixtures.utterances.map(\.text), file: file, line: line)
        let starts = events.filter { $0.type == "speech_start" }.map(\.t)
        let ends = events.filter { $0.type == "speech_end" }.map(\.t)
        XCTAssertEqual(starts.count, 3, file: file, line: line)
        XCTAssertEqual(ends.count, 3, file: file, line: line)
        for (i, r) in recognized.enumerated() where i < stream.ends.count {
            // Decided after the audio of the utterance ended, within hangover + slack.
            XCTAssertGreaterThan(r.0, stream.ends[i] - 0.6, file: file, line: line)
            XCTAssertLessThan(r.0, stream.ends[i] + 0.5, file: file, line: line)
            XCTAssertLessThan(r.2, 1000, file: file, line: line)
        }
        // Stream order: t never goes back.
        for (a, b) in zip(events, events.dropFirst()) { XCTAssertLessThanOrEqual(a.t, b.t + 1e-9, file: file, line: line) }
        XCTAssertFalse(events.filter { $0.type == "partial" }.isEmpty, file: file, line: line)
    }

    /// The proof of the live path: a real libasound PCM (file plugin) → capture thread →
    /// meter → endpointer → PocketSphinx.
    func testUtterancesThroughARealALSADevice() async throws {
        let stream = Fixtures.stream
        var options = ALSACaptureSource.Options(device: "fixture_mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "fixture_mic", rawFile: stream.rawPath))
        options.maxSeconds = stream.duration
        let source = try ALSACaptureSource(options: options)
        let pipeline = ListenPipeline(recognizer: try Fixtures.cardsRecognizer())
        let events = try await run(pipeline, source)
        assertUtterances(events, stream)
        let levels = events.filter { $0.type == "level" }
        XCTAssertEqual(levels.count, Int(stream.duration * 50))
    }

    func testFileInputGoesThroughTheSamePipelineWithAnInterpreter() async throws {
        let stream = Fixtures.stream
        let source = try FileCaptureSource(path: stream.rawPath, fast: true, raw: .init(sampleRate: 16_000))
        let interpreter = ClosureInterpreter { r in
            r.text.hasSuffix("clubs")
                ? MatchResult(text: r.text, command: "card", slots: ["card": .text(r.text)], language: .english,
                              confidence: 0.9, rejected: false)
                : .rejection(r.text, reason: "not a club")
        }
        var options = ListenPipeline.Options()
        options.emitLevels = false
        let pipeline = ListenPipeline(recognizer: try Fixtures.cardsRecognizer(), interpreter: interpreter, options: options)
        let events = try await run(pipeline, source)
        assertUtterances(events, stream)
        XCTAssertTrue(events.allSatisfy { $0.type != "level" })
        let commands = events.compactMap { e -> String? in if case .command(_, let m, _) = e { m.slots["card"]?.stringValue } else { nil } }
        XCTAssertEqual(commands, ["ten of clubs", "seven of clubs"])
        let rejected = events.compactMap { e -> String? in if case .rejected(_, let text, _, _) = e { text } else { nil } }
        XCTAssertEqual(rejected, ["five five"])
        let json = try events.map { try JSONLinesEncoder().line($0) }
        XCTAssertTrue(json.contains { $0.contains(#""type":"command""#) && $0.contains(#""command":"card""#) && $0.contains("latency_s") })
    }

    func testPushToTalkMakesOneUtteranceBetweenPresses() throws {
        let stream = Fixtures.stream
        let all = try stream.samples()
        let pipeline = ListenPipeline(recognizer: try Fixtures.cardsRecognizer(), mode: .pushToTalk)
        var events: [ListenEvent] = []
        // Press at 0.5 s, release 0.5 s after the first utterance's audio ends.
        let press = 8000, release = Int((stream.ends[0] + 0.5) * 16_000)
        var i = 0
        while i < Int((stream.ends[1] - 0.3) * 16_000) {
            if i >= press && i < release { pipeline.pushToTalk.set(true) } else { pipeline.pushToTalk.set(false) }
            try pipeline.process(AudioChunk(samples: Array(all[i..<(i + 320)]), start: i)) { events.append($0) }
            i += 320
        }
        try pipeline.finish { events.append($0) }
        let kinds = events.filter { $0.type != "level" && $0.type != "partial" }.map(\.type)
        XCTAssertEqual(kinds, ["speech_start", "speech_end", "recognized"], "\(events.filter { $0.type != "level" })")
        XCTAssertEqual(events.first { $0.type == "speech_start" }?.t ?? 0, 0.5, accuracy: 0.021)
        let texts = events.compactMap { e -> String? in if case .recognized(_, let r, _) = e { r.text } else { nil } }
        XCTAssertEqual(texts, ["ten of clubs"])
        XCTAssertEqual(events.first { $0.type == "speech_end" }?.t ?? 0, Double(release) / 16_000, accuracy: 0.021)
    }

    /// `samples` through room listening on the cards recognizer, in 20 ms chunks: its events.
    private func roomEvents(_ samples: [Int16], preRoll: Double = RoomEndpointing.preRoll, dereverb: Bool = true) throws -> [ListenEvent] {
        var options = RoomListening.options()
        options.emitLevels = false
        options.endpointer.preRoll = preRoll
        let pipeline = try RoomListening.pipeline(recognizer: try Fixtures.cardsRecognizer(), interpreter: nil,
                                                  options: options, fileNoiseFloorDB: -55, dereverb: dereverb)
        var events: [ListenEvent] = []
        for i in stride(from: 0, to: samples.count, by: 320) {
            try pipeline.process(AudioChunk(samples: Array(samples[i..<min(samples.count, i + 320)]), start: i)) { events.append($0) }
        }
        try pipeline.finish { events.append($0) }
        return events
    }

    private func recognitions(_ events: [ListenEvent]) -> [Recognition] {
        events.compactMap { if case .recognized(_, let r, _) = $0 { r } else { nil } }
    }

    /// Room listening feeds the decoder `RoomEndpointing.preRoll` (0.1 s) of the room before the
    /// detected onset, as batch decodes a file from 0.1 s before its words, not the energy
    /// endpointer's 0.3 s: each utterance is decoded from 0.2 s later, ending where it ended, and
    /// is still heard right.
    func testRoomListeningHearsATenthOfASecondBeforeTheOnset() throws {
        let all = try Fixtures.stream.samples()
        func decoded(preRoll: Double) throws -> [Recognition] { recognitions(try roomEvents(all, preRoll: preRoll)) }
        XCTAssertEqual(RoomListening.options().endpointer.preRoll, RoomEndpointing.preRoll)
        let room = try decoded(preRoll: RoomEndpointing.preRoll), old = try decoded(preRoll: 0.3)
        XCTAssertEqual(room.map(\.text), Fixtures.utterances.map(\.text))
        XCTAssertEqual(old.count, room.count)
        for (a, b) in zip(old, room) { XCTAssertEqual(a.audioSeconds - b.audioSeconds, 0.3 - RoomEndpointing.preRoll, accuracy: 0.021) }
    }

    /// Room listening's decoder hears the stream with the room's reverberation taken out
    /// (`StreamingDereverberator`, 48 ms behind the endpointer): each utterance still reaches the
    /// decoder whole, to where the endpointer ended it (what the stage still held comes from its
    /// provisional tail), and the cards recordings, which have little room in them, are heard
    /// the same.
    func testRoomListeningDecodesWholeUtterancesThroughTheLaggingDereverberator() throws {
        let all = try Fixtures.stream.samples()
        let with = recognitions(try roomEvents(all)), without = recognitions(try roomEvents(all, dereverb: false))
        XCTAssertEqual(with.map(\.text), Fixtures.utterances.map(\.text))
        XCTAssertEqual(without.map(\.text), with.map(\.text))
        for (a, b) in zip(with, without) { XCTAssertEqual(a.audioSeconds, b.audioSeconds, accuracy: 0.001, "the same span of audio") }
    }

    /// A stream decoded utterance by utterance (`FinalPass.batch`, as `parlo batch` decodes a long
    /// file) normalises each utterance towards the ones before it (`streamCepstralPriorSeconds`):
    /// the first is decoded as a file on its own is, the later ones against the mean the stream
    /// has learned, so with other scores; the cards are still heard right.
    func testWholeDecodesInAStreamLearnItsCepstralMean() throws {
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(folder: Fixtures.cardsCatalog)
        let all = try Fixtures.stream.samples()
        func decoded(prior: Double?) throws -> [Recognition] {
            var options = ListenPipeline.Options()
            options.emitLevels = false
            options.finalPass = .batch
            options.streamCepstralPriorSeconds = prior
            let pipeline = ListenPipeline(recognizer: try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate()), options: options)
            var events: [ListenEvent] = []
            for i in stride(from: 0, to: all.count, by: 1_600) {
                try pipeline.process(AudioChunk(samples: Array(all[i..<min(all.count, i + 1_600)]), start: i)) { events.append($0) }
            }
            try pipeline.finish { events.append($0) }
            return recognitions(events)
        }
        let alone = try decoded(prior: nil), learned = try decoded(prior: 2)
        XCTAssertEqual(alone.map(\.text), Fixtures.utterances.map(\.text))
        XCTAssertEqual(learned.map(\.text), Fixtures.utterances.map(\.text))
        guard alone.count == 3, learned.count == 3 else { return }
        XCTAssertEqual(learned[0].score, alone[0].score, "nothing heard before the first utterance")
        XCTAssertNotEqual(learned[1].score, alone[1].score, "the second is normalised towards the first")
        XCTAssertNotEqual(learned[2].score, alone[2].score)
    }

    /// Each `speech_end` says how far its utterance stood above the room, measured on the input
    /// before noise suppression: the cards recordings (about 30 dB over the fixture's room), then
    /// the same stream with a room 20 dB louder running under the words too.
    func testEachUtteranceSaysHowFarItStoodAboveTheRoom() throws {
        let quiet = try Fixtures.stream.samples()
        var seed: UInt64 = 5
        let louder = zip(quiet, Fixtures.roomNoise(quiet.count, seed: &seed)).map { Int16(clamping: Int($0) + 9 * Int($1)) }
        func ratios(_ all: [Int16]) throws -> [Double?] {
            try roomEvents(all).compactMap { if case .speechEnd(_, let snr) = $0 { Optional(snr) } else { nil } }
        }
        let inQuiet = try ratios(quiet).map { try XCTUnwrap($0) }, inNoise = try ratios(louder).map { try XCTUnwrap($0) }
        XCTAssertEqual(inQuiet.count, Fixtures.utterances.count)
        XCTAssertEqual(inNoise.count, Fixtures.utterances.count)
        for (q, n) in zip(inQuiet, inNoise) {
            XCTAssertGreaterThan(q, 25, "\(inQuiet)")
            XCTAssertEqual(q - n, 20, accuracy: 4, "\(inQuiet) \(inNoise)")
        }
    }
}
