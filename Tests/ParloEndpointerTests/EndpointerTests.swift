import ParloEndpointer
import XCTest

final class EndpointerTests: XCTestCase {
    /// Runs windows of the given dB values (20 ms each) and returns the actions with their window index.
    func run(_ dbs: [Float], _ config: EndpointerConfiguration = .init(), ep: inout Endpointer) -> [(Int, Endpointer.Action)] {
        var out: [(Int, Endpointer.Action)] = []
        for (i, db) in dbs.enumerated() {
            if let a = ep.process(rmsDB: db, at: Double(i + 1) * 0.02) { out.append((i, a)) }
        }
        return out
    }

    func rep(_ db: Float, _ n: Int) -> [Float] { [Float](repeating: db, count: n) }

    func testUtteranceStartsAfterMinimumSpeechAndEndsAfterHangover() {
        var ep = Endpointer()
        let acts = run(rep(-60, 50) + rep(-20, 40) + rep(-60, 30), ep: &ep)
        XCTAssertEqual(acts.count, 2)
        // Onset at window 50 (t = 1.00); confirmed after 0.1 s at the end of window 54.
        guard case .speechStart(let t, let from) = acts[0].1 else { return XCTFail() }
        XCTAssertEqual(t, 1.10, accuracy: 1e-9)
        XCTAssertEqual(from, 0.70, accuracy: 1e-9)   // 0.3 s pre-roll
        // Quiet from window 90 (t = 1.80); hangover 0.2 s → decided at 2.00.
        guard case .speechEnd(let t2, let ended) = acts[1].1 else { return XCTFail() }
        XCTAssertEqual(ended, 1.80, accuracy: 1e-9)
        XCTAssertEqual(t2, 2.00, accuracy: 1e-9)
        XCTAssertEqual(ep.state, .waiting)
    }

    func testClickShorterThanMinimumSpeechIsIgnored() {
        var ep = Endpointer()
        XCTAssertTrue(run(rep(-60, 20) + rep(-10, 3) + rep(-60, 40), ep: &ep).isEmpty)
        XCTAssertEqual(ep.state, .waiting)
    }

    func testShortPauseInsideHangoverKeepsTheUtterance() {
        var ep = Endpointer()
        let acts = run(rep(-60, 10) + rep(-20, 20) + rep(-60, 5) + rep(-20, 20) + rep(-60, 20), ep: &ep)
        XCTAssertEqual(acts.count, 2)
        if case .speechEnd(_, let ended) = acts[1].1 { XCTAssertEqual(ended, 1.10, accuracy: 1e-9) } else { XCTFail() }
    }

    /// While the caller says the words so far await more, a pause must last `unfinishedHangover`
    /// to end the utterance; once it is over, the flag is cleared for the next one.
    func testAPauseAwaitingMoreWordsWaitsTheUnfinishedHangover() {
        var config = EndpointerConfiguration()
        config.unfinishedHangover = 0.6
        // Speech, a 0.4 s pause (20 windows), speech, then quiet.
        let levels = rep(-60, 10) + rep(-20, 20) + rep(-60, 20) + rep(-20, 20) + rep(-60, 40)
        func ends(awaitingMore: Bool) -> [Double] {
            var ep = Endpointer(configuration: config)
            var out: [Double] = []
            for (i, db) in levels.enumerated() {
                if ep.phase == .deciding { ep.awaitingMore = awaitingMore }
                if case .speechEnd(_, let ended)? = ep.process(rmsDB: db, at: Double(i + 1) * 0.02) { out.append(ended) }
            }
            XCTAssertFalse(ep.awaitingMore, "cleared when the utterance ends")
            return out
        }
        XCTAssertEqual(ends(awaitingMore: false).count, 2, "the usual hangover (0.2 s) ends it at the pause")
        let held = ends(awaitingMore: true)
        XCTAssertEqual(held.count, 1, "one utterance across the pause")
        XCTAssertEqual(held.first ?? 0, 1.40, accuracy: 1e-9)
        // Without an unfinished hangover the flag changes nothing.
        var ep = Endpointer()
        ep.awaitingMore = true
        XCTAssertEqual(run(levels, ep: &ep).count, 4)
    }

