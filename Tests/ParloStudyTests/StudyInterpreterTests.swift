import ParloListen
import ParloRecognizer
import XCTest
@testable import ParloStudy

/// The voice gate: what a recognised utterance may do depending on whether Parlo speaks.
final class StudyInterpreterTests: XCTestCase {
    private func heard(_ text: String, seconds: Double = 0.8) -> Recognition {
        Recognition(text: text, words: [], score: -1000, audioSeconds: seconds)
    }

    private func command(_ i: Interpretation) -> String? {
        if case .command(let m) = i { return m.command } else { return nil }
    }

    func testSilentParloAcceptsTheWholeCatalogWithSlotsAndLanguage() {
        let gate = StudyGate()
        gate.set(speaking: false, active: Set(StudyFixtures.catalog.commands.map(\.name)))
        let i = StudyInterpreter(matcher: StudyFixtures.matcher, gate: gate)
        guard case .command(let m) = i.interpret(heard("apri la storia")) else { return XCTFail("not a command") }
        XCTAssertEqual(m.command, "open_subject")
        XCTAssertEqual(m.language, "it")
        XCTAssertEqual(m.slots["subject"], .string("history"))
        XCTAssertNil(command(i.interpret(heard(""))))
    }

    func testWhileSpeakingOnlyShortReadingControlsPass() {
        let gate = StudyGate()
        gate.set(speaking: true, active: StudySession.readingControls)
        let i = StudyInterpreter(matcher: StudyFixtures.matcher, gate: gate)
        XCTAssertEqual(command(i.interpret(heard("stop"))), "stop")
        XCTAssertEqual(command(i.interpret(heard("basta"))), "stop")
        XCTAssertNil(command(i.interpret(heard("open math"))), "not a reading control")
        XCTAssertNil(command(i.interpret(heard("stop", seconds: 4))), "too long: Parlo's own speech")
    }

    func testEachDecoderOwnsOneStateOfTheGate() {
        let gate = StudyGate()
        gate.set(speaking: true, active: StudySession.readingControls)
        let silent = StudyInterpreter(matcher: StudyFixtures.matcher, gate: gate, role: .whenSilent)
        let speaking = StudyInterpreter(matcher: StudyFixtures.matcher, gate: gate, role: .whileSpeaking)
        XCTAssertNil(command(silent.interpret(heard("pause"))))
        XCTAssertEqual(command(speaking.interpret(heard("pause"))), "pause")
        gate.set(speaking: false, active: Set(StudyFixtures.catalog.commands.map(\.name)))
        XCTAssertEqual(command(silent.interpret(heard("pause"))), "pause")
        XCTAssertNil(command(speaking.interpret(heard("pause"))))
    }
}
