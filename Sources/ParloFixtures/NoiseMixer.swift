import Foundation

/// Adds seeded pink noise to speech at a given signal-to-noise ratio.
///
/// SNR is measured the way speech-in-noise test sets usually do it, on the speech only where it is
/// active: the clean signal is cut into 20 ms frames, and the frames whose energy is within 40 dB of
/// the loudest frame count as active (this leaves out the silence eSpeak puts around an utterance,
/// which would otherwise lower the speech power and make the noise too weak). Speech power is the
/// mean square over the active frames' samples; noise power is the mean square of the noise over the
/// whole file (it is stationary). The noise is scaled so that 10·log10(Ps / Pn) equals the target.
/// If the sum would clip, speech and noise are scaled down together, which keeps the ratio.
public struct NoiseMixer: Sendable {
    /// Frame length for the activity decision (20 ms at 16 kHz).
    public static let frameLength = 320
    /// Frames more than this many dB below the loudest frame are silence.
    public static let activityRangeDB = 40.0

    public init() {}

    /// Mean square of `samples` over their active frames (see the type's description).
    public static func activePower(_ samples: [Int16]) -> Double {
        var energies: [Double] = []
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + frameLength)
            var sum = 0.0
            for i in start..<end { let x = Double(samples[i]); sum += x * x }
            energies.append(sum / Double(end - start))
            start = end
        }
        guard let loudest = energies.max(), loudest > 0 else { return 0 }
        let floor = loudest * pow(10, -activityRangeDB / 10)
        var sum = 0.0, count = 0
        for (f, e) in energies.enumerated() where e >= floor {
            let end = min(samples.count, (f + 1) * frameLength)
            for i in (f * frameLength)..<end { let x = Double(samples[i]); sum += x * x }
            count += end - f * frameLength
        }
        return count == 0 ? 0 : sum / Double(count)
    }

    /// Pink (1/f) noise of unit-ish level: white noise from `seed` through Paul Kellet's filter,
    /// accurate to ±0.05 dB above 9 Hz at 44.1 kHz and close enough at 16 kHz for masking speech.
    public static func pinkNoise(count: Int, seed: UInt64) -> [Double] {
        var rng = SeededRandom(seed: seed)
        var b0 = 0.0, b1 = 0.0, b2 = 0.0, b3 = 0.0, b4 = 0.0, b5 = 0.0, b6 = 0.0
        var out = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let white = rng.signedUnit()
            b0 = 0.99886 * b0 + white * 0.0555179
            b1 = 0.99332 * b1 + white * 0.0750759
            b2 = 0.96900 * b2 + white * 0.1538520
            b3 = 0.86650 * b3 + white * 0.3104856
            b4 = 0.55000 * b4 + white * 0.5329522
            b5 = -0.7616 * b5 - white * 0.0168980
            out[i] = b0 + b1 + b2 + b3 + b4 + b5 + b6 + white * 0.5362
            b6 = white * 0.115926
        }
        return out
    }

    /// `speech` plus pink noise from `seed` at `snrDB`, as 16-bit samples.
    public func mix(_ speech: [Int16], snrDB: Double, seed: UInt64) -> [Int16] {
        let ps = Self.activePower(speech)
        guard ps > 0 else { return speech }
        let noise = Self.pinkNoise(count: speech.count, seed: seed)
        let pn = noise.reduce(0) { $0 + $1 * $1 } / Double(max(1, noise.count))
        let gain = (ps / (pn * pow(10, snrDB / 10))).squareRoot()
        var mixed = [Double](repeating: 0, count: speech.count)
        var peak = 0.0
        for i in 0..<speech.count {
            mixed[i] = Double(speech[i]) + gain * noise[i]
            peak = max(peak, abs(mixed[i]))
        }
        let scale = peak > 32_000 ? 32_000 / peak : 1
        return mixed.map { Int16(($0 * scale).rounded()) }
    }
}