    /// Only one pause of an utterance may wait the unfinished hangover: once speech resumed after
    /// such a wait, the next pause ends it at the usual hangover (noise that keeps resuming the
    /// wait would chain utterances together).
    func testOnlyOnePauseOfAnUtteranceWaitsTheUnfinishedHangover() {
        var config = EndpointerConfiguration()
        config.unfinishedHangover = 0.6
        // Speech, a 0.4 s pause, speech, another 0.4 s pause, speech, quiet.
        let levels = rep(-60, 10) + rep(-20, 20) + rep(-60, 20) + rep(-20, 20) + rep(-60, 20) + rep(-20, 20) + rep(-60, 40)
        var ep = Endpointer(configuration: config)
        var ends: [Double] = []
        for (i, db) in levels.enumerated() {
            if ep.phase == .deciding { ep.awaitingMore = true }
            if case .speechEnd(_, let ended)? = ep.process(rmsDB: db, at: Double(i + 1) * 0.02) { ends.append(ended) }
        }
        XCTAssertEqual(ends.count, 2, "the first pause waits, the second ends the utterance")
        XCTAssertEqual(ends.first ?? 0, 1.40, accuracy: 1e-9)
    }

    func testPhasesThroughAnUtterance() {
        var ep = Endpointer()
        var phases: [Endpointer.Phase] = []
        for (i, db) in (rep(-60, 10) + rep(-20, 10) + rep(-60, 15)).enumerated() {
            _ = ep.process(rmsDB: db, at: Double(i + 1) * 0.02)
            if phases.last != ep.phase { phases.append(ep.phase) }
        }
        XCTAssertEqual(phases, [.waiting, .hearing, .deciding, .waiting])
    }

    func testNoiseFloorAdaptsSoSteadyNoiseIsNotSpeech() {
        var ep = Endpointer()
        // A fan at −40 dBFS: loud relative to the initial floor, so it may start one utterance,
        // but the floor rises to it and then it no longer counts as speech.
        _ = run(rep(-40, 1500), ep: &ep)
        XCTAssertEqual(ep.noiseFloorDB, -40, accuracy: 1)
        XCTAssertEqual(ep.state, .waiting)
        // Speech 15 dB above the fan is heard.
        var acts: [Endpointer.Action] = []
        for (i, db) in (rep(-25, 20) + rep(-40, 20)).enumerated() {
            if let a = ep.process(rmsDB: db, at: 30 + Double(i + 1) * 0.02) { acts.append(a) }
        }
        XCTAssertEqual(acts.count, 2)
    }

    func testQuietRoomNeedsAbsoluteLevel() {
        var ep = Endpointer()
        // Digital silence would make any whisper "12 dB above the floor"; the absolute minimum stops that.
        XCTAssertTrue(run(rep(-60, 10) + rep(-52, 50), ep: &ep).isEmpty)
    }

    func testMaximumUtteranceForcesAnEnd() {
        var config = EndpointerConfiguration()
        config.maximumUtterance = 1
        var ep = Endpointer(configuration: config)
        let acts = run(rep(-60, 10) + rep(-10, 100), config, ep: &ep)
        XCTAssertGreaterThanOrEqual(acts.count, 2)
        guard case .speechEnd(let t, _) = acts[1].1 else { return XCTFail() }
        XCTAssertEqual(t, 1.0, accuracy: 1e-6)   // measured from the start of the audio fed (pre-roll included)
    }

    func testFlushEndsAnOpenUtterance() {
        var ep = Endpointer()
        _ = run(rep(-60, 10) + rep(-20, 20), ep: &ep)
        XCTAssertTrue(ep.inUtterance)
        XCTAssertEqual(ep.flush(at: 0.5), .speechEnd(t: 0.5, speechEndedAt: 0.5))
        XCTAssertNil(ep.flush(at: 0.6))
    }

