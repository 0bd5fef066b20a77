import ParloSpeech
import XCTest
@testable import ParloStudy

/// Pause and resume as the student can say them at any moment: the defects `StudyFuzzTests`
/// found, one case each (the sequences' clocks move only when the test says so).
final class StudyPauseTests: XCTestCase {
    private func world() async throws -> StudyFuzzWorld {
        try await StudyFuzzWorld(synthesizer: SilentSynthesizer(), instant: false)
    }

    private func noProblems(_ w: StudyFuzzWorld, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(w.problems, [], "last events: \(w.log.recent)", file: file, line: line)
    }

    /// A "pause" said while Parlo is silent used to pause the idle queue: every later reply was
    /// held back unheard while the gate listened for reading controls only.
    func testPauseWhileSilentHoldsNothingBack() async throws {
        let w = try await world()
        await w.type("pause")
        let paused = await w.queue.isPaused
        XCTAssertFalse(paused)
        await w.type("open math")
        let speaking = await w.session.isSpeaking
        XCTAssertTrue(speaking, "the reply plays")
        let quiet = await w.playOut()
        XCTAssertTrue(quiet)
        XCTAssertEqual(w.ledger.ended, [1])
        noProblems(w)
    }

    /// A paused reply is not Parlo speaking: every command can be said, and resume plays it.
    func testAPausedReplyOpensEveryCommandAndResumes() async throws {
        let w = try await world()
        await w.type("open math")
        await w.type("pausa")
        let (speaking, paused) = await (w.session.isSpeaking, w.queue.isPaused)
        XCTAssertFalse(speaking)
        XCTAssertTrue(paused)
        XCTAssertFalse(w.session.gate.speaking)
        XCTAssertEqual(w.session.registry.activeSet, StudyFuzzWorld.allCommands)
        await w.type("continua")
        XCTAssertTrue(w.session.gate.speaking)
        let quiet = await w.playOut()
        XCTAssertTrue(quiet)
        noProblems(w)
    }

    /// "next" past the last sentence of a paused reading ends it: the pause must end with it,
    /// or the next reply waits for a "resume" nobody knows to say.
    func testNextPastTheEndOfAPausedReadingReleasesThePause() async throws {
        let w = try await world()
        await w.type("apri la geografia")
        let quiet = await w.playOut()
        XCTAssertTrue(quiet)
        await w.type("leggi la pagina")
        await w.type("pausa")
        let sentences = StudyFuzzWorld.library.subjects["geography"]?.materials.first?.sentences.count ?? 0
        for _ in 0..<sentences { await w.type("prossimo") }
        XCTAssertEqual(w.log.readings.ended, 1)
        let (held, paused) = await (w.session.paused, w.queue.isPaused)
        XCTAssertFalse(held)
        XCTAssertFalse(paused)
        await w.type("open science")
        XCTAssertTrue(w.session.gate.speaking, "the reply plays")
        noProblems(w)
    }

    /// Reading the page again while the reading is paused replaces it; the first reading's
    /// cancel event arrives after the second has started and used to be lost.
    func testReadingAgainWhilePausedReportsTheFirstReadingStopped() async throws {
        let w = try await world()
        await w.type("open math")
        let quiet = await w.playOut()
        XCTAssertTrue(quiet)
        await w.type("read the page")
        await w.type("pause")
        await w.type("read the page")
        XCTAssertEqual(w.log.readings.started, 2)
        XCTAssertEqual(w.log.readings.ended, 1)
        await w.type("stop")
        XCTAssertEqual(w.log.readings.ended, 2)
        await w.checkEnd()
        noProblems(w)
    }
}
