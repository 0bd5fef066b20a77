import Foundation

/// Pink (1/f) noise, sample by sample, from a seeded generator: the same sequence on every run.
///
/// White noise from `SeededRandom` through Paul Kellet's filter (accurate to ±0.05 dB above
/// 9 Hz at 44.1 kHz, close enough at 16 kHz). Pink rather than white because room noise and
/// microphone self-noise fall with frequency: fixtures mix it in as background, and the
/// recognizer lays a faint floor of it under digital silence (`NoiseFloor`).
public struct PinkNoise: Sendable {
    private var rng: SeededRandom
    private var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0

    public init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    /// RMS of the unscaled output (measured over 10⁶ samples): scale by `level / rms` for a
    /// given RMS level.
    public static let rms = 1.763

    /// The factor that scales `next()` to 16-bit samples of `dBFS` RMS.
    public static func scale(toDBFS dBFS: Double) -> Double { 32768 * pow(10, dBFS / 20) / rms }

    /// The next sample, of roughly unit peak.
    public mutating func next() -> Double {
        let white = rng.signedUnit()
        b0 = 0.99886 * b0 + white * 0.0555179
        b1 = 0.99332 * b1 + white * 0.0750759
        b2 = 0.96900 * b2 + white * 0.1538520
        b3 = 0.86650 * b3 + white * 0.3104856
        b4 = 0.55000 * b4 + white * 0.5329522
        b5 = -0.7616 * b5 - white * 0.0168980
        let out = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
        b6 = white * 0.115926
        return out
    }

    /// `count` samples starting at `seed`.
    public static func samples(count: Int, seed: UInt64) -> [Double] {
        var g = PinkNoise(seed: seed)
        return (0..<count).map { _ in g.next() }
    }
}
