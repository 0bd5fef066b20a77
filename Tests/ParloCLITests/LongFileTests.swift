import Foundation
import ParloAudio
import ParloCore
import XCTest
import ParloTesting

/// Files longer than the whole-utterance limit (30 s) are cut as live listening cuts a stream:
/// silence and steady noise are no command, and a command after a long silence comes alone.
final class LongFileTests: XCTestCase {
    private func write(_ samples: [Int16], _ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-long-\(getpid())-\(name).wav").path
        let writer = try SoundFileWriter(path: path, sampleRate: 16_000)
        try writer.write(samples)
        writer.close()
        return path
    }

    private func batch(_ path: String) throws -> [String: Any] {
        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        let out = try ParloProcess.run(["batch", "--json", "--grammar", grammar, path])
        XCTAssertEqual(out.status, 0, out.stderr)
        return try XCTUnwrap(try out.lines.map(ParloProcess.object).first { $0["file"] != nil })
    }

    func testLongSilenceAndLongNoiseAreNoCommand() throws {
        let silence = try write([Int16](repeating: 0, count: 16_000 * 40), "silence")
        let noise = try write(PinkNoise.samples(count: 16_000 * 120, seed: 9).map { Int16(clamping: Int($0 * PinkNoise.scale(toDBFS: -35))) }, "noise")
        defer { try? FileManager.default.removeItem(atPath: silence); try? FileManager.default.removeItem(atPath: noise) }
        for path in [silence, noise] {
            let r = try batch(path)
            XCTAssertTrue(r["command"] is NSNull || r["command"] == nil, "\(path): \(r)")
            XCTAssertEqual(r["text"] as? String, "", "\(r)")
        }
    }

    func testACommandAfterALongSilenceComesAlone() throws {
        let command = try AudioFileReader(path: BatchCatalogTests.root.appendingPathComponent("audio-fixtures/commands/en-next-00-clean.flac").path).readAll()
        var seed: UInt64 = 3
        let audio = RoomNoise.samples(16_000 * 35, seed: &seed) + command + RoomNoise.samples(16_000, seed: &seed)
        let path = try write(audio, "late")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let r = try batch(path)
        XCTAssertEqual(r["command"] as? String, "next", "\(r)")
        let words = try XCTUnwrap(r["words"] as? [[String: Any]])
        XCTAssertGreaterThan(words.first?["start"] as? Double ?? 0, 34, "the word sits where it was spoken: \(words)")
    }
}
