import Foundation
import ParloALSA
import ParloAudio
import ParloCapture
import ParloCatalog
import ParloCore
import ParloESpeak
import ParloListen
import ParloRecognizer
import ParloSpeech
import ParloTesting
import XCTest
@testable import ParloStudy

/// While Parlo reads, the microphone hears Parlo: only a reading control said by the student
/// may act, never Parlo's own words.
final class StudyBargeInTests: XCTestCase {
    /// 16 kHz samples of `text` spoken with `voice`, by a fresh `espeak-ng` process: the same
    /// audio in every run, whatever the suite synthesised before (`FreshSpeech`).
    static func speech16k(_ text: String, voice: ESpeakVoice) throws -> [Int16] {
        precondition(voice.range == 50, "espeak-ng has no option for the pitch range")
        let wav = try FreshSpeech.wav(text, voice: voice.identifier, rate: voice.rate, pitch: voice.pitch, volume: voice.volume)
        defer { try? FileManager.default.removeItem(at: wav) }
        return try AudioFileReader(path: wav.path).readAll()
    }

    /// The microphone of `testOwnVoiceIsIgnoredAndAStudentStopActsAtOnce`, made by
    /// `microphone(reading:)` (`PARLO_REGENERATE=FILE.wav` writes it again, to be converted).
    static let recording = "audio-fixtures/session/bargein-mic.flac"

    /// Parlo reading `text` in Eva's voice at a third of its level, then "stop" in a pause.
    static func microphone(reading text: String) throws -> [Int16] {
        let eva = CharacterCatalog.defaults.characters[1].voice(for: .en)
        var seed: UInt64 = 11
        let reading = try Synthesizer().synthesize(text, voice: eva)   // Parlo's own voice, as Parlo speaks
        let own = try Resampler.resample(reading.samples, from: reading.sampleRate, to: 16_000).map { $0 / 3 }
        let stop = try speech16k("stop", voice: StudyScript.voices[.en]!)
        var mic = StudyScript.roomNoise(16_000, seed: &seed)
        mic += own.map { $0 &+ StudyScript.roomNoise(1, seed: &seed)[0] }
        mic += StudyScript.roomNoise(8_000, seed: &seed) + stop + StudyScript.roomNoise(16_000, seed: &seed)
        return mic
    }

    func testOwnVoiceIsIgnoredAndAStudentStopActsAtOnce() async throws {
        let sink = MemorySink()   // Parlo keeps "speaking" until the test moves the clock
        let (session, rec, _) = try await StudyFixtures.session(sink: sink)
        await session.handle(text: "open math")
        for _ in 0..<200 where session.gate.speaking { sink.advance(seconds: 0.1); await session.queue.tick(); try await Task.sleep(for: .milliseconds(1)) }
        await session.handle(text: "read the page")
        XCTAssertTrue(session.gate.speaking)

        // What the microphone hears: Parlo reading (quieter, from the speakers), then the student's
        // "stop" in a pause of the reading. Recorded once (`Self.microphone`): eSpeak NG does not
        // synthesise the same text to the same samples twice in one process, and a "stop" made
        // afresh after the rest of the suite was once missed in a full run (docs/listening.md).
        let material = try XCTUnwrap(session.library.subjects["math"]?.materials.first)
        if let path = ProcessInfo.processInfo.environment["PARLO_REGENERATE"] {     // a WAV: sox it to FLAC
            let sink = try WAVFileSink(path: path, sampleRate: 16_000)
            try sink.write(try Self.microphone(reading: material.sentenceTexts.prefix(4).joined(separator: " ")))
            sink.close()
        }
        let mic = try AudioFileReader(path: StudyFixtures.repo.appendingPathComponent(Self.recording).path).readAll()
        let raw = StudyFixtures.directory + "/bargein.raw"
        try mic.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))
        var options = ALSACaptureSource.Options(device: "bargein_mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "bargein_mic", rawFile: raw))
        options.maxSeconds = Double(mic.count) / 16_000

        let listener = try StudyFixtures.listener(session)
        rec.clear()
        var heard: [String] = []
        try await listener.run(try ALSACaptureSource(options: options).start()) {
            switch $0 {
            case .rejected(_, let text, let reason, _): heard.append("rejected \(text): \(reason)")
            case .command(_, let m, _): heard.append("command \(m.command ?? ""): \(m.text)")
            case .recognized(let t, let r, _): heard.append("recognized \(r.text) t=\(t) score=\(r.score)")
            case .speechStart(let t): heard.append("start \(t)")
            default: break
            }
        }
        XCTAssertEqual(rec.of("command").map { $0.string("command") }, ["stop"], "heard: \(heard)")
        XCTAssertEqual(rec.of("command").first?["while_speaking"], .bool(true))
        let stopped = await rec.wait(for: "reading_stopped")
        XCTAssertNotNil(stopped)
    }
}
