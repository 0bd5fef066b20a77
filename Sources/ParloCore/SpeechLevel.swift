import Foundation

/// How loud the speech in a recording is, and the gain that brings it to Parlo's standard level.
///
/// Speech power is measured on the active frames only, the way speech-in-noise test sets measure
/// it: 20 ms frames whose energy is within 40 dB of the loudest frame (this leaves out the
/// silence around an utterance, which would otherwise lower the figure). The evaluation sets mix
/// their noise against this measure, and put speech at `standardDBFS`.
public enum SpeechLevel {
    /// Frame length for the activity decision (20 ms at 16 kHz).
    public static let frameLength = 320
    /// Frames more than this many dB below the loudest frame are silence.
    public static let activityRangeDB = 40.0
    /// The active speech level Parlo's fixtures and evaluation sets are made at, dBFS RMS.
    public static let standardDBFS = -26.0
    /// Files within this many dB of `standardDBFS` are left as they are; others are brought to
    /// the nearer edge of that range. The level is measured on the file as it is, noise
    /// included: on DEV's 20 and 15 dB files (speech at −26 dBFS under steady noise) it reads a
    /// few dB low, and bringing every file exactly to −26 cost 10 of 240 commands there.
    public static let toleranceDB = 6.0
    /// The most a quiet file is raised: beyond it, what is left is the converter's noise.
    public static let maximumGainDB = 30.0

    /// Measures the active level of audio that arrives in pieces (a file read block by block)
    /// in constant memory: each 20 ms frame's energy goes into a histogram of 0.1 dB bins that
    /// keeps the bin's count of samples and sum of energies, so an hour of audio costs what a
    /// second does. Only the activity threshold is rounded to a bin (0.1 dB); the sums are exact.
    public struct Meter: Sendable {
        private static let binDB = 0.1, lowestDB = -200.0, bins = 2_200   // −200 … +20 dB re 1
        private var counts = [Int](repeating: 0, count: bins)
        private var sums = [Double](repeating: 0, count: bins)
        private var loudest = 0.0
        private var partial = 0.0, partialCount = 0
        /// The largest sample magnitude seen.
        public private(set) var peak = 0

        public init() {}

        /// A meter that has measured `samples`.
        public init(_ samples: [Int16]) { add(samples) }

        public mutating func add<C: Collection>(_ samples: C) where C.Element == Int16 {
            for s in samples {
                let x = Double(s)
                partial += x * x
                partialCount += 1
                peak = max(peak, abs(Int(s)))
                if partialCount == frameLength { closeFrame() }
            }
        }

        private mutating func closeFrame() {
            let energy = partial / Double(partialCount)
            let bin = Self.bin(energy)
            counts[bin] += partialCount
            sums[bin] += partial
            loudest = max(loudest, energy)
            partial = 0; partialCount = 0
        }

        private static func bin(_ energy: Double) -> Int {
            guard energy > 0 else { return 0 }
            let db = 10 * log10(energy / (32768.0 * 32768.0))
            return min(bins - 1, max(0, Int(((db - lowestDB) / binDB).rounded(.down))))
        }

        /// Mean square over the active frames (0 for silence).
        public var activePower: Double {
            var m = self
            if m.partialCount > 0 { m.closeFrame() }
            guard m.loudest > 0 else { return 0 }
            let first = Self.bin(m.loudest * pow(10, -activityRangeDB / 10))
            var sum = 0.0, count = 0
            for i in first..<Self.bins { sum += m.sums[i]; count += m.counts[i] }
            return count == 0 ? 0 : sum / Double(count)
        }

        /// The active level in dBFS RMS (nil for digital silence).
        public var activeDBFS: Double? {
            let p = activePower
            return p > 0 ? 10 * log10(p / (32768.0 * 32768.0)) : nil
        }

        /// The gain, in dB, that `standardised` applies to this audio (0: none).
        public var standardisingGainDB: Double {
            guard let level = activeDBFS else { return 0 }
            let off = level - standardDBFS
            guard abs(off) > toleranceDB else { return 0 }
            var gainDB = min(-(off - (off > 0 ? toleranceDB : -toleranceDB)), maximumGainDB)
            if peak > 0 { gainDB = min(gainDB, 20 * log10(32767.0 / Double(peak))) }
            return abs(gainDB) >= 0.1 ? gainDB : 0
        }
    }

    /// Mean square of `samples` over their active frames (see the type's description).
    public static func activePower(_ samples: [Int16]) -> Double { Meter(samples).activePower }

    /// The active level of `samples` in dBFS RMS (nil for digital silence).
    public static func activeDBFS(_ samples: [Int16]) -> Double? { Meter(samples).activeDBFS }

    /// `samples` brought within `toleranceDB` of `standardDBFS`, as an automatic gain control
    /// would: raised by at most `maximumGainDB`, and never beyond full scale (a loud click
    /// limits the gain).
    public static func standardised(_ samples: [Int16]) -> [Int16] {
        scaled(samples, byDB: Meter(samples).standardisingGainDB)
    }

    /// `samples` times `gainDB` (clamped to 16 bits).
    public static func scaled(_ samples: [Int16], byDB gainDB: Double) -> [Int16] {
        guard gainDB != 0 else { return samples }
        let g = pow(10, gainDB / 20)
        return samples.map { Int16(clamping: Int((Double($0) * g).rounded())) }
    }
}
