import XCTest
@testable import ParloESpeak

final class ESpeakEngineTests: XCTestCase {
    func testItalianIPAHasItalianStressAndAffricate() throws {
        let ipa = try ESpeakEngine.shared.ipa("venticinque", voice: "it")
        XCTAssertTrue(ipa.contains("tʃ"), ipa)
        XCTAssertTrue(ipa.contains("ˈ"), ipa)
    }

    func testUnknownVoiceIsAnError() {
        XCTAssertThrowsError(try ESpeakEngine.shared.ipa("ciao", voice: "no-such-voice")) { error in
            XCTAssertTrue("\(error)".contains("no-such-voice"))
        }
    }
}
