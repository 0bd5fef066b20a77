import XCTest
@testable import ParloRecognizer

/// Syllables counted as loudness peaks, and the rule that a result needs about as many as its
/// vowels (`Rejection.minimumSyllableShare`).
final class SyllableNucleiTests: XCTestCase {
    /// A loudness contour (dB per 10 ms frame): `count` bumps of `width` frames, `dip` dB deep
    /// between them, each 1 dB under the one before (as no two syllables are equally loud), over
    /// a floor.
    func bumps(_ count: Int, width: Int = 16, dip: Float = 12, peak: Float = 70) -> [Float] {
        var x = [Float](repeating: 20, count: 10)
        for b in 0..<count {
            let top = peak - Float(b)
            x += (0..<width).map { i in top - dip * Float(abs(Double(i) - Double(width - 1) / 2) / (Double(width) / 2)) }
        }
        return x + [Float](repeating: 20, count: 10)
    }

    func testCountsEachSyllableOnce() {
        for n in 1...4 {
            let x = bumps(n)
            XCTAssertEqual(SyllableNuclei.count(x, in: 0...(x.count - 1)), n, "\(n) bumps")
        }
        // Within the words' span only: the last bump left out.
        let x = bumps(3)
        XCTAssertEqual(SyllableNuclei.count(x, in: 0...(10 + 2 * 16 - 1)), 2)
    }

    func testShallowRipplesCloseOrFarBelowAreNoSyllables() {
        XCTAssertEqual(SyllableNuclei.count(bumps(3, dip: 2), in: 0...57), 1, "dips of 2 dB are one vowel's ripple")
        XCTAssertEqual(SyllableNuclei.count(bumps(2, width: 6, dip: 30), in: 0...31), 1,
                       "peaks 60 ms apart are closer than syllables come")
        XCTAssertEqual(SyllableNuclei.count(bumps(2, width: 12, dip: 30), in: 0...43), 2)
        var x = bumps(2)
        x += bumps(1, peak: 35)                      // 35 dB under the loudest: the room, not a syllable
        XCTAssertEqual(SyllableNuclei.count(x, in: 0...(x.count - 1)), 2)
        XCTAssertEqual(SyllableNuclei.count([50, 60], in: 0...1), 0, "too short to hold a peak")
    }

    func testVowelsComeFromThePronunciations() {
        var dict = PronunciationDictionary()
        dict.add("previous", "P R IY V IY AH S")
        dict.add("carry", "K AE R IY")
        dict.add("on", "AA N")
        dict.add("on", "AO N")
        XCTAssertEqual(SyllableNuclei.vowels(of: ["previous"], in: dict), 3)
        XCTAssertEqual(SyllableNuclei.vowels(of: ["carry", "on"], in: dict), 3)
        XCTAssertEqual(SyllableNuclei.vowels(of: ["unknown"], in: dict), 0)
    }

    /// "came" heard as "carry on": one syllable under three vowels is refused by every preset;
    /// two of three, a one-vowel result, or two syllables under six, is not.
    func testAResultNeedsAboutHalfItsSyllables() {
        var e = RejectionEvidence(scorePerFrame: -25, worstWordScorePerFrame: -40, uncoveredSpeech: 0, words: 2, voicedWord: 0.5)
        e.vowels = 3
        e.syllables = 1
        var heard = e
        heard.syllables = 2
        var short = e
        short.vowels = 1
        short.syllables = 0
        var unmeasured = e
        unmeasured.syllables = nil
        var phrase = e                               // a connected phrase undercounts: not judged
        phrase.vowels = 6
        phrase.syllables = 2
        for (name, r) in [("default", Rejection.default), ("catalog", .catalog), ("live", .live), ("streaming", .streamingFloors)] {
            XCTAssertTrue(r.rejects(e), name)
            XCTAssertLessThan(r.confidence(e), 0.5, name)
            XCTAssertFalse(r.rejects(heard), name)
            XCTAssertFalse(r.rejects(short), name)
            XCTAssertFalse(r.rejects(unmeasured), name)
            XCTAssertFalse(r.rejects(phrase), name)
        }
        XCTAssertEqual(Rejection.catalog.syllableMargin(heard), 1, accuracy: 1e-6)
    }
}
