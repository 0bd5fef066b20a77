import Foundation
import ParloAudio
import ParloSpeech
import XCTest
@testable import ParloStudy

/// The committed demo fixture is what its script renders to (rebuild: PARLO_WRITE_FIXTURES=1).
final class StudyFixtureTests: XCTestCase {
    func testDemoSessionFixtureMatchesItsScript() throws {
        let script = try StudyScript(text: String(contentsOfFile: StudyFixtures.sessionScript, encoding: .utf8))
        XCTAssertEqual(script.lines.count, 7)
        XCTAssertEqual(Set(script.lines.map(\.language)), [.en, .it])
        let rendered = try script.render()
        if ProcessInfo.processInfo.environment["PARLO_WRITE_FIXTURES"] == "1" {
            let sink = try WAVFileSink(path: StudyFixtures.sessionAudio, sampleRate: 16_000)
            try sink.write(rendered.samples)
            try sink.drain()
            sink.close()
        }
        let committed = try SpeechFileReader(path: StudyFixtures.sessionAudio).readAll()
        XCTAssertEqual(committed.count, rendered.samples.count)
        let differing = zip(committed, rendered.samples).filter { abs(Int($0) - Int($1)) > 1 }.count
        XCTAssertEqual(differing, 0, "the fixture differs from its script: rebuild it (PARLO_WRITE_FIXTURES=1)")
    }
}
