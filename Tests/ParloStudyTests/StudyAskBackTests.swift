import Foundation
import ParloCatalog
import ParloCommands
import ParloCore
import ParloListen
import ParloRecognizer
import ParloSpeech
import XCTest
@testable import ParloStudy

/// Asking back: unsure spoken commands with slot values become questions ("Ten minutes?").
/// Driven through the session API with typed text and the recognition confidence a voice
/// command would carry (`handle(text:source:confidence:)`); no recognizer involved.
final class StudyAskBackTests: XCTestCase {
    private typealias Session = (session: StudySession, rec: StudyFixtures.Recorder, clock: ManualStudyClock)

    private func session() async throws -> Session {
        let clock = ManualStudyClock()
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true), clock: clock)
        return (session, rec, clock)
    }

    /// Says `text` as a spoken command recognised with `confidence`, and waits for the replies.
    private func hear(_ s: Session, _ text: String, confidence: Double = 0.5) async {
        await s.session.handle(text: text, source: "voice", confidence: confidence)
        await s.session.waitUntilQuiet()
    }

    private func replies(_ s: Session) -> [String] { s.rec.of("reply").compactMap { $0.string("text") } }

    func testTheLeastSureSlotValueDecidesWhatIsAskedAbout() throws {
        // A sure recognition ("start a ten minute timer") whose value word fits poorly, and the
        // same with the value said well: the listener hands the session the slot's confidence.
        let evidence = RejectionEvidence(scorePerFrame: -30, worstWordScorePerFrame: -40, uncoveredSpeech: 0, words: 5)
        let heard = Recognition(text: "start a ten minute timer", words: [], score: -4000, audioSeconds: 1.8,
                                confidence: 0.95, evidence: evidence)
        let result = try XCTUnwrap(StudyListener.resultConfidence(heard))
        func confidence(valueScore: Double?) throws -> Double? {
            var match = MatchResult(text: heard.text, command: "set_timer", slots: ["minutes": .number(10)], language: .en,
                                    confidence: 1, rejected: false)
            match.slotEvidence = valueScore.map { ["minutes": $0] }
            let paired = StudyListener.withConfidence([.recognized(t: 1.8, recognition: heard, latencyMs: 250),
                                                       .command(t: 1.8, match: match, latencyMs: 250)])
            return paired.last?.1
        }
        let doubtful = try XCTUnwrap(try confidence(valueScore: -90)), clear = try XCTUnwrap(try confidence(valueScore: -30))
        XCTAssertLessThan(doubtful, 0.7, "a poorly fitting value is asked back even in a sure result (\(result))")
        XCTAssertGreaterThan(clear, 0.7)
        XCTAssertEqual(try confidence(valueScore: nil) ?? 0, result, accuracy: 1e-12, "a value whose words were not found: the result's")
    }

    func testAnUnsureTimerIsAskedBackAndStartsOnYes() async throws {
        let s = try await session()
        await hear(s, "set a timer for ten minutes")
        XCTAssertEqual(replies(s), ["Ten minutes?"])
        XCTAssertTrue(s.rec.of("timer_started").isEmpty, "acted on a guess")
        XCTAssertTrue(s.rec.of("command").isEmpty)
        let timer = await s.session.timerRemaining
        XCTAssertNil(timer)
        let question = try XCTUnwrap(s.rec.of("confirm").first)
        XCTAssertEqual(question.string("command"), "set_timer")
        XCTAssertEqual(question["slots"], .object(["minutes": .number(10)]))
        XCTAssertEqual(question.string("language"), "en")
        XCTAssertEqual(question["confidence"], .number(0.5))
        let asking = await s.session.isAsking
        XCTAssertTrue(asking)

        await hear(s, "yes", confidence: 0.6)   // an answer is never asked back, whatever its confidence
        XCTAssertEqual(s.rec.of("timer_started").first?["minutes"], .number(10))
        XCTAssertEqual(replies(s).last, "Timer set for 10 minutes")
        XCTAssertEqual(s.rec.of("command").map { $0.string("command") }, ["confirm", "set_timer"])
        let left = await s.session.timerRemaining
        XCTAssertEqual(left ?? 0, 600, accuracy: 1e-9)
        let stillAsking = await s.session.isAsking
        XCTAssertFalse(stillAsking)
    }

    func testNoCancelsAndSaysSo() async throws {
        let s = try await session()
        await hear(s, "set a timer for fifteen minutes")
        XCTAssertEqual(replies(s), ["Fifteen minutes?"])
        await hear(s, "no")
        XCTAssertEqual(replies(s), ["Fifteen minutes?", "OK, cancelled."])
        XCTAssertTrue(s.rec.of("timer_started").isEmpty)
        XCTAssertEqual(s.rec.of("confirm_cancelled").first?.string("reason"), "no")
        // The answers are heard only while a question is pending: a later "yes" is no command.
        s.rec.clear()
        await hear(s, "yes", confidence: 0.99)
        XCTAssertEqual(s.rec.events.filter { $0.type != "listening" }.map(\.type), ["rejected"])
        XCTAssertTrue(s.rec.of("timer_started").isEmpty)
    }

    func testAnotherCommandInsteadOfAnAnswerIsPerformed() async throws {
        let s = try await session()
        await hear(s, "set a timer for ten minutes")
        await hear(s, "start studying", confidence: 0.5)   // no slots: performed at once even when unsure
        XCTAssertEqual(s.rec.of("confirm_cancelled").first?.string("reason"), "another command")
        XCTAssertEqual(replies(s), ["Ten minutes?", "Let's start with Fractions"])
        XCTAssertFalse(replies(s).contains("OK, cancelled."))
        XCTAssertTrue(s.rec.of("timer_started").isEmpty)
        await hear(s, "yes", confidence: 0.99)
        XCTAssertTrue(s.rec.of("timer_started").isEmpty, "the question was dropped")
    }

    func testACommandWithoutSlotsIsNeverAskedBack() async throws {
        let s = try await session()
        await hear(s, "what can I say", confidence: 0.1)
        XCTAssertTrue(s.rec.of("confirm").isEmpty)
        XCTAssertEqual(s.rec.of("command").map { $0.string("command") }, ["help"])
        XCTAssertTrue(replies(s).first?.hasPrefix("You can say:") ?? false, "\(replies(s))")
    }

    func testASureSpokenCommandActsAtOnce() async throws {
        let s = try await session()
        await hear(s, "open math", confidence: StudySession.askBackBelow)
        XCTAssertTrue(s.rec.of("confirm").isEmpty)
        XCTAssertEqual(s.rec.of("subject_opened").first?.string("subject"), "math")
        XCTAssertEqual(replies(s), ["Opening math, 3 materials"])
        await hear(s, "set a timer for ten minutes", confidence: 0.95)
        XCTAssertEqual(s.rec.of("timer_started").first?["minutes"], .number(10))
    }

    func testAThresholdOfZeroNeverAsks() async throws {
        let s = try await session()
        await s.session.setAskBackThreshold(0)
        await hear(s, "set a timer for ten minutes", confidence: 0.01)
        XCTAssertTrue(s.rec.of("confirm").isEmpty)
        XCTAssertEqual(s.rec.of("timer_started").first?["minutes"], .number(10))
    }

    func testATypedCommandIsNeverAskedBack() async throws {
        let s = try await session()
        await s.session.handle(text: "set a timer for ten minutes")
        // Until its reply is spoken only reading controls are active: "open math" typed during
        // "Timer set for 10 minutes" was ignored in 1 of many full runs.
        await s.session.waitUntilQuiet()
        await s.session.handle(text: "open math", source: "text", confidence: 0.1)
        await s.session.waitUntilQuiet()
        XCTAssertTrue(s.rec.of("confirm").isEmpty)
        XCTAssertEqual(s.rec.of("timer_started").first?["minutes"], .number(10))
        XCTAssertEqual(s.rec.of("subject_opened").first?.string("subject"), "math")
    }

    func testAnItalianCommandIsAskedInItalianInTheCharactersVoice() async throws {
        let s = try await session()
        await hear(s, "imposta un timer di dieci minuti")
        XCTAssertEqual(replies(s), ["Dieci minuti?"])
        let question = try XCTUnwrap(s.rec.of("reply").first)
        XCTAssertEqual(question.string("language"), "it")
        XCTAssertEqual(question.string("character"), "eva")
        XCTAssertEqual(s.rec.of("confirm").first?.string("language"), "it")
        await hear(s, "sì")
        XCTAssertEqual(replies(s).last, "Timer di 10 minuti avviato")

        await hear(s, "apri la matematica")
        XCTAssertEqual(replies(s).last, "Matematica?")
        await hear(s, "no")
        XCTAssertEqual(replies(s).last, "Va bene, annullato.")
        let subject = await s.session.subject
        XCTAssertNil(subject)
    }

    func testChoiceSlotsAreAskedByTheirSpokenValue() async throws {
        let s = try await session()
        await hear(s, "open maths")
        XCTAssertEqual(replies(s).last, "Math?")
        await hear(s, "correct")
        XCTAssertEqual(s.rec.of("subject_opened").first?.string("subject"), "math")
        await hear(s, "use mia")
        XCTAssertEqual(replies(s).last, "Mia?")
        await hear(s, "yeah")
        XCTAssertEqual(s.rec.of("character_changed").first?.string("character"), "mia")
        await hear(s, "start a one minute timer")
        XCTAssertEqual(replies(s).last, "One minute?")
        await hear(s, "avvia un timer di un minuto")
        XCTAssertEqual(replies(s).last, "Un minuto?")
    }

    func testAQuestionLapsesSilentlyAfterItsTimeout() async throws {
        let s = try await session()
        await hear(s, "set a timer for ten minutes")
        s.clock.advance(by: StudySession.questionTimeout)
        await s.session.checkTimer()
        XCTAssertEqual(s.rec.of("confirm_cancelled").first?.string("reason"), "timeout")
        XCTAssertEqual(replies(s), ["Ten minutes?"], "a lapsed question is dropped without a word")
        await hear(s, "yes", confidence: 0.99)
        XCTAssertTrue(s.rec.of("timer_started").isEmpty)
        XCTAssertEqual(replies(s), ["Ten minutes?"])
    }

    func testARejectedUtteranceGetsNoReplyAndKeepsTheQuestion() async throws {
        let s = try await session()
        await hear(s, "fly me to the moon")
        XCTAssertEqual(s.rec.of("rejected").count, 1)
        XCTAssertTrue(replies(s).isEmpty)
        await hear(s, "set a timer for ten minutes")
        await hear(s, "fly me to the moon")
        XCTAssertEqual(s.rec.of("rejected").count, 2)
        XCTAssertEqual(replies(s), ["Ten minutes?"])
        await hear(s, "yes")
        XCTAssertEqual(s.rec.of("timer_started").first?["minutes"], .number(10))
    }

    /// The listener hands each command the calibrated probability of its own recognition (from
    /// the evidence, not the recognizer's margin or the text match's confidence).
    func testTheListenerPairsEachCommandWithItsRecognitionsConfidence() throws {
        func recognized(_ t: Double, _ scorePerFrame: Double?) -> ListenEvent {
            let evidence = scorePerFrame.map { RejectionEvidence(scorePerFrame: $0, worstWordScorePerFrame: $0 - 10, uncoveredSpeech: 0, words: 5) }
            return .recognized(t: t, recognition: Recognition(text: "x", words: [], score: -1, audioSeconds: 1, confidence: 0.88,
                                                              evidence: evidence), latencyMs: 0)
        }
        func command(_ t: Double) -> ListenEvent {
            .command(t: t, match: MatchResult(text: "x", command: "set_timer", language: .en, confidence: 1, rejected: false), latencyMs: 0)
        }
        let paired = StudyListener.withConfidence([recognized(1, -40), command(1), .speechStart(t: 2), command(3),
                                                   recognized(4, -75), command(4), recognized(5, nil), command(5)])
        XCTAssertEqual(paired.map { $0.1 == nil }, [true, false, true, true, true, false, true, true])
        let sure = try XCTUnwrap(paired[1].1), unsure = try XCTUnwrap(paired[5].1)
        XCTAssertGreaterThan(sure, StudySession.askBackBelow, "a good acoustic fit is acted on")
        XCTAssertLessThan(unsure, StudySession.askBackBelow, "a poor fit is asked back")
    }

    func testTheAnswersCanBeSaidOnlyWhileAsking() async throws {
        let s = try await session()
        XCTAssertTrue(s.session.registry.activeSet.isDisjoint(with: StudyAnswers.commands))
        await hear(s, "set a timer for ten minutes")
        XCTAssertTrue(s.session.registry.activeSet.isSuperset(of: StudyAnswers.commands))
        await hear(s, "no")
        XCTAssertTrue(s.session.registry.activeSet.isDisjoint(with: StudyAnswers.commands))
    }

    /// Through the audio path: eSpeak says "set a timer for ten minutes", then the answer; the
    /// study decoder (whose grammar has the answers) hears both, the session asks back and the
    /// spoken answer decides. The threshold is 1 (ask whatever the confidence): what is tested
    /// is the pipeline, not the calibration.
    private func spoken(_ answer: String) async throws -> StudyFixtures.Recorder {
        let voice = try XCTUnwrap(StudyScript.voices[.en])
        var seed: UInt64 = 7
        let pause = StudyScript.roomNoise(24_000, seed: &seed)
        let audio = pause + (try StudyBargeInTests.speech16k("set a timer for ten minutes", voice: voice)) + pause
            + (try StudyBargeInTests.speech16k(answer, voice: voice)) + pause
        let (session, rec, _) = try await StudyFixtures.session(sink: SilentSink())
        await session.setAskBackThreshold(1)
        let listener = try StudyFixtures.listener(session, recording: true)
        try await listener.run(HeldChunks(samples: audio, talk: PushToTalk(), held: 0..<1e9))
        await session.waitUntilQuiet()
        let question = try XCTUnwrap(rec.of("confirm").first, "no question asked: \(rec.events.map(\.type))")
        XCTAssertEqual(question.string("command"), "set_timer")
        XCTAssertEqual(question["slots"], .object(["minutes": .number(10)]))
        guard case .number(let confidence)? = question["confidence"] else { XCTFail("no confidence: \(question)"); return rec }
        XCTAssertTrue((0...1).contains(confidence), "\(confidence)")
        XCTAssertEqual(rec.of("reply").first?.string("text"), "Ten minutes?")
        return rec
    }

    func testASpokenYesStartsTheTimerAskedAbout() async throws {
        let rec = try await spoken("yes")
        XCTAssertEqual(rec.of("command").map { $0.string("command") ?? "" }, ["confirm", "set_timer"])
        XCTAssertEqual(rec.of("timer_started").first?["minutes"], .number(10))
    }

    func testASpokenNoCancelsIt() async throws {
        let rec = try await spoken("no")
        XCTAssertEqual(rec.of("command").map { $0.string("command") ?? "" }, ["cancel"])
        XCTAssertEqual(rec.of("confirm_cancelled").first?.string("reason"), "no")
        XCTAssertTrue(rec.of("timer_started").isEmpty)
        XCTAssertEqual(rec.of("reply").last?.string("text"), "OK, cancelled.")
    }
}
