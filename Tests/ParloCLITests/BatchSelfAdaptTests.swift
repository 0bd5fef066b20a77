import Foundation
import XCTest
import ParloTesting

/// `parlo batch --self-adapt`: a first pass's sure results adapt the model (real SphinxTrain),
/// and the second pass, the one printed, decodes with it.
final class BatchSelfAdaptTests: ScratchFolderTestCase {
    func batch(_ files: [String], _ extra: [String]) throws -> ParloProcess.Output {
        try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--expect", AdaptCommandTests.manifest,
                              "--json", "--adaptation", "none"] + extra + files)
    }

    func results(_ out: ParloProcess.Output) throws -> [[String: Any]] {
        try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }
    }

    func summedScore(_ results: [[String: Any]]) -> Double {
        results.reduce(0) { $0 + (($1["score"] as? NSNumber)?.doubleValue ?? 0) }
    }

    func right(_ results: [[String: Any]]) -> Int {
        results.filter { $0["command"] as? String != nil && $0["command"] as? String == $0["expected_command"] as? String }.count
    }

    /// Two voices' clean commands (35): enough sure results to learn from; the printed results
    /// (once per file) come from the adapted model, which fits this batch's audio better.
    func testTheSecondPassDecodesWithWhatTheFirstLearnt() throws {
        let files = try (AdaptCommandTests.recordings(voice: "it+m3") + AdaptCommandTests.recordings(voice: "en-us")).map(\.0)
        XCTAssertEqual(files.count, 35, "fixtures changed?")
        let plain = try batch(files, [])
        let adapted = try batch(files, ["--self-adapt"])
        XCTAssertEqual(adapted.status, 0, adapted.stderr)
        XCTAssertEqual(try EventSchemaTests.check(adapted.stdout), ["adaptation": 1, "result": 35, "summary": 1])
        let event = try ParloProcess.object(adapted.lines.first ?? "")
        XCTAssertEqual(event["type"] as? String, "adaptation", "the adaptation is said before the results")
        XCTAssertNil(event["file"], "the run's transform is not kept")
        XCTAssertGreaterThanOrEqual(event["aligned"] as? Int ?? 0, 20)
        let before = try results(plain), after = try results(adapted)
        XCTAssertEqual(after.count, files.count, "each file once")
        XCTAssertGreaterThan(summedScore(after), summedScore(before), "the second pass should hear the files with the transform")
        XCTAssertGreaterThanOrEqual(right(after), right(before))
    }

    /// Too few sure results: one line, and the results are the plain batch's.
    func testTooFewSureResultsLeaveTheModelAsItIs() throws {
        let files = try AdaptCommandTests.recordings(voice: "en-us").prefix(6).map(\.0)
        let plain = try batch(files, []), adapted = try batch(files, ["--self-adapt"])
        XCTAssertEqual(adapted.status, 0, adapted.stderr)
        XCTAssertTrue(adapted.stderr.contains("--self-adapt:") && adapted.stderr.contains("20 needed"), adapted.stderr)
        XCTAssertEqual(adapted.stderr.split(separator: "\n").count, 1, adapted.stderr)
        XCTAssertEqual(try results(adapted).map { $0["score"] as? Int }, try results(plain).map { $0["score"] as? Int })
    }

    func testItCannotBeShardedOrResumed() throws {
        let file = try AdaptCommandTests.recordings(voice: "en-us")[0].0
        for extra in [["--shard", "1/2"], ["--resume", "--out", path("r.jsonl")]] {
            let out = try batch([file], ["--self-adapt"] + extra)
            XCTAssertNotEqual(out.status, 0)
            XCTAssertTrue(out.stderr.contains("--self-adapt learns from the whole batch"), out.stderr)
        }
    }
}
