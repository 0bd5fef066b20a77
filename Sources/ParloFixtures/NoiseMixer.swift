import ParloCore
import Foundation

/// Adds seeded pink noise to speech at a given signal-to-noise ratio.
///
/// SNR is measured the way speech-in-noise test sets usually do it, on the speech only where it is
/// active (`SpeechLevel.activePower`: 20 ms frames within 40 dB of the loudest, which leaves out the
/// silence eSpeak puts around an utterance); noise power is the mean square of the noise over the
/// whole file (it is stationary). The noise is scaled so that 10·log10(Ps / Pn) equals the target.
/// If the sum would clip, speech and noise are scaled down together, which keeps the ratio.
public struct NoiseMixer: Sendable {
    public init() {}

    /// `speech` plus pink noise from `seed` at `snrDB`, as 16-bit samples.
    public func mix(_ speech: [Int16], snrDB: Double, seed: UInt64) -> [Int16] {
        let ps = SpeechLevel.activePower(speech)
        guard ps > 0 else { return speech }
        let noise = PinkNoise.samples(count: speech.count, seed: seed)
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
