import Foundation
import ParloCore

/// Signals for the room tests (dereverberation, the stages alone and `parlo batch` on long files;
/// where speech is in noise): syllable-like bursts, a synthetic room, pink room noise, levels.
public enum RoomSignals {
    /// Bursts of noise (100 ms on, 250 ms off), as syllables are, at −20 dBFS.
    public static func bursts(seconds: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<Int(seconds * 16_000)).map { n in n % 5_600 < 1_600 ? 0.1 * random.signedUnit() * 3.0.squareRoot() : 0 }
    }

    /// `dry` through a room: the direct sound, then from 10 ms on a tail of noise decaying by
    /// 60 dB in `t60` seconds (a bare room's late reverberation), as loud as the direct sound.
    public static func reverberate(_ dry: [Double], t60: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        let length = Int(t60 * 16_000)
        var response = [Double](repeating: 0, count: length)
        response[0] = 1
        for n in 160..<length { response[n] = 0.06 * random.signedUnit() * pow(10, -3 * Double(n) / Double(length)) }
        var wet = [Double](repeating: 0, count: dry.count)
        for (i, x) in dry.enumerated() where x != 0 {
            for n in 0..<min(length, dry.count - i) { wet[i + n] += x * response[n] }
        }
        return wet
    }

    public static func int16(_ x: [Double]) -> [Int16] { x.map { Int16(clamping: Int(($0 * 32768).rounded())) } }

    /// Mean square of the samples where `inGap` says, in dB.
    public static func level(_ x: [Int16], where inGap: (Int) -> Bool) -> Double {
        var sum = 0.0, count = 0
        for (n, s) in x.enumerated() where inGap(n) { sum += Double(s) * Double(s); count += 1 }
        return 10 * log10(sum / Double(max(count, 1)) + 1e-9)
    }

    /// `speech` with `lead` and `tail` seconds of silence around it, all under pink noise
    /// `snr` dB below the speech's active level (below −26 dBFS without speech).
    public static func inPinkNoise(_ speech: [Int16], lead: Double, tail: Double, snr: Double, seed: UInt64 = 7) -> [Int16] {
        let rate = Double(SpeechFormat.sampleRate)
        let padded = [Int16](repeating: 0, count: Int(lead * rate)) + speech + [Int16](repeating: 0, count: Int(tail * rate))
        let level = (SpeechLevel.activeDBFS(speech) ?? SpeechLevel.standardDBFS) - snr
        let noise = PinkNoise.samples(count: padded.count, seed: seed)
        let scale = PinkNoise.scale(toDBFS: level)
        return zip(padded, noise).map { Int16(clamping: Int((Double($0) + $1 * scale).rounded())) }
    }

    /// The Italian sentence another person says around a command in the second-look tests.
    public static let talkerSentence = "oggi pomeriggio andiamo al mercato a comprare la frutta e la verdura"

    /// `command` with `talk` (another person, `belowDB` quieter by active level) for `seconds`
    /// right before and after it; nil when `talk` lasts less than twice `seconds`.
    public static func withTalker(_ command: [Int16], talk: [Int16], belowDB: Double, seconds: Double = 1.5) -> [Int16]? {
        let half = Int(seconds * Double(SpeechFormat.sampleRate))
        guard talk.count >= 2 * half else { return nil }
        let gain = pow(10, ((SpeechLevel.activeDBFS(command) ?? -26) - belowDB - (SpeechLevel.activeDBFS(talk) ?? -26)) / 20)
        let quiet = talk.prefix(2 * half).map { Int16(clamping: Int((Double($0) * gain).rounded())) }
        return Array(quiet[..<half]) + command + Array(quiet[half...])
    }
}
