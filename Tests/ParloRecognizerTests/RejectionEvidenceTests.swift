import XCTest
@testable import ParloRecognizer

/// The pure parts of rejection: loudness per frame, frame alignment, uncovered speech, confidence.
final class RejectionEvidenceTests: XCTestCase {
    /// One 10 ms frame per level: a whole period of a `hz` sine (100 Hz: a voice's pitch) at that
    /// amplitude.
    func energy(_ frames: [Int16], hz: Double = 100) -> FrameEnergy {
        var e = FrameEnergy()
        let samples = frames.flatMap { tone(amplitude: Double($0), hz: hz, frames: 1) }
        samples.withUnsafeBufferPointer { e.add($0) }
        return e
    }

    func tone(amplitude: Double, hz: Double, frames: Int) -> [Int16] {
        let step = 2 * Double.pi * hz / 16000
        return (0..<(frames * FrameEnergy.samplesPerFrame)).map { i -> Int16 in Int16(amplitude * sin(step * Double(i))) }
    }

    func testLoudFramesFollowTheSignalAndIgnoreSteadyNoise() {
        let e = energy([0, 0, 3000, 3000, 0, 10, 3000])
        XCTAssertEqual(e.decibels.count, 7)
        XCTAssertEqual(e.loudFrames(), [false, false, true, true, false, false, true])
        // Noise at 1/10 of the speech amplitude (20 dB down) is not speech.
        let noisy = energy([300, 300, 300, 3000, 300, 300, 300, 300, 300, 300, 300])
        XCTAssertEqual(noisy.loudFrames().filter { $0 }.count, 1)
    }

    func testOnlyTheVoicedBandCounts() {
        // The same amplitude at a voice's pitch and as a dish's ring at 4 kHz: the ring is
        // measured more than 20 dB down (a second-order low-pass at 1 kHz: 24 dB).
        let voice = energy([3000], hz: 100).decibels[0], ring = energy([3000], hz: 4000).decibels[0]
        XCTAssertEqual(Double(voice), 20 * log10(3000 / 2.squareRoot()), accuracy: 1)
        XCTAssertGreaterThan(voice - ring, 20)
        // Speech, then a ring at a third of its amplitude lasting 0.2 s that no word covers:
        // loud over the whole band, not in the voiced band.
        var e = energy([3000, 3000, 3000, 3000])
        tone(amplitude: 1000, hz: 4000, frames: 20).withUnsafeBufferPointer { e.add($0) }
        [Int16](repeating: 0, count: 4 * FrameEnergy.samplesPerFrame).withUnsafeBufferPointer { e.add($0) }
        XCTAssertEqual(e.loudFrames().filter { $0 }.count, 4)
    }

    /// A vowel's first formant puts most of its energy below 1 kHz; a ring at 1.5 kHz, only 7 dB
    /// down through the filter's slope, puts a fifth of it there.
    func testOnlyFramesWithHalfTheirEnergyBelow1kHzAreVowelLike() {
        XCTAssertEqual(energy([3000, 3000], hz: 500).vowelLike, [true, true])
        XCTAssertEqual(energy([3000, 3000], hz: 1500).vowelLike, [false, false])
        XCTAssertEqual(energy([3000, 3000], hz: 4000).vowelLike, [false, false])
    }

    func testPartialFramesWaitForTheirLastSample() {
        var e = FrameEnergy()
        let half = [Int16](repeating: 1000, count: 100)
        half.withUnsafeBufferPointer { e.add($0) }
        XCTAssertEqual(e.decibels.count, 0)
        half.withUnsafeBufferPointer { e.add($0) }
        XCTAssertEqual(e.decibels.count, 1)
        XCTAssertEqual(e.decibels[0], 60, accuracy: 0.2)     // a steady level passes the low-pass
        e.reset()
        XCTAssertEqual(e.decibels, [])
    }

    func testAlignmentsDropOnlyQuietFramesFromTheEnds() {
        let loud = [false, false, false, true, true, false]
        XCTAssertEqual(aligned(loud, decodedFrames: 6), [loud])
        XCTAssertEqual(aligned(loud, decodedFrames: 3), [[false, true, true], [true, true, false]])
        XCTAssertEqual(aligned([false, false, false, false, true, true], decodedFrames: 2), [[true, true]])
        XCTAssertEqual(aligned([true, true, false, false, false, true], decodedFrames: 3), [])
        XCTAssertEqual(aligned([true, false, false, false], decodedFrames: 1), [[true]])
        XCTAssertEqual(aligned(loud, decodedFrames: 20), [])
    }

