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
        try SpeechFileReader(path: fixtures.appendingPathComponent(name).path).readAll()
    }

    static func energy(_ x: some Collection<Int16>) -> Double { x.reduce(0) { $0 + Double($1) * Double($1) } }
    static func dB(_ ratio: Double) -> Double { 10 * log10(ratio) }

    /// Pink noise at `dBFS` RMS.
    static func pink(_ count: Int, dBFS: Double, seed: UInt64 = 11) -> [Int16] {
        let scale = 32768 * pow(10, dBFS / 20) / PinkNoise.rms
        return PinkNoise.samples(count: count, seed: seed).map { Int16(($0 * scale).rounded()) }
    }

    func testTakesSteadyNoiseDownByAtLeastTenDecibels() throws {
        let noise = Self.pink(4 * 16_000, dBFS: -30)
        let out = try NoiseSuppressor(options: .init(suppressDB: -25)).condition(noise)
        XCTAssertEqual(out.count, noise.count)
        // After the first second, in which speex learns the noise.
        let settled = 16_000..<noise.count
        let reduction = Self.dB(Self.energy(noise[settled]) / Self.energy(out[settled]))
        print(String(format: "pink noise at -30 dBFS: %.1f dB less with -25 dB suppression", reduction))
        XCTAssertGreaterThanOrEqual(reduction, 10)
    }

    func testKeepsCleanSpeechAndRaisesTheSignalToNoiseRatio() throws {
        let clean = try Self.read("en-show_mind_map-00-clean.flac")
        let noisy = try Self.read("en-show_mind_map-00-snr05.flac")
        XCTAssertEqual(clean.count, noisy.count)
        let suppressor = try NoiseSuppressor(options: .init(suppressDB: -25))

        let kept = suppressor.condition(clean)
        let level = Self.dB(Self.energy(kept) / Self.energy(clean))
        // Error against the clean speech, before and after: the mixer scaled nothing (no clipping).
        let denoised = suppressor.condition(noisy)
        let before = Self.energy(zip(noisy, clean).map { Int16(clamping: Int($0) - Int($1)) })
        let after = Self.energy(zip(denoised, clean).map { Int16(clamping: Int($0) - Int($1)) })
        let gain = Self.dB(before / after)
        print(String(format: "clean speech level %+.2f dB; 5 dB SNR fixture: error %.1f dB lower", level, gain))
        XCTAssertEqual(level, 0, accuracy: 1.5, "clean speech must pass almost untouched")
        XCTAssertGreaterThanOrEqual(gain, 3, "the denoised file must be closer to the clean one")
    }

    func testOutputIsAlignedWithTheInput() throws {
        let clean = try Self.read("en-faster-00-clean.flac")
        for frame in [160, 320] {
            let out = try NoiseSuppressor(options: .init(suppressDB: -15, frameSize: frame)).condition(clean)
            XCTAssertEqual(out.count, clean.count)
            // The lag with the highest correlation must be zero.
            func correlation(_ lag: Int) -> Double {
                var sum = 0.0
                for i in max(0, -lag)..<min(clean.count, clean.count - lag) { sum += Double(clean[i]) * Double(out[i + lag]) }
                return sum
            }
            let best = (-400...400).max { correlation($0) < correlation($1) }
            XCTAssertEqual(best, 0, "\(frame)-sample frames")
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
            XCTAssertEqual(out, whole, "chunks of \(size)")
        }
    }

    func testRefusesSettingsSpeexCannotUse() {
        XCTAssertThrowsError(try NoiseSuppressor(options: .init(suppressDB: 10)))
        XCTAssertThrowsError(try NoiseSuppressor(options: .init(frameSize: 0)))
    }
}
