import Foundation
import ParloCommands
import ParloCore
import ParloListen
import ParloRecognizer
import XCTest
import ParloCommands

final class ListenEventTests: XCTestCase {
    func json(_ e: ListenEvent) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(try JSONLinesEncoder().line(e).utf8)) as! [String: Any]
    }

    func testEveryEventHasTypeAndT() throws {
        let events: [ListenEvent] = [
            .speechStart(t: 1.23456), .partial(t: 1.5, text: "ten of"), .speechEnd(t: 2, snrDB: 12.345),
            .recognized(t: 2, recognition: Recognition(text: "ten of clubs", words: [], score: -3000, audioSeconds: 1), latencyMs: 201),
            .command(t: 2, match: MatchResult(text: "avanti", command: "next", slots: ["n": .number(2)], language: .italian,
                                              confidence: 0.8, rejected: false), latencyMs: 210),
            .rejected(t: 2, text: "", reason: "nothing recognised", latencyMs: 205),
            .wake(t: 0.9, phrase: "hey parlo"),
        ]
        for e in events {
            let o = try json(e)
            XCTAssertEqual(o["type"] as? String, e.type)
            XCTAssertNotNil(o["t"] as? Double, "\(o)")
        }
        XCTAssertEqual(try json(events[0])["t"] as? Double, 1.235)
        let command = try json(events[4])
        XCTAssertEqual(command["command"] as? String, "next")
        XCTAssertEqual((command["slots"] as? [String: Any])?["n"] as? Int, 2)
        XCTAssertEqual(command["language"] as? String, "it")
        XCTAssertEqual(command["latency_s"] as? Double, 0.21)
        XCTAssertEqual(try json(events[3])["latency_s"] as? Double, 0.201)
        XCTAssertEqual(try json(events[5])["reason"] as? String, "nothing recognised")
        XCTAssertEqual(try json(events[2])["snr_db"] as? Double, 12.3)
        XCTAssertNil(try json(.speechEnd(t: 2, snrDB: nil))["snr_db"], "no ratio: the field is left out")
    }
}
