import ParloDesk
import XCTest

final class DeskAddressTests: XCTestCase {
    func testParsing() {
        XCTAssertEqual(DeskAddress(parsing: "127.0.0.1:8080"), DeskAddress(host: "127.0.0.1", port: 8080))
        XCTAssertEqual(DeskAddress(parsing: ":9000"), DeskAddress(host: "127.0.0.1", port: 9000))
        XCTAssertEqual(DeskAddress(parsing: "0.0.0.0:0"), DeskAddress(host: "0.0.0.0", port: 0))
        XCTAssertEqual(DeskAddress(parsing: "[::1]:80"), DeskAddress(host: "::1", port: 80))
        XCTAssertEqual(DeskAddress(parsing: "localhost"), DeskAddress(host: "localhost", port: 0))
        for bad in ["127.0.0.1:", "127.0.0.1:99999", "host:port", "::1:80", "[::1", "a b:80", "x/y:80", "1.2.3.4:-1"] {
            XCTAssertNil(DeskAddress(parsing: bad), bad)
        }
    }

    func testLoopback() {
        XCTAssertTrue(DeskAddress(host: "127.0.0.1", port: 1).isLoopback)
        XCTAssertTrue(DeskAddress(host: "::1", port: 1).isLoopback)
        XCTAssertTrue(DeskAddress(host: "localhost", port: 1).isLoopback)
        XCTAssertFalse(DeskAddress(host: "0.0.0.0", port: 1).isLoopback)
        XCTAssertFalse(DeskAddress(host: "192.168.1.5", port: 1).isLoopback)
    }

    func testRequestsFromThePage() {
        XCTAssertEqual(DeskRequest(json: #"{"type":"text","text":" open math "}"#), .text("open math"))
        XCTAssertEqual(DeskRequest(json: #"{"type":"talk","down":true}"#), .talk(down: true))
        XCTAssertNil(DeskRequest(json: #"{"type":"text","text":"   "}"#))
        XCTAssertNil(DeskRequest(json: #"{"type":"text","text":"a\nb"}"#), "one command per message")
        XCTAssertNil(DeskRequest(json: #"{"type":"shell","text":"rm"}"#))
        XCTAssertNil(DeskRequest(json: "not json"))
    }

    /// The page ships with Parlo: small, and nothing fetched from elsewhere.
    func testThePageIsSmallAndSelfContained() {
        XCTAssertLessThan(DeskPage.totalBytes, 150_000)
        for (path, file) in DeskPage.files {
            let text = String(decoding: file.bytes, as: UTF8.self)
            XCTAssertFalse(text.contains("https://") || text.contains("http://"), "\(path) names another site")
        }
    }
}
