import Foundation
import ParloAudio
import ParloRecognizer
import XCTest
import ParloTesting

/// A speaker who pauses inside a command is not cut in two: while the words heard so far begin a
/// command without being a whole one, a pause must last `--unfinished-hangover-ms` (600), not the
/// usual 250 ms, to end the utterance. Real human speech: alsa-utils' channel announcements,
/// each two words with a pause of about 0.3 s between them ("front … left").
final class PauseInsideCommandTests: ScratchFolderTestCase {
    static let announcements = [("Front_Left", "front", "left"), ("Rear_Right", "rear", "right"), ("Side_Left", "side", "left")]

    /// The three announcements, 1.5 s apart, as one 16 kHz WAV (followed by `silence` seconds),
    /// and a catalog of the channels.
    private func session(silence: Int = 0) throws -> (stream: String, catalog: String) {
        var samples = [Int16](repeating: 0, count: 16_000)
        for (file, _, _) in Self.announcements {
            samples += try AudioFileReader(path: "/usr/share/sounds/alsa/\(file).wav").readAll()
            samples += [Int16](repeating: 0, count: 24_000)
        }
        samples += [Int16](repeating: 0, count: silence * 16_000)
        let writer = try SoundFileWriter(path: path("channels.wav"), sampleRate: 16_000)
        try writer.write(samples)
        writer.close()
        try FileManager.default.createDirectory(atPath: path("catalog"), withIntermediateDirectories: true)
        try """
        slots:
          side:
            values: [front, rear, side]
          place:
            values: [left, right, center]
        commands:
          channel:
            en:
              - "{side} {place}"
        """.write(toFile: path("catalog/channels.yaml"), atomically: true, encoding: .utf8)
        return (path("channels.wav"), path("catalog"))
    }

    private func listen(_ extra: [String]) throws -> [[String: Any]] {
        let (stream, catalog) = try session()
        let out = try ParloProcess.run(["listen", "--input", stream, "--fast", "--no-levels", "--json", "--grammar", catalog] + extra)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try out.lines.map(ParloProcess.object)
    }

    func testAPauseInsideACommandDoesNotEndIt() throws {
        let events = try listen([])
        let commands = events.filter { $0["type"] as? String == "command" }
        XCTAssertEqual(commands.map { ($0["slots"] as? [String: Any])?["side"] as? String }, Self.announcements.map(\.1), "\(commands)")
        XCTAssertEqual(commands.map { ($0["slots"] as? [String: Any])?["place"] as? String }, Self.announcements.map(\.2))
        XCTAssertEqual(events.filter { $0["type"] as? String == "speech_start" }.count, 3, "one utterance per announcement")
    }

    func testWithTheUsualHangoverAlwaysThePauseSplitsTheCommand() throws {
        let events = try listen(["--unfinished-hangover-ms", "0"])
        XCTAssertGreaterThan(events.filter { $0["type"] as? String == "speech_start" }.count, 3, "the pauses cut utterances in two")
        XCTAssertLessThan(events.filter { $0["type"] as? String == "command" }.count, 3)
    }

    /// `parlo batch` cuts a long recording as live listening cuts a stream, the wait for the rest
    /// of a command included: the same announcements, made a long file (over 30 s) by silence
    /// after them, come back whole. (Before session 32 each came back cut in two, "front right"
    /// and a stray "seven ten" in recorded speech.) Each is listed with the command it names and
    /// when it was said, in a result the event schema accepts.
    func testALongRecordingInBatchIsNotCutInsideACommand() throws {
        let (stream, catalog) = try session(silence: 24)
        let out = try ParloProcess.run(["batch", "--json", "--grammar", catalog, stream])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(try EventSchemaTests.check(out.stdout)["result"], 1)
        let result = try XCTUnwrap(try out.lines.map(ParloProcess.object).first { $0["file"] != nil })
        XCTAssertGreaterThan(result["audio_s"] as? Double ?? 0, 30, "a long file")
        XCTAssertEqual(result["text"] as? String, Self.announcements.map { "\($0.1) \($0.2)" }.joined(separator: " "))
        let utterances = try XCTUnwrap(result["utterances"] as? [[String: Any]])
        XCTAssertEqual(utterances.map { $0["command"] as? String }, ["channel", "channel", "channel"])
        XCTAssertEqual(utterances.map { ($0["slots"] as? [String: Any])?["side"] as? String }, Self.announcements.map(\.1))
        XCTAssertEqual(utterances.map { ($0["slots"] as? [String: Any])?["place"] as? String }, Self.announcements.map(\.2))
        let starts = utterances.compactMap { $0["start"] as? Double }
        // The announcements begin 1 s in and follow each other about 1.5 s after each ends.
        XCTAssertEqual(starts.count, 3)
        XCTAssertEqual(starts.first ?? 0, 1, accuracy: 0.3, "\(starts)")
        XCTAssertEqual(starts, starts.sorted())
        XCTAssertTrue(utterances.allSatisfy { ($0["end"] as? Double ?? 0) > ($0["start"] as? Double ?? 0) })
        // Each with the evidence its confidence was computed from, on the long-file calibration.
        for u in utterances {
            let data = try JSONSerialization.data(withJSONObject: try XCTUnwrap(u["evidence"], "\(u)"))
            let evidence = try JSONDecoder().decode(RejectionEvidence.self, from: data)
            let confidence = try XCTUnwrap(u["confidence"] as? Double)
            XCTAssertEqual(confidence, ConfidenceModel.longFile.probability(evidence), accuracy: 1e-9, "\(u)")
            XCTAssertNotEqual(confidence, ConfidenceModel.live.probability(evidence), accuracy: 1e-6)
        }
    }
}
