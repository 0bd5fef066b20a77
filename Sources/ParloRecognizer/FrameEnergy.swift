import Foundation
import ParloCore

/// Loudness below 1 kHz of each 10 ms frame of an utterance, in dB, as PocketSphinx frames it
/// (one frame per 160 samples at 16 kHz).
///
/// Rejection uses it to find speech the recognizer explained as silence: "leggi questa pagina"
/// decoded as "repeat" + a long `<sil>` whose frames are as loud as the word's. Missed speech is
/// missed words, and words have vowels, which carry their energy below 1 kHz; a kitchen's
/// clatter (dishes, cutlery: ringing at 1.5–8 kHz) does not. Measured over the whole band, the
/// clatter that no word covered rejected the commands spoken over it: DEV commands in a
/// synthetic kitchen at 6 dB (docs/recognizer-measurements.md), 68 of 120 right against 86
/// with this band, while every other DEV, fixture and rejection-set result stayed the same.
/// Keeping one `Float` per frame costs nothing next to decoding.
public struct FrameEnergy: Sendable, Equatable {
    public static let samplesPerFrame = 160
    /// Upper edge of the band measured, Hz: where voiced speech's first formant region ends.
    public static let bandTopHz = VowelBand.topHz
    /// Energy below `bandTopHz` (dB re 1 LSB², floor 0) of each complete frame so far.
    public private(set) var decibels: [Float] = []
    /// Whether each frame has at least half as much energy below `bandTopHz` as above it. A
    /// vowel's first formant puts most of its energy there, even through a microphone that cuts
    /// the lows and lifts 3 kHz by 8 dB; a clink's ring at 1.5–8 kHz puts a fifth or less, though
    /// in a quiet room what leaks through the filter's gentle slope is loud against the room.
    public private(set) var vowelLike: [Bool] = []
    private var band = VowelBand()
    private var filled = 0

    public init() {}

    public mutating func reset() {
        decibels.removeAll(keepingCapacity: true); vowelLike.removeAll(keepingCapacity: true); filled = 0
        band.reset()
    }

    public mutating func add(_ samples: UnsafeBufferPointer<Int16>) {
        for s in samples {
            band.add(s)
            filled += 1
            if filled == Self.samplesPerFrame {
                decibels.append(Float(10 * log10(band.below / Double(filled) + 1)))
                vowelLike.append(band.take())
                filled = 0
            }
        }
    }

    /// Which frames carry speech-like energy: within `range` dB of the loudest frame and at least
    /// `aboveFloor` dB over the quiet end of the utterance (its 10th-percentile frame), so that
    /// steady background noise is not counted as speech.
    public func loudFrames(range: Float = 30, aboveFloor: Float = 12) -> [Bool] {
        guard let peak = decibels.max() else { return [] }
        let sorted = decibels.sorted()
        let floor = sorted[sorted.count / 10]
        let threshold = max(peak - range, floor + aboveFloor)
        return decibels.map { $0 > threshold }
    }
}
