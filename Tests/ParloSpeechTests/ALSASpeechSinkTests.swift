import Foundation
import XCTest
import ParloALSA
import ParloAudio
@testable import ParloSpeech

/// Speech through a real libasound playback device: the ALSA `file` plugin writes what is played.
final class ALSASpeechSinkTests: XCTestCase {
    func testSpokenReplyReachesTheDeviceWholeWithLevels() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let raw = dir.appendingPathComponent("played.raw").path
        let config = try ALSAConfiguration(ALSAConfiguration.filePlayback(name: "speaker", rawFile: raw))
        let sink = try ALSASpeechSink(device: "speaker", configuration: config)
        let eva = try CharacterCatalog.defaults.character(named: "eva")
        let queue = SpeechQueue(sink: sink, character: eva)
        let log = EventLog()
        await queue.observe { log.add($0) }
        let ticker = Task { await queue.run() }
        let text = "Opening math, three materials."
        let id = await queue.enqueue(text, language: .en)
        for await event in queue.events where event.id == id && event.isEnd { break }
        ticker.cancel()
        try sink.drain()
        sink.player.device.close()

        XCTAssertEqual(log.names.first, "started")
        XCTAssertEqual(log.names.last, "finished")
        XCTAssertEqual(log.words(in: text, id: id), ["Opening", "math", "three", "materials"])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: raw))
        let played = bytes.count / 2
        XCTAssertEqual(played, sink.writtenFrames, "every synthesised frame reached the device")
        XCTAssertGreaterThan(Double(played) / 22_050, 1.0, "about two seconds of speech")
        let peak = bytes.withUnsafeBytes { $0.bindMemory(to: Int16.self).map { abs(Int($0)) }.max() ?? 0 }
        XCTAssertGreaterThan(peak, 3000, "real audio, not silence")
        let level = try XCTUnwrap(sink.levels.latest)
        XCTAssertGreaterThan(level.t, 1.0, "the output level meter saw the whole reply")
    }

    func testMissingDeviceIsAClearError() {
        XCTAssertThrowsError(try ALSASpeechSink(device: "no_such_speaker")) { error in
            XCTAssertTrue("\(error)".contains("no_such_speaker"), "\(error)")
        }
    }
}
