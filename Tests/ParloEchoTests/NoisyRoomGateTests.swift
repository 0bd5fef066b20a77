import Foundation
import ParloCore
import XCTest
@testable import ParloEcho

/// The live noise gate on clean eSpeak command fixtures strung together with pauses, in pink
/// noise that runs throughout, as a microphone in a room hears them.
final class NoisyRoomGateTests: XCTestCase {
    /// Three commands, 1.5 s apart, in pink noise `snrDB` below the speech's active level (the
    /// RMS of its 20 ms windows within 30 dB of the loudest), or over a microphone's -55 dBFS
    /// floor when nil.
    static func session(snrDB: Double?) throws -> [Int16] {
        var speech: [Int16] = []
        for name in ["en-faster-00", "it-stop-00", "en-faster-01"] {
            speech += [Int16](repeating: 0, count: 24_000)
            speech += try NoiseSuppressorTests.read("\(name)-clean.flac")
        }
        let windows = stride(from: 0, to: speech.count - 320, by: 320).map { speech[$0..<($0 + 320)].reduce(0.0) { $0 + Double($1) * Double($1) } / 320 }
        let loudest = windows.max()!
        let active = windows.filter { $0 > loudest / 1000 }
        let speechDBFS = 10 * log10(active.reduce(0, +) / Double(active.count)) - 20 * log10(32768)
        let noise = NoiseSuppressorTests.pink(speech.count, dBFS: snrDB.map { speechDBFS - $0 } ?? -55, seed: 3)
        return zip(speech, noise).map { Int16(clamping: Int($0) + Int($1)) }
    }

    static func verdicts(_ samples: [Int16], options: NoisyRoomGate.Options = .init()) -> [Bool] {
        var gate = NoisyRoomGate(options: options)
        var out: [Bool] = []
        for start in stride(from: 0, to: samples.count, by: 320) {
            samples[start..<min(start + 320, samples.count)].withUnsafeBufferPointer { gate.observe($0) }
            out.append(gate.isNoisy)
        }
        return out
    }

    func testAQuietRoomTurnsSuppressionOffOnceSpeechIsHeardAndANoisyOneKeepsIt() throws {
        let quiet = Self.verdicts(try Self.session(snrDB: nil)), noisy = Self.verdicts(try Self.session(snrDB: 5))
        XCTAssertTrue(quiet.first!, "before any speech the room counts as noisy")
        // After the first command (1.5 s of floor, then speech) a quiet room is known.
        XCTAssertFalse(quiet.suffix(quiet.count - 200).contains(true), "a quiet room must stay quiet between commands")
        XCTAssertFalse(noisy.contains(false), "5 dB SNR must be suppressed throughout")
        XCTAssertFalse(Self.verdicts(try Self.session(snrDB: 15)).suffix(200).contains(true), "15 dB SNR is left alone")
    }

    func testAPauseOfAMinuteDoesNotMakeAQuietRoomLookNoisy() throws {
        var gate = NoisyRoomGate()
        let speech = try Self.session(snrDB: nil)
        speech.withUnsafeBufferPointer { gate.observe($0) }
        XCTAssertFalse(gate.isNoisy)
        let minute = NoiseSuppressorTests.pink(60 * 16_000, dBFS: -55, seed: 4)
        minute.withUnsafeBufferPointer { gate.observe($0) }
        XCTAssertFalse(gate.isNoisy, "spread after a minute of floor: \(gate.spreadDB ?? .nan) dB")
        // Without the speech level held, the minute of floor alone reads as a noisy room.
        var fast = NoisyRoomGate(options: .init(speechDecayDBPerSecond: 100))
        (speech + minute).withUnsafeBufferPointer { fast.observe($0) }
        XCTAssertTrue(fast.isNoisy)
    }

    func testTheSuppressorHandsOutTheInputItselfInAQuietRoomAndDenoisesANoisyOne() throws {
        let quiet = try Self.session(snrDB: nil), noisy = try Self.session(snrDB: 5)
        let gated = try NoiseSuppressor(options: .init(suppressDB: -15, roomGate: .init()))
        let always = try NoiseSuppressor(options: .init(suppressDB: -15))
        let out = gated.condition(quiet)
        XCTAssertEqual(out.count, quiet.count)
        let tail = 48_000..<quiet.count                  // once the first command has been heard
        XCTAssertTrue(out[tail].elementsEqual(quiet[tail]), "a quiet room's speech must pass untouched and aligned")
        XCTAssertFalse(always.condition(quiet)[tail].elementsEqual(quiet[tail]))
        XCTAssertTrue(gated.condition(noisy) == always.condition(noisy), "a noisy room gets speex's output, as before")
    }
}
