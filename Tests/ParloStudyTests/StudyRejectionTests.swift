import Foundation
import ParloAudio
import ParloCapture
import ParloListen
import ParloRecognizer
import ParloSpeech
import XCTest
@testable import ParloStudy

/// While Parlo is silent the full catalog listens with `Rejection.live`: a student talking to
/// someone else fires nothing. Before, that pipeline had no acoustic rejection and two of these
/// four sentences fired a command here ("previous", "show_mind_map"); played through
/// `parlo study --input` with pink noise between them, all four did.
final class StudyRejectionTests: XCTestCase {
    func testSentencesThatAreNoCommandFireNothing() async throws {
        let folder = StudyFixtures.repo.appendingPathComponent("audio-fixtures/commands")
        var seed: UInt64 = 9
        var audio = StudyScript.roomNoise(8_000, seed: &seed)
        for name in ["it-oog-14-clean", "en-oog-10-clean", "it-oog-03-clean", "en-oog-02-clean", "en-next-00-clean"] {
            audio += try AudioFileReader(path: folder.appendingPathComponent(name + ".flac").path).readAll()
            audio += StudyScript.roomNoise(16_000, seed: &seed)
        }
        let raw = StudyFixtures.directory + "/rejection.raw"
        try audio.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: raw))

        let sink = try WAVFileSink(path: StudyFixtures.directory + "/rejection-replies.wav")
        let (session, rec, _) = try await StudyFixtures.session(sink: sink)
        let listener = try StudyFixtures.listener(session, hangover: nil)
        var rejected = 0
        try await listener.run(try FileCaptureSource(path: raw, fast: true, raw: .init(sampleRate: 16_000)).start()) { event in
            if case .rejected = event { rejected += 1 }
        }
        await session.waitUntilQuiet()
        sink.close()

        XCTAssertEqual(rec.of("command").map { $0.string("command") }, ["next"])
        XCTAssertEqual(rejected, 4)
    }
}
