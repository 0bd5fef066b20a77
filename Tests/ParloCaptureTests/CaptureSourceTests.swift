import Foundation
import ParloALSA
import ParloAudio
import ParloCapture
import XCTest

final class CaptureSourceTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-capture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func writeRaw(_ samples: [Int16], name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        try samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: path))
        return path
    }

    func collect(_ stream: CaptureStream) async throws -> [AudioChunk] {
        var chunks: [AudioChunk] = []
        for try await c in stream { chunks.append(c) }
        return chunks
    }

    func testALSACaptureDeliversTheFileThenSilenceUpToTheLimit() async throws {
        let samples = (0..<8000).map { Int16(truncatingIfNeeded: $0 &* 97) }
        let raw = try writeRaw(samples, name: "mic.raw")
        var options = ALSACaptureSource.Options(device: "mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic", rawFile: raw))
        options.maxSeconds = 1
        let source = try ALSACaptureSource(options: options)
        XCTAssertEqual(source.format.sampleRate, 16_000)
        let chunks = try await collect(source.start())
        let all = chunks.flatMap(\.samples)
        XCTAssertEqual(all.count, 16_000)
        XCTAssertEqual(Array(all[0..<8000]), samples)
        XCTAssertTrue(all[8000...].allSatisfy { $0 == 0 })
        // Contiguous, ~20 ms chunks.
        for (a, b) in zip(chunks, chunks.dropFirst()) { XCTAssertEqual(a.end, b.start) }
        XCTAssertLessThanOrEqual(chunks.map(\.samples.count).max()!, 400)
        XCTAssertEqual(source.stats.samples, 16_000)
    }

    func testDeviceAt48kStereoIsDownmixedAndResampled() async throws {
        // 1 s of a 300 Hz tone at 48 kHz, left and right at different levels.
        var stereo: [Int16] = []
        for i in 0..<48_000 {
            let s = sin(2 * Double.pi * 300 * Double(i) / 48_000)
            stereo.append(Int16(s * 20_000)); stereo.append(Int16(s * 10_000))
        }
        let raw = try writeRaw(stereo, name: "mic48.raw")
        var options = ALSACaptureSource.Options(device: "mic48")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic48", rawFile: raw))
        options.sampleRate = 48_000
        options.channels = 2
        options.maxSeconds = 1
        let source = try ALSACaptureSource(options: options)
        XCTAssertEqual(source.format.sampleRate, 48_000)
        XCTAssertEqual(source.format.channels, 2)
        let all = try await collect(source.start()).flatMap(\.samples)
        XCTAssertEqual(all.count, 16_000)
        // Mono average of 20 000 and 10 000 amplitude → 15 000; check the steady middle.
        let middle = all[4000..<12000]
        XCTAssertEqual(Double(middle.map { abs(Int($0)) }.max()!), 15_000, accuracy: 300)
    }

    /// A pipeline that stops reading for a while (a second look the next utterance waits for)
    /// has `queueSeconds` of audio queued before the device itself would overrun.
    func testABusyConsumerHasFiveSecondsOfQueue() async throws {
        let raw = try writeRaw([Int16](repeating: 5, count: 320), name: "busy.raw")
        var options = ALSACaptureSource.Options(device: "mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic", rawFile: raw))
        options.maxSeconds = 20
        XCTAssertEqual(options.queueSeconds, 5)
        let source = try ALSACaptureSource(options: options)
        let stream = source.start()
        var captured = -1
        for _ in 0..<100 where source.stats.samples != captured {     // until the capture thread blocks
            captured = source.stats.samples
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        XCTAssertGreaterThanOrEqual(captured, 5 * 16_000, "captured \(captured) samples before blocking")
        XCTAssertLessThanOrEqual(captured, 5 * 16_000 + 4 * 320, "the queue is bounded")
        XCTAssertTrue(stream.stopAndWait(timeout: 2))
    }

    func testStopClosesAnEndlessCapture() async throws {
        let raw = try writeRaw([Int16](repeating: 5, count: 320), name: "short.raw")
        var options = ALSACaptureSource.Options(device: "mic")
        options.configuration = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic", rawFile: raw))
        options.realTime = true
        let source = try ALSACaptureSource(options: options)
        let stream = source.start()
        var count = 0
        for try await _ in stream {
            count += 1
            if count == 5 { break }
        }
        let start = Date()
        XCTAssertTrue(stream.stopAndWait(timeout: 2))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1)
        XCTAssertGreaterThanOrEqual(source.stats.samples, 5 * 320)
    }

    func testFileSourceFastMatchesTheReaderAndRealTimeIsPaced() async throws {
        let wav = "/usr/share/pocketsphinx/test/data/cards/001.wav"
        let expected = try AudioFileReader(path: wav).readAll()
        let fast = try await collect(try FileCaptureSource(path: wav, fast: true).start())
        XCTAssertEqual(fast.flatMap(\.samples), expected)

        let raw = try writeRaw([Int16](repeating: 100, count: 4800), name: "tone.raw")  // 0.3 s
        let start = Date()
        let paced = try await collect(try FileCaptureSource(path: raw, raw: RawFormat(sampleRate: 16_000)).start())
        XCTAssertEqual(paced.flatMap(\.samples).count, 4800)
        XCTAssertGreaterThan(Date().timeIntervalSince(start), 0.25)
    }

    func testMissingFileFailsAtOnce() {
        XCTAssertThrowsError(try FileCaptureSource(path: "/nonexistent/x.wav"))
    }
}
