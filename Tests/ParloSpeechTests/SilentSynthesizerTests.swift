import XCTest
@testable import ParloSpeech

/// The queue on timed silence: the same events, in the same order, as with eSpeak NG.
final class SilentSynthesizerTests: XCTestCase {
    func testWordsSentencesAndTheEndArriveAsTheClockMoves() async throws {
        let sink = MemorySink()
        let queue = SpeechQueue(sink: sink, synthesizer: SilentSynthesizer(secondsPerWord: 0.1), eventBuffer: 0)
        let log = EventLog()
        await queue.observe { log.add($0) }
        let text = "One two three. Four five."
        let id = await queue.enqueue(text)
        for _ in 0..<20 { sink.advance(seconds: 0.05); await queue.tick() }
        XCTAssertEqual(log.names.filter { $0 != "word" }, ["started", "sentence", "sentence", "finished"])
        XCTAssertEqual(log.events.compactMap { if case .word(_, _, let r, _) = $0 { return String(text[r]) } else { return nil } },
                       ["One", "two", "three.", "Four", "five."])
        XCTAssertEqual(sink.played.count, 5 * 2_205, "one 0.1 s slot per word")
        XCTAssertEqual(log.events.last?.label, "finished \(id)")
    }
}
