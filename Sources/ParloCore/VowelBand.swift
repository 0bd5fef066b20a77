import Foundation

/// Energy below and above 1 kHz, sample by sample: whether a stretch of audio has a vowel's
/// spectrum.
///
/// A vowel's first formant and its voice's harmonics put most of its energy below 1 kHz; a tap,
/// a hiss or cutlery ringing at 1.5–8 kHz put a fifth or less there. Two stages ask it: rejection,
/// per 10 ms frame of a result (`FrameEnergy`: a result needs a word with a vowel), and live
/// listening's endpointer, per 20 ms window (only a vowel opens an utterance, and the last vowel
/// bounds how long one stays open: `EndpointerConfiguration.vowelGrace`). One filter for both,
/// so that both mean the same by "a vowel".
public struct VowelBand: Sendable, Equatable {
    /// Upper edge of the band, Hz: where voiced speech's first formant region ends.
    public static let topHz = 1000.0

    private var filter = LowPass(cornerHz: topHz)
    /// Energy below `topHz`, and in all, of the samples since the last `take()`.
    public private(set) var below: Double = 0
    public private(set) var total: Double = 0

    public init() {}

    public mutating func add(_ sample: Int16) {
        let x = Double(sample), y = filter.run(x)
        below += y * y
        total += x * x
    }

    /// Whether the samples since the last call have at least half as much energy below `topHz`
    /// as above it; starts the next stretch.
    public mutating func take() -> Bool {
        defer { below = 0; total = 0 }
        return 2 * below >= total - below
    }

    public mutating func reset() { filter.reset(); below = 0; total = 0 }

    /// A second-order Butterworth low-pass (the audio EQ cookbook's biquad, transposed direct
    /// form II) at 16 kHz.
    struct LowPass: Sendable, Equatable {
        private let b0, b1, b2, a1, a2: Double
        private var z1 = 0.0, z2 = 0.0

        init(cornerHz: Double, sampleRate: Double = 16000) {
            let w0 = 2 * Double.pi * cornerHz / sampleRate, alpha = sin(w0) / 2.squareRoot(), c = cos(w0), a0 = 1 + alpha
            b0 = (1 - c) / 2 / a0; b1 = (1 - c) / a0; b2 = b0
            a1 = -2 * c / a0; a2 = (1 - alpha) / a0
        }

        mutating func run(_ x: Double) -> Double {
            let y = b0 * x + z1
            z1 = b1 * x - a1 * y + z2
            z2 = b2 * x - a2 * y
            return y
        }

        mutating func reset() { z1 = 0; z2 = 0 }
    }
}

/// `VowelBand` over consecutive windows of a stream: one flag per completed window, in order,
/// the partial last window kept for the next call (live listening's 20 ms windows, the same as
/// the level meter's and the voice detector's).
public struct VowelWindows: Sendable {
    public let windowSamples: Int
    private var band = VowelBand()
    private var filled = 0

    public init(windowSamples: Int) { self.windowSamples = windowSamples }

    public mutating func classify(_ samples: UnsafeBufferPointer<Int16>, each: (Bool) throws -> Void) rethrows {
        for s in samples {
            band.add(s)
            filled += 1
            if filled == windowSamples {
                filled = 0
                try each(band.take())
            }
        }
    }

    public mutating func reset() { band.reset(); filled = 0 }
}
