import ParloCommands
import ParloListen
import ParloRecognizer
import XCTest
@testable import ParloStudy

/// The voice gate: what a recognised utterance may do depending on whether Parlo speaks.
final class CommandInterpreterTests: XCTestCase {
    private func heard(_ text: String, seconds: Double = 0.8) -> Recognition {
        Recognition(text: text, words: [], score: -1000, audioSeconds: seconds)
    }

    private func command(_ m: MatchResult) -> String? { m.rejected ? nil : m.command }

    /// A registry scoped as the session scopes it: the reading controls always, the rest of the
    /// catalog only while Parlo is silent.
    private func registry(speaking: Bool) async -> VoiceCommandRegistry {
        let r = VoiceCommandRegistry(matcher: StudyFixtures.matcher)
        for name in StudyFixtures.catalog.commands.map(\.name) {
            let scope = StudySession.readingControls.contains(name) ? StudySession.readingScope : StudySession.studyScope
            await r.register(name, scope: scope) { _ in }
        }
        await r.activate(scope: StudySession.readingScope)
        if !speaking { await r.activate(scope: StudySession.studyScope) }
        return r
    }

    func testSilentParloAcceptsTheWholeCatalogWithSlotsAndLanguage() async {
        let gate = SpeakingGate()
        gate.set(speaking: false)
        let i = CommandInterpreter(matcher: StudyFixtures.matcher, gate: gate, registry: await registry(speaking: false))
        let m = i.interpret(heard("apri la storia"))
        XCTAssertFalse(m.rejected)
        XCTAssertEqual(m.command, "open_subject")
        XCTAssertEqual(m.language, .italian)
        XCTAssertEqual(m.slots["subject"], .text("history"))
        XCTAssertNil(command(i.interpret(heard(""))))
    }

    /// A pause after "set a timer for" or "apri la" waits for the rest (the endpointer's
    /// unfinished hangover); after a whole command, or nothing heard, it does not.
    func testTheStartOfACommandAwaitsMoreAndAWholeOneDoesNot() {
        let i = CommandInterpreter(matcher: StudyFixtures.matcher)
        XCTAssertTrue(i.awaitsMore(after: "set a timer for"))
        XCTAssertTrue(i.awaitsMore(after: "apri la"))
        XCTAssertTrue(i.awaitsMore(after: "use the voice of"))
        XCTAssertFalse(i.awaitsMore(after: "next"))
        XCTAssertFalse(i.awaitsMore(after: "set a timer for ten minutes"))
        XCTAssertFalse(i.awaitsMore(after: "apri la storia"))
        XCTAssertFalse(i.awaitsMore(after: ""))
    }

    func testASpeakersLanguageHoldsCommandsOfTheOtherToAHigherConfidence() {
        var i = CommandInterpreter(matcher: StudyFixtures.matcher)
        func heard(_ text: String, _ confidence: Double) -> Recognition {
            Recognition(text: text, words: [], score: -1000, audioSeconds: 1, confidence: confidence)
        }
        // No language set: either language at the decoder's own threshold.
        XCTAssertEqual(command(i.interpret(heard("open math", 0.6))), "open_subject")
        XCTAssertEqual(command(i.interpret(heard("apri la storia", 0.6))), "open_subject")
        i.language = .italian
        XCTAssertEqual(command(i.interpret(heard("apri la storia", 0.6))), "open_subject", "the speaker's own language")
        let unsure = i.interpret(heard("open math", 0.6))
        XCTAssertNil(command(unsure), "English below 0.8 for an Italian speaker")
        XCTAssertTrue(unsure.reason?.contains("not the speaker's it") ?? false, unsure.reason ?? "")
        XCTAssertEqual(command(i.interpret(heard("open math", 0.85))), "open_subject", "sure enough")
        // "stop" is a sentence of both languages: the speaker's.
        let stop = i.interpret(heard("stop", 0.6))
        XCTAssertEqual(command(stop), "stop")
        XCTAssertEqual(stop.language, .italian)
        XCTAssertEqual(StudyFixtures.matcher.match("stop").language, .english, "without a preference the first language listed")
        i.language = .english
        XCTAssertEqual(command(i.interpret(heard("open math", 0.6))), "open_subject")
        XCTAssertNil(command(i.interpret(heard("apri la storia", 0.79))))
    }

    func testWhileSpeakingOnlyShortReadingControlsPass() async {
        let gate = SpeakingGate()
        gate.set(speaking: true)
        let i = CommandInterpreter(matcher: StudyFixtures.matcher, gate: gate, registry: await registry(speaking: true))
        XCTAssertEqual(command(i.interpret(heard("stop"))), "stop")
        XCTAssertEqual(command(i.interpret(heard("basta"))), "stop")
        XCTAssertNil(command(i.interpret(heard("open math"))), "not a reading control")
        XCTAssertNil(command(i.interpret(heard("stop", seconds: 4))), "too long: Parlo's own speech")
    }

    func testEachDecoderOwnsOneStateOfTheGate() async {
        let gate = SpeakingGate()
        gate.set(speaking: true)
        let registry = await registry(speaking: true)
        let silent = CommandInterpreter(matcher: StudyFixtures.matcher, gate: gate, registry: registry, role: .whenSilent)
        let speaking = CommandInterpreter(matcher: StudyFixtures.matcher, gate: gate, registry: registry, role: .whileSpeaking)
        XCTAssertNil(command(silent.interpret(heard("pause"))))
        XCTAssertEqual(command(speaking.interpret(heard("pause"))), "pause")
        XCTAssertNil(command(speaking.interpret(heard("open math"))), "the registry's scopes decide what is active")
        gate.set(speaking: false)
        await registry.activate(scope: StudySession.studyScope)
        XCTAssertEqual(command(silent.interpret(heard("pause"))), "pause")
        XCTAssertNil(command(speaking.interpret(heard("pause"))))
    }
}
