import XCTest
import ParloCore

/// Language codes as the command line and the catalogs write them.
final class LanguageTests: XCTestCase {
    /// A supported code, `both` or `none` name languages; anything else names none (and the CLI
    /// refuses it), including a language Parlo has no phones for.
    func testSetNamedTakesACodeBothOrNone() {
        XCTAssertEqual(Language.set(named: "en"), [.english])
        XCTAssertEqual(Language.set(named: "IT"), [.italian])
        XCTAssertEqual(Language.set(named: "both"), [.english, .italian])
        XCTAssertEqual(Language.set(named: "none"), [])
        XCTAssertNil(Language.set(named: "fr"))
        XCTAssertNil(Language.set(named: ""))
        XCTAssertNil(Language(code: "fr"))
        XCTAssertEqual(Language(code: "En"), .english)
    }
}
