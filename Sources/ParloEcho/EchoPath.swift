import Foundation

/// A simulated speaker → room → microphone path: what an `EchoCanceller` must learn.
///
/// For tests and benchmarks, where no room exists: a direct path after `delay` with `gain`, then
/// reverberation as discrete reflections (pseudo-random times and signs, deterministic from
/// `seed`) decaying by 60 dB over `reverb`. Sparse, so the convolution stays cheap even in a
/// debug build; streamed, so playback can be fed period by period as a device plays it.
public struct EchoPath: Sendable {
    /// The path's taps at 16 kHz: (delay in samples, amplitude).
    public let taps: [(delay: Int, gain: Float)]
    private var history: [Float]
    private var filled = 0

    /// - Parameters:
    ///   - delay: seconds from speaker to microphone, plus device latency.
    ///   - gain: amplitude of the direct path (0.5 ≈ −6 dB).
    ///   - reverb: seconds for the reflections to decay by 60 dB.
    ///   - reflections: how many reflections follow the direct path.
    public init(delay: Double = 0.05, gain: Float = 0.5, reverb: Double = 0.12, reflections: Int = 40,
                seed: UInt64 = 1, sampleRate: Int = 16_000) {
        let d = Int(delay * Double(sampleRate))
        let tail = max(1, Int(reverb * Double(sampleRate)))
        var taps: [(delay: Int, gain: Float)] = [(d, gain)]
        var s = seed
        func next() -> Double {
            s = s &* 6364136223846793005 &+ 1442695040888963407
            return Double(s >> 11) / Double(1 << 53)
        }
        for _ in 0..<reflections {
            let t = 1 + Int(next() * Double(tail - 1))
            let sign: Float = next() < 0.5 ? -1 : 1
            taps.append((d + t, sign * gain * 0.4 * Float(pow(10.0, -3.0 * Double(t) / Double(tail)))))
        }
        self.taps = taps
        history = [Float](repeating: 0, count: d + tail + 1)
    }

    /// The echo of `played` (samples at the path's rate, continuing the previous call).
    public mutating func process(_ played: [Float]) -> [Float] {
        let n = history.count
        return played.map { x in
            history[filled % n] = x
            var acc: Float = 0
            for tap in taps where tap.delay <= filled { acc += tap.gain * history[(filled - tap.delay) % n] }
            filled += 1
            return acc
        }
    }
}