    /// `Rejection.alignments`' candidates as the flags they keep.
    func aligned(_ loud: [Bool], decodedFrames: Int) -> [[Bool]] {
        Rejection.alignments(loud, decodedFrames: decodedFrames).map { Array(loud[$0]) }
    }

    func segment(_ w: String, _ s: Int, _ e: Int, word: Bool = true) -> PathSegment {
        PathSegment(word: w, startFrame: s, endFrame: e, acousticScore: -10 * (e - s + 1), isWord: word)
    }

    func testOnlyLongRunsOfSpeechOutsideWordsCount() {
        // 60 loud frames: "read" and "page", the 20 between them explained as silence.
        let loud = [Bool](repeating: true, count: 60)
        let path = [segment("read", 0, 19), segment("<sil>", 20, 39, word: false), segment("page", 40, 59)]
        // 3 frames of margin either side, then 14 uncovered frames in one run.
        XCTAssertEqual(Rejection.uncoveredShare(loud: loud, path: path), 14.0 / 60, accuracy: 1e-9)
        // A short tail (a plosive release) is not missed speech.
        let short = [Bool](repeating: true, count: 28)
        XCTAssertEqual(Rejection.uncoveredShare(loud: short, path: [segment("stop", 0, 19), segment("<sil>", 20, 27, word: false)]), 0)
    }

    /// A word's tail (a last nasal, a breath, a room's reverberation) goes on after the word the
    /// decoder ended; `.catalog` counts a run at either end of two words or more only beyond its first 0.1 s.
    func testARunAtEitherEndOfTheWordsCountsBeyondItsFirstTenthOfASecond() {
        let loud = [Bool](repeating: true, count: 40)
        // After the last word: 17 uncovered frames, 7 of them count.
        let after = [segment("try", 0, 9), segment("again", 10, 19), segment("<sil>", 20, 39, word: false)]
        XCTAssertEqual(Rejection.uncoveredShare(loud: loud, path: after, wordTail: 10), 7.0 / 40, accuracy: 1e-9)
        // Without an allowance (`.default`) all 17 count.
        XCTAssertEqual(Rejection.uncoveredShare(loud: loud, path: after), 17.0 / 40, accuracy: 1e-9)
        // Before the first word, the same.
        let before = [segment("<sil>", 0, 19, word: false), segment("try", 20, 29), segment("again", 30, 39)]
        XCTAssertEqual(Rejection.uncoveredShare(loud: loud, path: before, wordTail: 10), 7.0 / 40, accuracy: 1e-9)
        // "again" and its 0.13 s nasal murmur: 3 frames left, under the 0.1 s a run needs.
        let again = [Bool](repeating: true, count: 36)
        let murmur = [segment("try", 0, 9), segment("again", 10, 19), segment("<sil>", 20, 35, word: false)]
        XCTAssertEqual(Rejection.uncoveredShare(loud: again, path: murmur, wordTail: 10), 3.0 / 36, accuracy: 1e-9)
        // Speech that starts again after a quiet gap is no tail: all 20 frames count.
        let later = [Bool](repeating: true, count: 20) + [Bool](repeating: false, count: 5) + [Bool](repeating: true, count: 20)
        let gap = [segment("try", 0, 9), segment("again", 10, 19), segment("<sil>", 20, 44, word: false)]
        XCTAssertEqual(Rejection.uncoveredShare(loud: later, path: gap, wordTail: 10), 20.0 / 40, accuracy: 1e-9)
    }

    /// A lone word keeps the whole count: "star" heard as "stop" leaves its own end uncovered.
    func testALoneWordsTailCountsWhole() {
        let loud = [Bool](repeating: true, count: 40)
        XCTAssertEqual(Rejection.uncoveredShare(loud: loud, path: [segment("stop", 0, 19), segment("<sil>", 20, 39, word: false)],
                                                     wordTail: 10), 17.0 / 40, accuracy: 1e-9)
    }