    func testCalibrationStartsTheFloorAtTheRoomLevel() {
        var ep = Endpointer()
        // A room at −42 dBFS from the first window: measured, not mistaken for speech.
        XCTAssertTrue(run(rep(-42, 100), ep: &ep).isEmpty)
        XCTAssertEqual(ep.noiseFloorDB, -42, accuracy: 0.5)
        // Speech in the calibration window is not detected; after it, it is.
        var ep2 = Endpointer()
        let acts = run(rep(-20, 8) + rep(-60, 20) + rep(-20, 20) + rep(-60, 20), ep: &ep2)
        XCTAssertEqual(acts.count, 2)
        if case .speechStart(let t, _) = acts[0].1 { XCTAssertEqual(t, 0.66, accuracy: 1e-9) } else { XCTFail() }
    }

    func testPreRollBufferRing() {
        var ring = PreRollBuffer(capacity: 10)
        let a = (1...7).map { Int16($0) }, b = (8...16).map { Int16($0) }
        a.withUnsafeBufferPointer { ring.append($0) }
        b.withUnsafeBufferPointer { ring.append($0) }
        XCTAssertEqual(ring.end, 16)
        XCTAssertEqual(ring.start, 6)
        XCTAssertEqual(ring.samples(from: 0, to: 16), (7...16).map { Int16($0) })
        XCTAssertEqual(ring.samples(from: 9, to: 12), [10, 11, 12])
        XCTAssertEqual(ring.samples(from: 14, to: 100), [15, 16])
    }
}

final class EndpointerVerdictTests: XCTestCase {
    /// With a classifier's verdicts, loud noise it calls noise opens nothing (30 dB above the
    /// start floor), and voiced windows that stand out from the room open and close an utterance.
    func testVerdictsDecideInsteadOfTheLevel() {
        var e = Endpointer()
        var actions: [Endpointer.Action] = []
        var t = 0.0
        func feed(_ n: Int, db: Float, voiced: Bool) {
            for _ in 0..<n { t += 0.02; if let a = e.process(rmsDB: db, voiced: voiced, at: t) { actions.append(a) } }
        }
        feed(100, db: -30, voiced: false)       // a loud fan, two seconds
        XCTAssertTrue(actions.isEmpty)
        feed(30, db: -18, voiced: true)         // the speaker, 12 dB over the fan
        feed(30, db: -30, voiced: false)
        XCTAssertEqual(actions.count, 2)
        guard case .speechStart? = actions.first, case .speechEnd(_, let ended)? = actions.last else { return XCTFail("\(actions)") }
        XCTAssertEqual(ended, 2.6, accuracy: 0.11)    // the level is averaged over 100 ms
    }

    /// Other voices at the room's own level (babble the classifier calls speech) do not hold an
    /// utterance open: a window must also stand out from the room's recent level.
    func testVoicedBabbleAtTheRoomsLevelOpensNothing() {
        var e = Endpointer()
        var t = 0.0, started = false
        for i in 0..<400 {
            t += 0.02
            let db: Float = -30 + Float(i % 7) - 3        // babble: voiced, fluctuating around -30
            if case .speechStart? = e.process(rmsDB: db, voiced: true, at: t) { started = true }
        }
        XCTAssertFalse(started)
    }

