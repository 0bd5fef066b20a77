import Foundation
import XCTest

/// `parlo listen` on the command catalog, fed a recorded session through the live pipeline.
final class ListenCommandTests: XCTestCase {
    func testEnglishAndItalianCommandsBecomeCommandEventsWithSlots() throws {
        let session = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path
        let out = try ParloProcess.run(["listen", "--input", session, "--fast", "--no-levels", "--json", "--grammar", grammar])
        XCTAssertEqual(out.status, 0, out.stderr)
        let events = try out.lines.map(ParloProcess.object)
        let commands = events.filter { $0["type"] as? String == "command" }
        XCTAssertEqual(commands.compactMap { $0["command"] as? String }.prefix(6),
                       ["open_subject", "show_mind_map", "next", "open_subject", "use_voice", "set_timer"])
        XCTAssertEqual(commands.compactMap { $0["language"] as? String }.prefix(6), ["en", "en", "en", "it", "it", "en"])
        XCTAssertEqual((commands[3]["slots"] as? [String: Any])?["subject"] as? String, "history")
        XCTAssertEqual((commands[5]["slots"] as? [String: Any])?["minutes"] as? Int, 20)
        for c in commands {
            let latency = try XCTUnwrap(c["latency_ms"] as? Int)
            XCTAssertLessThanOrEqual(latency, 300, "end of speech → command within 300 ms of stream time")
        }
        let times = events.compactMap { $0["t"] as? Double }
        XCTAssertEqual(times, times.sorted(), "every event carries t, in stream order")
        XCTAssertEqual(events.filter { $0["type"] as? String == "speech_start" }.count, 7)
    }
}
