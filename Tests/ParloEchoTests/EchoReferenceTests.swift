import ParloAudio
import ParloCore
import ParloSpeech
import XCTest
@testable import ParloEcho

/// The played-audio timeline: placement by stream time, silence where nothing played, flushes.
final class EchoReferenceTests: XCTestCase {
    func testGapsReadAsSilenceAndDiscardDropsWhatWasNotHeard() {
        let r = EchoReference(timing: .stream, seconds: 1)
        r.write([1, 2, 3], at: 5)
        XCTAssertEqual(r.read(from: 3, count: 7), [0, 0, 1, 2, 3, 0, 0])
        r.write([9, 9], at: 10)
        XCTAssertEqual(r.read(from: 7, count: 5), [3, 0, 0, 9, 9])
        r.discard(from: 6)
        XCTAssertEqual(r.read(from: 4, count: 8), [0, 1, 0, 0, 0, 0, 0, 0])
        XCTAssertEqual(r.end, 6)
        // Older than the capacity (1 s) reads as silence, not as stale ring contents.
        r.write([7], at: 5 + 16_000)
        XCTAssertEqual(r.read(from: 5, count: 1), [0])
        XCTAssertEqual(r.read(from: 5 + 16_000, count: 1), [7])
    }

    func testStreamTimingFollowsTheCaptureSideOnly() {
        let r = EchoReference(timing: .stream)
        XCTAssertEqual(r.now, 0)
        r.noteCaptured(through: 640)
        r.noteCaptured(through: 320)   // never backwards
        XCTAssertEqual(r.now, 640)
        XCTAssertEqual(r.capturedThrough, 640)
        // Played before capture began (index < 0): only what overlaps the stream is kept.
        r.write([5, 6, 7], at: -2)
        XCTAssertEqual(r.read(from: -2, count: 4), [0, 0, 7, 0])
    }

    func testWallClockTimingExtrapolatesFromTheLastCapturedChunk() {
        let r = EchoReference(timing: .wallClock)
        // The listener took the chunk ending at 1 s half a second ago: the device is at ~1.5 s.
        r.noteCaptured(through: 16_000, at: ContinuousClock.now - .milliseconds(500))
        XCTAssertEqual(Double(r.now), 24_000, accuracy: 800)
        XCTAssertEqual(r.capturedThrough, 16_000)
        // A busy listener takes the next chunk late: its note must not pull the estimate back.
        r.noteCaptured(through: 16_320)
        XCTAssertEqual(Double(r.now), 24_000, accuracy: 800)
        XCTAssertEqual(r.capturedThrough, 16_320)
    }

    func testSinkPlacesARunAtTheCapturePositionAndFlushDropsTheUnheardPart() throws {
        let memory = MemorySink()
        let r = EchoReference(timing: .stream)
        let sink = try EchoReferenceSink(memory, reference: r)
        r.noteCaptured(through: 16_000)   // capture is 1 s in when Parlo starts speaking
        let tone = (0..<22_050).map { Int16(8000 * sin(Double($0) * 2 * .pi * 440 / 22_050)) }
        try sink.write(Array(tone[..<11_025]))
        try sink.write(Array(tone[11_025...]))
        XCTAssertEqual(r.read(from: 15_000, count: 1000).filter { $0 != 0 }.count, 0, "nothing before the run")
        XCTAssertGreaterThan(r.read(from: 16_000, count: 8000).filter { abs($0) > 1000 }.count, 4000)
        XCTAssertGreaterThan(r.end, 16_000 + 15_000, "both writes follow each other")
        // The device has played a quarter second when the queue flushes.
        memory.advance(frames: 5513)
        try sink.flush()
        XCTAssertEqual(r.end, 16_000 + 4000, "what was not heard leaves the reference")
        XCTAssertEqual(memory.writtenFrames, memory.playedFrames)
        // The next utterance starts from silence at the capture position of that moment.
        r.noteCaptured(through: 40_000)
        try sink.write(Array(tone[..<2205]))
        XCTAssertEqual(r.read(from: 20_000, count: 20_000).filter { $0 != 0 }.count, 0)
        XCTAssertGreaterThan(r.read(from: 40_000, count: 1600).filter { abs($0) > 1000 }.count, 500)
    }
}