    /// A caller that knows an utterance is over (its decoder settled on a command while other
    /// voices hold the levels up) cuts it; those voices, still going on, open no new utterance,
    /// as they would after an utterance that ended on its own, until they dip: then a word does.
    /// A voice louder than them (the next command, said over them) opens one at once.
    func testACutUtteranceIsNotReopenedByTheSoundThatHeldIt() {
        let babble: [Float] = (0..<50).map { $0 % 10 < 5 ? -30 : -36 }         // 1 s, 20 dB over the room
        func starts(cut: Bool, then after: [Float]) -> (cut: Endpointer.Action?, starts: Int) {
            var e = Endpointer()
            var t = 0.0, starts = 0, ended: Endpointer.Action?
            func feed(_ levels: [Float]) {
                for db in levels { t += 0.02; if case .speechStart? = e.process(rmsDB: db, voiced: true, at: t) { starts += 1 } }
            }
            XCTAssertNil(e.cut(at: 0, speechEndedAt: 0), "nothing to cut")
            feed([Float](repeating: -50, count: 150) + (0..<40).map { $0 % 10 < 6 ? -24 : -36 } + babble)
            ended = cut ? e.cut(at: t, speechEndedAt: 3.8) : e.flush(at: t)
            feed(after)
            return (ended, starts)
        }
        let flushed = starts(cut: false, then: babble)
        XCTAssertEqual(flushed.starts, 2, "after an ordinary end the babble opens an utterance, or this test proves nothing")
        let cut = starts(cut: true, then: babble)
        XCTAssertEqual(cut.starts, 1)
        guard case .speechEnd(let t, let speechEnded)? = cut.cut else { return XCTFail("\(String(describing: cut.cut))") }
        XCTAssertEqual(t, 4.8, accuracy: 1e-9)
        XCTAssertEqual(speechEnded, 3.8, accuracy: 1e-9)
        let word: [Float] = (0..<20).map { $0 % 10 < 6 ? -20 : -30 }
        XCTAssertEqual(starts(cut: true, then: babble + [Float](repeating: -50, count: 6) + word).starts, 2, "a dip, then a word")
        let louder: [Float] = (0..<20).map { $0 % 10 < 6 ? -16 : -22 }       // 14 dB over the babble's loudest
        XCTAssertEqual(starts(cut: true, then: babble + louder).starts, 2, "a voice louder than the babble, over it")
    }

    /// A voiced window quieter than `minimumSpeechDB` is not speech (a silent room).
    func testVerdictBelowTheMinimumLevelIsNotSpeech() {
        var e = Endpointer()
        var t = 0.0, started = false
        for _ in 0..<50 { t += 0.02; if case .speechStart? = e.process(rmsDB: -70, voiced: true, at: t) { started = true } }
        XCTAssertFalse(started)
    }

    /// A noise that switches on as the speaker stops (a fan, voiced to the classifier, louder
    /// than the quiet room the level knows) holds the utterance open until the room's level has
    /// learned it; with `steadySpreadDB`, its steady level ends the utterance within 0.6 s.
    func testASteadyNoiseThatStartsAfterSpeechDoesNotHoldTheUtteranceOpen() {
        func speechEnd(steadySpreadDB: Float?) -> Double? {
            var c = EndpointerConfiguration()
            c.steadySpreadDB = steadySpreadDB
            var e = Endpointer(configuration: c)
            var t = 0.0, ended: Double?
            func feed(_ n: Int, db: (Int) -> Float, voiced: Bool) {
                for i in 0..<n {
                    t += 0.02
                    if case .speechEnd(_, let at)? = e.process(rmsDB: db(i), voiced: voiced, at: t) { ended = at }
                }
            }
            feed(100, db: { _ in -60 }, voiced: false)                  // a quiet room, 2 s
            feed(50, db: { $0 % 10 < 5 ? -20 : -34 }, voiced: true)     // speech: syllables, 1 s
            feed(150, db: { -40 + Float($0 % 3) * 0.5 }, voiced: true)  // a fan switched on, 3 s
            return ended
        }
        let held = speechEnd(steadySpreadDB: nil)
        XCTAssertGreaterThan(held ?? .infinity, 4.5, "without the rule the fan must hold the utterance open, or this test proves nothing")
        XCTAssertLessThanOrEqual(try XCTUnwrap(speechEnd(steadySpreadDB: 8)), 3.0 + 0.65)
        XCTAssertNil(speechEnd(steadySpreadDB: 8).flatMap { $0 < 2.9 ? $0 : nil }, "speech itself is never steady")
    }

