import XCTest
import ParloCatalog
@testable import ParloCommands

/// Collects what handlers received, across tasks.
actor Inbox {
    var items: [String] = []
    func add(_ s: String) { items.append(s) }
}

struct SetTimer: VoiceCommand {
    static let name = "set_timer"
    let minutes: Int
    init(_ match: MatchResult) throws { minutes = try match.require(int: "minutes") }
}

struct OpenSubject: VoiceCommand {
    static let name = "open_subject"
    let subject: String
    init(_ match: MatchResult) throws { subject = try match.require(text: "subject") }
}

final class RegistryTests: XCTestCase {
    func testTypedHandlersReceiveTypedSlots() async {
        let registry = VoiceCommandRegistry(matcher: studyMatcher)
        let inbox = Inbox()
        await registry.register(SetTimer.self) { cmd in await inbox.add("timer \(cmd.minutes)") }
        await registry.register(OpenSubject.self) { cmd in await inbox.add("open \(cmd.subject)") }
        let a = await registry.handle(text: "avvia un timer di venticinque minuti")
        let b = await registry.handle(text: "apri l'inglese")
        XCTAssertEqual(a.outcome, .handled)
        XCTAssertEqual(b.match.language, .italian)
        let items = await inbox.items
        XCTAssertEqual(items, ["timer 25", "open english"])
    }

    func testUnregisteredCommandsDoNotMatch() async {
        let registry = VoiceCommandRegistry(matcher: studyMatcher)
        let token = await registry.register("pause") { _ in }
        let before = await registry.handle(text: "pause")
        XCTAssertEqual(before.outcome, .handled)
        await registry.unregister(token)
        let after = await registry.handle(text: "pause")
        XCTAssertEqual(after.outcome, .rejected)
        XCTAssertNil(after.match.command)
    }

    func testScopesAddCommandsOnlyWhileActive() async {
        let registry = VoiceCommandRegistry(matcher: studyMatcher)
        let inbox = Inbox()
        await registry.register("open_subject") { _ in await inbox.add("global open") }
        for c in ["pause", "resume", "next"] {
            await registry.register(c, scope: "reading") { m in await inbox.add("reading \(m.command!)") }
        }
        await registry.register("open_subject", scope: "reading") { _ in await inbox.add("reading open") }
        var r = await registry.handle(text: "pausa")
        XCTAssertEqual(r.outcome, .rejected)
        await registry.activate(scope: "reading")
        let active = await registry.activeCommands
        XCTAssertEqual(active, ["next", "open_subject", "pause", "resume"])
        r = await registry.handle(text: "pausa")
        XCTAssertEqual(r.outcome, .handled)
        XCTAssertEqual(r.scope, "reading")
        _ = await registry.handle(text: "open math")
        await registry.deactivate(scope: "reading")
        _ = await registry.handle(text: "open math")
        r = await registry.handle(text: "next")
        XCTAssertEqual(r.outcome, .rejected)
        let items = await inbox.items
        XCTAssertEqual(items, ["reading pause", "reading open", "global open"])
    }

    func testThrowingHandlerIsReportedAndRegistryGoesOn() async {
        struct Boom: Error, CustomStringConvertible { var description: String { "boom" } }
        let registry = VoiceCommandRegistry(matcher: studyMatcher)
        await registry.register("stop") { _ in throw Boom() }
        await registry.register("repeat") { _ in }
        let r = await registry.handle(text: "stop")
        XCTAssertEqual(r.outcome, .failed("boom"))
        let next = await registry.handle(text: "repeat")
        XCTAssertEqual(next.outcome, .handled)
    }

    func testMissingSlotIsAFailureNotACrash() async {
        let registry = VoiceCommandRegistry(matcher: studyMatcher)
        struct Wrong: VoiceCommand {
            static let name = "pause"
            init(_ match: MatchResult) throws { _ = try match.require(int: "minutes") }
        }
        await registry.register(Wrong.self) { _ in }
        let r = await registry.handle(text: "pause")
        guard case .failed(let why) = r.outcome else { return XCTFail("\(r.outcome)") }
        XCTAssertTrue(why.contains("minutes"), why)
    }

    func testHangingHandlerTimesOutAndOthersStillRun() async {
        let registry = VoiceCommandRegistry(matcher: studyMatcher, timeout: .milliseconds(200))
        // Ignores cancellation on purpose: the registry must not wait for it.
        await registry.register("help") { _ in
            let end = Date().addingTimeInterval(2)
            while Date() < end { try? await Task.sleep(for: .milliseconds(20)) }
        }
        await registry.register("repeat") { _ in }
        let start = Date()
        async let slow = registry.handle(text: "what can I say")
        try? await Task.sleep(for: .milliseconds(20))
        let quick = await registry.handle(text: "ripeti")
        XCTAssertEqual(quick.outcome, .handled)
        XCTAssertLessThan(Date().timeIntervalSince(start), 0.19, "the hanging handler blocked another command")
        let r = await slow
        XCTAssertEqual(r.outcome, .timedOut)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }
}
