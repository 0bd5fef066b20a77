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
}