    /// Feeds `levels` (one per 20 ms window, all voiced: the classifier calls knocks speech) to an
    /// endpointer with `sustainedWindows` and returns its actions. With `grace`, `vowelGrace` and
    /// the windows' `vocalic` flags; with `unfinishedHangover`, the words so far always await more
    /// while the utterance pauses.
    private func actions(_ levels: [Float], sustainedWindows: Int, steadySpreadDB: Float? = nil, grace: Double? = nil,
                         vocalic: [Bool]? = nil, unfinishedHangover: Double? = nil) -> [Endpointer.Action] {
        var c = EndpointerConfiguration()
        c.sustainedWindows = sustainedWindows
        c.steadySpreadDB = steadySpreadDB
        c.vowelGrace = grace
        c.unfinishedHangover = unfinishedHangover
        var e = Endpointer(configuration: c)
        var t = 0.0
        var out: [Endpointer.Action] = []
        for (i, db) in levels.enumerated() {
            t += 0.02
            if unfinishedHangover != nil, e.isPausing(at: t) { e.awaitingMore = true }
            if let a = e.process(rmsDB: db, voiced: true, vocalic: vocalic?[i], at: t) { out.append(a) }
        }
        if let a = e.flush(at: t) { out.append(a) }
        return out
    }

    private let room = [Float](repeating: -50, count: 150)                   // a quiet kitchen, 3 s
    private func quiet(_ windows: Int) -> [Float] { [Float](repeating: -50, count: windows) }
    /// Chopping on a board: a thump 20 dB over the room every 0.28 s, down 8 dB in the next
    /// window and back to the room in the one after (the kitchen of scripts/eval-sets.py).
    private func chopping(_ seconds: Double) -> [Float] {
        let thump: [Float] = [-30, -38, -47]
        return (0..<Int(seconds / 0.02)).map { i in i % 14 < thump.count ? thump[i % 14] : -50 }
    }
    /// A command: syllables of 0.2 s, 12 dB apart, for 0.8 s.
    private let command: [Float] = (0..<40).map { $0 % 10 < 6 ? -24 : -36 }

    /// Chopping between two commands 1.5 s apart keeps the first one open into the second when
    /// knocks may resume an utterance; with `sustainedWindows` they are two utterances.
    func testChoppingBetweenCommandsDoesNotMergeThem() {
        let levels = room + command + quiet(5) + chopping(1.5) + command + room
        XCTAssertEqual(starts(actions(levels, sustainedWindows: 1)), 1, "without the rule the thumps must merge them, or this test proves nothing")
        let split = actions(levels, sustainedWindows: 3)
        XCTAssertEqual(starts(split), 2, "\(split)")
        guard case .speechEnd(_, let firstEnded)? = split.dropFirst().first else { return XCTFail("\(split)") }
        XCTAssertEqual(firstEnded, 3.85, accuracy: 0.06, "the first command ends where it ended, not at a thump")
    }

    /// Chopping alone opens no utterance.
    func testChoppingAloneOpensNothing() {
        XCTAssertFalse(actions(room + chopping(3) + room, sustainedWindows: 1).isEmpty,
                       "the thumps must open utterances without the rule, or this test proves nothing")
        XCTAssertEqual(actions(room + chopping(3) + room, sustainedWindows: 3), [])
    }

    /// A word whose first window is a short burst ("let's | start": the "st" before the vowel)
    /// still resumes the utterance: the vowel holds, so the burst was speech.
    func testASoftOnsetFollowedByAVowelResumesTheUtterance() {
        let start: [Float] = [-36] + quiet(6).map { $0 + 3 } + [Float](repeating: -24, count: 15)
        let a = actions(room + command + quiet(6) + start + room, sustainedWindows: 3)
        XCTAssertEqual(a.count, 2, "one utterance: \(a)")
    }

