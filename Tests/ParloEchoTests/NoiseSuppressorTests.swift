import Foundation
import ParloAudio
import ParloCore
import XCTest
@testable import ParloEcho

/// libspeexdsp's denoiser on real audio: seeded pink noise and the eSpeak command fixtures
/// (the same utterance clean and mixed with pink noise at 5 dB SNR).
final class NoiseSuppressorTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("audio-fixtures/commands")

    static func read(_ name: String) throws -> [Int16] {
        try AudioFileReader(path: fixtures.appendingPathComponent(name).path).readAll()
    }

    static func energy(_ x: some Collection<Int16>) -> Double { x.reduce(0) { $0 + Double($1) * Double($1) } }
    static func dB(_ ratio: Double) -> Double { 10 * log10(ratio) }

    /// Pink noise at `dBFS` RMS.
    static func pink(_ count: Int, dBFS: Double, seed: UInt64 = 11) -> [Int16] {
        let scale = PinkNoise.scale(toDBFS: dBFS)
        return PinkNoise.samples(count: count, seed: seed).map { Int16(($0 * scale).rounded()) }
    }

    func testTakesSteadyNoiseDown() throws {
        var seed: UInt64 = 5
        let white = RoomNoise.samples(4 * 16_000, seed: &seed).map { $0 * 40 }     // about -24 dBFS
        let pink = Self.pink(4 * 16_000, dBFS: -30)
        let suppressor = try NoiseSuppressor(options: .init(suppressDB: -25, frameSize: 160))
        let settled = 16_000..<white.count          // after the first second, in which speex learns
        let outWhite = suppressor.condition(white), outPink = suppressor.condition(pink)
        XCTAssertEqual(outWhite.count, white.count)
        let whiteDrop = Self.dB(Self.energy(white[settled]) / Self.energy(outWhite[settled]))
        let pinkDrop = Self.dB(Self.energy(pink[settled]) / Self.energy(outPink[settled]))
        print(String(format: "-25 dB suppression: white noise %.1f dB, pink noise %.1f dB quieter", whiteDrop, pinkDrop))
        // Measured 19.8 and 6.4 dB: pink noise has most of its energy below 100 Hz, where speex
        // takes little away (and where the recognizer's filters do not listen).
        XCTAssertGreaterThanOrEqual(whiteDrop, 15)
        XCTAssertGreaterThanOrEqual(pinkDrop, 4)
    }

    func testKeepsCleanSpeechAndBringsNoisySpeechCloserToIt() throws {
        let clean = try Self.read("en-show_mind_map-00-clean.flac")
        let noisy = try Self.read("en-show_mind_map-00-snr05.flac")
        XCTAssertEqual(clean.count, noisy.count)
        for learn in [false, true] {
            let suppressor = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: 160, learnFirst: learn))
            let kept = suppressor.condition(clean)
            let level = Self.dB(Self.energy(kept) / Self.energy(clean))
            // Error against the clean speech, before and after (the mixer scaled nothing: no clipping).
            let denoised = suppressor.condition(noisy)
            let before = Self.energy(zip(noisy, clean).map { Int16(clamping: Int($0) - Int($1)) })
            let after = Self.energy(zip(denoised, clean).map { Int16(clamping: Int($0) - Int($1)) })
            let gain = Self.dB(before / after)
            print(String(format: "learn first %@: clean speech level %+.2f dB; 5 dB SNR fixture: error %.1f dB lower", "\(learn)", level, gain))
            // Measured -0.46/-0.33 dB and 1.7/3.1 dB.
            XCTAssertEqual(level, 0, accuracy: 1, "clean speech must pass almost untouched")
            XCTAssertGreaterThanOrEqual(gain, learn ? 2.5 : 1, "the denoised file must be closer to the clean one")
        }
    }

    func testLeavesCleanRecordingsAloneWhenAskedToCleanOnlyNoisyOnes() throws {
        let clean = try Self.read("it-stop-00-clean.flac")
        let snr15 = try Self.read("it-stop-00-snr15.flac"), snr05 = try Self.read("it-stop-00-snr05.flac")
        // 5 dB fixtures spread 10-14.5 dB, 15 dB ones 18.8-23.7 dB, clean ones 72-78 dB.
        XCTAssertGreaterThan(NoiseSuppressor.levelSpread(clean), 60)
        XCTAssertEqual(NoiseSuppressor.levelSpread(snr15), 21, accuracy: 3)
        XCTAssertEqual(NoiseSuppressor.levelSpread(snr05), 12, accuracy: 3)
        let gated = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: 160, maximumSpreadDB: 16.5))
        XCTAssertTrue(gated.condition(clean) == clean)
        XCTAssertTrue(gated.condition(snr15) == snr15)
        XCTAssertFalse(gated.condition(snr05) == snr05)
    }

    func testOutputIsAlignedWithTheInput() throws {
        let clean = try Self.read("en-faster-00-clean.flac")
        for (frame, learn) in [(160, false), (320, false), (160, true)] {
            let out = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: frame, learnFirst: learn)).condition(clean)
            XCTAssertEqual(out.count, clean.count)
            // Of the lags a frame's bookkeeping could cause, zero must correlate best.
            func correlation(_ lag: Int) -> Double {
                var sum = 0.0
                for i in max(0, -lag)..<min(clean.count, clean.count - lag) { sum += Double(clean[i]) * Double(out[i + lag]) }
                return sum
            }
            let best = [-2 * frame, -frame, -1, 0, 1, frame, 2 * frame].max { correlation($0) < correlation($1) }
            XCTAssertEqual(best, 0, "\(frame)-sample frames, learning first: \(learn)")
        }
    }

    func testChunkSizesDoNotChangeTheOutput() throws {
        let noisy = try Self.read("it-stop-00-snr05.flac")
        let suppressor = try NoiseSuppressor(options: .init(suppressDB: -20, frameSize: 160))
        let whole = suppressor.condition(noisy)
        for size in [1, 37, 160, 500, 4_000] {
            var out: [Int16] = []
            for start in stride(from: 0, to: noisy.count, by: size) {
                out += suppressor.process(noisy[start..<min(start + size, noisy.count)])
                XCTAssertLessThanOrEqual(out.count, start + size, "output never runs ahead of input")
                XCTAssertGreaterThan(out.count + 2 * 160, min(start + size, noisy.count), "nothing is held back more than a frame")
            }
            out += suppressor.finish()
            XCTAssertTrue(out == whole, "chunks of \(size)")
        }
    }

    func testStreamsJudgedOnTheirStartDoNotDependOnChunkSizesEither() throws {
        // Two noisy commands in a row (3 s) and one alone (1.3 s, shorter than the lookahead).
        let first = try Self.read("en-faster-00-snr05.flac"), long = first + (try Self.read("it-stop-00-snr05.flac"))
        let suppressor = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: 160, learnFirst: true, maximumSpreadDB: 16.5))
        var outputs: [[Int16]] = []
        for size in [1, 333, 4_000, 100_000] {
            var out: [Int16] = []
            for start in stride(from: 0, to: long.count, by: size) {
                out += suppressor.process(long[start..<min(start + size, long.count)])
            }
            out += suppressor.finish()
            XCTAssertEqual(out.count, long.count)
            outputs.append(out)
        }
        XCTAssertEqual(Set(outputs).count, 1, "chunk sizes changed the output")
        XCTAssertFalse(outputs[0] == long, "noisy speech is cleaned")
        let streamed = suppressor.process(first[...]) + suppressor.finish()
        XCTAssertTrue(streamed == suppressor.condition(first), "a stream shorter than the lookahead is judged whole")
    }

    func testCostsLittleCPU() throws {
        var seed: UInt64 = 9
        let minute = RoomNoise.samples(60 * 16_000, seed: &seed).map { $0 * 40 }
        let suppressor = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: 160, learnFirst: true))
        let start = ProcessInfo.processInfo.systemUptime
        _ = suppressor.condition(minute)
        let msPerSecond = (ProcessInfo.processInfo.systemUptime - start) * 1000 / 60
        print(String(format: "noise suppression, learning first: %.2f ms per second of audio", msPerSecond))
        XCTAssertLessThan(msPerSecond, 50, "two passes of speex must stay a small part of decoding")
    }

    func testRefusesSettingsSpeexCannotUse() {
        XCTAssertThrowsError(try NoiseSuppressor(options: .init(suppressDB: 10)))
        XCTAssertThrowsError(try NoiseSuppressor(options: .init(frameSize: 0)))
    }
}
