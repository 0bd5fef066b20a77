import Foundation
import ParloCatalog
import ParloCore
import ParloSpeech
import XCTest
@testable import ParloStudy

/// Typed-command sessions end to end: registry → handlers → replies through the real queue and
/// eSpeak NG, into a memory sink whose clock the test drives.
final class StudySessionTests: XCTestCase {
    /// Events of one command, without the scope bookkeeping.
    private func visible(_ r: StudyFixtures.Recorder) -> [StudyEvent] { r.events.filter { $0.type != "listening" } }

    /// Moves the sink's clock in 50 ms steps until `done` (at most 20 s of audio).
    private func play(_ sink: MemorySink, _ queue: SpeechQueue, until done: () -> Bool) async throws {
        for _ in 0..<400 where !done() {
            sink.advance(seconds: 0.05)
            await queue.tick()
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertTrue(done(), "condition not reached after 20 s of audio")
    }

    func testEnglishAndItalianCommandsReplyInTheirLanguageAndCharacter() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true))
        func say(_ text: String) async { rec.clear(); await session.handle(text: text); await session.waitUntilQuiet() }

        await say("open math")
        XCTAssertEqual(visible(rec).map(\.type), ["command", "subject_opened", "reply"])
        let command = rec.of("command")[0]
        XCTAssertEqual(command.string("command"), "open_subject")
        XCTAssertEqual(command.string("language"), "en")
        XCTAssertEqual(command["slots"], .object(["subject": .string("math")]))
        XCTAssertEqual(command["confidence"], .number(1))
        let reply = rec.of("reply")[0]
        XCTAssertEqual(reply.string("text"), "Opening math, 3 materials")
        XCTAssertEqual(reply.string("language"), "en")
        XCTAssertEqual(reply.string("character"), "eva")
        XCTAssertEqual(reply.string("color"), "#EC4899")

        await say("apri la storia")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Apro storia, 2 materiali")
        XCTAssertEqual(rec.of("reply").last?.string("language"), "it")
        XCTAssertEqual(rec.of("subject_opened").last?.string("folder"), "storia")

        await say("usa la voce di mia")
        XCTAssertEqual(rec.of("character_changed").first?.string("color"), "#A855F7")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Ciao, sono Mia")
        XCTAssertEqual(rec.of("reply").last?.string("color"), "#A855F7")
        let speaking = await session.queue.character.name
        XCTAssertEqual(speaking, "Mia")

        await say("prossimo")
        XCTAssertEqual(rec.of("material").first?["index"], .number(1))
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Avanti: Il Rinascimento")

        await say("show me the mind map")
        XCTAssertEqual(rec.of("mind_map").first?["headings"], .array([.string("Le botteghe")]))
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Mind map of Il Rinascimento: Le botteghe.")
        XCTAssertEqual(rec.of("reply").last?.string("language"), "en")

        await say("prossimo")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Questo è l'ultimo materiale")

        await say("fly me to the moon")
        XCTAssertEqual(visible(rec).map(\.type), ["rejected", "reply"], "typed text that is no command is answered")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Sorry, I didn't catch that")
    }

    func testOpenSubjectUnderstandsItalianFolderNamesAndMissingSubjects() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true))
        await session.handle(text: "let's study geography")
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("subject_opened").first?.string("folder"), "geografia")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Opening geography, 1 material")
        await session.handle(text: "apri inglese")
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Non ci sono materiali di inglese")
        await session.handle(text: "ripeti")
        await session.waitUntilQuiet()
        XCTAssertEqual(rec.of("reply").suffix(2).map { $0.string("text") }, ["Non ci sono materiali di inglese", "Non ci sono materiali di inglese"])
    }

    func testStartStudyingOpensTheFirstSubjectWhenNoneIsOpen() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true), character: "adam")
        await session.handle(text: "iniziamo")
        XCTAssertEqual(rec.of("subject_opened").first?.string("subject"), "math")
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Cominciamo con Fractions")
        XCTAssertEqual(rec.of("reply").last?.string("color"), "#3B82F6")
        let subject = await session.subject
        XCTAssertEqual(subject, "math")
    }

    func testFocusTimerAnnouncesTheEndWithInjectedTime() async throws {
        let clock = ManualStudyClock()
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true), clock: clock)
        await session.handle(text: "imposta un timer di dieci minuti")
        XCTAssertEqual(rec.of("timer_started").first?["minutes"], .number(10))
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Timer di 10 minuti avviato")
        clock.advance(by: 599)
        await session.checkTimer()
        XCTAssertTrue(rec.of("timer_ended").isEmpty)
        let left = await session.timerRemaining
        XCTAssertEqual(left ?? 0, 1, accuracy: 1e-9)
        clock.advance(by: 1)
        await session.checkTimer()
        await session.checkTimer()
        XCTAssertEqual(rec.of("timer_ended").count, 1)
        XCTAssertEqual(rec.of("reply").last?.string("text"), "Tempo scaduto, 10 minuti completati")
        XCTAssertEqual(rec.of("reply").last?.string("language"), "it")
    }

    func testHelpSaysWhatCanBeSaidInTheLanguageAsked() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true))
        await session.handle(text: "what can I say")
        await session.waitUntilQuiet()
        // Every command but the answers to a question, which can be said only while one is pending.
        let all = StudyFixtures.catalog.commands.map(\.name).filter { !StudyAnswers.commands.contains($0) }.sorted()
        XCTAssertEqual(all.count, 15)
        XCTAssertEqual(rec.of("help").last?["commands"], .strings(all))
        let en = rec.of("reply").last?.string("text") ?? ""
        XCTAssertTrue(en.hasPrefix("You can say: open math, start studying, read this page, next"), en)
        XCTAssertTrue(en.contains("set a ten minute timer") || en.contains("start a ten minute timer"), en)
        await session.handle(text: "cosa posso dire")
        let it = rec.of("reply").last?.string("text") ?? ""
        XCTAssertTrue(it.hasPrefix("Puoi dire: apri matematica"), it)
        XCTAssertTrue(it.contains("pausa") && it.contains("ripeti"), it)
        XCTAssertEqual(rec.of("reply").last?.string("language"), "it")
    }

    /// While Parlo reads, only the reading controls (and help) are active; they act at once.
    func testReadingControlsAreTheOnlyCommandsWhileSpeaking() async throws {
        let sink = MemorySink()   // the clock moves only when the test says so
        let (session, rec, queue) = try await StudyFixtures.session(sink: sink)
        await session.handle(text: "open math")
        try await play(sink, queue, until: { !session.gate.speaking })
        await session.handle(text: "read the page")
        XCTAssertEqual(rec.of("reading_started").first?["sentences"], .number(11))
        var speaking = await session.isSpeaking
        XCTAssertTrue(speaking)
        var active = Set(await session.registry.activeCommands)
        XCTAssertEqual(active, StudySession.readingControls)
        XCTAssertEqual(session.registry.activeSet, StudySession.readingControls, "the interpreter reads the same set")
        XCTAssertTrue(session.gate.speaking)

        // Parlo's own words (or anything but a control) are ignored while it speaks.
        let rejected = await session.handle(text: "open science")
        XCTAssertEqual(rejected.outcome, .rejected)
        XCTAssertEqual(rec.of("rejected").last?["while_speaking"], .bool(true))

        // Progress is reported as the sentences are heard.
        try await play(sink, queue, until: { rec.of("sentence").count >= 2 })
        XCTAssertEqual(rec.of("sentence").map { $0["index"] }, [.number(0), .number(1)])
        XCTAssertEqual(rec.of("sentence").first?["total"], .number(11))

        await session.handle(text: "next")
        XCTAssertEqual(rec.of("reading_control").last?.string("control"), "next")
        XCTAssertEqual(rec.of("command").last?["while_speaking"], .bool(true))
        try await play(sink, queue, until: { rec.of("sentence").count >= 3 })
        XCTAssertEqual(rec.of("sentence").last?["index"], .number(2), "next skips to the following sentence")

        await session.handle(text: "read faster")
        XCTAssertEqual(rec.of("rate").last?["rate"], .number(1.25))

        await session.handle(text: "pausa")
        XCTAssertNotNil(rec.of("reading_paused").last)
        speaking = await session.isSpeaking
        XCTAssertFalse(speaking)
        active = Set(await session.registry.activeCommands)
        XCTAssertTrue(active.contains("open_subject"), "paused: everything can be said")

        await session.handle(text: "continua")
        XCTAssertNotNil(rec.of("reading_resumed").last)
        active = Set(await session.registry.activeCommands)
        XCTAssertEqual(active, StudySession.readingControls)

        await session.handle(text: "what can I say")
        XCTAssertEqual(rec.of("help").last?["commands"], .strings(StudySession.readingControls.sorted()))

        await session.handle(text: "stop")
        let stopped = await rec.wait(for: "reading_stopped")
        XCTAssertNotNil(stopped)
        try await play(sink, queue, until: { !session.gate.speaking })
        speaking = await session.isSpeaking
        XCTAssertFalse(speaking)
        let report = await session.handle(text: "open science")
        XCTAssertEqual(report.outcome, .handled)
    }

    func testReadingToTheEndReportsEverySentence() async throws {
        let (session, rec, _) = try await StudyFixtures.session(sink: MemorySink(instant: true))
        await session.handle(text: "apri la geografia")
        await session.waitUntilQuiet()
        await session.handle(text: "leggi la pagina")
        await session.waitUntilQuiet()
        let started = rec.of("reading_started").first
        XCTAssertEqual(started?.string("language"), "it")
        guard case .number(let n)? = started?["sentences"] else { return XCTFail("no reading_started") }
        let finished = await rec.wait(for: "reading_finished")
        XCTAssertEqual(finished?["total"], .number(n))
        XCTAssertEqual(rec.of("sentence").map { $0["index"] }, (0..<Int(n)).map { .number(Double($0)) })
    }
}
