import Foundation
import XCTest
@testable import ParloCore

final class JSONLinesTests: XCTestCase {
    struct Sample: Encodable { var b = 2; var a = "x/y" }

    func testLinesAreCompactSortedAndSingleLine() throws {
        XCTAssertEqual(try JSONLinesEncoder().line(Sample()), #"{"a":"x/y","b":2}"#)
    }

    func testJSONValueRoundTripsManifestFields() throws {
        let text = #"{"n":25,"f":0.5,"s":"hi","l":[true,null],"o":{"k":"v"}}"#
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        guard case .object(let o) = value else { return XCTFail("not an object") }
        XCTAssertEqual(o["n"], .number(25))
        XCTAssertEqual(o["s"]?.stringValue, "hi")
        XCTAssertEqual(o["l"], .array([.bool(true), .null]))
        XCTAssertEqual(try JSONLinesEncoder().line(value), #"{"f":0.5,"l":[true,null],"n":25,"o":{"k":"v"},"s":"hi"}"#)
    }

    func testOneLineFlattensMultiLineErrors() {
        struct E: Error, CustomStringConvertible { var description = "first\nsecond" }
        XCTAssertEqual(oneLine(E()), "first second")
    }
}
