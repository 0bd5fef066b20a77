import Foundation
import ParloCore
import XCTest
import ParloTesting

/// `parlo batch` on a terminal (issue 14): a progress bar that never outgrows a narrow window
/// (a wrapped line leaves stale rows behind). The report's layout: `BatchShardTests`.
final class BatchTerminalTests: ScratchFolderTestCase {
    /// The five cards recordings under names too long for any narrow terminal, one with wide
    /// (two-column) characters.
    func longNamedCards() throws -> String {
        let folder = path("cards")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 1...5 {
            let name = i == 3 ? "録音-カード-の-とても-長い-名前-\(i).wav" : "a-recording-of-cards-with-a-very-long-name-that-never-fits-\(i).wav"
            try FileManager.default.copyItem(atPath: "\(BatchCommandTests.cards)/00\(i).wav", toPath: folder + "/" + name)
        }
        return folder
    }

    func testProgressFramesFitANarrowTerminalByItsSizeOrByCOLUMNS() throws {
        let folder = try longNamedCards()
        let args = ["batch", "--jobs", "1", "--jsgf", BatchCommandTests.cards + "/cards.gram", folder]
        for (columns, environment, width) in [(40, PseudoTerminal.environment(), 40),
                                              (120, PseudoTerminal.environment(["COLUMNS": "30"]), 30)] {
            let run = try PseudoTerminal.run(args, columns: columns, environment: environment)
            XCTAssertEqual(run.status, 0, run.output)
            // The last frame-like segment is the report's first line, printed after the clear.
            let frames = PseudoTerminal.frames(run.output).dropLast()
            XCTAssertEqual(frames.count, 5, "one frame per file: \(frames)")
            for f in frames {
                XCTAssertLessThanOrEqual(Terminal.width(f), width - 1, "frame wider than \(width) columns would wrap: \(f)")
                XCTAssertTrue(f.contains("/5"), "the counts always show: \(f)")
            }
            XCTAssertTrue(frames.contains { $0.contains("…") }, "long names are cut: \(frames)")
        }
    }
}