    func testConfidenceIsOneHalfAtEachThresholdAndFallsBeyond() {
        let r = Rejection.default
        let path = [segment("open", 0, 9), segment("math", 10, 19)]
        var e = RejectionEvidence(scorePerFrame: r.minimumScorePerFrame, worstWordScorePerFrame: 0, uncoveredSpeech: 0)
        XCTAssertEqual(r.confidence(e), 0.5, accuracy: 1e-9)
        e.scorePerFrame -= 10
        XCTAssertLessThan(r.confidence(e), 0.1)
        e = RejectionEvidence(scorePerFrame: -10, worstWordScorePerFrame: -20, uncoveredSpeech: r.maximumUncoveredSpeech + 0.1)
        XCTAssertLessThan(r.confidence(e), 0.5)
        e.uncoveredSpeech = nil
        XCTAssertGreaterThan(r.confidence(e), 0.99)
        let measured = r.evidence(path: path, energy: energy([Int16](repeating: 2000, count: 20)), decodedFrames: 20)
        XCTAssertEqual(measured.scorePerFrame, -10)
        XCTAssertEqual(measured.worstWordScorePerFrame, -10)
        XCTAssertEqual(measured.uncoveredSpeech, 0)
    }

    /// A result none of whose words lies over frames loud below 1 kHz has no vowel (a clink the
    /// decoder took for "pause", with a good score per frame): every preset rejects it, and its
    /// confidence stays under 0.5.
    func testAResultWithoutAVowelIsRejected() {
        let loud = [Bool](repeating: false, count: 10) + [Bool](repeating: true, count: 8) + [Bool](repeating: false, count: 22)
        let command = [segment("<sil>", 0, 9, word: false), segment("open", 10, 19), segment("math", 20, 39)]
        XCTAssertEqual(try XCTUnwrap(Rejection.voicedWord(vocalic: loud, path: command)), 0.8, accuracy: 1e-9)
        let clink = [segment("<sil>", 0, 19, word: false), segment("pause", 20, 39)]
        XCTAssertEqual(Rejection.voicedWord(vocalic: loud, path: clink), 0)
        XCTAssertNil(Rejection.voicedWord(vocalic: loud, path: [segment("a", 20, 23)]), "words under 5 frames are not judged")
        let ring = [Bool](repeating: false, count: 25) + [true] + [Bool](repeating: false, count: 14)
        XCTAssertEqual(Rejection.voicedWord(vocalic: ring, path: [segment("pause", 20, 29)]), 0,
                       "one vocalic frame in ten is no vowel, though it is the tenth minimumVoicedWord asks for")
        XCTAssertEqual(try XCTUnwrap(Rejection.voicedWord(vocalic: ring.enumerated().map { $0.element || $0.offset == 26 },
                                                          path: [segment("pause", 20, 29)])), 0.2, accuracy: 1e-9)

        let voiceless = RejectionEvidence(scorePerFrame: -25, worstWordScorePerFrame: -40, uncoveredSpeech: 0, words: 1, voicedWord: 0)
        var voiced = voiceless
        voiced.voicedWord = 0.3
        for (name, r) in [("default", Rejection.default), ("catalog", .catalog), ("live", .live), ("streaming", .streamingFloors)] {
            XCTAssertFalse(r.rejects(voiced), name)
            XCTAssertTrue(r.rejects(voiceless), name)
            XCTAssertLessThan(r.confidence(voiceless), 0.5, name)
        }
    }

