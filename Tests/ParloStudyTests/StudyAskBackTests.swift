import Foundation
import ParloCatalog
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

    /// The listener hands each command the confidence of its own recognition, not the match's.
    func testTheListenerPairsEachCommandWithItsRecognitionsConfidence() {
        func recognized(_ t: Double, _ c: Double) -> ListenEvent {
            .recognized(t: t, recognition: Recognition(text: "x", words: [], score: -1, audioSeconds: 1, confidence: c), latencyMs: 0)
        }
        func command(_ t: Double) -> ListenEvent {
            .command(t: t, match: CommandMatch(command: "set_timer", confidence: 1), text: "x", latencyMs: 0)
        }
        let paired = StudyListener.withConfidence([recognized(1, 0.4), command(1), .speechStart(t: 2), command(3),
                                                   recognized(4, 0.9), command(4)])
        XCTAssertEqual(paired.map(\.1), [nil, 0.4, nil, nil, nil, 0.9])
    }

    func testTheVoiceGateHearsTheAnswersOnlyWhileAsking() async throws {
        let s = try await session()
        XCTAssertFalse(s.session.gate.active.contains(StudyAnswers.confirm))
        await hear(s, "set a timer for ten minutes")
        XCTAssertTrue(s.session.gate.active.isSuperset(of: StudyAnswers.commands))
        await hear(s, "no")
        XCTAssertTrue(s.session.gate.active.isDisjoint(with: StudyAnswers.commands))
    }
}
