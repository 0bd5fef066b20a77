import Foundation
import ParloAudio
import ParloCapture
import ParloListen
import ParloRecognizer
import ParloSpeech
import XCTest
@testable import ParloStudy

/// Push-to-talk (`parlo study --serve --push-to-talk`): the decoders hear the audio only while
/// the talk button is held, and releasing it ends the utterance.
final class PushToTalkTests: XCTestCase {
    func testTheGateSilencesAChunkUnlessHeld() {
        let talk = PushToTalk()
        let chunk = AudioChunk(samples: [100, -200, 300], start: 16_000)
        XCTAssertEqual(talk.gate(chunk), AudioChunk(samples: [0, 0, 0], start: 16_000), "same length and place, silent")
        talk.set(held: true)
        XCTAssertEqual(talk.gate(chunk), chunk)
        talk.set(held: false)
        XCTAssertFalse(talk.isHeld)
    }

    /// The demo recording with the button held from 0.5 s to 2.6 s, around "open math" (spoken
    /// at about 1.0–1.9 s) and released before "show me the mind map" (3.0 s): that command
    /// alone reaches the session, though all seven are in the audio.
    func testOnlyWhatIsSaidWhileHeldIsHeard() async throws {
        let audio = try AudioFileReader(path: StudyFixtures.sessionAudio).readAll()
        let (session, rec, _) = try await StudyFixtures.session(sink: SilentSink())
        let listener = try StudyFixtures.listener(session, recording: true)
        let talk = PushToTalk()
        listener.pushToTalk = talk
        try await listener.run(HeldChunks(samples: audio, talk: talk, held: 0.5..<2.6))
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("command").map { $0.string("command") ?? "" }, ["open_subject"])
    }
}

/// 100 ms chunks of `samples`, the talk button held while a chunk starts inside `held` seconds.
struct HeldChunks: AsyncSequence {
    typealias Element = AudioChunk
    let samples: [Int16]
    let talk: PushToTalk
    let held: Range<Double>

    struct AsyncIterator: AsyncIteratorProtocol {
        let chunks: HeldChunks
        var offset = 0
        mutating func next() async -> AudioChunk? {
            guard offset < chunks.samples.count else { return nil }
            let end = Swift.min(offset + 1600, chunks.samples.count)
            chunks.talk.set(held: chunks.held.contains(Double(offset) / 16_000))
            defer { offset = end }
            return AudioChunk(samples: Array(chunks.samples[offset..<end]), start: offset)
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: self) }
}
