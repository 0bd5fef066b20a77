import ParloCore
import XCTest
@testable import ParloReverb

final class DereverberatorTests: XCTestCase {
    /// Bursts of noise (100 ms on, 250 ms off), as syllables are, at −20 dBFS.
    private func bursts(seconds: Double, seed: UInt64) -> [Double] {
        var random = SeededRandom(seed: seed)
        return (0..<Int(seconds * 16_000)).map { n in n % 5_600 < 1_600 ? 0.1 * random.signedUnit() * 3.0.squareRoot() : 0 }
    }

    /// `dry` through a room: the direct sound, then from 10 ms on a tail of noise decaying by
    /// 60 dB in `t60` seconds (a bare room's late reverberation), as loud as the direct sound.
    private func reverberate(_ dry: [Double], t60: Double, seed: UInt64) -> [Double] {
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

    private func int16(_ x: [Double]) -> [Int16] { x.map { Int16(clamping: Int(($0 * 32768).rounded())) } }

    /// Mean square of the samples where `inGap` says, in dB.
    private func level(_ x: [Int16], where inGap: (Int) -> Bool) -> Double {
        var sum = 0.0, count = 0
        for (n, s) in x.enumerated() where inGap(n) { sum += Double(s) * Double(s); count += 1 }
        return 10 * log10(sum / Double(max(count, 1)) + 1e-9)
    }

    func testTakesTheLateTailOutOfTheGapsAndKeepsTheBursts() {
        let dry = bursts(seconds: 6, seed: 1)
        let wet = int16(reverberate(dry, t60: 0.6, seed: 2))
        let out = Dereverberator().process(wet)
        XCTAssertEqual(out.count, wet.count)
        // The gaps from 50 ms after a burst to the next: only the room's tail is there.
        let gap = { (n: Int) in n % 5_600 >= 2_400 && n > 5_600 }
        let burst = { (n: Int) in n % 5_600 < 1_600 && n > 5_600 }
        let tailBefore = level(wet, where: gap), tailAfter = level(out, where: gap)
        // 3.4 dB less here (a tail about as loud as the direct sound, white bursts that the
        // predictor can tell from the tail only by their timing); a stage that did nothing gives 0.
        XCTAssertLessThan(tailAfter, tailBefore - 2, "late reverberation in the gaps: \(tailBefore) dB before, \(tailAfter) dB after")
        XCTAssertEqual(level(out, where: burst), level(wet, where: burst), accuracy: 3, "the bursts themselves keep their level")
    }

    func testLeavesDryAudioNearlyAsItIs() {
        let dry = int16(bursts(seconds: 4, seed: 3))
        let out = Dereverberator().process(dry)
        let error = zip(dry, out).map { Double($0) - Double($1) }
        XCTAssertLessThan(level(error.map { Int16(clamping: Int($0)) }) { _ in true }, level(dry) { _ in true } - 10,
                          "no room to take out: what changes stays 10 dB under the signal")
    }

    func testShortOrSilentInputComesBackUnchanged() {
        let short: [Int16] = (0..<500).map { Int16($0) }
        XCTAssertEqual(Dereverberator().process(short), short, "shorter than a frame")
        let silence = [Int16](repeating: 0, count: 32_000)
        XCTAssertEqual(Dereverberator().process(silence), silence, "nothing to predict, nothing made up")
        XCTAssertEqual(Dereverberator().process([]), [])
    }

    func testAnalysisThenSynthesisGivesTheInputBack() {
        var random = SeededRandom(seed: 4)
        let x = (0..<5_000).map { _ in Float(random.signedUnit()) }
        let stft = ShortTimeSpectrum(length: 1024, hop: 256)
        let (re, im, frames) = stft.analyse(x)
        XCTAssertEqual(frames, stft.frameCount(x.count))
        let y = stft.synthesise(re: re, im: im, frames: frames, count: x.count)
        XCTAssertEqual(y.count, x.count)
        XCTAssertLessThan(zip(x, y).map { abs($0 - $1) }.max()!, 1e-4)
    }

    func testSolvesAHermitianSystem() {
        // R = A·Aᴴ + I for a fixed complex A; p = R·g.
        let ar: [Double] = [1, 0.5, -0.2, 0.3, 2, 0.1, -0.4, 0.2, 1.5], ai: [Double] = [0.2, -0.1, 0.3, 0, 0.4, -0.5, 0.1, 0.2, -0.3]
        let n = 3
        var rr = [Double](repeating: 0, count: 9), ri = rr
        for i in 0..<n { for j in 0..<n { for m in 0..<n {   // A[i][m]·conj(A[j][m])
            rr[i * n + j] += ar[i * n + m] * ar[j * n + m] + ai[i * n + m] * ai[j * n + m]
            ri[i * n + j] += ai[i * n + m] * ar[j * n + m] - ar[i * n + m] * ai[j * n + m]
        } }; rr[i * n + i] += 1 }
        let gr: [Double] = [0.7, -1.2, 0.4], gi: [Double] = [0.1, 0.5, -0.9]
        var pr = [Double](repeating: 0, count: n), pi = pr
        for i in 0..<n { for j in 0..<n {
            pr[i] += rr[i * n + j] * gr[j] - ri[i * n + j] * gi[j]
            pi[i] += rr[i * n + j] * gi[j] + ri[i * n + j] * gr[j]
        } }
        let solved = Dereverberator.solveHermitian(rr: rr, ri: ri, pr: pr, pi: pi, size: n)
        XCTAssertNotNil(solved)
        for i in 0..<n {
            XCTAssertEqual(solved!.re[i], gr[i], accuracy: 1e-6)
            XCTAssertEqual(solved!.im[i], gi[i], accuracy: 1e-6)
        }
        XCTAssertNil(Dereverberator.solveHermitian(rr: [-1], ri: [0], pr: [1], pi: [0], size: 1), "not positive definite")
    }
}