    /// A long file's utterances (`.longFile`) are judged as live listening's, on `.live`'s
    /// confidence recalibrated (Platt scaling: σ(slope · z + offset)): the ranking stays, and an
    /// utterance `.live` puts at 0.6 is now more likely wrong than right, while one it is sure
    /// of stays sure.
    func testLongFilesReadLiveListeningsConfidenceRecalibrated() throws {
        let r = Rejection.longFile, live = ConfidenceModel.live
        let model = try XCTUnwrap(r.calibration)
        XCTAssertEqual(r.minimumConfidence, Rejection.live.minimumConfidence)
        XCTAssertEqual(r.loop, Rejection.live.loop)
        XCTAssertEqual(r.beam, Rejection.live.beam)
        let logit = { (p: Double) in log(p / (1 - p)) }
        let evidence = (0..<40).map { i in
            RejectionEvidence(scorePerFrame: -20 - Double(i), worstWordScorePerFrame: -30 - 1.5 * Double(i),
                              uncoveredSpeech: Double(i % 5) * 0.05, words: 1 + i % 4, unfinished: i % 7 == 0)
        }
        for e in evidence {
            XCTAssertEqual(logit(model.probability(e)), 1.2375 * logit(live.probability(e)) - 0.6603, accuracy: 1e-9)
        }
        let ranked = evidence.sorted { live.probability($0) < live.probability($1) }.map(model.probability)
        XCTAssertEqual(ranked, ranked.sorted(), "the ranking of results stays")
        let grid = (0..<600).map { i in
            RejectionEvidence(scorePerFrame: -20 - Double(i) / 10, worstWordScorePerFrame: -30 - Double(i) / 10, uncoveredSpeech: 0, words: 3)
        }
        let doubtful = try XCTUnwrap(grid.first { abs(live.probability($0) - 0.6) < 0.01 }, "an utterance live reads at about 0.6")
        XCTAssertFalse(Rejection.live.rejects(doubtful))
        XCTAssertTrue(r.rejects(doubtful))
        let sure = try XCTUnwrap(grid.first { live.probability($0) > 0.97 })
        XCTAssertGreaterThan(model.probability(sure), live.probability(sure))
        XCTAssertFalse(r.rejects(sure))
    }

    /// `.catalog` (batch) reports `ConfidenceModel.batch`'s probability while its floors decide,
    /// and a result they pass that the probability puts under 0.3 is rejected too; a minimum
    /// confidence hands the whole decision to that probability, as `.live` does.
    func testCatalogReportsACalibratedConfidenceWhileItsFloorsDecide() throws {
        var r = Rejection.catalog
        let model = try XCTUnwrap(r.calibration)
        XCTAssertNil(r.minimumConfidence)
        XCTAssertEqual(r.minimumConfidenceBesideFloors, 0.3)
        // Above every floor, but a fit the model doubts (a low score per frame, just over the
        // long-result floor of -64, and not what the search was settling on): confidence < 0.3,
        // so rejected beside the floors; with that check off, the floors alone accept it.
        let doubtful = RejectionEvidence(scorePerFrame: -62, worstWordScorePerFrame: -95, uncoveredSpeech: 0, words: 4,
                                         unfinished: true)
        XCTAssertGreaterThan(r.floorMargin(doubtful), 0.5)
        XCTAssertEqual(r.confidence(doubtful), model.probability(doubtful), accuracy: 1e-12)
        XCTAssertLessThan(r.confidence(doubtful), 0.3)
        XCTAssertTrue(r.rejects(doubtful))
        var floorsAlone = r
        floorsAlone.minimumConfidenceBesideFloors = nil
        XCTAssertFalse(floorsAlone.rejects(doubtful))
        // Without a calibration there is no probability to ask: the floors alone decide.
        floorsAlone = r
        floorsAlone.calibration = nil
        XCTAssertFalse(floorsAlone.rejects(doubtful))
        // Under the long-result floor: rejected, whatever the model says.
        let forced = RejectionEvidence(scorePerFrame: -66, worstWordScorePerFrame: -70, uncoveredSpeech: 0, words: 4)
        XCTAssertTrue(r.rejects(forced))
        let clean = RejectionEvidence(scorePerFrame: -30, worstWordScorePerFrame: -45, uncoveredSpeech: 0, words: 3)
        XCTAssertGreaterThan(r.confidence(clean), 0.9)
        XCTAssertGreaterThan(r.confidence(clean), r.confidence(doubtful))
        XCTAssertFalse(r.rejects(clean))
        // --min-confidence: the probability decides and the floors are not used.
        r.minimumConfidence = 0.5
        XCTAssertTrue(r.rejects(doubtful))
        r.minimumConfidence = 0
        XCTAssertFalse(r.rejects(forced))
        // Without a calibration the floors' margin is the confidence, as before.
        XCTAssertEqual(Rejection.default.confidence(forced), Rejection.default.floorMargin(forced))
    }
}
