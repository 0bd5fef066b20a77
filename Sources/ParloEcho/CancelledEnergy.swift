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
/// `removedWhilePlayingDB` is the same evidence about the canceller: how much of Parlo's voice
/// it takes away lately, which says whether it has learnt the room yet.
public struct CancelledEnergy: Sendable {
    /// Which signal a `note` is of.
    public enum Signal: Sendable { case heard, left, played }
    public let frameSize: Int
    public let sampleRate: Int
    private let capacity: Int
    /// Ring slots: which frame each holds (−1: none), and its three energies (sums of squares).
    private var frames: [Int]
    private var heard: [Double]
    private var left: [Double]
    private var played: [Double]
    /// The newest frame cancellation has left something of (−1: none yet).
    private var newestLeft = -1

    public init(frameSize: Int, seconds: Double = 30, sampleRate: Int = SpeechFormat.sampleRate) {
        self.frameSize = frameSize
        self.sampleRate = sampleRate
        capacity = max(1, Int(seconds * Double(sampleRate)) / frameSize)
        frames = [Int](repeating: -1, count: capacity)
        heard = [Double](repeating: 0, count: capacity)
        left = [Double](repeating: 0, count: capacity)
        played = [Double](repeating: 0, count: capacity)
    }

    /// Notes whole frames of `samples` starting at stream index `start`: what the microphone
    /// heard, what cancellation left of it, or what Parlo played (the far end, placed on the
    /// capture timeline).
    public mutating func note(_ samples: [Int16], start: Int, as signal: Signal) {
        var offset = 0
        while offset + frameSize <= samples.count {
            let position = start + offset
            defer { offset += frameSize }
            guard position >= 0, position % frameSize == 0 else { continue }
            let frame = position / frameSize, slot = frame % capacity
            if frames[slot] != frame { frames[slot] = frame; heard[slot] = 0; left[slot] = 0; played[slot] = 0 }
            var energy = 0.0
            for s in samples[offset..<(offset + frameSize)] { energy += Double(s) * Double(s) }
            switch signal {
            case .heard: heard[slot] = energy
            case .left: left[slot] = energy; newestLeft = max(newestLeft, frame)
            case .played: played[slot] = energy
            }
        }
    }

    /// How much cancellation has lately removed of what the microphone heard while Parlo
    /// played: the median, over the newest `frames` remembered frames (up to the newest
    /// cancelled one) where Parlo played above `playedAboveDB` dBFS, of the dB removed per
    /// frame; nil when fewer than `frames` such frames are remembered. The median, because the
    /// student talking over Parlo keeps some frames whole: fewer than half of them leave it
    /// where it was.
    public func removedWhilePlayingDB(frames count: Int = 100, playedAboveDB: Double = -50) -> Double? {
        let audible = Double(frameSize) * pow(32768 * pow(10, playedAboveDB / 20), 2)
        var removed: [Double] = []
        removed.reserveCapacity(count)
        var frame = newestLeft
        while frame >= 0, frame > newestLeft - capacity, removed.count < count {
            let slot = frame % capacity
            if frames[slot] == frame, played[slot] > audible, heard[slot] > 0 {
                removed.append(10 * log10(heard[slot] / max(left[slot], 1e-9)))
            }
            frame -= 1
        }
        guard removed.count == count else { return nil }
        removed.sort()
        return removed[count / 2]
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