    /// `actions` with a room's steadiness and knock rules, as live listening sets them.
    private func actions(grace: Double?, _ levels: [Float], vocalic: [Bool], unfinishedHangover: Double? = nil) -> [Endpointer.Action] {
        actions(levels, sustainedWindows: 3, steadySpreadDB: 8, grace: grace, vocalic: vocalic, unfinishedHangover: unfinishedHangover)
    }

    private func starts(_ a: [Endpointer.Action]) -> Int {
        a.filter { if case .speechStart = $0 { true } else { false } }.count
    }

    /// Flags `true` for each window of `withVowel` and `false` for each of `without`, in turn.
    private func flags(_ parts: (withVowel: [Float], without: [Float])...) -> [Bool] {
        parts.flatMap { [Bool](repeating: true, count: $0.withVowel.count) + [Bool](repeating: false, count: $0.without.count) }
    }

    /// A tap run between two commands (voiced to the classifier, 10 dB over the kitchen, with
    /// chops on it so that it never looks steady) holds the first open into the second; with
    /// `vowelGrace` and the tap's windows flagged as having no vowel, they are two utterances,
    /// and the tap alone opens nothing.
    func testATapRunningBetweenCommandsDoesNotMergeThem() {
        let tap: [Float] = (0..<75).map { $0 % 14 == 0 ? -30 : -40 }          // 1.5 s
        let levels = room + command + quiet(5) + tap + command + room
        let hasVowel = flags((room + command, quiet(5) + tap), (command + room, []))
        XCTAssertEqual(starts(actions(grace: nil, levels, vocalic: hasVowel)), 1,
                       "without the rule the tap must merge them, or this test proves nothing")
        let split = actions(grace: 0.15, levels, vocalic: hasVowel)
        XCTAssertEqual(starts(split), 2, "\(split)")
        guard case .speechEnd(_, let firstEnded)? = split.dropFirst().first else { return XCTFail("\(split)") }
        XCTAssertEqual(firstEnded, 3.8, accuracy: 0.03, "the first command ends where it ended, not in the tap")
        XCTAssertEqual(actions(grace: 0.15, room + tap + room, vocalic: flags((room, tap), (room, []))), [])
        XCTAssertEqual(starts(actions(grace: 0.15, levels, vocalic: [Bool](repeating: true, count: levels.count))), 1,
                       "windows with a vowel still hold it open: the rule reads the flags, not the levels")
    }

    /// A pause and then a consonant before the next vowel ("start a | t-imer"), longer together
    /// than the hangover, stay one utterance: voiced sound without a vowel resumes it, as long as
    /// a vowel follows within the grace.
    func testAPauseBeforeAConsonantDoesNotSplitACommand() {
        let consonant = [Float](repeating: -30, count: 6)                    // 0.12 s
        let levels = room + command + quiet(6) + consonant + command + room
        let a = actions(grace: 0.15, levels, vocalic: flags((room + command + quiet(6), consonant), (command + room, [])))
        XCTAssertEqual(starts(a), 1, "\(a)")
    }

    /// "front … center": the words so far await more, so the pause waits the unfinished hangover;
    /// the "s" of "center" resumes it after longer than the usual one, and its vowel comes later
    /// than the usual hangover and grace allow. The wait that pause began with still bounds it.
    func testAConsonantResumingAnUnfinishedPauseWaitsForItsVowel() {
        let word: [Float] = [Float](repeating: -24, count: 10)
        let consonant = [Float](repeating: -30, count: 5)                   // 0.1 s
        let levels = room + word + quiet(15) + consonant + word + room
        let out = actions(grace: 0.15, levels, vocalic: flags((room + word, quiet(15) + consonant), (word + room, [])),
                          unfinishedHangover: 0.6)
        XCTAssertEqual(starts(out), 1, "\(out)")
    }
}
