import Foundation
import XCTest
@testable import ParloESpeak

/// `release()` frees eSpeak NG's data after start-up phonemizing; the engine comes back on use.
final class ESpeakReleaseTests: XCTestCase {
    func testReleasedEngineInitialisesAgainWithTheSameResults() throws {
        let before = try ESpeakEngine.shared.ipa("storia", voice: "it")
        ESpeakEngine.shared.release()
        ESpeakEngine.shared.release()      // twice is harmless
        let after = try ESpeakEngine.shared.ipa("storia", voice: "it")
        XCTAssertEqual(before, after)
        XCTAssertEqual(try ESpeakEngine.shared.ipa("hello", voice: "en-us"), try ESpeakEngine.shared.ipa("hello", voice: "en-us"))
    }

    /// eSpeak NG 1.51 hangs in a process's second `espeak_Terminate`: releasing, speaking and
    /// releasing again (a listener that speaks between two sessions) must still come back.
    /// The work runs on its own thread so that a regression fails here instead of hanging the suite.
    func testReleasingAgainAfterSpeakingDoesNotHang() {
        let finished = DispatchSemaphore(value: 0)
        let samples = SampleCounts()
        Thread.detachNewThread {
            for _ in 0..<3 {
                ESpeakEngine.shared.release()
                var count = 0
                _ = try? ESpeakEngine.shared.synthesize("start a one minute timer", voice: ESpeakVoice(name: "en-us")) { chunk in
                    count += chunk.samples.count
                    return true
                }
                samples.append(count)
            }
            ESpeakEngine.shared.release()
            finished.signal()
        }
        XCTAssertEqual(finished.wait(timeout: .now() + 60), .success, "release() after a re-initialised engine did not return within 60 s")
        XCTAssertEqual(samples.values.count, 3)
        XCTAssertTrue(samples.values.allSatisfy { $0 > 16_000 }, "each round speaks about a second or more: \(samples.values)")
    }
}

/// Sample counts handed from the test's worker thread to the test.
private final class SampleCounts: @unchecked Sendable {   // @unchecked: guarded by `lock`
    private let lock = NSLock()
    private var stored: [Int] = []
    func append(_ value: Int) { lock.lock(); stored.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return stored }
}
