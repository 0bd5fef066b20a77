/// Estimates the fundamental frequency of voiced speech by normalised autocorrelation.
///
/// Used to prove that the characters sound different (median pitch per voice), so it needs to be
/// robust rather than exact: frames that are quiet or not clearly periodic are skipped.
public struct PitchTracker: Sendable {
    public var sampleRate: Int
    public var minHz = 60.0, maxHz = 400.0
    /// Minimum normalised autocorrelation at the chosen lag for a frame to count as voiced.
    public var voicingThreshold = 0.5

    public init(sampleRate: Int) { self.sampleRate = sampleRate }

    /// Pitch in Hz of each voiced 40 ms frame, hop 20 ms.
    public func pitches(_ samples: [Int16]) -> [Double] {
        let frame = sampleRate * 40 / 1000, hop = sampleRate / 50
        let minLag = Int(Double(sampleRate) / maxHz), maxLag = Int(Double(sampleRate) / minHz)
        guard samples.count > frame, maxLag < frame else { return [] }
        var out: [Double] = []
        var x = [Double](repeating: 0, count: frame)
        var start = 0
        while start + frame <= samples.count {
            var mean = 0.0
            for i in 0..<frame { x[i] = Double(samples[start + i]); mean += x[i] }
            mean /= Double(frame)
            var energy = 0.0
            for i in 0..<frame { x[i] -= mean; energy += x[i] * x[i] }
            if energy > Double(frame) * 500 * 500 {
                var bestLag = 0, best = -Double.infinity
                x.withUnsafeBufferPointer { p in
                    for lag in minLag...maxLag {
                        var s = 0.0
                        for i in 0..<(frame - lag) { s += p[i] * p[i + lag] }
                        if s > best { best = s; bestLag = lag }
                    }
                }
                if best / energy > voicingThreshold { out.append(Double(sampleRate) / Double(bestLag)) }
            }
            start += hop
        }
        return out
    }

    /// Median pitch in Hz of the voiced frames, or nil when none is voiced.
    public func medianPitch(_ samples: [Int16]) -> Double? {
        let p = pitches(samples).sorted()
        guard !p.isEmpty else { return nil }
        return p.count % 2 == 1 ? p[p.count / 2] : (p[p.count / 2 - 1] + p[p.count / 2]) / 2
    }
}
