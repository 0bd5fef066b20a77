/// Conditioners run one after the other, as one: what the first hands out, the second takes.
public final class ConditionerChain: AudioConditioner {
    public let stages: [any AudioConditioner]

    public init(_ stages: [any AudioConditioner]) { self.stages = stages }

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        var out = Array(samples)
        for stage in stages { out = out.withUnsafeBufferPointer { stage.process($0) } }
        return out
    }

    /// Each stage's held-back samples go through the stages after it before those finish.
    public func finish() -> [Int16] {
        var out: [Int16] = []
        for stage in stages {
            out = out.withUnsafeBufferPointer { stage.process($0) } + stage.finish()
        }
        return out
    }

    public func reset() { stages.forEach { $0.reset() } }
}

/// A faint floor of pink noise under a stream, as a microphone adds: for audio files played as a
/// microphone (generated speech is digitally silent between words), so that every stage after
/// it — noise suppression, speech detection, the decoder — hears what it would from a microphone.
public final class PinkNoiseFloor: AudioConditioner {
    private let gain: Double
    private let seed: UInt64
    private var noise: PinkNoise

    /// - Parameter levelDB: the floor's RMS, dBFS.
    public init(levelDB: Double, seed: UInt64 = 0x5041_524C_4F00_0002) {
        gain = PinkNoise.scale(toDBFS: levelDB)
        self.seed = seed
        noise = PinkNoise(seed: seed)
    }

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        samples.map { Int16(clamping: Int((Double($0) + gain * noise.next()).rounded())) }
    }

    public func finish() -> [Int16] { reset(); return [] }
    public func reset() { noise = PinkNoise(seed: seed) }
}
