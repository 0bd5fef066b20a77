import Foundation
import ParloDesk
import ParloTesting
import XCTest

/// The desk server's locks, tried from outside with a real HTTP client (Debian's curl): no
/// token, a wrong token, a foreign Host, a foreign Origin on the WebSocket, paths that climb
/// out of the page. Each refusal must come with a status, never a file.
final class DeskServerTests: XCTestCase {
    var server: DeskServer!
    var base: String { "http://127.0.0.1:\(server.access.address.port)" }
    var token: String { server.access.token.value }

    override func setUp() async throws {
        server = try await DeskServer.start(address: .loopback)
    }

    override func tearDown() async throws {
        await server.stop()
    }

    /// Status code and body of one request (`--path-as-is`: curl must not tidy `..` away).
    func curl(_ target: String, _ headers: [String] = [], seconds: Int = 5) throws -> (status: Int, body: String) {
        let marker = "\n--status:"
        let args = ["-s", "--path-as-is", "--max-time", "\(seconds)", "-w", "\(marker)%{http_code}"]
            + headers.flatMap { ["-H", $0] } + [base + target]
        let out = try Subprocess.run("/usr/bin/curl", args)
        let parts = out.stdout.components(separatedBy: marker)
        return (Int(parts.last ?? "") ?? -1, parts.dropLast().joined())
    }

    func testThePageAndItsFilesNeedTheToken() throws {
        XCTAssertEqual(try curl("/").status, 401)
        XCTAssertEqual(try curl("/?token=0123").status, 401)
        XCTAssertEqual(try curl("/desk.js").status, 401)
        let wrong = (token.first == "a" ? "b" : "a") + token.dropFirst()  // same length, one digit off
        XCTAssertEqual(try curl("/?token=\(wrong)").status, 401)
        let page = try curl("/?token=\(token)")
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(page.body.contains("desk.js?token=\(token)"), "the page names its script with the token")
        XCTAssertTrue(page.body.contains("id=\"level\""))
        XCTAssertEqual(try curl("/desk.js?token=\(token)").status, 200)
        XCTAssertEqual(try curl("/desk.css?token=\(token)").status, 200)
        XCTAssertEqual(try curl("/favicon.ico?token=\(token)").status, 404)
    }

    func testNothingOutsideThePageIsServed() throws {
        for target in ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/desk.js/../../../../etc/passwd",
                       "/..%2f..%2f..%2fetc%2fpasswd", "//etc/passwd", "/Package.swift", "/Sources/ParloDesk/DeskServer.swift",
                       "/./desk.js"] {
            let answer = try curl(target + "?token=\(token)")
            XCTAssertEqual(answer.status, 404, target)
            XCTAssertFalse(answer.body.contains("root:"), target)
        }
    }

    func testAForeignHostIsRefused() throws {
        // DNS rebinding: a site's own name pointed at 127.0.0.1 arrives with that name.
        let port = server.access.address.port
        XCTAssertEqual(try curl("/?token=\(token)", ["Host: evil.example:\(port)"]).status, 403)
        XCTAssertEqual(try curl("/?token=\(token)", ["Host: localhost:\(port)"]).status, 200)
    }

    /// The handshake of RFC 6455 by hand: 101 only with the token and the page's own Origin.
    /// A refused upgrade is NIO's 400 and a closed connection; the same GET without the upgrade
    /// headers gets the reason's status (401 token, 403 Origin).
    func testTheWebSocketChecksTokenAndOrigin() throws {
        let port = server.access.address.port
        func upgrade(_ target: String, origin: String?) throws -> Int {
            var headers = ["Connection: Upgrade", "Upgrade: websocket", "Sec-WebSocket-Version: 13",
                           "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="]
            if let origin { headers.append("Origin: \(origin)") }
            return try curl(target, headers, seconds: 2).status
        }
        XCTAssertEqual(try upgrade("/ws?token=\(token)", origin: "http://evil.example"), 400)
        XCTAssertEqual(try upgrade("/ws?token=\(token)", origin: "http://127.0.0.1:\(port + 1)"), 400)
        XCTAssertEqual(try upgrade("/ws?token=\(token)", origin: nil), 400)
        XCTAssertEqual(try upgrade("/ws", origin: "http://127.0.0.1:\(port)"), 400)
        XCTAssertEqual(try curl("/ws?token=\(token)", ["Origin: http://evil.example"]).status, 403)
        XCTAssertEqual(try curl("/ws", ["Origin: http://127.0.0.1:\(port)"]).status, 401)
        XCTAssertEqual(try upgrade("/ws?token=\(token)", origin: "http://127.0.0.1:\(port)"), 101)
        XCTAssertEqual(try upgrade("/ws?token=\(token)", origin: "http://localhost:\(port)"), 400, "Origin and Host differ")
        XCTAssertEqual(server.hub.clientCount, 0, "curl's socket is gone")
    }

    func testATakenAddressFailsInOneLine() async throws {
        let taken = DeskAddress(host: "127.0.0.1", port: server.access.address.port)
        do {
            let second = try await DeskServer.start(address: taken)
            await second.stop()
            XCTFail("a second server bound \(taken)")
        } catch {
            let line = "\(error)"
            XCTAssertTrue(line.contains("address already in use"), line)
            XCTAssertFalse(line.contains("\n"), line)
        }
    }

    /// Start's outcome may come before start waits for it: a taken port fails at once, and on a
    /// loaded machine (a fresh clone's `make test`) that failure was lost and start hung forever.
    /// Many starts at once, on free and taken ports, must each return.
    func testStartsRaceTheirOutcomeAndEachReturns() async throws {
        let taken = DeskAddress(host: "127.0.0.1", port: server.access.address.port)
        let returned = expectation(description: "every start returned")
        let served = Outcomes()
        Task {
            let outcomes = await withTaskGroup(of: Bool.self) { group in
                for i in 0..<24 {
                    group.addTask {
                        do {
                            let s = try await DeskServer.start(address: i.isMultiple(of: 2) ? taken : .loopback)
                            await s.stop()
                            return true
                        } catch {
                            XCTAssertTrue("\(error)".contains("address already in use"), "\(error)")
                            return false
                        }
                    }
                }
                return await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            await served.set(outcomes)
            returned.fulfill()
        }
        // A lost outcome hangs a start for good: fail here instead of hanging the suite.
        await fulfillment(of: [returned], timeout: 120)
        let finished = await served.value
        let outcomes = try XCTUnwrap(finished, "a start never returned")
        XCTAssertEqual(outcomes.filter { $0 }.count, 12, "every free port served, every taken one refused")
    }
}

/// What the racing starts returned, once they all have.
private actor Outcomes {
    private(set) var value: [Bool]?
    func set(_ v: [Bool]) { value = v }
}
