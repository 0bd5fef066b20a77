import Glibc
import ParloCore

/// What the microphone heard and what was left of it after echo cancellation, as energy per
/// canceller frame on the stream's timeline, for the last `seconds`.
///
/// The evidence for whose voice an utterance heard while Parlo speaks is: when the student talks
/// over Parlo, most of the utterance's energy is the student's and survives cancellation; when
/// the microphone hears only Parlo, the canceller takes most of it away and a decoder listening
/// for "stop" hears the residue (the tail of Parlo's first reply, before the canceller had
/// learnt the room, came back as "basta"). `keptDB` is that ratio over an utterance.
public struct CancelledEnergy: Sendable {
    public let frameSize: Int
    public let sampleRate: Int
    private let capacity: Int
    /// Ring slots: which frame each holds (−1: none), and its two energies (sums of squares).
    private var frames: [Int]
    private var heard: [Double]
    private var left: [Double]

    public init(frameSize: Int, seconds: Double = 30, sampleRate: Int = SpeechFormat.sampleRate) {
        self.frameSize = frameSize
        self.sampleRate = sampleRate
        capacity = max(1, Int(seconds * Double(sampleRate)) / frameSize)
        frames = [Int](repeating: -1, count: capacity)
        heard = [Double](repeating: 0, count: capacity)
        left = [Double](repeating: 0, count: capacity)
    }

    /// Notes whole frames of `samples` starting at stream index `start`: what the microphone
    /// heard (`cleaned` false) or what cancellation left (`cleaned` true).
    public mutating func note(_ samples: [Int16], start: Int, cleaned: Bool) {
        var offset = 0
        while offset + frameSize <= samples.count {
            let position = start + offset
            defer { offset += frameSize }
            guard position >= 0, position % frameSize == 0 else { continue }
            let frame = position / frameSize, slot = frame % capacity
            if frames[slot] != frame { frames[slot] = frame; heard[slot] = 0; left[slot] = 0 }
            var energy = 0.0
            for s in samples[offset..<(offset + frameSize)] { energy += Double(s) * Double(s) }
            if cleaned { left[slot] = energy } else { heard[slot] = energy }
        }
    }

    /// 10·log10(left ÷ heard) over the frames inside `from…to` stream seconds (≤ 0 dB: how much
    /// of the utterance cancellation kept); nil when none of them is remembered.
    public func keptDB(from: Double, to: Double) -> Double? {
        let first = max(0, Int(from * Double(sampleRate)) / frameSize), last = Int(to * Double(sampleRate)) / frameSize
        guard last > first else { return nil }
        var h = 0.0, l = 0.0
        for frame in first..<last where frames[frame % capacity] == frame {
            h += heard[frame % capacity]; l += left[frame % capacity]
        }
        guard h > 0 else { return nil }
        return 10 * log10(max(l, 1e-9) / h)
    }
}
