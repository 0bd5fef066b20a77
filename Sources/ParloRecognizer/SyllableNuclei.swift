import Foundation

/// How many syllables a stretch of speech holds, counted as the peaks of its loudness in the
/// vocalic band (`FrameEnergy.decibels`, below 1 kHz), and how many a result's pronunciation has.
///
/// A word that is no command ("face", "came") is forced onto the command nearest in sound, and
/// that can be a longer one ("previous", "carry on"): its three vowels then lie over one loudness
/// peak. Nothing else in the evidence counts syllables; the acoustic scores of such results are
/// those of right ones (docs/recognizer-measurements.md, "A result needs its syllables").
/// The counting is the usual syllable-nucleus detector (peaks that stand out from the dips on
/// either side, not too close, not far below the loudest), on the frames the decoder heard.
public enum SyllableNuclei {
    /// A peak must rise this far (dB) above the higher of the dips either side of it.
    public static let prominenceDB: Float = 4
    /// and lie within this many dB of the loudest frame of the stretch.
    public static let rangeDB: Float = 25
    /// Peaks closer than this (10 ms frames) count once: syllables are 0.1 s or longer.
    public static let minimumDistance = 10
    /// Frames of the moving average (a Hann window) the loudness is smoothed with first.
    public static let smoothing = 7

    /// The peaks of `decibels` (one per 10 ms frame) within `range`.
    public static func count(_ decibels: [Float], in range: ClosedRange<Int>) -> Int {
        let smooth = smoothed(decibels)
        let lo = max(0, range.lowerBound), hi = min(smooth.count - 1, range.upperBound)
        guard hi - lo >= 2 else { return 0 }
        let x = Array(smooth[lo...hi])
        let top = x.max()! - rangeDB
        var peaks: [Int] = []
        for i in x.indices where i > 0 && i < x.count - 1 && x[i] > x[i - 1] && x[i] >= x[i + 1] && x[i] >= top {
            guard prominence(of: i, in: x) >= prominenceDB else { continue }
            if let last = peaks.last, i - last < minimumDistance {
                if x[i] > x[last] { peaks[peaks.count - 1] = i }
            } else {
                peaks.append(i)
            }
        }
        return peaks.count
    }

    /// How far `x[i]` stands above the higher of the lowest points between it and the nearest
    /// higher sample on each side (or the stretch's end).
    static func prominence(of i: Int, in x: [Float]) -> Float {
        var left = x[i], j = i - 1
        while j >= 0 && x[j] <= x[i] { left = min(left, x[j]); j -= 1 }
        var right = x[i], k = i + 1
        while k < x.count && x[k] <= x[i] { right = min(right, x[k]); k += 1 }
        return x[i] - max(left, right)
    }

    static func smoothed(_ x: [Float]) -> [Float] {
        let n = smoothing, half = n / 2
        let w = (0..<n).map { Float(0.5 - 0.5 * Foundation.cos(2 * Float.pi * Float($0 + 1) / Float(n + 1))) }
        let total = w.reduce(0, +)
        return x.indices.map { i in
            var s: Float = 0
            for (k, wk) in w.enumerated() {
                let j = i + k - half
                if j >= 0 && j < x.count { s += wk * x[j] }
            }
            return s / total
        }
    }

    /// Vowels of the en-us phone set (cmudict's, which Italian words are mapped onto too).
    public static let vowelPhones: Set<String> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]

    /// Vowels in the first pronunciation of each of `words` (a word without one counts none).
    public static func vowels(of words: [String], in dictionary: PronunciationDictionary) -> Int {
        words.reduce(0) { sum, w in
            sum + (dictionary[w]?.first?.split(separator: " ").filter { vowelPhones.contains(String($0)) }.count ?? 0)
        }
    }
}
