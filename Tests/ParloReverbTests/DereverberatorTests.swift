import ParloCore
import ParloTesting
import XCTest
@testable import ParloReverb

final class DereverberatorTests: XCTestCase {
    private typealias Room = RoomSignals

    func testTakesTheLateTailOutOfTheGapsAndKeepsTheBursts() {
        let dry = Room.bursts(seconds: 6, seed: 1)
        let wet = Room.int16(Room.reverberate(dry, t60: 0.6, seed: 2))
        let out = Dereverberator().process(wet)
        XCTAssertEqual(out.count, wet.count)
        // The gaps from 50 ms after a burst to the next: only the room's tail is there.
        let gap = { (n: Int) in n % 5_600 >= 2_400 && n > 5_600 }
        let burst = { (n: Int) in n % 5_600 < 1_600 && n > 5_600 }
        let tailBefore = Room.level(wet, where: gap), tailAfter = Room.level(out, where: gap)
        // 3.4 dB less here (a tail about as loud as the direct sound, white bursts that the
        // predictor can tell from the tail only by their timing); a stage that did nothing gives 0.
        XCTAssertLessThan(tailAfter, tailBefore - 2, "late reverberation in the gaps: \(tailBefore) dB before, \(tailAfter) dB after")
        XCTAssertEqual(Room.level(out, where: burst), Room.level(wet, where: burst), accuracy: 3, "the bursts themselves keep their level")
    }

    func testLeavesDryAudioNearlyAsItIs() {
        let dry = Room.int16(Room.bursts(seconds: 4, seed: 3))
        let out = Dereverberator().process(dry)
        let error = zip(dry, out).map { Double($0) - Double($1) }
        XCTAssertLessThan(Room.level(error.map { Int16(clamping: Int($0)) }) { _ in true }, Room.level(dry) { _ in true } - 10,
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
