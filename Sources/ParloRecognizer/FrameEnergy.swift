import Foundation

/// Loudness of each 10 ms frame of an utterance, in dB, as PocketSphinx frames it (one frame
/// per 160 samples at 16 kHz).
///
/// Rejection uses it to find speech the recognizer explained as silence: "leggi questa pagina"
/// decoded as "repeat" + a long `<sil>` whose frames are as loud as the word's. Keeping one
/// `Float` per frame costs nothing next to decoding.
public struct FrameEnergy: Sendable, Equatable {
    public static let samplesPerFrame = 160
    /// Energy (dB re 1 LSB², floor 0) of each complete frame so far.
    public private(set) var decibels: [Float] = []
    private var sum: Double = 0
    private var filled = 0

    public init() {}

    public mutating func reset() { decibels.removeAll(keepingCapacity: true); sum = 0; filled = 0 }

    public mutating func add(_ samples: UnsafeBufferPointer<Int16>) {
        for s in samples {
            let x = Double(s)
            sum += x * x
            filled += 1
            if filled == Self.samplesPerFrame {
                decibels.append(Float(10 * log10(sum / Double(filled) + 1)))
                sum = 0; filled = 0
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
