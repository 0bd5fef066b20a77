/// Conversions between 16-bit samples and the −1…1 floats libsndfile and libsoxr work in.
///
/// One scale (32768, as libsndfile uses) in both directions, so a 16-bit file read as floats and
/// written back as 16-bit is unchanged.
public enum PCM {
    /// −1…1 → Int16, rounded and clamped.
    @inline(__always)
    public static func int16(_ s: Float) -> Int16 { Int16(max(-32768, min(32767, (s * 32768).rounded()))) }

    public static func int16(_ samples: [Float]) -> [Int16] { samples.map(int16) }

    public static func float(_ samples: [Int16]) -> [Float] { samples.map { Float($0) / 32768 } }
}

extension Resampler {
    /// Resamples a whole buffer at once, including what libsoxr holds back at the end.
    public static func resample(_ samples: [Int16], from inputRate: Int, to outputRate: Int) throws -> [Int16] {
        guard inputRate != outputRate else { return samples }
        let r = try Resampler(from: inputRate, to: outputRate)
        return PCM.int16(try r.process(PCM.float(samples)) + r.process([]))
    }
}
