import Foundation
import ParloAudio
import ParloCapture
import ParloListen
import ParloRecognizer
import ParloSpeech
import XCTest
@testable import ParloStudy

/// A recording played faster than real time (`parlo study --input FILE --fast`) keeps time by its
/// own audio: a one-minute focus timer set in it ends after a minute of the recording.
final class StudyStreamClockTests: XCTestCase {
    func testATimerSetInAFastRecordingEndsOnTheRecordingsTime() async throws {
        var seed: UInt64 = 5
        let command = try StudyBargeInTests.speech16k("start a one minute timer", voice: StudyScript.voices[.en]!)
        let audio = StudyScript.roomNoise(8_000, seed: &seed) + command + StudyScript.roomNoise(16_000 * 62, seed: &seed)
        let raw = StudyFixtures.directory + "/timer.raw"
        try audio.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))

        let clock = ManualStudyClock()
        let sink = try WAVFileSink(path: StudyFixtures.directory + "/timer-replies.wav")
        let (session, rec, _) = try await StudyFixtures.session(sink: sink, clock: clock)
        // This test is about the stream's clock; asking back is StudyAskBackTests'.
        await session.setAskBackThreshold(0)
        let listener = try StudyFixtures.listener(session, recording: true)
        listener.streamClock = clock

        let started = Date()
        try await listener.run(try FileCaptureSource(path: raw, fast: true, raw: .init(sampleRate: 16_000)).start())
        await session.waitUntilQuiet()
        sink.close()

        XCTAssertEqual(rec.of("command").map { $0.string("command") }, ["set_timer"],
                       "every event: \(rec.events.map { "\($0)" })")
        let ended = rec.of("timer_ended")
        XCTAssertEqual(ended.count, 1)
        XCTAssertEqual(ended.first?["minutes"], .int(1))
        XCTAssertEqual(clock.now(), Double(audio.count) / 16_000, accuracy: 0.05)   // the recording's time, all of it
        XCTAssertLessThan(Date().timeIntervalSince(started), 40)                   // not a minute of wall clock
    }
}
