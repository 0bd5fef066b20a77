import Foundation
import ParloCore

/// A faint floor of pink noise laid under the audio before the decoder hears it.
///
/// Text-to-speech output, edited recordings and generated fixtures go to digital zero between
/// words and have near-empty frequency bands; a microphone never does, and the en-us model
/// learned from real recordings. Measured on audio-fixtures/commands (clean files digitally
/// silent, `parlo batch`, default rejection): command accuracy 84.1 % without a floor, 86.1 %
/// at −65 dBFS, 88.1 % at −55 dBFS (Italian clean 53/71 → 66/71, 15 dB unchanged), 87.8 % at
/// −48. Filling only the digitally silent 10 ms blocks was worse (82.1 %): the floor under the
/// speech matters too. It is for files, not microphones: it costs rejection on the English
/// rejection set (56/60 → 45/60 at the default thresholds) and, in live listening, changed
/// the first of PocketSphinx's recorded "cards" utterances. The noise restarts from the same
/// seed at each utterance, so results stay deterministic.
struct NoiseFloor {
    /// RMS level of the floor in dBFS (nil: none).
    let level: Double?
    /// `level` as a factor on the unscaled noise.
    private let gain: Double
    private var noise: PinkNoise
    private var scratch: [Int16] = []
    private static let seed: UInt64 = 0x5041_524C_4F00_0001

    init(levelDB: Double?) {
        level = levelDB
        gain = levelDB.map(PinkNoise.scale(toDBFS:)) ?? 0
        noise = PinkNoise(seed: Self.seed)
    }

    /// Starts the noise sequence over (at the start of each utterance).
    mutating func reset() { noise = PinkNoise(seed: Self.seed) }

    /// Calls `body` with `samples` plus the floor (or `samples` themselves without a floor).
    mutating func apply<R>(_ samples: UnsafeBufferPointer<Int16>, _ body: (UnsafeBufferPointer<Int16>) throws -> R) rethrows -> R {
        guard level != nil else { return try body(samples) }
        if scratch.count < samples.count { scratch = [Int16](repeating: 0, count: samples.count) }
        for i in 0..<samples.count {
            scratch[i] = Int16(clamping: Int((Double(samples[i]) + gain * noise.next()).rounded()))
        }
        return try scratch.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<samples.count])) }
    }
}
