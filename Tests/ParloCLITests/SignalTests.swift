import Foundation
import ParloAudio
import ParloCore
import XCTest
import ParloTesting

/// SIGINT and SIGTERM in the middle of `parlo batch` and `parlo listen`: every result finished
/// before the signal is kept, and every line written is whole, valid JSON.
final class SignalTests: ScratchFolderTestCase {
    static let commands = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/commands").path
    static let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path

    private func validLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { try ParloProcess.object(String($0)) }
    }

    func testBatchKeepsEveryFinishedResultOnSignal() throws {
        for (signal, name) in [(SIGTERM, "term.jsonl"), (SIGINT, "int.jsonl")] {
            let out = path(name)
            let (_, _) = try ParloProcess.interrupt(["batch", "--jobs", "1", "--out", out, "--grammar", Self.grammar, Self.commands],
                                                    after: 1.5, signal: signal,
                                                    ready: { ((try? String(contentsOfFile: out, encoding: .utf8)) ?? "").contains(#""type":"result""#) })
            let lines = try validLines(try String(contentsOfFile: out, encoding: .utf8))
            // The run's line first, then results; the closing summary only when the run ends.
            XCTAssertEqual(lines.first?["type"] as? String, "batch_run", name)
            let results = lines.dropFirst()
            XCTAssertGreaterThan(results.count, 0, "\(name): results finished before the signal are kept")
            XCTAssertLessThan(results.count, 352, "\(name): the signal came before the end (make the batch longer)")
            XCTAssertTrue(results.allSatisfy { $0["file"] is String && $0["type"] as? String == "result" }, name)

            // --resume after the signal decodes only what is missing.
            let resumed = try ParloProcess.run(["batch", "--jobs", "2", "--out", out, "--resume", "--grammar", Self.grammar,
                                                Self.commands + "/en-next-00-clean.flac", Self.commands + "/it-next-00-clean.flac"])
            XCTAssertEqual(resumed.status, 0, resumed.stderr)
        }
    }

    func testListenEndsCleanlyOnSignalWithWholeEvents() throws {
        // 20 s of room noise played at real time: listening is under way when the signal comes.
        var seed: UInt64 = 4
        let wav = path("room.wav")
        let writer = try SoundFileWriter(path: wav, sampleRate: 16_000)
        try writer.write(RoomNoise.samples(16_000 * 20, seed: &seed))
        writer.close()
        for signal in [SIGINT, SIGTERM] {
            let started = Date()
            let (out, reason) = try ParloProcess.interrupt(["listen", "--input", wav, "--json", "--grammar", Self.grammar],
                                                           after: 4, signal: signal)
            XCTAssertEqual(reason, .exit, "signal \(signal): listening stops cleanly, not by dying")
            XCTAssertEqual(out.status, 0, out.stderr)
            XCTAssertLessThan(Date().timeIntervalSince(started), 15, "it stopped at the signal, not at the end of the file")
            XCTAssertGreaterThan(try validLines(out.stdout).count, 10, "level events were printed, each whole")
        }
    }
}
