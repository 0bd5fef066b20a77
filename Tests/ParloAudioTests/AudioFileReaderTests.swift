import Foundation
import XCTest
@testable import ParloAudio

final class AudioFileReaderTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A sine of `seconds` at `rate`, `amplitude` in 0…1, interleaved over `channels`.
    func sine(rate: Int, seconds: Double, channels: Int = 1, amplitude: Float = 0.5, hz: Float = 440) -> [Float] {
        let n = Int(Double(rate) * seconds)
        var out = [Float](repeating: 0, count: n * channels)
        for i in 0..<n {
            let v = amplitude * sin(2 * .pi * hz * Float(i) / Float(rate))
            for c in 0..<channels { out[i * channels + c] = v }
        }
        return out
    }

    func write(_ name: String, rate: Int, channels: Int = 1, format: SoundFileWriter.Format, samples: [Float]) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let w = try SoundFileWriter(path: path, sampleRate: rate, channels: channels, format: format)
        try w.write(samples)
        return path
    }

    func testEveryFormatBecomes16kMonoOfTheSameDuration() throws {
        let cases: [(String, Int, Int, SoundFileWriter.Format)] = [
            ("a.wav", 16_000, 1, .wav16), ("b.wav", 44_100, 2, .wav24),
            ("c.wav", 22_050, 1, .wavFloat), ("d.flac", 48_000, 2, .flac16),
        ]
        for (name, rate, channels, format) in cases {
            let path = try write(name, rate: rate, channels: channels, format: format,
                                 samples: sine(rate: rate, seconds: 1.0, channels: channels))
            let samples = try AudioFileReader(path: path).readAll()
            XCTAssertEqual(Double(samples.count), 16_000, accuracy: 40, name)
            let peak = samples.map { abs(Int($0)) }.max() ?? 0
            XCTAssertEqual(Double(peak) / 32767, 0.5, accuracy: 0.03, "\(name): level kept through resampling and downmix")
        }
    }

    func testStereoChannelsAreAveraged() throws {
        // Left +0.5, right −0.5: the mono mix is silence.
        var frames: [Float] = []
        for _ in 0..<1600 { frames += [0.5, -0.5] }
        let path = try write("lr.wav", rate: 16_000, channels: 2, format: .wav16, samples: frames)
        let samples = try AudioFileReader(path: path).readAll()
        XCTAssertEqual(samples.count, 1600)
        XCTAssertLessThanOrEqual(samples.map { abs(Int($0)) }.max() ?? 0, 1)
    }

    func testRawPCMNeedsAndUsesItsFormat() throws {
        let path = dir.appendingPathComponent("x.raw").path
        let pcm: [Int16] = (0..<8000).map { Int16(truncatingIfNeeded: ($0 % 100) * 100) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: pcm.withUnsafeBytes { Data($0) }))
        XCTAssertThrowsError(try AudioFileReader(path: path))
        let samples = try AudioFileReader(path: path, raw: RawFormat(encoding: .s16le, sampleRate: 8000)).readAll()
        XCTAssertEqual(Double(samples.count), 16_000, accuracy: 40, "8 kHz raw upsampled to 16 kHz")
        XCTAssertThrowsError(try RawFormat.encoding(named: "mp3")) { XCTAssertTrue("\($0)".contains("mp3")) }
    }

    func testBadFilesGetOneLineErrorsNamingTheFile() throws {
        let empty = dir.appendingPathComponent("empty.wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = dir.appendingPathComponent("notes.wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: text, contents: Data("not audio at all".utf8)))
        let full = try write("full.wav", rate: 16_000, format: .wav16, samples: sine(rate: 16_000, seconds: 1))
        let data = try Data(contentsOf: URL(fileURLWithPath: full))
        let truncated = dir.appendingPathComponent("cut.wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: truncated, contents: data.prefix(2000)))
        let headerOnly = dir.appendingPathComponent("header.wav").path
        _ = try SoundFileWriter(path: headerOnly, sampleRate: 16_000, format: .wav16)

        let expected: [(String, AudioError.Code)] = [(empty, .empty), (text, .cannotOpen),
                                                     (truncated, .truncated), (headerOnly, .empty)]
        for (path, code) in expected {
            XCTAssertThrowsError(try AudioFileReader(path: path).readAll(), path) { error in
                guard let e = error as? AudioError else { return XCTFail("\(error)") }
                XCTAssertEqual(e.code, code, path)
                XCTAssertTrue(e.message.hasPrefix(path), e.message)
                XCTAssertFalse(e.message.contains("\n"))
            }
        }
    }

    /// Streamed WAV (written to a pipe) gives its sizes as 0xFFFFFFFF, "unknown": no truncation,
    /// the audio is what follows the header.
    func testStreamedWAVOfUnknownLengthIsReadToItsEnd() throws {
        let full = try Data(contentsOf: URL(fileURLWithPath: write("full.wav", rate: 16_000, format: .wav16, samples: sine(rate: 16_000, seconds: 1))))
        var streamed = full.prefix(44)
        streamed.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0xFF, 0xFF])
        streamed.replaceSubrange(40..<44, with: [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual(String(decoding: streamed[36..<40], as: UTF8.self), "data")
        let path = dir.appendingPathComponent("streamed.wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: streamed + full.dropFirst(44)))
        XCTAssertEqual(try AudioFileReader(path: path).readAll().count, 16_000)
    }

    func testLongFilesAreReadInBoundedBlocks() throws {
        let path = try write("long.wav", rate: 44_100, format: .wav16, samples: sine(rate: 44_100, seconds: 20))
        let reader = try AudioFileReader(path: path, blockSeconds: 0.5)
        var total = 0, largest = 0
        while let block = try reader.nextBlock() { total += block.count; largest = max(largest, block.count) }
        XCTAssertEqual(Double(total), 20 * 16_000, accuracy: 100)
        XCTAssertLessThan(largest, 16_000, "one block is about half a second, never the whole file")
    }
}
